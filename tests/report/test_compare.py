"""Comparison logic (the report's contents) on synthetic regret curves whose answer is known."""
import math

import numpy as np
import pytest

from clickbound.bounds import dcm, single_arm
from clickbound.report import compare as cmp

#: least squares on exact a·log n + b data recovers a to rounding; 1e-9 absolute leaves margin
SLOPE_ATOL = 1e-9
CHECKPOINTS = np.unique(np.round(np.logspace(1, 5, 41))).astype(int)


def gen(seed):
    return np.random.default_rng(np.random.SeedSequence(seed))


def log_curves(a, b, runs, noise, seed):
    """runs × checkpoints: a·log n + b plus per-run slope jitter and additive noise."""
    rng = gen(seed)
    x = np.log(CHECKPOINTS)
    slopes = a + noise * rng.standard_normal((runs, 1))
    return slopes * x + b + noise * rng.standard_normal((runs, x.size))


def test_finite_bound_well_above_holds():
    R = log_curves(3.0, 5.0, 30, 0.3, 1)
    res = cmp.compare_finite(CHECKPOINTS, R, 6.0 * np.log(CHECKPOINTS) + 20.0)
    assert res.verdict == "holds"
    assert res.first_excess_n is None and res.max_excess < 0
    assert res.tightness == pytest.approx((6 * math.log(1e5) + 20) / res.band.mean[-1], rel=1e-12)


def test_crossing_curve_is_violated_and_located():
    # mean curve 4 log n + 5 crosses the bound 2 log n + 20 at 4x + 5 = 2x + 20, x = 7.5, n = e^7.5 ≈ 1808
    R = log_curves(4.0, 5.0, 30, 0.3, 2)
    res = cmp.compare_finite(CHECKPOINTS, R, 2.0 * np.log(CHECKPOINTS) + 20.0)
    assert res.verdict == "violated"
    assert 1808 <= res.first_violation_n <= 10**5
    assert res.first_violation_n >= res.first_excess_n


def test_bound_through_the_mean_is_inconclusive():
    R = log_curves(3.0, 5.0, 30, 0.3, 3)
    res = cmp.compare_finite(CHECKPOINTS, R, R.mean(axis=0))
    assert res.verdict == "inconclusive"


def test_bonferroni_band_is_wider():
    R = log_curves(3.0, 5.0, 10, 0.3, 4)
    pw = cmp.confidence_band(CHECKPOINTS, R, simultaneous=False)
    sim = cmp.confidence_band(CHECKPOINTS, R, simultaneous=True)
    assert np.all(sim.upper - sim.mean > pw.upper - pw.mean)


def test_slope_exact_on_noiseless_curves():
    x = np.log(CHECKPOINTS)
    R = np.vstack([2.0 * x + 1.0, 4.0 * x - 3.0])
    s = cmp.log_slope(CHECKPOINTS, R, decades=2)
    assert s.per_run == pytest.approx([2.0, 4.0], abs=SLOPE_ATOL)
    assert s.slope == pytest.approx(3.0, abs=SLOPE_ATOL)
    assert s.n_window == (1000.0, 1e5)


@pytest.mark.parametrize("coef, kind, verdict", [
    (1.5, "lower", "consistent"),     # slope 3 above a lower bound 1.5
    (6.0, "upper", "consistent"),     # slope 3 under an upper bound 6
    (1.5, "upper", "inconsistent"),   # slope 3 above an "upper bound" 1.5
    (6.0, "lower", "inconsistent"),   # slope 3 under a "lower bound" 6
])
def test_asymptotic_verdicts(coef, kind, verdict):
    R = log_curves(3.0, 5.0, 20, 0.3, 5)
    res = cmp.compare_asymptotic(CHECKPOINTS, R, coef, kind, decades=2)
    assert res.verdict == verdict
    assert res.ratio == pytest.approx(coef / res.slope.slope)


def test_straddling_interval_is_inconclusive():
    # per-run slopes 2.5 and 3.5 alternate: mean exactly 3, interval straddles 3 for both kinds
    x = np.log(CHECKPOINTS)
    R = np.vstack([(3.0 + (-0.5 if r % 2 else 0.5)) * x for r in range(10)])
    for kind in ("upper", "lower"):
        res = cmp.compare_asymptotic(CHECKPOINTS, R, 3.0, kind)
        assert res.slope.lower < 3.0 < res.slope.upper
        assert res.verdict == "inconclusive"


def test_nan_coefficient_is_no_constant():
    R = log_curves(3.0, 5.0, 5, 0.3, 6)
    assert cmp.compare_asymptotic(CHECKPOINTS, R, math.nan, "upper").verdict == "no-constant"


def test_dispatch_finite_and_asymptotic():
    R = log_curves(3.0, 5.0, 10, 0.3, 7)
    # UCB1 (explicit, finite-time): 2Σ log T/Δ with Δ = 0.1 -> 20 log n ≫ 3 log n
    fin = cmp.compare_with_bound(CHECKPOINTS, R, lambda n: single_arm.ucb1_bound_as_printed([0.5, 0.4], n, 2.0))
    assert isinstance(fin, cmp.FiniteComparison) and fin.verdict == "holds"
    # DCM-T3 (liminf statement) -> slope comparison with its coefficient ≈ 4.905 > 3
    asy = cmp.compare_with_bound(CHECKPOINTS, R, lambda n: dcm.dcm_t3(16, 4, 0.2, 0.15, 0.5, n=n))
    assert isinstance(asy, cmp.AsymptoticComparison)
    assert asy.kind == "lower" and asy.verdict == "inconsistent"


@pytest.mark.parametrize("n, R, match", [
    ([10, 5, 100], np.zeros((3, 3)), "strictly increasing"),
    ([10, 50, 100], np.zeros((3, 2)), "shape"),
    ([10, 50, 100], np.zeros((1, 3)), "at least 2 runs"),
    ([10, 50, 100], np.full((3, 3), np.nan), "finite"),
    ([0, 50, 100], np.zeros((3, 3)), ">= 1"),
])
def test_validation(n, R, match):
    with pytest.raises(ValueError, match=match):
        cmp.confidence_band(n, R)


def test_window_and_parameter_validation():
    R = log_curves(3.0, 5.0, 5, 0.3, 8)
    with pytest.raises(ValueError, match="at least 3"):
        cmp.log_slope(CHECKPOINTS, R, decades=0.01)
    with pytest.raises(ValueError, match="level"):
        cmp.confidence_band(CHECKPOINTS, R, level=1.0)
    with pytest.raises(ValueError, match="kind"):
        cmp.compare_asymptotic(CHECKPOINTS, R, 1.0, "both")
    with pytest.raises(ValueError, match="bound must"):
        cmp.compare_finite(CHECKPOINTS, R, np.ones(3))


@pytest.mark.slow
def test_ucb1_as_printed_is_violated_by_simulated_ucb1_at_large_alpha():
    # UCB1-COUNT-AS-PRINTED: the printed bound drops α from the log term.  UCB1 with index
    # μ̂ + sqrt(α log t/(2T)) pulls a Δ-suboptimal arm ≈ α log T/(2Δ²) times, so for α > 4 its
    # regret outgrows the printed 2 log T/Δ.  Measured (seed 11, 20 runs, n = 1e5): mean regret
    # 306.8 vs printed bound 230.5 (violated from n ≈ 6.3e4); corrected bound 1842.3 holds.
    from clickbound import sim
    mu, alpha = [0.5, 0.4], 8.0
    r = sim.simulate(sim.Bernoulli(mu), "UCB1", K=1, n=10**5, runs=20, seed=11,
                     policy_params={"alpha": alpha})
    printed = cmp.compare_with_bound(r.checkpoints, r.regret,
                                     lambda n: single_arm.ucb1_bound_as_printed(mu, n, alpha))
    corrected = cmp.compare_with_bound(r.checkpoints, r.regret,
                                       lambda n: single_arm.ucb1_bound_corrected(mu, n, alpha))
    assert printed.verdict == "violated"
    assert corrected.verdict == "holds"
