"""Every claim of lemmas/smab_lectures.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.smab_lectures import smab_lecture_claims

#: the catalogue's usual budget; every claim here decides in well under a second
BUDGET_S = 20
_CLAIMS = {c.id: c for c in smab_lecture_claims()}
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


def test_gittins_certificate_is_exact_and_positive():
    from fractions import Fraction

    from clickbound.lemmas.smab_lectures import gittins_certificate

    # −1/20 + (9/10)(1/2)(2/3 − 11/20) = 1/400 (hand computation in the module docstring's instance)
    assert gittins_certificate() == Fraction(1, 400)


def test_follow_the_leader_enumeration_is_a_probability():
    from fractions import Fraction

    from clickbound.lemmas.smab_lectures import _ftl_two_arms

    e_g, e_mu = _ftl_two_arms((Fraction(1), Fraction(0)), 3)  # deterministic arms: FTL sticks to arm 0
    assert e_g == e_mu == 2  # round 2 is the forced pull of arm 1 (reward 0)
