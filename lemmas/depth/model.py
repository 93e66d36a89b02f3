"""OD-MODEL: the observable-depth model of source 001 §3 — what its definitions give and what they assume.

Source ``001_eb740855b56fcd8b.txt``, 3.2 閲覧深度, 3.3 クリック生成と観測フィードバック, 3.5, 4.4.
(Source letters: K items, L slots; the project's letters swap them.  Statements below say
"items" and "slots" in words.)

* **OD-MODEL/P-monotone** (true, every number of slots): from ``P_j := Σ_{v>=j} p_v`` with a
  probability vector p on {1..L}: ``P_1 = 1`` and ``P_j − P_{j+1} = p_j >= 0``.
* **OD-MODEL/PL-positive-as-printed** (expected false): the source writes ``1 = P_1 >= … >= P_L > 0``
  after "以下が成立する" (the following holds), as a consequence of the definitions; ``P_L > 0`` is an
  extra assumption (p = (1, 0) has P_2 = 0).
* **OD-MODEL/reward-without-independence** (expected false): ``E[1[j <= V(t)] C_{a_j}(t)] = P_j θ_{a_j}``
  needs V(t) independent of the clicks, which the source never states (it says only that V(1), V(2), …
  are i.i.d.); a joint law with the stated marginals breaks it.
* **OD-MODEL/regret-gap-form** (true, every T and policy): ``Reg(T) = E[Σ_t Δ_{a(t)}]`` by conditioning on
  the past, plus an exact enumeration cross-check (3 rounds, 3 items, 2 slots, a greedy policy).
* **OD-MODEL/cost** (true): K scores + heap selection K log2 L + sort L log2 L + update V(t) <= L costs
  at most 2K(1 + log2 L) for 1 <= L <= K (source: O(K log L)).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.bounds.click import depth_reward
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Claim, Derivation, Outcome, claim_family, derived, refuted, source, survived

SRC = source("depth")
LOC_P = "3.2 閲覧深度 (1 = P_1 >= P_2 >= … >= P_L > 0)"
LOC_C = "3.3 クリック生成と観測フィードバック / 3.4 報酬と目標"
LOC_R = "3.5 最適ランキングとリグレット (Reg(T) = E[Σ_t Δ_{a(t)}])"
LOC_COST = "4.4 計算量"


def p_monotone_proof():
    d = Derivation("P_j := Σ_{v=j}^{L} p_v gives P_1 = 1 and P_j − P_{j+1} = p_j >= 0, every L")
    L = sp.Symbol("L", integer=True, positive=True)
    j, v = sp.symbols("j v", integer=True, positive=True)
    p = sp.IndexedBase("p")
    Pj = sp.Sum(p[v], (v, j, L))
    Pj1 = sp.Sum(p[v], (v, j + 1, L))
    d.equal("P_j = Σ_{v=j}^{L} p_v = p_j + Σ_{v=j+1}^{L} p_v = p_j + P_{j+1} (symbolic j, L; "
            "P_{L+1} = 0 is the empty sum)", Pj, sp.Sum(p[v], (v, j, j)) + Pj1)
    for Ln in range(1, 6):
        ps = sp.symbols(f"p1:{Ln + 1}")
        P = [sum(ps[k:]) for k in range(Ln)] + [0]
        d.zero(f"L = {Ln}: Σ_j (P_j − P_(j+1) − p_j)^2 == 0 (cross-check)",
               sum((P[k] - P[k + 1] - ps[k]) ** 2 for k in range(Ln)))
    d.cited("P_1 = Σ_{v=1}^{L} p_v = 1 (p is a probability vector) and P_j − P_{j+1} = p_j >= 0, so "
            "1 = P_1 >= P_2 >= … >= P_L = p_L >= 0 for every L",
            SRC.assumption(r"p_v := \Pr(V(t) = v), \quad \sum_{v=1}^L p_v = 1"))
    return d.artefact()


def decide_pl_positive(budget_s: float) -> Outcome:
    p = (Fraction(1), Fraction(0))  # V(t) = 1 always: only the first slot is ever seen
    P = [sum(p[j:]) for j in range(len(p))]
    if P[-1] > 0:
        return survived("exact", P=P)
    return refuted("exact (a depth law on {1, 2})", counterexample={"L (slots)": 2, "p": p, "P": tuple(P)},
                   note="P_1 = 1 >= P_2 = 0 satisfies every stated property but P_L > 0")


def decide_independence(budget_s: float) -> Outcome:
    # 2 slots, item b at slot 2 with θ_b = 1/2; V = 2 exactly when that click would happen.
    half = Fraction(1, 2)
    law = {(2, 1): half, (1, 0): half}  # (V, C_b): Pr
    marg_v = {v: sum(pr for (vv, _), pr in law.items() if vv == v) for v in (1, 2)}
    marg_c = sum(pr for (_, c), pr in law.items() if c == 1)
    lhs = sum(pr * (1 if v >= 2 else 0) * c for (v, c), pr in law.items())
    rhs = marg_v[2] * marg_c  # P_2 θ_b
    if lhs == rhs:
        return survived("exact", lhs=lhs)
    return refuted("exact (a joint law of V(t) and the click with the stated marginals)",
                   counterexample={"slots": 2, "Pr(V=1)": marg_v[1], "Pr(V=2)": marg_v[2], "theta_b": marg_c,
                                   "E[1[2<=V] C_b]": lhs, "P_2 theta_b": rhs},
                   **{"joint law": "V = 2 iff C_b(t) = 1; C_b ~ Bernoulli(1/2), V's law p = (1/2, 1/2)"})


def _greedy(n, s):
    """A deterministic policy (any policy will do): the two items with the largest (s+1)/(n+2), lowest index."""
    score = [Fraction(s[i] + 1, n[i] + 2) for i in range(len(n))]
    order = sorted(range(len(n)), key=lambda i: (-score[i], i))
    return tuple(order[:2])


def regret_enumeration(theta, P, T):
    """Exact Reg(T) from its definition E[Σ_t r(a*) − r(a(t))] and E[Σ_t Δ_{a(t)}], by enumerating
    every depth and click outcome of every round (clicks of unshown items are irrelevant)."""
    L = len(P)
    pv = [P[j] - (P[j + 1] if j + 1 < L else 0) for j in range(L)]
    best = sorted(range(len(theta)), key=lambda i: -theta[i])[:L]
    opt = depth_reward(best, theta, P)

    def rec(t, n, s, prob):
        if t > T:
            return Fraction(0), Fraction(0)
        a = _greedy(n, s)
        reg_def = Fraction(0)
        reg_gap = prob * (opt - depth_reward(list(a), theta, P))
        for v in range(1, L + 1):
            # realised clicks of a* and of a(t) in the same round (independent Bernoulli per item)
            for cl in itertools.product((0, 1), repeat=len(theta)):
                pr = prob * pv[v - 1]
                for i, c in enumerate(cl):
                    pr *= theta[i] if c else 1 - theta[i]
                if pr == 0:
                    continue
                r_star = sum(cl[best[j]] for j in range(v))
                r_a = sum(cl[a[j]] for j in range(v))
                n2, s2 = list(n), list(s)
                for j in range(v):
                    n2[a[j]] += 1
                    s2[a[j]] += cl[a[j]]
                sub_def, sub_gap = rec(t + 1, tuple(n2), tuple(s2), pr)
                reg_def += pr * (r_star - r_a) + sub_def
                reg_gap += sub_gap
        return reg_def, reg_gap

    return rec(1, (0,) * len(theta), (0,) * len(theta), Fraction(1))


def regret_gap_form_proof():
    d = Derivation("Reg(T) = E[Σ_t (r(a*) − r(a(t)))] = E[Σ_t Δ_{a(t)}] for every T and every policy")
    d.cited("a(t) is a function of the history H_{t−1} and the policy's own randomness, both independent of "
            "(V(t), C(t)); so E[r(a(t)) | H_{t−1}, a(t) = a] = E[r(a)] = Σ_j P_j θ_{a_j}",
            SRC.assumption(r"閲覧深度列 $V(1), V(2), \dots$ は独立同分布に従うものとし"))
    d.cited("E[r(a*) − r(a(t))] = E[E[r(a*) − r(a(t)) | H_{t−1}, a(t)]] = E[Δ_{a(t)}]; sum over t = 1..T",
            "the tower property of conditional expectation (Williams, Probability with Martingales, 1991, §9.7(i)) and linearity of expectation")
    theta = (Fraction(1, 2), Fraction(1, 3), Fraction(1, 4))
    P = (Fraction(1), Fraction(1, 2))
    reg_def, reg_gap = regret_enumeration(theta, P, 3)
    d.holds("cross-check: exact enumeration, 3 items θ = (1/2, 1/3, 1/4), 2 slots P = (1, 1/2), T = 3, greedy "
            "policy: E[Σ_t r(a*) − r(a(t))] == E[Σ_t Δ_{a(t)}]", sp.true if reg_def == reg_gap else sp.false,
            f"{reg_def} == {reg_gap}")
    return d.artefact()


@register
def claims():
    K, L, y = sp.symbols("K L y")  # y = log2 L
    claim = claim_family(spec_id="OD-REWARD")
    yield claim(
        id="OD-MODEL/P-monotone", source=SRC.at(LOC_P), kind="identity", expected=True,
        statement_text="for every number L of slots and every probability vector p on {1..L}: P_j := Σ_{v>=j} p_v "
                       "satisfies 1 = P_1 >= P_2 >= … >= P_L >= 0 and Pr(V = j) = P_j − P_{j+1} (P_{L+1} = 0)",
        decide=derived(p_monotone_proof, "telescoping identity"), description="telescoping sums")
    yield claim(
        id="OD-MODEL/PL-positive-as-printed", source=SRC.at(LOC_P), kind="inequality", expected=False,
        statement_text="every depth law p on {1..L} gives P_L > 0 (as printed: '以下が成立する … P_L > 0')",
        decide=decide_pl_positive, description="p = (1, 0): P_2 = 0")
    yield claim(
        id="OD-MODEL/reward-without-independence", source=SRC.at(LOC_C), kind="identity", expected=False,
        statement_text="E[1[j <= V(t)] C_{a_j}(t)] = P_j θ_{a_j} for every joint law of V(t) and the clicks with "
                       "the stated marginals (V(t) ~ p, C_i(t) ~ Bernoulli(θ_i))",
        decide=decide_independence,
        description="the source states only that V(1), V(2), … are i.i.d.; independence of V(t) from the clicks "
                    "is needed")
    yield claim(
        id="OD-MODEL/regret-gap-form", source=SRC.at(LOC_R), kind="identity", expected=True,
        statement_text="for every T, every policy and every instance of CM-Depth: "
                       "E[Σ_t (r(a*) − r(a(t)))] = E[Σ_t Δ_{a(t)}]",
        decide=derived(regret_gap_form_proof, "conditioning argument + exact enumeration cross-check"),
        description="conditioning on the past; exact enumeration cross-check on one small instance")
    yield Claim(
        id="OD-MODEL/cost", spec_id=None, source=SRC.at(LOC_COST), kind="upper bound", expected=True,
        statement=sp.Le(K + K * y + L * y + L, 2 * K * (1 + y)),
        domain={K: (1, 10 ** 6), L: (1, 10 ** 6), y: (0, 20)}, assumptions=[sp.Le(L, K)],
        description="per-round cost K (scores) + K log2 L (heap of size L) + L log2 L (sort) + V(t) <= L (update) "
                    "<= 2K(1 + log2 L); y = log2 L")


register_erratum(Erratum(
    id="ERR-OD-PL-POSITIVE", spec_id="OD-REWARD", source_file=SRC.file, location=LOC_P,
    source_says="P_j := Pr(V(t) >= j) = Σ_{v=j}^{L} p_v と定義すると, 以下が成立する: 1 = P_1 >= P_2 >= … >= P_L > 0",
    truth="the definitions give 1 = P_1 >= … >= P_L >= 0 (every L); P_L > 0 does not follow (p = (1, 0) has "
          "P_2 = 0): it is an assumption, Pr(V(t) = L) = p_L > 0",
    evidence_claims=("OD-MODEL/P-monotone", "OD-MODEL/PL-positive-as-printed"),
    conclusion_survives="yes, as an added assumption p_L > 0; Theorem 1 divides by P_L and needs it",
    severity="misprint", quotes=(
        r"$$1 = P_1 \geq P_2 \geq \dots \geq P_L > 0$$",
    )))
