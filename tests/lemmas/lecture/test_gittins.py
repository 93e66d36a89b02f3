"""lemmas/lecture/gittins.py (source 003, 'Варианты решения SMAB'): the exact finite-horizon values by hand and
the infinite-horizon check on a small instance."""
from fractions import Fraction

from clickbound.lemmas.lecture import gittins as lg


def test_t1_values_by_hand():
    vo, vg = lg.finite_values(1)
    assert vo == Fraction(9, 10) * Fraction(11, 20)      # play the arm of larger mean
    assert vg == Fraction(9, 10) * Fraction(1, 2)        # the index policy plays Beta(1,1)
    assert vo - vg == Fraction(9, 200)


def test_optimal_value_dominates_and_grows():
    prev = Fraction(0)
    for T in range(1, 5):
        vo, vg = lg.finite_values(T)
        assert vo >= vg and vo > prev
        prev = vo


def test_infinite_check_small():
    r = lg.infinite_check(0.5, 40, M=3)
    assert r["index arm certified suboptimal"] == 0
    assert r["index arm certified optimal"] + r["index tie (brackets overlap)"] + \
        r["Q brackets overlap (not decided, not contradicted)"] == r["states (total pulls ≤ M)"]
