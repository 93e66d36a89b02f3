"""Claims and errata of lemmas/dcm/theorem2/shape.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm.theorem2 import shape as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_theorem_shape_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    # evidence from other catalogue modules (DCM-L1, …) is checked by their own tests
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)


def test_t2_at_constant_v_matches_t1_in_bounds(verdicts):
    cross = verdicts["DCM-T2/reduces-to-T1"].evidence["cross_check"]
    assert cross["relative_difference"] <= 1e-12  # float route through bounds.dcm; exact route is the proof
