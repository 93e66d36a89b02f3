"""sympy → Coq (``R``) expression printer for the statement-faithfulness check.

The printer is deliberately small: it knows Symbol, Integer, Rational, Add, Mul, Pow with an integer
exponent (natural exponents print as Coq's ``pow``, negative ones as ``/ (b ^ n)``), ``log`` → ``ln``,
``exp``, ``sqrt`` (and ``Pow(b, 1/2)``), the relations ``<=, <, >=, >, =`` and ``And``.  Anything else
(Max, Min, Abs, Sum, Piecewise, floats, …) raises ``ValueError``: a claim whose sympy statement uses it
has no generated instance goal, and the registry says why.

Symbols print under their own names; a name that is not a plain identifier, or that is one of the
Coq definitions the proof files use (``V``, ``sum``, …), is refused rather than renamed, so the printed
goal reads like the claim.
"""
from __future__ import annotations

import re

import sympy as sp

#: names a claim symbol may not take: the Coq files' definitions and Coq's own notations
RESERVED = frozenset({
    "V", "G", "R", "sum", "sumk", "prodc", "had", "scale", "inunit", "unit", "gevec", "inbox", "nonincr",
    "top", "insert", "isort", "ln", "exp", "sqrt", "pow", "IZR", "INR", "forall", "exists", "fun", "in",
    "let", "match", "with", "end", "if", "then", "else", "Prop", "Type", "Set", "True", "False", "nat",
    "list", "nth", "length", "map", "firstn", "skipn", "repeat", "as", "at", "for", "return", "is",
    "Rmax", "Rmin", "Rabs", "lra", "nra",
})
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def coq_name(sym: sp.Symbol) -> str:
    """The Coq identifier of a claim symbol (its sympy name); ``ValueError`` if unusable."""
    name = sym.name
    if not _IDENT.match(name) or name in RESERVED:
        raise ValueError(f"symbol name {name!r} is not usable as a Coq identifier")
    return name


def _num(n: int) -> str:
    return f"{n}" if n >= 0 else f"(- {-n})"


def to_coq(expr) -> str:
    """Coq text of a sympy expression or relational over ``R`` (``ValueError`` if unsupported)."""
    e = sp.sympify(expr)
    if isinstance(e, sp.And):
        return " /\\ ".join(f"({to_coq(a)})" for a in e.args)
    rel = {sp.LessThan: "<=", sp.StrictLessThan: "<", sp.GreaterThan: ">=", sp.StrictGreaterThan: ">",
           sp.Equality: "="}
    for cls, op in rel.items():
        if type(e) is cls:
            return f"{_term(e.lhs)} {op} {_term(e.rhs)}"
    if isinstance(e, (sp.logic.boolalg.Boolean, sp.core.relational.Relational)):
        raise ValueError(f"unsupported relation or connective: {type(e).__name__}")  # noqa: TRY004 (bad claim value)
    return _term(e)


def _term(e) -> str:
    """A parenthesised Coq term of type R."""
    if isinstance(e, sp.Symbol):
        return coq_name(e)
    if isinstance(e, sp.Integer):
        return _num(int(e))
    if isinstance(e, sp.Rational):
        return f"({_num(int(e.p))} / {int(e.q)})"
    if isinstance(e, sp.Add):
        return "(" + " + ".join(_term(a) for a in e.args) + ")"
    if isinstance(e, sp.Mul):
        return "(" + " * ".join(_term(a) for a in e.args) + ")"
    if isinstance(e, sp.Pow):
        b, x = e.args
        if x == sp.Rational(1, 2):
            return f"(sqrt {_term(b)})"
        if isinstance(x, sp.Integer):
            n = int(x)
            if n >= 0:
                return f"({_term(b)} ^ {n})"
            return f"(1 / ({_term(b)} ^ {-n}))"
        raise ValueError(f"unsupported exponent {sp.sstr(x)} (integer exponents and 1/2 only)")
    if isinstance(e, sp.log):
        if len(e.args) != 1:
            raise ValueError("log with a base is not supported")
        return f"(ln {_term(e.args[0])})"
    if isinstance(e, sp.exp):
        return f"(exp {_term(e.args[0])})"
    raise ValueError(f"unsupported sympy node {type(e).__name__}: {sp.sstr(e)[:80]}")


__all__ = ["RESERVED", "coq_name", "to_coq"]
