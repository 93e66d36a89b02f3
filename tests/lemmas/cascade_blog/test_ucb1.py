"""Every claim of lemmas/cascade_blog/ucb1.py (source 004_d9477b3ebe233f80.txt) comes out as registered, the errata it
registers cite evidence that does too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound.lemmas.cascade_blog.ucb1 import ERRATA, blog_ucb1_claims

_CLAIMS = claims_by_id(blog_ucb1_claims())


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(ERRATA, "004_d9477b3ebe233f80.txt")


def test_port_observe_records_a_click_on_no_click_rounds():
    from clickbound.lemmas.cascade_blog.ucb1 import display_samples, recorded_samples

    # hand check: list (0, 1, 2), nothing clicked: the port records (0, 0, 1), the display (0, 0, 0)
    assert recorded_samples((0, 1, 2), -1) == {1: 0, 2: 0, 3: 1}
    assert display_samples(3, -1) == {1: 0, 2: 0, 3: 0}
    # a click at position 2: both record (0, 1)
    assert recorded_samples((0, 1, 2), 2) == display_samples(3, 2) == {1: 0, 2: 1}
