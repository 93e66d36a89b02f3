"""Exact evaluation: the only place where a candidate point becomes a counterexample.

STYLE convention 4 ("floats search, exact arithmetic decides"): every search method
hands its candidates to :func:`verify_counterexample`, which decides the statement at the
exact rational point

* exactly (``fractions.Fraction``), when the statement is a rational function, or
* with certified ball arithmetic (python-flint ``arb``: the ball provably contains the
  value) otherwise, accepting a violation only when the ball lies entirely on the wrong
  side (transcendental claims, e.g. Pinsker-type ``D_KL(p‖q) >= 2 (p - q)^2``).

Nothing is substituted into sympy expressions (``x**y`` at rational ``x, y`` would make sympy
compute an exact root of unbounded size).  Both sides of the statement must be defined at
the point.  Assumptions are checked the same way.  :func:`compile_exact` turns a polynomial or
rational expression into a fast closure over :class:`fractions.Fraction` (used by the
property search for screening; the final word is still :func:`verify_counterexample`).
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.certified import CERTIFIED_METHOD, arb_eval, certified_relation, certified_sign

# Screening of search candidates only (property search, mpmath): nothing is decided with these.
MP_DIGITS = 60
# A screened transcendental value this close to the boundary goes to the certified check.
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


def _status(g, kind, point) -> str:
    try:
        return certified_relation(g, kind, point)
    except NotImplementedError:
        return "unknown"  # a function the certified evaluator does not know: never decides


def sides_defined(rel, point) -> bool:
    """Both sides of ``rel`` are certified defined real numbers at ``point`` (checked on each
    side: ``rhs - lhs`` may have cancelled a term that is undefined there)."""
    for side in rel.sides:
        try:
            if arb_eval(side, point) is None:
                return False
        except NotImplementedError:
            return False
    return True


#: a structural-zero substitution is tried only when every power's exponent is this simple
_SUBS_MAX_EXP = 64
_ZERO_SIGN = {"ge": "holds", "gt": "violated", "eq": "holds", "ne": "violated"}


def _structural_zero(g, point) -> bool:
    """``g`` is exactly 0 at ``point`` by sympy's own exact evaluation (``sin(a) - sin(a)`` at
    ``x == y``), which balls cannot show.  Tried only on expressions whose powers have small
    exponents, so substitution cannot start an exact root or power of unbounded size."""
    for node in sp.preorder_traversal(g):
        if node.is_Pow and not (node.exp.is_Rational and abs(node.exp.p) <= _SUBS_MAX_EXP
                                and node.exp.q <= _SUBS_MAX_EXP):
            return False
    return g.xreplace({s: sp.Rational(v) for s, v in point.items()}) == 0


def relation_status(rel, point) -> str:
    """``"holds"``, ``"violated"`` or ``"unknown"`` for a :class:`Relation` at ``point``.

    Exact rational arithmetic where ``g`` is a rational function, certified ball arithmetic
    (:mod:`clickbound.lemmas.engine.certified`) otherwise; a value whose ball contains the
    relation's boundary, or a side that is undefined at the point, is ``"unknown"``.  An
    ``eq`` relation holds only when exactly zero (a transcendental identity is never
    "verified" numerically; a certified nonzero value violates it).
    """
    if not sides_defined(rel, point):
        return "unknown"
    status = _status(rel.g, rel.kind, point)
    if status == "unknown" and _structural_zero(rel.g, point):
        return _ZERO_SIGN[rel.kind]
    return status


def _value_text(g, point):
    """The statement's ``g`` at the counterexample: exact, or the certified ball."""
    try:
        return str(compile_exact(g, list(point))(list(point.values()))), True
    except (NotRational, ZeroDivisionError):
        return str(arb_eval(g, point, prec=256)), False


def in_box(prep, point) -> bool:
    """Exact membership of ``point`` in the claim's closed box (exact bounds, even irrational:
    compared in certified arithmetic; a comparison that cannot be certified counts as outside)."""
    from clickbound.lemmas.engine.reading import compare

    for s, lo, hi in zip(prep.symbols, prep.lo, prep.hi):
        v = point.get(s)
        if v is None:
            return False
        v = to_rational(v)
        c_lo, c_hi = compare(v, lo), compare(v, hi)
        if c_lo is None or c_hi is None or c_lo < 0 or c_hi > 0:
            return False
    return True


def _canonical_point(prep, point) -> dict:
    """``point`` keyed by the engine's canonical symbols (the user's own symbols accepted too)."""
    return {prep.to_canonical.get(k, k): v for k, v in point.items()}


def verify_counterexample(prep, point):
    """Re-verify a candidate exactly; return a report dict if it refutes, else ``None``.

    ``point`` maps every symbol to a rational (Fraction, int, float or Rational; floats
    are taken at their exact binary value).  The report has the exact counterexample
    (symbol -> sympy Rational), the statement's value there (exact rational, or the certified
    ball) and how it was decided.
    """
    point = _canonical_point(prep, point)
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
    value, exact = _value_text(prep.statement.g, pt)
    return {
        "counterexample": pt,
        "g_value": value,
        "decided_by": "exact rational arithmetic" if exact else CERTIFIED_METHOD,
        "g_definition": _g_definition(prep.statement.kind),
    }


def _g_definition(kind: str) -> str:
    return {"ge": "g = rhs - lhs of <= (lhs - rhs of >=), violated iff g < 0",
            "gt": "g as for <=, >= but strict: violated iff g <= 0",
            "eq": "g = lhs - rhs, violated iff g != 0"}[kind]


def feasible_exact(prep, point) -> bool:
    """``point`` (exact rationals) is inside the box and meets every assumption exactly."""
    point = _canonical_point(prep, point)
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


_AS_WRITTEN = {"<=": {"neg", "zero"}, "<": {"neg"}, ">=": {"pos", "zero"}, ">": {"pos"}, "==": {"zero"}}


def _as_written_status(rel, point) -> str:
    """``holds`` / ``violated`` / ``unknown`` for a user's relational at ``point`` (keyed by the
    user's own symbols): both sides read as written (floats at their decimal value, unevaluated
    objects evaluated), each certified defined, then the sign of ``lhs - rhs``."""
    from clickbound.lemmas.engine.reading import evaluate_unevaluated, exact_floats

    op = getattr(rel, "rel_op", None)
    if op not in _AS_WRITTEN:
        return "unknown"
    sides = [exact_floats(evaluate_unevaluated(side, "re-check")) for side in (rel.lhs, rel.rhs)]
    for side in sides:
        try:
            if arb_eval(side, point) is None:
                return "unknown"
        except (NotImplementedError, ValueError, TypeError):
            return "unknown"
    diff = sp.Add(sides[0], -sides[1], evaluate=False)
    try:
        sign = certified_sign(diff, point)
    except (NotImplementedError, ValueError, TypeError):
        sign = None
    if sign is None and _structural_zero(sides[0] - sides[1], point):
        sign = "zero"
    if sign is None:  # a closed constant sympy can decide (sin(1)**2 + cos(1)**2 - 1 is 0)
        from clickbound.lemmas.engine.reading import exact_constant

        try:
            c = exact_constant((sides[0] - sides[1]).xreplace(point))
        except (ValueError, TypeError):
            c = None
        if c is not None and c.is_Rational:
            sign = "pos" if c > 0 else "neg" if c < 0 else "zero"
    if sign is None:
        return "unknown"
    return "holds" if sign in _AS_WRITTEN[op] else "violated"


def refutes_as_written(claim, cex) -> str | None:
    """``None`` when ``cex`` refutes ``claim`` as the user wrote it, else why not.

    Independent of the engine's normal form: the claim's own symbols (by identity), its bounds
    read afresh (:func:`clickbound.lemmas.engine.reading.number`) and compared in certified
    arithmetic, each assumption and the statement evaluated from the user's relationals."""
    from clickbound.lemmas.engine.reading import compare, number

    point = {}
    for s, (lo, hi) in claim.domain.items():
        if s not in cex:
            if any(s in rel.free_symbols for rel in (claim.statement, *claim.assumptions)):
                return f"no value for {s}"
            continue
        v = cex[s]
        if not isinstance(v, sp.Rational):
            return f"{s} = {v!r} is not an exact rational"
        c_lo, c_hi = compare(v, number(lo, f"bound of {s}")), compare(v, number(hi, f"bound of {s}"))
        if c_lo is None or c_hi is None or c_lo < 0 or c_hi > 0:
            return f"{s} = {v} is not certified inside [{lo}, {hi}]"
        if any(getattr(v, f"is_{k}") is not val for k, val in s.assumptions0.items()
               if k in ("positive", "negative", "nonnegative", "nonpositive", "zero", "nonzero", "integer")):
            return f"{s} = {v} breaks the symbol's own assumptions"
        point[s] = v
    for i, a in enumerate(claim.assumptions):
        st = _as_written_status(a, point)
        if st != "holds":
            return f"assumption {i} ({a}) is {st} there"
    st = _as_written_status(claim.statement, point)
    if st != "violated":
        return f"the statement is {st} there"
    return None
