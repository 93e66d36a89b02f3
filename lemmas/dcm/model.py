"""DCM click feedback on 0/1 realisations: what the reward is, what the clicks reveal (source 000).

Source ``000_0b27131c69d8f24c.txt`` (study-group slides on DCM bandits), slides
'問題設定: Reward function' ("ω, v が{0,1}からなるベクトルのとき, 先に定義した報酬を返す"),
'Partial monitoring問題の難しさ' (the example ``A_t = (1,2,3,4)``, ``c_t = (0,1,1,0)``),
'保存するクリックデータ' (store positions ``1 … min{C_last, K}``), 'Partial monitoring問題への
アプローチ' ("サーバのactionの候補がKに対して指数関数的に増える") and '実験2' (the records of the
First-Click, Last-Click, RankedKL-UCB and dcmKL-UCB variants on the same example).

The DCM on one round, with ``S_k`` = "position k is examined" (``S_1 = 1``)::

    c_k = S_k w_k,   satisfied at k = S_k w_k v_k,   S_{k+1} = S_k (1 − w_k v_k)

* ``DCM-OBS/reward`` — for every K and 0/1 vectors, the user is satisfied (reward 1) iff
  ``f = 1 − ∏_k (1 − v_k w_k) = 1``: ``S_k − S_{k+1} = S_k w_k v_k`` (identity), telescoped for a
  symbolic K; exact enumeration for K = 1..6 as a cross-check.
* ``DCM-OBS/last-click`` — for every K: positions ``k ≤ min{C_last, K}`` are examined, so there
  ``c_k = w_k`` (the stored clicks are the attraction indicators), and ``v_k = 0`` at every click
  before the last one; ``S`` is non-increasing and 0/1 (one generic step checked on all of
  ``{0,1}^3``), then induction; enumeration K = 1..6 as a cross-check.
* ``DCM-OBS/partial-monitoring`` — the slide's example, by complete enumeration of the 2^8 realisations.
* ``DCM-ACTIONS`` — ``|Π_K([L])| = L!/(L−K)! ≥ (L−K+1)^K``, for every L ≥ K.
"""
from __future__ import annotations

import itertools
import math

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

SRC = source("dcm")
LOC_REWARD = SRC.at("問題設定: Reward function ('ω, v が{0,1}からなるベクトルのとき, 先に定義した報酬を返す')")
LOC_PM = SRC.at("Partial monitoring問題の難しさ (A_t = (1,2,3,4), c_t = (0,1,1,0))")
LOC_STORE = SRC.at("保存するクリックデータ (min{C_t^last, K} までを保存) and Algorithm 1 update loop")
LOC_ACTIONS = SRC.at("Partial monitoring問題へのアプローチ ('actionの候補がKに対して指数関数的に増える')")
#: K enumerated as a cross-check of the every-K derivations
MAX_K = 6
#: the slide's example (1-based items at positions 1..4) and its click vector
EXAMPLE_A = (1, 2, 3, 4)
EXAMPLE_C = (0, 1, 1, 0)


def dcm_round(w, v):
    """One DCM round on 0/1 realisations at the K positions: ``(clicks, examined, reward)``."""
    S, clicks, examined, reward = 1, [], [], 0
    for wk, vk in zip(w, v):
        examined.append(S)
        clicks.append(S * wk)
        reward += S * wk * vk
        S = S * (1 - wk * vk)
    return tuple(clicks), tuple(examined), reward


def f_binary(w, v) -> int:
    """``f = 1 − ∏_k (1 − v_k w_k)`` (source: Reward function f)."""
    return 1 - math.prod(1 - wk * vk for wk, vk in zip(w, v))


def last_click(c):
    """``C_last = max{k : c_k = 1}`` (1-based), ``+∞`` (None) without a click."""
    ks = [k + 1 for k, ck in enumerate(c) if ck]
    return ks[-1] if ks else None


def _step_symbols():
    return sp.symbols("S w v", real=True)


def _decide_reward(budget_s: float) -> Outcome:
    d = Derivation("for every K and 0/1 realisations: reward (satisfied somewhere) = 1 − ∏_k (1 − v_k w_k)")
    S, w, v = _step_symbols()
    d.equal("one position: S_k − S_(k+1) = S_k w_k v_k with S_(k+1) = S_k (1 − w_k v_k) (the satisfaction "
            "indicator at k)", S - S * (1 - w * v), S * w * v)
    k, K = sp.symbols("k K", integer=True, positive=True)
    Sf = sp.Function("S")
    d.equal("symbolic K: Σ_(k=1..K) (S_k − S_(k+1)) telescopes to S_1 − S_(K+1)",
            sp.Sum(Sf(k) - Sf(k + 1), (k, 1, K)).doit(), Sf(1) - Sf(K + 1))
    d.cited("S_1 = 1 and the recursion give S_(K+1) = ∏_k (1 − w_k v_k), so the number of satisfactions "
            "Σ_k S_k w_k v_k equals 1 − ∏_k (1 − w_k v_k) ∈ {0, 1}",
            "mathematical induction on K (the recursion S_(k+1) = S_k (1 − w_k v_k) of the DCM, S_1 = 1)")
    n = 0
    for K_ in range(1, MAX_K + 1):
        for wv in itertools.product((0, 1), repeat=2 * K_):
            w_, v_ = wv[:K_], wv[K_:]
            if dcm_round(w_, v_)[2] != f_binary(w_, v_):
                return refuted("exact enumeration", counterexample={"w": w_, "v": v_})
            n += 1
    d.holds(f"cross-check: DCM simulated on all {n} 0/1 realisations with K = 1..{MAX_K}",
            n == sum(4 ** j for j in range(1, MAX_K + 1)), f"{n} realisations, reward == f on each")
    return proved(d.artefact(), method="derivation (symbolic K) + exact enumeration", scope="all",
                  enumerated=n)


def _decide_last_click(budget_s: float) -> Outcome:
    d = Derivation("for every K: positions k ≤ min{C_last, K} are examined, so c_k = w_k there, and v_k = 0 at "
                   "every clicked position before C_last")
    steps = []
    for S, w, v in itertools.product((0, 1), repeat=3):
        S2 = S * (1 - w * v)
        steps.append((S, w, v, S2))
    d.holds("one generic step on all of {0,1}^3: S_(k+1) = S_k(1 − w_k v_k) ∈ {0,1} and S_(k+1) ≤ S_k",
            all(S2 in (0, 1) and S2 <= S for S, w, v, S2 in steps),
            "(S, w, v) -> S' = " + ", ".join(f"{S}{w}{v}->{S2}" for S, w, v, S2 in steps))
    d.holds("one generic step: a click (c_k = S_k w_k = 1) followed by continuing (S_(k+1) = 1) forces v_k = 0",
            all(v == 0 for S, w, v, S2 in steps if S * w == 1 and S2 == 1),
            "(S, w, v) with S*w = 1 and S' = 1: " + ", ".join(f"{S}{w}{v}" for S, w, v, S2 in steps
                                                                if S * w == 1 and S2 == 1))
    d.cited("S is a non-increasing 0/1 sequence, so c_m = S_m w_m = 1 gives S_k = 1 for every k ≤ m; with "
            "m = C_last every k ≤ C_last is examined and c_k = w_k; without a click, S_k = 1 and c_k = 0 "
            "force w_k = 0 and S_(k+1) = 1 by induction, so all K positions are examined",
            "mathematical induction on k (the two generic-step checks above are the induction step)")
    n = 0
    for K_ in range(1, MAX_K + 1):
        for wv in itertools.product((0, 1), repeat=2 * K_):
            w_, v_ = wv[:K_], wv[K_:]
            c, ex, _ = dcm_round(w_, v_)
            m = last_click(c) or K_
            ok = all(ex[k] == 1 and c[k] == w_[k] for k in range(m))
            ok &= all(v_[k] == 0 for k in range(m - 1) if c[k] == 1)
            if not ok:
                return refuted("exact enumeration", counterexample={"w": w_, "v": v_, "c": c})
            n += 1
    d.holds(f"cross-check: all {n} 0/1 realisations with K = 1..{MAX_K}", n > 0,
            f"{n} realisations: examined and c_k = w_k for k ≤ min(C_last, K); v_k = 0 at earlier clicks")
    return proved(d.artefact(), method="generic-step check on {0,1}^3 + induction; exact enumeration",
                  scope="all", enumerated=n)


def _decide_partial_monitoring(budget_s: float) -> Outcome:
    consistent = [(wv[:4], wv[4:]) for wv in itertools.product((0, 1), repeat=8)
                  if dcm_round(wv[:4], wv[4:])[0] == EXAMPLE_C]
    rewards = {dcm_round(w, v)[2] for w, v in consistent}
    win = [(w, v) for w, v in consistent if dcm_round(w, v)[2] == 1]
    lose = [(w, v) for w, v in consistent if dcm_round(w, v)[2] == 0]
    d = Derivation("A_t = (1,2,3,4), c_t = (0,1,1,0): realisations with reward 1 and with reward 0 both give c_t")
    d.holds("complete enumeration of the 2^8 realisations (w, v) of the four positions: the consistent ones "
            "have both rewards", rewards == {0, 1},
            f"{len(consistent)} consistent realisations, rewards {sorted(rewards)}")
    d.holds("reward 1 exactly when v(3) = 1 (satisfied at item 3; item 4 then unexamined); reward 0 exactly "
            "when v(3) = 0 and w(4) = 0 (item 4 examined, not clicked)",
            all(v[2] == 1 for w, v in win) and all(v[2] == 0 and w[3] == 0 for w, v in lose),
            f"{len(win)} with reward 1 (all v3 = 1), {len(lose)} with reward 0 (all v3 = 0, w4 = 0)")
    return proved(d.artefact(), method="exact enumeration", scope="all", consistent=len(consistent))


def _decide_actions(budget_s: float) -> Outcome:
    d = Derivation("for every L ≥ K ≥ 1: |Π_K([L])| = ∏_(j=0..K−1) (L − j) = L!/(L−K)! ≥ (L − K + 1)^K")
    L, j, K = sp.symbols("L j K", integer=True, positive=True)
    d.equal("each factor minus the smallest: (L − j) − (L − K + 1) = K − 1 − j ≥ 0 for 0 ≤ j ≤ K − 1",
            (L - j) - (L - K + 1), K - 1 - j)
    d.cited("K factors, each ≥ L − K + 1 ≥ 1, so the product is ≥ (L − K + 1)^K (exponential in K for "
            "L − K + 1 ≥ 2)",
            "monotonicity of multiplication of reals ≥ 1 (the order axioms of an ordered field)")
    n = 0
    for L_ in range(1, 8):
        for K_ in range(1, L_ + 1):
            count = sum(1 for _ in itertools.permutations(range(L_), K_))
            if count != math.perm(L_, K_) or count < (L_ - K_ + 1) ** K_:
                return refuted("exact enumeration", counterexample={"L": L_, "K": K_, "count": count})
            n += 1
    d.holds("cross-check: the lists enumerated for 1 ≤ K ≤ L ≤ 7", n == 28, f"{n} (L, K) pairs")
    return proved(d.artefact(), method="derivation + exact enumeration", scope="all")


@register
def dcm_click_feedback_claims():
    return [
        ProcedureClaim(id="DCM-OBS/reward", spec_id="CM-DCM", source=LOC_REWARD, kind="identity", expected=True,
                       statement_text="for every K and w, v ∈ {0,1}^K: the DCM user is satisfied iff "
                                      "f = 1 − ∏_k (1 − v(k) w(a_k)) = 1",
                       decide=_decide_reward,
                       description="telescoping of the examination indicator (symbolic K); K ≤ 6 enumerated"),
        ProcedureClaim(id="DCM-OBS/last-click", spec_id="CM-DCM", source=LOC_STORE, kind="identity", expected=True,
                       statement_text="for every K and 0/1 realisations: positions 1..min{C_last, K} are examined, "
                                      "so c_t(k) = w_t(a_k) there; v_t(k) = 0 at clicks before C_last",
                       decide=_decide_last_click,
                       description="generic step on {0,1}^3 and induction; K ≤ 6 enumerated"),
        ProcedureClaim(id="DCM-OBS/partial-monitoring", spec_id="CM-DCM", source=LOC_PM, kind="computation",
                       expected=True,
                       statement_text="A_t = (1,2,3,4), c_t = (0,1,1,0) arises from realisations with reward 1 "
                                      "(v(3) = 1) and with reward 0 (v(3) = 0, w(4) = 0)",
                       decide=_decide_partial_monitoring, description="complete enumeration of 2^8 realisations"),
        ProcedureClaim(id="DCM-ACTIONS", spec_id="CM-DCM", source=LOC_ACTIONS, kind="inequality", expected=True,
                       statement_text="for every L ≥ K ≥ 1: |Π_K([L])| = L!/(L−K)! ≥ (L−K+1)^K",
                       decide=_decide_actions, description="factor-wise bound; enumeration L ≤ 7"),
    ]
