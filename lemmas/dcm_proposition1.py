"""DCM-P1 — the argument behind Proposition 1 of DCM bandits (SPEC §2.1), and DCM-BLB.

Source ``000_0b27131c69d8f24c.txt``, 命題1 (slide '証明:Kveton et al. (2015a)の上限の証明を借りることが可能').
The slides justify Proposition 1 (dcmKL-UCB's cascade regret ``R_i(n)`` obeys CascadeKL-UCB's
bound) by two remarks, then add "紹介論文での証明はこれだけ…(要考察)":

* with the same data dcmKL-UCB *is* CascadeKL-UCB (same KL-UCB index, same top-K rule);
* for every list and every realisation, dcmKL-UCB puts at least as much data into its database.

The second remark is exact and finite, so it is checked here by enumeration
(``DCM-P1/more-data``): dcmKL-UCB updates positions ``1 … min(C_last, K)`` (all K when there
is no click), CascadeKL-UCB positions ``1 … C_first`` (all K when there is no click); the
former contains the latter, every update is a true draw ``w_t(a_k)`` of an examined item,
and on cascade click vectors (at most one click) the two coincide.  What is *not* checked,
and what the presenter flags, is the step from "more unbiased data" to "Kveton et al.'s bound
applies" (the proof of Kveton et al. 2015a is not re-derived here); the bound itself is
compared with simulated regret in the report (:func:`clickbound.bounds.dcm.dcm_p1`).

DCM-BLB (the lower-bound family ``B_LB(L, A* = [K], p, Δ, γ)``) is checked for what Theorem 3's
proof uses from it: the optimal lists are exactly the orderings of ``[K]`` and a list with
``m`` suboptimal items has gap ``(1 − γ(p−Δ))^m (1 − γp)^{K−m} − (1 − γp)^K`` (exact brute force).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from clickbound.bounds.click import dcm_reward
from clickbound.lemmas._dcm_algebra import SOURCE_000
from clickbound.lemmas.engine.claim import Outcome, ProcedureClaim
from clickbound.lemmas.engine.registry import register

SOURCE_P1 = f"{SOURCE_000}, 命題1 (slide '証明:Kveton et al. (2015a)の上限の証明を借りることが可能')"
SOURCE_BLB = f"{SOURCE_000}, 定義 [DCMにおける BLB 問題] (slide '準備: BLB 問題')"
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


def _decide_more_data(budget_s: float) -> Outcome:
    checked = 0
    for K in range(1, MAX_K_ENUMERATED + 1):
        for c in itertools.product((0, 1), repeat=K):
            dcm, cas = dcm_update_positions(c), cascade_update_positions(c)
            witness = {"K": K, "clicks": c, "dcm": list(dcm), "cascade": list(cas)}
            if not set(cas) <= set(dcm):
                return Outcome("refuted", "exact enumeration", {"checked": checked}, counterexample=witness)
            if sum(c) <= 1 and list(cas) != list(dcm):
                return Outcome("refuted", "exact enumeration", {"checked": checked}, counterexample=witness)
            checked += 1
    return Outcome("proved", "exact enumeration",
                   {"click_vectors": checked, "K": f"1..{MAX_K_ENUMERATED}",
                    "not checked": "that more unbiased data implies Kveton et al.'s bound (要考察 in the source)"},
                   notes=("Every click vector is enumerated; positions up to the last click were all examined "
                          "in the DCM, so each update is a true draw of w_t(a_k).",))


def blb_instance(L: int, K: int, p, delta, gamma):
    """``B_LB(L, [K], p, Δ, γ)``: attractions ``w`` (p on A* = first K items) and ``v ≡ γ``."""
    if not (0 < K < L):
        raise ValueError(f"need 0 < K < L, got K={K}, L={L}")
    if not (0 < delta <= p <= 1):
        raise ValueError(f"need 0 < delta <= p <= 1, got p={p}, delta={delta}")
    return [p] * K + [p - delta] * (L - K), [gamma] * K


def _decide_blb(budget_s: float) -> Outcome:
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
                return Outcome("refuted", "exact brute force", {"lists": lists},
                               counterexample={"L": L, "K": K, "p": str(p), "delta": str(d), "gamma": str(g),
                                               "A": A, "gap": str(gap), "formula": str(want)})
    return Outcome("proved", "exact brute force",
                   {"instances": len(BLB_SIZES) * len(BLB_PARAMS), "lists": lists},
                   notes=("On every instance the optimal lists are exactly the orderings of [K] and the gap "
                          "follows the closed form (p, Δ, γ > 0).",))


@register
def dcm_p1_claims():
    yield ProcedureClaim(
        id="DCM-P1/more-data", spec_id="DCM-P1", kind="computation", expected=True,
        statement_text=("for every click vector, dcmKL-UCB's updated positions contain CascadeKL-UCB's, "
                        "and coincide on cascade clicks (at most one click)"),
        decide=_decide_more_data, source=SOURCE_P1,
        description=("The slides' argument for Proposition 1, checked exactly; the step to Kveton et al.'s "
                     "bound is not (the source itself marks it 要考察)."))
    yield ProcedureClaim(
        id="DCM-BLB", spec_id="DCM-BLB", kind="computation", expected=True,
        statement_text=("on B_LB(L, [K], p, Δ, γ) the optimal lists are the orderings of [K] and a list with m "
                        "suboptimal items has gap (1−γ(p−Δ))^m (1−γp)^{K−m} − (1−γp)^K"),
        decide=_decide_blb, source=SOURCE_BLB,
        description="What Theorem 3's proof uses of the lower-bound family, by exact brute force.")
