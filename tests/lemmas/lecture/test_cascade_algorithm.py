"""lemmas/lecture/cascade_algorithm.py (source 003, 'Cascading bandits'): the CascadeUCB1 log T coefficient of
CAS-UB-K/as-printed's counterexample, by hand."""


def test_ucb_coefficient_values():
    from fractions import Fraction

    from clickbound.lemmas.lecture.cascade_algorithm import W_CE, ucb_log_coefficient

    # K = 1: 1/0.4 + 1/0.41 + 1/0.8; K = 2: 1/0.01 + 1/0.4 (hand computation)
    assert ucb_log_coefficient(W_CE, 1) == Fraction(5, 2) + Fraction(100, 41) + Fraction(5, 4)
    assert ucb_log_coefficient(W_CE, 2) == Fraction(205, 2)
