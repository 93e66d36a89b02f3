"""Ledger step claims of source 002's learning-theory articles (lemmas/counterfactual/learning_theory/steps.py)."""
from fractions import Fraction

from clickbound.lemmas.counterfactual.learning_theory import steps as m


def test_phi_by_hand():
    # g(z) = z, z ~ uniform{0, 1}: E g = 1/2; φ({0}) = 1/2, φ({1}) = −1/2
    D, G = [Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]]
    assert m.phi(D, G, (0,)) == Fraction(1, 2) and m.phi(D, G, (1,)) == Fraction(-1, 2)


def test_symmetrisation_values_by_hand():
    # one function g(z) = z on a fair coin, n = 1: E φ = 0, E sup(z' − z) = 0, R_1 = E_σ σ z = 0
    assert m.symm_values([Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]], 1) == (0, 0, 0, 0)
