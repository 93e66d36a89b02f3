"""Tests for RANKED-GREEDY (source 003_f899901a464da92a.txt, Radlinski's ranked bandits)."""
from fractions import Fraction

import mpmath as mp

from clickbound.lemmas import check
from clickbound.lemmas.lecture.ranked_greedy import (
    TIGHT_K2,
    brute_force_opt,
    greedy_outcomes,
    ranked_greedy_claims,
    upper_bound_one_minus_inv_e,
)


def test_verdict_survived_as_registered():
    (claim,) = ranked_greedy_claims()
    v = check(claim, budget_s=10)
    assert v.status == "survived" and v.matches_expectation
    ev = v.evidence
    assert ev["greedy_runs"] >= ev["instances"] // 2
    # the adversarial search reaches the k = 2 bound 3/4 (so the comparison is not vacuous)
    assert Fraction(ev["adversarial_search"]["worst_ratio_found"]) <= Fraction(3, 4)


def test_rational_bound_brackets_one_minus_inv_e():
    u = upper_bound_one_minus_inv_e()
    with mp.workdps(60):  # reference: mpmath 1 − 1/e at 60 digits
        x = 1 - 1 / mp.e
        uu = mp.mpf(u.numerator) / u.denominator
        assert x <= uu <= x + mp.mpf("1e-20")


def test_tight_instance_attains_three_quarters():
    sets, k = TIGHT_K2
    assert brute_force_opt(sets, k) == 4
    assert min(c for c, _ in greedy_outcomes(sets, k)) == 3  # = (1 − (1 − 1/2)^2)·4
    assert max(c for c, _ in greedy_outcomes(sets, k)) == 4  # another tie-break is optimal


def test_greedy_explores_all_ties():
    sets = [frozenset({0}), frozenset({1}), frozenset({2})]
    runs = greedy_outcomes(sets, 2)
    assert len(runs) == 6 and all(c == 2 for c, _ in runs)
