"""Every claim of lemmas/ranked_rba.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.ranked_rba import ranked_rba_claims

#: the catalogue's usual budget; every claim here decides in well under a second
BUDGET_S = 20
_CLAIMS = {c.id: c for c in ranked_rba_claims()}
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=BUDGET_S)
    assert v.matches_expectation, (cid, v.status)
    if v.status == "proved":
        assert v.scope == "all"
        assert all(s["checked"].strip() not in ("", "True", "true") for s in v.evidence["proof"]["steps"])
    if _CLAIMS[cid].expected is False:
        assert v.status == "refuted" and v.counterexample


def test_errata_evidence_comes_out_as_registered():
    assert _ERRATA
    for e in _ERRATA:
        assert e.source_file == "003_f899901a464da92a.txt"
        for cid in e.evidence_claims:
            assert check(lemmas.get(cid), budget_s=BUDGET_S).matches_expectation, (e.id, cid)


def test_marginal_rewards_telescope_by_hand():
    from clickbound.lemmas.ranked_rba import coverage_indicator

    rel = (0, 1, 1)  # the user clicks position 2 only
    marg = [coverage_indicator(rel, i + 1) - coverage_indicator(rel, i) for i in range(3)]
    assert marg == [0, 1, 0] and sum(marg) == coverage_indicator(rel, 3) == 1
