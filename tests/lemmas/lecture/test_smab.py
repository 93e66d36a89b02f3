"""Every claim of lemmas/lecture/smab.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.lecture.smab import smab_lecture_claims

_CLAIMS = claims_by_id(smab_lecture_claims())
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(_ERRATA, "003_f899901a464da92a.txt")


def test_gittins_certificate_is_exact_and_positive():
    from fractions import Fraction

    from clickbound.lemmas.lecture.smab import gittins_certificate

    # −1/20 + (9/10)(1/2)(2/3 − 11/20) = 1/400 (hand computation in the module docstring's instance)
    assert gittins_certificate() == Fraction(1, 400)


def test_follow_the_leader_enumeration_is_a_probability():
    from fractions import Fraction

    from clickbound.lemmas.lecture.smab import _ftl_two_arms

    e_g, e_mu = _ftl_two_arms((Fraction(1), Fraction(0)), 3)  # deterministic arms: FTL sticks to arm 0
    assert e_g == e_mu == 2  # round 2 is the forced pull of arm 1 (reward 0)
