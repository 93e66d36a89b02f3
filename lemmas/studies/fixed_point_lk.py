"""Where biased recorded means settle when the policy also chooses *which* items to show: L > K = 2.

:mod:`clickbound.lemmas.studies.fixed_point` decides the estimate/choice map for L = K = 2 (only the order
is chosen).  Here ``L = 3`` and ``L = 4`` items compete for ``K = 2`` positions, for the two biased
last-click policies of the feedback-bias study: **dcmKL-UCB on the DCM** (source 000, Algorithm 1) and **Cascade-UCB
last-click on the PBM** (source 001, §6.4 b).  Both show the top 2 of an index whose bonus vanishes as the
counts grow, so in the long run they sort by their recorded means (:mod:`clickbound.lemmas.studies.feedback_bias`).

**Candidate stable points** (the mean-field heuristic of ``feedback_fixed_point``, extended):

* for each pair ``{a, b}`` shown in the long run, the order dynamics of the pair: a fraction ``X`` of the
  rounds shows ``(a, b)``, ``1 − X`` shows ``(b, a)``; stable points ``X = 1`` if ``d(1) > 0``, ``X = 0`` if
  ``d(0) < 0``, interior roots where ``d = m_a − m_b`` changes sign from + to −
  (:func:`clickbound.lemmas.studies.fixed_point.stable_points`, exact real roots);
* every other item ``c`` keeps being explored (its bonus grows while it is not shown) and enters when its
  index passes the lower shown item, i.e. at position 2 below the item shown first: its recorded mean
  converges to ``e_c = (X c_c(a, c) + (1 − X) c_c(b, c)) / (X o_c(a, c) + (1 − X) o_c(b, c))``.  The point is
  stable only if ``e_c`` is below the mean of the item at position 2 (pure point) or below the common mean
  ``m_a(X*) = m_b(X*)`` (interior point) for every such ``c`` (strictly; ``c`` is then explored O(log n)
  times and costs no linear regret).

The long-run regret per round of a stable point is ``r(A*) − X r(a, b) − (1 − X) r(b, a)``, ``A*`` the
optimal list (the top two items in decreasing order: CAS-OPT / DCM-ORDER for non-increasing ``v̄``, PBM with
non-increasing ``κ``).  Equilibria that mix different *sets* of shown items are not enumerated (the
simulated slope in ``tests/lemmas/studies/test_fixed_point_lk.py`` checks the prediction at one instance).
Exact where the point is pure: rational parameters and rational records, so at ``X = 0`` or ``1`` every
comparison of an exploration mean with the threshold is a comparison of rationals.  At an interior point ``X*``
is an algebraic number (a radical, from sympy's real-root isolation in ``feedback_fixed_point.stable_points``)
and the sign of ``e_c − m_a(X*)`` is taken from sympy's error-tracked evaluation at :data:`SIGN_DPS` digits
(``strict``: it raises rather than return fewer correct digits), and refused (``ArithmeticError``) when the value
is within :data:`SIGN_MARGIN` of 0 — a certified-precision evaluation, not an exact decision (:func:`_below`).
Which roots are stable at all is decided upstream, by ``stable_points``' sign tests at rational points
beside each root.
"""
from __future__ import annotations

import itertools

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.studies.fixed_point import X, mean_field, stable_points
from clickbound.lemmas.support.feedback_exact import expected_records, reward
from clickbound.lemmas.support.feedback_rules import rule
from clickbound.lemmas.support.kit import Outcome, ProcedureClaim, checked, refuted

R = sp.Rational
PAIRS = (("dcmKL-UCB", "dcm"), ("CascadeUCB-last-click", "pbm"))
#: item parameters (distinct, decreasing) and non-increasing position parameters searched, L = 3
ITEMS3 = [(R(a, 10), R(b, 10), R(c, 10)) for a in range(3, 10) for b in range(2, a) for c in range(1, b)]
POSITIONS = {"dcm": [(R(a, 10), R(b, 10)) for a in (2, 5, 8, 10) for b in (0, 2, 5, 8) if b <= a],
             "pbm": [(R(a, 10), R(b, 10)) for a in (5, 8, 10) for b in (1, 2, 5, 8) if b <= a]}


#: digits and refusal margin for the sign of an algebraic difference (an interior point's means)
SIGN_DPS = 50
SIGN_MARGIN = sp.Rational(1, 10 ** 40)


def _below(a, b) -> bool:
    """``a < b``: exactly for rationals; for algebraic values by sympy's strict evaluation at :data:`SIGN_DPS`
    digits, refused when ``|a − b| < SIGN_MARGIN`` (module docstring)."""
    diff = sp.sympify(a - b)
    if diff.has(sp.Float):  # the records are rational: a float here would be a bug, never a decision
        raise TypeError(f"float in an exact comparison: {diff}")
    if diff.is_Rational:
        return bool(diff < 0)
    v = sp.N(diff, SIGN_DPS, strict=True)
    if abs(v) < SIGN_MARGIN:
        raise ArithmeticError(f"sign of {diff} undecided at {SIGN_DPS} digits")
    return bool(v < 0)


def _records(policy, model, x, y, lst):
    o, c = expected_records(rule(policy), model, [x[e] for e in lst], list(y))
    return o, c


def stable_list_points(policy: str, model: str, x, y) -> list[dict]:
    """Every candidate stable point (module docstring) for items ``x`` (any L ≥ 2) and positions ``y`` (K = 2)."""
    L = len(x)
    best = sorted(range(L), key=lambda e: -x[e])[:2]
    r_opt = reward(model, [x[e] for e in best], list(y))
    out = []
    for a, b in itertools.combinations(range(L), 2):
        d, _gap, _means = mean_field(policy, model, (x[a], x[b]), y)
        o1, c1 = _records(policy, model, x, y, (a, b))
        o2, c2 = _records(policy, model, x, y, (b, a))
        for Xs, kind in stable_points(d):
            # the mean of the item at position 2 (pure point) or the common mean (interior point)
            if Xs == 1:
                bar = c1[1] / o1[1]
            elif Xs == 0:
                bar = c2[1] / o2[1]
            else:
                bar = ((X * c1[0] + (1 - X) * c2[1]) / (X * o1[0] + (1 - X) * o2[1])).subs(X, Xs)
            explored, ok = {}, True
            for c in (e for e in range(L) if e not in (a, b)):
                oa, ca = _records(policy, model, x, y, (a, c))
                ob, cb = _records(policy, model, x, y, (b, c))
                ec = (Xs * ca[1] + (1 - Xs) * cb[1]) / (Xs * oa[1] + (1 - Xs) * ob[1])
                explored[c] = ec
                if not _below(ec, bar):
                    ok = False
            if not ok:
                continue
            r = Xs * reward(model, [x[a], x[b]], list(y)) + (1 - Xs) * reward(model, [x[b], x[a]], list(y))
            regret = sp.nsimplify(sp.simplify(r_opt - r)) if Xs in (0, 1) else sp.simplify(r_opt - r)
            shown = (a, b) if Xs == 1 else (b, a) if Xs == 0 else (a, b, "mixed")
            out.append({"set": sorted((a, b)), "X(a first)": Xs, "kind": kind, "lists": shown,
                        "optimal_set": sorted((a, b)) == sorted(best), "mean_at_threshold": bar,
                        "exploration_means": explored, "regret_per_round": regret})
    return out


def analyse(policy: str, model: str, x, y) -> dict:
    pts = stable_list_points(policy, model, x, y)
    best = sorted(range(len(x)), key=lambda e: -x[e])[:2]
    rows = []
    for p in pts:
        rows.append({"set": p["set"], "kind": p["kind"], "X (first item of the set shown first)": str(p["X(a first)"]),
                     "X_approx": f"{float(sp.N(p['X(a first)'], 30)):.12g}",
                     "optimal_set": p["optimal_set"],
                     "mean_at_threshold_approx": f"{float(sp.N(p['mean_at_threshold'], 30)):.9g}",
                     "exploration_means": {str(c): str(sp.nsimplify(v)) if p["X(a first)"] in (0, 1)
                                           else f"{float(sp.N(v, 30)):.9g}" for c, v in p["exploration_means"].items()},
                     "regret_per_round": str(p["regret_per_round"]),
                     "regret_per_round_approx": f"{float(sp.N(p['regret_per_round'], 30)):.6g}"})
    optimal_only = (len(pts) == 1 and pts[0]["optimal_set"] and pts[0]["X(a first)"] in (0, 1)
                    and sp.simplify(pts[0]["regret_per_round"]) == 0)
    return {"policy": policy, "model": model, "L": len(x), "K": 2, "x": [str(v) for v in x],
            "y": [str(v) for v in y], "optimal_list": best, "stable_points": rows, "optimal_only": optimal_only,
            "wrong_set_stable": any(not p["optimal_set"] for p in pts)}


def search(policy: str, model: str, items=None, wrong_set: bool = False, limit: int | None = None):
    """First grid instance (L = 3) whose stable points are not the optimal list alone (``wrong_set``: where a
    suboptimal *set* of items is a stable point), among the first ``limit`` instances (all by default);
    ``(analysis or None, instances searched)``."""
    n = 0
    for x, y in itertools.product(items or ITEMS3, POSITIONS[model]):
        if model == "dcm" and y[0] == 0:
            continue
        if limit is not None and n >= limit:
            break
        n += 1
        a = analyse(policy, model, x, y)
        if (a["wrong_set_stable"] if wrong_set else not a["optimal_only"]):
            return a, n
    return None, n


#: grid instances the decision searches for a stable suboptimal *set*.  The whole grid takes ~1 min of CPU
#: (``search(policy, model, wrong_set=True)``); run on 2026-11-22 (this module as of commit ddd70bd): dcmKL-UCB on
#: the DCM has no stable wrong set in all 1092 instances; Cascade-UCB last-click on the PBM has one at the first
#: grid instance, and 329 of its 924 grid instances have one (a scan of the same date)
WRONG_SET_LIMIT = 30
#: instances of the claims' evidence (the first grid hits, recorded so the tests need not search)
SIM_INSTANCE = ("dcmKL-UCB", "dcm", (R(4, 5), R(7, 10), R(1, 2)), (R(1, 2), R(0)))
#: the first PBM grid instance: three stable points, one of them a wrong set (item 2 first, item 0 second)
TRAP_INSTANCE = ("CascadeUCB-last-click", "pbm", (R(3, 10), R(1, 5), R(1, 10)), (R(1, 2), R(1, 10)))
#: the PBM grid instance whose wrong-set point has the widest margin (relative gap between the first item's mean,
#: the second's and the best explored one: 0.36): the worst shown item first, 16/25 per round
WRONG_SET_INSTANCE = ("CascadeUCB-last-click", "pbm", (R(9, 10), R(3, 10), R(1, 5)), (R(1), R(1, 10)))


METHOD = ("mean-field map: rational records, real-root isolation; interior points compared at 50 strict digits "
          "(_below), L = 3, K = 2")


def _decide(policy, model):
    def decide(budget_s: float) -> Outcome:
        found, n = search(policy, model)
        if found is None:
            return checked(METHOD, sample=f"L = 3, K = 2, {n} grid instances", instances=n)
        ev = {"instances_searched_until_found": n}
        wrong, n2 = search(policy, model, wrong_set=True, limit=WRONG_SET_LIMIT)
        ev["first instance with a suboptimal set stable"] = wrong if wrong is not None else \
            f"none in {n2} grid instances"
        x4 = tuple(sp.sympify(v) for v in found["x"]) + (R(1, 20),)
        ev["the same instance with a fourth item of parameter 1/20 (L = 4)"] = analyse(
            policy, model, x4, tuple(sp.sympify(v) for v in found["y"]))
        return refuted(METHOD, counterexample=found, **ev)
    return decide


@register
def feedback_fixed_point_lk_claims():
    return [ProcedureClaim(
        id=f"FB-FIX/{policy}/{model}/L3K2", spec_id=None, source=rule(policy).source, kind="computation",
        expected=False,
        statement_text=(f"{policy} on {model}, L = 3 items, K = 2 positions: under the mean-field "
                        "estimate/choice map of its recorded means (which items and which order), the optimal "
                        "list is the only stable point"),
        decide=_decide(policy, model),
        description="exact: per pair of shown items the order dynamics' stable points, kept when every other "
                    "item's exploration mean is below the shown threshold; refuted = an instance with a "
                    "suboptimal stable point (positive long-run regret per round)") for policy, model in PAIRS]
