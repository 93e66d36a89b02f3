"""UCB1-CI, UCB1-SUM, UCB1-COUNT-AS-PRINTED, UCB1-BOUND (source 002_3ec5ec57f55c1fdf.txt)."""
from fractions import Fraction as F

import mpmath
import pytest
import sympy as sp
from catalogue_kit import verdict

from clickbound import lemmas
from clickbound.lemmas.counterfactual.ucb1 import proof as u
from clickbound.lemmas.support.exact_prob import binomial_pmf

# mpmath at 60 digits: margins above 1e-40 are far beyond its rounding error.
MP_MARGIN = mpmath.mpf(10) ** -40


def test_bound_corrected_is_summed_over_a_symbolic_number_of_arms():
    steps = verdict("UCB1-BOUND/corrected").evidence["proof"]["steps"]
    assert any("(a, 1, m)" in s["checked"] for s in steps)
    assert all(s["checked"].strip() not in ("", "True", "true") for s in steps)


def test_count_counterexample_independently():
    cx = verdict("UCB1-COUNT-AS-PRINTED").counterexample
    a, d, t, n = (mpmath.mpf(F(cx[k]).numerator) / F(cx[k]).denominator for k in ("alpha", "Delta", "t", "T"))
    with mpmath.workdps(60):
        # premise Δ <= sqrt(2α log t / T) holds with margin; printed T <= 2Δ^{-2} log t fails with margin
        assert mpmath.sqrt(2 * a * mpmath.log(t) / n) - d > MP_MARGIN
        assert n - 2 * mpmath.log(t) / d ** 2 > MP_MARGIN
        assert 2 * a * mpmath.log(t) / d ** 2 - n > MP_MARGIN  # the corrected conclusion holds


@pytest.mark.parametrize("mu,n,t,a", [(F(1, 2), 10, 100, F(1)), (F(1, 3), 40, 10, F(3, 2)), (F(9, 10), 5, 3, F(2)),
                                      (F(1, 10), 120, 10_000, F(1))])
def test_ci_tail_against_mpmath_per_outcome(mu, n, t, a):
    pmf = binomial_pmf(n, mu)
    with mpmath.workdps(60):
        r = mpmath.sqrt(mpmath.mpf(a.numerator) / a.denominator * mpmath.log(t) / (2 * n))
        m = mpmath.mpf(mu.numerator) / mu.denominator
        ref = sum((pmf[k] for k in range(n + 1) if m - mpmath.mpf(k) / n >= r), F(0))
    assert u.ci_tail(mu, n, t, a) == ref


def test_ci_check_can_fail_a_too_strong_bound():
    # t^{-2α} instead of t^{-α} is not a valid Hoeffding consequence; the exact tails must show it.
    assert any(u.ci_tail(mu, n, t, a) > F(t) ** (-2 * a.numerator) if a.denominator == 1 else False
               for mu, n, t, a in u.CI_GRID)


def test_ucb1_sum_numerically_at_60_digits():
    with mpmath.workdps(60):
        for a in (mpmath.mpf("1.05"), mpmath.mpf(4)):
            assert 2 * a / (a - 1) - 2 * mpmath.zeta(a) > MP_MARGIN


def test_bound_forms_differ_by_the_dropped_alpha():
    deltas = [F(1, 10), F(1, 4)]
    a, logT = F(3), F(7)  # logT treated as a number: the identity is linear in it
    diff = u.bound_corrected(deltas, logT, a) - u.bound_as_printed(deltas, logT, a)
    assert diff == 2 * (a - 1) * logT * sum(1 / d for d in deltas) > 0


@pytest.mark.parametrize("cid", ["UCB1-COUNT-AS-PRINTED[engine]", "UCB1-BOUND/as-printed-derivation[engine]"])
def test_engine_counterexamples_rechecked_exactly(cid):
    c, v = lemmas.get(cid), verdict(cid)
    point = {s: sp.Rational(v.counterexample[s]) for s in c.symbols}
    assert all(bool(a.subs(point)) for a in c.assumptions)
    assert not bool(c.statement.subs(point))
    for s_, (lo, hi) in c.domain.items():
        assert lo <= point[s_] <= hi
