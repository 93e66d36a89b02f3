"""Every claim of lemmas/cascade_lectures.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.cascade_lectures import cascade_lecture_claims

#: the catalogue's usual budget; every claim here decides in well under a second
BUDGET_S = 20
_CLAIMS = {c.id: c for c in cascade_lecture_claims()}
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


def test_ucb_coefficient_values():
    from fractions import Fraction

    from clickbound.lemmas.cascade_lectures import W_CE, ucb_log_coefficient

    # K = 1: 1/0.4 + 1/0.41 + 1/0.8; K = 2: 1/0.01 + 1/0.4 (hand computation)
    assert ucb_log_coefficient(W_CE, 1) == Fraction(5, 2) + Fraction(100, 41) + Fraction(5, 4)
    assert ucb_log_coefficient(W_CE, 2) == Fraction(205, 2)
