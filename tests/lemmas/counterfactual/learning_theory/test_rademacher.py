"""CONC-RADEMACHER (source 002_3ec5ec57f55c1fdf.txt): exact coverage on small finite classes."""
from fractions import Fraction as F

import mpmath
import pytest

from clickbound.lemmas import check
from clickbound.lemmas.counterfactual.learning_theory import rademacher as cr


def test_verdict_as_registered():
    (claim,) = cr.claims()
    v = check(claim, budget_s=30)
    assert v.status == "survived" and v.matches_expectation is True
    assert v.evidence["min_coverage"]["coverage_1"] >= 1 - max(cr.DELTAS) / 2


def test_empirical_rademacher_by_hand():
    G = [[F(1), F(0)], [F(0), F(1)]]
    # σ ∈ {±1}²: sup(σ1, σ2)/2 = 1/2, 1/2, 1/2, −1/2 → mean 1/4
    assert cr.empirical_rademacher(G, (0, 1)) == F(1, 4)
    assert cr.empirical_rademacher([[F(1, 3), F(2, 3)]], (0, 1, 1)) == 0  # one function: E σ = 0


def test_within_sqrt_log_against_mpmath():
    cases = [(F(1, 2), F(1), F(1, 4), F(20)), (F(9, 10), F(1), F(1, 4), F(20)), (F(-1), F(1), F(1, 2), F(3)),
             (F(2), F(3), F(1, 8), F(4))]
    with mpmath.workdps(60):
        for d, c, s, a in cases:
            ref = mpmath.mpf(d.numerator) / d.denominator <= (
                mpmath.mpf(c.numerator) / c.denominator
                * mpmath.sqrt(mpmath.mpf(s.numerator) / s.denominator * mpmath.log(mpmath.mpf(a.numerator) / a.denominator)))
            assert cr.within_sqrt_log(d, c, s, a) == ref


def test_coverage_check_can_fail_without_the_deviation_term():
    # "R_n <= R̂_S with prob >= 1 − δ/2" (no M·r term) is false on some instance: the exact coverage shows it.
    delta = F(1, 10)
    worst = F(1)
    for D, G, n, _ in cr.instances():
        samples = []
        for combo, mult in cr.multisets(len(D), n):
            pr = F(mult)
            for z in combo:
                pr *= D[z]
            samples.append((pr, cr.empirical_rademacher(G, combo)))
        Rn = sum(p * x for p, x in samples)
        worst = min(worst, sum((p for p, x in samples if Rn <= x), F(0)))
    assert worst < 1 - delta / 2


@pytest.mark.parametrize("nz,n", [(2, 3), (3, 4)])
def test_multisets_cover_all_samples(nz, n):
    assert sum(m for _, m in cr.multisets(nz, n)) == nz ** n
