"""lemmas/dcm/algorithm.py (source ``000_0b27131c69d8f24c.txt``, UCB eq. (1)): the project's threshold convention
avoids the empty set that eq. (1) as printed gives at t = 2 (ERR-DCM-UCB-SMALL-T)."""
import pytest


def test_project_threshold_convention_avoids_the_empty_set():
    # (1) as printed is negative at t = 2; the project's convention uses log t below 3
    import math

    from clickbound.bounds.kl import klucb_threshold
    assert math.log(2) + 3 * math.log(math.log(2)) < 0
    assert klucb_threshold(2.0) == pytest.approx(math.log(2), abs=0)
    assert klucb_threshold(3.0) > 0
