"""The project's one Bernoulli KL divergence and one KL-UCB index.

SPEC §0 (``D_KL``), §2.2 (KL-MONO, KL-INDEX); sources ``000_0b27131c69d8f24c.txt``
(dcmKL-UCB) and ``003_f899901a464da92a.txt`` (KL-UCB).

``D_KL(p‖q) = p log(p/q) + (1−p) log((1−p)/(1−q))`` with ``0 log 0 = 0``.

KL-UCB index (threshold convention, SPEC §3)::

    U = max{ q ∈ [w, 1] : T · D_KL(w‖q) ≤ g(t) },
    g(t) = log t + 3 log log t   for t ≥ 3,
    g(t) = log t                for t < 3   (log log t ≤ 0 there; we drop the term).

The scalar kernels are numba-compiled so that simulation kernels call the very
same code; the numpy wrappers broadcast them for Python callers.
"""
from __future__ import annotations

import math

import numba
import numpy as np
import sympy as sp

#: absolute accuracy the index solver guarantees (KL-INDEX checks it against mpmath)
INDEX_TOL = 1e-13


@numba.njit(cache=True, inline="always")
def kl_scalar(p: float, q: float) -> float:
    """Bernoulli KL divergence ``D_KL(p‖q)`` for floats, ``0 log 0 = 0``, ``+inf`` off support."""
    out = 0.0
    if p > 0.0:
        if q <= 0.0:
            return math.inf
        out += p * math.log(p / q)
    if p < 1.0:
        if q >= 1.0:
            return math.inf
        out += (1.0 - p) * math.log((1.0 - p) / (1.0 - q))
    return out


@numba.njit(cache=True, inline="always")
def klucb_threshold(t: float) -> float:
    """``log t + 3 log log t`` for ``t ≥ 3``, ``log t`` for ``t < 3`` (SPEC §3 convention)."""
    if t < 3.0:
        return math.log(t) if t > 1.0 else 0.0
    return math.log(t) + 3.0 * math.log(math.log(t))


@numba.njit(cache=True)
def klucb_index_scalar(w: float, T: float, t: float) -> float:
    """KL-UCB upper confidence index for empirical mean ``w`` after ``T`` observations at round ``t``.

    Solves ``T·D_KL(w‖q) = g(t)`` for ``q ∈ [w, 1)`` by safeguarded Newton on the
    increasing convex map ``q ↦ D_KL(w‖q)`` (KL-MONO), returning 1 when ``w = 1``
    and ``w`` when ``g(t) = 0``.
    """
    if w >= 1.0:
        return 1.0
    level = klucb_threshold(t) / T
    if level <= 0.0:
        return w
    lo = w
    hi = 1.0
    # Start from the Pinsker bound (KL-PINSKER): U ≤ w + sqrt(level/2)
    q = w + math.sqrt(level / 2.0)
    if q >= 1.0:
        q = 0.5 * (w + 1.0)
    for _ in range(100):
        f = kl_scalar(w, q) - level
        if f > 0.0:
            hi = q
        else:
            lo = q
        if hi - lo <= INDEX_TOL:
            break
        d = (q - w) / (q * (1.0 - q))
        nq = q - f / d if d > 0.0 else 0.5 * (lo + hi)
        if not (lo < nq < hi):
            nq = 0.5 * (lo + hi)
        if abs(nq - q) <= 0.25 * INDEX_TOL:
            lo = nq if kl_scalar(w, nq) <= level else lo
            break
        q = nq
    return lo


@numba.vectorize(["float64(float64, float64)"], cache=True)
def _kl_vec(p, q):
    return kl_scalar(p, q)


@numba.vectorize(["float64(float64, float64, float64)"], cache=True)
def _klucb_vec(w, T, t):
    return klucb_index_scalar(w, T, t)


def kl_bernoulli(p, q):
    """Vectorised ``D_KL(p‖q)``; raises ``ValueError`` for values outside [0, 1]."""
    p = np.asarray(p, dtype=float)
    q = np.asarray(q, dtype=float)
    if np.any((p < 0) | (p > 1) | np.isnan(p)):
        raise ValueError(f"p must lie in [0, 1], got {p}")
    if np.any((q < 0) | (q > 1) | np.isnan(q)):
        raise ValueError(f"q must lie in [0, 1], got {q}")
    out = _kl_vec(p, q)
    return float(out) if out.ndim == 0 else out


def klucb_index(w, T, t):
    """Vectorised KL-UCB index (see module docstring); validates its inputs."""
    w = np.asarray(w, dtype=float)
    T = np.asarray(T, dtype=float)
    t = np.asarray(t, dtype=float)
    if np.any((w < 0) | (w > 1) | np.isnan(w)):
        raise ValueError(f"w must lie in [0, 1], got {w}")
    if np.any(T < 1):
        raise ValueError(f"T (observations) must be >= 1, got {T}")
    if np.any(t < 1):
        raise ValueError(f"t (round) must be >= 1, got {t}")
    out = _klucb_vec(w, T, t)
    return float(out) if out.ndim == 0 else out


def kl_sym(p, q):
    """``D_KL(p‖q)`` as a sympy expression (for proofs); same formula as :func:`kl_scalar`."""
    p, q = sp.sympify(p), sp.sympify(q)
    return p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
