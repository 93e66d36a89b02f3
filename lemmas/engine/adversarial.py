"""Adversarial search (method 4): minimise the statement's slack numerically, decide exactly.

The statement is normalised to ``g >= 0`` / ``g > 0`` / ``g == 0``
(:mod:`clickbound.lemmas.engine.validate`); the search minimises ``g`` (and ``-g`` for ``Eq``)
with scipy's SLSQP under the box bounds and the assumptions as constraints, with
analytic gradients from sympy (finite differences for non-smooth ``Max``/``Min``...).  Starts: the box centre, box corners, and points drawn
from a seeded ``numpy.random.Generator`` through the assumption-respecting sampler
(:mod:`clickbound.lemmas.engine.sampling`).  The best local optima are snapped to rationals (the
float's exact binary value and ``Fraction.limit_denominator`` at several
denominators), repaired onto active linear constraints in exact arithmetic, and handed
to :func:`clickbound.lemmas.engine.exact.verify_counterexample`.  A float "violation" that does
not survive that check is never a refutation (e.g. DCM-L3 at K = 2, where both sides
are equal and floats see ~1e-16).
"""
from __future__ import annotations

import time
import warnings

import numpy as np
import sympy as sp
from scipy.optimize import minimize

from clickbound.lemmas.engine.exact import snap_candidates, verify_counterexample

# Local optima per objective whose neighbourhoods are snapped and verified exactly.
SNAP_BEST = 8
# SLSQP iteration cap per start (polynomials of the catalogue converge in far fewer).
MAX_ITER = 200
# SLSQP tolerance: tight, because thin violation regions are ~1e-6 wide.
FTOL = 1e-15


# Non-smooth pieces: their sympy derivatives are Piecewise/Heaviside, slow to lambdify
# and useless to SLSQP, so such expressions use finite-difference gradients instead.
NON_SMOOTH = (sp.Max, sp.Min, sp.Abs, sp.Piecewise, sp.Heaviside, sp.sign, sp.floor, sp.ceiling, sp.Mod)
#: scipy first: it has the special functions (gamma, digamma, polygamma, lambertw, erf...) numpy lacks
MODULES = ["scipy", "numpy"]


def _lambdas(prep):
    syms = prep.symbols

    def fn(expr):
        f = sp.lambdify(syms, expr, modules=MODULES)
        value = lambda x: float(np.real_if_close(f(*x)))
        if expr.has(*NON_SMOOTH):
            return value, None
        try:
            grad = sp.lambdify(syms, [sp.diff(expr, s) for s in syms], modules=MODULES)
        except Exception:  # noqa: BLE001 - a derivative the printers cannot write: finite differences
            return value, None
        return value, (lambda x: np.asarray(grad(*x), dtype=float))
    return fn


def _safe(f, bad=1e300):
    def wrapped(x):
        with np.errstate(all="ignore"):
            try:
                v = f(x)
            except Exception:  # noqa: BLE001 - search only (never decides): any failure is a bad point
                return bad
        v = np.asarray(v, dtype=float)
        return np.where(np.isfinite(v), v, bad) if v.ndim else (float(v) if np.isfinite(v) else bad)
    return wrapped


def _starts(prep, sampler, n_starts, rng):
    n = prep.n
    lo = np.array([float(v) for v in sampler.lo])
    hi = np.array([float(v) for v in sampler.hi])
    pts = []
    centre = sampler.float_point(np.full(n, 0.5))
    if centre is not None:
        pts.append(centre)
    # a few corners (all-lo, all-hi, alternating) through the sampler so chains stay feasible
    for pattern in (np.zeros(n), np.ones(n) - 1e-12, np.arange(n) % 2, 1 - np.arange(n) % 2):
        p = sampler.float_point(np.clip(pattern, 0, 1 - 1e-12))
        if p is not None:
            pts.append(p)
    # random corners (a quarter of the starts), then random interior points
    for bits in rng.integers(0, 2, size=(max(1, n_starts // 4), n)):
        p = sampler.float_point(np.clip(bits.astype(float), 0, 1 - 1e-12))
        if p is not None:
            pts.append(p)
    tries = 0
    while len(pts) < n_starts and tries < 20 * n_starts:
        tries += 1
        p = sampler.float_point(rng.random(n))
        if p is not None:
            pts.append(p)
    return [np.clip(np.array(p, dtype=float), lo, hi) for p in pts[:n_starts]], lo, hi


def _snap_and_verify(prep, sampler, x):
    """Exact rational points near ``x``; the first that verifies as a counterexample, else None."""
    per_coord = [snap_candidates(float(v)) for v in x]
    depth = max(len(c) for c in per_coord)
    for j in range(depth):
        raw = [c[min(j, len(c) - 1)] for c in per_coord]
        pt = sampler.repair(raw)
        if pt is None:
            continue
        rep = verify_counterexample(prep, dict(zip(prep.symbols, pt)))
        if rep is not None:
            rep["snapped_from"] = [float(v) for v in x]
            return rep
    return None


#: floats search only boxes within this magnitude (widths, starts and slack values stay far from
#: overflow); beyond, the exact methods (decision, corners, exact property search) decide alone
FLOAT_SEARCH_MAX = 10**150


def adversarial_search(prep, sampler, n_starts, deadline, seed):
    """Multi-start SLSQP on the slack; returns ``(report|None, evidence dict)``."""
    t0 = time.perf_counter()
    if any(abs(v) > FLOAT_SEARCH_MAX for v in (*sampler.lo, *sampler.hi)):
        return None, {"skipped": f"a bound beyond ±1e150: floats would overflow, the exact methods decide",
                      "starts_run": 0, "best_float_slack": None}
    rng = np.random.default_rng(np.random.SeedSequence([seed, 4]))
    make = _lambdas(prep)
    g, dg = make(prep.statement.g)
    objectives = [(_safe(g), dg and _safe(dg), 1.0)]
    if prep.statement.kind == "eq":
        objectives.append((_safe(lambda x: -g(x)), dg and _safe(lambda x: -dg(x)), -1.0))
    cons = []
    for a in prep.assumptions:
        if a.kind == "ne":
            continue  # measure-zero exclusion; exact verification enforces it
        fa, dfa = make(a.g)
        con = {"type": "eq" if a.kind == "eq" else "ineq", "fun": _safe(fa, bad=-1e300)}
        if dfa is not None:
            con["jac"] = _safe(dfa, bad=0.0)
        cons.append(con)
    starts, lo, hi = _starts(prep, sampler, n_starts, rng)
    bounds = list(zip(lo, hi))
    results = []  # (value, x)
    run = 0
    for k, x0 in enumerate(starts):
        for obj, jac, _sign in objectives:
            if time.perf_counter() > deadline:
                break
            run += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    res = minimize(obj, x0, jac=jac, method="SLSQP", bounds=bounds, constraints=cons,
                                   options={"maxiter": MAX_ITER, "ftol": FTOL})
                except (ValueError, ZeroDivisionError, OverflowError):
                    continue
            x = np.clip(res.x, lo, hi)
            results.append((obj(x), x))
            results.append((obj(x0), x0))
    ev = {"optimiser": "scipy SLSQP, " + ("analytic" if dg else "finite-difference") + " gradients", "starts_run": run, "starts_planned":
          len(starts) * len(objectives)}
    results.sort(key=lambda t: t[0])
    ev["best_float_slack"] = float(results[0][0]) if results else None
    # snap the best distinct optima
    seen = []
    for val, x in results:
        if len(seen) >= SNAP_BEST or time.perf_counter() > deadline + 1.0:
            break
        if any(np.allclose(x, s, rtol=0, atol=1e-12) for s in seen):
            continue
        seen.append(x)
        rep = _snap_and_verify(prep, sampler, x)
        if rep is not None:
            ev["snapped_points_tried"] = len(seen)
            ev["time_s"] = round(time.perf_counter() - t0, 4)
            return rep, ev
    ev["snapped_points_tried"] = len(seen)
    ev["time_s"] = round(time.perf_counter() - t0, 4)
    if time.perf_counter() > deadline:
        ev["stopped_early"] = "time cap reached"
    return None, ev
