"""A claims fuzzer for ``clickbound.lemmas.check`` with an independent exact oracle.

* :func:`generate` draws a :class:`FuzzCase` (a sympy :class:`~clickbound.lemmas.Claim`, its family
  and a hint of what is true about it) from a ``numpy.random.Generator``;
* :func:`oracle_check` judges what the engine answered (a Verdict-like object with ``status``
  and ``counterexample``, or the exception it raised) and returns the problems found;
* :func:`run` generates, checks and judges ``n`` claims and returns a summary dict.

The oracle imports nothing from ``clickbound.lemmas.engine``: it validates the claim itself and
evaluates expressions by walking the sympy tree, exactly with :class:`fractions.Fraction` where the
expression stays rational (``Add``/``Mul``/``Pow`` with integer exponent/``Abs``/``Max``/``Min``,
exact roots of perfect powers) and with python-flint ``arb`` balls at :data:`PREC_BITS` bits
otherwise.  A ball that straddles a boundary is *undecided* and never a finding; only certified
facts are: a certified violation, a certified undefined or non-real value (zero denominator, log of
a non-positive number, even/fractional root of a negative number, a pole of gamma, ``oo``/``zoo``/
``nan``).

Rules (the engine's soundness contract):

* ``proved``: at every feasible point the oracle tries (box corners, grid of special values,
  midpoints, equality edges ``x == y``, points solving the equality assumptions and the zeros of
  denominators / log and root arguments / kinks / the statement's own slack exactly, ~60 random
  rationals, and the snapped optima of a float search of the slack), both sides must be defined
  and the relation must not be certifiably violated.
* ``refuted``: the counterexample must map every symbol of the claim (its own Symbol objects) to a
  sympy ``Rational`` inside the box, consistent with the symbol's sympy assumptions, meeting every
  assumption, where the statement is defined and certifiably violated.
* malformed input (non-relational statement or assumption, symbol without domain, ``lo > hi``,
  non-numeric or non-finite bound, a symbol whose sympy assumptions no point of its box meets)
  must raise ``ValueError``; a symbol whose assumptions only part of its box meets may be rejected
  or decided (a ``proved`` is then judged on the whole closed box).
* any exception that is not a ``ValueError`` is a crash; a ``ValueError`` on a well-formed claim is
  recorded as ``rejected`` (it must say why: an empty message is a problem); an
  ``InfeasibleAssumptions`` where the oracle holds a certified feasible point is unsound.

Problem categories: ``unsound``, ``crash``, ``contract`` (malformed input accepted, counterexample
not in the promised form, unexplained rejection) and ``oracle-error`` (the oracle itself failed:
a fuzzer bug).  ``hang`` (a claim still running after :data:`HANG_S` s) is recorded, not failed.

Run from the repository root: ``.venv/bin/python tests/lemmas/claim_fuzz.py --n 100 --seed 0``.
"""
from __future__ import annotations

import decimal
import math
import numbers
import signal
import threading
import time
import warnings
from collections import Counter
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product

import mpmath
import numpy as np
import sympy as sp
from flint import arb, fmpq
from flint import ctx as flint_ctx
from sympy.core.function import AppliedUndef

PREC_BITS = 128
#: Wall-clock guard per claim (a hang is recorded, never asserted on).
HANG_S = 60.0
#: Random rational points per claim in the "proved" check.
N_RANDOM = 60
#: Float samples of the slack in the "proved" check (then snapped to rationals).
N_PROBE = 1500

FAMILIES = (
    "polynomial", "rational", "transcendental", "classic-true", "classic-mutant",
    "linear-assumptions", "infeasible", "equality-edge", "symbol-assumptions",
    "duplicate-names", "awkward-names", "irrational-bounds", "zero-width", "undefined-everywhere",
    "bad-input", "exact-numbers", "generator-assumptions", "unsignable-constants", "huge-bounds",
    "unevaluated", "bogus-proof", "bad-budget",
)
#: Relative weights; :func:`run` cycles deterministically through SCHEDULE so that every family
#: appears ``weight * n / len(SCHEDULE)`` times (1000 claims: >= 38 of each).
WEIGHTS = {"polynomial": 2, "rational": 2, "transcendental": 2, "classic-mutant": 2}
SCHEDULE = tuple(f for f in FAMILIES for _ in range(WEIGHTS.get(f, 1)))

OPS = {"<=": sp.Le, "<": sp.Lt, ">=": sp.Ge, ">": sp.Gt, "==": sp.Eq}
STATEMENT_OPS = ("<=", "<", ">=", ">", "==")


# ---------------------------------------------------------------------------------------------
# Exact / ball evaluation
# ---------------------------------------------------------------------------------------------
class Undefined(Exception):
    """Certified: the expression has no real finite value at the point."""


class Undecided(Exception):
    """The oracle cannot certify (a ball straddles a boundary, or an unsupported construct)."""


@contextmanager
def _precision():
    old = flint_ctx.prec
    flint_ctx.prec = PREC_BITS
    try:
        yield
    finally:
        flint_ctx.prec = old


def _arb(v):
    return v if isinstance(v, arb) else arb(fmpq(v.numerator, v.denominator))


def _arb_exact_fraction(a) -> Fraction:
    m, e = a.man_exp()
    m, e = int(m), int(e)
    return Fraction(m * 2**e) if e >= 0 else Fraction(m, 2**-e)


def _finite(a):
    if not a.is_finite():
        raise Undecided("ball not finite")
    return a


def _exact_root(v: Fraction, q: int):
    """The exact rational q-th root of ``v >= 0``, or None."""
    rn, en = sp.integer_nthroot(v.numerator, q)
    rd, ed = sp.integer_nthroot(v.denominator, q)
    return Fraction(int(rn), int(rd)) if en and ed else None


def _ipow(v, n: int):
    if isinstance(v, Fraction):
        if v == 0 and n < 0:
            raise Undefined("zero to a negative power (zero denominator)")
        return v**n
    if n >= 0:
        return v**n
    if v.is_zero():
        raise Undefined("zero to a negative power (zero denominator)")
    if v.contains(0):
        raise Undecided("denominator ball contains 0")
    return _finite(1 / (v ** (-n)))


def _rpow(v, r: Fraction):
    """``v ** r`` for a non-integer rational ``r`` (real principal value)."""
    if isinstance(v, Fraction):
        if v < 0:
            raise Undefined(f"negative base {v} to the non-integer power {r}: not real")
        if v == 0:
            if r > 0:
                return Fraction(0)
            raise Undefined("zero to a negative power")
        root = _exact_root(v, r.denominator)
        if root is not None:
            return root**r.numerator
        return _finite(_arb(v) ** fmpq(r.numerator, r.denominator))
    if v > 0:
        return _finite(v ** fmpq(r.numerator, r.denominator))
    if v < 0:
        raise Undefined("negative base to a non-integer power: not real")
    if v.is_zero():
        if r > 0:
            return Fraction(0)
        raise Undefined("zero to a negative power")
    raise Undecided("base ball contains 0")


def _apow(v, ev):
    """``v ** ev`` for a ball exponent ``ev``."""
    if isinstance(v, Fraction):
        if v > 0:
            return _finite((_arb(v).log() * ev).exp())
        if v == 0:
            if ev > 0:
                return Fraction(0)
            if ev < 0:
                raise Undefined("zero to a negative power")
            raise Undecided("0 ** (ball around 0)")
        if not ev.contains_integer():
            raise Undefined("negative base to a non-integer power: not real")
        raise Undecided("negative base, exponent ball contains an integer")
    if v > 0:
        return _finite((v.log() * ev).exp())
    raise Undecided("base ball not positive")


def _max(vals, pick):
    if all(isinstance(v, Fraction) for v in vals):
        return pick(vals)
    balls = [_arb(v) for v in vals]
    lo = pick([b.lower() for b in balls], key=_arb_exact_fraction)
    hi = pick([b.upper() for b in balls], key=_arb_exact_fraction)
    return lo.union(hi)


_ARB_UNARY = {
    sp.sin: arb.sin, sp.cos: arb.cos, sp.atan: arb.atan, sp.sinh: arb.sinh,
    sp.cosh: arb.cosh, sp.tanh: arb.tanh, sp.asinh: arb.asinh,
}


def _ev(e, pt):
    if e.is_Symbol:
        try:
            return pt[e]
        except KeyError:
            raise Undecided(f"no value for symbol {e}") from None
    if e.is_Number:
        if e.is_Rational:
            return Fraction(int(e.p), int(e.q))
        if e.is_Float and e.is_finite:
            return _float_decimal(e)
        raise Undefined(f"non-finite constant {e}")
    if e is sp.zoo or e.is_infinite:
        raise Undefined(f"non-finite constant {e}")
    if e.is_NumberSymbol:
        consts = {sp.pi: arb.pi, sp.E: arb.const_e, sp.EulerGamma: arb.const_euler,
                  sp.Catalan: arb.const_catalan}
        if e in consts:
            return consts[e]()
        raise Undecided(f"unsupported constant {e}")
    if isinstance(e, sp.Add):
        vals = [_ev(a, pt) for a in e.args]
        if all(isinstance(v, Fraction) for v in vals):
            return sum(vals, Fraction(0))
        out = arb(0)
        for v in vals:
            out += _arb(v)
        return out
    if isinstance(e, sp.Mul):
        vals = [_ev(a, pt) for a in e.args]
        if all(isinstance(v, Fraction) for v in vals):
            out = Fraction(1)
            for v in vals:
                out *= v
            return out
        out = arb(1)
        for v in vals:
            out *= _arb(v)
        return out
    if isinstance(e, sp.Pow):
        b, x = e.args
        bv = _ev(b, pt)
        if x.is_Integer:
            return _ipow(bv, int(x))
        if x.is_Rational:
            return _rpow(bv, Fraction(int(x.p), int(x.q)))
        xv = _ev(x, pt)
        if isinstance(xv, Fraction):
            if xv.denominator == 1:
                return _ipow(bv, int(xv))
            return _rpow(bv, xv)
        return _apow(bv, xv)
    if isinstance(e, sp.exp):
        v = _ev(e.args[0], pt)
        if isinstance(v, Fraction) and v == 0:
            return Fraction(1)
        return _finite(_arb(v).exp())
    if isinstance(e, sp.log):
        if len(e.args) != 1:
            raise Undecided("log with a base")
        v = _ev(e.args[0], pt)
        if isinstance(v, Fraction):
            if v <= 0:
                raise Undefined(f"log of the non-positive number {v}")
            if v == 1:
                return Fraction(0)
            return _finite(_arb(v).log())
        if v > 0:
            return _finite(v.log())
        if v <= 0:
            raise Undefined("log of a non-positive number")
        raise Undecided("log argument ball contains 0")
    if isinstance(e, sp.Abs):
        v = _ev(e.args[0], pt)
        return abs(v)
    if isinstance(e, sp.Max):
        return _max([_ev(a, pt) for a in e.args], max)
    if isinstance(e, sp.Min):
        return _max([_ev(a, pt) for a in e.args], min)
    if isinstance(e, sp.gamma):
        v = _ev(e.args[0], pt)
        if isinstance(v, Fraction):
            if v <= 0 and v.denominator == 1:
                raise Undefined(f"gamma has a pole at {v}")
            if v > 0 and v.denominator == 1:
                return Fraction(math.factorial(int(v) - 1))
        elif not (v > 0) and v.contains_integer():
            raise Undecided("gamma argument ball contains a non-positive integer")
        return _finite(_arb(v).gamma())
    for cls, fn in _ARB_UNARY.items():
        if isinstance(e, cls):
            v = _ev(e.args[0], pt)
            if isinstance(v, Fraction) and v == 0:
                return Fraction(1) if cls in (sp.cos, sp.cosh) else Fraction(0)
            return _finite(fn(_arb(v)))
    if isinstance(e, sp.sign):
        v = _ev(e.args[0], pt)
        if isinstance(v, Fraction):
            return Fraction((v > 0) - (v < 0))
        if v > 0 or v < 0:
            return Fraction(1 if v > 0 else -1)
        raise Undecided("sign of a ball around 0")
    if isinstance(e, (sp.floor, sp.ceiling)):
        v = _ev(e.args[0], pt)
        f = math.floor if isinstance(e, sp.floor) else math.ceil
        if isinstance(v, Fraction):
            return Fraction(f(v))
        lo, hi = f(_arb_exact_fraction(v.lower())), f(_arb_exact_fraction(v.upper()))
        if lo == hi:
            return Fraction(lo)
        raise Undecided("floor/ceiling ball straddles an integer")
    raise Undecided(f"unsupported node {type(e).__name__}")


def evaluate(expr, point):
    """``Fraction`` (exact) or ``arb`` ball; raises :class:`Undefined` / :class:`Undecided`."""
    with _precision():
        return _ev(sp.sympify(expr), point)


def _decide(op, lv, rv) -> bool:
    """True if ``lv op rv`` certainly holds, False if certainly violated, else Undecided."""
    if isinstance(lv, Fraction) and isinstance(rv, Fraction):
        d = lv - rv
        return {"<=": d <= 0, "<": d < 0, ">=": d >= 0, ">": d > 0, "==": d == 0, "!=": d != 0}[op]
    d = _arb(lv) - _arb(rv)
    pos, neg, zero = d > 0, d < 0, d.is_zero()
    nonneg, nonpos = d >= 0, d <= 0
    table = {"<=": (nonpos, pos), "<": (neg, nonneg), ">=": (nonneg, neg), ">": (pos, nonpos),
             "==": (zero, pos or neg), "!=": (pos or neg, zero)}
    holds, violated = table[op]
    if holds:
        return True
    if violated:
        return False
    raise Undecided(f"ball {d} straddles the boundary of {op}")


def relation_at(rel, point):
    """``"holds"``, ``"violated"``, ``"undefined"`` (with reason) or ``"undecided"``."""
    op, lhs, rhs = rel
    with _precision():
        try:
            lv, rv = _ev(lhs, point), _ev(rhs, point)
        except Undefined as exc:
            return "undefined", str(exc)
        except Undecided as exc:
            return "undecided", str(exc)
        try:
            return ("holds" if _decide(op, lv, rv) else "violated"), ""
        except Undecided as exc:
            return "undecided", str(exc)


# ---------------------------------------------------------------------------------------------
# The oracle's own reading of a claim
# ---------------------------------------------------------------------------------------------
@dataclass
class ClaimInfo:
    symbols: tuple = ()
    box: dict = field(default_factory=dict)        # sym -> (lo, hi) as Fraction or arb
    qbox: dict = field(default_factory=dict)       # sym -> (lo, hi) rational inner box
    statement: tuple | None = None                 # (op, lhs, rhs)
    assumptions: list = field(default_factory=list)
    malformed: str | None = None
    partly: list = field(default_factory=list)     # symbols whose assumptions the box only partly meets
    unjudgeable: str | None = None

    @property
    def needed(self):
        syms = set()
        for _, lhs, rhs in [self.statement, *self.assumptions]:
            syms |= lhs.free_symbols | rhs.free_symbols
        return syms


def _float_decimal(f):
    """The value a sympy Float stands for: a 53-bit Float that is a double at that double's repr
    (what the user typed), else its decimal text at its own precision (``str``)."""
    if f._prec == 53:
        d = float(f)
        if math.isfinite(d) and sp.Float(d) == f:
            return Fraction(repr(d))
    return Fraction(str(f))


def _bound_value(b):
    """Exact Fraction / arb ball of a domain bound, or a string saying why it is malformed.

    Numbers are read at the value written (the engine's documented contract): a float at its
    ``repr``, a Decimal and a sympy Float at their decimal value, numpy longdouble and mpmath mpf at
    their exact binary value."""
    if isinstance(b, (bool, np.bool_)) or b is None:
        return f"bound {b!r} is not a number"
    if isinstance(b, Fraction):
        return b
    if isinstance(b, (numbers.Integral, np.integer)):
        return Fraction(int(b))
    if isinstance(b, decimal.Decimal):
        return Fraction(b) if b.is_finite() else f"bound {b!r} is not finite"
    if isinstance(b, mpmath.mpf):
        if not mpmath.isfinite(b):
            return f"bound {b!r} is not finite"
        man, exp = b.man_exp
        return Fraction(int(man)) * Fraction(2) ** int(exp)
    if isinstance(b, np.longdouble) and not isinstance(b, float):
        return Fraction(*map(int, b.as_integer_ratio())) if np.isfinite(b) else f"bound {b!r} is not finite"
    if isinstance(b, np.floating) and not isinstance(b, float):
        return Fraction(str(b)) if np.isfinite(b) else f"bound {b!r} is not finite"
    if isinstance(b, numbers.Real) and not isinstance(b, sp.Basic):
        f = float(b)
        return Fraction(repr(f)) if math.isfinite(f) else f"bound {b!r} is not finite"
    if isinstance(b, sp.Float):
        return _float_decimal(b) if b.is_finite else f"bound {b!r} is not finite"
    if isinstance(b, sp.Basic):
        if not isinstance(b, sp.Expr) or b.free_symbols:
            return f"bound {b!r} is not numeric"
        try:
            v = evaluate(b, {})
        except Undefined:
            return f"bound {b!r} is not a finite real number"
        except Undecided:
            return None
        if isinstance(v, Fraction):
            return v
        return v if v.is_finite() else f"bound {b!r} is not finite"
    return f"bound {b!r} is not a number"


def _facts_ok(sym, value: Fraction) -> bool:
    """Does the number ``value`` satisfy every sympy assumption of ``sym``?"""
    num = sp.Rational(value.numerator, value.denominator)
    for k, v in sym.assumptions0.items():
        nv = getattr(num, "is_" + k, None)
        if nv is not None and bool(nv) != v:
            return False
    return True


def _representatives(lo: Fraction, hi: Fraction):
    w = hi - lo
    reps = {lo, hi, lo + w / 2, lo + w / 3, lo + w / 7, lo + w * Fraction(5, 997)}
    if lo <= 0 <= hi:
        reps.add(Fraction(0))
    return sorted(reps)


def _symbol_status(sym, lo, hi):
    if set(sym.assumptions0) <= {"commutative"} and sym.is_commutative:
        return "ok"
    ok = [_facts_ok(sym, r) for r in _representatives(lo, hi)]
    return "ok" if all(ok) else ("partly" if any(ok) else "contradicting")


_UNEVALUATED = (sp.Limit, sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Subs)


class _Malformed(Exception):
    """A side sympy cannot evaluate (stays unevaluated after doit, or an undefined function)."""


def _side(e):
    if isinstance(e, sp.Basic) and e.has(*_UNEVALUATED):
        e = e.doit()
        if e.has(*_UNEVALUATED):
            raise _Malformed(f"unevaluated object in {e}")
    if isinstance(e, sp.Basic) and e.atoms(AppliedUndef):
        raise _Malformed(f"undefined function in {e}")
    return e


def _rel(r):
    if isinstance(r, sp.core.relational.Relational) and r.rel_op in ("<=", "<", ">=", ">", "==", "!="):
        return (r.rel_op, _side(r.lhs), _side(r.rhs))
    return None


def analyse(claim) -> ClaimInfo:
    """Validate ``claim`` independently of the engine (see the module docstring)."""
    info = ClaimInfo()
    st = claim.statement
    try:
        rel = _rel(st) if isinstance(st, sp.Basic) else None
    except _Malformed as exc:
        info.malformed = f"statement: {exc}"
        return info
    if rel is None or rel[0] == "!=":
        info.malformed = f"statement is not a Le/Ge/Lt/Gt/Eq relational: {type(st).__name__} {st!r}"
        return info
    if not all(isinstance(x, sp.Expr) for x in rel[1:]):
        info.malformed = "statement compares non-expressions"
        return info
    info.statement = rel
    assumptions = claim.assumptions
    if isinstance(assumptions, sp.core.relational.Relational):
        assumptions = [assumptions]
    if isinstance(assumptions, (sp.Basic, str)) or not hasattr(assumptions, "__iter__"):
        info.malformed = f"assumptions are not a list of relationals: {assumptions!r}"
        return info
    for a in assumptions:
        try:
            r = _rel(a) if isinstance(a, sp.Basic) else None
        except _Malformed as exc:
            info.malformed = f"assumption: {exc}"
            return info
        if r is None or not all(isinstance(x, sp.Expr) for x in r[1:]):
            info.malformed = f"assumption is not a relational: {a!r}"
            return info
        info.assumptions.append(r)
    if not isinstance(claim.domain, Mapping):
        info.malformed = f"domain is not a mapping: {claim.domain!r}"
        return info
    for s, bounds in claim.domain.items():
        if not isinstance(s, sp.Symbol):
            info.malformed = f"domain key {s!r} is not a Symbol"
            return info
        try:
            lo_raw, hi_raw = bounds
        except (TypeError, ValueError):
            info.malformed = f"domain of {s} is not a pair: {bounds!r}"
            return info
        lo, hi = _bound_value(lo_raw), _bound_value(hi_raw)
        if lo is None or hi is None:
            info.unjudgeable = f"bound of {s} not evaluable by the oracle"
            return info
        for v in (lo, hi):
            if isinstance(v, str):
                info.malformed = f"domain of {s}: {v}"
                return info
        with _precision():
            try:
                empty = _decide(">", lo, hi)
            except Undecided:
                info.unjudgeable = f"cannot order the bounds of {s}"
                return info
        if empty:
            info.malformed = f"empty domain for {s}: lo > hi"
            return info
        info.box[s] = (lo, hi)
        qlo = lo if isinstance(lo, Fraction) else _arb_exact_fraction(lo.upper())
        qhi = hi if isinstance(hi, Fraction) else _arb_exact_fraction(hi.lower())
        if qlo > qhi:
            info.unjudgeable = f"box of {s} too thin for rational points"
            return info
        info.qbox[s] = (qlo, qhi)
    info.symbols = tuple(claim.domain)
    missing = [s for s in info.needed if s not in claim.domain]
    if missing:
        info.malformed = f"symbol(s) without a domain: {sorted(map(str, missing))}"
        return info
    for s in info.symbols:
        status = _symbol_status(s, *info.qbox[s])
        if status == "contradicting":
            info.malformed = f"the sympy assumptions of {s!r} hold at no point of its box {info.qbox[s]}"
            return info
        if status == "partly":
            info.partly.append(s)
    return info


# ---------------------------------------------------------------------------------------------
# Points to check a "proved" at
# ---------------------------------------------------------------------------------------------
def _rand_in(rng, lo, hi):
    if lo == hi:
        return lo
    if rng.random() < 0.67:
        return lo + (hi - lo) * Fraction(int(rng.integers(0, 1025)), 1024)
    q = int(rng.choice([3, 5, 6, 7, 12]))
    return lo + (hi - lo) * Fraction(int(rng.integers(0, q + 1)), q)


def _specials(lo, hi):
    w = hi - lo
    vals = {lo, hi, lo + w / 2, lo + w / 3, lo + 2 * w / 3, lo + w / 4, lo + 3 * w / 4}
    for c in (0, 1, -1, Fraction(1, 2), -Fraction(1, 2), 2, -2, Fraction(1, 4)):
        if lo <= c <= hi:
            vals.add(Fraction(c))
    return sorted(vals)


def _solve_zero(g, var, pt):
    """Rational roots of ``t -> g(pt | var=t)`` when that is exactly a polynomial of degree <= 2."""
    def f(t):
        p = dict(pt)
        p[var] = t
        v = _ev(g, p)
        if not isinstance(v, Fraction):
            raise Undecided("not rational")
        return v

    with _precision():
        try:
            c, f1, fm = f(Fraction(0)), f(Fraction(1)), f(Fraction(-1))
            a, b = (f1 + fm) / 2 - c, (f1 - fm) / 2
            for t in (Fraction(2), Fraction(1, 3), Fraction(-5, 2)):
                if f(t) != a * t * t + b * t + c:
                    return []
        except (Undefined, Undecided, ZeroDivisionError, OverflowError):
            return []
    if a == 0:
        return [] if b == 0 else [-c / b]
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    r = _exact_root(disc, 2)
    if r is None:
        return []
    return sorted({(-b + r) / (2 * a), (-b - r) / (2 * a)})


def _zero_targets(info):
    """Expressions whose zeros are interesting: denominators, log/root/gamma arguments, kinks,
    and the statement's own slack."""
    out = []
    exprs = [info.statement[1], info.statement[2]] + [x for _, lhs, rhs in info.assumptions for x in (lhs, rhs)]
    for ex in exprs:
        for node in sp.preorder_traversal(ex):
            if node.is_Pow and not node.exp.is_Integer or (node.is_Pow and node.exp.is_negative):
                out.append(node.base)
            elif isinstance(node, (sp.log, sp.gamma, sp.Abs)):
                out.append(node.args[0])
            elif isinstance(node, (sp.Max, sp.Min)) and len(node.args) == 2:
                out.append(node.args[0] - node.args[1])
    out.append(info.statement[1] - info.statement[2])
    seen, uniq = set(), []
    for t in out:
        if t.free_symbols and t not in seen:
            seen.add(t)
            uniq.append(t)
    return uniq[:8]


def _solve_chain(info, pt, targets, pinned=frozenset(), limit=6):
    """Points reached from ``pt`` by solving each target == 0 for one unpinned variable in turn."""
    if not targets:
        return [pt]
    g, rest = targets[0], targets[1:]
    out = []
    free = [s for s in info.symbols if s in g.free_symbols and s not in pinned]
    for var in free[:2]:
        lo, hi = info.qbox[var]
        for root in _solve_zero(g, var, pt):
            if lo <= root <= hi:
                p = dict(pt)
                p[var] = root
                out.extend(_solve_chain(info, p, rest, pinned | {var}, limit))
                if len(out) >= limit:
                    return out[:limit]
    if not out:  # not solvable here: go on without this target
        out = _solve_chain(info, pt, rest, pinned, limit)
    return out[:limit]


def candidate_points(info, seed=0, extra=()):
    """The deterministic set of rational box points the "proved" check evaluates."""
    rng = np.random.default_rng(seed)
    syms, q = info.symbols, info.qbox
    n = len(syms)
    centre = {s: (q[s][0] + q[s][1]) / 2 for s in syms}
    pts = [centre]
    if n <= 4:
        pts += [dict(zip(syms, c)) for c in product(*[(q[s][0], q[s][1]) for s in syms])]
    else:
        pts += [{s: q[s][int(rng.integers(2))] for s in syms} for _ in range(16)]
    spec = {s: _specials(*q[s]) for s in syms}
    if n <= 3:
        per = {1: 30, 2: 9, 3: 5}[max(n, 1)]
        lists = [spec[s] if len(spec[s]) <= per else [spec[s][int(i)] for i in
                 np.linspace(0, len(spec[s]) - 1, per)] for s in syms]
        pts += [dict(zip(syms, c)) for c in product(*lists)]
    else:
        pts += [{s: spec[s][int(rng.integers(len(spec[s])))] for s in syms} for _ in range(80)]
    randoms = [{s: _rand_in(rng, *q[s]) for s in syms} for _ in range(N_RANDOM)]
    pts += randoms
    # equality edges x == y (and x == y == z)
    for a, b in combinations(syms, 2):
        lo, hi = max(q[a][0], q[b][0]), min(q[a][1], q[b][1])
        if lo > hi:
            continue
        for v in {lo, hi, (lo + hi) / 2, _rand_in(rng, lo, hi)}:
            for base in (centre, randoms[0], randoms[1]):
                p = dict(base)
                p[a] = p[b] = v
                pts.append(p)
    if 3 <= n <= 4:
        for trio in combinations(syms, 3):
            lo, hi = max(q[s][0] for s in trio), min(q[s][1] for s in trio)
            if lo <= hi:
                for v in (lo, hi, (lo + hi) / 2):
                    p = dict(centre)
                    p.update({s: v for s in trio})
                    pts.append(p)
    # exact solutions of equality assumptions, inequality boundaries and zero targets
    eqs = [lhs - rhs for op, lhs, rhs in info.assumptions if op == "=="]
    ineqs = [lhs - rhs for op, lhs, rhs in info.assumptions if op != "=="][:4]
    zeros = _zero_targets(info)
    plans = [[]] + [[t] for t in ineqs] + [[z] for z in zeros] + [[t, z] for t in ineqs[:3] for z in zeros[:4]]
    bases = [centre, *randoms[:4], *pts[1:3]]
    for base in bases:
        for plan in plans:
            if eqs or plan:
                pts += _solve_chain(info, base, eqs + plan)
    for p in extra:
        pts.append(p)
        if eqs:
            pts += _solve_chain(info, p, eqs)
    uniq, seen = [], set()
    for p in pts:
        key = tuple(p[s] for s in syms)
        if key not in seen:
            seen.add(key)
            uniq.append(p)
    return uniq


def _float_probe(info, seed=0):
    """Snapped optima of a float search of the statement's slack (and its nan points)."""
    syms = info.symbols
    if not syms:
        return []
    op, lhs, rhs = info.statement
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            f = sp.lambdify(syms, [lhs, rhs], modules=["numpy", "scipy"])
            fa = [sp.lambdify(syms, [lh, rh], modules=["numpy", "scipy"]) for o, lh, rh in info.assumptions
                  if o != "=="]
    except Exception:  # noqa: BLE001 (lambdify can fail on anything: then no probe)
        return []
    ops_a = [o for o, _, _ in info.assumptions if o != "=="]
    rng = np.random.default_rng(seed + 7)
    def clip(q):  # the probe only searches: bounds beyond the double range are clipped
        return float(max(min(q, Fraction(10) ** 300), -Fraction(10) ** 300))
    lo = np.array([clip(info.qbox[s][0]) for s in syms])
    hi = np.array([clip(info.qbox[s][1]) for s in syms])

    def slack(X):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cols = [X[:, i] for i in range(len(syms))]
            try:
                lv, rv = (np.broadcast_to(np.asarray(v, dtype=float), (X.shape[0],)) for v in f(*cols))
            except Exception:  # noqa: BLE001
                return None
            s = {"<=": rv - lv, "<": rv - lv, ">=": lv - rv, ">": lv - rv, "==": -np.abs(lv - rv)}[op]
            s = np.where(np.isfinite(s), s, -np.inf)
            for o, fn in zip(ops_a, fa):
                try:
                    al, ar = (np.broadcast_to(np.asarray(v, dtype=float), (X.shape[0],)) for v in fn(*cols))
                except Exception:  # noqa: BLE001
                    return None
                d = {"<=": ar - al, "<": ar - al, ">=": al - ar, ">": al - ar, "!=": np.abs(al - ar)}[o]
                s = np.where(d >= -1e-12, s, np.inf)
            return s

    X = lo + (hi - lo) * rng.random((N_PROBE, len(syms)))
    s = slack(X)
    if s is None:
        return []
    best = list(np.argsort(s)[:12])
    cands = [X[i] for i in best if np.isfinite(s[i]) or s[i] < 0]
    # a little local descent from the best few
    refined = []
    for x0 in cands[:5]:
        x, sx = x0.copy(), slack(x0[None, :])[0]
        step = (hi - lo) / 8
        for _ in range(40):
            Y = np.clip(x + step * rng.standard_normal((8, len(syms))), lo, hi)
            sy = slack(Y)
            if sy is None:
                break
            j = int(np.argmin(sy))
            if sy[j] < sx:
                x, sx = Y[j], sy[j]
            else:
                step = step / 2
        refined.append(x)
    out = []
    for x in cands + refined:
        for den in (None, 10**6, 1000, 64):
            p = {}
            for i, sym in enumerate(syms):
                v = Fraction(float(x[i]))
                if den is not None:
                    v = v.limit_denominator(den)
                p[sym] = min(max(v, info.qbox[sym][0]), info.qbox[sym][1])
            out.append(p)
    return out


# ---------------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------------
def _label(s):
    flags = sorted(k for k, v in s.assumptions0.items()
                   if v and k in ("positive", "nonnegative", "negative", "nonpositive", "zero", "integer", "real"))
    tag = "{" + ",".join(flags) + "}" if flags else ""
    return f"{s.name}{tag}" + ("(dummy)" if isinstance(s, sp.Dummy) else "")


def _fmt_point(p):
    return {_label(s): str(v) for s, v in p.items()}


def describe(claim) -> dict:
    """A reproducible description of a claim (``sp.srepr`` of everything)."""
    def sr(x):
        return sp.srepr(x) if isinstance(x, sp.Basic) else repr(x)
    dom = claim.domain
    if isinstance(dom, Mapping):
        dom_s = "{" + ", ".join(f"{sr(k)}: {tuple(sr(b) for b in v) if isinstance(v, tuple) else sr(v)}"
                                for k, v in dom.items()) + "}"
    else:
        dom_s = repr(dom)
    try:
        ass = [sr(a) for a in claim.assumptions]
    except TypeError:
        ass = repr(claim.assumptions)
    return {"id": claim.id, "statement": sr(claim.statement), "domain": dom_s, "assumptions": ass,
            "text": str(claim.statement)}


def _problem(category, kind, detail, **extra):
    return {"category": category, "kind": kind, "detail": detail, **extra}


def _feasible(info, p):
    """``"yes"`` / ``"no"`` / ``"undecided"``: does ``p`` certainly meet every assumption?"""
    und = False
    for rel in info.assumptions:
        st, _ = relation_at(rel, p)
        if st in ("violated", "undefined"):
            return "no"
        if st == "undecided":
            und = True
    return "undecided" if und else "yes"


def find_feasible_point(info, seed=0):
    for p in candidate_points(info, seed):
        if _feasible(info, p) == "yes":
            return p
    return None


def _check_proved(info, deep=True, seed=0):
    probs = []
    pts = candidate_points(info, seed, extra=_float_probe(info, seed) if deep else ())
    bad_undef = bad_viol = None
    checked = undecided = 0
    for p in pts:
        if _feasible(info, p) != "yes":
            continue
        checked += 1
        st, why = relation_at(info.statement, p)
        if st == "undefined" and bad_undef is None:
            bad_undef = (p, why)
        elif st == "violated" and bad_viol is None:
            bad_viol = p
        elif st == "undecided":
            undecided += 1
        if bad_undef and bad_viol:
            break
    if bad_viol is not None:
        probs.append(_problem("unsound", "proved-but-violated",
                              "proved, but the statement is certifiably violated at a feasible point",
                              witness=_fmt_point(bad_viol)))
    if bad_undef is not None:
        probs.append(_problem("unsound", "proved-but-undefined",
                              f"proved, but the statement is undefined at a feasible point ({bad_undef[1]})",
                              witness=_fmt_point(bad_undef[0])))
    return probs, checked, undecided


def _check_refuted(info, cex):
    if not isinstance(cex, Mapping):
        return [_problem("unsound", "refuted-without-counterexample", f"counterexample is {cex!r}")]
    probs = []
    own = set(info.symbols)
    stray = [k for k in cex if k not in own]
    if stray:
        probs.append(_problem("contract", "cex-foreign-keys",
                              f"counterexample keys that are not the claim's symbols: {stray!r}"))
    missing = [s for s in info.needed if s not in cex]
    if missing:
        probs.append(_problem("unsound", "cex-missing-symbol",
                              f"counterexample has no value for {missing!r} (keys {list(cex)!r})"))
        return probs
    pt = {}
    for s in info.symbols:
        if s not in cex:
            pt[s] = info.qbox[s][0]  # unused by the relations: any box value
            continue
        v = cex[s]
        if isinstance(v, sp.Rational):
            pt[s] = Fraction(int(v.p), int(v.q))
            continue
        if isinstance(v, (Fraction, numbers.Integral)) and not isinstance(v, bool):
            probs.append(_problem("contract", "cex-not-sympy-rational",
                                  f"value for {s} is {type(v).__name__} {v!r}, not a sympy Rational"))
            pt[s] = Fraction(v)
            continue
        probs.append(_problem("unsound", "cex-inexact",
                              f"value for {s} is {type(v).__name__} {v!r}: not an exact rational"))
        return probs
    with _precision():
        for s in info.symbols:
            lo, hi = info.box[s]
            try:
                inside = _decide(">=", pt[s], lo) and _decide("<=", pt[s], hi)
            except Undecided:
                continue
            if not inside:
                probs.append(_problem("unsound", "cex-outside-box",
                                      f"{s} = {pt[s]} outside [{info.qbox[s][0]}, {info.qbox[s][1]}]",
                                      witness=_fmt_point(pt)))
            if not _facts_ok(s, pt[s]):
                probs.append(_problem("unsound", "cex-violates-symbol-assumptions",
                                      f"{s} = {pt[s]} violates the symbol's sympy assumptions",
                                      witness=_fmt_point(pt)))
    for i, rel in enumerate(info.assumptions):
        st, why = relation_at(rel, pt)
        if st in ("violated", "undefined"):
            probs.append(_problem("unsound", "cex-infeasible",
                                  f"assumption {i} is {st} at the counterexample {why}".strip(),
                                  witness=_fmt_point(pt)))
    st, why = relation_at(info.statement, pt)
    if st == "holds":
        probs.append(_problem("unsound", "cex-not-violated",
                              "the statement certifiably holds at the counterexample", witness=_fmt_point(pt)))
    elif st == "undefined":
        probs.append(_problem("unsound", "cex-undefined",
                              f"the statement is undefined at the counterexample ({why})", witness=_fmt_point(pt)))
    return probs


def _is_infeasible_exc(exc):
    try:
        from clickbound.lemmas import InfeasibleAssumptions
    except ImportError:  # pragma: no cover
        return type(exc).__name__ == "InfeasibleAssumptions"
    return isinstance(exc, InfeasibleAssumptions)


def judge(claim, result, *, hint=None, deep=True, seed=0):
    """``(outcome, problems, stats)`` for one claim and what the engine answered."""
    info = analyse(claim)
    stats = {}
    if hint == "malformed-budget":
        if isinstance(result, ValueError) and str(result).strip():
            return "valueerror:malformed", [], stats
        what = (f"{type(result).__name__}: {result}" if isinstance(result, BaseException)
                else getattr(result, "status", result))
        cat = "crash" if isinstance(result, BaseException) and not isinstance(result, ValueError) else "contract"
        return str(what)[:60], [_problem(cat, "bad-budget-accepted",
                                         f"a non-finite or non-positive budget gave {what}; expected ValueError")], stats
    if isinstance(result, BaseException):
        if isinstance(result, FuzzTimeout):
            return "hang", [_problem("hang", "hang", f"still running after {HANG_S} s")], stats
        if not isinstance(result, ValueError):
            name = type(result).__name__
            return f"crash:{name}", [_problem("crash", name, f"{name}: {result}"[:500])], stats
        msg = str(result).strip()
        if info.malformed:
            return "valueerror:malformed", [], stats
        kind = ("rejected:infeasible" if _is_infeasible_exc(result) else
                "rejected:partly-inconsistent-symbol" if info.partly else "rejected")
        stats["message"] = msg[:300]
        probs = []
        if len(msg) < 8:
            probs.append(_problem("contract", "unexplained-rejection",
                                  f"ValueError without a reason on a well-formed claim: {result!r}"))
        if info.unjudgeable is None and _is_infeasible_exc(result):
            p = find_feasible_point(info, seed)
            if p is not None:
                probs.append(_problem("unsound", "false-infeasible",
                                      "InfeasibleAssumptions, but this point meets every assumption (certified)",
                                      witness=_fmt_point(p)))
        return kind, probs, stats
    status = getattr(result, "status", None)
    outcome = str(status)
    if info.unjudgeable:
        return outcome, [], {"unjudgeable": info.unjudgeable}
    if info.malformed:
        cat = "unsound" if status == "proved" else "contract"
        return outcome, [_problem(cat, f"{status}-on-malformed-input",
                                  f"{status} for malformed input ({info.malformed}); expected ValueError")], stats
    if status in ("proved", "argued"):
        probs, checked, undecided = _check_proved(info, deep=deep, seed=seed)
        if status == "argued":  # a proof up to argued steps is still a claim that the statement holds
            for p in probs:
                p["kind"] = p["kind"].replace("proved-but", "argued-but")
            if not _argued_listed(result):
                probs.append(_problem("contract", "argued-without-steps",
                                      "argued, but the evidence lists no argued step"))
        if hint == "false-with-proof" and status == "argued" and not probs:
            probs.append(_problem("contract", "bogus-proof-not-refuted",
                                  "a false claim (violated at a box corner or edge) with a text-only proof came out "
                                  "argued: the cheap refuters must run before any artefact is accepted"))
        stats.update(points_checked=checked, points_undecided=undecided)
        return outcome, probs, stats
    if status == "refuted":
        return outcome, _check_refuted(info, getattr(result, "counterexample", None)), stats
    if status in ("survived", "checked"):
        if hint == "false-with-proof":
            return outcome, [_problem("contract", "bogus-proof-not-refuted",
                                      "a false claim (violated at a box corner or edge) with a text-only proof was not "
                                      "refuted")], stats
        return outcome, [], stats
    return outcome, [_problem("contract", "unknown-status", f"status {status!r} for a sympy Claim")], stats


def _argued_listed(result) -> bool:
    ev = getattr(result, "evidence", None)
    listed = ev.get("argued") if isinstance(ev, Mapping) else None
    return isinstance(listed, (list, tuple)) and len(listed) > 0


def oracle_check(claim, verdict_or_exception, *, hint=None, deep=True, seed=0):
    """The problems (list of dicts with ``category``, ``kind``, ``detail``) in what the engine
    answered for ``claim``; empty when sound.  Independent of ``clickbound.lemmas.engine``."""
    return judge(claim, verdict_or_exception, hint=hint, deep=deep, seed=seed)[1]


# ---------------------------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------------------------
@dataclass
class FuzzCase:
    claim: object
    family: str
    truth_hint: str
    template: str = ""
    budget_s: float | None = None  # None: the run's budget


R = sp.Rational
NAME_POOLS = (("x", "y", "z"), ("a", "b", "c"), ("p", "q", "r"), ("u", "v", "w"))
BOXES = ((0, 1), (-1, 1), (-2, 2), (0, 2), (1, 3), (-3, -1), (R(1, 2), 2), (-1, 0), (0, R(1, 3)),
         (-R(1, 2), R(3, 2)), (R(-5, 4), R(7, 4)), (R(1, 10), R(9, 10)))


def _pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def _coef(rng, zero=False):
    while True:
        if rng.random() < 0.65:
            c = R(int(rng.integers(-3, 4)))
        else:
            c = R(int(rng.integers(-5, 6)), int(rng.choice([2, 3, 4, 5])))
        if zero or c != 0:
            return c


def _syms(rng, n, **assumptions):
    names = _pick(rng, NAME_POOLS)
    return [sp.Symbol(names[i], **assumptions) for i in range(n)]


def _as_bound(rng, q):
    """The number ``q`` in a random but exact Python/sympy/numpy type."""
    q = sp.sympify(q)
    if not q.is_Rational:
        return q
    r = rng.random()
    dyadic = q.q in (1, 2, 4, 8)
    if q.q == 1 and r < 0.3:
        return int(q)
    if r < 0.5:
        return Fraction(int(q.p), int(q.q))
    if r < 0.58 and dyadic:
        return float(q)
    if r < 0.6 and dyadic:
        return sp.Float(float(q))
    if r < 0.603 and dyadic:  # rare: a numpy number is a number too
        return np.float64(float(q))
    if r < 0.606 and q.q == 1:
        return np.int64(int(q))
    return q


def _pair(rng, box):
    lo, hi = (_as_bound(rng, b) for b in box)
    r = rng.random()
    if r < 0.08:
        return [lo, hi]
    if r < 0.12:
        return sp.Tuple(lo, hi)
    return (lo, hi)


def _domain(rng, syms, boxes=None):
    return {s: _pair(rng, boxes[i] if boxes else _pick(rng, BOXES)) for i, s in enumerate(syms)}


def _random_rel(rng, lhs, rhs, ops=("<=", "<", ">=", ">")):
    op = _pick(rng, ops)
    if rng.random() < 0.5:
        flip = {"<=": ">=", "<": ">", ">=": "<=", ">": "<", "==": "=="}
        return OPS[flip[op]](rhs, lhs, evaluate=False), op
    return OPS[op](lhs, rhs, evaluate=False), op


def _random_poly(rng, syms, max_deg=4, terms=None):
    terms = terms or int(rng.integers(1, 6))
    out = sp.Integer(0)
    for _ in range(terms):
        deg = int(rng.integers(0, max_deg + 1))
        mono = sp.Integer(1)
        for _ in range(deg):
            mono *= _pick(rng, syms)
        out += _coef(rng) * mono
    return out


def _grid_values(expr, dom, k=5):
    syms = list(dom)
    q = {s: (Fraction(R(dom[s][0])), Fraction(R(dom[s][1]))) for s in syms}
    vals = []
    for c in product(*[[q[s][0] + (q[s][1] - q[s][0]) * Fraction(i, k - 1) for i in range(k)] for s in syms]):
        try:
            v = evaluate(expr, dict(zip(syms, c)))
        except (Undefined, Undecided):
            continue
        vals.append(v if isinstance(v, Fraction) else _arb_exact_fraction(v.mid()))
    return vals


def _near_extreme(rng, expr, dom):
    """A constant at a sampled min/max of ``expr`` over the box, nudged a little."""
    vals = _grid_values(expr, dom)
    if not vals:
        return R(_pick(rng, (0, 1, -1))), "?"
    lower = rng.random() < 0.5
    m = min(vals) if lower else max(vals)
    m = Fraction(m).limit_denominator(1000)
    delta = _pick(rng, (0, 0, R(1, 100), R(1, 10), -R(1, 100), R(1, 1000), -R(1, 1000)))
    return (R(m.numerator, m.denominator) - delta if lower else R(m.numerator, m.denominator) + delta), \
        ("lower" if lower else "upper")


def _claim(statement, domain, assumptions=(), cid="fuzz", as_tuple=False):
    from clickbound.lemmas import Claim
    ass = tuple(assumptions) if as_tuple else list(assumptions)
    return Claim(id=cid, statement=statement, domain=domain, assumptions=ass)


def _linear_assumption(rng, syms):
    a, b = (syms[0], syms[1]) if len(syms) > 1 else (syms[0], syms[0])
    form = _pick(rng, ("ge", "sum", "gen"))
    if form == "ge" and a is not b:
        return sp.Ge(a, b, evaluate=False)
    if form == "sum" and a is not b:
        return sp.Le(a + b, _pick(rng, (1, R(1, 2), 2)), evaluate=False)
    return sp.Le(_coef(rng) * a + (_coef(rng) * b if a is not b else 0), _coef(rng, zero=True), evaluate=False)


# -- families ---------------------------------------------------------------------------------
def _g_polynomial(rng):
    n = int(rng.integers(1, 4))
    syms = _syms(rng, n)
    dom = _domain(rng, syms)
    p = _random_poly(rng, syms)
    r = rng.random()
    if r < 0.55:
        c, side = _near_extreme(rng, p, dom)
        op = _pick(rng, (">=", ">")) if side == "lower" else _pick(rng, ("<=", "<"))
        st, tmpl = OPS[op](p, c, evaluate=False), f"poly {op} near-{side}"
    elif r < 0.85:
        st, op = _random_rel(rng, p, _random_poly(rng, syms, 2))
        tmpl = "poly vs poly"
    elif r < 0.93:
        q = _random_poly(rng, syms, 2, 2)
        st, tmpl = sp.Eq(sp.expand(p * q), sp.Mul(p, q, evaluate=False), evaluate=False), "identity"
        return _claim(st, dom), "true", tmpl
    else:
        st, tmpl = sp.Eq(p, _coef(rng, zero=True), evaluate=False), "poly == c"
    ass = [_linear_assumption(rng, syms)] if rng.random() < 0.2 else []
    return _claim(st, dom, ass), "unknown", tmpl


def _g_rational(rng):
    n = int(rng.integers(1, 3))
    syms = _syms(rng, n)
    boxes = [_pick(rng, BOXES) for _ in syms]
    lo, hi = (R(b) for b in boxes[0])
    x = syms[0]
    where = _pick(rng, ("inside", "boundary", "nowhere", "excluded"))
    if where in ("inside", "excluded"):
        c = lo + (hi - lo) * R(int(rng.integers(1, 4)), 4)
        den = _pick(rng, (x - c, (x - c) ** 2, (x - c) * (x + 5)))
        if n == 2 and rng.random() < 0.4:
            boxes[1] = boxes[0]
            den = x - syms[1]
    elif where == "boundary":
        den = _pick(rng, (x - lo, x - hi, (x - lo) * (x - hi + 3)))
    elif rng.random() < 0.2:
        den, where = x**2 - 2, "irrational-zero"
        boxes[0] = _pick(rng, ((1, 2), (0, 3), (-2, 2)))
    else:
        den = _pick(rng, (x**2 + 1, x - (hi + 1), x - (lo - R(1, 2)), 2 + x**2 - x))
    num = _random_poly(rng, syms, 2)
    if num == 0:
        num = sp.Integer(1)
    frac = num / den
    if rng.random() < 0.3:
        frac = frac + _random_poly(rng, syms, 1) / (syms[-1] ** 2 + 1)
    dom = _domain(rng, syms, boxes)
    ass = []
    if where == "excluded":
        ass = [sp.Ge(x, c + R(1, 10), evaluate=False)] if c + R(1, 10) <= hi else [sp.Le(x, c - R(1, 10))]
    if where in ("inside", "boundary") and rng.random() < 0.2:
        # sides that cancel in lhs - rhs although each is undefined where den == 0
        st = _pick(rng, (sp.Eq(frac, frac, evaluate=False), sp.Le(frac, frac + 1, evaluate=False),
                         sp.Ge(frac + x**2 + 1, frac, evaluate=False)))
        return _claim(st, dom, ass), "undefined-somewhere", f"rational cancelling den {where}"
    if rng.random() < 0.6:
        const, side = _near_extreme(rng, frac, dom)
        op = _pick(rng, (">=", ">")) if side == "lower" else _pick(rng, ("<=", "<"))
        st = OPS[op](frac, const, evaluate=False)
    else:
        st, op = _random_rel(rng, frac, _random_poly(rng, syms, 1))
    hint = "undefined-somewhere" if where in ("inside", "boundary", "irrational-zero") else "unknown"
    return _claim(st, dom, ass), hint, f"rational den {where}"


def _rand_tree(rng, syms, depth):
    if depth == 0 or rng.random() < 0.25:
        return _random_poly(rng, syms, 2, int(rng.integers(1, 3)))
    kind = _pick(rng, ("log", "exp", "sqrt", "abs", "max", "min", "add", "mul", "sqrt", "log", "gamma", "sin",
                       "cbrt", "special"))
    a = _rand_tree(rng, syms, depth - 1)
    if kind == "cbrt":
        return sp.Pow(a, _pick(rng, (R(1, 3), R(2, 3), R(3, 2), -R(1, 2))))
    if kind == "special":  # functions numpy has no name for, and non-smooth ones
        return _pick(rng, (sp.LambertW, sp.loggamma, sp.erf, sp.floor, sp.sign, sp.digamma, sp.atan,
                           lambda t: sp.Mod(t, 1)))(a)
    if kind == "log":
        return sp.log(a if rng.random() < 0.5 else 1 + a**2)
    if kind == "exp":
        return sp.exp(a / 2)
    if kind == "sqrt":
        return sp.sqrt(a)
    if kind == "abs":
        return sp.Abs(a)
    if kind == "gamma":
        return sp.gamma(a)
    if kind == "sin":
        return sp.sin(a)
    b = _rand_tree(rng, syms, depth - 1)
    return {"max": sp.Max, "min": sp.Min, "add": sp.Add, "mul": sp.Mul}[kind](a, b)


def _g_transcendental(rng):
    n = int(rng.integers(1, 3))
    syms = _syms(rng, n)
    dom = _domain(rng, syms)
    x = syms[0]
    y = syms[-1]
    fixed = [
        (sp.Le(sp.log(1 + x**2), x**2), "true"),
        (sp.Ge(sp.sqrt(sp.Abs(x - y)), sp.Abs(x - y)), "unknown"),
        (sp.Eq(sp.Max(x, y) + sp.Min(x, y), x + y, evaluate=False), "true"),
        (sp.Le(sp.exp(sp.Min(x, y)), sp.exp(x)), "true"),
        (sp.Le(sp.log(x), x), "unknown"),
        (sp.Ge(sp.Abs(x) + sp.Abs(y), sp.Abs(x + y)), "true"),
        (sp.Le(sp.sin(x), 1), "true"),
        (sp.Ge(sp.gamma(x), R(88, 100)), "unknown"),
        (sp.Eq(sp.sqrt(x**2), sp.Abs(x), evaluate=False), "true"),
        (sp.Le(sp.Max(x, y) - sp.Min(x, y), sp.Abs(x - y)), "true"),
        (sp.Eq(sp.sqrt(x * y), sp.sqrt(x) * sp.sqrt(y), evaluate=False), "unknown"),
        (sp.Eq(sp.log(x * y), sp.log(x) + sp.log(y), evaluate=False), "unknown"),
        (sp.Eq(sp.log(sp.exp(x)), x, evaluate=False), "true"),
        (sp.Eq(sp.sqrt(x**2), sp.Abs(x), evaluate=False), "true"),
        (sp.Ge(x ** R(1, 3), -2, evaluate=False), "unknown"),
        (sp.Ge(sp.Pow(x, R(1, 3)) ** 3, x, evaluate=False), "unknown"),
        (sp.Le(x ** R(3, 2), 8, evaluate=False), "unknown"),
        (sp.Ge(x**y, 0, evaluate=False), "unknown"),
        (sp.Ge(sp.cos(x), -1, evaluate=False), "true"),
        (sp.Le(sp.sin(x), 1 - R(1, 10**12), evaluate=False), "unknown"),
        (sp.Le(sp.exp(x) * sp.exp(-x), 1, evaluate=False), "true"),
        (sp.Ge(2**x, 1 + x * sp.log(2), evaluate=False), "true"),
        (sp.Ge(sp.gamma(x), 1, evaluate=False), "unknown"),
        (sp.Le(sp.gamma(x + 2), 2 + x, evaluate=False), "unknown"),
        (sp.Ge(sp.LambertW(x), -1, evaluate=False), "unknown"),
        (sp.Le(sp.floor(x), x, evaluate=False), "true"),
        (sp.Lt(sp.floor(x), x, evaluate=False), "unknown"),
        (sp.Le(sp.sign(x) * x, sp.Abs(x), evaluate=False), "true"),
    ]
    if rng.random() < 0.45:
        st, hint = _pick(rng, fixed)
        if isinstance(st, sp.Basic) and isinstance(st, sp.core.relational.Relational):
            return _claim(st, dom), hint, "fixed composition"
    e1 = _rand_tree(rng, syms, 2)
    if rng.random() < 0.5:
        c, side = _near_extreme(rng, e1, dom)
        op = _pick(rng, (">=", ">")) if side == "lower" else _pick(rng, ("<=", "<"))
        st = OPS[op](e1, c, evaluate=False)
    else:
        st, op = _random_rel(rng, e1, _rand_tree(rng, syms, 1))
    ass = [_linear_assumption(rng, syms)] if rng.random() < 0.15 else []
    return _claim(st, dom, ass), "unknown", "random composition"


def _classic(rng, eps):
    """A classic true inequality (``eps == 0``, perturbed by a slack that keeps it true) or its
    mutant with the constant ``eps > 0`` nudged so that it is false on a thin region."""
    t = _pick(rng, ("amgm2", "amgm3", "square", "abs", "exp", "log", "bernoulli", "cs2d", "xy"))
    slack = 0 if eps else _pick(rng, (0, 0, R(1, 10), 1, R(1, 1000)))
    names = _pick(rng, NAME_POOLS)
    S = [sp.Symbol(n) for n in names]
    a, b, c = S
    if t == "amgm2":
        B = _pick(rng, (1, 2, 4, R(1, 2)))
        lo = 0 if eps or rng.random() < 0.7 else R(1, 4)
        dom = {a: (lo, B), b: (lo, B)}
        lhs, rhs = (a + b) / 2 + slack, sp.sqrt(a * b) + eps
    elif t == "amgm3":
        dom = {a: (0, 2), b: (0, 2), c: (0, 2)}
        lhs, rhs = (a + b + c) / 3 + slack, (a * b * c) ** R(1, 3) + eps
    elif t == "square":
        k = _pick(rng, (1, 2, R(1, 2), -1))
        dom = {a: _pick(rng, BOXES), b: (-1, 1)}
        e = (k * a - b) ** 2
        lhs, rhs = (sp.expand(e) if rng.random() < 0.6 else e) + slack, sp.Integer(0) + eps
    elif t == "abs":
        dom = {a: _pick(rng, BOXES)}
        if eps:
            lhs, rhs = sp.Abs(a), sp.sqrt(a**2 + eps)
        else:
            lhs, rhs = sp.Abs(a) + slack, a
    elif t == "exp":
        dom = {a: _pick(rng, ((-1, 1), (-2, R(1, 2)), (-R(1, 10), 3)) if eps else BOXES)}
        lhs, rhs = sp.exp(a) + slack, 1 + a + eps
    elif t == "log":
        dom = {a: _pick(rng, ((R(1, 2), 2), (R(1, 10), 3), (1, 4)) if eps else
                        ((R(1, 2), 2), (R(1, 10), 3), (1, 4), (R(1, 100), R(1, 2))))}
        lhs, rhs = a - 1 + slack, sp.log(a) + eps
    elif t == "bernoulli":
        n = _pick(rng, (2, 3, 4))
        dom = {a: _pick(rng, ((-1, 1), (-1, 3), (-R(1, 2), R(1, 2)), (0, 2)))}
        e = (1 + a) ** n
        lhs, rhs = (sp.expand(e) if rng.random() < 0.5 else e) + slack, 1 + n * a + eps
    elif t == "cs2d":
        d = sp.Symbol(names[0] + "2")
        dom = {a: (-1, 1), b: (-1, 1), c: (-1, 1), d: (-1, 1)}
        lhs, rhs = (a**2 + b**2) * (c**2 + d**2) + slack, (a * c + b * d) ** 2 + eps
    else:
        dom = {a: _pick(rng, BOXES), b: _pick(rng, BOXES)}
        lhs, rhs = (a**2 + b**2) / 2 + slack, a * b + eps
    if eps and t == "xy":  # make sure the thin band near a == b meets the box
        dom[b] = dom[a]
    st = sp.Ge(lhs, rhs, evaluate=False) if rng.random() < 0.5 else sp.Le(rhs, lhs, evaluate=False)
    dom = {s: _pair(rng, bounds) for s, bounds in dom.items()}
    return _claim(st, dom), t


def _g_classic_true(rng):
    claim, t = _classic(rng, 0)
    return claim, "true", f"classic {t}"


def _g_classic_mutant(rng):
    eps = _pick(rng, (R(1, 10), R(1, 100), R(1, 1000), R(1, 10000), R(1, 10**12), R(1, 10**30)))
    claim, t = _classic(rng, eps)
    return claim, "false", f"classic {t} nudged by {eps}"


def _g_linear_assumptions(rng):
    x, y, z = _syms(rng, 3)
    unit = {s: (0, 1) for s in (x, y, z)}
    form = _pick(rng, ("chain", "sum", "eq", "random", "ne", "nonpoly"))
    if form == "chain":
        ass = [sp.Ge(x, y), sp.Ge(y, z)]
        st, hint = _pick(rng, ((sp.Ge(x, z), "true"), (sp.Ge(x**2, z**2), "true"), (sp.Ge(x - z, 0), "true"),
                               (sp.Gt(x, z), "false"), (sp.Ge(z, x), "false"),
                               (sp.Ge(x * z, y**2), "false"), (sp.Le(x + z, 2 * y + R(1, 100)), "false"),
                               (sp.Ge(x * y, y * z), "true")))
        dom = unit
    elif form == "sum":
        ass = [sp.Le(x + y, 1)]
        st, hint = _pick(rng, ((sp.Le(x * y, R(1, 4)), "true"), (sp.Le(x**2 + y**2, 1), "true"),
                               (sp.Le(x * y, R(1, 5)), "false"), (sp.Lt(x * y, R(1, 4)), "false"),
                               (sp.Le(x * y * z, R(1, 4)), "true"), (sp.Ge(1 - x - y, 0), "true")))
        dom = {x: (0, 1), y: (0, 1), z: (0, 1)}
    elif form == "eq":
        ass = [sp.Eq(x, y)] + ([sp.Ge(y, z)] if rng.random() < 0.4 else [])
        st, hint = _pick(rng, ((sp.Eq(x**2, x * y, evaluate=False), "true"), (sp.Le(x - y, 0), "true"),
                               (sp.Gt(x, y), "false"), (sp.Le(x + y, 1), "false"),
                               (sp.Ge(x**2 - y, 0), "false"), (sp.Eq(x**3 - y**3, 0, evaluate=False), "true"),
                               (sp.Lt(sp.Abs(x - y), R(1, 10**6)), "true")))
        dom = {x: (0, 1), y: (0, 1), z: (0, 1)}
    elif form == "nonpoly":  # assumptions undefined on part of the box: those points are not feasible
        ass = [_pick(rng, (sp.Ge(sp.log(x), -1), sp.Le(sp.sqrt(x), R(1, 2)), sp.Ge(1 / x, 2)))]
        st, hint = _pick(rng, ((sp.Ge(x, R(1, 2)), "unknown"), (sp.Ge(x, 0), "true"), (sp.Gt(x, 0), "true"),
                               (sp.Le(x, R(1, 5)), "unknown"), (sp.Ge(x * y, 0), "unknown")))
        dom = {x: (-1, 1), y: (-1, 1)}
    elif form == "ne":
        ass = [_pick(rng, (sp.Ne(x, y), sp.Gt(x, y), sp.Lt(x, y)))]
        st, hint = _pick(rng, ((sp.Le(1 / (x - y) ** 2, 100), "false"), (sp.Ge(1 / (x - y) ** 2, 0), "true"),
                               (sp.Ge((x - y) ** 2, R(1, 10**6)), "false"), (sp.Ne(x, y), "malformed")))
        dom = {x: (0, 1), y: (0, 1), z: (0, 1)}
    else:
        syms = [x, y]
        dom = _domain(rng, syms)
        ass = [_linear_assumption(rng, syms) for _ in range(int(rng.integers(1, 3)))]
        st, _ = _random_rel(rng, _random_poly(rng, syms, 3), _random_poly(rng, syms, 1))
        hint = "unknown"
    if not isinstance(st, sp.core.relational.Relational):
        st = sp.Ge(x, x - 1, evaluate=False)
        hint = "true"
    dom = {s: _pair(rng, b) for s, b in dom.items()
           if s in st.free_symbols or any(s in a.free_symbols for a in ass) or rng.random() < 0.5}
    return _claim(st, dom, ass, as_tuple=rng.random() < 0.3), hint, f"linear assumptions {form}"


def _g_infeasible(rng):
    x, y, z = _syms(rng, 3)
    half, unit = (0, R(1, 2)), (0, 1)
    form = _pick(rng, ("gap", "sum", "eqout", "cycle", "nonlin", "strict", "exp", "eqnl", "lt-both", "self"))
    table = {
        "gap": ([sp.Ge(x, y + 1)], {x: half, y: half}),
        "sum": ([sp.Ge(x + y, 3)], {x: unit, y: unit}),
        "eqout": ([sp.Eq(x, 2)], {x: unit}),
        "cycle": ([sp.Ge(x, y), sp.Ge(y, z), sp.Ge(z, x + R(1, 10))], {x: unit, y: unit, z: unit}),
        "nonlin": ([sp.Le(x**2 + y**2, -1)], {x: unit, y: unit}),
        "strict": ([sp.Gt(x, 1)], {x: unit}),
        "exp": ([sp.Le(sp.exp(x), 0)], {x: (-2, 2)}),
        "eqnl": ([sp.Eq(x * y, 2)], {x: unit, y: unit}),
        "lt-both": ([sp.Lt(x, y), sp.Lt(y, x)], {x: unit, y: unit}),
        "self": ([sp.Lt(x, x, evaluate=False)], {x: unit}),
    }
    ass, dom = table[form]
    syms = list(dom)
    st, _ = _random_rel(rng, _random_poly(rng, syms, 2), _coef(rng, zero=True))
    dom = {s: _pair(rng, b) for s, b in dom.items()}
    return _claim(st, dom, ass), "infeasible", f"infeasible {form}"


def _g_equality_edge(rng):
    x, y = _syms(rng, 2)
    box = _pick(rng, ((0, 1), (-1, 1), (R(1, 3), 2)))
    dxy = {x: box, y: box}
    cases = [
        (sp.Lt(x * y, (x**2 + y**2) / 2), dxy, [], "false"),
        (sp.Le(x * y, (x**2 + y**2) / 2), dxy, [], "true"),
        (sp.Gt(sp.Abs(x - y), 0), dxy, [], "false"),
        (sp.Gt((x - y) ** 2, 0), dxy, [], "false"),
        (sp.Lt(x**2, 1), {x: (-1, 1)}, [], "false"),
        (sp.Le(x**2, 1), {x: (-1, 1)}, [], "true"),
        (sp.Gt(x * (1 - x), 0), {x: (0, 1)}, [], "false"),
        (sp.Ge(x * (1 - x), 0), {x: (0, 1)}, [], "true"),
        (sp.Eq(x**2 - y**2, 0, evaluate=False), dxy, [sp.Eq(x, y)], "true"),
        (sp.Eq(x + y, 2 * x, evaluate=False), dxy, [sp.Eq(x, y)], "true"),
        (sp.Eq(x * y, x**2 + R(1, 1000), evaluate=False), dxy, [sp.Eq(x, y)], "false"),
        (sp.Gt(x - y, 0), dxy, [sp.Ge(x, y)], "false"),
        (sp.Lt(x, 1), {x: (0, 1)}, [], "false"),
        (sp.Lt(x, y), dxy, [sp.Le(x, y)], "false"),
        (sp.Ge(x, y), dxy, [sp.Ge(x, y)], "true"),
    ]
    st, dom, ass, hint = _pick(rng, cases)
    dom = {s: _pair(rng, b) for s, b in dom.items()}
    return _claim(st, dom, ass), hint, "equality edge"


SYMBOL_KINDS = {
    # flag: (consistent boxes, partly boxes, contradicting boxes)
    "positive": (((R(1, 4), 2), (1, 3)), ((0, 1), (-1, 1)), ((-3, -2), (-1, 0), (0, 0))),
    "nonnegative": (((0, 1), (R(1, 2), 2)), ((-1, 1),), ((-2, -1),)),
    "negative": (((-2, -R(1, 2)),), ((-1, R(1, 2)), (-1, 0)), ((0, 1), (1, 2))),
    "nonpositive": (((-1, 0),), ((-1, 1),), ((1, 2),)),
    "real": (((-1, 1),), (), ()),
    "zero": (((0, 0),), ((-1, 1),), ((1, 2),)),
    "integer": (((2, 2),), ((0, 3),), ((R(1, 4), R(3, 4)),)),
}


def _g_symbol_assumptions(rng):
    flag = _pick(rng, tuple(SYMBOL_KINDS))
    kind = _pick(rng, ("consistent", "partly", "contradicting"))
    boxes = SYMBOL_KINDS[flag][("consistent", "partly", "contradicting").index(kind)]
    if not boxes:
        kind, boxes = "consistent", SYMBOL_KINDS[flag][0]
    a = sp.Symbol(_pick(rng, ("a", "t", "s")), **{flag: True})
    b = sp.Symbol("b")
    sq = sp.Pow(sp.Pow(a, 2, evaluate=False), R(1, 2), evaluate=False)
    sts = [
        sp.Eq(sq, a, evaluate=False),
        sp.Eq(sp.Pow(sp.Pow(a + 1, 2, evaluate=False), R(1, 2), evaluate=False), a + 1, evaluate=False),
        sp.Ge(sp.Abs(a), a, evaluate=False),
        sp.Ge(a, 0, evaluate=False),
        sp.Gt(a, 0, evaluate=False),
        sp.Le(a, 0, evaluate=False),
        sp.Le(sp.log(a), a - 1, evaluate=False),
        sp.Ge(1 / a, 0, evaluate=False),
        sp.Ge(sp.sqrt(a), 0, evaluate=False),
        sp.Ge(a * b, 0, evaluate=False),
        sp.Ge(sp.Abs(a) - a, 0, evaluate=False),
        sp.Le(a**2, 4, evaluate=False),
    ]
    st = _pick(rng, sts)
    dom = {a: _pair(rng, _pick(rng, boxes))}
    if b in st.free_symbols:
        dom[b] = (0, 1)
    hint = {"consistent": "unknown", "partly": "partly-inconsistent", "contradicting": "malformed"}[kind]
    return _claim(st, dom), hint, f"symbol {flag} {kind}"


def _g_duplicate_names(rng):
    name = _pick(rng, ("x", "a"))
    flavour = _pick(rng, ("positive", "real", "nonnegative", "dummy", "negative"))
    x1 = sp.Symbol(name)
    x2 = sp.Dummy(name) if flavour == "dummy" else sp.Symbol(name, **{flavour: True})
    box2 = {"positive": _pick(rng, ((R(1, 2), 1), (0, 1))), "negative": ((-1, -R(1, 2)),)[0],
            "nonnegative": (0, 1), "real": (0, 1), "dummy": (0, 1)}[flavour]
    box1 = _pick(rng, ((0, 1), (-1, 1), (-1, -R(1, 2))))
    y = sp.Symbol("y")
    sts = [
        (sp.Ge(x1, x2, evaluate=False), "unknown"), (sp.Le(x1, x2, evaluate=False), "unknown"),
        (sp.Eq(x1, x2, evaluate=False), "false"), (sp.Ge((x1 - x2) ** 2, 0, evaluate=False), "true"),
        (sp.Le((x1 - x2) ** 2, 0, evaluate=False), "false"), (sp.Le(x1 * x2, 1, evaluate=False), "true"),
        (sp.Ge(x1 + x2, 2 * x2, evaluate=False), "unknown"), (sp.Eq(x1 - x2, 0, evaluate=False), "false"),
        (sp.Le(sp.Abs(x1 - x2), 2, evaluate=False), "true"),
    ]
    st, hint = _pick(rng, sts)
    dom = {x1: box1, x2: box2}
    ass = []
    if rng.random() < 0.3:
        ass = [sp.Ge(_pick(rng, (x1, x2)), y, evaluate=False)]
        dom[y] = (-1, 1)
    if rng.random() < 0.5:  # insertion order matters to name-keyed code
        dom = dict(reversed(list(dom.items())))
    dom = {s: _pair(rng, b) for s, b in dom.items()}
    return _claim(st, dom, ass), hint, f"duplicate name {name} ({flavour})"


AWKWARD_NAMES = ("E", "I", "pi", "gamma", "lambda", "x y", "x_1", "1x", "", "S", "N", "Q", "beta",
                 "oo", "nan", "exp", "log", "sqrt", "Abs", "re", "sin", "x.y", "if", "None", "True",
                 "zoo", "O", "x'", "Symbol", "_", "x[0]", "dummy_0")


def _g_awkward_names(rng):
    """Symbols whose names are sympy/Python names or not identifiers (string round trips and
    ``lambdify`` must not confuse them), sometimes twice with different assumptions."""
    n1, n2 = _pick(rng, AWKWARD_NAMES), _pick(rng, AWKWARD_NAMES)
    a = sp.Symbol(n1)
    b = sp.Symbol(n1, positive=True) if rng.random() < 0.3 else sp.Symbol(n2 if n2 != n1 else n2 + "2")
    box_b = (R(1, 2), 1) if b.is_positive else _pick(rng, ((0, 1), (-1, 1)))
    cases = [
        (sp.Le(a, 1, evaluate=False), {a: (0, 1)}, "true"),
        (sp.Ge(a, R(1, 2), evaluate=False), {a: (0, 1)}, "false"),
        (sp.Le(a**2, a, evaluate=False), {a: (0, 1)}, "true"),
        (sp.Lt(a**2, a, evaluate=False), {a: (0, 1)}, "false"),
        (sp.Le(a * b, 1, evaluate=False), {a: (0, 1), b: box_b}, "true"),
        (sp.Ge(a, b, evaluate=False), {a: (0, 1), b: box_b}, "false"),
        (sp.Le(sp.exp(a), 3, evaluate=False), {a: (0, 1)}, "true"),
        (sp.Ge(sp.exp(a), 3, evaluate=False), {a: (0, 1)}, "false"),
        (sp.Le(sp.log(a), 0, evaluate=False), {a: (R(1, 2), 1)}, "true"),
        (sp.Le(a + b, 2 * b, evaluate=False), {a: (0, 1), b: box_b}, "unknown"),
        (sp.Eq(a * b, b * a, evaluate=False), {a: (0, 1), b: box_b}, "true"),
    ]
    st, dom, hint = _pick(rng, cases)
    ass = [sp.Ge(b, a, evaluate=False)] if b in dom and rng.random() < 0.3 else []
    if ass and hint == "false":
        hint = "unknown"
    if rng.random() < 0.5:
        dom = dict(reversed(list(dom.items())))
    return _claim(st, {k: _pair(rng, v) for k, v in dom.items()}, ass), hint, f"names {n1!r}, {b.name!r}"


def _g_irrational_bounds(rng):
    """Boxes with irrational bounds: proofs need an outer box, counterexamples an inner one."""
    x = sp.Symbol(_pick(rng, ("x", "t")))
    r2, q4 = sp.sqrt(2), sp.pi / 4
    cases = [
        (sp.Le(x**2, 2, evaluate=False), {x: (0, r2)}, "true"),
        (sp.Lt(x**2, 2, evaluate=False), {x: (0, r2)}, "false"),
        (sp.Le(x, R(141, 100), evaluate=False), {x: (0, r2)}, "false"),
        (sp.Le(x, R(14143, 10000), evaluate=False), {x: (0, r2)}, "true"),
        (sp.Ge(x, r2, evaluate=False), {x: (r2, 2)}, "true"),
        (sp.Gt(x, r2, evaluate=False), {x: (r2, 2)}, "false"),
        (sp.Ge(x, 3, evaluate=False), {x: (0, sp.pi)}, "false"),
        (sp.Le(x, R(31416, 10000), evaluate=False), {x: (0, sp.pi)}, "true"),
        (sp.Le(x, R(314159, 100000), evaluate=False), {x: (0, sp.pi)}, "false"),
        (sp.Le(sp.sin(x), sp.cos(x), evaluate=False), {x: (0, q4)}, "true"),
        (sp.Lt(sp.sin(x), sp.cos(x), evaluate=False), {x: (0, q4)}, "false"),
        (sp.Ge(sp.tan(x), x, evaluate=False), {x: (0, q4)}, "true"),
        (sp.Le(sp.exp(x), sp.E, evaluate=False), {x: (0, 1)}, "true"),
        (sp.Le(1 / (x - r2), 10**6, evaluate=False), {x: (1, 2)}, "undefined-somewhere"),
        (sp.Ge(sp.log(x - sp.E + 1), -40, evaluate=False), {x: (sp.E - 1, 3)}, "undefined-somewhere"),
        (sp.Le(x, sp.E - 2, evaluate=False), {x: (0, sp.E - 2)}, "true"),
    ]
    st, dom, hint = _pick(rng, cases)
    return _claim(st, {k: _pair(rng, v) for k, v in dom.items()}), hint, "irrational bounds"


def _g_zero_width(rng):
    n = int(rng.integers(1, 4))
    syms = _syms(rng, n)
    x = syms[0]
    v = _pick(rng, (0, 1, -1, R(1, 2), R(-2, 3), 3))
    boxes = [(v, v)] + [_pick(rng, BOXES + ((R(1, 3), R(1, 3)),)) for _ in syms[1:]]
    dom = {s: _pair(rng, box) for s, box in zip(syms, boxes)}
    fixed = [
        (sp.Le(x**2, v**2), "true"), (sp.Lt(x**2, v**2), "false"), (sp.Eq(x, v, evaluate=False), "true"),
        (sp.Ge(sp.exp(x), 1 + x), "true"), (sp.Gt(sp.exp(x), 1 + x), "unknown"),
        (sp.Eq(sp.Abs(x), sp.Abs(v), evaluate=False), "true"), (sp.Le(sp.log(x**2 + 1), x**2), "true"),
    ]
    if rng.random() < 0.45:
        st, hint = _pick(rng, fixed)
        if not isinstance(st, sp.core.relational.Relational):
            st, hint = sp.Le(x, v + 1, evaluate=False), "true"
        return _claim(st, dom), hint, "zero-width fixed"
    if rng.random() < 0.5:
        e = _random_poly(rng, syms, 3)
    else:
        e = _rand_tree(rng, syms, 1)
    c, side = _near_extreme(rng, e, dom)
    op = _pick(rng, (">=", ">")) if side == "lower" else _pick(rng, ("<=", "<"))
    return _claim(OPS[op](e, c, evaluate=False), dom), "unknown", "zero-width random"


def _g_undefined_everywhere(rng):
    x, y = _syms(rng, 2)
    c = _pick(rng, (0, R(1, 3), -1, 2))
    cases = [
        (1 / (x - y), {x: (0, 1), y: (0, 1)}, [sp.Eq(x, y)]),
        (sp.log(-x**2 - 1), {x: (-1, 1)}, []),
        (sp.sqrt(-1 - x**2), {x: (-1, 1)}, []),
        (1 / (x - c), {x: (c, c)}, []),
        (sp.log(x), {x: (-2, -1)}, []),
        (sp.sqrt(x - 2), {x: (0, 1)}, []),
        (sp.log(x - y), {x: (0, 1), y: (0, 1)}, [sp.Le(x, y)]),
        (1 / (x**2 + y**2), {x: (0, 0), y: (0, 0)}, []),
        ((x - 1) ** -2, {x: (1, 1)}, []),
        (sp.gamma(x), {x: (-1, -1)}, []),
        (sp.sqrt(x - y), {x: (0, 1), y: (0, 1)}, [sp.Le(x, y - R(1, 10))]),
        (sp.log(x) + 1 / x, {x: (-1, 0)}, []),
        (sp.oo + 0 * x if rng.random() < 0.3 else x + sp.oo, {x: (0, 1)}, []),
        (sp.zoo * x, {x: (0, 1)}, []),
        (sp.nan if rng.random() < 0.5 else sp.nan * x, {x: (0, 1)}, []),
        (-sp.oo * x, {x: (1, 2)}, []),
        (x / (x - y) + y, {x: (-1, 1), y: (-1, 1)}, [sp.Eq(x, y)]),
        (sp.Pow(x - x, -1, evaluate=False) if rng.random() < 0.5 else sp.Mul(x, sp.Pow(0 * y, -1, evaluate=False),
                                                                             evaluate=False),
         {x: (0, 1), y: (0, 1)}, []),
    ]
    e, dom, ass = _pick(rng, cases)
    rhs = _pick(rng, (-5, 0, 1, 10**6, x))
    st, _ = _random_rel(rng, e, sp.sympify(rhs), ops=("<=", "<", ">=", ">", "=="))
    dom = {s: _pair(rng, b) for s, b in dom.items()}
    for s in st.free_symbols | set().union(*[a.free_symbols for a in ass]):
        dom.setdefault(s, (0, 1))
    return _claim(st, dom, ass), "undefined-everywhere", "undefined everywhere"


def _g_bad_input(rng):
    x, y = _syms(rng, 2)
    good = sp.Le(x**2, 1, evaluate=False)
    cases = [
        ("expression statement", x + 1, {x: (0, 1)}, []),
        ("And statement", sp.And(sp.Le(x, 1), sp.Ge(x, 0)), {x: (0, 1)}, []),
        ("sympy true statement", sp.true, {x: (0, 1)}, []),
        ("python bool statement", True, {x: (0, 1)}, []),
        ("evaluated Eq", sp.Eq(x, x), {x: (0, 1)}, []),
        ("missing domain", sp.Le(x, y), {x: (0, 1)}, []),
        ("missing domain in assumption", good, {x: (0, 1)}, [sp.Ge(x, y)]),
        ("lo > hi", good, {x: (1, 0)}, []),
        ("lo > hi rational", good, {x: (R(1, 2), R(1, 3))}, []),
        ("string key", good, {"x": (0, 1)}, []),
        ("expression assumption", good, {x: (0, 1)}, [x + 1]),
        ("symbolic bound", good, {x: (0, y)}, []),
        ("infinite bound", good, {x: (0, sp.oo)}, []),
        ("nan bound", good, {x: (float("nan"), 1)}, []),
        ("not a pair", good, {x: (0, 1, 2)}, []),
        ("domain list", good, [(x, (0, 1))], []),
        ("None bound", good, {x: (None, 1)}, []),
    ]
    tmpl, st, dom, ass = _pick(rng, cases)
    return _claim(st, dom, ass), "malformed", f"bad input: {tmpl}"


# ---------------------------------------------------------------------------------------------
# Families for exact input, frozen assumptions, constants, huge bounds, unevaluated objects,
# bogus proofs and bad budgets
# ---------------------------------------------------------------------------------------------
def _claim_raw(statement, domain, assumptions=(), proof=None, cid="fuzz"):
    from clickbound.lemmas import Claim
    return Claim(id=cid, statement=statement, domain=domain, assumptions=assumptions, proof=proof)


def _g_exact_numbers(rng):
    """A boundary point written as a high-precision number of some type: the claim is false exactly
    when the box (as written) reaches the point, so reading a bound or constant through a double
    (or any rounding) turns a refutation into a proof or back."""
    x = sp.Symbol(_pick(rng, NAME_POOLS)[0])
    digits = int(rng.integers(16, 41))
    m = int("".join(str(int(d)) for d in [rng.integers(1, 10), *rng.integers(0, 10, size=digits - 1)]))
    text = f"0.{m}"
    c = R(m, 10**digits)
    kind = _pick(rng, ("decimal", "sympy-float", "float", "longdouble", "mpf", "mpf-hp", "numpy-float32",
                       "statement-float", "assumption-float"))
    op = _pick(rng, ("<", ">", "<=", ">="))
    if kind in ("statement-float", "assumption-float"):
        f = sp.Float(text, digits)
        if kind == "statement-float":
            st = OPS[op](x, f) if op in (">", ">=") else OPS[op](f, x)
            return _claim_raw(st, {x: (c, 1)}), "exact-boundary", f"{kind} {op} ({digits} digits)"
        return (_claim_raw(sp.Gt(x, c) if op in (">", ">=") else sp.Lt(x, c), {x: (0, 1)},
                           [sp.Ge(x, f) if op in (">", ">=") else sp.Le(x, f)]),
                "exact-boundary", f"{kind} {op} ({digits} digits)")
    if kind == "decimal":
        b = decimal.Decimal(text)
    elif kind == "sympy-float":
        b = sp.Float(text, digits)
    elif kind == "float":
        b = float(text)
    elif kind == "longdouble":
        b = np.longdouble(text)
    elif kind == "numpy-float32":
        b = np.float32(text)
    else:
        with mpmath.workdps(digits if kind == "mpf-hp" else 15):
            b = mpmath.mpf(text)
    if op in (">", ">="):  # x >(=) c on [b, 1]: false iff b <(=) c
        st, dom = OPS[op](x, c), {x: (b, 1)}
    else:  # x <(=) c on [0, b]
        st, dom = OPS[op](x, c), {x: (0, b)}
    return _claim_raw(st, dom), "exact-boundary", f"{kind} bound, statement x {op} c ({digits} digits)"


def _g_generator_assumptions(rng):
    """Assumptions given as a generator, a map object, a single relational or a tuple: the check
    must use them (``x <= y + c`` given ``y >= x`` is true for c >= 0, false at the edge for c < 0)."""
    x, y = _syms(rng, 2)
    c = _pick(rng, (0, R(1, 10), -R(1, 10), R(1, 10**20), -R(1, 10**20)))
    ass = [sp.Ge(y, x)]
    form = _pick(rng, ("generator", "map", "single", "tuple", "iter"))
    a = {"generator": lambda: (r for r in ass), "map": lambda: map(lambda r: r, ass),
         "single": lambda: ass[0], "tuple": lambda: tuple(ass), "iter": lambda: iter(ass)}[form]()
    claim = _claim_raw(sp.Le(x, y + c), {x: (0, 1), y: (0, 1)}, a)
    return claim, "true" if c >= 0 else "false", f"assumptions as {form}, c = {c}"


ZERO_CONSTANTS = (sp.sin(1) ** 2 + sp.cos(1) ** 2 - 1, sp.sin(R(1, 3)) ** 2 + sp.cos(R(1, 3)) ** 2 - 1,
                  sp.Mul(sp.sqrt(2) + 1, sp.sqrt(2) - 1, evaluate=False) - 1,
                  sp.cosh(2) ** 2 - sp.sinh(2) ** 2 - 1, sp.tan(1) * sp.cos(1) - sp.sin(1))
OTHER_CONSTANTS = (sp.E**100, sp.exp(-50), sp.pi**20, sp.sqrt(2) - R(141421356237, 10**11), -sp.E**100)


def _g_unsignable_constants(rng):
    """Constants sympy cannot sign by itself (exact zeros in disguise) and constants far from 1,
    in the statement, a bound or an assumption."""
    x = sp.Symbol(_pick(rng, NAME_POOLS)[0])
    zero = rng.random() < 0.7
    K = _pick(rng, ZERO_CONSTANTS if zero else OTHER_CONSTANTS)
    where = _pick(rng, ("statement", "bound", "assumption"))
    strict = rng.random() < 0.5
    if where == "statement":
        st = sp.Gt(x + K, 0) if strict else sp.Ge(x + K, 0)
        return _claim_raw(st, {x: (0, 1)}), "constant", f"{K} in the statement"
    if where == "bound":
        if not zero and K.is_negative:
            return _claim_raw(sp.Le(x, 0) if strict else sp.Ge(x, K), {x: (K, 0)}), "constant", f"bound {K}"
        if not zero:
            return _claim_raw(sp.Ge(x, 0), {x: (0, K)}), "constant", f"bound {K}"
        return _claim_raw(sp.Gt(x, 0) if strict else sp.Ge(x, 0), {x: (K, 1)}), "constant", f"bound {K}"
    return (_claim_raw(sp.Gt(x, 0) if strict else sp.Ge(x, 0), {x: (-1, 1)}, [sp.Ge(x, K)]),
            "constant", f"assumption x >= {K}")


def _g_huge_bounds(rng):
    """Bounds beyond (or at the edge of) the double range, as ints, floats and sympy Floats."""
    x, y = _syms(rng, 2)
    kind = _pick(rng, ("int400", "float308", "sympyfloat400", "int20", "float1e200"))
    B, val = {"int400": (10**400, R(10) ** 400), "float308": (1e308, R(10) ** 308),
              "sympyfloat400": (sp.Float("1e400"), R(10) ** 400), "int20": (10**20, R(10) ** 20),
              "float1e200": (1e200, R(10) ** 200)}[kind]
    neg = -B
    form = _pick(rng, ("le", "lt", "sq", "minus1", "sum", "two"))
    dom = {x: (neg, B)}
    if form == "le":
        st, hint = sp.Le(x, val), "true"
    elif form == "lt":
        st, hint = sp.Lt(x, val), "false"
    elif form == "sq":
        st, hint = sp.Le(x**2, val**2), "true"
    elif form == "minus1":
        st, hint = sp.Le(x, val - 1), "false"
    elif form == "sum":
        st, hint = sp.Ge(x**3 + 1, -(val**3)), "false"
    else:
        dom = {x: (0, B), y: (0, B)}
        st, hint = sp.Le(x * y, x**2 / 2 + y**2 / 2), "true"
    return _claim_raw(st, dom), hint, f"huge bound {kind}, {form}"


def _g_unevaluated(rng):
    """Unevaluated sympy objects: evaluated by doit() where sympy can, else a ValueError naming them."""
    x = sp.Symbol(_pick(rng, NAME_POOLS)[0])
    t, k = sp.Symbol("t"), sp.Symbol("k", integer=True, positive=True)
    strict = rng.random() < 0.5
    rel = sp.Lt if strict else sp.Le
    hint = "false" if strict else "true"
    cases = [
        ("Integral", sp.Integral(t, (t, 0, x)), R(1, 2)),
        ("Derivative", sp.Derivative(x**3, x), 3),
        ("Sum", sp.Sum(x**k, (k, 1, 3)), 3),
        ("Limit", sp.Limit(sp.sin(x * t) / t, t, 0), 1),
        ("Product", sp.Product(1 + x / k, (k, 1, 2)), 3),
    ]
    if rng.random() < 0.25:
        bad = _pick(rng, (("unevaluable Sum", sp.Sum(1 / (k**3 + x), (k, 1, sp.oo))),
                          ("undefined function", sp.Function("f")(x))))
        # sympy's doit() takes ~1 s to give up on the Sum: a budget whose cap leaves room for it
        return _claim_raw(sp.Le(bad[1], 2), {x: (0, 1)}), "malformed", f"unevaluated: {bad[0]}", 3.0
    name, obj, bound = _pick(rng, cases)
    return _claim_raw(rel(obj, bound), {x: (0, 1)}), hint, f"unevaluated {name}"


def _g_bogus_proof(rng):
    """A false claim (violated at a box corner, an edge or an interior point a short search finds)
    carrying a derivation whose steps are text: it must come out refuted."""
    from clickbound.lemmas import ProofArtefact

    a, b = _syms(rng, 2)
    unit = {a: (0, 1), b: (0, 1)}
    templates = [
        ("V(a, b) >= a + b", sp.Ge(1 - (1 - a) * (1 - b), a + b), unit),
        ("a + b <= 1", sp.Le(a + b, 1), unit),
        ("a b < 1", sp.Lt(a * b, 1), unit),
        ("a^2 >= a", sp.Ge(a**2, a), {a: (0, 1)}),
        ("exp(a) <= 1 + a + a^2/2", sp.Le(sp.exp(a), 1 + a + a**2 / 2), {a: (0, 1)}),
        ("a b == a", sp.Eq(a * b, a), unit),
        ("a > 1/10 on [Decimal 0.1, 1]", sp.Gt(a, R(1, 10)), {a: (decimal.Decimal("0.1"), 1)}),
        ("sqrt(a) <= a", sp.Le(sp.sqrt(a), a), {a: (0, 1)}),
        ("(a - b)^2 > 0", sp.Gt((a - b) ** 2, 0), unit),
    ]
    name, st, dom = _pick(rng, templates)
    summary = _pick(rng, ("trust me", "by inspection", "obvious"))
    domain = _pick(rng, (None, dom))
    steps = tuple((f"step {i}", _pick(rng, ("by inspection", "clear", "see the paper")))
                  for i in range(int(rng.integers(0, 4))))
    proof = lambda: ProofArtefact(summary=summary, steps=steps, conclusion=st, hypotheses=(),  # noqa: E731
                                  domain=domain)
    # a budget that leaves the cheap refuters room on a loaded machine (the contract: refuted)
    return _claim_raw(st, dom, proof=proof), "false-with-proof", f"bogus proof of {name}", 2.0


def _g_bad_budget(rng):
    x = sp.Symbol(_pick(rng, NAME_POOLS)[0])
    budget = _pick(rng, (math.inf, -math.inf, math.nan, 0.0, -1.0, -1e-9, np.float64("inf"), True, 1e400))
    return (_claim_raw(sp.Le(x, 1), {x: (0, 1)}), "malformed-budget", f"budget {budget!r}", budget)


GENERATORS = {
    "polynomial": _g_polynomial, "rational": _g_rational, "transcendental": _g_transcendental,
    "classic-true": _g_classic_true, "classic-mutant": _g_classic_mutant,
    "linear-assumptions": _g_linear_assumptions, "infeasible": _g_infeasible,
    "equality-edge": _g_equality_edge, "symbol-assumptions": _g_symbol_assumptions,
    "duplicate-names": _g_duplicate_names, "awkward-names": _g_awkward_names,
    "irrational-bounds": _g_irrational_bounds, "zero-width": _g_zero_width,
    "undefined-everywhere": _g_undefined_everywhere, "bad-input": _g_bad_input,
    "exact-numbers": _g_exact_numbers, "generator-assumptions": _g_generator_assumptions,
    "unsignable-constants": _g_unsignable_constants, "huge-bounds": _g_huge_bounds,
    "unevaluated": _g_unevaluated, "bogus-proof": _g_bogus_proof, "bad-budget": _g_bad_budget,
}


def generate(rng, family=None) -> FuzzCase:
    """A random claim of ``family`` (drawn by :data:`WEIGHTS` when None)."""
    if family is None:
        family = _pick(rng, SCHEDULE)
    gen = GENERATORS[family]
    last = None
    for _ in range(30):
        try:
            claim, hint, tmpl, *budget = gen(rng)
        except (TypeError, ValueError, ZeroDivisionError) as exc:  # sympy refused to build it
            last = exc
            continue
        return FuzzCase(claim=claim, family=family, truth_hint=hint, template=tmpl,
                        budget_s=budget[0] if budget else None)
    raise RuntimeError(f"could not generate a {family} claim: {last!r}")


# ---------------------------------------------------------------------------------------------
# Runner
# ---------------------------------------------------------------------------------------------
class FuzzTimeout(BaseException):
    """The claim ran past :data:`HANG_S` (a BaseException: the engine must not swallow it)."""


@contextmanager
def _time_limit(seconds):
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def handler(signum, frame):
        raise FuzzTimeout(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def case_for(seed, index, n):
    """The case :func:`run` (``n`` per seed) draws at ``index``: reproducible on its own."""
    family = SCHEDULE[(seed * n + index) % len(SCHEDULE)]
    return generate(np.random.default_rng([seed, index]), family)


def run(n=100, seed=0, budget_s=0.4, *, deep=True, progress=False):
    """Generate ``n`` claims (seed ``seed``), check each, judge each; a JSON-ready summary."""
    from clickbound.lemmas import check

    t0 = time.perf_counter()
    counts: dict = {}
    by_hint: dict = {}
    problems, rejections = [], []
    engine_s = oracle_s = 0.0
    slowest = (0.0, None)
    points = undecided = 0
    for i in range(n):
        case = case_for(seed, i, n)
        ts = time.perf_counter()
        try:
            with _time_limit(HANG_S):
                result = check(case.claim, budget_s=budget_s if case.budget_s is None else case.budget_s)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 (every exception is judged)
            result = exc
        te = time.perf_counter()
        engine_s += te - ts
        if te - ts > slowest[0]:
            slowest = (te - ts, i)
        try:
            outcome, probs, stats = judge(case.claim, result, hint=case.truth_hint, deep=deep)
        except Exception as exc:  # noqa: BLE001
            outcome, probs, stats = "oracle-error", [_problem("oracle-error", type(exc).__name__, repr(exc)[:500])], {}
        oracle_s += time.perf_counter() - te
        points += stats.get("points_checked", 0)
        undecided += stats.get("points_undecided", 0)
        counts.setdefault(case.family, Counter())[outcome] += 1
        by_hint.setdefault(case.truth_hint, Counter())[outcome] += 1
        if outcome.startswith("rejected"):
            rejections.append({"seed": seed, "index": i, "family": case.family, "template": case.template,
                               "message": stats.get("message", "")})
        for p in probs:
            problems.append({"seed": seed, "index": i, "family": case.family, "template": case.template,
                             "hint": case.truth_hint, "outcome": outcome,
                             "engine_said": (getattr(result, "status", None) if not isinstance(result, BaseException)
                                             else f"{type(result).__name__}: {str(result)[:200]}"),
                             "counterexample": (None if isinstance(result, BaseException) else
                                                {str(k): str(v) for k, v in
                                                 (getattr(result, "counterexample", None) or {}).items()}),
                             **p, "claim": describe(case.claim)})
        if progress:
            print(f"{i:4d} {case.family:22s} {outcome:28s} {te - ts:6.2f}s {len(probs)} problem(s)", flush=True)
    cats = Counter(p["category"] for p in problems)
    return {
        "seed": seed, "n": n, "budget_s": budget_s, "wall_s": round(time.perf_counter() - t0, 2),
        "engine_s": round(engine_s, 2), "oracle_s": round(oracle_s, 2),
        "slowest": {"seconds": round(slowest[0], 2), "index": slowest[1]},
        "counts": {f: dict(c) for f, c in counts.items()},
        "by_hint": {h: dict(c) for h, c in by_hint.items()},
        "problem_counts": dict(cats),
        "problem_kinds": dict(Counter(f"{p['category']}:{p['kind']}" for p in problems)),
        "problems": problems,
        "rejections": rejections,
        "proved_points_checked": points, "proved_points_undecided": undecided,
    }


def main(argv=None):
    import argparse
    import json

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.4)
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    summary = run(args.n, args.seed, args.budget, progress=args.progress)
    text = json.dumps(summary, indent=1, default=str)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text)
    print(json.dumps({k: v for k, v in summary.items() if k not in ("problems", "rejections")}, indent=1))
    for p in summary["problems"]:
        print(f"[{p['category']}] {p['kind']} seed={p['seed']} i={p['index']} {p['family']}: {p['detail']}"
              f"\n    {p['claim']['text']}  domain={p['claim']['domain']} assumptions={p['claim']['assumptions']}"
              f"\n    witness={p.get('witness')} engine={p['engine_said']} cex={p['counterexample']}")


if __name__ == "__main__":
    main()
