"""Exact probability tools for the concentration and observable-depth claims.

Used by CONC-*, UCB1-* and OD-*; sources
``002_3ec5ec57f55c1fdf.txt`` (確率不等式, UCB) and ``001_eb740855b56fcd8b.txt`` (補題 1).
This module registers no claims; it only computes.

Everything here is exact rational arithmetic (:class:`fractions.Fraction`) unless a
name ends in ``_mp``:

* finite distributions are ``{value: prob}`` dicts with rational values and
  probabilities (``int``, ``Fraction``, ``sympy.Rational`` or a ``"p/q"`` string;
  floats are refused because they would smuggle rounding into a verdict);
* sums of independent variables are exact convolutions;
* ``binomial_tail_ge`` is exact for any n (integer recurrence with small multipliers;
  about 0.03 s at n = 5000 and 0.4 s at n = 20 000 for p = 1/3);
  ``binomial_tail_ge_mp`` is the mpmath route beyond that (n ≳ 10^5), at a stated ``dps``;
* :func:`sum_distribution` convolves Fractions and is meant for small supports and n of at
  most a few hundred (the support of the sum and the denominators grow with n);
* :func:`exp_bounds` gives rigorous rational bounds on ``e^q`` for rational q, so
  that "exact tail ≤ exp(rational)" is decided without floating point;
* :func:`crossing_probability` is an exact dynamic programme over the Bernoulli
  random walk (integer path weights) for boundary-crossing probabilities (OD-L1).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

import mpmath
import numpy as np

# Digits used wherever a transcendental number (log t) must be floored exactly.
LOG_DPS = 60
# A floored value whose fractional part is closer than this to 0 or 1 would be
# ambiguous at LOG_DPS digits; we raise instead of guessing.
FLOOR_MARGIN = mpmath.mpf(10) ** -30


def to_fraction(x, name: str = "value") -> Fraction:
    """Convert an exact number to :class:`Fraction`; refuse floats and junk.

    Raises ``ValueError`` naming ``name`` for floats, NaN or non-numbers.
    """
    if isinstance(x, bool):
        raise ValueError(f"{name} must be a rational number, got bool {x!r}")
    if isinstance(x, Fraction):
        return x
    if isinstance(x, (int, np.integer)):
        return Fraction(int(x))
    if isinstance(x, str):
        try:
            return Fraction(x)
        except ValueError as exc:
            raise ValueError(f"{name} must be a rational number, got {x!r}") from exc
    if isinstance(x, float):
        raise ValueError(f"{name} must be exact (int/Fraction/sympy Rational), got float {x!r}")
    try:
        import sympy as sp

        if isinstance(x, sp.Rational):
            return Fraction(int(x.p), int(x.q))
    except ImportError:  # pragma: no cover - sympy is a hard dependency
        pass
    raise ValueError(f"{name} must be a rational number, got {type(x).__name__} {x!r}")


def validate_dist(dist: Mapping, name: str = "dist") -> dict[Fraction, Fraction]:
    """Return ``dist`` with Fraction keys/probs; check probs in [0,1] summing to 1 exactly."""
    if not dist:
        raise ValueError(f"{name} must be a non-empty {{value: prob}} mapping, got {dist!r}")
    out: dict[Fraction, Fraction] = {}
    for v, p in dist.items():
        fv, fp = to_fraction(v, f"{name} value"), to_fraction(p, f"{name}[{v}]")
        if fp < 0 or fp > 1:
            raise ValueError(f"{name}[{v}] must be a probability in [0, 1], got {fp}")
        out[fv] = out.get(fv, Fraction(0)) + fp
    total = sum(out.values())
    if total != 1:
        raise ValueError(f"{name} probabilities must sum to 1 exactly, got {total}")
    return {v: p for v, p in out.items() if p != 0}


def bernoulli(p, scale=1, shift=0) -> dict[Fraction, Fraction]:
    """Distribution of ``shift + scale * Bernoulli(p)`` (exact)."""
    fp = to_fraction(p, "p")
    if not 0 <= fp <= 1:
        raise ValueError(f"p must be in [0, 1], got {fp}")
    s, c = to_fraction(scale, "scale"), to_fraction(shift, "shift")
    return validate_dist({c: 1 - fp, c + s: fp} if s != 0 else {c: Fraction(1)})


def mean(dist: Mapping) -> Fraction:
    d = validate_dist(dist)
    return sum(v * p for v, p in d.items())


def variance(dist: Mapping) -> Fraction:
    d = validate_dist(dist)
    m = sum(v * p for v, p in d.items())
    return sum((v - m) ** 2 * p for v, p in d.items())


def convolve(d1: Mapping, d2: Mapping) -> dict[Fraction, Fraction]:
    """Distribution of ``X + Y`` for independent ``X ~ d1``, ``Y ~ d2`` (exact)."""
    out: dict[Fraction, Fraction] = {}
    for v1, p1 in d1.items():
        for v2, p2 in d2.items():
            out[v1 + v2] = out.get(v1 + v2, Fraction(0)) + p1 * p2
    return out


def sum_distribution(dists: Sequence[Mapping]) -> dict[Fraction, Fraction]:
    """Exact distribution of the sum of independent variables ``X_i ~ dists[i]``."""
    if len(dists) == 0:
        raise ValueError("dists must hold at least one distribution, got an empty sequence")
    acc = validate_dist(dists[0], "dists[0]")
    for i, d in enumerate(dists[1:], start=1):
        acc = convolve(acc, validate_dist(d, f"dists[{i}]"))
    return acc


def tail_ge(dist: Mapping, threshold) -> Fraction:
    """``P(X >= threshold)`` exactly."""
    th = to_fraction(threshold, "threshold")
    return sum((p for v, p in dist.items() if v >= th), Fraction(0))


def joint_outcomes(dists: Sequence[Mapping]) -> Iterator[tuple[tuple, Fraction]]:
    """All outcomes ``(x_1, …, x_n)`` of independent ``X_i ~ dists[i]`` with their probability."""
    checked = [sorted(validate_dist(d, f"dists[{i}]").items()) for i, d in enumerate(dists)]
    for combo in itertools.product(*checked):
        prob = Fraction(1)
        for _, p in combo:
            prob *= p
        yield tuple(v for v, _ in combo), prob


def expectation(f: Callable, dists: Sequence[Mapping]):
    """``E[f(X_1, …, X_n)]`` for independent discrete ``X_i`` by full enumeration.

    Exact when ``f`` returns ints/Fractions (or sympy expressions: the sum is then symbolic).
    Cost is the product of the support sizes — meant for a few small variables.
    """
    total = 0
    for xs, p in joint_outcomes(dists):
        total = total + p * f(*xs)
    return total


# --------------------------------------------------------------------------- binomial

def binomial_pmf(n: int, p) -> list[Fraction]:
    """Exact ``P(Bin(n, p) = k)`` for k = 0..n."""
    if int(n) != n or n < 0:
        raise ValueError(f"n must be a non-negative integer, got {n!r}")
    fp = to_fraction(p, "p")
    if not 0 <= fp <= 1:
        raise ValueError(f"p must be in [0, 1], got {fp}")
    a, b, q = fp.numerator, fp.denominator - fp.numerator, fp.denominator
    denom = q ** n
    return [Fraction(math.comb(n, k) * a ** k * b ** (n - k), denom) for k in range(n + 1)]


def binomial_tail_ge(n: int, p, k: int) -> Fraction:
    """Exact ``P(Bin(n, p) >= k)`` as a Fraction (integer arithmetic on a common denominator)."""
    if int(k) != k:
        raise ValueError(f"k must be an integer, got {k!r}")
    if k <= 0:
        return Fraction(1)
    if k > n:
        return Fraction(0)
    fp = to_fraction(p, "p")
    if not 0 <= fp <= 1:
        raise ValueError(f"p must be in [0, 1], got {fp}")
    a, b, q = fp.numerator, fp.denominator - fp.numerator, fp.denominator
    if b == 0:  # p = 1
        return Fraction(1)
    # T_j = C(n,j) a^j b^(n−j); T_{j+1} = (T_j // b)·(n−j)·a // (j+1) is exact integer arithmetic
    # with small multipliers only, so the sum costs O(n) big-integer passes instead of O(n) big products.
    term = math.comb(n, k) * a ** k * b ** (n - k)
    num = term
    for j in range(k, n):
        term = (term // b) * (n - j) * a // (j + 1)
        num += term
    return Fraction(num, q ** n)


def binomial_tail_ge_mp(n: int, p, k: int, dps: int = 60) -> mpmath.mpf:
    """``P(Bin(n, p) >= k)`` in mpmath at ``dps`` digits (for n too large for Fractions).

    Summed term by term with the ratio recurrence; all terms are positive, so the
    relative error is about ``n * 10**-dps``.
    """
    if k <= 0:
        return mpmath.mpf(1)
    if k > n:
        return mpmath.mpf(0)
    fp = to_fraction(p, "p")
    if fp in (0, 1):
        return mpmath.mpf(int(fp))
    with mpmath.workdps(dps):
        pm = mpmath.mpf(fp.numerator) / fp.denominator
        term = mpmath.binomial(n, k) * pm ** k * (1 - pm) ** (n - k)
        total = mpmath.mpf(0)
        for j in range(k, n + 1):
            total += term
            if j < n:
                term = term * (n - j) / (j + 1) * pm / (1 - pm)
        return +total


# --------------------------------------------------------------------- exp and log, exact

def exp_bounds(q, terms: int = 40) -> tuple[Fraction, Fraction]:
    """Rational ``lo <= e^q <= hi`` for rational ``q`` (rigorous Taylor bounds).

    For ``y = |q|``: ``S_N = Σ_{k<=N} y^k/k!`` satisfies
    ``S_N <= e^y <= S_N + y^{N+1}/(N+1)! · 1/(1 − y/(N+2))`` when ``N + 2 > y``.
    ``terms`` is a minimum; more are taken until ``N + 2 > 2y`` and the remainder
    is below ``1e-25 · S_N``.
    """
    fq = to_fraction(q, "q")
    y = abs(fq)
    s, term, k = Fraction(0), Fraction(1), 0
    # At least ``terms`` terms, past the peak (k + 2 > 2y), and until the tail is
    # below 1e-25 of the partial sum, so the bracket is tight as well as rigorous.
    while k < terms or k + 2 <= 2 * y or term * 10 ** 25 > s:
        s += term
        term = term * y / (k + 1)
        k += 1
    # term is now y^{k}/k! with k = N + 1 terms summed (N = k − 1)
    rem = term / (1 - y / (k + 1))
    lo, hi = s, s + rem
    if fq >= 0:
        return lo, hi
    return 1 / hi, 1 / lo


def exp_compare(q, r, max_terms: int = 2000) -> int:
    """Sign of ``e^q − r`` for rationals q, r, decided exactly.

    ``e^q`` is irrational for rational ``q != 0`` (Lindemann), so the sign is never
    0 then; the bounds are refined until they separate.
    """
    fq, fr = to_fraction(q, "q"), to_fraction(r, "r")
    if fq == 0:
        return (fr < 1) - (fr > 1)
    terms = 40
    while terms <= max_terms:
        lo, hi = exp_bounds(fq, terms)
        if lo > fr:
            return 1
        if hi < fr:
            return -1
        terms *= 2
    raise ArithmeticError(f"exp_compare could not separate e^{fq} from {fr} with {max_terms} terms")


@lru_cache(maxsize=256)
def _log_mp(t: int) -> mpmath.mpf:
    """``log t`` at LOG_DPS digits (cached: the OD-L1 DP floors c·log t for every n)."""
    with mpmath.workdps(LOG_DPS):
        return mpmath.log(t)


def floor_mul_log(c, t: int) -> int:
    """``floor(c · log t)`` for rational ``c >= 0`` and integer ``t >= 1``, decided exactly.

    Computed at LOG_DPS digits; ``c log t`` is irrational for t >= 2 and c > 0, and we
    refuse (ArithmeticError) if it lies within FLOOR_MARGIN of an integer, so the floor
    is certain.
    """
    fc = to_fraction(c, "c")
    if fc < 0:
        raise ValueError(f"c must be >= 0, got {fc}")
    if int(t) != t or t < 1:
        raise ValueError(f"t must be a positive integer, got {t!r}")
    if t == 1 or fc == 0:
        return 0
    with mpmath.workdps(LOG_DPS):
        x = mpmath.mpf(fc.numerator) / fc.denominator * _log_mp(int(t))
        m = int(mpmath.floor(x))
        frac = x - m
        if frac < FLOOR_MARGIN or 1 - frac < FLOOR_MARGIN:
            raise ArithmeticError(f"c·log t = {x} too close to an integer to floor at {LOG_DPS} digits")
    return m


# ---------------------------------------------------------------- boundary crossing (OD-L1)

def sqrt_log_band(n: int, t: int, alpha, theta) -> tuple[int, int]:
    """Integers k in [0, n] with ``|k − nθ| <= sqrt(α n log t)`` (inclusive ``(lo, hi)``).

    Exact: with θ = p/q, ``(qk − np)^2 <= q^2 α n log t`` ⇔ ``|qk − np| <= isqrt(floor(q^2 α n log t))``.
    May return ``lo > hi`` (empty band).
    """
    fa, ft = to_fraction(alpha, "alpha"), to_fraction(theta, "theta")
    if fa <= 0:
        raise ValueError(f"alpha must be > 0, got {fa}")
    if not 0 <= ft <= 1:
        raise ValueError(f"theta must be in [0, 1], got {ft}")
    p, q = ft.numerator, ft.denominator
    d = math.isqrt(floor_mul_log(q * q * fa * n, t))
    lo = -((d - n * p) // q)  # ceil((np − d)/q)
    hi = (n * p + d) // q
    return max(lo, 0), min(hi, n)


def crossing_probability(t: int, theta, band: Callable[[int], tuple[int, int]]) -> Fraction:
    """Exact ``P(∃ n ∈ [1, t]: S_n ∉ band(n))`` for ``S_n`` a Bernoulli(θ) random walk.

    ``band(n) = (lo, hi)`` is the inclusive range of surviving values of ``S_n``.
    The DP carries integer path weights ``Σ p^k (q − p)^{n−k}`` (θ = p/q) of the
    paths that have not yet left the band, so the result is an exact Fraction;
    cost ≈ Σ_n (band width) big-integer additions.
    """
    if int(t) != t or t < 0:
        raise ValueError(f"t must be a non-negative integer, got {t!r}")
    ft = to_fraction(theta, "theta")
    if not 0 <= ft <= 1:
        raise ValueError(f"theta must be in [0, 1], got {ft}")
    p, q = ft.numerator, ft.denominator
    w_up, w_down = p, q - p
    lo, w = 0, np.array([1], dtype=object)  # weights for S_0 = 0
    for n in range(1, t + 1):
        # S_n ranges over lo .. lo + len(w) from the surviving S_{n-1} values.
        new = np.zeros(len(w) + 1, dtype=object)
        if w_up == w_down:  # θ = 1/2: skip the multiplications by 1 (half the big-int work)
            new[:-1] = w
            new[1:] += w
        else:
            new[:-1] += w * w_down
            new[1:] += w * w_up
        blo, bhi = band(n)
        a, b = max(blo, lo), min(bhi, lo + len(w))
        if a > b:
            return Fraction(1)
        w, lo = new[a - lo:b - lo + 1], a
    surviving = int(sum(w, 0))
    return 1 - Fraction(surviving, q ** t)


def crossing_probability_bruteforce(t: int, theta, band: Callable[[int], tuple[int, int]]) -> Fraction:
    """Reference for :func:`crossing_probability`: enumerate all ``2^t`` paths (tiny t only)."""
    if t > 20:
        raise ValueError(f"t must be <= 20 for brute force, got {t}")
    ft = to_fraction(theta, "theta")
    bands = [band(n) for n in range(1, t + 1)]
    total = Fraction(0)
    for path in itertools.product((0, 1), repeat=t):
        s, prob, crossed = 0, Fraction(1), False
        for n, x in enumerate(path, start=1):
            s += x
            prob *= ft if x else 1 - ft
            lo, hi = bands[n - 1]
            if not lo <= s <= hi:
                crossed = True
        if crossed:
            total += prob
    return total


def fixed_n_deviation_probability(n: int, theta, band_n: tuple[int, int]) -> Fraction:
    """``P(S_n ∉ band_n)`` for a *fixed* sample size n (the Hoeffding situation)."""
    lo, hi = max(band_n[0], 0), min(band_n[1], n)
    ft = to_fraction(theta, "theta")
    a, q = ft.numerator, ft.denominator
    b = q - a
    # one common denominator q^n: summing n Fractions over 2^n-sized denominators is far slower
    inside = 0
    if lo <= hi:
        c = math.comb(n, lo)
        for k in range(lo, hi + 1):
            inside += c * a ** k * b ** (n - k)
            c = c * (n - k) // (k + 1)
    return 1 - Fraction(inside, q ** n)


__all__ = [
    "bernoulli",
    "binomial_pmf",
    "binomial_tail_ge",
    "binomial_tail_ge_mp",
    "convolve",
    "crossing_probability",
    "crossing_probability_bruteforce",
    "exp_bounds",
    "exp_compare",
    "expectation",
    "fixed_n_deviation_probability",
    "floor_mul_log",
    "joint_outcomes",
    "mean",
    "sqrt_log_band",
    "sum_distribution",
    "tail_ge",
    "to_fraction",
    "validate_dist",
    "variance",
]
