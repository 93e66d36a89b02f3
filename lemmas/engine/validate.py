"""Validation of a :class:`~clickbound.lemmas.engine.claim.Claim` into the engine's normal form.

the engine's contract ("Each claim is checked by every method that applies"):
malformed claims give a clear ``ValueError`` naming the problem, never a verdict.

* a free symbol without a domain, a domain key that is not a symbol, an empty box
  (``lo > hi``), a non-numeric or non-real bound;
* a statement that is not ``Le``/``Ge``/``Lt``/``Gt``/``Eq`` (``Ne`` is rejected: it
  is not a lemma-shaped claim), assumptions that are not relationals.

Every relation is normalised to ``(g, kind)`` with the meaning

* ``"ge"``: ``g >= 0``,  ``"gt"``: ``g > 0``,  ``"eq"``: ``g == 0``,  ``"ne"``: ``g != 0``

so that ``Le(a, b)`` becomes ``(b - a, "ge")`` and a statement is *violated* at a point
exactly when its ``g`` fails the kind's test there.

Symbols are told apart by identity (sympy equality), never by name: each symbol of the
domain is replaced by a fresh canonical symbol (``sp.Dummy``) that carries only what its
box gives (real, finite, and positive / nonnegative / negative / nonpositive from the
bounds), so no method can rewrite with an assumption the box does not give.  A user
symbol's own sympy assumptions must be implied by its box (``Symbol("a", positive=True)``
with box ``(-3, -2)`` or ``(0, 1)`` is a ``ValueError``): the statement may already have
been simplified with them when it was built.  ``lhs``/``rhs`` are kept (canonical), so
definedness is checked on each side, not on their difference, where sympy may cancel
``1/x - 1/x``.

Assumptions that no point satisfies are decided where possible (z3 for polynomial
assumptions, see :mod:`clickbound.lemmas.engine.decide`) and reported with
:class:`InfeasibleAssumptions`, a ``ValueError`` subclass.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import sympy as sp

from clickbound.lemmas.engine import reading

KIND_OF = {sp.Ge: "ge", sp.Gt: "gt", sp.Le: "ge", sp.Lt: "gt", sp.Eq: "eq", sp.Ne: "ne"}
STATEMENT_TYPES = (sp.Le, sp.Ge, sp.Lt, sp.Gt, sp.Eq)
# Irrational bounds (e.g. ``sqrt(2)``) are bracketed by rationals this close; search uses
# the inner rational box, proofs the outer one, and every point is re-checked exactly.
IRRATIONAL_BOUND_DIGITS = 30


class _Show(sp.printing.str.StrPrinter):
    """``sstr`` that prints a canonical symbol by its user's name (not ``_x``)."""

    def _print_Dummy(self, expr):
        return expr.name


def show(expr) -> str:
    """Text of an expression over canonical symbols, in the user's names."""
    return _Show().doprint(expr)


class InfeasibleAssumptions(ValueError):
    """The box and the assumptions admit no point (proven, e.g. by z3 ``unsat``)."""


@dataclass(frozen=True)
class Relation:
    """A normalised relation ``g <kind> 0`` with the original relational and its two
    sides (in the canonical symbols)."""

    g: sp.Expr
    kind: str
    original: sp.Basic
    sides: tuple = ()

    def holds_exact(self, value) -> bool:
        """Decide the relation for an exactly known (sympy Rational / Fraction) value of ``g``."""
        if self.kind == "ge":
            return value >= 0
        if self.kind == "gt":
            return value > 0
        if self.kind == "eq":
            return value == 0
        return value != 0


@dataclass(frozen=True)
class Prepared:
    """A validated claim in normal form.

    ``lo``/``hi`` are the exact bounds (sympy numbers); ``lo_in``/``hi_in`` an inner
    rational box used for sampling (equal to ``lo``/``hi`` when these are rational);
    ``lo_out``/``hi_out`` an outer rational box used for proofs.
    """

    symbols: tuple
    lo: tuple
    hi: tuple
    lo_in: tuple
    hi_in: tuple
    lo_out: tuple
    hi_out: tuple
    statement: Relation
    assumptions: tuple
    originals: tuple = ()  # the user's symbols, in the order of ``symbols``

    @property
    def n(self) -> int:
        return len(self.symbols)

    @cached_property
    def to_canonical(self) -> dict:
        return dict(zip(self.originals, self.symbols))

    def to_original(self, point: dict) -> dict:
        """A point keyed by canonical symbols, keyed by the user's symbols."""
        back = dict(zip(self.symbols, self.originals))
        return {back.get(s, s): v for s, v in point.items()}

    @cached_property
    def labels(self) -> tuple:
        """Distinct printable labels of the user's symbols (name; disambiguated on clashes)."""
        from clickbound.lemmas.engine.verdict import symbol_labels

        lab = symbol_labels(self.originals)
        return tuple(lab[s] for s in self.originals)

    @property
    def rational_box(self) -> bool:
        return self.lo == self.lo_in and self.hi == self.hi_in

    @cached_property
    def in_z3_fragment(self) -> bool:
        """All ``g`` are rational functions with rational coefficients, possibly under
        ``Max``/``Min`` (z3 applies; exact Fraction evaluation applies)."""
        return all(is_rational_polynomial(r.g, self.symbols, allow_inverse=True, allow_minmax=True)
                   for r in (self.statement, *self.assumptions))

    @cached_property
    def polynomial(self) -> bool:
        """All ``g`` are polynomials with rational coefficients in the symbols (computed once)."""
        return all(is_rational_polynomial(r.g, self.symbols) for r in (self.statement, *self.assumptions))


def is_rational_polynomial(expr, symbols, allow_inverse: bool = False, allow_minmax: bool = False) -> bool:
    """``expr`` is a polynomial in ``symbols`` with rational coefficients (a rational
    function if ``allow_inverse``: negative integer powers allowed too; ``Max``/``Min``
    of such if ``allow_minmax``, e.g. DCM-L3's sorted ``x'``).

    Checked on the expression tree (no expansion, which costs 2^K terms for V at K = 12):
    only ``Add``, ``Mul``, integer powers, symbols and rationals.
    """
    for node in sp.preorder_traversal(expr):
        if node.is_Symbol:
            if node not in symbols:
                return False
        elif node.is_Rational or node.is_Add or node.is_Mul or allow_minmax and isinstance(node, (sp.Max, sp.Min)):
            continue
        elif node.is_Pow:
            if not (node.exp.is_Integer and (allow_inverse or node.exp >= 0)):
                return False
        else:
            return False
    return True


def _bound(value, sym, which):
    """An exact sympy real number from a user bound (:func:`reading.number`), or ``ValueError``
    naming it."""
    return reading.number(value, f"domain bound {which} of {sym}")


def _brackets(v, sym=None):
    """Rationals ``(below, above)`` with ``below <= v <= above`` (equal when ``v`` is rational)."""
    return reading.brackets(v, f"domain bound {v} of {sym}" if sym is not None else f"bound {v}")


def _box_assumptions(lo, hi) -> dict:
    """The sympy assumptions a closed real box ``[lo, hi]`` gives a variable."""
    facts = {"real": True, "finite": True}
    s_lo, s_hi = _sign(lo), _sign(hi)  # certified; None: undecided, no fact
    if s_lo is not None and s_lo > 0:
        facts["positive"] = True
    elif s_lo is not None and s_lo >= 0:
        facts["nonnegative"] = True
    if s_hi is not None and s_hi < 0:
        facts["negative"] = True
    elif s_hi is not None and s_hi <= 0:
        facts["nonpositive"] = True
    return facts


def _sign(v):
    """Sign of an exact bound (-1, 0, 1), certified; ``None`` if it cannot be decided."""
    c = reading.compare(sp.Integer(0), v)
    return None if c is None else -c


def _canonical(sym, lo, hi, what):
    """A fresh symbol for ``sym`` carrying only what its box gives; ``ValueError`` when one
    of ``sym``'s own sympy assumptions is not implied by the box."""
    c = sp.Dummy(sym.name, **_box_assumptions(lo, hi))
    for fact, value in sym.assumptions0.items():
        if getattr(c, f"is_{fact}") != value:
            declared = ", ".join(f"{k}={v}" for k, v in sym._assumptions_orig.items())
            raise ValueError(
                f"{what}: symbol {sym.name} is declared {declared} (so {fact}={value}), which its box "
                f"[{lo}, {hi}] does not give (the statement may already have been simplified with "
                f"it); declare the symbol without that assumption or narrow its box")
    return c


_NOT_FINITE = (sp.oo, -sp.oo, sp.zoo, sp.nan)


def _exact_floats(expr):
    """Floats inside an expression mean the decimal typed, as float bounds do (0.1 -> 1/10;
    :func:`reading.float_value`)."""
    return reading.exact_floats(expr)


def _fold_constants(expr):
    """Each closed constant subexpression that sympy shows to be a rational (``sin(1)**2 +
    cos(1)**2 - 1`` is 0) replaced by that rational: an exact rewrite."""
    if not isinstance(expr, sp.Expr) or expr.is_Atom:
        return expr
    if expr.is_number and not expr.free_symbols:
        try:
            v = reading.exact_constant(expr)
        except ValueError:
            return expr
        return v if v.is_Rational else expr
    if expr.is_Add or expr.is_Mul:  # sympy flattens x + (sin(1)**2 + cos(1)**2 - 1): fold the constant terms together
        const = [a for a in expr.args if a.is_number and not a.free_symbols]
        if const and not all(a.is_Rational for a in const):
            folded = _fold_constants(expr.func(*const))
            if folded.is_Rational:
                rest = [_fold_constants(a) for a in expr.args if not (a.is_number and not a.free_symbols)]
                return expr.func(folded, *rest)
    args = [_fold_constants(a) for a in expr.args]
    return expr.func(*args) if any(a is not b for a, b in zip(args, expr.args)) else expr


def _relation(rel, what, sub=None) -> Relation:
    if rel is sp.true or rel is sp.false or isinstance(rel, bool):
        raise ValueError(f"{what} evaluated to the constant {rel!r}; pass an unevaluated relational "
                         f"(e.g. sympy.Le(a, b, evaluate=False)) or drop it")
    kind = KIND_OF.get(type(rel))
    if kind is None:
        raise ValueError(f"{what} must be a sympy relational (Le, Ge, Lt, Gt, Eq), "
                         f"got {type(rel).__name__}: {rel!r}")
    lhs, rhs = rel.lhs, rel.rhs
    if not isinstance(lhs, sp.Expr) or not isinstance(rhs, sp.Expr):
        raise ValueError(f"{what} must compare expressions, got {rel!r}")
    lhs, rhs = (reading.evaluate_unevaluated(side, what) for side in (lhs, rhs))
    if not isinstance(lhs, sp.Expr) or not isinstance(rhs, sp.Expr):
        raise ValueError(f"{what}: a side is not an expression after evaluation ({lhs}, {rhs})")
    for side in (lhs, rhs):
        if side.has(*_NOT_FINITE):
            raise ValueError(f"{what} involves an infinity or nan ({rel}): a side that is not a real "
                             f"number anywhere cannot be checked")
    lhs, rhs = _fold_constants(_exact_floats(lhs)), _fold_constants(_exact_floats(rhs))
    if sub:
        lhs, rhs = lhs.xreplace(sub), rhs.xreplace(sub)
    for side in (lhs, rhs):
        if side.has(*_NOT_FINITE):
            raise ValueError(f"{what}: a side evaluates to an infinity or nan on the box ({side})")
    g = (rhs - lhs) if isinstance(rel, (sp.Le, sp.Lt)) else (lhs - rhs)
    if isinstance(g, sp.Expr) and g.has(*_NOT_FINITE):
        raise ValueError(f"{what}: lhs - rhs evaluates to an infinity or nan ({g}): an unevaluated "
                         f"division by zero or an infinite constant")
    if not isinstance(g, sp.Expr) or g.has(sp.I):
        raise ValueError(f"{what} must compare real expressions, got {rel!r}")
    return Relation(g=g, kind=kind, original=rel, sides=(lhs, rhs))


def _greater(lo, hi, what) -> bool:
    """``lo > hi`` for exact bounds, decided in certified arithmetic (``ValueError`` if it cannot be)."""
    if lo.is_Rational and hi.is_Rational:
        return bool(lo > hi)
    from clickbound.lemmas.engine.certified import certified_sign

    s = certified_sign(sp.Add(lo, -hi, evaluate=False), {}, max_prec=reading.MAX_PREC_BITS)
    if s is not None:
        return s == "pos"
    diff = sp.simplify(lo - hi)
    if diff.is_Rational:
        return bool(diff > 0)
    raise ValueError(f"{what}: cannot decide whether lo = {lo} exceeds hi = {hi}")


def prepare(claim) -> Prepared:
    """Validate ``claim`` and return its normal form (``ValueError`` naming the problem)."""
    for i, rel in enumerate((claim.statement, *(() if isinstance(claim.assumptions, sp.Basic)
                                                 else claim.assumptions))):
        _relation(rel, f"{claim.id}: " + ("statement" if i == 0 else f"assumption {i - 1}"))
    if isinstance(claim.assumptions, sp.Basic):
        raise ValueError(f"{claim.id}: assumptions must be a list of relationals, got {claim.assumptions!r}")  # noqa: TRY004 (contract: ValueError)
    if not hasattr(claim.domain, "items"):
        raise ValueError(f"{claim.id}: domain must map symbols to (lo, hi), got {claim.domain!r}")
    box = {}
    for sym, bounds in claim.domain.items():
        if not isinstance(sym, sp.Symbol):
            raise ValueError(f"{claim.id}: domain key {sym!r} is not a sympy Symbol")  # noqa: TRY004 (contract: ValueError)
        try:
            lo_raw, hi_raw = bounds
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{claim.id}: domain of {sym} must be a pair (lo, hi), got {bounds!r}") from exc
        lo, hi = _bound(lo_raw, sym, "lo"), _bound(hi_raw, sym, "hi")
        if _greater(lo, hi, f"{claim.id}: domain of {sym}"):
            raise ValueError(f"{claim.id}: empty domain for {sym}: lo={lo} > hi={hi}")
        box[sym] = (lo, hi)
    free = set()
    for rel in (claim.statement, *claim.assumptions):
        free |= rel.free_symbols
    missing = sorted((s for s in free if s not in box), key=lambda s: s.name)
    if missing:
        raise ValueError(f"{claim.id}: free symbol(s) without a domain: {', '.join(s.name for s in missing)}")
    originals = tuple(sorted(box, key=lambda s: (s.name, sorted(s.assumptions0.items()))))
    sub = {s: _canonical(s, *box[s], claim.id) for s in originals}
    statement = _relation(claim.statement, f"{claim.id}: statement", sub)
    if statement.kind == "ne":
        raise ValueError(f"{claim.id}: statement Ne(...) is not supported; state an inequality or Eq")
    assumptions = tuple(_relation(a, f"{claim.id}: assumption {i}", sub) for i, a in enumerate(claim.assumptions))
    symbols = tuple(sub[s] for s in originals)
    lo = tuple(box[s][0] for s in originals)
    hi = tuple(box[s][1] for s in originals)
    lo_b = [_brackets(v, s) for v, s in zip(lo, originals)]
    hi_b = [_brackets(v, s) for v, s in zip(hi, originals)]
    lo_in, lo_out = tuple(b[1] for b in lo_b), tuple(b[0] for b in lo_b)
    hi_in, hi_out = tuple(b[0] for b in hi_b), tuple(b[1] for b in hi_b)
    for s, a, b in zip(originals, lo_in, hi_in):
        if a > b:
            raise ValueError(f"{claim.id}: domain of {s} is too thin to sample with rationals")
    return Prepared(symbols=symbols, lo=lo, hi=hi, lo_in=lo_in, hi_in=hi_in, lo_out=lo_out,
                    hi_out=hi_out, statement=statement, assumptions=assumptions, originals=originals)
