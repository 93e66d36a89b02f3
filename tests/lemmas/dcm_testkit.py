"""Helpers shared by the DCM test files (source ``000_0b27131c69d8f24c.txt``).

The counterexample re-check here is independent of the engine: plain sympy
substitution of exact rationals into the claim's box, assumptions and statement.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas import check

# Per-claim search cap for the engine; DCM mutants fall to z3 or corner/property search in
# well under this (see the timing test), so the cap only bounds a regression.
BUDGET_S = 20.0


def decide_all(claims):
    """``{claim.id: (claim, verdict)}``, each claim decided once."""
    return {c.id: (c, check(c, budget_s=BUDGET_S)) for c in claims}


def assert_exact_counterexample(claim, cex):
    """Independently re-verify a refutation: rationals, inside the box, assumptions hold, statement fails."""
    assert cex is not None, f"{claim.id}: refuted without a counterexample"
    by_name = {str(k): v for k, v in cex.items()}
    point = {}
    for s, (lo, hi) in claim.domain.items():
        assert s.name in by_name, f"{claim.id}: counterexample misses {s}"
        raw = by_name[s.name]
        assert not isinstance(raw, float), f"{claim.id}: {s} = {raw!r} is a float, not an exact value"
        val = sp.Rational(raw)
        assert sp.Rational(lo) <= val <= sp.Rational(hi), f"{claim.id}: {s} = {val} outside [{lo}, {hi}]"
        point[s] = val
    for a in claim.assumptions:
        assert bool(a.subs(point)) is True, f"{claim.id}: assumption {a} fails at {point}"
    lhs, rhs = claim.statement.lhs.subs(point), claim.statement.rhs.subs(point)
    assert lhs.is_Rational and rhs.is_Rational
    assert bool(claim.statement.func(lhs, rhs)) is False, f"{claim.id}: statement holds at {point}"
    return point
