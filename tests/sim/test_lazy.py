"""The lazy KL-UCB top-K's cached bounds (sim/policies/_lazy.py; KL-INDEX, KL-MONO, source 000_0b27131c69d8f24c.txt).

The lazy kernel may skip an index evaluation only on a true bound, so the tangent bound and the
re-bracketing after one new observation are checked here against the computed index (what the
eager kernel compares) and against the 50-digit mpmath reference (``lemmas.lecture.klucb.klucb_index_mp``).
"""
import math

import mpmath as mp
import numpy as np
import pytest

from clickbound.bounds.kl import klucb_index_level, klucb_threshold
from clickbound.lemmas.lecture.klucb import klucb_index_mp, klucb_index_mp_level
from clickbound.sim.policies._lazy import (
    EPS_Q,
    G_UP,
    MARGIN,
    WCAP,
    horizon,
    rebracket,
    tangent_upper,
)

#: the module docstring's guarantee: the computed index at the later round is <= hi + 2ε + 2⁻⁵³
COMPUTED_SLACK = 2 * EPS_Q + 2.0 ** -53
#: and the true index is <= hi + ε + 2⁻⁵³ (the reference's level g(t)/T is exact, ours rounded: +1e-15)
TRUE_SLACK = EPS_Q + 2.0 ** -53 + 1e-15


def _hi(w, T, t0, t1):
    """What the kernel stores: the tangent bound at round t1 from the exact value at round t0."""
    g0 = klucb_threshold(float(t0))
    q0 = klucb_index_level(w, g0 / T)
    return q0, tangent_upper(q0, q0, w, T, klucb_threshold(float(t1)) * G_UP - g0)


def _random_cases(rng, n):
    for _ in range(n):
        T = float(rng.integers(1, 10 ** int(rng.integers(1, 7))))
        S = float(rng.choice([0, T, rng.integers(0, T + 1), min(T, rng.integers(0, 3))]))
        t0 = int(rng.integers(1, 10 ** int(rng.integers(1, 8))))
        t1 = t0 + int(rng.choice([1, 1 + t0 // 256, 1 + t0 // 8, 10 * t0]))
        yield S / T, T, t0, t1


def test_tangent_bound_is_above_the_computed_index():
    rng = np.random.default_rng(np.random.SeedSequence(404))
    tight = 0
    for w, T, t0, t1 in _random_cases(rng, 20_000):
        _, hi = _hi(w, T, t0, t1)
        q1 = klucb_index_level(w, klucb_threshold(float(t1)) / T)
        assert q1 <= hi + COMPUTED_SLACK, (w, T, t0, t1, q1, hi)
        assert COMPUTED_SLACK < MARGIN  # the kernel's margin covers the guarantee
        if t1 - t0 <= 1 + t0 // 256 and math.isfinite(hi) and 0 < w < 1:
            tight += hi - q1 <= 0.01 * (q1 - w) + 1e-12  # useful: within 1% of the index's width
    assert tight > 1000  # the short-horizon bounds are close, not just valid


def test_tangent_bound_is_above_the_true_index():
    rng = np.random.default_rng(np.random.SeedSequence(405))
    for w, T, t0, t1 in list(_random_cases(rng, 60)) + [(0.2, 2.5e4, 50_000, 50_200), (0.05, 300.0, 3, 4)]:
        _, hi = _hi(w, T, t0, t1)
        assert klucb_index_mp(w, T, t1) <= mp.mpf(hi) + TRUE_SLACK, (w, T, t0, t1, hi)


@pytest.mark.parametrize("w,T,t0", [(0.3, 5.0, 1), (1.0, 3.0, 100), (0.0, 7.0, 50), (1 - 1e-15, 2.0, 10)])
def test_tangent_bound_edges(w, T, t0):
    # no usable slope (index within EPS_Q of w) -> +inf; w = 0: the closed form 1 − e^(−level)
    q0, hi = _hi(w, T, t0, t0 + 40)
    assert hi >= klucb_index_level(w, klucb_threshold(float(t0 + 40)) / T) - COMPUTED_SLACK
    if q0 - w <= EPS_Q:  # t0 = 1, w = 1 and w = 1 − 1e-15 (index capped just below 1)
        assert hi == math.inf
    else:
        assert q0 < hi < 1.0


def test_horizon_grid():
    for t in list(range(1, 5000)) + [2 ** 20 - 1, 2 ** 20, 10 ** 7 + 3]:
        h = horizon(t)
        s = max(16, 1 << max(0, (t >> 9).bit_length() - 1))
        assert h % s == 0 and s < h - t <= 2 * s, (t, h, s)
    hs = {horizon(t) for t in range(32, 48)}
    assert len(hs) == 1  # one horizon (one threshold evaluation) per grid step


def test_tangent_bound_from_a_bracket():
    # from a bracket [lo, top] (not a point) the bound starts at top with the slope at lo
    w, T, t0, t1 = 0.2, 2.5e4, 50_000, 50_200
    g0 = klucb_threshold(float(t0))
    q0 = klucb_index_level(w, g0 / T)
    dg = klucb_threshold(float(t1)) * G_UP - g0
    hi = tangent_upper(q0 - 1e-7, q0 + 1e-7, w, T, dg)
    assert hi >= tangent_upper(q0, q0, w, T, dg) + 1e-7 - 1e-15
    assert klucb_index_level(w, klucb_threshold(float(t1)) / T) <= hi


def _one_observation(rng, n):
    """(S, T, t, c, t1): an item's statistics at its last bracket (round t) and one new observation c."""
    for _ in range(n):
        T = float(rng.integers(1, 10 ** int(rng.integers(1, 7))))
        p = float(rng.choice([rng.uniform(0.0, 1.0), rng.uniform(0.0, 0.02), rng.uniform(0.98, 1.0)]))
        S = float(rng.binomial(int(T), p))
        t = int(rng.integers(T, 10 * T + 10))
        c = float(rng.random() < p)
        t1 = t + int(rng.choice([1, 1, 2, 1 + t // 100, 10 * t]))  # the later round may jump (no update meanwhile)
        yield S, T, t, c, t1


def _rebracket_case(S, T, t, c, t1, lo=None, top=None):
    g0 = klucb_threshold(float(t))
    w0, l0 = S / T, g0 / T
    q0 = klucb_index_level(w0, l0)
    lo = q0 if lo is None else lo
    top = q0 if top is None else top
    w1, l1 = (S + c) / (T + 1), klucb_threshold(float(t1)) / (T + 1)
    iw0 = 1.0 / w0 if w0 > 0 else 0.0
    a, b, iw1 = rebracket(lo, top, l0, w0, iw0, w1, l1)
    return a, b, w1, l1, iw1


def test_rebracket_contains_the_computed_index():
    rng = np.random.default_rng(np.random.SeedSequence(406))
    used = tight = 0
    for S, T, t, c, t1 in _one_observation(rng, 40_000):
        a, b, w1, l1, iw1 = _rebracket_case(S, T, t, c, t1)
        if math.isnan(a):  # no bound (w at 0 or 1, index at 1, ...): the kernel evaluates instead
            continue
        used += 1
        q1 = klucb_index_level(w1, l1)
        # the kernel's use: eager value within [a − M, b + M]; here the stronger [a − 2ε, b + 2ε]
        assert a - 2 * EPS_Q <= q1 <= b + 2 * EPS_Q, (S, T, t, c, t1, a, q1, b)
        assert iw1 == 1.0 / w1
        if t1 - t == 1 and T >= 1000 and b - a <= WCAP * (a - w1):
            tight += b - a <= 1e-6 * (q1 - w1)  # useful: far narrower than the gaps between top items
    assert used > 25_000 and tight > 3_000, (used, tight)


def test_rebracket_from_a_bracket_and_against_mpmath():
    rng = np.random.default_rng(np.random.SeedSequence(407))
    cases = list(_one_observation(rng, 40)) + [(4400.0, 2e4, 50_000, 0.0, 50_001), (4400.0, 2e4, 50_000, 1.0, 50_001),
                                               (3.0, 5.0, 7, 1.0, 8), (1.0, 9.0, 30, 0.0, 31)]
    for S, T, t, c, t1 in cases:
        q0 = klucb_index_level(S / T, klucb_threshold(float(t)) / T)
        for lo, top in ((q0, q0), (q0 - 1e-9, q0 + 1e-9)):
            a, b, w1, l1, _ = _rebracket_case(S, T, t, c, t1, lo, top)
            if math.isnan(a):
                continue
            ref = klucb_index_mp_level(w1, l1)  # the true index at the float arguments the kernel uses
            with mp.workdps(50):
                assert mp.mpf(a) - EPS_Q <= ref <= mp.mpf(b) + EPS_Q, (S, T, t, c, t1, a, ref, b)


def test_rebracket_declines_without_a_slope():
    # w at 0 or 1, a zero level, or a bracket reaching down to w: no bound, the kernel evaluates
    assert math.isnan(rebracket(0.3, 0.3, 0.01, 0.0, 0.0, 0.1, 0.01)[0])
    assert math.isnan(rebracket(0.3, 0.3, 0.01, 0.2, 5.0, 1.0, 0.01)[0])
    assert math.isnan(rebracket(0.3, 0.3, 0.0, 0.2, 5.0, 0.21, 0.01)[0])
    assert math.isnan(rebracket(0.2, 0.3, 0.01, 0.2, 5.0, 0.21, 0.01)[0])
