"""Goodness of fit of PBM-TS's sampler against its exact target posterior (ALG-PBMTS).

Source ``001_eb740855b56fcd8b.txt`` §6.4 b): PBM-TS's posterior "が Beta に閉じず, θ のサンプルは棄却
サンプリングで生成する".  The target, for an item with ``S`` clicks and ``F_j`` unclicked displays at
position j (prior Beta(a0, b0), known examination κ), is

    π(θ) ∝ θ^{a0−1+S} (1−θ)^{b0−1} ∏_j (1 − κ_j θ)^{F_j},   θ ∈ [0, 1].

:func:`exact_cdf` integrates this density (adaptive quadrature between consecutive evaluation
points, the log density of :mod:`clickbound.sim.policies._pbm_posterior` shifted by its maximum so
nothing overflows); :func:`ks` is the one-sample Kolmogorov–Smirnov test of draws against it (exact
finite-n distribution of ``D_n``, scipy's ``kstwo``); :func:`power_lower_bound` bounds the power of
that test against an alternative law from below, exactly: at any point x, ``n F̂(x)`` of draws from
the alternative G is Binomial(n, G(x)), and the KS test rejects whenever ``|F̂(x) − F(x)|`` exceeds
its critical value, so ``P(reject) ≥ max_x P(|Bin(n, G(x))/n − F(x)| > c)``.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import integrate, stats

from clickbound.sim.policies._pbm_posterior import build_envelope, log_post, mode, sample_envelope

#: quadrature tolerances: the CDF is summed from up to ~10^4 pieces, each to 1e-12 relative
QUAD_EPSREL = 1e-12
QUAD_EPSABS = 1e-14


def draw(S, F, kappa, n, rng, a0=1.0, b0=1.0) -> np.ndarray:
    """``n`` draws of PBM-TS's sampler (the kernel's own functions) for one item's counts."""
    F = np.asarray(F, float)
    kappa = np.asarray(kappa, float)
    x, hx, dx, z, cm = (np.empty(4) for _ in range(5))
    m, hmax = build_envelope(float(S), F, kappa, a0, b0, x, hx, dx, z, cm)
    return np.array([sample_envelope(rng, m, hmax, x, hx, dx, z, cm, float(S), F, kappa, a0, b0)
                     for _ in range(n)])


def _density(S, F, kappa, a0, b0):
    F = np.asarray(F, float)
    kappa = np.asarray(kappa, float)
    m = mode(float(S), F, kappa, a0, b0)
    h0 = log_post(m, float(S), F, kappa, a0, b0)
    return (lambda th: math.exp(log_post(th, float(S), F, kappa, a0, b0) - h0)), m


def exact_cdf(points, S, F, kappa, a0=1.0, b0=1.0) -> np.ndarray:
    """The target posterior's CDF at ``points`` (any order), by quadrature of the exact density."""
    pts = np.asarray(points, float)
    order = np.argsort(pts, kind="stable")
    dens, m = _density(S, F, kappa, a0, b0)
    knots = np.concatenate([[0.0], pts[order], [1.0]])
    pieces = np.empty(knots.size - 1)
    for i in range(pieces.size):
        lo, hi = knots[i], knots[i + 1]
        if hi <= lo:
            pieces[i] = 0.0
            continue
        brk = [m] if lo < m < hi else None
        pieces[i] = integrate.quad(dens, lo, hi, epsabs=QUAD_EPSABS, epsrel=QUAD_EPSREL, limit=200,
                                   points=brk)[0]
    cum = np.cumsum(pieces)
    out = np.empty(pts.size)
    out[order] = cum[:-1] / cum[-1]
    return out


def ks(samples, S, F, kappa, a0=1.0, b0=1.0) -> tuple[float, float]:
    """``(D_n, p-value)`` of the one-sample KS test of ``samples`` against the exact posterior (exact kstwo)."""
    x = np.sort(np.asarray(samples, float))
    n = x.size
    c = exact_cdf(x, S, F, kappa, a0, b0)
    i = np.arange(1, n + 1)
    d = float(max(np.max(i / n - c), np.max(c - (i - 1) / n)))
    return d, float(stats.kstwo.sf(d, n))


def power_lower_bound(cdf_null, cdf_alt, n: int, alpha: float) -> float:
    """Exact lower bound on the KS test's power at level ``alpha`` against the alternative.

    ``cdf_null``, ``cdf_alt``: the two CDFs on one grid of points.  ``c`` is the exact critical
    value of ``D_n`` (``kstwo.isf(alpha, n)``); the test rejects at least when, at one grid point,
    ``|F̂ − F| > c``, and there ``n F̂ ~ Binomial(n, G)`` exactly.
    """
    c = float(stats.kstwo.isf(alpha, n))
    F = np.asarray(cdf_null, float)
    G = np.clip(np.asarray(cdf_alt, float), 0.0, 1.0)
    hi = np.floor(n * (F + c))  # reject if n F̂ > n (F + c)
    lo = np.ceil(n * (F - c))   # reject if n F̂ < n (F − c)
    p = stats.binom.sf(hi, n, G) + stats.binom.cdf(lo - 1, n, G)
    return float(np.max(p))
