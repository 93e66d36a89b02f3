"""Single steps of the DCM Theorem 2 and Theorem 3 proofs, and the 'WLOG v̄ decreasing' remark (source 000).

Source ``000_0b27131c69d8f24c.txt``, slides '定理2:証明のつづき', '定理3:期待リグレットの下限(特殊形)'
and 'Partial monitoring問題へのアプローチ' ("v̄(1) ≥ … ≥ v̄(K) としても一般性は失われない").

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

Theorem 3 ("各アイテムについて、実際にアイテムとして出された回数 ≥ DBに入った回数"):

* ``DCM-T3/Tn-vs-shown`` (expected false) — ``T_n(e)`` includes the initial ``T_0(e) = 1`` from
  ``w_0``, so "shown ≥ recorded" fails (an item never shown has ``T_n(e) = 1``);
* ``DCM-T3/Tn-minus-one`` — ``T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}`` for every policy and realisation
  (erratum ``ERR-DCM-T3-TN-INIT``; the liminf is unchanged).

WLOG: ``DCM-WLOG/swap-identity`` — ``f((1,2), w, v) − f((2,1), w, v) = (v1 − v2)(w1 − w2)``;
``DCM-WLOG/unordered-v[K=2]`` (expected false) — "better item first" is optimal only when v̄ decreases.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.derive import Derivation, proved

SRC = "000_0b27131c69d8f24c.txt"
LOC_T2 = f"{SRC}, 定理2:証明のつづき"
LOC_T3 = f"{SRC}, 定理3:期待リグレットの下限(特殊形) ('実際にアイテムとして出された回数 ≥ DBに入った回数')"
LOC_WLOG = f"{SRC}, Partial monitoring問題へのアプローチ ('v̄(1) ≥ … ≥ v̄(K) としても一般性は失われない')"
LOC_T1 = f"{SRC}, 定理1:証明のつづき ('A*の順番をどう並び替えても最適')"
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
                return Outcome("refuted", "exact brute force", counterexample={"w": w, "v": v, "A_t": A})
            n += 1
    d.holds("cross-check: every list A_t of the seeded exact instances", n > 0, f"{n} lists, sizes {SIZES}")
    return proved(d.artefact(), method="induction + exact brute force", scope="all", lists=n)


def _decide_unsorted(budget_s: float) -> Outcome:
    w, v, A = (Fraction(1, 2), Fraction(1, 4), Fraction(0)), (Fraction(1), Fraction(1)), (1, 0)
    bad = [k for k in range(2) if w[k] * v[k] < w[A[k]] * v[k]]
    if not bad:  # pragma: no cover - the instance is fixed
        raise AssertionError("counterexample does not re-verify")
    return Outcome("refuted", "exact counterexample", counterexample={
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
    return Outcome("refuted", "exact counterexample", counterexample={
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
                    return Outcome("refuted", "exact brute force",
                                   counterexample={"w": [str(x) for x in w], "A_t": A, "i": i_})
                n += 1
    d.holds("cross-check: every list and prefix of the seeded exact instances", n > 0,
            f"{n} (list, i) pairs, sizes {SIZES}")
    return proved(d.artefact(), method="sorting + DCM-L2 + α monotone in K; exact brute force", scope="all",
                  pairs=n)


def _run_T(policy, L, K, clicks):
    """``T_n(e)`` (with ``T_0 = 1``) and times shown, for a fixed list per round and given click vectors."""
    T, shown = [1] * L, [0] * L
    for A, c in zip(policy, clicks):
        for e in A:
            shown[e] += 1
        ks = [k for k, ck in enumerate(c) if ck]
        for k in range(ks[-1] + 1 if ks else K):
            T[A[k]] += 1
    return T, shown


def _decide_tn_vs_shown(budget_s: float) -> Outcome:
    T, shown = _run_T([(0,)], L=2, K=1, clicks=[(0,)])
    if shown[1] >= T[1]:  # pragma: no cover - fixed instance
        raise AssertionError("counterexample does not re-verify")
    return Outcome("refuted", "exact counterexample", counterexample={
        "L": 2, "K": 1, "n": 1, "A_1": "(item 1)", "clicks": "(0,)", "item": 2,
        "times shown": shown[1], "T_n(e) (T_0 = 1 from w_0)": T[1]})


def _decide_tn_minus_one(budget_s: float) -> Outcome:
    d = Derivation("for every policy, realisation and n: T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}")
    t, n = sp.symbols("t n", integer=True, positive=True)
    Tf = sp.Function("T")
    d.argument("round t adds 1 to T(e) iff e = a_k^t for some k ≤ min(C_last, K) (Algorithm 1's update loop); "
               "the items of A_t are distinct, so the increment is ≤ 1{e ∈ A_t}", "Algorithm 1, A_t ∈ Π_K(E)")
    d.equal("symbolic n: Σ_(t=1..n) (T_t(e) − T_(t−1)(e)) telescopes to T_n(e) − T_0(e), T_0(e) = 1",
            sp.Sum(Tf(t) - Tf(t - 1), (t, 1, n)).doit(), Tf(n) - Tf(0))
    L_, K_ = sp.symbols("L K", positive=True)
    d.equal("the −1 per item vanishes after dividing by log n: lim (L − K)/log n = 0",
            sp.limit((L_ - K_) / sp.log(n), n, sp.oo), 0)
    m = 0
    for K in range(1, 7):
        for c in itertools.product((0, 1), repeat=K):
            A = tuple(range(K))
            T, shown = _run_T([A], L=K + 1, K=K, clicks=[c])
            if any(T[e] - 1 > shown[e] for e in range(K + 1)):
                return Outcome("refuted", "exact enumeration", counterexample={"K": K, "clicks": c})
            m += 1
    d.holds("cross-check: one round, every click vector, K = 1..6 (each item's increment ≤ shown)", m == 126,
            f"{m} click vectors")
    return proved(d.artefact(), method="increment bound + telescoping (symbolic n); enumeration", scope="all")


def _wlog_claims():
    v1, v2, w1, w2 = sp.symbols("v1 v2 w1 w2")
    f12 = 1 - (1 - v1 * w1) * (1 - v2 * w2)
    f21 = 1 - (1 - v1 * w2) * (1 - v2 * w1)
    box = {s: (0, 1) for s in (v1, v2, w1, w2)}
    yield Claim(id="DCM-WLOG/swap-identity", spec_id="DCM-ORDER", source=LOC_WLOG, kind="identity", expected=True,
                statement=sp.Eq(f12 - f21, (v1 - v2) * (w1 - w2)), domain=box,
                description="swapping the two items changes f by (v1 − v2)(w1 − w2): the better item belongs at "
                            "the position with the larger termination probability")
    yield Claim(id="DCM-WLOG/unordered-v[K=2]", spec_id="DCM-ORDER", source=LOC_WLOG, kind="inequality",
                expected=False, statement=sp.Ge(f12, f21), domain=box, assumptions=[sp.Ge(w1, w2)],
                description="without v̄(1) ≥ v̄(2), putting the more attractive item first is not optimal")


def _decide_order_free(budget_s: float) -> Outcome:
    d = Derivation("for every K: with v̄ ≡ γ, f(A, w̄, v̄) = 1 − ∏_k (1 − γ w̄(a_k)) does not depend on the order of A")
    d.argument("the factors 1 − γ w̄(a_k) do not involve the position k once v̄(k) = γ for all k, and a finite "
               "product of commuting factors is the same in every order", "commutativity of multiplication")
    g = sp.Symbol("gamma")
    n = 0
    for K in range(1, 6):
        x = sp.symbols(f"x1:{K + 1}")
        base = sp.expand(1 - math.prod((1 - g * xk for xk in x), start=sp.Integer(1)))
        for perm in itertools.permutations(x):
            other = sp.expand(1 - math.prod((1 - g * xk for xk in perm), start=sp.Integer(1)))
            if other != base:
                return Outcome("refuted", "symbolic expansion", counterexample={"K": K, "order": str(perm)})
            n += 1
    d.holds("cross-check: every ordering of K = 1..5 symbolic attractions expands to the same polynomial", n == 153,
            f"{n} orderings compared")
    return proved(d.artefact(), method="commutativity + symbolic expansion K ≤ 5", scope="all")


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
        ProcedureClaim(id="DCM-T3/Tn-vs-shown", spec_id="DCM-T3", source=LOC_T3, kind="inequality", expected=False,
                       decide=_decide_tn_vs_shown,
                       statement_text="for every policy and n: #{t ≤ n : e ∈ A_t} ≥ T_n(e) (T_n counts T_0(e) = 1)",
                       description="an item never shown has T_n(e) = 1 > 0"),
        ProcedureClaim(id="DCM-T3/Tn-minus-one", spec_id="DCM-T3", source=LOC_T3, kind="inequality", expected=True,
                       decide=_decide_tn_minus_one,
                       statement_text="for every policy, realisation and n: T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}",
                       description="per-round increment ≤ shown; telescoping over symbolic n"),
        *_wlog_claims(),
        ProcedureClaim(id="DCM-T1/order-free", spec_id="DCM-T1", source=LOC_T1, kind="identity", expected=True,
                       decide=_decide_order_free,
                       statement_text="for every K: with v̄(1) = … = v̄(K) = γ, f(A, w̄, v̄) is the same for every "
                                      "ordering of the items of A (so every ordering of A* is optimal)",
                       description="'v̄(1) = … = v̄(K) = γ なのでA*の順番をどう並び替えても最適'"),
    ]


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-T2-L1-SUBSCRIPT", source_file=SRC, location="定理2:証明のつづき, step '補題1 →'",
    source_says="[V(w̄|_{A_t^*} ⊙ v̄) − V(w̄|_{A_t^*} ⊙ v̄)] ≤ Σ_k v̄(k)(w̄(a*_k) − w̄(a_k^{t'}))",
    truth="the first V term must carry A* (and A_t^* stands for A_t'): V(w̄|A*⊙v̄) − V(w̄|A_t'⊙v̄) ≤ "
          "Σ_k v̄(k)(w̄(a*_k) − w̄(a'_k)), Lemma 1 at x = w̄|A*⊙v̄ ≥ y = w̄|A_t'⊙v̄; as printed the left side is 0",
    evidence_claims=("DCM-T2/L1-step-as-printed", "DCM-T2/sorted-dominance", "DCM-L1"),
    conclusion_survives="yes: with A* in the first term the step is Lemma 1 and the chain continues as printed",
    spec_id="DCM-T2"))

ERRATUM_2 = register_erratum(Erratum(
    id="ERR-DCM-T3-TN-INIT", source_file=SRC,
    location="定理3:期待リグレットの下限(特殊形), step 'B_LBの仮定 ≥ γαΔ Σ E[T_n(e)]'",
    source_says="γα E[Σ_t (Σ_k w_t(a*_k) − Σ_k w_t(a^t_k))] ≥ γαΔ Σ_{e=K+1}^L E[T_n(e)], because "
                "'実際にアイテムとして出された回数 ≥ DBに入った回数'",
    truth="T_n(e) counts the initial observation w_0 (T_0(e) = 1), so only times shown ≥ T_n(e) − 1 and the step "
          "gives γαΔ Σ_e (E[T_n(e)] − 1); an item never shown has T_n(e) = 1",
    evidence_claims=("DCM-T3/Tn-vs-shown", "DCM-T3/Tn-minus-one"),
    conclusion_survives="yes: the −(L−K) term vanishes after dividing by log n, so the liminf and Theorem 3 stand",
    spec_id="DCM-T3"))

ERRATUM_3 = register_erratum(Erratum(
    id="ERR-DCM-VTILDE-INDEX", source_file=SRC,
    location="Partial monitoring問題へのアプローチ, display '∀ṽ ∈ [0,1]^K s.t. ṽ(1) ≥ … ≥ ṽ(k)'",
    source_says="∀ṽ ∈ [0,1]^K s.t. ṽ(1) ≥ … ≥ ṽ(k): A* = argmax_{A ∈ Π_K(E)} f(A, w̄, ṽ)",
    truth="the order must run to the last position, ṽ(1) ≥ … ≥ ṽ(K); ordering only the first k < K entries "
          "does not suffice (K = 2, k = 1: ṽ = (0, 1/2) makes the w̄-sorted list suboptimal), and with ṽ(K) the "
          "statement holds for every L, K (A* a maximiser)",
    evidence_claims=("DCM-WLOG/unordered-v[K=2]", "DCM-ORDER"),
    conclusion_survives="yes: with ṽ(K) the optimal list is the w̄-sorted top K for every non-increasing ṽ",
    spec_id="DCM-ORDER"))

ERRATUM_4 = register_erratum(Erratum(
    id="ERR-DCM-L3-ORDER-SYMBOL", source_file=SRC, location="補題3 (slide '準備:一般形の上限を示すための補題')",
    source_says="∀x ∈ [0,1]^K, ∀c ∈ [0,1]^K s.t. c_1 ≥ … c_K",
    truth="a relation is missing before c_K: the hypothesis is c_1 ≥ … ≥ c_K, and it is needed (Lemma 3 fails "
          "for unsorted c at K = 3); with it Lemma 3 holds for every K",
    evidence_claims=("DCM-L3", "DCM-L3/c-unsorted[K=3]"),
    conclusion_survives="yes: the intended hypothesis is clear and Lemma 3 holds under it",
    spec_id="DCM-L3"))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1, ERRATUM_2, ERRATUM_3, ERRATUM_4)
