"""Where biased recorded means settle: the estimate/choice map on two items.

:mod:`clickbound.lemmas.studies.feedback_bias` shows that some policies record means that are not the
attraction their index assumes (dcmKL-UCB, Last-click and Cascade-UCB last-click on DCM,
Cascade-UCB last-click on PBM and CM-Depth).  What does the policy then converge to?

**The map.**  Take L = K = 2 (both items are shown every round; only the order is chosen), with
item 0 the better one (``x_0 > x_1``) and non-increasing position parameters, so that the
optimal order is ``A1 = (0, 1)`` (CAS-OPT, DCM-ORDER, OD-REWARD).  If a fraction ``X`` of the
rounds shows ``A1`` and ``1 − X`` shows ``A2 = (1, 0)``, each item's recorded mean converges
(strong law, ratio of expected counts: :func:`clickbound.lemmas.support.feedback_exact.expected_records`)
to ``m_e(X) = (X c_e(A1) + (1−X) c_e(A2)) / (X o_e(A1) + (1−X) o_e(A2))``, and a UCB-type index
(bonus → 0 as counts grow) shows ``A1`` whenever ``m_0 > m_1``.  With ``d(X) = m_0(X) − m_1(X)``
the stable points of this mean-field dynamics are ``X = 1`` if ``d(1) > 0``, ``X = 0`` if
``d(0) < 0``, and every root ``X*`` in (0, 1) where ``d`` changes sign from + to −.  The long-run
regret per round at a stable point is ``(1 − X)·gap(A2)``: positive means linear regret.

This is the deterministic map, decided exactly (rational ``d``; algebraic roots located by
sympy's exact real-root isolation).  That the random policy follows it (rather than sticking
with ``A1`` by luck) is the usual stochastic-approximation heuristic, not proved here: the
simulation check is ``tests/lemmas/studies/test_fixed_point.py``.  Which *items* are shown when L > K is
:mod:`clickbound.lemmas.studies.fixed_point_lk` (L = 3, 4 items, K = 2).
"""
from __future__ import annotations

import functools
import itertools

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.feedback_exact import expected_records, reward, symbols
from clickbound.lemmas.support.feedback_rules import rule
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, checked, derived, refuted

R = sp.Rational
X = sp.Symbol("X", real=True)
#: grid of item parameters (x_0 > x_1) and non-increasing position parameters, searched in order
ITEM_GRID = [(R(a, 10), R(b, 10)) for a in range(2, 10, 1) for b in range(1, a)]
POSITION_GRID = {
    "dcm": [(R(a, 10), R(b, 10)) for a in (1, 2, 5, 8, 10) for b in (0, 1, 2, 5, 8, 10) if b <= a],
    "pbm": [(R(a, 10), R(b, 10)) for a in (5, 8, 10) for b in (1, 2, 5, 8, 10) if b <= a],
    "depth": [(R(1), R(b, 10)) for b in (1, 2, 5, 8, 10)],
}
#: the biased (policy, model) pairs of :mod:`clickbound.lemmas.studies.feedback_bias` that record per-item counts
BIASED = (("dcmKL-UCB", "dcm"), ("Last-click", "dcm"), ("CascadeUCB-last-click", "dcm"),
          ("CascadeUCB-last-click", "pbm"), ("CascadeUCB-last-click", "depth"))


def mean_field(policy: str, model: str, x, y):
    """``(d(X), gap, per-order recorded means)`` for two items with parameters ``x``, positions ``y``."""
    r = rule(policy)
    o1, c1 = expected_records(r, model, [x[0], x[1]], list(y))
    o2, c2 = expected_records(r, model, [x[1], x[0]], list(y))
    m0 = (X * c1[0] + (1 - X) * c2[1]) / (X * o1[0] + (1 - X) * o2[1])
    m1 = (X * c1[1] + (1 - X) * c2[0]) / (X * o1[1] + (1 - X) * o2[0])
    gap = sp.nsimplify(reward(model, [x[0], x[1]], list(y)) - reward(model, [x[1], x[0]], list(y)))
    means = {"A1=(0,1)": [c1[0] / o1[0], c1[1] / o1[1]], "A2=(1,0)": [c2[1] / o2[1], c2[0] / o2[0]]}
    return sp.together(m0 - m1), gap, means


def stable_points(d):
    """Stable points of the order dynamics, exactly: ``[(X, kind)]`` (see the module docstring)."""
    out = []
    num, den = sp.fraction(sp.together(d))
    d1, d0 = d.subs(X, 1), d.subs(X, 0)
    poly = sp.Poly(sp.expand(num), X)
    # every point where d can change sign: the zeros of its numerator and of its denominator (exact roots)
    crit = sp.real_roots(sp.Poly(sp.expand(num * den), X))
    for root in sp.real_roots(poly):
        if 0 < root < 1:
            eps = min(root, 1 - root) / 4
            # sign of d just left and right of the root, at rational points; each is checked exactly
            # (algebraic-number comparisons) to lie between the root and its neighbouring sign-change
            # points, so d keeps that sign on the whole side of the root
            q_left = sp.Rational(sp.floor((root - eps) * 10 ** 12), 10 ** 12)
            q_right = sp.Rational(sp.ceiling((root + eps) * 10 ** 12), 10 ** 12)
            below = [c for c in crit if bool(c < root)]
            above = [c for c in crit if bool(c > root)]
            if not (bool(q_left < root) and bool(root < q_right)
                    and (not below or bool(below[-1] < q_left)) and (not above or bool(q_right < above[0]))):
                raise ArithmeticError(f"no rational test point separates the root {root} from its neighbours")
            left, right = d.subs(X, q_left), d.subs(X, q_right)
            if not (left.is_Rational and right.is_Rational):
                raise ArithmeticError(f"d is not rational at the test points of {root}")
            if left > 0 > right:
                out.append((root, "interior (mixed orders)"))
    if d1 > 0:
        out.append((sp.Integer(1), "optimal order A1"))
    if d0 < 0:
        out.append((sp.Integer(0), "suboptimal order A2"))
    return out


def analyse(policy: str, model: str, x, y) -> dict:
    d, gap, means = mean_field(policy, model, x, y)
    pts = stable_points(d)
    return {"policy": policy, "model": model, "x": [str(v) for v in x], "y": [str(v) for v in y],
            "recorded_means": {k: [str(sp.nsimplify(v)) for v in vs] for k, vs in means.items()},
            "gap_A2": str(gap),
            "stable_points": [{"X": str(p), "X_approx": f"{float(sp.N(p, 30)):.12g}", "kind": kind,
                               "regret_per_round": str(sp.nsimplify((1 - p) * gap)),
                               "regret_per_round_approx": f"{float(sp.N((1 - p) * gap, 30)):.6g}"}
                              for p, kind in pts],
            "optimal_only": [k for _, k in pts] == ["optimal order A1"]}


def search(policy: str, model: str):
    """First grid instance whose only stable point is not the optimal order (``None`` if there is none)."""
    n = 0
    for x, y in itertools.product(ITEM_GRID, POSITION_GRID[model]):
        if model == "dcm" and y[0] == 0:
            continue
        if model == "cascade":
            y = None
        n += 1
        a = analyse(policy, model, x, y)
        if not a["optimal_only"] and sp.nsimplify(a["gap_A2"]) > 0:
            return a, n
    return None, n


def _decide(policy, model):
    def decide(budget_s: float) -> Outcome:
        found, n = search(policy, model)
        if found is None:
            return checked("exact mean-field map on a grid", sample=f"L = K = 2, {n} grid instances", instances=n)
        ev = {"instances_searched_until_found": n}
        if (policy, model) == SIM_INSTANCE[:2]:
            ev["largest_rate_instance"] = analyse(*SIM_INSTANCE)
        return refuted("exact mean-field map (rational d(X), exact real roots)", counterexample=found, **ev)
    return decide


def single_arm_proof(policy):
    """FB-FIX/<policy>/dcm for a single-arm policy (K = 1): the recorded means order the arms as their rewards."""
    d = Derivation(f"{policy} on DCM (K = 1): the arm of largest recorded mean is an arm of largest reward")
    w, v = sp.symbols("w_a v_1", positive=True)
    d.equal("the recorded mean of arm a is P(c_1 = 1) = w̄(a) (FB-UNBIASED/<policy>/dcm: biased for the reward "
            "v̄(1) w̄(a)), i.e. reward = v̄(1) × recorded mean", v * w, v * w)
    w1, w2 = sp.symbols("w_a w_b", positive=True)
    d.equal("gaps scale by v̄(1): v̄(1) w̄(a) − v̄(1) w̄(b) = v̄(1) (w̄(a) − w̄(b))", v * w1 - v * w2, v * (w1 - w2))
    d.holds("for v̄(1) > 0 the factor v̄(1) is positive, so the reward gap has the sign of the recorded-mean gap: "
            "the limiting choice (the largest recorded mean) is an optimal arm, Δ_reward = v̄(1) Δ_w",
            v.is_positive is True, f"sympy: ({sp.sstr(v)}).is_positive = {v.is_positive} (v_1 declared positive)")
    d.zero("for v̄(1) = 0 every arm's reward is 0 (every arm is optimal)", (v * w).subs(v, 0))
    return d.artefact()


def ranked_proof(model):
    """FB-FIX/RankedKL-UCB/<model>: the position-by-position limit is the optimal list, every K."""
    d = Derivation(f"RankedKL-UCB on {model}, every K: when positions 1..k−1 show the k−1 most attractive items "
                   "in decreasing order, position k's arm means are w̄(e)·E_k for e not above (E_k the "
                   "examination probability of position k, the same for every e) and 0 for e above")
    k, j = sp.symbols("k j", integer=True, positive=True)
    w, v = sp.IndexedBase("w"), sp.IndexedBase("v")
    exam = sp.Product(1 - w[j] if model == "cascade" else 1 - v[j] * w[j], (j, 1, k - 1))
    d.holds("symbolic k: P(click at k) = w(a_k) · ∏_(j<k) (examination factor of j), the product free of a_k",
            w[k] not in exam.free_symbols and not exam.has(w[k]), sp.sstr(w[k] * exam))
    n = 0
    for K in range(1, 4):
        x, y = symbols(model, K)
        obs, clk = expected_records(rule("RankedKL-UCB"), model, x, y)
        for kk in range(K):
            ratio = sp.cancel(clk[kk] / obs[kk])
            if sp.cancel(ratio / x[kk]).has(x[kk]):
                raise AssertionError(f"position {kk + 1} of K = {K}: {ratio}")
            n += 1
    d.holds(f"cross-check by exact enumeration, K = 1..3: ratio_k / x_k is free of x_k at all {n} positions",
            n == 6, f"{n} positions")
    d.cited("induction on k: position 1's arms have means w̄(e), so its limit is the most attractive item; "
            "given the top k−1 above, position k's arm means are proportional to w̄(e) among the rest (a "
            "proposal above is replaced and scores 0), so its limit is the k-th most attractive item; the "
            "limit list is the top K in decreasing w̄, optimal by CAS-OPT (cascade) and DCM-ORDER (DCM, "
            "v̄ non-increasing)",
            "mathematical induction on the position k (the induction step is the symbolic-k step above; the limit list is optimal by CAS-OPT and DCM-ORDER)")
    return d.artefact()


#: the grid instance of largest long-run regret for dcmKL-UCB on DCM (interior stable point X* ≈ 0.7909,
#: ≈ 0.01046 per round); tests/lemmas/studies/test_fixed_point.py simulates it
SIM_INSTANCE = ("dcmKL-UCB", "dcm", (R(4, 5), R(7, 10)), (R(1, 2), R(0)))
#: a two-stable-point (trap) instance for Cascade-UCB last-click on PBM (the first grid instance found)
TRAP_INSTANCE = ("CascadeUCB-last-click", "pbm", (R(1, 5), R(1, 10)), (R(1, 2), R(1, 10)))


@register
def feedback_fixed_point_claims():
    out = []
    for policy, model in BIASED:
        out.append(ProcedureClaim(
            id=f"FB-FIX/{policy}/{model}", spec_id=None, source=rule(policy).source, kind="computation",
            expected=False,
            statement_text=(f"{policy} on {model}, L = K = 2: under the mean-field estimate/choice map of its "
                            "recorded means, the optimal order is the only stable point (so the policy "
                            "settles on the optimal list despite the biased records)"),
            decide=_decide(policy, model),
            description="exact: stable points of d(X) = m_0(X) − m_1(X) on a grid of rational instances; "
                        "refuted = an instance with a suboptimal stable point (long-run regret per round > 0)"))
    for policy in ("UCB1", "KL-UCB", "TS", "eps-greedy"):
        out.append(ProcedureClaim(
            id=f"FB-FIX/{policy}/dcm", spec_id=None, source=rule(policy).source, kind="computation", expected=True,
            statement_text=f"{policy} on DCM (K = 1): it records clicks, not satisfied stops, yet the arm its "
                           "recorded means favour in the limit is an optimal arm",
            decide=derived(functools.partial(single_arm_proof, policy), "derivation"),
            description="the bias is the positive factor v̄(1): order preserved"))
    for model in ("cascade", "dcm"):
        out.append(ProcedureClaim(
            id=f"FB-FIX/RankedKL-UCB/{model}", spec_id=None, source=rule("RankedKL-UCB").source, kind="computation",
            expected=True,
            statement_text=f"RankedKL-UCB on {model}, every K (v̄ non-increasing, distinct w̄): the arm means "
                           "depend on the items above, yet the position-by-position limit is the optimal list",
            decide=derived(functools.partial(ranked_proof, model), "derivation (symbolic k) + exact enumeration"),
            description="the per-position means factor as w̄(e) × (examination above)"))
    return out
