"""lemmas/lecture/index_rules.py (source 003, '#OLD > Thompson sampling'): the exact posterior probabilities
behind TS-RULE/matching and TS-RULE/as-printed."""


def test_thompson_probabilities_are_one_third_and_two_thirds():
    import sympy as sp

    from clickbound.lemmas.lecture.index_rules import ts_probabilities

    assert ts_probabilities() == (sp.Rational(2, 3), sp.Rational(1, 3))
