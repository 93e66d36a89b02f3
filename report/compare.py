"""Bound-versus-empirical comparison logic: pure functions on arrays, no plotting.

Input everywhere: ``checkpoints`` — the horizons ``n_1 < n_2 < …`` at which regret was
recorded — and ``regret``, a ``(runs × checkpoints)`` array of cumulative regret, one
row per independent replication.

Two kinds of comparison, chosen by the bound (see :class:`clickbound.bounds.result.BoundResult`);
both are families of one-sided t-tests decided by :mod:`clickbound.stats` (level
``1 − level``, Holm–Bonferroni over the family):

* **finite-time explicit bounds** (UCB1, OD-T1, ...): :func:`compare_finite`.  At every
  checkpoint, a one-sided one-sample t-test of the mean regret over replications against
  the bound's value.  Verdict ``"holds"`` when Holm rejects "mean ≥ bound" at every
  checkpoint (the regret is significantly under the bound everywhere measured);
  ``"violated"`` when Holm rejects "mean ≤ bound" at some checkpoint (the mean regret
  significantly exceeds it there); otherwise ``"inconclusive"``.  The confidence band
  (Student t, Bonferroni over the checkpoints when ``simultaneous``) is kept for display;
  the tightness ratio is bound / mean regret at the largest n.
* **asymptotic bounds** (unknown constants or limit statements: DCM-T1/T2/T3,
  KL-UCB, Lai–Robbins, PBM-UCB): :func:`compare_asymptotic`.  Each run's regret is
  regressed on ``log n`` over the last ``decades`` decades of n; a one-sided t-test over
  replications compares the mean of the per-run slopes with the coefficient.  An upper
  bound must sit above the slope (``"consistent"`` when the test rejects "slope ≥
  coefficient"), a lower bound below it (``"consistent"`` when it rejects "slope ≤
  coefficient"); a rejection the other way is ``"inconsistent"``; neither is
  ``"inconclusive"``.  A finite-n slope cannot refute a limit statement on its own:
  "inconsistent" means the data at these n disagree, with the numbers attached.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from clickbound import stats as st

#: default two-sided confidence level of bands and slope intervals; the tests run at 1 − level = clickbound.stats.ALPHA
DEFAULT_LEVEL = 1.0 - st.ALPHA
#: default number of decades of n (counted back from the largest) used for the slope
DEFAULT_DECADES = 1.0


def _validate(checkpoints, regret) -> tuple[np.ndarray, np.ndarray]:
    n = np.asarray(checkpoints, dtype=float)
    R = np.asarray(regret, dtype=float)
    if n.ndim != 1 or n.size == 0:
        raise ValueError(f"checkpoints must be a non-empty 1-D array, got shape {n.shape}")
    if np.any(~np.isfinite(n)) or np.any(n < 1) or np.any(np.diff(n) <= 0):
        raise ValueError(f"checkpoints must be finite, >= 1 and strictly increasing, got {n.tolist()!r}")
    if R.ndim != 2 or R.shape[1] != n.size:
        raise ValueError(f"regret must have shape (runs, {n.size}), got {R.shape}")
    if R.shape[0] < 2:
        raise ValueError(f"regret needs at least 2 runs for a confidence interval, got {R.shape[0]}")
    if np.any(~np.isfinite(R)):
        raise ValueError("regret must be finite everywhere")
    return n, R


def _check_level(level: float) -> float:
    level = float(level)
    if not (0 < level < 1):
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    return level


@dataclass(frozen=True)
class Band:
    """Mean regret and its confidence band at each checkpoint."""

    checkpoints: np.ndarray
    mean: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    level: float
    simultaneous: bool
    runs: int


def confidence_band(checkpoints, regret, level: float = DEFAULT_LEVEL,
                    simultaneous: bool = True) -> Band:
    """Student-t band ``mean ± t_{1−a/2, r−1} · sd/√r``; ``a = (1−level)/m`` if simultaneous (Bonferroni)."""
    n, R = _validate(checkpoints, regret)
    level = _check_level(level)
    r = R.shape[0]
    a = (1.0 - level) / (n.size if simultaneous else 1)
    q = st.t_quantile(1.0 - a / 2.0, r - 1)
    mean = R.mean(axis=0)
    half = q * R.std(axis=0, ddof=1) / math.sqrt(r)
    return Band(n, mean, mean - half, mean + half, level, simultaneous, r)


@dataclass(frozen=True)
class FiniteComparison:
    """Outcome of :func:`compare_finite`."""

    verdict: str  # "holds" | "violated" | "inconclusive"
    band: Band
    bound: np.ndarray
    first_violation_n: float | None  # first n where the test finds the mean significantly over the bound
    first_excess_n: float | None     # first n where the band's upper edge exceeds the bound
    max_excess: float                # max over n of (band upper edge − bound), for display
    tightness: float                 # bound / mean regret at the largest n
    decision: st.Decision | None = None  # the per-checkpoint one-sided tests, Holm-decided


def compare_finite(checkpoints, regret, bound, level: float = DEFAULT_LEVEL,
                   simultaneous: bool = True) -> FiniteComparison:
    """Compare an explicit finite-time upper bound with the empirical regret at every checkpoint."""
    band = confidence_band(checkpoints, regret, level, simultaneous)
    b = np.asarray(bound, dtype=float)
    if b.shape != band.mean.shape or np.any(np.isnan(b)):
        raise ValueError(f"bound must be a numeric array of shape {band.mean.shape}, got {b.shape}")
    decision = finite_decision(band.checkpoints, np.asarray(regret, dtype=float), b, 1.0 - band.level)
    over = band.upper > b
    viol = np.array(decision.rejected_opposite)
    first_ex = float(band.checkpoints[np.argmax(over)]) if over.any() else None
    first_v = float(band.checkpoints[np.argmax(viol)]) if viol.any() else None
    verdict = FINITE_VERDICT[decision.answer]
    with np.errstate(invalid="ignore"):
        excess = band.upper - b
    m_last = band.mean[-1]
    tight = float(b[-1] / m_last) if m_last > 0 else math.inf
    return FiniteComparison(verdict, band, b, first_v, first_ex, float(np.max(excess)), tight, decision)


#: the bound comparisons' words for the decisions of :func:`clickbound.stats.decide`
FINITE_VERDICT = {"reproduced": "holds", "contradicted": "violated", "inconclusive": "inconclusive"}
ASYMPTOTIC_VERDICT = {"reproduced": "consistent", "contradicted": "inconsistent", "inconclusive": "inconclusive"}
FINITE_TEST = "one-sided one-sample t-test of the mean regret against the bound at each checkpoint"
SLOPE_TEST = "one-sided one-sample t-test of the per-run slopes of R(n) on log n against the log n coefficient"


def finite_comparisons(checkpoints, regret, bound) -> list[st.Comparison]:
    """One comparison per checkpoint: the claim "mean regret < bound" (power: bound 10 % above the mean)."""
    return [st.one_sample(regret[:, j], float(bound[j]), "less", f"n = {int(x):,}", FINITE_TEST,
                          what="mean R(n)")
            for j, x in enumerate(checkpoints)]


def finite_decision(checkpoints, regret, bound, alpha: float = st.ALPHA) -> st.Decision:
    return st.decide(finite_comparisons(checkpoints, regret, bound), alpha)


def slope_comparison(s: SlopeEstimate, coefficient: float, kind: str) -> st.Comparison:
    """The claim "slope < coefficient" (upper bound) or "slope > coefficient" (lower bound)."""
    lo, hi = s.n_window
    return st.one_sample(s.per_run, float(coefficient), "less" if kind == "upper" else "greater",
                         f"slope over n ∈ [{lo:,.0f}, {hi:,.0f}]", SLOPE_TEST, what="slope")


@dataclass(frozen=True)
class SlopeEstimate:
    """Slope of regret against ``log n`` over a window, averaged over runs, with its interval."""

    slope: float
    lower: float
    upper: float
    per_run: np.ndarray
    n_window: tuple[float, float]
    points: int
    level: float


def log_slope(checkpoints, regret, decades: float = DEFAULT_DECADES,
              level: float = DEFAULT_LEVEL) -> SlopeEstimate:
    """Per-run least-squares slope of ``R(n)`` on ``log n`` for ``n ≥ n_max/10^decades``; t-interval over runs."""
    n, R = _validate(checkpoints, regret)
    level = _check_level(level)
    decades = float(decades)
    if not (decades > 0):
        raise ValueError(f"decades must be > 0, got {decades!r}")
    mask = n >= n[-1] / 10.0 ** decades
    if mask.sum() < 3:
        raise ValueError(f"the last {decades} decades hold {int(mask.sum())} checkpoints; "
                         f"a slope needs at least 3, got checkpoints {n.tolist()!r}")
    x = np.log(n[mask])
    xc = x - x.mean()
    Y = R[:, mask]
    per_run = (Y - Y.mean(axis=1, keepdims=True)) @ xc / float(xc @ xc)
    r = per_run.size
    mean = float(per_run.mean())
    half = float(st.t_quantile(0.5 + level / 2.0, r - 1) * per_run.std(ddof=1) / math.sqrt(r))
    return SlopeEstimate(mean, mean - half, mean + half, per_run,
                         (float(n[mask][0]), float(n[-1])), int(mask.sum()), level)


@dataclass(frozen=True)
class AsymptoticComparison:
    """Outcome of :func:`compare_asymptotic`."""

    verdict: str  # "consistent" | "inconsistent" | "inconclusive" | "no-constant"
    kind: str
    coefficient: float
    slope: SlopeEstimate
    ratio: float  # coefficient / slope
    decision: st.Decision | None = None  # None when there is no constant to test


def compare_asymptotic(checkpoints, regret, coefficient: float, kind: str,
                       decades: float = DEFAULT_DECADES,
                       level: float = DEFAULT_LEVEL) -> AsymptoticComparison:
    """Compare a ``log n`` coefficient (``kind`` "upper" or "lower") with the empirical slope."""
    if kind not in ("upper", "lower"):
        raise ValueError(f"kind must be 'upper' or 'lower', got {kind!r}")
    s = log_slope(checkpoints, regret, decades, level)
    c = float(coefficient)
    ratio = c / s.slope if s.slope != 0 else math.inf
    if math.isnan(c):
        return AsymptoticComparison("no-constant", kind, c, s, math.nan)
    decision = st.decide([slope_comparison(s, c, kind)], 1.0 - s.level)
    return AsymptoticComparison(ASYMPTOTIC_VERDICT[decision.answer], kind, c, s, ratio, decision)


def compare_with_bound(checkpoints, regret, bound_at: Callable[[int], object],
                       level: float = DEFAULT_LEVEL, decades: float = DEFAULT_DECADES,
                       simultaneous: bool = True):
    """Dispatch on a bound: ``bound_at(n)`` returns a :class:`clickbound.bounds.result.BoundResult`.

    Finite-time explicit upper bounds go to :func:`compare_finite` (evaluated at every
    checkpoint); asymptotic ones and all lower bounds to :func:`compare_asymptotic`
    with the coefficient at the largest checkpoint.
    """
    n, _ = _validate(checkpoints, regret)
    # only the largest n is needed (and evaluated) for an asymptotic bound, whose
    # domain may exclude small n (DCM bounds need log log n > 0)
    last = bound_at(int(n[-1]))
    if last.asymptotic or last.kind == "lower":
        return compare_asymptotic(n, regret, last.log_coefficient, last.kind, decades, level)
    values = np.array([bound_at(int(x)).value for x in n[:-1]] + [last.value])
    return compare_finite(n, regret, values, level, simultaneous)
