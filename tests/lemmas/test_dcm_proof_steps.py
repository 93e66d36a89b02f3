"""Claims and errata of lemmas/dcm_proof_steps.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest

from clickbound.lemmas import check
from clickbound.lemmas import dcm_proof_steps as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = {c.id: c for c in mod.dcm_proof_steps_claims()}
#: budget per claim (each decides in well under a second; 20 s is the catalogue's usual budget)
BUDGET_S = 20


@pytest.fixture(scope="module")
def verdicts():
    return {cid: check(c, budget_s=BUDGET_S) for cid, c in CLAIMS.items()}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    v = verdicts[cid]
    assert v.matches_expectation is True, (cid, v.status)
    if CLAIMS[cid].expected:
        assert v.status == "proved" and v.scope == "all"
    else:
        assert v.status == "refuted" and v.counterexample


def test_errata_evidence_of_this_module(verdicts):
    assert mod.ERRATA
    for e in mod.ERRATA:
        assert e.source_file == "000_0b27131c69d8f24c.txt" and e.conclusion_survives
        for cid in e.evidence_claims:
            if cid in CLAIMS:  # evidence from other modules (DCM-L1) is checked by their own tests
                assert verdicts[cid].matches_expectation is True, (e.id, cid)


@pytest.mark.slow
def test_foreign_evidence_of_this_modules_errata():
    # DCM-L1, DCM-L3, DCM-L3/c-unsorted[K=3], DCM-ORDER live in other catalogue modules (slow: DCM-L1 ~10 s)
    from clickbound import lemmas
    foreign = sorted({cid for e in mod.ERRATA for cid in e.evidence_claims if cid not in CLAIMS})
    assert foreign
    for cid in foreign:
        assert check(lemmas.get(cid), budget_s=BUDGET_S).matches_expectation is True, cid
