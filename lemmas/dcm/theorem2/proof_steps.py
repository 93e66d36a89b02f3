"""Single steps of the DCM Theorem 2 proof (source 000).

Source ``000_0b27131c69d8f24c.txt``, slide '定理2:証明のつづき'.

Theorem 2 (v̄ non-increasing, ``A_t'`` = ``A_t`` re-sorted by w̄, items numbered so that w̄ decreases):

* ``DCM-T2/sorted-dominance`` — ``w̄|_{A*} ⊙ v̄ ≥ w̄|_{A_t'} ⊙ v̄`` for every L, K (the k-th smallest of K
  distinct item numbers is ≥ k); ``DCM-T2/unsorted-dominance`` (expected false) — the same for ``A_t``
  itself fails, as the slide says ("保証できない").
* ``DCM-T2/L1-step-as-printed`` (expected false) — the '補題1 →' display has ``A_t^*`` in *both* V terms,
  so its left side is 0, not the bracket ``V(w̄|_{A*}⊙v̄) − V(w̄|_{A_t'}⊙v̄)`` that the next line uses
  (erratum ``ERR-DCM-T2-L1-SUBSCRIPT``).
* ``DCM-T2/prefix-L2`` — the step the slides never display (their last line repeats the Abel line
  under "•="): ``Σ_{k≤i}(w̄(a*_k) − w̄(a^t_k)) ≤ (1/α)[f_i(A*, w̄) − f_i(A_t, w̄)]`` for every i ≤ K,
  which needs the prefix sorted first (Lemma 2 wants x ≥ y) and ``α ≤ (1 − p_max)^{i−1}``.

The single steps of Theorem 3's proof are in :mod:`clickbound.lemmas.dcm.theorem3.proof_steps`, the
'WLOG v̄ decreasing' remark in :mod:`clickbound.lemmas.dcm.order`, Theorem 1's 'every ordering of A*'
step in :mod:`clickbound.lemmas.dcm.theorem1`.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

SRC = source("dcm")
LOC_T2 = SRC.at("定理2:証明のつづき")
SEED = 20161109
#: brute-force cross-checks: (L, K) sizes and seeded rational instances per size
SIZES = ((2, 1), (3, 2), (4, 2), (4, 3), (5, 3))
INSTANCES = 6


def V(xs) -> Fraction:
    return 1 - math.prod((1 - x for x in xs), start=Fraction(1))


def _instances():
    """Seeded exact instances: w̄ non-increasing rationals in [0, 9/10], v̄ non-increasing in [0, 1]."""
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    for L, K in SIZES:
        for j in range(INSTANCES):
            den = 10 if j % 2 else 97  # every other instance on a coarse grid, so ties occur
            w = sorted((Fraction(int(a), den) for a in rng.integers(0, 9 * den // 10 + 1, size=L)), reverse=True)
            v = sorted((Fraction(int(a), den) for a in rng.integers(0, den + 1, size=K)), reverse=True)
            yield L, K, w, v


def _sorted_by_w(A, w):
    return tuple(sorted(A, key=lambda e: (-w[e], e)))


def _decide_dominance(budget_s: float) -> Outcome:
    d = Derivation("for every L ≥ K: with w̄ non-increasing in the item number, A* = (1..K) and A_t' = A_t "
                   "sorted by w̄, w̄(a*_k) ≥ w̄(a'_k) for every k, hence w̄|A*⊙v̄ ≥ w̄|A_t'⊙v̄ for v̄ ≥ 0")
    a, k = sp.symbols("a k", integer=True)
    d.argument("A_t' sorted by w̄ has the same values as A_t's item numbers sorted increasingly, a'_1 < … < a'_K "
               "(w̄ is non-increasing in the number; ties carry equal values)", "the numbering w̄(1) ≥ … ≥ w̄(L)")
    d.equal("induction on k: a'_1 ≥ 1, and a'_(k+1) ≥ a'_k + 1 with a'_k ≥ k gives a'_(k+1) − (k+1) = "
            "(a'_k + 1 − (k+1)) = a'_k − k ≥ 0", (a + 1) - (k + 1), a - k)
    d.argument("a'_k ≥ k and w̄ non-increasing give w̄(a'_k) ≤ w̄(k) = w̄(a*_k); multiplying by v̄(k) ≥ 0 keeps it",
               "the induction above")
    n = 0
    for L, K, w, v in _instances():
        for A in itertools.permutations(range(L), K):
            As = _sorted_by_w(A, w)
            if any(w[k_] * v[k_] < w[As[k_]] * v[k_] for k_ in range(K)):
                return refuted("exact brute force", counterexample={"w": w, "v": v, "A_t": A})
            n += 1
    d.holds("cross-check: every list A_t of the seeded exact instances", n > 0, f"{n} lists, sizes {SIZES}")
    return proved(d.artefact(), method="induction + exact brute force", scope="all", lists=n)


def _decide_unsorted(budget_s: float) -> Outcome:
    w, v, A = (Fraction(1, 2), Fraction(1, 4), Fraction(0)), (Fraction(1), Fraction(1)), (1, 0)
    bad = [k for k in range(2) if w[k] * v[k] < w[A[k]] * v[k]]
    if not bad:  # pragma: no cover - the instance is fixed
        raise AssertionError("counterexample does not re-verify")
    return refuted("exact counterexample", counterexample={
        "w": [str(x) for x in w], "v": [str(x) for x in v], "A_t (0-based)": A, "A*": (0, 1),
        "position": bad[0] + 1, "w(a*_k) v(k)": str(w[bad[0]] * v[bad[0]]),
        "w(a^t_k) v(k)": str(w[A[bad[0]]] * v[bad[0]])})


def _decide_l1_as_printed(budget_s: float) -> Outcome:
    w, v, A = (Fraction(1, 2), Fraction(1, 4)), (Fraction(1),), (1,)
    As = _sorted_by_w(A, w)
    printed = V([w[e] * vk for e, vk in zip(As, v)]) - V([w[e] * vk for e, vk in zip(As, v)])
    bracket = V([w[e] * vk for e, vk in zip((0,), v)]) - V([w[e] * vk for e, vk in zip(As, v)])
    if printed == bracket:  # pragma: no cover - the instance is fixed
        raise AssertionError("counterexample does not re-verify")
    return refuted("exact counterexample", counterexample={
        "L": 2, "K": 1, "w": [str(x) for x in w], "v": ["1"], "A_t (0-based)": A,
        "printed V(w|A_t*⊙v) − V(w|A_t*⊙v)": str(printed), "V(w|A*⊙v) − V(w|A_t'⊙v)": str(bracket)})


def _decide_prefix(budget_s: float) -> Outcome:
    d = Derivation("for every K, i ≤ K: Σ_(k≤i)(w̄(a*_k) − w̄(a^t_k)) ≤ (1/α)[f_i(A*, w̄) − f_i(A_t, w̄)], "
                   "α = (1 − p_max)^(K−1) > 0")
    p = sp.Symbol("p", nonnegative=True)
    i, K = sp.symbols("i K", integer=True, positive=True)
    ai = (1 - p) ** (i - 1)
    d.argument("both sides depend on the first i items of A_t only through their multiset (sums and V are "
               "symmetric), so sort them by w̄; then x = w̄|(1..i) ≥ y = sorted prefix elementwise",
               "DCM-T2/sorted-dominance with K := i (A*'s first i items are the i best)")
    d.argument("Lemma 2 in dimension i: (1 − p_max)^(i−1) (Σx − Σy) ≤ V(x) − V(y) for x ≥ y in [0, p_max]^i",
               "DCM-L2 (every K)")
    d.equal("α_i − α = (1 − p)^(i−1) (1 − (1 − p)^(K−i)) with α_i = (1 − p)^(i−1), α = (1 − p)^(K−1)",
            ai - (1 - p) ** (K - 1), ai * (1 - (1 - p) ** (K - i)))
    d.argument("for i ≤ K and p ∈ [0, 1): (1 − p)^(K−i) ≤ 1, so α ≤ α_i; with S = Σx − Σy ≥ 0 (dominance) "
               "αS ≤ α_i S ≤ V(x) − V(y), i.e. S ≤ (1/α)(f_i(A*, w̄) − f_i(A_t, w̄)); the weights v̄(i) − v̄(i+1) "
               "are ≥ 0 (v̄ non-increasing, v̄(K+1) = 0), so summing gives E[R_t | H_t] ≤ "
               "Σ_i (v̄(i) − v̄(i+1))/α · [f_i(A*, w̄) − f_i(A_t, w̄)]", "the steps above")
    n = 0
    for L, K_, w, _ in _instances():
        alpha = (1 - max(w)) ** (K_ - 1)
        for A in itertools.permutations(range(L), K_):
            for i_ in range(1, K_ + 1):
                S = sum(w[:i_]) - sum(w[e] for e in A[:i_])
                R = V(w[:i_]) - V([w[e] for e in A[:i_]])
                if alpha * S > R:
                    return refuted("exact brute force",
                                   counterexample={"w": [str(x) for x in w], "A_t": A, "i": i_})
                n += 1
    d.holds("cross-check: every list and prefix of the seeded exact instances", n > 0,
            f"{n} (list, i) pairs, sizes {SIZES}")
    return proved(d.artefact(), method="sorting + DCM-L2 + α monotone in K; exact brute force", scope="all",
                  pairs=n)


@register
def dcm_proof_steps_claims():
    return [
        ProcedureClaim(id="DCM-T2/sorted-dominance", spec_id="DCM-T2", source=LOC_T2, kind="inequality",
                       expected=True, decide=_decide_dominance,
                       statement_text="for every L ≥ K, w̄ non-increasing, v̄ ≥ 0: w̄|A*⊙v̄ ≥ w̄|A_t'⊙v̄ elementwise "
                                      "(A_t' = A_t sorted by w̄)",
                       description="k-th smallest of K distinct numbers is ≥ k; exact brute force"),
        ProcedureClaim(id="DCM-T2/unsorted-dominance", spec_id="DCM-T2", source=LOC_T2, kind="inequality",
                       expected=False, decide=_decide_unsorted,
                       statement_text="for every list A_t: w̄|A*⊙v̄ ≥ w̄|A_t⊙v̄ elementwise",
                       description="fails for A_t = (2, 1): why the proof introduces A_t'"),
        ProcedureClaim(id="DCM-T2/L1-step-as-printed", spec_id="DCM-T2", source=LOC_T2, kind="identity",
                       expected=False, decide=_decide_l1_as_printed,
                       statement_text="the printed left side V(w̄|A_t*⊙v̄) − V(w̄|A_t*⊙v̄) of the '補題1 →' step "
                                      "is the bracket V(w̄|A*⊙v̄) − V(w̄|A_t'⊙v̄) used next",
                       description="as printed both terms carry A_t^*, so the left side is 0"),
        ProcedureClaim(id="DCM-T2/prefix-L2", spec_id="DCM-T2", source=LOC_T2, kind="inequality", expected=True,
                       decide=_decide_prefix,
                       statement_text="for every K and i ≤ K: Σ_(k≤i)(w̄(a*_k) − w̄(a^t_k)) ≤ (1/α)[f_i(A*, w̄) − "
                                      "f_i(A_t, w̄)], α = (1 − p_max)^(K−1) > 0",
                       description="the final step of Theorem 2's proof, which the slides do not display"),
    ]


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-T2-L1-SUBSCRIPT", source_file=SRC.file, location="定理2:証明のつづき, step '補題1 →'",
    source_says="[V(w̄|_{A_t^*} ⊙ v̄) − V(w̄|_{A_t^*} ⊙ v̄)] ≤ Σ_k v̄(k)(w̄(a*_k) − w̄(a_k^{t'}))",
    truth="the first V term must carry A* (and A_t^* stands for A_t'): V(w̄|A*⊙v̄) − V(w̄|A_t'⊙v̄) ≤ "
          "Σ_k v̄(k)(w̄(a*_k) − w̄(a'_k)), Lemma 1 at x = w̄|A*⊙v̄ ≥ y = w̄|A_t'⊙v̄; as printed the left side is 0",
    evidence_claims=("DCM-T2/L1-step-as-printed", "DCM-T2/sorted-dominance", "DCM-L1"),
    conclusion_survives="yes: with A* in the first term the step is Lemma 1 and the chain continues as printed",
    spec_id="DCM-T2",
    severity="misprint", quotes=(
        r"$$\longrightarrow [V(\bar{w}|_{\mathbf{A}_t^*} \odot \bar{v}",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1,)
