"""Reading the numbers a user writes: every number is taken at the value written.

A claim's numbers (domain bounds, constants in the statement and in the assumptions) are
turned into exact sympy numbers before anything else sees them:

* ``int``, ``numpy`` integers, :class:`fractions.Fraction` (any ``numbers.Rational``): exactly;
* a Python ``float`` (and ``numpy.float64/32/16``): the decimal its ``repr`` shows, i.e. what was
  typed (``0.1`` -> ``1/10``; ``0.30000000000000004`` -> ``30000000000000004/10**17``);
* :class:`decimal.Decimal`: its decimal value, exactly (``Decimal("0.1")`` -> ``1/10``);
  (inside a sympy expression sympy has already turned a Decimal, a numpy longdouble or an mpf
  into a ``Float`` when the expression was built, and the Float rule below applies: write
  exact constants as ``Rational`` or ``Float("...", digits)``);
* a sympy ``Float``: its decimal value at its own precision (``Float("0.1", 30)`` -> ``1/10``;
  a 53-bit Float that is a double, such as sympy makes from a Python float, at that double's
  ``repr``); never rounded through a double, so ``Float("1e400")`` is ``10**400``;
* ``numpy.longdouble`` and ``mpmath.mpf``: their exact binary value (they are binary numbers:
  ``mpf("0.1")`` is slightly above ``1/10``);
* sympy constants (``pi``, ``sqrt(2)``, ``E**100``): kept exact, bracketed by rationals in
  certified ball arithmetic at whatever precision the comparison needs
  (:func:`brackets`, :func:`compare`).  A constant that is a rational in disguise
  (``sin(1)**2 + cos(1)**2 - 1``) is decided exactly when sympy's ``simplify`` shows it
  (:func:`exact_constant`); one whose value cannot be bracketed is a ``ValueError``.

Unevaluated sympy objects (``Limit``, ``Derivative``, ``Integral``, ``Sum``, ``Product``,
``Subs``, ``UnevaluatedExpr``) are evaluated with ``doit()`` where sympy can; what stays unevaluated, and undefined
functions (``f(x)`` for ``f = Function("f")``), are a ``ValueError`` naming the object.
"""
from __future__ import annotations

import decimal
import math
import numbers
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from mpmath.libmp import prec_to_dps, to_str
from sympy.core.function import AppliedUndef

#: certified brackets of an irrational number are at most 2**-BRACKET_BITS wide (absolute) ...
BRACKET_BITS = 120
#: ... computed at up to this many bits of working precision
MAX_PREC_BITS = 1 << 14
#: simplify() is tried on constants with at most this many operations
CONSTANT_SIMPLIFY_MAX_OPS = 300
UNEVALUATED = (sp.Limit, sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Subs, sp.UnevaluatedExpr)


def float_value(f: sp.Float) -> sp.Rational:
    """The decimal value of a finite sympy ``Float`` (see the module docstring)."""
    if not f.is_finite:
        raise ValueError(f"{f} is not a finite number")
    if f._prec == 53:
        d = float(f)
        if math.isfinite(d) and sp.Float(d)._mpf_ == f._mpf_:
            return sp.Rational(repr(d))
    return sp.Rational(to_str(f._mpf_, max(1, prec_to_dps(f._prec))))


def exact_floats(expr):
    """``expr`` with every sympy Float replaced by its decimal value (:func:`float_value`)."""
    floats = {f: float_value(f) for f in expr.atoms(sp.Float) if f.is_finite}
    return expr.xreplace(floats) if floats else expr


def number(value, what: str):
    """An exact sympy number (Rational, or an exact constant) for a number the user wrote;
    ``ValueError`` naming ``what`` for anything that is not a finite real number."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{what} must be a real number, got {value!r}")  # noqa: TRY004 (contract: ValueError)
    if isinstance(value, np.integer):
        return sp.Integer(int(value))
    if isinstance(value, sp.Basic):
        return _sympy_number(value, what)
    if isinstance(value, numbers.Rational):  # int, Fraction, gmpy2.mpq ...
        return sp.Rational(int(value.numerator), int(value.denominator))
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"{what} must be finite, got {value!r}")
        return sp.Rational(*value.as_integer_ratio())
    if isinstance(value, np.longdouble) and not isinstance(value, float):
        if not np.isfinite(value):
            raise ValueError(f"{what} must be finite, got {value!r}")
        return sp.Rational(*(int(v) for v in value.as_integer_ratio()))
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(float(value)) or not np.isfinite(value):
            raise ValueError(f"{what} must be finite, got {value!r}")
        text = repr(float(value)) if isinstance(value, float) else np.format_float_positional(value, unique=True)
        return sp.Rational(text.rstrip("."))
    if isinstance(value, mpmath.mpf):
        if not mpmath.isfinite(value):
            raise ValueError(f"{what} must be finite, got {value!r}")
        man, exp = value.man_exp
        return sp.Rational(int(man) * 2**int(exp)) if exp >= 0 else sp.Rational(int(man), 2**int(-exp))
    if isinstance(value, (str, bytes)):
        raise ValueError(f"{what} must be a number, not the string {value!r}")
    try:
        v = sp.sympify(value, strict=True)
    except (sp.SympifyError, TypeError, ValueError) as exc:
        raise ValueError(f"{what} is not numeric: {value!r}") from exc
    return _sympy_number(v, what)


def _sympy_number(v, what):
    if not isinstance(v, sp.Expr) or v.free_symbols:
        raise ValueError(f"{what} is not numeric: {v!r}")
    if v.is_Rational:
        return v
    if v.is_Float:
        try:
            return float_value(v)
        except ValueError as exc:
            raise ValueError(f"{what} must be finite, got {v!r}") from exc
    v = evaluate_unevaluated(v, what)
    if not isinstance(v, sp.Expr) or v.free_symbols or not v.is_number:
        raise ValueError(f"{what} is not numeric: {v!r}")
    v = exact_floats(v)
    if v.has(sp.oo, -sp.oo, sp.zoo, sp.nan) or v.is_finite is False:
        raise ValueError(f"{what} is not a finite real number: {v!r}")
    if v.is_real is False:
        raise ValueError(f"{what} is not a real number: {v!r}")
    return exact_constant(v, what)


def evaluate_unevaluated(expr, what):
    """``expr`` with sympy's unevaluated objects evaluated (``doit``); ``ValueError`` naming an
    object that stays unevaluated, or an undefined function."""
    if expr.has(*UNEVALUATED):
        try:
            expr = expr.doit()
        except Exception as exc:  # noqa: BLE001 - sympy's own failure, reported with the object
            obj = next(iter(expr.atoms(*UNEVALUATED)))
            raise ValueError(f"{what}: sympy cannot evaluate {obj} ({type(exc).__name__}: {exc})") from exc
        left = expr.atoms(*UNEVALUATED) if isinstance(expr, sp.Basic) else set()
        if left:
            obj = sorted(left, key=sp.default_sort_key)[0]
            raise ValueError(f"{what}: {type(obj).__name__} {obj} stays unevaluated after doit(); "
                             f"state it in closed form")
    undef = expr.atoms(AppliedUndef) if isinstance(expr, sp.Basic) else set()
    if undef:
        f = sorted(undef, key=sp.default_sort_key)[0]
        raise ValueError(f"{what}: {f} is an undefined function (sympy Function without a definition); "
                         f"the engine cannot evaluate it")
    return expr


def _ball(v, prec):
    from clickbound.lemmas.engine.certified import arb_eval

    return arb_eval(v, {}, prec=prec)


def _arb_fraction(a) -> Fraction:
    m, e = a.man_exp()
    m, e = int(m), int(e)
    return Fraction(m * 2**e) if e >= 0 else Fraction(m, 2**-e)


def exact_constant(v, what="constant"):
    """``v`` (a closed real constant) as a Rational when sympy shows it is one (``simplify``;
    ``sin(1)**2 + cos(1)**2 - 1`` is 0), else ``v`` itself once :func:`brackets` can bracket it."""
    if v.is_Rational:
        return v
    if sp.count_ops(v) <= CONSTANT_SIMPLIFY_MAX_OPS:
        s = sp.simplify(v)
        if s.is_Rational:
            return s
        if s.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or s.is_finite is False:
            raise ValueError(f"{what}: {v} is not a finite real number (it is {s})")
    brackets(v, what)  # raises when it cannot be bracketed
    return v


def brackets(v, what="constant"):
    """Rationals ``(below, above)`` with ``below <= v <= above``, certified (ball arithmetic), at
    most ``2**-BRACKET_BITS`` apart (the working precision grows with ``|v|``: ``E**100`` needs
    about 260 bits); ``(v, v)`` for a Rational."""
    if v.is_Rational:
        return v, v
    prec = 128
    while prec <= MAX_PREC_BITS:
        try:
            b = _ball(v, prec + BRACKET_BITS)
        except NotImplementedError as exc:
            raise ValueError(f"{what}: cannot bracket {v} by rationals ({exc})") from exc
        if b is not None:
            mid, rad = _arb_fraction(b.mid()), _arb_fraction(b.rad())  # exact dyadics
            lo, hi = mid - rad, mid + rad
            if hi - lo <= Fraction(1, 2**BRACKET_BITS):
                return sp.Rational(lo.numerator, lo.denominator), sp.Rational(hi.numerator, hi.denominator)
        prec *= 2
    raise ValueError(f"{what}: cannot bracket {v} by rationals (not a real number, or not "
                     f"certifiable at {MAX_PREC_BITS} bits)")


def compare(r, v) -> int | None:
    """Sign of ``r - v`` for a Rational ``r`` and an exact constant ``v`` (-1, 0, 1), certified;
    ``None`` when even :data:`MAX_PREC_BITS` bits cannot tell them apart."""
    if v.is_Rational:
        d = r - v
        return int(bool(d > 0)) - int(bool(d < 0))
    from clickbound.lemmas.engine.certified import certified_sign

    s = certified_sign(sp.Add(r, -v, evaluate=False), {}, max_prec=MAX_PREC_BITS)
    return {"pos": 1, "neg": -1, "zero": 0}.get(s)
