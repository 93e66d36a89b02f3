"""The project's one Bernoulli KL divergence and one KL-UCB index.

The project's notation (``D_KL``; docs/conventions.md); claims KL-MONO, KL-INDEX; sources ``000_0b27131c69d8f24c.txt``
(dcmKL-UCB) and ``003_f899901a464da92a.txt`` (KL-UCB).

``D_KL(p‖q) = p log(p/q) + (1−p) log((1−p)/(1−q))`` with ``0 log 0 = 0``.

KL-UCB index (threshold: the policy conventions, docs/conventions.md)::

    U = max{ q ∈ [w, 1] : T · D_KL(w‖q) ≤ g(t) },
    g(t) = log t + 3 log log t   for t ≥ 3,
    g(t) = log t                for t < 3   (log log t ≤ 0 there; we drop the term).

The scalar kernels are numba-compiled so that simulation kernels call the very
same code; the numpy wrappers broadcast them for Python callers.
"""
from __future__ import annotations

import math

import llvmlite.binding as llvm_binding
import numba
import numpy as np

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
    """``log t + 3 log log t`` for ``t ≥ 3``, ``log t`` for ``t < 3`` (the policy conventions, docs/conventions.md)."""
    if t < 3.0:
        return math.log(t) if t > 1.0 else 0.0
    return math.log(t) + 3.0 * math.log(math.log(t))


#: largest double below 1 (the index never returns a value the KL cannot be evaluated at)
_Q_MAX = 1.0 - 2.0 ** -53
#: Halley stops once its step is below this fraction of the distance to the nearer singular point
#: (``w`` or 1); the error left is then O(step³/dist²) ≤ 1e-9 · step (cubic convergence)
_HALLEY_STOP = 3e-5


@numba.njit(cache=True, error_model="numpy")
def klucb_index_level(w: float, level: float) -> float:
    """``max{q ∈ [w, 1] : D_KL(w‖q) ≤ level}`` — the KL-UCB index with ``level = g(t)/T``.

    Closed forms for ``w = 1`` (1), ``level ≤ 0`` (``w``) and ``w = 0``
    (``D_KL(0‖q) = −log(1−q)`` ⇒ ``q = 1 − e^{−level}``).  Otherwise Halley's method on
    ``f(q) = D_KL(w‖q) − level`` (increasing and convex on ``[w, 1)``, KL-MONO) with
    ``f' = (q−w)/(q(1−q))``, ``f'' = w/q² + (1−w)/(1−q)²``, started from a third-order
    expansion of the root and kept inside a shrinking bracket ``[w, hi]`` whose upper end is
    an upper bound of the root — Pinsker ``w + sqrt(level/2)`` (KL-PINSKER), tightened by the
    entropy bound ``1 − exp(−(level + H(w))/(1−w))`` (from ``w log(w/q) ≥ w log w``) when the
    expansion falls outside — (Newton, then bisection, when a Halley step would leave it).
    ``log w`` and ``log(1−w)`` are computed once, so each iteration costs two logarithms and
    one division; one or two iterations are typical.  Accuracy: ≤ 1e-13 absolute against the 50-digit mpmath
    reference on the KL-INDEX grid and on random points (tests/sim/test_klucb_index.py).
    """
    if w >= 1.0:
        return 1.0
    if level <= 0.0:
        return w
    if w <= 0.0:
        return -math.expm1(-level)
    lw = math.log(w)
    l1w = math.log1p(-w)
    lo = w
    hi = w + math.sqrt(0.5 * level)  # Pinsker
    if hi > _Q_MAX:
        hi = _Q_MAX
    # start: the expansion D_KL(w‖w+d) = d²/(2V) − (1−2w)d³/(3V²) + …, V = w(1−w), reverted to
    # third order in ε = sqrt(level): d ≈ s + 2(1−2w)·level/3 + (1−13V)·s·level/(18V), s = sqrt(2V·level)
    # (series reversion checked with sympy); relative error O(level^{3/2}/V), so one Halley step often
    # suffices at small level.  Outside the bracket (large level, or V tiny) start at the upper bound,
    # tightened by the entropy bound (only needed there, where Pinsker is poor).
    v = w * (1.0 - w)
    s = math.sqrt(2.0 * v * level)
    q = w + s + (1.0 - 2.0 * w) * level * (2.0 / 3.0) + (1.0 - 13.0 * v) * s * level / (18.0 * v)
    if not (lo < q < hi):
        he = -math.expm1(-(level - w * lw) / (1.0 - w) + l1w)
        if he < hi:
            hi = he
        q = hi
    c = w * lw + (1.0 - w) * l1w - level
    for _ in range(100):
        f = c - w * math.log(q) - (1.0 - w) * math.log1p(-q)
        if f > 0.0:
            hi = q
        elif f < 0.0:
            lo = q
        else:
            return q
        # with a = q − w, b = q(1 − q): f' = a/b, f'' = N/b², N = w(1−q)² + (1−w)q², so the
        # Halley step f/f' / (1 − f f''/(2f'²)) is f·a·b / (a² − f·N/2): one division
        a = q - w
        b = q * (1.0 - q)
        nn = w * (1.0 - q) * (1.0 - q) + (1.0 - w) * q * q
        den = a * a - 0.5 * f * nn
        halley = den > 0.5 * a * a  # the Halley correction factor stays below 2
        nq = q - f * a * b / den if halley else q - f * b / a
        if not (lo < nq < hi):
            halley = False
            nq = q - f * b / a
            if not (lo < nq < hi):
                nq = 0.5 * (lo + hi)
        move = abs(nq - q)
        q = nq
        if halley and move <= _HALLEY_STOP * min(q - w, 1.0 - q):
            break
        if hi - lo <= 4e-16:
            break
    return q


#: :func:`klucb_index_level` itself, compiled with the C calling convention and called from
#: numba code as an external C function.  Same source, same floats; a numba caller checks no
#: exception status after such a call, so numba can drop its reference counting around it — the
#: simulation kernels call the index through this (measured 8 % faster per round for the lazy
#: KL-UCB top-K).  The caller refers to it by symbol name (registered with LLVM's symbol table
#: in every process), not by address, so compiled callers stay cacheable on disk (
#: a ctypes pointer made them "dynamic globals" that numba refuses to cache).
_klucb_level_cfunc = numba.cfunc("float64(float64, float64)", cache=True, error_model="numpy")(
    klucb_index_level.py_func)
_KLUCB_LEVEL_SYMBOL = "clickbound_klucb_index_level"
llvm_binding.add_symbol(_KLUCB_LEVEL_SYMBOL, _klucb_level_cfunc.address)
klucb_index_level_c = numba.types.ExternalFunction(
    _KLUCB_LEVEL_SYMBOL, numba.types.float64(numba.types.float64, numba.types.float64))


@numba.njit(cache=True, error_model="numpy")
def klucb_index_scalar(w: float, T: float, t: float) -> float:
    """KL-UCB upper confidence index for empirical mean ``w`` after ``T`` observations at round ``t``.

    ``max{q ∈ [w, 1] : T·D_KL(w‖q) ≤ g(t)}`` with the conventional threshold ``g``; see
    :func:`klucb_index_level` for the solver and its accuracy.
    """
    return klucb_index_level(w, klucb_threshold(t) / T)


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
    import sympy as sp  # here, not at the top: simulations need no sympy (CLI start-up)

    p, q = sp.sympify(p), sp.sympify(q)
    return p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
