"""OD-REWARD: the observable-depth reward, its optimal ranking and the gap range.

Source: ``001_eb740855b56fcd8b.txt``, 3.4 報酬と目標 (``E[r(a)] = Σ_j P_j θ_{a_j}``) and
3.5 最適ランキングとリグレット (``a*`` sorts θ decreasingly; ``0 <= Δ_a <= L`` in the source's
letters = K slots in project letters).  The reward is ``bounds.click.depth_reward``.

* OD-REWARD — the identity, for every K: given the depth V = v, the shown positions j ≤ v are
  clicked with probability θ_{a_j} each, so E[#clicks | V = v] = Σ_{j≤v} θ_{a_j} (one generic
  position enumerated, then linearity); averaging over Pr(V = v) = P_v − P_{v+1} is the Abel
  summation proved for every K as DCM-T2-ABEL (:func:`clickbound.lemmas.dcm.theorem2.abel.abel_general_proof`).
  Cross-checks: depth and clicks enumerated symbolically for K = 1..4 and compared with
  ``depth_reward``; exact instances.
* OD-REWARD/optimal-sorted — exchange identities verified by sympy (swapping two positions
  changes the reward by ``(P_j − P_k)(θ_a − θ_b)``; replacing a shown item by an unshown one by
  ``P_j(θ_new − θ_old)``), so no ranking beats the sorted one when P is non-increasing and
  positive (every L, K; the exchange/sorting step is marked as an argument); plus brute force
  over all rankings on drawn rational instances as a cross-check.
* OD-REWARD/gap-range — ``0 <= Δ_a <= Σ_j P_j <= K`` for every ranking, every L, K: a certificate
  per position, ``P_j − P_j θ*_j + P_j θ_j = P_j(1 − θ*_j) + P_j θ_j ≥ 0`` and ``1 − P_j ≥ 0``, summed
  (every L, K); the 40 drawn instances are a cross-check.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.bounds.click import depth_reward
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import Atom, add_c, prod_c, verify_certificate
from clickbound.lemmas.support.kit import Derivation, Outcome, ProofArtefact, claim_family, proved, refuted, source

SRC = source("depth")
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
    """OD-REWARD for every K (source 001, 3.4 報酬と目標): linearity given V, then Abel summation."""
    from clickbound.lemmas.dcm.theorem2.abel import abel_general_proof

    d = Derivation("E[r(a)] = Σ_j P_j θ_{a_j} under CM-Depth, every K")
    th = sp.Symbol("theta", real=True)
    d.equal("one shown position: E[click] = Σ_(c∈{0,1}) Pr(c)·c = θ_(a_j)", (1 - th) * 0 + th * 1, th)
    d.argument("given V = v, #clicks = Σ_(j≤v) c_j, so E[#clicks | V = v] = Σ_(j≤v) θ_(a_j); and "
               "E[r(a)] = Σ_v Pr(V = v) Σ_(j≤v) θ_(a_j) with Pr(V = v) = P_v − P_(v+1), P_(K+1) = 0",
               "linearity of expectation; CM-Depth (V drawn first, shown positions clicked independently)")
    abel = abel_general_proof()
    d.cite("Σ_v (P_v − P_(v+1)) Σ_(j≤v) θ_j = Σ_j P_j θ_j for every K: the Abel summation of DCM-T2-ABEL with "
           "v̄ → P, z → θ (its proof by induction on K)", abel)
    for K in range(1, max_K + 1):
        P = sp.symbols(f"P1:{K + 1}")
        ths = sp.symbols(f"theta1:{K + 1}")
        enum = enumerated_expected_clicks(P, ths)
        d.equal(f"cross-check K = {K}: Σ_v Pr(V=v) Σ_clicks Pr(clicks) #clicks = depth_reward = Σ_j P_j θ_j",
                sp.expand(enum), sp.expand(depth_reward(list(range(K)), ths, P)))
    return d.artefact()


def exchange_proof() -> ProofArtefact:
    """OD-REWARD/optimal-sorted for every L, K (source 001, 3.5 最適ランキングとリグレット)."""
    Pj, Pk, ta, tb, tn = sp.symbols("P_j P_k theta_a theta_b theta_new", real=True)
    d = Derivation("sorted θ is optimal: no swap or replacement improves a list whose θ decrease along "
                   "non-increasing P > 0, every L and K")
    facts = {sp.expand(e): why for e, why in [(Pj - Pk, "P non-increasing, j < k"),
                                              (ta - tb, "theta_a >= theta_b (a before b in the sorted order)"),
                                              (Pj, "P_j > 0 (CM-Depth)"), (tn - ta, "theta_new >= theta_a")]}
    d.steps.append(verify_certificate(
        "swap: (P_j θ_a + P_k θ_b) − (P_j θ_b + P_k θ_a) == (P_j − P_k)(θ_a − θ_b) >= 0 (j < k, θ_a >= θ_b)",
        (Pj * ta + Pk * tb) - (Pj * tb + Pk * ta), prod_c(Atom(Pj - Pk), Atom(ta - tb)), facts))
    d.steps.append(verify_certificate(
        "replacement: putting an unshown item with θ_new >= θ_a in place of a at j changes the reward by "
        "P_j(θ_new − θ_a) >= 0", Pj * tn - Pj * ta, prod_c(Atom(Pj), Atom(tn - ta)), facts))
    d.argument("any ranking becomes the sorted top-K ranking by replacements (bring in a larger unshown θ) and "
               "adjacent swaps of out-of-order pairs (bubble sort), each of which does not lower the reward; "
               "so the sorted top-K ranking is a maximiser", "the two certificates above")
    return d.artefact()


def gap_range_proof() -> ProofArtefact:
    """OD-REWARD/gap-range for every L, K (source 001, 3.5: 0 ≤ Δ_a ≤ L in its letters = K slots here)."""
    d = Derivation("0 <= Δ_a = r(a*) − r(a) <= Σ_j P_j <= K for every ranking a, every L and K")
    P, ts, t = sp.symbols("P_j theta_star_j theta_j", real=True)
    box = {P: (0, 1), ts: (0, 1), t: (0, 1)}
    facts = {sp.expand(e): why for e, why in [(P, "P_j >= 0"), (1 - P, "P_j <= 1"), (ts, "theta >= 0"),
                                              (1 - ts, "theta* <= 1"), (t, "theta >= 0")]}
    d.argument("Δ_a >= 0: a* maximises r over all rankings (OD-REWARD/optimal-sorted; or by definition of the "
               "optimal ranking)", "the definition of a* as a maximiser")
    d.steps.append(verify_certificate(
        "position j: P_j − (P_j θ*_j − P_j θ_j) == P_j(1 − θ*_j) + P_j θ_j >= 0 (θ, θ* ∈ [0,1], P_j ∈ [0,1])",
        P - (P * ts - P * t), add_c(prod_c(Atom(P), Atom(1 - ts)), prod_c(Atom(P), Atom(t))), facts))
    d.argument("summing the position-j certificates over j = 1..K: Σ_j P_j − Δ_a >= 0", "the certificate above, "
               "r(a) = Σ_j P_j θ_(a_j) (OD-REWARD)")
    d.steps.append(verify_certificate("position j: 1 − P_j >= 0, summed over j: K − Σ_j P_j >= 0", 1 - P,
                                      Atom(1 - P), facts))
    return d.artefact(domain=box)


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
            return refuted("exact enumeration", counterexample={"theta": theta, "P": P, "A": A})
    return proved(art, method="derivation (linearity + Abel summation, every K); symbolic enumeration K = 1..4",
                  scope="all", exact_instances=20)


def decide_optimal(budget_s: float) -> Outcome:
    art = exchange_proof()
    for theta, P in _instances():
        best, sorted_r, _ = brute_force(theta, P)
        if sorted_r != best:
            return refuted("brute force", counterexample={"theta": theta, "P": P, "best": best})
    return proved(art, method="exchange certificates (every L, K) + brute force over all rankings", scope="all",
                  brute_force_instances=40)


def decide_gap_range(budget_s: float) -> Outcome:
    art = gap_range_proof()
    for theta, P in _instances():
        best, _, rewards = brute_force(theta, P)
        for A, r in rewards.items():
            gap = best - r
            if not 0 <= gap <= sum(P) <= len(P):
                return refuted("brute force", counterexample={"theta": theta, "P": P, "A": A})
    return proved(art, method="per-position certificates summed (every L, K) + exact brute force", scope="all",
                  brute_force_instances=40)


@register
def claims():
    claim = claim_family(spec_id="OD-REWARD", expected=True)
    return [
        claim(id="OD-REWARD", source=SRC.at(LOC_R),
              statement_text="for every K: E[r(a)] = Σ_j P_j θ_{a_j} under CM-Depth",
              decide=decide_identity, kind="identity",
              description="linearity given the depth, then the Abel summation (every K); cross-checks: "
                          "depth and clicks enumerated symbolically for K = 1..4, exact drawn instances"),
        claim(id="OD-REWARD/optimal-sorted", source=SRC.at(LOC_O),
              statement_text="for every L, K and 1 = P_1 ≥ … ≥ P_K > 0: a* = the K largest θ in "
                             "decreasing order maximises Σ_j P_j θ_{a_j}",
              decide=decide_optimal, kind="identity",
              description="rearrangement via exchange certificates (every L, K); brute force over all "
                          "rankings of 40 drawn instances as a cross-check"),
        claim(id="OD-REWARD/gap-range", source=SRC.at(LOC_O),
              statement_text="for every L, K, θ ∈ [0,1]^L, P ∈ [0,1]^K: 0 <= Δ_a <= Σ_j P_j <= K for "
                             "every ranking a (source: '<= L' in its letters)",
              decide=decide_gap_range, kind="inequality",
              description="per-position certificates summed (every L, K); exact over all rankings of "
                          "40 drawn instances as a cross-check"),
    ]
