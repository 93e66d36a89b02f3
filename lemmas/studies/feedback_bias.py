"""Do the policies record what their indices assume they estimate? (the policy conventions (docs/conventions.md), §1)

One claim ``FB-UNBIASED/<policy>/<model>`` per registered policy and model it runs on (the rules
are :mod:`clickbound.lemmas.support.feedback_rules`, cross-checked against the sim reference classes by
``tests/lemmas/support/test_feedback_rules.py``).  Under repeated display of a list ``A`` the recorded mean
of the item at position k converges to ``ρ_k = E[credited clicks at k] / E[observations at k]``
(strong law for the i.i.d. rounds; :func:`clickbound.lemmas.support.feedback_exact.expected_records`
enumerates the model's outcomes exactly).  The claim says ``ρ_k`` is the quantity the index
assumes (``FeedbackRule.target``):

* **proved for every K** (a derivation with a symbolic position k, plus exact enumeration for
  K = 1..3 as a cross-check) where it holds: the first-click window on cascade and DCM (also the
  linear policies' regression targets), any window on cascade (one click at most), the depth window
  on CM-Depth, PBM-UCB's ``S/Ñ``, PBM-TS's likelihood score, RankedKL-UCB's per-position arms on PBM,
  RankedExp3's importance weights, the single-arm policies on cascade, PBM and CM-Depth;
* **refuted** with an exact rational instance where it fails: the last-click window on DCM (the
  record at k is kept only if a later click happens, or none at all: selection on the outcome),
  Last-click's crediting on DCM, Cascade-UCB last-click on PBM / CM-Depth, RankedKL-UCB's arms on
  cascade and DCM (the mean of (k, e) depends on the items above), and the single-arm policies on
  DCM (they record clicks, the reward is a satisfied stop).

Every registered (policy, model) pair has its claim (done-when; ``NOT_ANALYSED`` is empty):

* the ranked bandits on the user-intent population (RBA-{UCB1, KL-UCB, TS, eps-greedy}/intent): the arm of
  position k records ``P(c_k = 1 | items above) = f(a_1..a_k) − f(a_1..a_(k−1))``, the marginal gain the
  ranked-bandit analysis assumes (source 003, "для бандитов, которые выбрали кликнутый (и не случайный)
  документ — выдаем reward 1"; Radlinski et al. 2008): proved for every K (a non-stationary arm all the same:
  the items above change);
* RBA-Exp3 (and RankedExp3) on every model: ``c/p`` at the proposed, shown item is unbiased for position k's
  reward given the items above (0 for a proposal above), proved, with an exact enumeration of every draw,
  random replacement and click outcome (L = 4, K ≤ 3) as the cross-check;
* DBGD and MGD: the recorded duel outcome is not unbiased for the utility preference
  (:mod:`clickbound.lemmas.support.feedback_interleave`, refuted on all four models: the project's own finding);
* source 004's agents: ``observe`` as written credits a no-click round to position K (refuted: the mean at K
  is 1), the fixed observe is the first-click rule (proved); both rules are cross-checked against the blog's
  own code (:func:`port_cross_check`).

What the biased records do to the choice is :mod:`clickbound.lemmas.studies.fixed_point`.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.feedback_exact import expected_records, outcomes, symbols, target
from clickbound.lemmas.support.feedback_interleave import decide_interleaving
from clickbound.lemmas.support.feedback_rules import RULES, record, rule
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

#: list lengths enumerated exactly (the cross-check of the every-K derivations)
KMAX = 3
R = sp.Rational
#: the rational instance used for refutations: item parameters at positions 1..K, position parameters
INSTANCE = {"x": [R(1, 2), R(2, 5), R(3, 10)], "dcm": [R(1, 2), R(1, 3), R(1, 4)],
            "pbm": [R(3, 4), R(1, 2), R(1, 4)], "depth": [R(1), R(1, 2), R(1, 3)]}
ALG_ID = {"CascadeUCB1": "ALG-CASUCB1", "CascadeKL-UCB": "ALG-CASKLUCB", "First-click": "ALG-FIRSTCLICK",
          "dcmKL-UCB": "ALG-DCMKLUCB", "Last-click": "ALG-LASTCLICK", "CascadeUCB-last-click": "ALG-CASLASTCLICK",
          "OD-UCB": "ALG-ODUCB", "OD-TS": "ALG-ODTS", "PBM-UCB": "ALG-PBMUCB", "PBM-TS": "ALG-PBMTS",
          "RankedKL-UCB": "ALG-RANKEDKLUCB", "RankedExp3": "ALG-RANKEDEXP3", "CascadeLinTS": "ALG-CASLINTS",
          "CascadeLinUCB": "ALG-CASLINUCB", "UCB1": "ALG-UCB1", "KL-UCB": "ALG-KLUCB", "TS": "ALG-TS",
          "eps-greedy": "ALG-EGREEDY", "CascadeUCB1-ascending": "ALG-CASUCB1", "CascadeKL-UCB-ascending": "ALG-CASKLUCB",
          "Gittins": "GITTINS", "RBA-UCB1": "RANKED-RBA", "RBA-KL-UCB": "RANKED-RBA", "RBA-TS": "RANKED-RBA",
          "RBA-eps-greedy": "RANKED-RBA", "RBA-Exp3": "RANKED-RBA", "DBGD": None, "MGD": None, "DBGD-balanced": None,
          "CascadeUCB1-blog": "ALG-CASUCB1", "CascadeUCB1-blog-fixed-observe": "ALG-CASUCB1",
          "CascadeLinTS-blog": "ALG-CASLINTS", "CascadeLinTS-blog-fixed-observe": "ALG-CASLINTS"}
#: source 004's agents (their rules are cross-checked against the blog's own code, lemmas/blog_cascade_*.py)
BLOG = ("CascadeUCB1-blog", "CascadeLinTS-blog", "CascadeUCB1-blog-fixed-observe", "CascadeLinTS-blog-fixed-observe")
#: (policy, model) pairs whose records are biased for the index's target (decided below; the test re-checks)
BIASED = {("dcmKL-UCB", "dcm"), ("Last-click", "dcm"), ("CascadeUCB-last-click", "dcm"),
          ("CascadeUCB-last-click", "pbm"), ("CascadeUCB-last-click", "depth"), ("RankedKL-UCB", "cascade"),
          ("RankedKL-UCB", "dcm"), ("UCB1", "dcm"), ("KL-UCB", "dcm"), ("TS", "dcm"), ("eps-greedy", "dcm"),
          ("Gittins", "dcm"), *((f"RBA-{b}", m) for b in ("UCB1", "KL-UCB", "TS", "eps-greedy") for m in ("cascade", "dcm")),
          # source 004's observe as written; the interleaving duels of DBGD and MGD (lemmas/support/feedback_interleave.py)
          ("CascadeUCB1-blog", "cascade"), ("CascadeLinTS-blog", "cascade"),
          *((p, m) for p in ("DBGD", "MGD", "DBGD-balanced") for m in ("cascade", "dcm", "pbm", "intent"))}


def _ks(r):
    return (1,) if r.window == "top" else tuple(range(1, KMAX + 1))


def _instance(model, K):
    x = INSTANCE["x"][:K]
    return x, (None if model == "cascade" else INSTANCE[model][:K])


def recorded_ratios(policy: str, model: str, K: int, x=None, y=None):
    """Per position ``(observations, credited clicks, ratio, target)`` per round (symbolic by default)."""
    r = rule(policy)
    if x is None:
        x, y = symbols(model, K)
    obs, clk = expected_records(r, model, x, y)
    tg = target(r, model, x, y)
    return [(o, c, sp.factor(sp.cancel(c / o)), t) for o, c, t in zip(obs, clk, tg)]


# ------------------------------------------------------------------------- Exp3, exactly
#: Exp3 cross-check instance: L = 4 items (parameters per model, intent: (P[1, e], P[2, e]) and π),
#: per-position draw probabilities p_k (any vectors: the identity holds for every p, none is zero)
EXP3_ITEMS = {"cascade": [R(1, 2), R(2, 5), R(3, 10), R(1, 5)], "dcm": [R(1, 2), R(2, 5), R(3, 10), R(1, 5)],
              "pbm": [R(1, 2), R(2, 5), R(3, 10), R(1, 5)],
              "intent": [(R(1), R(0)), (R(0), R(1)), (R(1, 2), R(1, 2)), (R(1, 4), R(3, 4))]}
EXP3_POS = {"cascade": None, "dcm": [R(1, 2), R(1, 3), R(1, 4)], "pbm": [R(3, 4), R(1, 2), R(1, 4)],
            "intent": [R(1, 3), R(2, 3)]}
EXP3_P = [[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(2, 5), R(1, 5), R(3, 10)],
          [R(1, 4), R(1, 4), R(1, 3), R(1, 6)]]


def _y(model, K):
    pos = EXP3_POS[model]
    return pos if model in ("intent", "cascade") else pos[:K]


def exp3_check(model: str, K: int, L: int = 4, weighted: bool = True):
    """Exact ``E[x̂_k(e) | items above]`` of the ranked-bandit Exp3 estimate against ``r_k(e | items above)``.

    Enumerates every draw of every position (probabilities :data:`EXP3_P`), the uniform random replacement of
    a duplicate (the r-th unshown item, r uniform: sim.policies.ranked_bandits) and every click outcome of the
    model; ``x̂_k(e) = c_k / p_k(e)`` when e was drawn at k and not replaced, else 0 (the log-weight step is
    ``γ x̂ / L``).  ``r_k(e | above) = P(c_k = 1 | above, e at k)`` from the model on the list ``above + (e,)``
    (0 when e is above).  Returns ``(number of (k, above, e) triples compared, first mismatch or None)``.
    ``weighted=False`` credits ``c_k`` without the division (a mutant: the tests check it is caught).
    """
    items, est, prob_above = EXP3_ITEMS[model], {}, {}

    def go(k, shown, p, props):
        if k == K:
            for q, clicks, _ in outcomes(model, [items[e] for e in shown], _y(model, K)):
                for j, (b, replaced) in enumerate(props):
                    if not replaced and clicks[j]:
                        key = (j, tuple(shown[:j]), b)
                        est[key] = est.get(key, 0) + p * q / (EXP3_P[j][b] if weighted else 1)
            return
        prob_above[(k, tuple(shown))] = prob_above.get((k, tuple(shown)), 0) + p
        for b in range(L):
            pb = p * EXP3_P[k][b]
            if b not in shown:
                go(k + 1, shown + [b], pb, props + [(b, False)])
            else:
                free = [f for f in range(L) if f not in shown]
                for f in free:
                    go(k + 1, shown + [f], pb / len(free), props + [(b, True)])

    go(0, [], sp.Integer(1), [])
    n = 0
    for (k, above), pa in prob_above.items():
        for e in range(L):
            got = sp.nsimplify(est.get((k, above, e), 0) / pa)
            if e in above:
                want = sp.Integer(0)
            else:
                lst = list(above) + [e]
                want = sum((q for q, c, _ in outcomes(model, [items[i] for i in lst], _y(model, len(lst))) if c[k]),
                           sp.Integer(0))
            n += 1
            if sp.simplify(got - want) != 0:
                return n, {"K": K, "position": k + 1, "above": list(above), "item": e, "E[estimate]": str(got),
                           "r_k(e | above)": str(want)}
    return n, None


# ------------------------------------------------------------------------- the blog's own code
def _port_records(policy: str, K: int, click: int) -> dict:
    """``{position (1-based): recorded sample}`` of source 004's code (lemmas/blog_cascade_*.py) on one round;
    the fixed-observe variants: the display / Kveton et al. rule those modules compare the code with."""
    from clickbound.lemmas.cascade_blog import lints as bl
    from clickbound.lemmas.cascade_blog import ucb1 as bu

    if policy.endswith("fixed-observe"):
        return bu.display_samples(K, click)
    if policy == "CascadeUCB1-blog":
        return bu.recorded_samples(range(K), click)
    ag = bl.CascadeLinTSAgent(K, 1, [bl._col(row) for row in sp.eye(K).tolist()])  # one-hot features
    ag.observe(list(range(K)), click)
    out = {}
    for k in range(K):  # InvM = (I + Σ x xᵀ)^(−1) is diagonal: 1/(1 + records of item k)
        n_rec = 1 / ag.InvM[k, k] - 1
        if n_rec:
            out[k + 1] = int(ag.B[k, 0])
    return out


def port_mismatches(policy: str, kmax: int = 4) -> tuple[int, list[str]]:
    """``(rounds compared, mismatches)``: the rule of a blog agent against the blog's code on every cascade
    outcome, K = 1..kmax."""
    n, bad = 0, []
    for K in range(1, kmax + 1):
        for click in list(range(1, K + 1)) + [-1]:
            clicks = [int(click == k + 1) for k in range(K)]
            got = {k + 1: c for k, _o, c in record(rule(policy), clicks)}
            want = _port_records(policy, K, click)
            if got != want:
                bad.append(f"{policy}: rule {got} vs the blog's code {want} (K={K}, click={click})")
            n += 1
    return n, bad


def port_cross_check(policy: str, kmax: int = 4) -> int:
    """The rule of a blog agent equals the blog's code on every cascade outcome, K = 1..kmax (raises if not)."""
    n, bad = port_mismatches(policy, kmax)
    if bad:
        raise AssertionError(bad[0])
    return n


# ------------------------------------------------------------------------- every-K derivations
#: the click rule of each model, as its source states it (the cited model assumptions of the derivations)
DCM_SRC, BLOG_SRC = source("dcm"), source("cascade_blog")
CLICK_RULE = {
    "cascade": BLOG_SRC.assumption("ユーザーがアイテムを好んでいた場合は必ずクリックを行い、"
                                   "その後の順位に並んでいるアイテムは全てユーザーに走査されないことを前提としています"),
    "dcm": DCM_SRC.assumption("クリックしたアイテムに満足しなければ検索に戻る"),
}
#: the scan order both click models state (top to bottom)
SCAN_RULE = {
    "cascade": BLOG_SRC.assumption("結果リストを順位の高いアイテムから順番に走査していくことを仮定した"),
    "dcm": DCM_SRC.assumption("上から順にアイテムを見て,魅力に思ったものをクリック"),
}
#: independence of the attractions (and the satisfactions), DCM's distribution assumption (cascade: v̄ = 1)
INDEPENDENCE = DCM_SRC.assumption("各アイテムの魅力の有無は独立で")
#: list lengths of the exact enumeration of click vectors behind the window steps
WINDOW_KMAX = 4


def window_mismatches(policy: str, model: str, kmax: int = WINDOW_KMAX):
    """``(n, mismatches)``: the policy's recording rule (:func:`record`) on every click vector the model
    can produce, K = 1..kmax (cascade: at most one click; DCM: any), against "position k is recorded iff
    there is no click at 1..k−1"."""
    import itertools

    n, bad = 0, []
    for K in range(1, kmax + 1):
        for clicks in itertools.product((0, 1), repeat=K):
            if model == "cascade" and sum(clicks) > 1:
                continue
            got = [k for k, _o, _c in record(rule(policy), clicks)]
            want = [k for k in range(K) if not any(clicks[:k])]
            n += 1
            if got != want:
                bad.append({"clicks": clicks, "recorded": got, "no click above": want})
    return n, bad


def first_click_law_mismatches(model: str, kmax: int = WINDOW_KMAX):
    """``(n, mismatches)``: the model's exact outcome law (:func:`outcomes`, symbolic parameters), K =
    1..kmax: P(no click at 1..k−1) = ∏_(j<k)(1 − w̄_j) and P(no click at 1..k−1, click at k) =
    w̄_k ∏_(j<k)(1 − w̄_j) at every position k (for the cascade also: at most one click per round)."""
    n, bad = 0, []
    for K in range(1, kmax + 1):
        x, y = symbols(model, K)
        outs = outcomes(model, x, y)
        for k in range(K):
            stay = sp.Mul(*[1 - x[j] for j in range(k)])
            p_rec = sum((p for p, c, _ in outs if not any(c[:k])), sp.Integer(0))
            p_clk = sum((p for p, c, _ in outs if not any(c[:k]) and c[k]), sp.Integer(0))
            n += 1
            if sp.expand(p_rec - stay) != 0 or sp.expand(p_clk - x[k] * stay) != 0:
                bad.append({"K": K, "position": k + 1, "P(recorded)": str(p_rec), "P(click, recorded)": str(p_clk)})
        if model == "cascade" and any(sum(c) > 1 for _p, c, _ in outs):
            bad.append({"K": K, "more than one click": True})
    return n, bad


def _first_window(d: Derivation, model: str, policy: str) -> None:
    k, j = sp.symbols("k j", integer=True, positive=True)
    w = sp.IndexedBase("w")
    stay = sp.Product(1 - w[j], (j, 1, k - 1))
    n, bad = window_mismatches(policy, model)
    d.holds(f"{policy}: its recording rule keeps position k iff there is no click at 1..k−1 (exact enumeration of "
            f"every {model} click vector, K = 1..{WINDOW_KMAX}, through lemmas/support/feedback_rules.record)",
            not bad, f"{n} click vectors, mismatches: {bad}")
    d.cited(f"{model}: the user scans the list from the top; a click needs examination and attraction",
            SCAN_RULE[model])
    d.cited(f"{model}: without a click the user goes on to the next position (cascade: stops only at a click; "
            "DCM: stops only when satisfied after a click), so 'no click above k' = 'a_1..a_(k−1) unattractive', "
            "which also implies that k is examined", CLICK_RULE[model])
    d.cited("the attraction of a_k is independent of the attractions (and satisfactions) above k", INDEPENDENCE)
    n2, bad2 = first_click_law_mismatches(model)
    d.holds(f"{model}: the model's exact outcome law (lemmas/support/feedback_exact.outcomes, symbolic w̄"
            f"{', v̄' if model == 'dcm' else ''}), K = 1..{WINDOW_KMAX}: P(no click above k) = ∏_(j<k)(1 − w̄_j) "
            "and P(no click above k, click at k) = w̄_k ∏_(j<k)(1 − w̄_j) at every position",
            not bad2, f"{n2} positions, mismatches: {bad2}")
    d.equal("symbolic k: E[clicks at k] / E[records at k] = w(k) ∏_(j<k)(1 − w(j)) / ∏_(j<k)(1 − w(j))",
            w[k] * stay / stay, w[k])


#: the position-based model's click law (source 002) and the observable depth's (source 001)
PBM_RULE = source("counterfactual").assumption("\\theta_k \\cdot \\gamma_{q, d}がclick確率を表すというPBM")
DEPTH_RULE = source("depth").assumption("表示された位置に置かれた各アイテムについては Bernoulli(θ_i) の独立サンプルが直接得られ")


def _all_positions_recorded(d: Derivation, policy: str) -> None:
    """Checked step: the policy's rule records every shown position with its click (K = 1..WINDOW_KMAX)."""
    import itertools

    n, bad = 0, []
    for K in range(1, WINDOW_KMAX + 1):
        for clicks in itertools.product((0, 1), repeat=K):
            n += 1
            if record(rule(policy), clicks) != [(k, 1, clicks[k]) for k in range(K)]:
                bad.append(clicks)
    d.holds(f"{policy}: its recording rule (lemmas/support/feedback_rules.record) records every shown position with "
            f"its click, every click vector, K = 1..{WINDOW_KMAX}", not bad, f"{n} click vectors, mismatches: {bad}")


def _depth_window_mismatches(policy: str, kmax: int = WINDOW_KMAX):
    """``(n, mismatches)``: the rule records exactly positions k < V (0-based) with their clicks."""
    import itertools

    n, bad = 0, []
    for K in range(1, kmax + 1):
        for V in range(1, K + 1):
            for clicks in itertools.product((0, 1), repeat=V):
                full = tuple(clicks) + (0,) * (K - V)
                n += 1
                if [k for k, _o, _c in record(rule(policy), full, V)] != list(range(V)):
                    bad.append({"K": K, "V": V, "clicks": full})
    return n, bad


def single_arm_rejections(policy: str, kmax: int = 6) -> dict:
    """``{K: what the simulated policy's constructor did}`` for K = 1..kmax (L = kmax): ``"accepted"``
    or the ``ValueError`` it raised.  The one place the catalogue reads ``clickbound.sim``: the claim is
    about what that policy accepts (imported here, lazily, so ``lemmas`` does not depend on ``sim``
    at import time)."""
    import numpy as np

    from clickbound.sim.policies.registry import get_policy

    cls, out = get_policy(policy), {}
    for K in range(1, kmax + 1):
        try:
            cls(kmax, K, np.random.default_rng(0))
        except ValueError as exc:
            out[K] = f"rejected: {exc}"
        else:
            out[K] = "accepted"
    return out


def _derive(policy: str, model: str) -> Derivation:
    r = rule(policy)
    d = Derivation(f"{policy} on {model}: the recorded mean at every position is {r.target[model]}, every K")
    if r.window == "top":
        x, y = symbols(model, 1)
        _o, _c, ratio, t = recorded_ratios(policy, model, 1, x, y)[0]
        seen = single_arm_rejections(policy)
        d.holds(f"{policy} (clickbound.sim.policies) accepts K = 1 only: its constructor, run for K = 1..{len(seen)}, "
                "accepts K = 1 and raises ValueError for every other K (the check 'if K != 1: raise'), so K = 1 "
                "is every K it runs at",
                seen[1] == "accepted" and all(v.startswith("rejected") for K, v in seen.items() if K != 1),
                "; ".join(f"K = {K}: {v}" for K, v in seen.items()))
        hit, miss = record(r, [1]), record(r, [0])
        d.holds("at K = 1 the rule 'top' (lemmas/support/feedback_rules.record) records position 1 every round "
                "(click and no click)", hit == [(0, 1, 1)] and miss == [(0, 1, 0)],
                f"record(click) = {hit}, record(no click) = {miss}")
        d.equal(f"K = 1: P(c_1 = 1) = the arm's mean reward on {model}", ratio, t)
        return d
    if policy == "PBM-UCB":
        th, kap = sp.symbols("theta kappa_j", positive=True)
        _all_positions_recorded(d, policy)
        d.cited("each round the item shown at position j adds 1 to N, κ_j to Ñ and c_j to S; on CM-PBM "
                "P(c_j = 1) = κ_j θ (examination at j times the item's click rate)", PBM_RULE)
        d.cited("on CM-Depth P(c_j = 1) = Σ_(v ≥ j) P(V = v) θ = P_j θ (position j is shown iff V ≥ j), so with "
                "κ = P both models give P(c_j = 1) = κ_j θ (enumerated exactly below)", DEPTH_RULE)
        d.equal("symbolic j: E[S increment] / E[Ñ increment] = κ_j θ / κ_j", kap * th / kap, th)
        jj, nn = sp.symbols("j n", integer=True, positive=True)
        kf = sp.Function("kappa")
        d.equal("over any n displays at positions j = 1..n (any κ_j): Σ_j κ_j θ / Σ_j κ_j = θ",
                sp.Sum(kf(jj) * th, (jj, 1, nn)).doit() / sp.Sum(kf(jj), (jj, 1, nn)), th)
        d.cited("the expected sums over any fixed sequence of display positions are the sums of the per-display "
                "expectations", "linearity of expectation")
    elif policy == "PBM-TS":
        th, kap = sp.symbols("theta kappa_j", positive=True)
        score = kap * th / th - (1 - kap * th) * kap / (1 - kap * th)
        _all_positions_recorded(d, policy)
        d.cited("per display at position j the likelihood θ^S ∏_j(1 − κ_j θ)^F_j gets a factor θ (click) or "
                "1 − κ_j θ (no click); the click has probability κ_j θ on CM-PBM", PBM_RULE)
        d.cited("on CM-Depth the click at j has probability P_j θ = κ_j θ (position j is shown iff V ≥ j; "
                "enumerated exactly below)", DEPTH_RULE)
        d.zero("symbolic j: E[∂_θ log-likelihood of one display] = κθ·(1/θ) − (1 − κθ)·κ/(1 − κθ)", score)
        d.cited("the expected score vanishes at the true θ for every display position, so the sum over the "
                "recorded displays is an unbiased estimating equation (the posterior concentrates at θ)",
                "linearity of expectation; unbiased estimating equations (Godambe 1960, Ann. Math. Statist. 31)")
    elif r.stats == "importance-weighted":  # RankedExp3, RBA-Exp3
        p, rew = sp.symbols("p_e r_e", positive=True)
        d.argument("position k draws e with probability p_k(e) ≥ γ/L > 0 given the history and the items above; "
                   "the estimate is x̂ = c_k/p_k(e) if e was drawn and not replaced, 0 otherwise, and "
                   "E[c_k | e shown at k, items above] = r_k(e) (0 when e is above: replaced, reward 0)",
                   "sim.policies.exp3 (tested in tests/lemmas/support/test_feedback_rules.py)")
        d.equal("symbolic: E[x̂(e)] = p(e) · r(e)/p(e)", p * rew / p, rew)
        d.argument("the draw at k uses its own uniform and the position's weights, which the round's earlier "
                   "draws do not change, so it is independent of the items above given the history; the clicks "
                   "at k depend on the items at 1..k only (cascade, DCM, intent: the user reaches k only through "
                   "them; PBM: on none)", "sim.policies.ranked_bandits / exp3 (draw order); the click models (docs/conventions.md)")
        if model == "intent":
            d.argument("on the intent population r_k(e) = P(c_k = 1 | above, e at k) is the marginal gain of e "
                       "given the items above (the RBA-*/intent step: Σ_j π_j ∏_(i<k)(1 − P[j, a_i]) P[j, e])",
                       "FB-UNBIASED/RBA-UCB1/intent")
        for K in (1, 2, 3):
            n, bad = exp3_check(model, K)
            d.holds(f"exact enumeration, L = 4, K = {K} (every draw, replacement and click outcome; rational p_k): "
                    "E[x̂_k(e) | items above] = r_k(e | items above) for every position, prefix and item",
                    bad is None, f"{n} (position, items above, item) triples" + ("" if bad is None else f"; {bad}"))
    elif r.stats == "per-position" and model == "intent":
        pj, Q = sp.symbols("p_je Q_j", positive=True)
        d.argument("a user of intent j is a cascade user with attractions P[j, ·]: he clicks position k iff "
                   "a_1..a_(k−1) do not attract him and a_k does, probability Q_j P[j, a_k] with "
                   "Q_j = ∏_(i<k)(1 − P[j, a_i]); the intent is drawn independently of the list",
                   "sim.envs_intent (module docstring: 'clicks the first document that attracts him'); "
                   "source 003, 'Сведения задачи к MAB/SMAB'")
        d.equal("symbolic k, one intent j: f_j(above ∪ {a_k}) − f_j(above) = (1 − Q_j(1 − p_je)) − (1 − Q_j)",
                (1 - Q * (1 - pj)) - (1 - Q), Q * pj)
        d.argument("summing over the intents with weights π_j (f = Σ_j π_j f_j, P(c_k = 1) = Σ_j π_j Q_j P[j, a_k]) "
                   "gives P(c_k = 1) = f(a_1..a_k) − f(a_1..a_(k−1)); arm (k, a_k) records every round, so its "
                   "mean is that marginal gain; a replaced proposal e records 0 = f(above ∪ {e}) − f(above), "
                   "e being above", "linearity; the ranked-bandit update (sim.policies.ranked_bandits)")
        d.argument("the marginal gain depends on the items above, which change while the positions above "
                   "learn: a stochastic base bandit (UCB1, KL-UCB, TS, ε-greedy) sees a non-stationary arm; "
                   "the cascade model is the one-intent case, where the stationary reading is refuted "
                   f"(FB-UNBIASED/{policy}/cascade)", "the identity above")
    elif r.stats == "per-position":  # RankedKL-UCB and the RBA-* instances of Radlinski's ranked bandits
        kap, th = sp.symbols("kappa_k theta_e", positive=True)
        d.cited("on CM-PBM P(c_k = 1) = κ_k θ(a_k), whatever the items above (examination depends on the "
                "position only)", PBM_RULE)
        d.holds("symbolic k: the mean of arm (k, e) is κ_k θ_e, free of every parameter of the items above",
                not ({s for s in (kap * th).free_symbols} - {kap, th}), "κ_k·θ_e")
    elif r.window == "depth":
        k, th = sp.symbols("k theta_k", positive=True)
        P = sp.Function("P")
        n, bad = _depth_window_mismatches(policy)
        d.holds(f"{policy}: its recording rule keeps position k iff V ≥ k (lemmas/support/feedback_rules.record on "
                f"every depth V and click vector, K = 1..{WINDOW_KMAX})", not bad, f"{n} outcomes, mismatches: {bad}")
        d.cited("the clicks at the shown positions are independent Bernoulli(θ) draws, independent of V", DEPTH_RULE)
        d.equal("symbolic k: E[1{V ≥ k} c_k] / E[1{V ≥ k}] = P_k θ_k / P_k", P(k) * th / P(k), th)
    elif model == "cascade" and r.window == "last":
        d.cited("a cascade user clicks at most once, so the last click is the first one and 'last-only' "
                "credit equals the click: the record is the first-click record (both checked on every cascade "
                f"click vector, K = 1..{WINDOW_KMAX}, below)", CLICK_RULE["cascade"])
        _first_window(d, model, policy)
    elif r.window == "first":
        _first_window(d, model, policy)
        if r.stats == "regression":
            d.cited("the ridge statistics M = I + σ⁻² Σ x xᵀ, B = Σ c x run over the recorded (x_(a_k), c_k) "
                    "pairs, whose conditional mean is w̄(a_k) = x_(a_k)ᵀθ* by the step above: E[B | recorded x] = "
                    "Σ x xᵀθ*, the regression targets are unbiased (the only bias of θ̂ is the prior I)",
                    "linearity of expectation")
    else:
        raise AssertionError(f"no every-K derivation for {policy} on {model}")
    return d


# ------------------------------------------------------------------------------ decisions
def _pbm_like_marginals(model: str):
    """Exact cross-check for PBM-UCB / PBM-TS / RankedKL-UCB on PBM: P(c_k = 1) = κ_k θ_k, K = 1..KMAX;
    ``(positions compared, mismatches (K, position, P(c_k = 1)))``."""
    n, bad = 0, []
    for K in range(1, KMAX + 1):
        x, y = symbols(model, K)
        _, clk = expected_records(rule("PBM-UCB"), model, x, y)
        for k in range(K):
            n += 1
            if sp.simplify(clk[k] - y[k] * x[k]) != 0:
                bad.append((K, k + 1, clk[k]))
    return n, bad


def _refute(policy, model, n_checked):
    """Exact rational instance where the recorded mean differs from the target."""
    r = rule(policy)
    for K in _ks(r):
        x, y = _instance(model, K)
        rows = recorded_ratios(policy, model, K, x, y)
        if rule(policy).stats == "per-position":
            x2 = [R(1, 5)] + x[1:]
            rows2 = recorded_ratios(policy, model, K, x2, y)
            for k in range(1, K):
                if rows[k][2] != rows2[k][2]:
                    return refuted("exact enumeration (rational instance)", counterexample={
                        "K": K, "position": k + 1, "item_parameter_at_position": str(x[k]),
                        "position_parameters": None if y is None else [str(v) for v in y],
                        "above_1": [str(v) for v in x[:k]], "mean_1": str(rows[k][2]),
                        "above_2": [str(v) for v in x2[:k]], "mean_2": str(rows2[k][2]),
                        "meaning": "the same item at the same position has two different arm means"})
            continue
        for k, (o, c, ratio, t) in enumerate(rows):
            if ratio != t:
                return refuted("exact enumeration (rational instance)", counterexample={
                    "K": K, "position": k + 1, "item_parameters": [str(v) for v in x],
                    "position_parameters": None if y is None else [str(v) for v in y],
                    "records_per_round": str(o), "credited_clicks_per_round": str(c),
                    "recorded_mean": str(ratio), "target": str(t), "difference": str(ratio - t)})
    raise AssertionError(f"{policy} on {model}: symbolic difference but no rational witness")


def decide_unbiased(policy: str, model: str):
    def decide(budget_s: float) -> Outcome:
        r = rule(policy)
        n = 0
        if policy in ("PBM-UCB", "PBM-TS") or (rule(policy).stats == "per-position" and model == "pbm"):
            n, bad = _pbm_like_marginals(model)
            d = _derive(policy, model)
            d.holds(f"cross-check: exact enumeration of {model} outcomes, K = 1..{KMAX}: P(c_k = 1) = κ_k θ(a_k) "
                    "at every position", not bad,
                    f"{n} positions (K = 1..{KMAX}, symbolic parameters), mismatches (K, position, P(c_k = 1)): {bad}")
            return proved(d.artefact(), method="derivation (symbolic position) + exact enumeration", scope="all")
        if r.stats == "interleaving":
            return decide_interleaving(policy, model)(budget_s)
        if r.stats == "importance-weighted":
            d = _derive(policy, model)
            return proved(d.artefact(), method="derivation (importance-weighting identity) + exact enumeration",
                          scope="all")
        if r.stats == "per-position" and model == "intent":
            shown, bad, n = [], [], 0
            for K in range(1, KMAX + 1):
                for J in (1, 2, 3):
                    x, y = symbols(model, K, J)
                    for k, (_o, _c, ratio, t) in enumerate(recorded_ratios(policy, model, K, x, y)):
                        n += 1
                        if sp.simplify(ratio - t) != 0:
                            bad.append(f"K={K}, J={J}, position {k + 1}: {ratio} vs {t}")
                        if K == 2 and J == 2:
                            shown.append(f"position {k + 1}: {sp.sstr(ratio)}")
            d = _derive(policy, model)
            d.holds(f"cross-check: exact enumeration of the intent population, K = 1..{KMAX}, J = 1..3 intents "
                    f"(symbolic P, π with Σπ = 1): arm mean = marginal gain at all {n} positions", not bad,
                    "K = 2, J = 2: " + "; ".join(shown) + f"; mismatches: {bad}")
            return proved(d.artefact(), method="derivation (symbolic position) + exact enumeration", scope="all")
        biased = []  # positions whose recorded mean is not the target (per-position: depends on the items above)
        shown = []
        for K in _ks(r):
            rows = recorded_ratios(policy, model, K)
            for k, (o, c, ratio, t) in enumerate(rows):
                n += 1
                if r.stats == "per-position":
                    above = set().union(*[sp.Symbol(f"x{j + 1}", positive=True).free_symbols for j in range(k)])
                    if ratio.free_symbols & above:
                        biased.append(f"K={K}, position {k + 1}: ratio {sp.sstr(ratio)} depends on the items above")
                elif sp.simplify(ratio - t) != 0:
                    biased.append(f"K={K}, position {k + 1}: ratio {sp.sstr(ratio)} vs target {sp.sstr(t)}")
                if K == min(2, max(_ks(r))):
                    shown.append(f"K={K}, position {k + 1}: ratio {sp.sstr(ratio)}")
        if biased:
            out = _refute(policy, model, n)
            if policy in BLOG:
                out.evidence["the rule equals source 004's observe (lemmas/blog_cascade_*.py)"] = \
                    f"every cascade outcome, K = 1..4 ({port_cross_check(policy)} rounds)"
            return out
        d = _derive(policy, model)
        if policy in BLOG:
            n_port, port_bad = port_mismatches(policy)
            d.holds("the rule equals the display / Kveton et al. update the blog's code is compared with in "
                    "lemmas/cascade_blog/ucb1.py (BLOG-UCB1/observe-records): every cascade outcome, K = 1..4",
                    not port_bad, f"{n_port} rounds, mismatches: {port_bad}")
        d.holds(f"cross-check: exact enumeration of every {model} outcome, K = {min(_ks(r))}..{max(_ks(r))}: "
                f"recorded mean = target at all {n} positions", not biased,
                "; ".join(shown) + f"; mismatches: {biased}")
        return proved(d.artefact(), method="derivation (symbolic position) + exact enumeration", scope="all")
    return decide


@register
def feedback_bias_claims():
    out = []
    for policy, r in RULES.items():
        for model in r.models:
            out.append(ProcedureClaim(
                id=f"FB-UNBIASED/{policy}/{model}", spec_id=ALG_ID[policy], source=r.source, kind="identity",
                expected=(policy, model) not in BIASED,
                statement_text=(f"{policy} on {model}, every K: under repeated display of a list, the recorded "
                                f"statistics are unbiased for {r.target[model]} (window '{r.window}', credit "
                                f"'{r.credit}', statistics '{r.stats}')"),
                decide=decide_unbiased(policy, model),
                description=("exact enumeration (rationals) of the interleaving coins and click outcomes over all "
                             "pairs of top-K lists, L ≤ 4, K ≤ 3 (lemmas/support/feedback_interleave.py)"
                             if r.stats == "interleaving" else
                             "exact expected records per position by enumeration of the model's outcomes; "
                             "every-K derivation where it holds, rational instance where it fails")))
    return out


ERRATUM = register_erratum(Erratum(
    id="ERR-DCM-ALG-SELECTION-BIAS", spec_id="ALG-DCMKLUCB", source_file=DCM_SRC.file,
    location="保存するクリックデータ ('min{C_t^last, K} までのアイテムのログをDBに保存') and Algorithm 1 "
             "(update T(a_k), ŵ(a_k) with c_t(k) for k ≤ min{C_t^last, K}) and the remark that the update "
             "looks like a maximum-likelihood estimate ('最尤推定量のように見える'); its consequences for "
             "Proposition 1 and Theorem 2 are ERR-DCM-P1-DCMKLUCB and ERR-DCM-T2-DCMKLUCB",
    source_says="the clicks at positions 1..min{C_last, K} are stored as observations of the attraction weights "
                "and averaged into ŵ, the estimate the KL-UCB index (1) treats as the mean of Bernoulli(w̄(e)) draws",
    truth="each stored c_t(k) is an attraction indicator (DCM-OBS/last-click), but whether position k is stored "
          "depends on the outcome at k (a non-click at k is kept only if a later click, or no click at all, "
          "follows), so ŵ converges to a biased value: K = 2, w̄ = (1/2, 2/5), v̄ = (1/2, 1/3) gives 1/2 "
          "instead of 2/5 for the item at position 2 (FB-UNBIASED/dcmKL-UCB/dcm); under repeated play the "
          "order then oscillates: w̄ = (4/5, 7/10), v̄ = (1/2, 0) (v̄ non-increasing, Theorem 2's class) has "
          "a single stable mixed order and regret ≈ 0.01046 per round (FB-FIX/dcmKL-UCB/dcm; simulated "
          "slope 0.0106 ± 0.0001), which no O(log n) bound allows",
    evidence_claims=("FB-UNBIASED/dcmKL-UCB/dcm", "FB-FIX/dcmKL-UCB/dcm", "FB-FIX/dcmKL-UCB/dcm/L3K2"),
    conclusion_survives="no for non-constant v̄ (Theorem 2): linear regret on a two-item instance, and with more "
                        "items than positions the same oscillation stays the only stable point (L = 3, 4, K = 2: "
                        "FB-FIX/dcmKL-UCB/dcm/L3K2; no stable wrong *set* of items in the 1092-instance L = 3 grid); "
                        "for constant v̄ (Theorem 1) the order does not change f; unbiased alternatives: the "
                        "first-click window (FB-UNBIASED/First-click/dcm, proved) at the cost of discarding data",
    severity="wrong-result", quotes=(
        "までのアイテムのログをDBに保存",
        r"for all k=1,\ldots,\min\left\{\mathbf{C}_t^{\mathrm{last}},K\right\} do",
        "最尤推定量のように見える",
    )))
