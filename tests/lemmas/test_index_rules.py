"""Every claim of lemmas/index_rules.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.index_rules import index_rule_claims

#: the catalogue's usual budget; every claim here decides in well under a second
BUDGET_S = 20
_CLAIMS = {c.id: c for c in index_rule_claims()}
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


def test_thompson_probabilities_are_one_third_and_two_thirds():
    import sympy as sp

    from clickbound.lemmas.index_rules import ts_probabilities

    assert ts_probabilities() == (sp.Rational(2, 3), sp.Rational(1, 3))
