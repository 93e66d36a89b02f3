"""Each statistical check of the report detects a planted error with a stated power, and keeps its
false-positive rate at its level.

Data here is SYNTHETIC with a known answer: regret samples and curves drawn from stated normal
models, with an error planted — a mean shifted by 10 %, a bound or a constant off by 10 %.  Each
check is the report's own function (``best_policy``, ``monotone_in``, ``compare_finite``,
``compare_asymptotic``, ``ratio_about``), run on :data:`REPS` seeded repetitions; a rate is the
fraction of repetitions giving the verdict.  Assertions:

* power: the rate of the right verdict on the planted data is ≥ :data:`MIN_POWER` at the sizes given;
* false positives: on unplanted data at the boundary of the null (the least favourable case), the
  rate of the wrong verdict is ≤ α + :data:`MC_SLACK` (three binomial standard errors at α).

The measured rates (seeds fixed, so they are exact for these seeds) are in each test's comment.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from clickbound.report import compare as cmp
from clickbound import stats as st
from clickbound.report.experiments import best_policy, monotone_in, ratio_about

ALPHA = st.ALPHA
#: seeded repetitions per rate: the Monte Carlo standard error of a rate near α is ≈ 0.007
REPS = 1000
#: Monte Carlo slack on a false-positive rate: three binomial standard errors at α
MC_SLACK = 3 * math.sqrt(ALPHA * (1 - ALPHA) / REPS)
#: the power each check must reach on its planted error at the sizes below
MIN_POWER = 0.8
SEED = 18


def _rng(case: str, rep: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([SEED, sum(map(ord, case)), rep]))


def rate(case: str, check) -> float:
    """Fraction of the seeded repetitions where ``check(rng)`` is true."""
    return float(np.mean([bool(check(_rng(case, r))) for r in range(REPS)]))


# ------------------------------------------------------------------ ordering (paired t, Holm)

#: per-run final regret = mean + common part (shared seeds) + own part; the sizes used
ORDER_MEAN, ORDER_COMMON_SD, ORDER_OWN_SD, ORDER_RUNS = 100.0, 15.0, 10.0, 25


def _ordering(rng, means: dict) -> dict:
    common = ORDER_COMMON_SD * rng.standard_normal(ORDER_RUNS)
    pols = {p: {"final": (m + common + ORDER_OWN_SD * rng.standard_normal(ORDER_RUNS)).tolist()}
            for p, m in means.items()}
    return {"n": 10_000, "runs": ORDER_RUNS, "settings": [{"label": "s", "params": {}, "policies": pols,
                                                          "bounds": [], "source_n": None}]}


def _best(means: dict, want: str):
    return lambda rng: best_policy("A")(_ordering(rng, means))["answer"] == want


M, P10 = ORDER_MEAN, 1.1 * ORDER_MEAN  # P10: a mean 10 % above A's


def test_ordering_detects_a_10_percent_gap():
    # "A is best" against three policies each 10 % worse (m = 3, Holm): measured power 0.904
    assert rate("order-power", _best({"A": M, "B": P10, "C": P10, "D": P10}, "reproduced")) >= MIN_POWER
    # A 10 % worse than one of them: "contradicted" — measured 0.887
    assert rate("order-reverse", _best({"A": P10, "B": M, "C": P10 * 1.1, "D": P10 * 1.1},
                                       "contradicted")) >= MIN_POWER


def test_ordering_false_positive_rates_stay_at_the_level():
    # the claim false in one comparison only (D ties A): measured rate of "reproduced" 0.050
    assert rate("order-fp", _best({"A": M, "B": P10, "C": P10, "D": M}, "reproduced")) <= ALPHA + MC_SLACK
    # the claim at its boundary everywhere (all tie): measured rate of "contradicted" 0.035
    assert rate("order-fp2", _best({"A": M, "B": M, "C": M, "D": M}, "contradicted")) <= ALPHA + MC_SLACK


def test_stated_power_matches_the_monte_carlo_rate():
    # one comparison: the noncentral-t power clickbound.stats states, at the true standard error, against
    # the rate at which the paired test rejects on data with exactly that effect (10 % of the mean)
    sd = ORDER_OWN_SD * math.sqrt(2)  # the common part cancels in the paired difference
    stated = st.from_summary("x", 0, sd / math.sqrt(ORDER_RUNS), ORDER_RUNS - 1, 0, "less", "t",
                             0.1 * ORDER_MEAN).power(ALPHA)
    got = rate("order-stated", _best({"A": M, "B": P10}, "reproduced"))
    se = math.sqrt(stated * (1 - stated) / REPS)
    assert abs(got - stated) <= 3 * se, (got, stated)  # measured 0.960 vs stated 0.963


# ------------------------------------------------------------------ trend (Welch t, Holm)

TREND_SD, TREND_RUNS = 10.0, 25


def _trend(rng, means) -> dict:
    settings = [{"label": f"Δ={d}", "params": {"Δ": d, "L": 8}, "bounds": [], "source_n": None,
                 "policies": {"P": {"final": (m + TREND_SD * rng.standard_normal(TREND_RUNS)).tolist()}}}
                for d, m in zip((0.05, 0.1, 0.15), means)]
    return {"n": 10_000, "runs": TREND_RUNS, "settings": settings}


def _falls(means, want):
    return lambda rng: monotone_in("Δ", "P", increasing=False)(_trend(rng, means))["answer"] == want


def test_trend_detects_a_10_percent_fall_per_step():
    # regret 100 → 90 → 81 (two Welch tests, Holm): measured power 0.907
    assert rate("trend-power", _falls((100, 90, 81), "reproduced")) >= MIN_POWER


def test_trend_false_positive_rates_stay_at_the_level():
    # the second step flat (claim false there): measured rate of "reproduced" 0.035
    assert rate("trend-fp", _falls((100, 90, 90), "reproduced")) <= ALPHA + MC_SLACK
    # flat everywhere: measured rate of "contradicted" 0.047
    assert rate("trend-fp2", _falls((100, 100, 100), "contradicted")) <= ALPHA + MC_SLACK


# ------------------------------------------------------------------ finite-time bound (t per checkpoint, Holm)

CHECKPOINTS = np.unique(np.round(np.logspace(1, 5, 25))).astype(int)
#: per-run regret = μ(n)·(1 + CV·z_run) + 5 % independent noise per checkpoint; the sizes used
FIN_CV, FIN_POINT_SD, FIN_RUNS = 0.15, 0.05, 40


def _curves(rng):
    mu = 3.0 * np.log(CHECKPOINTS) + 10.0
    z = rng.standard_normal((FIN_RUNS, 1))
    return mu, mu * (1 + FIN_CV * z) + FIN_POINT_SD * mu * rng.standard_normal((FIN_RUNS, CHECKPOINTS.size))


def _finite(factor, want):
    def check(rng):
        mu, R = _curves(rng)
        return cmp.compare_finite(CHECKPOINTS, R, factor * mu).verdict == want
    return check


def test_finite_bound_check_detects_a_bound_10_percent_off():
    # the bound 10 % under the mean regret everywhere: "violated", measured 0.950
    assert rate("fin-low", _finite(0.9, "violated")) >= MIN_POWER
    # the bound 10 % over it everywhere (the tightest a true bound can be here): "holds", measured 0.888
    assert rate("fin-high", _finite(1.1, "holds")) >= MIN_POWER


def test_finite_bound_false_positive_rates_stay_at_the_level():
    # the bound equal to the mean regret at every checkpoint: measured rates 0.001 ("holds") and
    # 0.010 ("violated"; Holm over 25 strongly correlated tests is conservative)
    assert rate("fin-fp", _finite(1.0, "holds")) <= ALPHA + MC_SLACK
    assert rate("fin-fp2", _finite(1.0, "violated")) <= ALPHA + MC_SLACK


# ------------------------------------------------------------------ growth rate (t on per-run slopes)

#: per-run slope of R(n) on log n ~ N(a, (SLOPE_CV·a)²), plus noise; the sizes used
SLOPE_A, SLOPE_CV, SLOPE_RUNS = 3.0, 0.15, 30


def _slope_curves(rng):
    x = np.log(CHECKPOINTS)
    s = SLOPE_A * (1 + SLOPE_CV * rng.standard_normal((SLOPE_RUNS, 1)))
    return s * x + 5.0 + 0.5 * rng.standard_normal((SLOPE_RUNS, x.size))


def _slope(coef_factor, kind, want):
    return lambda rng: cmp.compare_asymptotic(CHECKPOINTS, _slope_curves(rng), coef_factor * SLOPE_A,
                                              kind).verdict == want


@pytest.mark.parametrize("factor, kind, want", [
    (0.9, "upper", "inconsistent"),  # an upper-bound constant 10 % too small: measured power 0.934
    (1.1, "lower", "inconsistent"),  # a lower-bound constant 10 % too large: measured 0.940
    (1.1, "upper", "consistent"),    # a true upper constant with 10 % room: measured 0.932
    (0.9, "lower", "consistent"),    # a true lower constant with 10 % room: measured 0.920
])
def test_slope_check_detects_a_constant_10_percent_off(factor, kind, want):
    assert rate(f"slope-{factor}-{kind}-{want}", _slope(factor, kind, want)) >= MIN_POWER


@pytest.mark.parametrize("kind", ["upper", "lower"])
def test_slope_false_positive_rates_stay_at_the_level(kind):
    # the constant equal to the true slope: measured rates 0.043–0.065 (at most 2.2 standard errors over α)
    for want in ("consistent", "inconsistent"):
        assert rate(f"slope-fp-{kind}-{want}", _slope(1.0, kind, want)) <= ALPHA + MC_SLACK


# ------------------------------------------------------------------ "about K times" (equivalence on the log ratio)

RATIO_RUNS, RATIO_CV = 30, 0.2


def _ratio(rng, true_ratio):
    common = RATIO_CV * rng.standard_normal(RATIO_RUNS)
    den = 50.0 * (1 + common + 0.1 * rng.standard_normal(RATIO_RUNS))
    num = 50.0 * true_ratio * (1 + common + 0.1 * rng.standard_normal(RATIO_RUNS))
    return {"n": 10_000, "runs": RATIO_RUNS, "settings": [{"label": "s", "params": {}, "bounds": [],
            "source_n": None, "policies": {"N": {"final": num.tolist()}, "D": {"final": den.tolist()}}}]}


def _about(true_ratio, want):
    return lambda rng: ratio_about("N", "D", 4, 1.5)(_ratio(rng, true_ratio))["answer"] == want


def test_ratio_check_power_and_false_positives():
    # "about 4" read as [4/1.5, 6]: a true ratio of 4 is reproduced (measured 1.000); a ratio 10 % past
    # an edge (6.6) is contradicted (measured 0.925)
    assert rate("ratio-power", _about(4.0, "reproduced")) >= MIN_POWER
    assert rate("ratio-out", _about(6.6, "contradicted")) >= MIN_POWER
    # at an edge (6): "reproduced" measured 0.054, "contradicted" 0.031
    assert rate("ratio-fp", _about(6.0, "reproduced")) <= ALPHA + MC_SLACK
    assert rate("ratio-fp2", _about(6.0, "contradicted")) <= ALPHA + MC_SLACK
