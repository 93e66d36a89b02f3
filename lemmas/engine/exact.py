"""Exact evaluation: the only place where a candidate point becomes a counterexample.

STYLE convention 4 ("floats search, exact arithmetic decides"): every search method
hands its candidates to :func:`verify_counterexample`, which substitutes exact
rationals and decides the statement

* exactly, when the statement evaluates to a rational number (polynomial and rational
  claims), or
* with sympy/mpmath at :data:`MP_DIGITS` significant digits, accepting a violation only
  when it exceeds :data:`NONPOLY_MARGIN` (transcendental claims, e.g. Pinsker-type
  ``D_KL(p‖q) >= 2 (p - q)^2``, SPEC KL section).

Assumptions are checked the same way.  :func:`compile_exact` turns a polynomial or
rational expression into a fast closure over :class:`fractions.Fraction` (used by the
property search for screening; the final word is still :func:`verify_counterexample`).
"""
from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import sympy as sp

# Digits for evaluating non-rational statements; the contract asks for >= 60.
MP_DIGITS = 60
# A non-polynomial violation is only believed if it exceeds this (contract: >= 1e-40
# at >= 60 digits), far above any rounding error at MP_DIGITS.
NONPOLY_MARGIN = sp.Rational(1, 10**40)


class NotRational(Exception):
    """The expression leaves the rational numbers (log, sqrt, ...): evaluate with mpmath."""


def to_rational(x) -> sp.Rational:
    """An exact sympy Rational from an int, Fraction, float (its exact binary value) or Rational."""
    if isinstance(x, sp.Rational):
        return x
    if isinstance(x, Fraction):
        return sp.Rational(x.numerator, x.denominator)
    if isinstance(x, float):
        f = Fraction(x)
        return sp.Rational(f.numerator, f.denominator)
    if isinstance(x, int):
        return sp.Integer(x)
    r = sp.nsimplify(x)
    if not r.is_Rational:
        raise ValueError(f"not a rational value: {x!r}")
    return r


def to_fraction(x) -> Fraction:
    if isinstance(x, Fraction):
        return x
    if isinstance(x, sp.Rational):
        return Fraction(int(x.p), int(x.q))
    return Fraction(x)


def compile_exact(expr, symbols):
    """A closure ``f(values) -> Fraction`` evaluating ``expr`` exactly at rational ``values``.

    Supports ``Add``, ``Mul``, integer ``Pow``, ``Max``/``Min``, rational constants; raises
    :class:`NotRational` at compile time for anything else.  ``ZeroDivisionError``
    at call time means the expression is undefined at that point.
    """
    index = {s: i for i, s in enumerate(symbols)}

    def build(e):
        if e.is_Rational:
            c = Fraction(int(e.p), int(e.q))
            return lambda v: c
        if e.is_Symbol:
            if e not in index:
                raise NotRational(f"unknown symbol {e}")
            i = index[e]
            return lambda v: v[i]
        if e.is_Add:
            parts = [build(a) for a in e.args]
            return lambda v: sum((p(v) for p in parts), Fraction(0))
        if e.is_Mul:
            parts = [build(a) for a in e.args]

            def mul(v):
                out = Fraction(1)
                for p in parts:
                    out *= p(v)
                return out
            return mul
        if e.is_Pow and e.exp.is_Integer:
            base, k = build(e.base), int(e.exp)
            return lambda v: base(v) ** k
        if isinstance(e, (sp.Max, sp.Min)):
            parts = [build(a) for a in e.args]
            pick = max if isinstance(e, sp.Max) else min
            return lambda v: pick(p(v) for p in parts)
        raise NotRational(f"{type(e).__name__} is not rational arithmetic")

    return build(sp.sympify(expr))


def compile_float(expr, symbols):
    """A numpy-vectorised float evaluator (search only; never decides)."""
    return sp.lambdify(symbols, expr, modules="numpy")


def _exact_value(expr, point):
    """The value of ``expr`` at ``point`` as a sympy number, or ``None`` if undefined/non-real."""
    v = sp.sympify(expr).xreplace(point)
    if v.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    if v.is_Rational:
        return v
    if not v.is_number:
        return None
    return v


def sign_info(expr, point):
    """Decide the sign of ``expr`` at an exact rational ``point``.

    Returns ``(value, exact)`` where ``value`` is a sympy Rational when ``exact`` is
    true, otherwise an ``mpmath.mpf`` computed at :data:`MP_DIGITS` digits; ``None``
    when the expression is undefined, non-real or cannot be evaluated reliably.
    """
    v = _exact_value(expr, point)
    if v is None:
        return None
    if v.is_Rational:
        return v, True
    try:
        num = v.evalf(MP_DIGITS, strict=True)
    except (sp.core.evalf.PrecisionExhausted, ValueError, TypeError):
        # strict evaluation failed: typically an exact zero sympy cannot recognise;
        # undecidable here, so never a counterexample.
        return None
    if not num.is_real or num.has(sp.I):
        re, im = num.as_real_imag()
        if im != 0:
            return None
        num = re
    with mpmath.workdps(MP_DIGITS):
        return mpmath.mpf(num), False


def relation_status(rel, point) -> str:
    """``"holds"``, ``"violated"`` or ``"unknown"`` for a :class:`Relation` at ``point``.

    A non-rational value decides the relation only if it is at least
    :data:`NONPOLY_MARGIN` away from the relation's boundary; ``eq`` relations are only
    decided exactly (a transcendental identity is never "verified" numerically, but a
    violation larger than the margin refutes it).
    """
    info = sign_info(rel.g, point)
    if info is None:
        return "unknown"
    value, exact = info
    if exact:
        return "holds" if rel.holds_exact(value) else "violated"
    margin = mpmath.mpf(NONPOLY_MARGIN.p) / NONPOLY_MARGIN.q
    if rel.kind in ("ge", "gt"):
        if value >= margin:
            return "holds"
        if value <= -margin:
            return "violated"
        return "unknown"
    if abs(value) >= margin:
        return "violated" if rel.kind == "eq" else "holds"
    return "unknown"


def in_box(prep, point) -> bool:
    """Exact membership of ``point`` in the claim's closed box (exact bounds, even irrational)."""
    for s, lo, hi in zip(prep.symbols, prep.lo, prep.hi):
        v = point.get(s)
        if v is None or not bool(lo <= v) or not bool(v <= hi):
            return False
    return True


def verify_counterexample(prep, point):
    """Re-verify a candidate exactly; return a report dict if it refutes, else ``None``.

    ``point`` maps every symbol to a rational (Fraction, int, float or Rational; floats
    are taken at their exact binary value).  The report has the exact counterexample
    (symbol -> sympy Rational), the statement's value there (exact rational, or an mpmath
    string with :data:`MP_DIGITS` digits) and how it was decided.
    """
    try:
        pt = {s: to_rational(point[s]) for s in prep.symbols}
    except (KeyError, ValueError):
        return None
    if not in_box(prep, pt):
        return None
    for a in prep.assumptions:
        if relation_status(a, pt) != "holds":
            return None
    if relation_status(prep.statement, pt) != "violated":
        return None
    value, exact = sign_info(prep.statement.g, pt)
    return {
        "counterexample": pt,
        "g_value": str(value) if exact else mpmath.nstr(value, 20),
        "decided_by": "exact rational arithmetic" if exact else f"sympy evalf at {MP_DIGITS} digits, "
                      f"|margin| >= {float(NONPOLY_MARGIN):.0e}",
        "g_definition": _g_definition(prep.statement.kind),
    }


def _g_definition(kind: str) -> str:
    return {"ge": "g = rhs - lhs of <= (lhs - rhs of >=), violated iff g < 0",
            "gt": "g as for <=, >= but strict: violated iff g <= 0",
            "eq": "g = lhs - rhs, violated iff g != 0"}[kind]


def feasible_exact(prep, point) -> bool:
    """``point`` (exact rationals) is inside the box and meets every assumption exactly."""
    if not in_box(prep, point):
        return False
    return all(relation_status(a, point) == "holds" for a in prep.assumptions)


def snap_candidates(x: float, denominators=(1, 2, 4, 10, 100, 1000, 10**4, 10**6, 10**9, 10**12)):
    """Rationals near the float ``x``, simplest first: best approximations with bounded
    denominators (``Fraction.limit_denominator``), then the float's exact binary value."""
    if not math.isfinite(x):
        return []
    exact = Fraction(x)
    out = []
    for d in denominators:
        f = exact.limit_denominator(d)
        if f not in out:
            out.append(f)
    if exact not in out:
        out.append(exact)
    return out
