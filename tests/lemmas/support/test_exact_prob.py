"""Tests for lemmas/support/exact_prob.py: exact tools vs brute force, mpmath and scipy.

Supports CONC-*, UCB1-* and OD-L1; sources
``002_3ec5ec57f55c1fdf.txt`` and ``001_eb740855b56fcd8b.txt``.
"""
import itertools
import math
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
from scipy import stats

from clickbound.lemmas.support import exact_prob as ep

# scipy's binomial survival function is a double-precision routine: ~1e-12 relative is its accuracy.
SCIPY_RTOL = 1e-12
# binomial_tail_ge_mp at 60 digits sums <= n positive terms: relative error far below 1e-40.
MP_RTOL = mpmath.mpf(10) ** -40


def test_to_fraction_refuses_floats_and_names_parameter():
    with pytest.raises(ValueError, match="eps"):
        ep.to_fraction(0.2, "eps")
    assert ep.to_fraction("1/3") == F(1, 3)
    import sympy as sp
    assert ep.to_fraction(sp.Rational(2, 7)) == F(2, 7)


def test_validate_dist_rejects_bad_input():
    with pytest.raises(ValueError, match="sum to 1"):
        ep.validate_dist({0: F(1, 2), 1: F(1, 3)})
    with pytest.raises(ValueError, match=r"dist\[0\]"):
        ep.validate_dist({0: F(3, 2), 1: F(-1, 2)})
    with pytest.raises(ValueError, match="non-empty"):
        ep.validate_dist({})


def test_sum_distribution_matches_bruteforce_enumeration():
    rng = np.random.default_rng(np.random.SeedSequence(11))
    for _ in range(20):
        dists = []
        for _ in range(rng.integers(1, 4)):
            m = int(rng.integers(1, 4))
            w = [int(x) for x in rng.integers(1, 6, size=m)]
            vals = [F(int(v), int(rng.integers(1, 4))) for v in rng.integers(-3, 4, size=m)]
            d = {}
            for v, wi in zip(vals, w):
                d[v] = d.get(v, F(0)) + F(wi, sum(w))
            dists.append(d)
        brute = {}
        for combo in itertools.product(*[list(d.items()) for d in dists]):
            s = sum(v for v, _ in combo)
            brute[s] = brute.get(s, F(0)) + math.prod(p for _, p in combo)
        conv = ep.sum_distribution(dists)
        assert {k: v for k, v in brute.items() if v} == conv
        assert sum(conv.values()) == 1


def test_expectation_by_enumeration():
    d = ep.bernoulli(F(1, 3))
    # E[X1 X2 + X3] = 1/9 + 1/3
    assert ep.expectation(lambda a, b, c: a * b + c, [d, d, d]) == F(1, 9) + F(1, 3)
    assert ep.mean({0: F(1, 4), 4: F(3, 4)}) == 3
    assert ep.variance({0: F(1, 4), 4: F(3, 4)}) == 3


@pytest.mark.parametrize("n,p,k", [(0, F(1, 2), 0), (1, F(1, 3), 1), (10, F(1, 2), 7),
                                   (100, F(1, 2), 60), (37, F(2, 7), 20), (50, F(0), 1), (50, F(1), 50),
                                   (3001, F(2, 7), 900)])
def test_binomial_tail_against_scipy_and_mpmath(n, p, k):
    exact = ep.binomial_tail_ge(n, p, k)
    assert math.isclose(float(exact), stats.binom.sf(k - 1, n, float(p)), rel_tol=SCIPY_RTOL, abs_tol=1e-300)
    mp = ep.binomial_tail_ge_mp(n, p, k, dps=60)
    with mpmath.workdps(60):
        ex = mpmath.mpf(exact.numerator) / exact.denominator
        assert abs(mp - ex) <= MP_RTOL * max(ex, mpmath.mpf(10) ** -300)


def test_binomial_pmf_brute_force():
    p = F(2, 5)
    pmf = ep.binomial_pmf(6, p)
    brute = [F(0)] * 7
    for xs in itertools.product((0, 1), repeat=6):
        brute[sum(xs)] += math.prod(p if x else 1 - p for x in xs)
    assert pmf == brute


@pytest.mark.parametrize("q", [F(0), F(1), F(-4), F(5, 8), F(-3, 7), F(10), F(-40)])
def test_exp_bounds_bracket_mpmath(q):
    lo, hi = ep.exp_bounds(q)
    with mpmath.workdps(80):
        e = mpmath.exp(mpmath.mpf(q.numerator) / q.denominator)
        assert mpmath.mpf(lo.numerator) / lo.denominator <= e <= mpmath.mpf(hi.numerator) / hi.denominator
    assert lo <= hi and hi - lo <= F(1, 10 ** 20) * max(hi, 1)


def test_exp_compare_and_floor_mul_log():
    assert ep.exp_compare(F(-4), F(284, 10000)) == -1   # e^-4 = 0.01831... < 0.0284
    assert ep.exp_compare(F(1), F(2718, 1000)) == 1     # e > 2.718
    assert ep.exp_compare(0, 1) == 0
    # floor(c log t) checked by the defining inequalities e^{m/c} <= t < e^{(m+1)/c}
    for c, t in [(F(1), 2), (F(7, 3), 10), (F(2 * 10 ** 4), 10 ** 4), (F(1, 2), 3)]:
        m = ep.floor_mul_log(c, t)
        assert ep.exp_compare(F(m) / c, t) <= 0 < ep.exp_compare(F(m + 1) / c, t)
    assert ep.floor_mul_log(F(5), 1) == 0
    with pytest.raises(ValueError, match="t must be"):
        ep.floor_mul_log(F(1), 0)


@pytest.mark.parametrize("theta", [F(1, 2), F(1, 3), F(3, 4)])
@pytest.mark.parametrize("alpha", [F(1, 2), F(1)])
@pytest.mark.parametrize("t", [1, 2, 5, 9, 12])
def test_crossing_probability_matches_path_enumeration(theta, alpha, t):
    band = lambda n: ep.sqrt_log_band(n, t, alpha, theta)
    assert ep.crossing_probability(t, theta, band) == ep.crossing_probability_bruteforce(t, theta, band)


def test_sqrt_log_band_is_the_exact_set():
    # k survives iff (k − nθ)^2 <= α n log t, checked with mpmath at 60 digits per k.
    for n, t, alpha, theta in [(7, 10, F(1, 2), F(1, 2)), (40, 1000, F(3, 2), F(1, 3)), (1, 2, F(1), F(1, 5))]:
        lo, hi = ep.sqrt_log_band(n, t, alpha, theta)
        with mpmath.workdps(60):
            r2 = mpmath.mpf(alpha.numerator) / alpha.denominator * n * mpmath.log(t)
            th = mpmath.mpf(theta.numerator) / theta.denominator
            inside = [k for k in range(n + 1) if (k - n * th) ** 2 <= r2]
        assert inside == list(range(lo, hi + 1))


def test_crossing_is_at_least_fixed_n_deviation():
    # Crossing by time t includes the event at n = t, so it dominates the fixed-n probability.
    t, theta, alpha = 60, F(1, 2), F(1, 2)
    band = lambda n: ep.sqrt_log_band(n, t, alpha, theta)
    assert ep.crossing_probability(t, theta, band) >= ep.fixed_n_deviation_probability(t, theta, band(t))


@pytest.mark.parametrize("n,theta,band", [(12, F(1, 3), (3, 6)), (9, F(1, 2), (0, 9)), (8, F(2, 5), (5, 2)),
                                          (10, F(1, 2), (-3, 4))])
def test_fixed_n_deviation_probability_against_pmf(n, theta, band):
    pmf = ep.binomial_pmf(n, theta)
    ref = sum((p for k, p in enumerate(pmf) if not band[0] <= k <= band[1]), F(0))
    assert ep.fixed_n_deviation_probability(n, theta, band) == ref
