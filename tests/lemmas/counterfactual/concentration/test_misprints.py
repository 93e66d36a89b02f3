"""The misprints of source 002's 有用な確率不等式のまとめ (lemmas/counterfactual/concentration/misprints.py)."""
from fractions import Fraction

from clickbound.lemmas.counterfactual.concentration import misprints as mod


def test_telescoping_corrected_on_the_same_instance():
    # CONC-MCDIARMID/telescope-as-printed: with the first bracket E[f|X_1..X_n] − E[f|X_1..X_{n−1}] the sum is f − E f
    g = mod.conditional_expectations(lambda a, b: Fraction(a + b), [mod.COIN, mod.COIN])
    for x in ((0, 0), (0, 1), (1, 0), (1, 1)):
        assert (g[2][x] - g[1][x[:1]]) + (g[1][x[:1]] - g[0][()]) == sum(x) - 1
