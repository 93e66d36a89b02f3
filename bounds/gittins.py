"""The Gittins index of a Bernoulli arm with a Beta prior, to a certified tolerance (source 003).

Source ``003_f899901a464da92a.txt``, "Варианты решения SMAB" (lines 41-43): "В случае λ < 1 и байесовской
постановки … (Gittins) … Для каждой ручки надо вычислять так называемый dynamic allocation index (gittins
index) и брать ручку с максимальным значением индекса.  Сам алгоритм является некоторой вариацией
динамического программирования и является очень трудоемким".

Definition (calibration, Gittins 1979): an arm with posterior ``Beta(a, b)`` pays ``X ~ Ber(θ)``; a known
arm pays ``p`` every round; rewards are discounted by ``λ`` per round.  With retirement value
``R = p/(1 − λ)``,

    V(a, b; p) = max(R, C(a, b; p)),   C = μ + λ (μ V(a+1, b; p) + (1 − μ) V(a, b+1; p)),   μ = a/(a+b),

and the index ``ν(a, b)`` is the ``p`` at which ``C(a, b; p) = R`` (``C − R`` decreases strictly in ``p``:
its slope is at most ``λ/(1 − λ) − 1/(1 − λ) < 0``).  ``ν ≥ μ`` (playing the arm forever earns
``μ/(1 − λ)``, the posterior mean being a martingale) and ``ν ≤ 1``.

Certification.  The recursion is cut at depth ``D`` below the root with two terminal values,
``max(R, μ)/(1 − λ)`` (a lower bound: retire, or play forever) and ``1/(1 − λ)`` (an upper bound);
backward induction is monotone, so the root's ``C`` lies in ``[C_lo, C_hi]``, ``C_hi − C_lo ≤
λ^D/(1 − λ)``.  Bisection on ``p`` moves ``lo`` up only when ``C_lo > R + SLACK`` and ``hi`` down only
when ``C_hi < R − SLACK``, so ``ν ∈ [lo, hi]`` whatever ``D`` is; ``SLACK`` covers the floating-point
rounding of the recursion (``≤ 4D`` operations of relative error ``2^-53`` on values ``≤ 1/(1 − λ)``).
When neither test passes, ``ν`` is within the truncation width of ``p``; the slope of ``C − R`` in ``p``
is ``−E Σ_(s<τ) λ^s ≤ −1`` (``τ ≥ 1`` the retirement round), so ``p ± w`` are tested once more with
``w`` twice that width, and the bracket stops there (its width says how far it got).
"""
from __future__ import annotations

import math
from functools import lru_cache

import numba
import numpy as np

#: absolute slack on the comparison C ≷ R (float rounding of a depth-D recursion; see the module docstring)
SLACK_PER_LEVEL = 1e-15


def depth_for(lam: float, tol: float) -> int:
    """Smallest ``D`` with ``λ^D/(1 − λ) ≤ tol/4`` (truncation well inside the target width)."""
    _check(lam, tol)
    return max(1, math.ceil(math.log(tol * (1.0 - lam) / 4.0) / math.log(lam)))


def _check(lam, tol):
    if not 0.0 < lam < 1.0:
        raise ValueError(f"lam must lie in (0, 1), got {lam!r}")
    if not 0.0 < tol < 1.0:
        raise ValueError(f"tol must lie in (0, 1), got {tol!r}")


@numba.njit(cache=True)
def continue_bounds(a, b, p, lam, D, lo, hi):
    """``(C_lo, C_hi)`` of the root ``Beta(a, b)`` at retirement pay ``p``; ``lo``, ``hi`` work buffers (≥ D + 1)."""
    R = p / (1.0 - lam)
    top = 1.0 / (1.0 - lam)
    for i in range(D + 1):  # level D: i successes, D - i failures
        mu = (a + i) / (a + b + D)
        lo[i] = max(R, mu / (1.0 - lam))
        hi[i] = max(R, top)
    for level in range(D - 1, -1, -1):
        for i in range(level + 1):  # successors (i+1, ·) at index i+1 and (i, ·+1) at index i
            mu = (a + i) / (a + b + level)
            clo = mu + lam * (mu * lo[i + 1] + (1.0 - mu) * lo[i])
            chi = mu + lam * (mu * hi[i + 1] + (1.0 - mu) * hi[i])
            if level == 0:
                return clo, chi
            lo[i] = max(R, clo)
            hi[i] = max(R, chi)
    return 0.0, 0.0  # unreachable for D >= 1


@numba.njit(cache=True)
def index_bracket_nb(a, b, lam, tol, D, slack):
    """``(lo, hi)`` with ``ν(a, b) ∈ [lo, hi]`` (module docstring); stops at width ``tol`` or when undecided."""
    lo_buf = np.empty(D + 2)
    hi_buf = np.empty(D + 2)
    lo = a / (a + b)
    hi = 1.0
    R_scale = 1.0 / (1.0 - lam)
    while hi - lo > tol:
        p = 0.5 * (lo + hi)
        clo, chi = continue_bounds(a, b, p, lam, D, lo_buf, hi_buf)
        R = p * R_scale
        if clo > R + slack:
            lo = p
        elif chi < R - slack:
            hi = p
        else:
            # ν is within the truncation width of p: |C − R| grows at least like |p − ν| (the slope of
            # C − R in p is −E Σ_(s<τ) λ^s ≤ −1), so p ± w with w = 2·width + 4·slack are decided
            w = 2.0 * (chi - clo) + 4.0 * slack + 1e-15
            c1, _ = continue_bounds(a, b, p - w, lam, D, lo_buf, hi_buf)
            if c1 > (p - w) * R_scale + slack and p - w > lo:
                lo = p - w
            _, c2 = continue_bounds(a, b, p + w, lam, D, lo_buf, hi_buf)
            if c2 < (p + w) * R_scale - slack and p + w < hi:
                hi = p + w
            break
    return lo, hi


def index_bracket(a: float, b: float, lam: float, tol: float = 1e-9) -> tuple[float, float]:
    """Certified bracket ``[lo, hi] ∋ ν(a, b)`` of the Gittins index of ``Beta(a, b)`` at discount ``lam``."""
    _check(lam, tol)
    if not (a > 0 and b > 0):
        raise ValueError(f"Beta parameters must be > 0, got a={a!r}, b={b!r}")
    D = depth_for(lam, tol)
    slack = SLACK_PER_LEVEL * 4 * D / (1.0 - lam)
    return index_bracket_nb(float(a), float(b), float(lam), float(tol), D, slack)


@numba.njit(cache=True)
def _table_nb(a0, b0, lam, tol, D, slack, depth, lo, hi):
    for s in range(depth + 1):
        for f in range(depth + 1 - s):
            x, y = index_bracket_nb(a0 + s, b0 + f, lam, tol, D, slack)
            lo[s, f] = x
            hi[s, f] = y


@lru_cache(maxsize=16)
def index_table(lam: float, a0: float = 1.0, b0: float = 1.0, depth: int = 100,
                tol: float = 1e-7) -> tuple[np.ndarray, np.ndarray]:
    """Brackets ``lo[s, f] ≤ ν(a0 + s, b0 + f) ≤ hi[s, f]`` for every ``s + f ≤ depth`` (read-only arrays)."""
    _check(lam, tol)
    if isinstance(depth, bool) or int(depth) != depth or depth < 0:
        raise ValueError(f"depth must be an integer >= 0, got {depth!r}")
    D = depth_for(lam, tol)
    slack = SLACK_PER_LEVEL * 4 * D / (1.0 - lam)
    lo = np.full((depth + 1, depth + 1), np.nan)
    hi = np.full((depth + 1, depth + 1), np.nan)
    _table_nb(float(a0), float(b0), float(lam), float(tol), D, slack, int(depth), lo, hi)
    lo.setflags(write=False)
    hi.setflags(write=False)
    return lo, hi
