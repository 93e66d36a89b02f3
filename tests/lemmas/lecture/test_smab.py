"""lemmas/lecture/smab.py (source 003, 'Многорукие бандиты'): the Gittins certificate of SMAB-GITTINS/finite-horizon
and the follow-the-leader enumeration of SMAB-PSEUDO, by hand."""


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
