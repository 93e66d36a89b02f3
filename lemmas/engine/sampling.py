"""Drawing points of the constrained domain (shared by property and adversarial search).

Linear assumptions (``x1 >= y1``, ``c1 >= c2 >= ... >= cK``, ``x <= p``, ``x + y <= 1``,
``x == 2 y``)
are turned into bounds on the *last* of their variables in the claim's symbol order,
so a chain is sampled by reparametrisation (each variable drawn inside the interval
that the already-drawn ones leave) rather than by rejection.  Non-linear assumptions
are filtered afterwards.  The same bounds, applied in exact rationals, *repair* a
snapped point: each variable is clamped into its interval, which pushes it exactly
onto an active constraint such as ``x == y`` when the float optimum sat there.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.exact import to_fraction


@dataclass(frozen=True)
class LinearBound:
    """``coef * x_target + sum(c_j x_j) + const >= 0`` (or > 0), solved for ``x_target``."""

    target: int
    coef: Fraction
    others: tuple  # ((index, coef), ...) with index < target
    const: Fraction

    def bound(self, values):
        """``("lo"|"hi", value)`` for ``x_target`` given earlier ``values`` (a sequence)."""
        rest = self.const + sum((c * values[j] for j, c in self.others), Fraction(0))
        b = -rest / self.coef
        return ("lo", b) if self.coef > 0 else ("hi", b)


class Sampler:
    """Per-variable intervals for a :class:`~clickbound.lemmas.engine.validate.Prepared` claim."""

    def __init__(self, prep):
        self.prep = prep
        self.lo = [to_fraction(v) for v in prep.lo_in]
        self.hi = [to_fraction(v) for v in prep.hi_in]
        self.linear: list[list[LinearBound]] = [[] for _ in prep.symbols]
        self.nonlinear = []
        index = {s: i for i, s in enumerate(prep.symbols)}
        for a in prep.assumptions:
            # a linear equation g == 0 is the pair g >= 0, -g >= 0: it pins its last variable
            parts = [a.g, -a.g] if a.kind == "eq" else [a.g] if a.kind in ("ge", "gt") else []
            bounds = [self._linear(g, index) for g in parts]
            if not bounds or any(b is None for b in bounds):
                self.nonlinear.append(a)
            else:
                for lb in bounds:
                    self.linear[lb.target].append(lb)

    @staticmethod
    def _linear(g, index):
        syms = [s for s in g.free_symbols if s in index]
        if not syms:
            return None
        try:
            poly = sp.Poly(g, *syms)
        except sp.PolynomialError:
            return None
        if poly.total_degree() != 1 or not all(c.is_Rational for c in poly.coeffs()):
            return None
        coefs = {}
        const = Fraction(0)
        for mon, c in poly.terms():
            c = Fraction(int(c.p), int(c.q))
            if sum(mon) == 0:
                const = c
            else:
                coefs[index[syms[mon.index(1)]]] = c
        target = max(coefs)
        others = tuple((j, c) for j, c in coefs.items() if j != target)
        return LinearBound(target=target, coef=coefs[target], others=others, const=const)

    @property
    def has_nonlinear(self) -> bool:
        return bool(self.nonlinear)

    def interval(self, i, values):
        """Exact ``(lo, hi)`` for variable ``i`` given ``values[:i]`` (may be empty: lo > hi)."""
        lo, hi = self.lo[i], self.hi[i]
        for lb in self.linear[i]:
            side, b = lb.bound(values)
            if side == "lo":
                lo = max(lo, b)
            else:
                hi = min(hi, b)
        return lo, hi

    def repair(self, values):
        """Clamp each variable (in order) into its exact interval; ``None`` if one is empty."""
        out = []
        for i, v in enumerate(values):
            lo, hi = self.interval(i, out)
            if lo > hi:
                return None
            out.append(min(max(to_fraction(v), lo), hi))
        return out

    def float_point(self, unit):
        """A float point from uniforms ``unit`` in [0, 1)^n mapped through the intervals."""
        out, exact = [], []
        for i, u in enumerate(unit):
            lo, hi = self.interval(i, exact)
            if lo > hi:
                return None
            x = Fraction(float(lo) + float(u) * (float(hi) - float(lo)))
            x = min(max(x, lo), hi)
            exact.append(x)
            out.append(float(x))
        return out
