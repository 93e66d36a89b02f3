"""Claims and errata of lemmas/dcm/algorithm.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm import algorithm as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_algorithm_lines_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    # evidence from other catalogue modules (DCM-L1, …) is checked by their own tests
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)


def test_project_threshold_convention_avoids_the_empty_set():
    # (1) as printed is negative at t = 2; the project's convention uses log t below 3
    import math

    from clickbound.bounds.kl import klucb_threshold
    assert math.log(2) + 3 * math.log(math.log(2)) < 0
    assert klucb_threshold(2.0) == pytest.approx(math.log(2), abs=0)
    assert klucb_threshold(3.0) > 0
