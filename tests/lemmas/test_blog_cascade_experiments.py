"""Every claim of lemmas/blog_cascade_experiments.py (source 004_d9477b3ebe233f80.txt) comes out as registered, the errata it
registers cite evidence that does too, and no proof step records a bare True."""
import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.blog_cascade_experiments import ERRATA, blog_experiment_claims

#: the catalogue's usual budget; every claim here decides in about a second or less
BUDGET_S = 20
_CLAIMS = {c.id: c for c in blog_experiment_claims()}


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=BUDGET_S)
    assert v.matches_expectation, (cid, v.status)
    if v.status == "proved":
        assert v.scope == "all"
        assert all(s["checked"].strip() not in ("", "True", "true") for s in v.evidence["proof"]["steps"])
    if _CLAIMS[cid].expected is False:
        assert v.status == "refuted" and v.counterexample


@pytest.mark.parametrize("eid", [e.id for e in ERRATA])
def test_errata_evidence_comes_out_as_registered(eid):
    e = next(x for x in lemmas.errata() if x.id == eid)
    assert e.source_file == "004_d9477b3ebe233f80.txt" and e.evidence_claims
    for cid in e.evidence_claims:
        assert check(lemmas.get(cid), budget_s=BUDGET_S).matches_expectation, (eid, cid)
