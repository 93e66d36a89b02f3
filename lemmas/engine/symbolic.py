"""Symbolic proofs (method 1): identities, and inequalities closed by sign certificates.

* ``Eq``: ``expand(lhs - rhs) == 0`` (polynomials), else ``simplify(lhs - rhs) == 0``
  for expressions small enough to simplify quickly.  The artefact records the
  difference and the zero it reduced to.
* Inequalities ``g >= 0`` / ``g > 0`` (see :mod:`clickbound.lemmas.engine.validate` for ``g``):
  ``together(g) = num/den``; the sign of ``den`` and of each irreducible factor of
  ``num`` (``factor_list``) is certified on the (outer rational) box by **Bernstein
  coefficients** — exact rationals; a polynomial lies in the convex hull of its
  Bernstein coefficients on a box, so all coefficients ``>= 0`` is a real certificate
  — refined by bisecting the box when the coefficients straddle 0 — or, for non-polynomial factors, by sympy's assumption system after substituting
  ``x = lo + s`` / ``x = hi - t`` with ``s, t >= 0``.  Even powers count as ``>= 0``.
  The artefact lists every factor with its certificate.

Inequality certificates hold on the whole box, so they are used only when there are no
assumptions or every assumption is itself certified on the box (then the assumptions
cut nothing away).  Positivity of power coefficients after ``x = lo + s`` implies
positivity of the Bernstein coefficients, so that route is subsumed by Bernstein.
"""
from __future__ import annotations

import time
from fractions import Fraction
from math import comb

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.claim import ProofArtefact
from clickbound.lemmas.engine.validate import show

# Bernstein tensors larger than this are not attempted (cost grows as prod(d_i + 1)).
BERNSTEIN_MAX_COEFFS = 20000
# Bisection of the box when the Bernstein coefficients straddle 0: at most this many
# sub-boxes, and only for polynomials in at most this many variables (each box re-expands).
SUBDIVISION_MAX_BOXES = 32
SUBDIVISION_MAX_VARS = 4
# Factorisation only for polynomials in at most this many variables, and expansion-based
# certificates only below this many terms (sympy's factor_list / expand cannot be interrupted).
FACTOR_MAX_VARS = 8
SYMBOLIC_MAX_TERMS = 2000
# Polynomial identities are expanded up to this many terms (DCM-TEL at K = 6 needs ~10^3).
IDENTITY_MAX_TERMS = 100_000
# simplify() is only tried on expressions with at most this many operations (it can be slow).
SIMPLIFY_MAX_OPS = 400


def _bernstein_extremes(expr, symbols, lo, hi):
    """``(min, max, count)`` of the Bernstein coefficients of a polynomial on the box, or None."""
    # a zero-width side (lo == hi) is a constant, not a Bernstein variable
    fixed = {symbols[i]: lo[i] for i, s in enumerate(symbols) if expr.has(s) and hi[i] == lo[i]}
    used = [i for i, s in enumerate(symbols) if expr.has(s) and hi[i] != lo[i]]
    us = sp.symbols(f"__u0:{len(used)}")
    sub = {**fixed, **{symbols[i]: lo[i] + (hi[i] - lo[i]) * u for i, u in zip(used, us)}}
    try:
        poly = sp.Poly(sp.expand(expr.xreplace(sub)), *us) if us else None
    except sp.PolynomialError:
        return None
    if poly is not None and poly.is_zero:
        return sp.Integer(0), sp.Integer(0), 1
    if poly is None:
        expr = expr.xreplace(sub)
        if expr.has(sp.zoo, sp.oo, -sp.oo, sp.nan):
            return None
        c = sp.nsimplify(expr)
        if not c.is_Rational:
            return None
        return c, c, 1
    if not all(c.is_Rational for c in poly.coeffs()):
        return None
    degs = poly.degree_list()
    size = int(np.prod([d + 1 for d in degs]))
    if size > BERNSTEIN_MAX_COEFFS:
        return None
    a = np.empty([d + 1 for d in degs], dtype=object)
    a.fill(Fraction(0))
    for mon, c in poly.terms():
        a[mon] = Fraction(int(c.p), int(c.q))
    # b_J = sum_{I<=J} prod_k C(j_k, i_k) / C(d_k, i_k) a_I, applied one axis at a time
    for axis, d in enumerate(degs):
        m = np.empty((d + 1, d + 1), dtype=object)
        for j in range(d + 1):
            for i in range(d + 1):
                m[j, i] = Fraction(comb(j, i), comb(d, i)) if i <= j else Fraction(0)
        a = np.moveaxis(np.tensordot(m, a, axes=([1], [axis])), 0, axis)
    flat = a.ravel()
    return min(flat), max(flat), len(flat)


def _assumption_sign(expr, symbols, lo, hi):
    """Sign of a non-polynomial expression via sympy assumptions after x = lo + s, x = hi - t."""
    for shift in ("lo", "hi"):
        sub = {}
        for i, x in enumerate(symbols):
            if not expr.has(x):
                continue
            t = sp.Symbol(f"__s{i}", nonnegative=True)
            sub[x] = lo[i] + t if shift == "lo" else hi[i] - t
        e = expr.xreplace(sub)
        if e.is_positive:
            return "pos", f"sympy assumptions: positive after x = {shift} {'+ s' if shift == 'lo' else '- t'}"
        if e.is_nonnegative:
            return "nonneg", f"sympy assumptions: nonnegative after x = {shift} {'+ s' if shift == 'lo' else '- t'}"
        if e.is_negative:
            return "neg", f"sympy assumptions: negative after x = {shift} shift"
        if e.is_nonpositive:
            return "nonpos", f"sympy assumptions: nonpositive after x = {shift} shift"
    return None, "no sign certificate"


def _subdivide(expr, symbols, lo, hi, want, budget):
    """Certify ``want`` ("nonneg" or "nonpos") by bisecting the box; ``budget`` is a
    one-element list of boxes still allowed.  Returns the number of boxes used or None."""
    if budget[0] <= 0:
        return None
    budget[0] -= 1
    ext = _bernstein_extremes(expr, symbols, lo, hi)
    if ext is None:
        return None
    mn, mx, _ = ext
    if (want == "nonneg" and mn >= 0) or (want == "nonpos" and mx <= 0):
        return 1
    if (want == "nonneg" and mx < 0) or (want == "nonpos" and mn > 0):
        return None  # definitely the wrong sign somewhere in this box
    used = [i for i, sym in enumerate(symbols) if expr.has(sym) and hi[i] > lo[i]]
    if not used:
        return None
    i = max(used, key=lambda k: (hi[k] - lo[k]) * sp.degree(expr, symbols[k]))
    mid = (lo[i] + hi[i]) / 2
    total = 0
    for a, b in ((lo[i], mid), (mid, hi[i])):
        lo2, hi2 = list(lo), list(hi)
        lo2[i], hi2[i] = a, b
        n = _subdivide(expr, symbols, lo2, hi2, want, budget)
        if n is None:
            return None
        total += n
    return total


def term_bound(expr) -> int:
    """An upper bound on the number of terms of ``expand(expr)``, without expanding."""
    if expr.is_Add:
        return sum(term_bound(a) for a in expr.args)
    if expr.is_Mul:
        out = 1
        for a in expr.args:
            out *= term_bound(a)
        return out
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        return term_bound(expr.base) ** int(expr.exp)
    return 1


def certify_sign(expr, symbols, lo, hi):
    """``(sign, certificate)``: sign in {"pos", "nonneg", "neg", "nonpos", None} on the box."""
    if expr.is_polynomial(*symbols) and term_bound(expr) > SYMBOLIC_MAX_TERMS:
        return None, f"more than {SYMBOLIC_MAX_TERMS} terms: no Bernstein certificate attempted"
    if expr.is_polynomial(*symbols):
        ext = _bernstein_extremes(expr, symbols, lo, hi)
        if ext is not None:
            mn, mx, cnt = ext
            cert = f"{cnt} Bernstein coefficients in [{mn}, {mx}]"
            if mn > 0:
                return "pos", cert
            if mn >= 0:
                return "nonneg", cert
            if mx < 0:
                return "neg", cert
            if mx <= 0:
                return "nonpos", cert
            nvars = sum(1 for sym in symbols if expr.has(sym))
            if nvars <= SUBDIVISION_MAX_VARS:
                for want in ("nonneg", "nonpos"):
                    boxes = _subdivide(expr, symbols, list(lo), list(hi), want, [SUBDIVISION_MAX_BOXES])
                    if boxes is not None:
                        return want, (f"Bernstein coefficients >= 0 on each of {boxes} sub-boxes (bisection)"
                                      if want == "nonneg" else
                                      f"Bernstein coefficients <= 0 on each of {boxes} sub-boxes (bisection)")
            return None, cert
    return _assumption_sign(expr, symbols, lo, hi)


_MUL = {  # sign of a product of two signs (None = unknown)
    ("pos", "pos"): "pos", ("pos", "nonneg"): "nonneg", ("pos", "neg"): "neg", ("pos", "nonpos"): "nonpos",
    ("nonneg", "nonneg"): "nonneg", ("nonneg", "neg"): "nonpos", ("nonneg", "nonpos"): "nonpos",
    ("neg", "neg"): "pos", ("neg", "nonpos"): "nonneg", ("nonpos", "nonpos"): "nonneg",
}


def _mul(a, b):
    if a is None or b is None:
        return None
    return _MUL.get((a, b)) or _MUL.get((b, a))


def _sign_of(g, prep, steps, deadline):
    """Certified sign of ``g`` on the outer box, recording a step per factor."""
    syms, lo, hi = prep.symbols, prep.lo_out, prep.hi_out
    num, den = sp.fraction(sp.together(g))
    sign = "pos"
    if den != 1:
        s_den, cert = certify_sign(den, syms, lo, hi)
        if s_den not in ("pos", "neg"):
            steps.append((f"denominator {show(den)}: sign not certified", cert))
            return None
        steps.append((f"denominator {show(den)} is {s_den} on the box", cert))
        sign = s_den
    nvars = sum(1 for x in syms if num.has(x))
    if num.is_polynomial(*syms) and nvars <= FACTOR_MAX_VARS and term_bound(num) <= SYMBOLIC_MAX_TERMS:
        const, factors = sp.factor_list(num, *syms)
    else:
        # factor_list is uninterruptible and can take minutes on V(x) at K >= 8
        const, factors = sp.Integer(1), [(num, 1)]
        steps.append(("numerator not factorised", f"{nvars} variables, <= {term_bound(num)} terms"))
    if const != 1:
        c = sp.sympify(const)
        sign = _mul(sign, "pos" if c > 0 else ("neg" if c < 0 else "nonneg"))
        steps.append((f"constant factor {c}", "rational"))
    for f, m in factors:
        if time.perf_counter() > deadline:
            steps.append(("stopped", "symbolic time share used up"))
            return None
        if m % 2 == 0:
            s_f, cert = "nonneg", f"even power {m}"
        else:
            s_f, cert = certify_sign(f, syms, lo, hi)
        steps.append((f"factor ({show(f)})^{m}: {s_f}", cert))
        sign = _mul(sign, s_f)
        if sign is None:
            return None
    return sign


def sign_on_box(g, prep, deadline):
    """``(sign, certificate text)`` of ``g`` on the claim's (outer rational) box."""
    steps: list = []
    sign = _sign_of(g, prep, steps, deadline)
    return sign, "; ".join(f"{d}: {c}" for d, c in steps)


def _implied_by_box(prep, deadline):
    steps = []
    for a in prep.assumptions:
        s = _sign_of(a.g, prep, steps, deadline)
        ok = (a.kind == "ge" and s in ("pos", "nonneg")) or (a.kind == "gt" and s == "pos") or \
             (a.kind == "ne" and s in ("pos", "neg"))
        if not ok:
            return False, steps
    return True, steps


def symbolic_prove(prep, deadline: float):
    """Try a symbolic proof; returns ``(ProofArtefact | None, evidence dict)``."""
    st = prep.statement
    g = st.g
    if st.kind == "eq":
        steps = []
        if g.is_polynomial(*prep.symbols):
            if term_bound(g) > IDENTITY_MAX_TERMS:
                return None, {"result": f"identity not attempted: expansion may exceed {IDENTITY_MAX_TERMS} terms"}
            e = sp.expand(g)
            steps.append(("expand(lhs - rhs)", show(e)))
            if e == 0:
                return ProofArtefact("identity: lhs - rhs expands to 0", tuple(steps),
                                     {"method": "expand"}), {"result": "identity"}
        elif sp.count_ops(g) <= SIMPLIFY_MAX_OPS:
            e = sp.simplify(g)
            steps.append(("simplify(lhs - rhs)", show(e)))
            if e == 0:
                return ProofArtefact("identity: lhs - rhs simplifies to 0", tuple(steps),
                                     {"method": "simplify"}), {"result": "identity"}
        return None, {"result": "not an identity by expand/simplify", "steps": steps}
    steps = []
    if prep.assumptions:
        ok, a_steps = _implied_by_box(prep, deadline)
        if not ok:
            from clickbound.lemmas.engine.reparam import chain_certificate

            wanted = ("pos", "nonneg") if st.kind == "ge" else ("pos",)
            cert = chain_certificate(prep, wanted, deadline)
            if cert is None:
                return None, {"result": "assumptions not implied by the box, and no chain reparametrisation "
                                        "certificate; box certificates do not apply"}
            (subst, sign_cert), sign = cert
            art = ProofArtefact(
                f"g = {'rhs - lhs' if type(st.original) in (sp.Le, sp.Lt) else 'lhs - rhs'} is {sign} on the "
                f"feasible set: linear assumptions mapped onto a unit box, then sign certificates",
                (("feasible set covered by the image of [0, 1]^n", subst), ("sign of g(x(t))", sign_cert)),
                {"method": "chain reparametrisation + Bernstein", "g": show(g)})
            return art, {"result": "proved"}
        steps.append(("every assumption holds on the whole box", "; ".join(c for _, c in a_steps)))
    sign = _sign_of(g, prep, steps, deadline)
    wanted = ("pos", "nonneg") if st.kind == "ge" else ("pos",)
    if sign in wanted:
        art = ProofArtefact(
            f"g = {'rhs - lhs' if type(st.original) in (sp.Le, sp.Lt) else 'lhs - rhs'} is {sign} "
            f"on the box by factor sign certificates",
            tuple(steps), {"method": "factor signs (Bernstein / assumptions)", "g": show(g)})
        return art, {"result": "proved"}
    return None, {"result": f"sign of g not certified (got {sign})", "steps": [f"{d}: {c}" for d, c in steps]}
