"""KL-UCB claims: KL-MONO, KL-PINSKER, KL-INDEX.

Sources: ``000_0b27131c69d8f24c.txt`` (dcmKL-UCB, "UCB の計算" with
``log t + 3 log log t``) and ``003_f899901a464da92a.txt`` (section "KL-UCB").
The KL is the project's one KL, :func:`clickbound.bounds.kl.kl_sym` / :func:`clickbound.bounds.kl.kl_scalar`;
the index under test is :func:`clickbound.bounds.kl.klucb_index`.

The high-precision reference index :func:`klucb_index_mp` lives here and only
here (STYLE: "high-precision reference implementations live in one place").

Finding recorded in the KL-MONO artefact: ``kl_sym(0, q)`` evaluates to ``nan`` in
sympy (``0·log 0``); the convention ``0 log 0 = 0`` is obtained as the limit
``w → 0⁺``, which is what the derivation uses for the edge case ``w = 0``.
"""
from __future__ import annotations

import functools
import itertools

import mpmath as mp
import numpy as np
import sympy as sp
from sympy.calculus.util import continuous_domain
from sympy.solvers.inequalities import solve_univariate_inequality

from clickbound.bounds.kl import kl_sym, klucb_index, klucb_threshold
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.kit import Claim, Derivation, Outcome, ProcedureClaim, derived, proved, refuted, source

SRC_000 = source("dcm").at("dcmKL-UCB (UCB の計算, log t + 3 log log t)")
SRC_003 = source("lecture").at("section 'KL-UCB'")

#: decimal digits of the mpmath reference (STYLE: transcendental statements at >= 50 digits)
MP_DPS = 50
#: KL-INDEX agreement required by the claim list (absolute)
INDEX_ABS_TOL = 1e-12
#: width to which the reference root is certified by a sign change (far below INDEX_ABS_TOL)
MP_CERT_WIDTH = mp.mpf("1e-40")
#: float threshold vs mpmath threshold: a few ulps of a number <= ~40 (relative double rounding)
THRESHOLD_REL_TOL = 1e-14

#: the KL-INDEX grid ("dense grid including w ∈ {0, 1}, T = 1, t ∈ {1, 2, 3, 10^9}")
GRID_W = (0.0, 1e-12, 1e-6, 1e-3, 0.01, 0.05, *[k / 20 for k in range(2, 19)], 0.95, 0.99,
          0.999, 1 - 1e-6, 1 - 1e-12, 1.0)
GRID_T = (1.0, 2.0, 5.0, 10.0, 100.0, 1e4, 1e6)
GRID_t = (1.0, 1.5, 2.0, 2.5, 2.9, 3.0, 10.0, 1e3, 1e6, 1e9)


# ---------------------------------------------------------------- mpmath reference
def kl_mp(p, q):
    """Bernoulli KL at mpmath precision, ``0 log 0 = 0``, ``+inf`` off support."""
    p, q = mp.mpf(p), mp.mpf(q)
    out = mp.mpf(0)
    if p > 0:
        if q <= 0:
            return mp.inf
        out += p * mp.log(p / q)
    if p < 1:
        if q >= 1:
            return mp.inf
        out += (1 - p) * mp.log((1 - p) / (1 - q))
    return out


def threshold_mp(t):
    """``g(t)`` of the policy conventions (docs/conventions.md) at mpmath precision: ``log t`` for ``t < 3``, else ``log t + 3 log log t``."""
    t = mp.mpf(t)
    if t < 1:
        raise ValueError(f"t (round) must be >= 1, got {t}")
    return mp.log(t) if t < 3 else mp.log(t) + 3 * mp.log(mp.log(t))


def _phi_s(w, s, level):
    """``D_KL(w‖1 − e^{−s}) − level``: the index equation in ``s = −log(1 − q)``."""
    if s == mp.inf:
        return mp.inf
    r = mp.exp(-s)
    out = (1 - w) * (mp.log(1 - w) + s) - level
    if w > 0:
        out += w * (mp.log(w) - mp.log1p(-r))
    return out


def klucb_index_mp(w, T, t, dps: int = MP_DPS):
    """Reference KL-UCB index ``max{q ∈ [w,1] : T·D_KL(w‖q) ≤ g(t)}`` at ``dps`` digits.

    Works in ``s = −log(1 − q)``: near q = 1 (T = 1, t = 1e9, w close to 1) the
    root has ``1 − q`` as small as ``e^{−3·10^13}``, which neither ``q`` nor
    ``1 − q`` can carry, while ``s`` can.  ``φ(s) = D_KL(w‖1 − e^{−s}) − g(t)/T``
    is increasing and convex in s (``φ' = (1 − r − w)/(1 − r)``, ``φ'' = w r/(1 − r)²``,
    ``r = e^{−s}``; KL-MONO), so Newton started *right* of the root decreases
    monotonically to it.  The start ``s_0 = (ℓ − w log w)/(1 − w) − log(1 − w)``
    has ``φ(s_0) ≥ 0`` because ``w log(w/q) ≥ w log w``.  The root is certified by
    a sign change over ``[s − MP_CERT_WIDTH, s + MP_CERT_WIDTH]`` (``AssertionError``
    otherwise); since ``|dq/ds| = 1 − q ≤ 1`` the returned ``q`` is within
    ``MP_CERT_WIDTH`` of the true index.
    """
    with mp.workdps(dps + 10):
        if mp.mpf(T) < 1:
            raise ValueError(f"T (observations) must be >= 1, got {T}")
        return klucb_index_mp_level(w, threshold_mp(t) / mp.mpf(T), dps)


def klucb_index_mp_level(w, level, dps: int = MP_DPS):
    """Reference root ``max{q ∈ [w,1] : D_KL(w‖q) ≤ level}`` at ``dps`` digits (see :func:`klucb_index_mp`).

    Takes the level itself, e.g. the float ``fl(g(t)/T)`` a kernel computed, read exactly.
    """
    with mp.workdps(dps + 10):
        w, level = mp.mpf(w), mp.mpf(level)
        if not (0 <= w <= 1):
            raise ValueError(f"w must lie in [0, 1], got {w}")
        if level < 0:
            raise ValueError(f"level must be >= 0, got {level}")
        if w == 1:
            return mp.mpf(1)
        if level == 0:
            return w
        wlogw = w * mp.log(w) if w > 0 else mp.mpf(0)
        s = (level - wlogw) / (1 - w) - mp.log(1 - w)
        tiny = mp.mpf(10) ** (-dps)
        # φ(s_0) ≥ 0 exactly; allow rounding when s_0 is the root itself (w = 0)
        require(_phi_s(w, s, level) >= -tiny, "reference start left of the root")
        for _ in range(200):
            r = mp.exp(-s)
            step = _phi_s(w, s, level) / ((1 - r - w) / (1 - r))
            s -= step
            if abs(step) <= tiny * max(1, s):
                break
        else:  # pragma: no cover - would be a reference bug
            raise AssertionError("reference Newton did not converge")
        s_w = -mp.log(1 - w)  # q = w
        lo, hi = max(s_w, s - MP_CERT_WIDTH), s + MP_CERT_WIDTH
        require(_phi_s(w, lo, level) <= 0 <= _phi_s(w, hi, level), "reference root not certified")
        return 1 - mp.exp(-s)


@functools.lru_cache(maxsize=4096)
def _index_ref_cached(w: float, T: float, t: float):
    """The grid reference at MP_DPS digits, computed once per process (KL-INDEX and KL-PINSKER/index share it)."""
    return klucb_index_mp(w, T, t)


def index_grid():
    """The KL-INDEX grid as a list of ``(w, T, t)`` triples."""
    return list(itertools.product(GRID_W, GRID_T, GRID_t))


# ---------------------------------------------------------------- KL-MONO
def kl_mono_proof():
    """KL-MONO derivation: derivative, sign, convexity, edges, threshold convention."""
    w, q, h = sp.symbols("w q h", real=True)
    Q, R, a, b, hp = sp.symbols("Q R a b h_p", positive=True)
    d = Derivation("q ↦ D_KL(w‖q) is continuous, strictly increasing and convex on [w, 1), "
                   "0 at q = w, → +∞ as q → 1⁻; so the KL-UCB index is well defined")
    kl = kl_sym(w, q)
    d1 = sp.diff(kl, q)
    d.equal("∂_q D_KL(w‖q) = (q − w)/(q(1 − q))", d1, (q - w) / (q * (1 - q)))
    d.equal("with q = w + h the derivative is h/(q(1 − q))",
            ((q - w) / (q * (1 - q))).subs(w, q - h), h / (q * (1 - q)))
    d.holds("h > 0, q > 0, 1 − q > 0 (i.e. w < q < 1) ⇒ h/(q(1−q)) > 0: strictly increasing on (w, 1)",
            (hp / (Q * R)).is_positive, f"sympy: {sp.sstr(hp / (Q * R))}.is_positive for positive h, Q = q, "
            "R = 1 − q")
    d2 = sp.diff(kl, q, 2)
    d.equal("∂²_q D_KL(w‖q) = w/q² + (1 − w)/(1 − q)²", d2, w / q**2 + (1 - w) / (1 - q)**2)
    d.holds("w ≥ 0, 1 − w ≥ 0, q, 1 − q > 0 ⇒ second derivative ≥ 0 (convex in q)",
            (a / Q**2 + b / R**2).is_nonnegative,
            f"sympy: {sp.sstr(a / Q**2 + b / R**2)}.is_nonnegative for a = w, b = 1 − w, Q = q, R = 1 − q > 0")
    d.zero("D_KL(w‖w) = 0", kl_sym(w, w))
    vp = sp.Symbol("v", positive=True)
    d.holds("w = 1 − v < 1 ⇒ lim_{q→1⁻} D_KL(w‖q) = +∞",
            sp.limit(kl_sym(1 - vp, q), q, 1, "-") == sp.oo, "limit(D_KL(1−v‖q), q→1⁻) = oo")
    kl0 = sp.limit(kl_sym(w, 1 - R), w, 0, "+")
    d.equal("edge w = 0 (0 log 0 = 0, as the limit w → 0⁺), with R = 1 − q > 0: D_KL(0‖q) = −log R",
            sp.expand_log(kl0, force=True), -sp.log(R))
    d.equal("edge w = 0: ∂_q(−log(1 − q)) = 1/(1 − q) > 0", sp.diff(-sp.log(1 - q), q), 1 / (1 - q))
    kl1 = sp.limit(kl_sym(w, Q), w, 1, "-")
    d.equal("edge w = 1: D_KL(1‖q) = −log q (q = Q > 0), zero only at q = 1, so [w, 1] = {1} and U = 1",
            sp.expand_log(kl1, force=True), -sp.log(Q))
    d.holds("sympy finding: kl_sym(0, q) evaluates to nan (0·log 0), hence the limits above",
            bool(kl_sym(0, q) == sp.nan) or bool(kl_sym(0, q).has(sp.nan)), "kl_sym(0, q) is nan")
    # threshold convention (bounds.kl.klucb_threshold)
    t = sp.Symbol("t", positive=True)
    tr = sp.Symbol("t", real=True)
    neg = solve_univariate_inequality(sp.log(sp.log(tr)) < 0, tr, relational=False)
    d.holds("log log t < 0 exactly for 1 < t < e (why the 3 log log t term is dropped for small t)",
            neg == sp.Interval.open(1, sp.E), f"sympy: solve_univariate_inequality(log(log(t)) < 0, t) = {neg}")
    d.holds("instance of the above: log log(5/2) < 0", bool(sp.log(sp.log(sp.Rational(5, 2))) < 0),
            f"log(log(5/2)) = {sp.N(sp.log(sp.log(sp.Rational(5, 2))), 15)}")
    d.holds("log log 3 > 0: g jumps up at t = 3, so g(t) stays nondecreasing",
            bool(sp.log(sp.log(3)) > 0), f"log(log(3)) = {sp.N(sp.log(sp.log(3)), 15)}")
    d.equal("for t ≥ 3, g'(t) = 1/t + 3/(t log t) > 0", sp.diff(sp.log(t) + 3 * sp.log(sp.log(t)), t),
            1 / t + 3 / (t * sp.log(t)))
    worst = 0.0
    for tv in (1.0, 1.5, 2.0, 2.5, float(mp.e), 2.9, 3.0, 3.5, 10.0, 1e9):
        ref = threshold_mp(tv)
        got = klucb_threshold(tv)
        err = abs(mp.mpf(got) - ref) / max(ref, 1)
        worst = max(worst, float(err))
    d.holds("bounds.kl.klucb_threshold(t) = log t for t < 3 and log t + 3 log log t for t ≥ 3 "
            f"(vs mpmath at t ∈ {{1, 1.5, 2, 2.5, e, 2.9, 3, 3.5, 10, 1e9}}; rel. err ≤ {THRESHOLD_REL_TOL})",
            worst <= THRESHOLD_REL_TOL, f"max relative error {worst:.3g}")
    pos = solve_univariate_inequality(sp.log(sp.log(tr)) > 0, tr, relational=False)
    nonneg = solve_univariate_inequality(sp.log(tr) >= 0, tr, relational=False)
    d.holds("g(t) ≥ 0 for every t ≥ 1: log t ≥ 0 on [1, ∞) (g = log t for t < 3), and for t ≥ 3 > e both log t and "
            "log log t are > 0", nonneg == sp.Interval(1, sp.oo) and pos == sp.Interval.open(sp.E, sp.oo)
            and bool(sp.Integer(3) > sp.E),
            f"sympy: solve_univariate_inequality(log(t) ≥ 0) = {nonneg}; (log(log(t)) > 0) = {pos}; 3 > E")
    c0, ca, cb = sp.symbols("c0 a b", real=True)
    wp = sp.Symbol("w", positive=True)
    const = wp * sp.log(wp) + (1 - wp) * sp.log(1 - wp)
    cont = continuous_domain(ca * sp.log(q) + cb * sp.log(1 - q), q, sp.Interval.open(0, 1))
    d.holds("q ↦ D_KL(w‖q) is continuous on (0, 1) for 0 < w < 1: it is a constant − w log q − (1 − w) log(1 − q), "
            "and a log q + b log(1 − q) is continuous on (0, 1) for all real a, b (w = 0: a = 0, b = −1, the edge "
            "above)",
            cont == sp.Interval.open(0, 1) and sp.expand(sp.expand_log(kl_sym(wp, q), force=True) -
                                                         (const - wp * sp.log(q) - (1 - wp) * sp.log(1 - q))) == 0,
            f"sympy: continuous_domain(a·log(q) + b·log(1 − q), q, (0, 1)) = {cont}; expand_log(D_KL(w‖q)) − "
            "(w log w + (1 − w) log(1 − w) − w log q − (1 − w) log(1 − q)) expands to 0")
    d.cited("D_KL(w‖·) is continuous on [w, 1) with positive derivative on (w, 1) (steps above), so for w ≤ q_1 < q_2 < 1 "
            "D_KL(w‖q_2) − D_KL(w‖q_1) = (q_2 − q_1)·∂_q D_KL(w‖ξ) > 0: strictly increasing on [w, 1)",
            "the mean value theorem, Rudin, Principles of Mathematical Analysis (1976), Theorem 5.10")
    d.cited("f(q) = T·D_KL(w‖q) − g(t) is continuous on [w, 1) with f(w) = −g(t) ≤ 0 and f → +∞ as q → 1⁻ (steps "
            "above), so f has a root in [w, q_1] for any q_1 < 1 with f(q_1) > 0",
            "the intermediate value theorem, Rudin, Principles of Mathematical Analysis (1976), Theorem 4.23")
    d.argument("hence the root U is unique and {q ∈ [w, 1] : T·D_KL(w‖q) ≤ g(t)} = [w, U], so U = max{…} is well "
               "defined (U = w when g(t) = 0, U = 1 when w = 1)",
               "f strictly increasing with a root U (the two cited steps above); the edge w = 1 (D_KL(1‖q) = −log q)")
    return d.artefact(threshold_max_rel_error=worst)


# ---------------------------------------------------------------- KL-PINSKER
#: the symbols of KL-PINSKER (the claim and its derivation share them)
_P, _Q = sp.symbols("p q", real=True)
#: the box KL-PINSKER's derivation covers: [0, 1]², the edges under bounds.kl's conventions
#: (0 log 0 = 0, +∞ off support) — interior by the derivative, p ∈ {0, 1} and q ∈ {0, 1} separately
PINSKER_DOMAIN = {_P: (0, 1), _Q: (0, 1)}
#: the KL-PINSKER claim's box: [ε, 1 − ε]², where sympy's ``kl_sym`` is defined (at p ∈ {0, 1} it has
#: 0·log 0, which sympy leaves undefined, and the engine proves nothing where a statement is undefined);
#: the edges are the derivation's edge steps, under bounds.kl's conventions
PINSKER_CLAIM_EPS = sp.Rational(1, 10**6)


def kl_pinsker_proof():
    """KL-PINSKER derivation (source 003, 'KL-UCB'): ``g(q) = D_KL(p‖q) − 2(p − q)² ≥ 0`` and the index consequence.

    Its artefact's ``conclusion`` is ``D_KL(p‖q) ≥ 2(p − q)²`` over :data:`PINSKER_DOMAIN`.
    """
    p, q = _P, _Q
    Q, R = sp.symbols("Q R", positive=True)
    d = Derivation("D_KL(p‖q) ≥ 2(p − q)² for p, q ∈ [0, 1]; hence U ≤ w + sqrt(g(t)/(2T))")
    g = kl_sym(p, q) - 2 * (p - q)**2
    d.zero("g(p) = D_KL(p‖p) − 0 = 0", g.subs(q, p))
    d.equal("g'(q) = (q − p)[1/(q(1 − q)) − 4]", sp.diff(g, q), (q - p) * (1 / (q * (1 - q)) - 4))
    d.equal("1/(q(1 − q)) − 4 = (1 − 2q)²/(q(1 − q))", 1 / (q * (1 - q)) - 4, (1 - 2 * q)**2 / (q * (1 - q)))
    d.holds("with Q = q, R = 1 − q > 0 (so 1 − 2q = R − Q): (R − Q)²/(Q R) ≥ 0",
            ((R - Q)**2 / (Q * R)).is_nonnegative, f"sympy: {sp.sstr((R - Q)**2 / (Q * R))}.is_nonnegative "
            "for positive Q, R")
    d.cited("g is differentiable on (0, 1), so for p, q ∈ (0, 1) there is ξ strictly between p and q (ξ = p + θ(q − p), "
            "0 < θ < 1) with g(q) − g(p) = (q − p)·g'(ξ)",
            "the mean value theorem, Rudin, Principles of Mathematical Analysis (1976), Theorem 5.10")
    th, X, Y = sp.symbols("theta X Y", positive=True)  # X = ξ, Y = 1 − ξ
    xi = p + th * (q - p)
    incr = sp.factor((q - p) * sp.diff(g, q).subs(q, xi))
    form = th * (q - p) ** 2 * (1 - 2 * xi) ** 2 / (xi * (1 - xi))
    d.holds("(q − p)·g'(ξ) = θ(q − p)²(1 − 2ξ)²/(ξ(1 − ξ)) ≥ 0 (θ > 0, 0 < ξ < 1), so g(q) ≥ g(p) = 0 for every "
            "p, q ∈ (0, 1)", sp.simplify(incr - form) == 0
            and (th * (q - p) ** 2 * (Y - X) ** 2 / (X * Y)).is_nonnegative,
            f"sympy: factor((q − p)·g'(p + θ(q − p))) = {sp.sstr(incr)}; θ(q − p)²(Y − X)²/(X Y) is nonnegative for "
            "positive θ, X = ξ, Y = 1 − ξ (1 − 2ξ = Y − X)")
    kl0 = sp.expand_log(sp.limit(kl_sym(p, 1 - R), p, 0, "+"), force=True).subs(R, 1 - q)
    d.equal("edge p = 0: D_KL(0‖q) = −log(1 − q) (limit p → 0⁺ at R = 1 − q > 0)", kl0, -sp.log(1 - q))
    h = kl0 - 2 * q**2
    d.zero("edge p = 0: h(q) = −log(1 − q) − 2q² has h(0) = 0", h.subs(q, 0))
    d.equal("edge p = 0: h'(q) = (1 − 2q)²/(1 − q) ≥ 0, so h ≥ 0 on [0, 1)", sp.diff(h, q),
            (1 - 2 * q)**2 / (1 - q))
    d.zero("edge p = 1 by symmetry: D_KL(p‖q) = D_KL(1 − p‖1 − q) and (p − q)² is symmetric",
           sp.expand_log(kl_sym(p, q) - kl_sym(1 - p, 1 - q), force=True))
    from clickbound.bounds.kl import kl_scalar

    off = {(pv, qv): kl_scalar(pv, qv) for pv in (1e-9, 0.5, 1.0) for qv in (0.0,)} | \
        {(pv, qv): kl_scalar(pv, qv) for pv in (0.0, 0.5, 1 - 1e-9) for qv in (1.0,)}
    d.argument("q ∈ {0, 1} with q ≠ p: D_KL(p‖q) = +∞ ≥ 2(p − q)² (a term p log(p/0) or (1−p) log((1−p)/0) with a "
               "positive weight); q = p ∈ {0, 1}: 0 ≥ 0 (the edges above at q = p)",
               "the convention 0 log 0 = 0, +∞ off support (docs/conventions.md, notation)")
    d.holds("bounds.kl.kl_scalar follows that convention off support", all(v == float("inf") for v in off.values()),
            f"kl_scalar(p, q) at {sorted(off)}: {sorted(set(off.values()))}")
    x, G, T = sp.symbols("x G T", positive=True)
    sols = sp.solve(sp.Eq(2 * T * x**2, G), x)
    d.holds("consequence: T·D_KL(w‖U) ≤ g(t) and D_KL ≥ 2(U − w)² ⇒ 2T(U − w)² ≤ g(t) ⇒ "
            "U − w ≤ sqrt(g(t)/(2T)) (positive root of 2T x² = G)",
            len(sols) == 1 and sp.simplify(sols[0] - sp.sqrt(G / (2 * T))) == 0,
            f"solve(2·T·x² = G, x>0) = {sols}")
    d.argument("the index U satisfies T·D_KL(w‖U) ≤ g(t) (U is in its own feasible set, which is closed: "
               "q ↦ D_KL(w‖q) is continuous on [w, 1) and → +∞ at 1, or U = 1 = w)",
               "KL-MONO (continuity, monotonicity, limit)")
    return d.artefact(conclusion=sp.Ge(kl_sym(p, q), 2 * (p - q) ** 2), domain=PINSKER_DOMAIN,
                      edge_convention="p, q ∈ {0, 1}: 0 log 0 = 0 and +∞ off support, as in bounds.kl")


def pinsker_index(w, T, t: float):
    """The Pinsker/UCB-type index ``w + sqrt(g(t)/(2T))`` (KL-PINSKER consequence, the claim list).

    By KL-PINSKER the KL-UCB index is never above it (``KL-PINSKER/index``); it is UCB1's
    index of source ``002_3ec5ec57f55c1fdf.txt`` with ``α log t`` replaced by ``g(t)``.
    Broadcasts over ``w`` and ``T`` (floats, numpy); ``t`` is one round (scalar).  Not capped
    at 1: values above 1 are returned as they are (the bound is then vacuous).
    """
    w = np.asarray(w, dtype=float)
    T = np.asarray(T, dtype=float)
    if np.any(~((w >= 0) & (w <= 1))):
        raise ValueError(f"w must lie in [0, 1], got {w.tolist()!r}")
    if np.any(~(T >= 1)):
        raise ValueError(f"T (observations) must be >= 1, got {T.tolist()!r}")
    t = float(t)
    if not (t >= 1):
        raise ValueError(f"t (round) must be >= 1, got {t!r}")
    out = w + np.sqrt(klucb_threshold(t) / (2.0 * T))
    return float(out) if out.ndim == 0 else out


def _pinsker_index_decide(budget_s: float) -> Outcome:
    """Check ``U_ref ≤ w + sqrt(g(t)/(2T))`` at 50 digits over the KL-INDEX grid (after the proof).

    The recorded minimum slack skips the points where the bound is an equality by
    construction (``g(t) = 0`` at t = 1, where U = w).
    """
    art = kl_pinsker_proof()
    worst_slack = None
    for w, T, t in index_grid():
        with mp.workdps(MP_DPS):
            u = _index_ref_cached(w, T, t)
            g = threshold_mp(t)
            slack = mp.mpf(w) + mp.sqrt(g / (2 * mp.mpf(T))) - u
            if slack < -2 * MP_CERT_WIDTH:  # beyond the reference root's certified width: a certified violation
                return refuted("certified computation (mpmath 50 digits, root bracketed to 1e-40)",
                               counterexample={"w": w, "T": T, "t": t}, slack=mp.nstr(slack, 20))
            if g > 0 and (worst_slack is None or slack < worst_slack[0]):
                worst_slack = (slack, (w, T, t))
    return proved(art, method="derivation (every w, T, t) + mpmath grid cross-check", scope="all",
                  grid_size=len(index_grid()),
                  min_slack_where_g_positive=mp.nstr(worst_slack[0], 10),
                  min_slack_point_w_T_t=list(worst_slack[1]))


# ---------------------------------------------------------------- KL-INDEX
def index_max_error():
    """``(max error, worst (w, T, t), grid size, #points above INDEX_ABS_TOL)`` of klucb_index vs the reference."""
    grid = index_grid()
    worst, where, n_bad = mp.mpf(0), None, 0
    for (w, T, t) in grid:
        got = klucb_index(w, T, t)
        with mp.workdps(MP_DPS):
            err = abs(mp.mpf(got) - _index_ref_cached(w, T, t))
        n_bad += err > INDEX_ABS_TOL
        if where is None or err > worst:
            worst, where = err, (w, T, t)
    return worst, where, len(grid), n_bad


def _index_decide(budget_s: float) -> Outcome:
    worst, where, n, n_bad = index_max_error()
    w, T, t = where
    ev = {"max_abs_error": mp.nstr(worst, 5), "worst_point_w_T_t": [w, T, t], "grid_size": n,
          "points_above_tolerance": n_bad, "tolerance": INDEX_ABS_TOL,
          "numeric_index_at_worst": klucb_index(w, T, t),
          "reference_at_worst": mp.nstr(_index_ref_cached(w, T, t), 30),
          "reference": f"klucb_index_mp, mpmath {MP_DPS} digits, root certified by a sign change"}
    if worst > INDEX_ABS_TOL:
        return refuted("exact computation (mpmath 50 digits)", counterexample={"w": w, "T": T, "t": t}, **ev)
    # the statement quantifies over the stated grid only, and every grid point is compared: scope "all"
    d = Derivation(f"|bounds.kl.klucb_index − klucb_index_mp| ≤ {INDEX_ABS_TOL} at every point of the stated "
                   "grid, by exhaustion")
    d.holds("the grid compared is the statement's whole grid w × T × t",
            n == len(GRID_W) * len(GRID_T) * len(GRID_t), f"{n} = {len(GRID_W)}·{len(GRID_T)}·{len(GRID_t)} points")
    d.holds(f"at every grid point the error against the certified 50-digit reference is ≤ {INDEX_ABS_TOL}",
            n_bad == 0 and worst <= INDEX_ABS_TOL,
            f"max abs error {mp.nstr(worst, 5)} at (w, T, t) = {where}; {n_bad} points above tolerance")
    return proved(d.artefact(), "certified computation (mpmath 50 digits) at every point of the stated grid",
                  scope="all", **ev)


@register
def klucb_claims():
    return [
        ProcedureClaim(
            id="KL-MONO", spec_id="KL-MONO", source=f"{SRC_003}; {SRC_000}", kind="inequality",
            expected=True,
            statement_text="for w ∈ [0,1): q ↦ D_KL(w‖q) strictly increasing and convex on [w,1), "
                           "D_KL(w‖w)=0, → +∞ as q→1⁻; ∂_q D_KL = (q−w)/(q(1−q)); U well defined",
            decide=derived(kl_mono_proof, "derivation (sympy, symbolic w, q)"),
            description="Symbolic derivation (sympy) incl. edges w=0, w=1 and the log log t convention."),
        Claim(
            id="KL-PINSKER", spec_id="KL-PINSKER", source=SRC_003, kind="inequality", expected=True,
            statement=sp.Ge(kl_sym(_P, _Q), 2 * (_P - _Q) ** 2),
            domain={_P: (PINSKER_CLAIM_EPS, 1 - PINSKER_CLAIM_EPS), _Q: (PINSKER_CLAIM_EPS, 1 - PINSKER_CLAIM_EPS)},
            proof=kl_pinsker_proof,
            description=("g(q) = D_KL − 2(p−q)², g(p) = 0, g' = (q−p)(1−2q)²/(q(1−q)) (sympy). The box is "
                         "[1e-6, 1 − 1e-6]², where sympy's D_KL is defined; the derivation's domain is [0,1]², "
                         "its edge steps (p ∈ {0,1}, q ∈ {0,1}) use bounds.kl's conventions 0 log 0 = 0, +∞ off "
                         "support, which the sympy expression cannot carry.")),
        Claim(
            id="KL-PINSKER/constant-21/10", spec_id="KL-PINSKER", source=SRC_003, kind="inequality",
            expected=False, statement=sp.Ge(kl_sym(_P, _Q), sp.Rational(21, 10) * (_P - _Q) ** 2),
            domain={_P: (0, 1), _Q: (0, 1)},
            description="Mutant: Pinsker's constant 2 is sharp (D_KL = 2δ² + O(δ⁴) at p = 1/2), so 21/10 "
                        "must be refuted by the engine."),
        ProcedureClaim(
            id="KL-PINSKER/index", spec_id="KL-PINSKER", source=f"{SRC_003}; {SRC_000}",
            kind="upper bound", expected=True,
            statement_text="for every w ∈ [0,1], T ≥ 1, t ≥ 1: the KL-UCB index U(w,T,t) = max{q ∈ [w,1] : "
                           "T·D_KL(w‖q) ≤ g(t)} satisfies U ≤ w + sqrt(g(t)/(2T))",
            decide=_pinsker_index_decide,
            description="Pinsker consequence: derivation for every w, T, t; the 50-digit reference index "
                        "checked against the bound on the KL-INDEX grid as a cross-check."),
        ProcedureClaim(
            id="KL-INDEX", spec_id="KL-INDEX", source=SRC_000, kind="computation", expected=True,
            statement_text=f"|bounds.kl.klucb_index − mpmath reference| ≤ {INDEX_ABS_TOL} on the grid "
                           "w × T × t incl. w ∈ {0,1}, T = 1, t ∈ {1,2,3,1e9}",
            decide=_index_decide,
            description="Certified 50-digit Newton reference (klucb_index_mp) vs the numba index."),
    ]
