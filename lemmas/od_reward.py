"""OD-REWARD: the observable-depth reward, its optimal ranking and the gap range (SPEC §2.4).

Source: ``001_eb740855b56fcd8b.txt``, 3.4 報酬と目標 (``E[r(a)] = Σ_j P_j θ_{a_j}``) and
3.5 最適ランキングとリグレット (``a*`` sorts θ decreasingly; ``0 <= Δ_a <= L`` in the source's
letters = K slots in project letters).  The reward is ``bounds.click.depth_reward``.

* OD-REWARD — the identity, derived by enumerating the depth V and all click vectors
  symbolically (sympy) for K = 1..4 and compared with ``depth_reward``.
* OD-REWARD/optimal-sorted — exchange identities verified by sympy (swapping two positions
  changes the reward by ``(P_j − P_j')(θ_{a_j'} − θ_{a_j})``; replacing a shown item by an
  unshown one by ``P_j(θ_new − θ_old)``), so no ranking beats the sorted one when P is
  non-increasing; plus brute force over all rankings on drawn rational instances.
* OD-REWARD/gap-range — ``0 <= Δ_a <= Σ_j P_j <= K`` on the same instances (exact).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.bounds.click import depth_reward
from clickbound.lemmas.engine.claim import Outcome, ProcedureClaim, ProofArtefact
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.engine.require import require

SRC = "001_eb740855b56fcd8b.txt"
LOC_R = "3.4 報酬と目標"
LOC_O = "3.5 最適ランキングとリグレット"
SEED = 20011121


def validate_depth_P(P) -> None:
    """CM-Depth requires ``1 = P_1 >= P_2 >= … >= P_K > 0``; ValueError naming the bad entry."""
    if len(P) == 0:
        raise ValueError("P must be non-empty, got an empty sequence")
    if P[0] != 1:
        raise ValueError(f"P[0] must be 1 (P_1 = Pr(V >= 1)), got {P[0]}")
    for j in range(1, len(P)):
        if not 0 < P[j] <= P[j - 1]:
            raise ValueError(f"P must be non-increasing and positive, got P[{j}] = {P[j]} after {P[j - 1]}")


def enumerated_expected_clicks(P, theta_shown):
    """``E[#clicks]`` under CM-Depth by enumerating V and every click vector (works for sympy symbols)."""
    K = len(P)
    pv = [P[j] - (P[j + 1] if j + 1 < K else 0) for j in range(K)]  # Pr(V = j+1)
    total = 0
    for v in range(1, K + 1):
        for clicks in itertools.product((0, 1), repeat=v):
            pr = pv[v - 1]
            for c, th in zip(clicks, theta_shown[:v]):
                pr = pr * (th if c else 1 - th)
            total = total + pr * sum(clicks)
    return total


def reward_identity_proof(max_K: int = 4) -> ProofArtefact:
    steps = []
    for K in range(1, max_K + 1):
        P = sp.symbols(f"P1:{K + 1}")
        th = sp.symbols(f"theta1:{K + 1}")
        enum = enumerated_expected_clicks(P, th)
        require(sp.expand(enum - depth_reward(list(range(K)), th, P)) == 0, 'sp.expand(enum - depth_reward(list(range(K)), th, P)) == 0')
        steps.append((f"K = {K}: Σ_v Pr(V=v) Σ_clicks Pr(clicks) #clicks = Σ_j P_j θ_j", "expand(diff) == 0"))
    steps.append(("every K: Σ_v (P_v − P_{v+1}) Σ_{j<=v} θ_j = Σ_j θ_j Σ_{v>=j}(P_v − P_{v+1}) = Σ_j P_j θ_j",
                  "telescoping (argued)"))
    return ProofArtefact("E[r(a)] = Σ_j P_j θ_{a_j} under CM-Depth", tuple(steps))


def exchange_proof() -> ProofArtefact:
    Pj, Pk, ta, tb, tn = sp.symbols("P_j P_k theta_a theta_b theta_new")
    swap = (Pj * ta + Pk * tb) - (Pj * tb + Pk * ta)
    require(sp.factor(swap) == sp.factor((Pj - Pk) * (ta - tb)), 'sp.factor(swap) == sp.factor((Pj - Pk) * (ta - tb))')
    repl = Pj * tn - Pj * ta
    require(sp.expand(repl - Pj * (tn - ta)) == 0, 'sp.expand(repl - Pj * (tn - ta)) == 0')
    return ProofArtefact(
        "sorted θ is optimal: no swap or replacement improves a list whose θ decrease along non-increasing P",
        (("(P_j θ_a + P_k θ_b) − (P_j θ_b + P_k θ_a) = (P_j − P_k)(θ_a − θ_b) >= 0 if j < k, θ_a >= θ_b",
          "factor"),
         ("replacing shown item a at j by unshown b changes the reward by P_j(θ_b − θ_a)", "expand"),
         ("so the decreasing order of the K largest θ is a maximiser (bubble-sort / exchange argument)",
          "from the two identities")))


def draw_instance(rng: np.random.Generator):
    L = int(rng.integers(1, 7))
    K = int(rng.integers(1, L + 1))
    theta = [Fraction(int(x), 12) for x in rng.integers(0, 13, size=L)]
    steps = sorted((Fraction(int(x), 10) for x in rng.integers(1, 11, size=K - 1)), reverse=True)
    P = [Fraction(1)] + steps
    validate_depth_P(P)
    return theta, P


def brute_force(theta, P):
    """(best reward, reward of the sorted list, all rewards) over every ranking of K of the L items."""
    K = len(P)
    rewards = {A: depth_reward(A, theta, P) for A in itertools.permutations(range(len(theta)), K)}
    order = sorted(range(len(theta)), key=lambda i: -theta[i])[:K]
    return max(rewards.values()), depth_reward(order, theta, P), rewards


def _instances():
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    return [draw_instance(rng) for _ in range(40)]


def decide_identity(budget_s: float) -> Outcome:
    art = reward_identity_proof()
    rng = np.random.default_rng(np.random.SeedSequence(SEED + 1))
    for _ in range(20):
        theta, P = draw_instance(rng)
        A = list(rng.permutation(len(theta))[:len(P)])
        if enumerated_expected_clicks(P, [theta[a] for a in A]) != depth_reward(A, theta, P):
            return Outcome("refuted", "exact enumeration", counterexample={"theta": theta, "P": P, "A": A})
    return Outcome("proved", "symbolic enumeration (K = 1..4) + telescoping",
                   evidence={"proof": art.as_dict(), "exact_instances": 20})


def decide_optimal(budget_s: float) -> Outcome:
    art = exchange_proof()
    for theta, P in _instances():
        best, sorted_r, _ = brute_force(theta, P)
        if sorted_r != best:
            return Outcome("refuted", "brute force", counterexample={"theta": theta, "P": P, "best": best})
    return Outcome("proved", "exchange identities (sympy) + brute force over all rankings",
                   evidence={"proof": art.as_dict(), "instances": 40})


def decide_gap_range(budget_s: float) -> Outcome:
    for theta, P in _instances():
        best, _, rewards = brute_force(theta, P)
        for A, r in rewards.items():
            gap = best - r
            if not 0 <= gap <= sum(P) <= len(P):
                return Outcome("refuted", "brute force", counterexample={"theta": theta, "P": P, "A": A})
    return Outcome("proved", "Δ_a = r(a*) − r(a) >= 0 by optimality; Δ_a <= r(a*) <= Σ_j P_j <= K "
                   "(θ <= 1, P_j <= 1); exact brute force on 40 instances",
                   evidence={"instances": 40})


@register
def claims():
    return [
        ProcedureClaim(id="OD-REWARD", spec_id="OD-REWARD", source=f"{SRC}, {LOC_R}",
                       statement_text="E[r(a)] = Σ_j P_j θ_{a_j} under CM-Depth", decide=decide_identity,
                       kind="identity", expected=True,
                       description="enumeration of depth and clicks, symbolic for K = 1..4, exact on drawn instances"),
        ProcedureClaim(id="OD-REWARD/optimal-sorted", spec_id="OD-REWARD", source=f"{SRC}, {LOC_O}",
                       statement_text="a* = the K largest θ in decreasing order maximises Σ_j P_j θ_{a_j}",
                       decide=decide_optimal, kind="identity", expected=True,
                       description="rearrangement via exchange identities; brute force over all rankings"),
        ProcedureClaim(id="OD-REWARD/gap-range", spec_id="OD-REWARD", source=f"{SRC}, {LOC_O}",
                       statement_text="0 <= Δ_a <= K for every ranking a (source: '<= L' in its letters)",
                       decide=decide_gap_range, kind="inequality", expected=True,
                       description="exact over all rankings of drawn instances; sharper Δ_a <= Σ_j P_j"),
    ]
