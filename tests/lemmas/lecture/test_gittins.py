"""lemmas/lecture/gittins.py (source 003_f899901a464da92a.txt): the claims come out as registered, and the
exact finite-horizon values agree with an independent forward computation."""
from fractions import Fraction

import pytest

from clickbound.lemmas import check
from clickbound.lemmas.lecture import gittins as lg

#: the infinite-horizon check compiles a DP and runs two truncations (~10 s)
BUDGET_S = 120
_CLAIMS = {c.id: c for c in lg.lecture_gittins_claims()}


@pytest.mark.slow
@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=BUDGET_S)
    assert v.matches_expectation, (cid, v.status)


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
