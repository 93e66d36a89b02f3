"""DCM-P1 — the argument behind Proposition 1 of DCM bandits, and DCM-BLB.

Source ``000_0b27131c69d8f24c.txt``, 命題1 (slide '証明:Kveton et al. (2015a)の上限の証明を借りることが可能').
The slides justify Proposition 1 (dcmKL-UCB's cascade regret ``R_i(n)`` obeys CascadeKL-UCB's
bound) by two remarks, then add "紹介論文での証明はこれだけ…(要考察)":

* with the same data dcmKL-UCB *is* CascadeKL-UCB (same KL-UCB index, same top-K rule);
* for every list and every realisation, dcmKL-UCB puts at least as much data into its database.

The second remark is exact, and proved here for every K (``DCM-P1/more-data``): dcmKL-UCB
updates positions ``1 … min(C_last, K)`` (all K when there is no click), CascadeKL-UCB positions
``1 … C_first`` (all K when there is no click); since the first click is never after the last,
the former contains the latter, and with at most one click the two coincide.  z3 proves this for a
symbolic K and an uninterpreted click vector (:func:`more_data_z3`); every click vector of length
K = 1..10 is also enumerated through the two update functions as a cross-check.  Each single
update is the attraction indicator ``w_t(a_k)`` of an examined item, but *which* positions are
stored depends on the outcome (up to the last click), so the stored records are a selected, biased
sample: "more data" is not "more unbiased data" (ERR-DCM-ALG-SELECTION-BIAS, exact evidence
FB-UNBIASED/dcmKL-UCB/dcm in :mod:`clickbound.lemmas.studies.feedback_bias`), and the step the presenter
flags (要考察), from more data to "Kveton et al.'s bound applies", fails: DCM-P1 is violated in
simulation (ERR-DCM-P1-DCMKLUCB).  The bound itself is compared with simulated regret in the
report (:func:`clickbound.bounds.dcm.dcm_p1`).

DCM-BLB (the lower-bound family ``B_LB(L, A* = [K], p, Δ, γ)``) is checked for what Theorem 3's
proof uses from it, for every ``1 ≤ K < L``, ``0 < Δ ≤ p ≤ 1``, ``0 < γ ≤ 1`` with ``γp < 1``: a list
with ``m`` suboptimal items has gap ``(1 − γ(p−Δ))^m (1 − γp)^{K−m} − (1 − γp)^K``, which is 0 iff
``m = 0``, so the optimal lists are exactly the orderings of ``[K]`` (:func:`blb_general_proof`,
symbolic in K and m; exact brute force on seeded instances as a cross-check).  The condition
``γp < 1`` is needed: at ``γ = p = 1`` every list that shows one item of ``[K]`` is optimal.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import sympy as sp
import z3

from clickbound.bounds.click import dcm_reward
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

SRC = source("dcm")
SOURCE_P1 = SRC.at("命題1 (slide '証明:Kveton et al. (2015a)の上限の証明を借りることが可能')")
SOURCE_BLB = SRC.at("定義 [DCMにおける BLB 問題] (slide '準備: BLB 問題')")
#: every click vector of length up to this K is enumerated
MAX_K_ENUMERATED = 10
#: B_LB instances checked: (L, K) sizes × exact (p, Δ, γ) triples
BLB_SIZES = ((2, 1), (3, 1), (3, 2), (4, 2), (5, 2), (5, 3))
BLB_PARAMS = tuple((Fraction(p), Fraction(d), Fraction(g)) for p, d, g in [
    ("1/5", "3/20", "4/5"), ("1/5", "3/20", "1/2"), ("1/2", "1/10", "1"), ("9/10", "9/10", "1/3"),
    ("1/3", "1/100", "1/10")])


def dcm_update_positions(c) -> range:
    """Positions (0-based) dcmKL-UCB updates: ``1 … min(C_last, K)``, all K if no click (ALG-DCMKLUCB)."""
    clicked = [k for k, ck in enumerate(c) if ck]
    return range(len(c) if not clicked else clicked[-1] + 1)


def cascade_update_positions(c) -> range:
    """Positions (0-based) CascadeKL-UCB updates: up to the first click, all K if no click (ALG-CASKLUCB)."""
    clicked = [k for k, ck in enumerate(c) if ck]
    return range(len(c) if not clicked else clicked[0] + 1)


@cache
def more_data_z3() -> tuple:
    """DCM-P1/more-data (source 000, 命題1 proof slide), every K by z3: for a symbolic K and an
    uninterpreted click vector c, first click ≤ last click, so
    CascadeKL-UCB's positions 1..C_first lie in dcmKL-UCB's 1..min(C_last, K); with at most one click
    C_first = C_last.  Returns the z3 runs ``(description, z3's answer, the answer a proof needs, the
    assertions)``, recorded by :func:`_decide_more_data`."""
    K, f, l, j, i = z3.Ints("K f l j i")
    c = z3.Function("c", z3.IntSort(), z3.BoolSort())  # c(k): is position k clicked
    first = [1 <= f, f <= K, c(f), z3.ForAll([j], z3.Implies(z3.And(1 <= j, j < f), z3.Not(c(j))))]
    last = [1 <= l, l <= K, c(l), z3.ForAll([j], z3.Implies(z3.And(l < j, j <= K), z3.Not(c(j))))]
    runs = []

    def decide(description, extra, expect):
        solver = z3.Solver()
        solver.add(*first, *last, *extra)
        got = solver.check()
        runs.append((description, str(got), str(expect), "; ".join(" ".join(str(a).split()) for a in solver.assertions())))

    decide("the hypotheses (f = first click, l = last click of a click vector of symbolic length K) are "
           "satisfiable (no vacuous proof)", [], z3.sat)
    decide("every K: no click vector has a position j ≤ C_first outside 1..C_last (negation unsat)",
           [z3.Not(z3.ForAll([j], z3.Implies(z3.And(1 <= j, j <= f), z3.And(1 <= j, j <= l))))], z3.unsat)
    decide("every K: with at most one click, C_first ≠ C_last is impossible (unsat)",
           [z3.ForAll([j, i], z3.Implies(z3.And(1 <= j, j <= K, 1 <= i, i <= K, c(j), c(i)), j == i)), f != l],
           z3.unsat)
    return tuple(runs)


def _decide_more_data(budget_s: float) -> Outcome:
    """DCM-P1/more-data for every K (z3) with the K = 1..10 enumeration of the update functions as a cross-check."""
    d = Derivation("for every K and click vector: CascadeKL-UCB's updated positions ⊆ dcmKL-UCB's, equal on "
                   "cascade clicks (at most one click)")
    d.argument("no click: both policies update all K positions (ALG-DCMKLUCB, ALG-CASKLUCB); with a click, "
               "dcmKL-UCB updates 1..min(C_last, K) = 1..C_last and CascadeKL-UCB 1..C_first",
               "the update rules of ALG-DCMKLUCB and ALG-CASKLUCB (C_last ≤ K when there is a click)")
    for description, got, expect, assertions in more_data_z3():
        d.holds(f"{description} [z3 must answer {expect}]" if got != expect else description, got == expect,
                f"z3 {got} on: {assertions}")
    checked = 0
    for K in range(1, MAX_K_ENUMERATED + 1):
        for c in itertools.product((0, 1), repeat=K):
            dcm, cas = dcm_update_positions(c), cascade_update_positions(c)
            witness = {"K": K, "clicks": c, "dcm": list(dcm), "cascade": list(cas)}
            if not set(cas) <= set(dcm):
                return refuted("exact enumeration", counterexample=witness, checked=checked)
            if sum(c) <= 1 and list(cas) != list(dcm):
                return refuted("exact enumeration", counterexample=witness, checked=checked)
            checked += 1
    d.holds(f"cross-check: dcm_update_positions and cascade_update_positions on all {checked} click vectors "
            f"of length K = 1..{MAX_K_ENUMERATED}", checked == 2 ** (MAX_K_ENUMERATED + 1) - 2,
            f"{checked} click vectors, containment and equality on ≤ 1 click, K = 1..{MAX_K_ENUMERATED}")
    return proved(d.artefact(), method="z3 (symbolic K, uninterpreted clicks) + exact enumeration K = 1..10",
                  scope="all",
                  enumeration={"click_vectors": checked, "K": f"1..{MAX_K_ENUMERATED}"},
                  not_checked="that more data implies Kveton et al.'s bound (要考察 in the source; it does not: the extra records are selected by their outcome, ERR-DCM-ALG-SELECTION-BIAS, ERR-DCM-P1-DCMKLUCB)")


def blb_instance(L: int, K: int, p, delta, gamma):
    """``B_LB(L, [K], p, Δ, γ)``: attractions ``w`` (p on A* = first K items) and ``v ≡ γ``."""
    if not (0 < K < L):
        raise ValueError(f"need 0 < K < L, got K={K}, L={L}")
    if not (0 < delta <= p <= 1):
        raise ValueError(f"need 0 < delta <= p <= 1, got p={p}, delta={delta}")
    return [p] * K + [p - delta] * (L - K), [gamma] * K


@cache
def blb_general_proof():
    """DCM-BLB (source 000, 定義 [DCMにおける BLB 問題]) for every L, K, p, Δ, γ with γp < 1: the gap
    formula and its sign, symbolic in K and m."""
    d = Derivation("on B_LB(L, [K], p, Δ, γ), 1 ≤ K < L, 0 < Δ ≤ p ≤ 1, 0 < γ ≤ 1, γp < 1: a list with m "
                   "suboptimal items has gap (1−γ(p−Δ))^m (1−γp)^(K−m) − (1−γp)^K, > 0 iff m ≥ 1")
    K, m = sp.symbols("K m", integer=True, nonnegative=True)
    jj = sp.Symbol("j", integer=True, nonnegative=True)
    a, dl = sp.symbols("a delta", positive=True)  # a = 1 − γp > 0 (γp < 1), δ = γΔ > 0
    p, D, g = sp.symbols("p Delta gamma", positive=True)
    d.argument("f(A, w̄, γ) = 1 − ∏_k (1 − γ w̄(a_k)); a list with m items outside [K] has m factors "
               "1 − γ(p − Δ) = a + δ and K − m factors 1 − γp = a (the product commutes), so "
               "f(A) = 1 − (a + δ)^m a^(K−m) and the best value (m = 0) is 1 − a^K",
               "the definition of B_LB and of the DCM reward (the DCM click model with v̄ ≡ γ)")
    gap = (a + dl) ** m * a ** (K - m) - a ** K
    d.equal("gap = best − f(A) = (1 − a^K) − (1 − (a + δ)^m a^(K−m)) (symbolic K, m)",
            (1 - a ** K) - (1 - (a + dl) ** m * a ** (K - m)), gap)
    formula = (1 - g * (p - D)) ** m * (1 - g * p) ** (K - m) - (1 - g * p) ** K
    d.equal("the stated formula (1−γ(p−Δ))^m (1−γp)^(K−m) − (1−γp)^K is this gap: substitute γ = (1 − a)/p, "
            "Δ = δp/(1 − a), i.e. a = 1 − γp, δ = γΔ", formula.subs({g: (1 - a) / p, D: dl * p / (1 - a)}), gap)
    d.equal("gap = a^(K−m)·((a + δ)^m − a^m) (a > 0; symbolic K, m)", gap,
            a ** (K - m) * ((a + dl) ** m - a ** m))
    d.equal("(a + δ)^m − a^m = δ Σ_(j=0..m−1) (a + δ)^j a^(m−1−j) (geometric sum, symbolic m)",
            (a + dl) ** m - a ** m, dl * sp.Sum((a + dl) ** jj * a ** (m - 1 - jj), (jj, 0, m - 1)).doit())
    d.equal("m = 0 (the orderings of [K]): gap = 0", gap.subs(m, 0), 0)
    d.argument("for m ≥ 1 every term (a + δ)^j a^(m−1−j) is > 0 (a > 0 because γp < 1, δ = γΔ > 0) and "
               "a^(K−m) > 0, so the gap is > 0: the optimal lists are exactly those with m = 0, i.e. the "
               "orderings of [K]",
               "the three identities above; positivity of powers of positive numbers")
    return d.artefact()


def _decide_blb(budget_s: float) -> Outcome:
    """DCM-BLB: the general proof, cross-checked by exact brute force on the seeded instances."""
    lists = 0
    for (L, K), (p, d, g) in itertools.product(BLB_SIZES, BLB_PARAMS):
        w, v = blb_instance(L, K, p, d, g)
        best = 1 - (1 - g * p) ** K
        for A in itertools.permutations(range(L), K):
            m = sum(a >= K for a in A)
            gap = best - dcm_reward(A, w, v)
            want = (1 - g * (p - d)) ** m * (1 - g * p) ** (K - m) - (1 - g * p) ** K
            lists += 1
            if gap != want or (gap == 0) != (m == 0):
                return refuted("exact brute force", lists=lists,
                               counterexample={"L": L, "K": K, "p": str(p), "delta": str(d), "gamma": str(g),
                                               "A": A, "gap": str(gap), "formula": str(want)})
    return proved(blb_general_proof(), method="derivation (symbolic K, m) + exact brute force", scope="all",
                  brute_force={"instances": len(BLB_SIZES) * len(BLB_PARAMS), "lists": lists,
                               "sizes": BLB_SIZES, "params_p_Delta_gamma": [[str(x) for x in t] for t in BLB_PARAMS]})


@register
def dcm_p1_claims():
    yield ProcedureClaim(
        id="DCM-P1/more-data", spec_id="DCM-P1", kind="computation", expected=True,
        statement_text=("for every K and every click vector in {0,1}^K, dcmKL-UCB's updated positions contain "
                        "CascadeKL-UCB's, and coincide on cascade clicks (at most one click)"),
        decide=_decide_more_data, source=SOURCE_P1,
        description=("The slides' argument for Proposition 1: z3 for a symbolic K, exact enumeration of "
                     "K = 1..10 as a cross-check; the step to Kveton et al.'s bound is not checked (the source "
                     "itself marks it 要考察)."))
    yield ProcedureClaim(
        id="DCM-BLB", spec_id="DCM-BLB", kind="computation", expected=True,
        statement_text=("on B_LB(L, [K], p, Δ, γ) with 1 ≤ K < L, 0 < Δ ≤ p ≤ 1, 0 < γ ≤ 1 and γp < 1: the "
                        "optimal lists are the orderings of [K] and a list with m suboptimal items has gap "
                        "(1−γ(p−Δ))^m (1−γp)^{K−m} − (1−γp)^K"),
        decide=_decide_blb, source=SOURCE_BLB,
        description=("What Theorem 3's proof uses of the lower-bound family: derivation symbolic in K and m; "
                     "exact brute force over every list of 30 seeded instances as a cross-check."))
