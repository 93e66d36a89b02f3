"""Sign certificates under linear assumptions: map the feasible set onto a unit box, then Bernstein.

A claim such as DCM Lemma 1 (``V(x) − V(y) ≤ Σx − Σy`` given ``x_k ≥ y_k``) is not a box
claim, so the plain sign certificates of :mod:`clickbound.lemmas.engine.symbolic` do not
apply, and cvc5 (from PyPI, without cylindrical algebraic coverings) cannot confirm z3's
``unsat`` either.  When every assumption is linear and, in symbol order, each variable has a
*dominating* lower and upper bound — one affine function of the earlier variables that is
above (below) every other lower (upper) bound on the whole outer box — the substitution

    x_i = L_i(x_<i) + (U_i(x_<i) − L_i(x_<i)) · t_i,      t ∈ [0, 1]^n

maps the unit box onto a superset of the feasible set's points: every feasible ``x`` is the
image of some ``t`` (``t_i = (x_i − L_i)/(U_i − L_i)``, any ``t_i`` when ``U_i = L_i``).  So a
sign certificate of ``g(x(t))`` on the unit box (Bernstein coefficients in exact rationals,
with bisection) certifies the statement on the feasible set.  Dominance is decided exactly
(the minimum of an affine function over a box is read off its coefficients).
"""
from __future__ import annotations

import time
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.sampling import Sampler
from clickbound.lemmas.engine.validate import show


def _affine_min(const, coefs, lo, hi):
    """Exact minimum of ``const + Σ c_j x_j`` over the box ``lo ≤ x ≤ hi``."""
    return const + sum(min(c * lo[j], c * hi[j]) for j, c in coefs.items())


def _diff(a, b):
    const = a[0] - b[0]
    coefs = dict(a[1])
    for j, c in b[1].items():
        coefs[j] = coefs.get(j, Fraction(0)) - c
    return const, coefs


def _bounds(prep):
    """Per variable ``(L, U)`` as affine ``(const, {j: coef})`` of earlier variables, or None."""
    if any(a.kind not in ("ge", "gt", "eq") for a in prep.assumptions):
        return None
    parsed = []
    index = {s: i for i, s in enumerate(prep.symbols)}
    for a in prep.assumptions:
        for g in ([a.g, -a.g] if a.kind == "eq" else [a.g]):
            lb = Sampler._linear(g, index)
            if lb is None:
                return None
            parsed.append(lb)
    lo = [Fraction(int(v.p), int(v.q)) for v in prep.lo_out]
    hi = [Fraction(int(v.p), int(v.q)) for v in prep.hi_out]
    out = []
    for i in range(prep.n):
        lows, highs = [(lo[i], {})], [(hi[i], {})]
        for lb in (b for b in parsed if b.target == i):
            aff = (-lb.const / lb.coef, {j: -c / lb.coef for j, c in lb.others})
            (lows if lb.coef > 0 else highs).append(aff)
        L = next((a for a in lows if all(_affine_min(*_diff(a, b), lo, hi) >= 0 for b in lows)), None)
        U = next((a for a in highs if all(_affine_min(*_diff(b, a), lo, hi) >= 0 for b in highs)), None)
        if L is None or U is None:
            return None
        out.append((L, U))
    return out


def chain_certificate(prep, want, deadline):
    """``(steps, sign)`` certifying ``g`` has sign in ``want`` on the feasible set, or ``None``."""
    from clickbound.lemmas.engine.symbolic import SYMBOLIC_MAX_TERMS, certify_sign, term_bound

    if not prep.polynomial or not prep.assumptions:
        return None
    bounds = _bounds(prep)
    if bounds is None:
        return None
    ts = sp.symbols(f"__t0:{prep.n}")
    image: list = []
    steps = []
    for i, ((lc, lco), (uc, uco)) in enumerate(bounds):
        L = sp.Rational(lc) + sum(sp.Rational(c) * image[j] for j, c in lco.items())
        U = sp.Rational(uc) + sum(sp.Rational(c) * image[j] for j, c in uco.items())
        image.append(L + (U - L) * ts[i])
        steps.append(f"{show(prep.symbols[i])} = L + (U − L)·t{i} with L = "
                     f"{show(sp.Rational(lc) + sum(sp.Rational(c) * prep.symbols[j] for j, c in lco.items()))}, "
                     f"U = {show(sp.Rational(uc) + sum(sp.Rational(c) * prep.symbols[j] for j, c in uco.items()))}")
    if time.perf_counter() > deadline:
        return None
    g_t = prep.statement.g.xreplace(dict(zip(prep.symbols, image)))
    if term_bound(g_t) > SYMBOLIC_MAX_TERMS:
        return None
    sign, cert = certify_sign(g_t, ts, [sp.Integer(0)] * prep.n, [sp.Integer(1)] * prep.n)
    if sign not in want:
        return None
    return ("; ".join(steps), f"g(x(t)) is {sign} on [0, 1]^{prep.n}: {cert}"), sign
