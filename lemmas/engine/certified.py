"""Certified evaluation of sympy expressions at exact rational points (ball arithmetic).

What "certified" means
----------------------
:func:`arb_eval` returns a ball ``[m +/- r]`` of python-flint's ``arb`` type that provably
contains the true real value of the expression at the point.  ``arb`` is Arb (Fredrik
Johansson, now part of FLINT): every operation, including exp, log, sin, erf and gamma,
returns a ball with rigorous error bounds, so containment holds at any working precision;
the precision only decides how *small* the ball is.  Hence:

* a sign read off a ball that excludes 0 is a proof of that sign (:func:`certified_sign`);
* "zero" is never read off a ball (a ball containing 0 proves nothing).  It is reported
  only when the expression is a rational function of the point and is exactly 0 in
  :class:`fractions.Fraction` arithmetic;
* whatever cannot be certified (a ball straddling a domain boundary such as log of
  ``[+/- 1e-40]``, a Piecewise condition that cannot be decided) gives ``None`` /
  ``"unknown"``, never a guess.  Undefined or non-real values (log(0), sqrt(-1/3), 1/0,
  gamma(-2), zoo, nan, oo) also give ``None``.

Supported: Integer, Rational, Float (its exact binary value), pi, E, EulerGamma, Catalan,
Symbol, Add, Mul, Pow, exp, log, sqrt, Abs, Max, Min, sin, cos, tan, atan, asin, acos,
sinh, cosh, tanh, erf, gamma, loggamma, floor, ceiling, sign, Heaviside, Piecewise.
Unsupported functions raise :class:`NotImplementedError` naming the function; callers treat
that as "cannot certify".  Precision is python-flint's ``flint.ctx.prec``, which is
process-global (not thread-local): every entry point sets it and restores it in ``finally``,
which is safe for single-threaded use only.
"""
from __future__ import annotations

import functools
import math
import operator
from fractions import Fraction

import sympy as sp
from flint import arb, ctx, fmpq

CERTIFIED_METHOD = "python-flint arb ball arithmetic (certified enclosure)"

_START_PREC = 128
# The exact route hands integer powers whose result would exceed this many bits to arb.
_MAX_EXACT_BITS = 1 << 20


class _GiveUp(Exception):
    """Certainly undefined, non-real or undecidable: more precision cannot help."""


class _Uncertain(Exception):
    """The ball is too wide to settle a domain question; more precision may help."""


class _NotRational(Exception):
    """The expression leaves the rational functions: the exact route does not apply."""


def _lookup(point, sym) -> Fraction:
    # A dict lookup compares sympy Symbols by equality (name *and* assumptions), so
    # Symbol("x") and Symbol("x", positive=True) keep their own values.
    if sym not in point:
        raise ValueError(f"no value given for symbol {sym!r}")
    v = point[sym]
    if isinstance(v, (Fraction, int, sp.Rational)):
        return Fraction(int(v.p), int(v.q)) if isinstance(v, sp.Rational) else Fraction(v)
    raise TypeError(f"point values must be exact (Rational, Fraction or int), got {v!r}")


# --- domain checks: return the ball when certified inside the domain ------------------
def _positive(b):  # log, loggamma, real powers: argument must be > 0
    if b > 0:
        return b
    raise _GiveUp if b <= 0 else _Uncertain


def _unit(b):  # asin, acos: argument in [-1, 1]
    if b >= -1 and b <= 1:
        return b
    raise _GiveUp if (b > 1 or b < -1) else _Uncertain


def _nonzero(b):  # divisors, tan's cosine, bases of negative powers
    if 0 in b:
        raise _GiveUp if b.is_zero() else _Uncertain  # exactly 0 means zoo
    return b


def _gamma(b):
    # Poles at 0, -1, -2, ...: the largest non-positive integer <= the upper end is the
    # only candidate that can lie in the ball.
    if not b > 0:
        top = min(int(b.upper().floor().unique_fmpz()), 0)
        if top in b:
            raise _GiveUp if b.is_exact() else _Uncertain
    return b.gamma()


def _round(b, f):  # floor / ceiling: only when both ends round to the same integer
    lo, hi = f(b.lower()).unique_fmpz(), f(b.upper()).unique_fmpz()
    if lo is None or lo != hi:
        raise _Uncertain
    return arb(lo)


def _pow(base, ex, point):
    b, e = _ev(base, point), None if ex.is_Integer else _ev(ex, point)
    # Integer exponent: given, or proved by a radius-0 integer ball.  Ball power, any sign.
    if e is None or (e.is_exact() and e.is_integer()):
        n = int(ex) if e is None else int(e.unique_fmpz())
        return _nonzero(b)**n if n < 0 else b**n
    if b.is_zero():  # 0**e = 0 for e > 0, zoo for e < 0
        if e > 0:
            return arb(0)
        raise _GiveUp if e < 0 else _Uncertain
    if b > 0:
        # exp(e log b), never sympy's exact power: 12345678901/98765432101 stays cheap.
        return b.sqrt() if ex == sp.S.Half else (e * b.log()).exp()
    if b < 0 and not e.contains_integer():
        raise _GiveUp  # negative base, non-integer exponent: sympy's value is non-real
    raise _Uncertain


_UNARY = {
    sp.exp: arb.exp, sp.log: lambda b: _positive(b).log(),
    sp.sin: arb.sin, sp.cos: arb.cos, sp.atan: arb.atan,
    sp.tan: lambda b: b.sin() / _nonzero(b.cos()),  # undefined where cos may be 0
    sp.asin: lambda b: _unit(b).asin(), sp.acos: lambda b: _unit(b).acos(),
    sp.sinh: arb.sinh, sp.cosh: arb.cosh, sp.tanh: arb.tanh, sp.erf: arb.erf,
    sp.gamma: _gamma, sp.loggamma: lambda b: _positive(b).lgamma(),
    sp.floor: lambda b: _round(b, arb.floor), sp.ceiling: lambda b: _round(b, arb.ceil),
    sp.sign: arb.sgn, sp.Abs: abs,
}
_CONST = {sp.pi: arb.pi, sp.E: arb.const_e, sp.EulerGamma: arb.const_euler,
          sp.Catalan: arb.const_catalan}
_UNDEFINED = (sp.zoo, sp.nan, sp.oo, -sp.oo, sp.I)


def _ev(e, point):
    """The ball of ``e``; raises _GiveUp / _Uncertain instead of returning None."""
    if e.is_Symbol:
        r = arb(fmpq(*_lookup(point, e).as_integer_ratio()))
    elif e.is_Rational or e.is_Float:  # sp.Rational(Float) is its exact binary value
        q = sp.Rational(e)
        r = arb(fmpq(int(q.p), int(q.q)))
    elif e.is_Add:
        r = functools.reduce(operator.add, (_ev(a, point) for a in e.args))
    elif e.is_Mul:
        r = functools.reduce(operator.mul, (_ev(a, point) for a in e.args))
    elif e.is_Pow:
        r = _pow(e.base, e.exp, point)
    elif e in _CONST:
        r = _CONST[e]()
    elif e in _UNDEFINED:
        raise _GiveUp
    elif e.func in (sp.Max, sp.Min):
        r = functools.reduce(arb.max if e.func is sp.Max else arb.min,
                             (_ev(a, point) for a in e.args))
    elif e.func is sp.Heaviside:  # Heaviside(x, H0): H0 at exactly 0
        b = _ev(e.args[0], point)
        if not (b > 0 or b < 0 or b.is_zero()):
            raise _Uncertain
        r = _ev(e.args[1], point) if b.is_zero() else arb(int(b > 0))
    elif e.func is sp.Piecewise:
        r = _piecewise(e, point)
    elif e.func in _UNARY and len(e.args) == 1:
        r = _UNARY[e.func](_ev(e.args[0], point))
    else:
        raise NotImplementedError(f"certified evaluation does not support {e.func.__name__}")
    if not r.is_finite():  # nan/inf balls (overflow) certify nothing
        raise _Uncertain
    return r


_REL = {sp.StrictLessThan: {"neg"}, sp.LessThan: {"neg", "zero"},
        sp.StrictGreaterThan: {"pos"}, sp.GreaterThan: {"pos", "zero"},
        sp.Equality: {"zero"}, sp.Unequality: {"pos", "neg"}}


def _decide(cond, point):
    """True/False when ``cond`` is certified at the point, else None."""
    if cond in (sp.true, sp.false):
        return bool(cond)
    if cond.func in _REL:
        s = certified_sign(cond.lhs - cond.rhs, point)
        return None if s is None else s in _REL[cond.func]
    if cond.func in (sp.And, sp.Or, sp.Not):
        vals = [_decide(c, point) for c in cond.args]
        if cond.func is sp.Not:
            return None if vals[0] is None else not vals[0]
        absorbing = cond.func is sp.Or  # True absorbs Or, False absorbs And
        return absorbing if absorbing in vals else (None if None in vals else not absorbing)
    raise NotImplementedError(f"certified evaluation does not support {cond.func.__name__}")


def _piecewise(e, point):
    # sympy takes the first branch whose condition holds: every condition before it must be
    # decided False, the taken one True; later ones never matter.
    for value, cond in e.args:
        d = _decide(cond, point)  # certified_sign already tried up to its max precision
        if d is None:
            raise _GiveUp
        if d:
            return _ev(value, point)
    raise _GiveUp  # no branch applies: sympy's value is nan


def arb_eval(expr, point, prec=128):
    """Certified enclosure of ``expr`` at an exact rational point.

    Parameters
    ----------
    expr : sympy.Expr
    point : dict
        Maps each free Symbol (by sympy equality, never by name) to a sympy Rational,
        :class:`fractions.Fraction` or ``int``.
    prec : int
        Working precision in bits.

    Returns
    -------
    flint.arb or None
        A ball guaranteed to contain the true real value, or ``None`` when the value is
        undefined or non-real at the point, or cannot be certified at this precision.

    Raises
    ------
    NotImplementedError
        For a function the evaluator does not support (message names it).
    """
    old = ctx.prec
    ctx.prec = prec
    try:
        return _ev(sp.sympify(expr), point)
    except (_GiveUp, _Uncertain):
        return None
    finally:
        ctx.prec = old


def _exact(e, point) -> Fraction:
    """Exact value of a rational function; raises _NotRational or ZeroDivisionError."""
    if e.is_Symbol:
        return _lookup(point, e)
    if e.is_Rational or e.is_Float:
        q = sp.Rational(e)
        return Fraction(int(q.p), int(q.q))
    if e.is_Pow and e.exp.is_Integer:
        b, n = _exact(e.base, point), int(e.exp)
        if abs(n) * (b.numerator.bit_length() + b.denominator.bit_length()) > _MAX_EXACT_BITS:
            raise _NotRational  # a huge exact power: let arb take it
        return b**n  # Fraction(0)**-n raises ZeroDivisionError
    if e.func not in _EXACT_OPS:
        raise _NotRational
    return _EXACT_OPS[e.func]([_exact(a, point) for a in e.args])


_EXACT_OPS = {sp.Add: lambda v: sum(v, Fraction(0)), sp.Mul: math.prod, sp.Max: max,
              sp.Min: min, sp.Abs: lambda v: abs(v[0])}


def certified_sign(expr, point, max_prec=4096):
    """Certified sign of ``expr`` at an exact rational point.

    Rational functions (Add, Mul, integer Pow, Rational, Float, Symbol, Max, Min, Abs) are
    decided exactly with :class:`fractions.Fraction` first.  Otherwise the arb ball is
    computed at 128 bits, doubling until it excludes 0 or ``max_prec`` is reached.

    Returns
    -------
    {"pos", "neg", "zero"} or None
        ``"zero"`` only from the exact route; ``None`` when undefined (e.g. division by
        zero), non-real, or not certifiable (a transcendental exact zero gives ``None``).
    """
    expr = sp.sympify(expr)
    try:
        v = _exact(expr, point)
        return "pos" if v > 0 else "neg" if v < 0 else "zero"
    except ZeroDivisionError:
        return None
    except _NotRational:
        pass
    old, prec = ctx.prec, min(_START_PREC, max_prec)
    try:
        while True:
            ctx.prec = prec
            try:
                b = _ev(expr, point)
                if b > 0 or b < 0:
                    return "pos" if b > 0 else "neg"
            except _GiveUp:
                return None
            except _Uncertain:
                pass
            if prec >= max_prec:
                return None
            prec = min(2 * prec, max_prec)
    finally:
        ctx.prec = old


_VERDICT = {"ge": ({"pos", "zero"}, {"neg"}), "gt": ({"pos"}, {"neg", "zero"}),
            "eq": ({"zero"}, {"pos", "neg"}), "ne": ({"pos", "neg"}, {"zero"})}


def certified_relation(g, kind, point):
    """Decide ``g >= 0``, ``g > 0``, ``g == 0``, ``g != 0`` for ``kind`` ge, gt, eq, ne.

    Returns ``"holds"``, ``"violated"`` or ``"unknown"`` from :func:`certified_sign`; "eq"
    holds only for an exact rational zero, and undefined values are "unknown".
    """
    if kind not in _VERDICT:
        raise ValueError(f"kind must be one of {sorted(_VERDICT)}, got {kind!r}")
    s = certified_sign(g, point)
    holds, violated = _VERDICT[kind]
    return "holds" if s in holds else "violated" if s in violated else "unknown"
