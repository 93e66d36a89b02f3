"""The estimator and confidence-bound reading of source 002's UCB article (lemmas/counterfactual/ucb1/confidence.py)."""
from fractions import Fraction as F

from clickbound.lemmas.counterfactual.ucb1 import confidence as u


def test_random_count_exceeds_fixed_count_bound():
    prob = u.random_count_instance(F(2), 300)
    assert prob > F(1, 300 ** 2)
    # a planted variant: with α = 2 and a small t the crossing stays below t^{-α} (the check can pass)
    assert u.random_count_instance(F(2), 30) < F(1, 30 ** 2)


def test_estimator_values():
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 1, 3) == (F(2), F(1))
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 2, 3) == (F(0), F(0))
