"""Claims and errata of lemmas/dcm/theorem2/proof_steps.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm.theorem2 import proof_steps as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_proof_steps_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    # evidence from other catalogue modules (DCM-L1, …) is checked by their own tests
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)


@pytest.mark.slow
def test_foreign_evidence_of_this_modules_errata():
    # DCM-L1, DCM-L3, DCM-L3/c-unsorted[K=3], DCM-ORDER live in other catalogue modules (slow: DCM-L1 ~10 s)
    foreign = sorted({cid for e in mod.ERRATA for cid in e.evidence_claims if cid not in CLAIMS})
    assert foreign
    for cid in foreign:
        assert verdict(cid).matches_expectation is True, cid
