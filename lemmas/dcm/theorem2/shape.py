"""The shape of DCM Theorem 2's bound: at constant v̄, the g(K) question, the summary slide's order.

Source ``000_0b27131c69d8f24c.txt``, slides '理論解析の結果(気持ち)' (the orders
``O(γ(L−K) log n)`` and ``O(γ(L−g(K)) log n)``, "gはKの増加正値関数?"), '定理1' and '定理2'.
Write ``P1(i)`` for Proposition 1's bound at ``i``.

* ``DCM-T2/reduces-to-T1`` — Theorem 2's bound is ``Σ_i (v̄(i) − v̄(i+1))/α · P1(i)`` and Theorem 1's is
  ``(γ/α) P1(K)``; with ``v̄ ≡ γ`` (and ``v̄(K+1) = 0``) the weights vanish for ``i < K`` and equal ``γ``
  at ``i = K``, so Theorem 2 *is* Theorem 1 there (every K).
* ``DCM-T2/weight-sum`` — counting the ``(i, e)`` terms of Theorem 2 with weights
  ``v̄(i) − v̄(i+1)``: ``Σ_i (v̄(i) − v̄(i+1))(L − i) = v̄(1) L − Σ_k v̄(k) = v̄(1)(L − g(K))`` with
  ``g(K) = Σ_{k≤K} v̄(k)/v̄(1)`` (non-decreasing in K, ``1 ≤ g ≤ K``, ``g = K`` iff v̄ constant): the
  answer to the presenter's question; ``γ`` must be read as ``v̄(1)`` and g depends on v̄, not on K alone.
* ``DCM-T2/order-as-printed[K=2]`` (expected false) — the slide attaches ``O(γ(L−K) log n)`` to the
  decreasing case: with ``γ = v̄(1)`` the weight is ``v̄(1)(L−2) + (v̄(1) − v̄(2))``, not ``v̄(1)(L−2)``.

Theorem 1's K-dependence ("Kとは逆相関") is in :mod:`clickbound.lemmas.dcm.theorem1`, the ratio of
Theorem 1's to Theorem 3's bound on ``B_LB`` in :mod:`clickbound.lemmas.dcm.theorem3.shape`, the
order ratio of the second experiment in :mod:`clickbound.lemmas.dcm.experiments`.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.dcm.theorem2.abel import abel_general_proof
from clickbound.lemmas.support.kit import Claim, Derivation, Outcome, ProcedureClaim, proved, source

SRC = source("dcm")
LOC_SUMMARY = SRC.at("理論解析の結果(気持ち)")
LOC_T2 = SRC.at("定理2:期待リグレットの上限(一般形) and 疑問点 ('gはKの増加正値関数')")
#: K for which the weight-sum identity is also expanded exactly (cross-check of the every-K route)
K_EXPANDED = tuple(range(1, 11))


def _p1(i, s_i, eps, ln, lln, L, C2, beta, n):
    """Proposition 1's bound at ``i``: ``(1+ε) s_i (log n + 3 log log n) + i L C2/n^β + 7 i log log n``."""
    return (1 + eps) * s_i * (ln + 3 * lln) + i * L * C2 / n ** beta + 7 * i * lln


def _decide_reduces(budget_s: float) -> Outcome:
    d = Derivation("v̄ ≡ γ: Theorem 2's bound equals Theorem 1's, for every K")
    g, al, eps, ln, lln, L, C2, beta, n, s, wi = sp.symbols("gamma alpha epsilon ln lln L C2 beta n s w_i",
                                                             positive=True)
    i, K = sp.symbols("i K", integer=True, positive=True)
    X = sp.Function("P1")
    d.equal("Theorem 2 as printed, term i: (1+ε)(w_i/α) s_i (log n + 3 log log n) + (w_i/α)(i L C2/n^β + 7 i "
            "log log n) == (w_i/α)·P1(i), with w_i = v̄(i) − v̄(i+1)",
            (1 + eps) * wi / al * s * (ln + 3 * lln) + wi / al * (i * L * C2 / n ** beta + 7 * i * lln),
            wi / al * _p1(i, s, eps, ln, lln, L, C2, beta, n))
    d.equal("weights at v̄ ≡ γ: v̄(i) − v̄(i+1) = γ − γ for i < K", g - g, 0)
    d.equal("weight at i = K: v̄(K) − v̄(K+1) = γ − 0", g - 0, g)
    d.equal("symbolic K: Σ_(i=1..K−1) 0·P1(i)/α + (γ/α) P1(K) == (γ/α) P1(K)",
            sp.Sum(0 * X(i) / al, (i, 1, K - 1)).doit() + g / al * X(K), g / al * X(K))
    d.equal("Theorem 1 as printed == (γ/α)·P1(K): (γ/α)(1+ε) s_K (log n + 3 log log n) + (γ/α)(K L C2/n^β + "
            "7 K log log n)",
            g / al * (1 + eps) * s * (ln + 3 * lln) + g / al * (K * L * C2 / n ** beta + 7 * K * lln),
            g / al * _p1(K, s, eps, ln, lln, L, C2, beta, n))
    cross = _numeric_cross_check()
    return proved(d.artefact(), method="derivation (symbolic K)", scope="all", cross_check=cross)


def _numeric_cross_check() -> dict:
    """bounds.dcm.dcm_t2 at v̄ ≡ γ against bounds.dcm.dcm_t1 on one instance (floats; not the decision)."""
    from clickbound.bounds.dcm import dcm_t1, dcm_t2
    w, K, gamma, n = [0.5, 0.4, 0.3, 0.2, 0.1], 3, 0.6, 10 ** 5
    t1 = dcm_t1(w, K, gamma, n).value
    t2 = dcm_t2(w, [gamma] * K, n).value
    return {"instance": {"w": w, "K": K, "gamma": gamma, "n": n}, "dcm_t1": t1, "dcm_t2": t2,
            "relative_difference": abs(t1 - t2) / abs(t1)}


def _decide_weight_sum(budget_s: float) -> Outcome:
    d = Derivation("for every K: Σ_i (v̄(i) − v̄(i+1))(L − i) = v̄(1) L − Σ_k v̄(k) = v̄(1)(L − g(K)), "
                   "g(K) = Σ_(k≤K) v̄(k)/v̄(1)")
    L = sp.Symbol("L", real=True)
    i, k = sp.symbols("i k", integer=True, positive=True)
    d.cite("Abel summation Σ_k v̄(k) z_k = Σ_i (v̄(i) − v̄(i+1)) Σ_(k≤i) z_k with v̄(K+1) = 0, for every K "
           "(DCM-T2-ABEL, the every-K identity of the Theorem 2 proof)", abel_general_proof())
    d.equal("z_1 = L − 1, z_k = −1 (k ≥ 2): Σ_(k≤i) z_k = L − i (symbolic i)",
            L - 1 + sp.summation(-1, (k, 2, i)), L - i)
    d.argument("so Σ_i (v̄(i) − v̄(i+1))(L − i) = Σ_k v̄(k) z_k = v̄(1)(L − 1) − Σ_(k≥2) v̄(k) = v̄(1) L − Σ_k v̄(k)",
               "the two steps above; moving the k = 1 term")
    for K in K_EXPANDED:
        v = sp.symbols(f"v1:{K + 1}", real=True)
        vv = list(v) + [0]
        lhs = sum((vv[j] - vv[j + 1]) * (L - (j + 1)) for j in range(K))
        d.zero(f"cross-check K = {K}: expanded", sp.expand(lhs - (v[0] * L - sum(v))))
    v1, vK1, S = sp.symbols("v1 v_next S", nonnegative=True)
    d.equal("g(K+1) − g(K) = v̄(K+1)/v̄(1) ≥ 0: g is non-decreasing in K (strictly iff v̄(K+1) > 0)",
            (S + vK1) / v1 - S / v1, vK1 / v1)
    d.argument("0 ≤ v̄(k) ≤ v̄(1) gives 1 ≤ g(K) ≤ K, and K − g(K) = Σ_k (v̄(1) − v̄(k))/v̄(1) = 0 iff v̄ is "
               "constant: g is the effective list length, a function of v̄, equal to K only when v̄ ≡ v̄(1)",
               "termwise bounds of non-negative summands")
    return proved(d.artefact(), method="Abel summation (every K) + exact expansion K = 1..10", scope="all")


def _order_as_printed_claim() -> Claim:
    v1, v2, L = sp.symbols("v1 v2 L")
    weight = (v1 - v2) * (L - 1) + v2 * (L - 2)
    return Claim(id="DCM-T2/order-as-printed[K=2]", spec_id="DCM-T2", source=LOC_SUMMARY, kind="identity",
                 expected=False, statement=sp.Eq(weight, v1 * (L - 2)),
                 domain={v1: (0, 1), v2: (0, 1), L: (3, 100)}, assumptions=[sp.Ge(v1, v2)],
                 description="the slide's O(γ(L−K) log n) for decreasing v̄, read with γ = v̄(1): Theorem 2's "
                             "weighted term count at K = 2 is v1(L−2) + (v1 − v2), so equality needs v1 = v2")


@register
def dcm_theorem_shape_claims():
    return [
        ProcedureClaim(id="DCM-T2/reduces-to-T1", spec_id="DCM-T2", source=LOC_T2, kind="identity", expected=True,
                       statement_text="for every K: with v̄(1) = … = v̄(K) = γ, v̄(K+1) = 0, Theorem 2's bound "
                                      "(including C) equals Theorem 1's bound",
                       decide=_decide_reduces, description="both are weighted sums of Proposition 1's bounds"),
        ProcedureClaim(id="DCM-T2/weight-sum", spec_id="DCM-T2", source=LOC_T2, kind="identity", expected=True,
                       statement_text="for every K: Σ_i (v̄(i) − v̄(i+1))(L − i) = v̄(1)(L − g(K)), g(K) = "
                                      "Σ_(k≤K) v̄(k)/v̄(1) non-decreasing, 1 ≤ g ≤ K, g = K iff v̄ constant",
                       decide=_decide_weight_sum, description="Abel summation; answers 'gはKの増加正値関数?'"),
        _order_as_printed_claim(),
    ]


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-SUMMARY-ORDER-LABELS", source_file=SRC.file, location="理論解析の結果(気持ち)",
    source_says="v̄(1) ≥ … ≥ v̄(K): O(γ(L−K) log n) (upper only); v̄(1) = … = v̄(K) = γ: upper O(γ(L−g(K)) log n)",
    truth="the labels are swapped (the later slides 定理1/定理2 have them right): v̄ ≡ γ gives Theorem 1, "
          "O(γ(L−K) log n) (times 1/α); decreasing v̄ gives Theorem 2 with weighted term count "
          "v̄(1)(L − g(K)), g(K) = Σ_k v̄(k)/v̄(1), which is v̄(1)(L−K) only when v̄ is constant",
    evidence_claims=("DCM-T2/reduces-to-T1", "DCM-T2/weight-sum", "DCM-T2/order-as-printed[K=2]"),
    conclusion_survives="yes: a summary-slide mislabel; the theorems as stated later are unaffected",
    spec_id="DCM-T2",
    severity="misprint", quotes=(
        r"$$O\Big(\gamma(L-K)\log(n)\Big)$$",
        "• \n$$\\bar{v}(1) = \\ldots = \\bar{v}(K) = \\gamma$$\n のとき",
        r"$$O\Big(\gamma(L-g(K))\log(n)\Big)$$",
    )))

ERRATUM_T2 = register_erratum(Erratum(
    id="ERR-DCM-T2-DCMKLUCB", source_file=SRC.file, spec_id="DCM-T2",
    location="定理2:期待リグレットの上限(一般形) (statement and header), its summary copy on "
             "'理論解析:以下の3つのバウンドを示す', and the overview '適当な仮定の下で期待リグレットの上限と下限を導出'",
    source_says="for v̄(1) ≥ … ≥ v̄(K), dcmKL-UCB's regret satisfies R(n) ≤ (1+ε) Σ_i (v̄(i) − v̄(i+1))/α "
                "Σ_{e>i} Δ_{e,i}(1+log(1/Δ_{e,i}))/D_KL(w̄(e)‖w̄(i)) (log n + 3 log log n) + C, i.e. "
                "O(γ(L − g(K)) log n)",
    truth="false inside the theorem's class: dcmKL-UCB's last-click records are selection-biased "
          "(ERR-DCM-ALG-SELECTION-BIAS), the order of the top items oscillates and the regret grows linearly. "
          "Exact mean-field map: w̄ = (4/5, 7/10), v̄ = (1/2, 0) has only a mixed stable point with regret ≈ 0.0105 "
          "per round (FB-FIX/dcmKL-UCB/dcm); simulation: L = 5, K = 2, w̄ = (0.7, 0.6, 0.25, 0.15, 0.05), "
          "v̄ = (0.3, 0.1), 20 runs to n = 10^6: slope of R(n) on log n over the last decade ≈ 1915 against ≈ 18.7 "
          "for the bound's known part (VIOL/DCM-T2/dcmKL-UCB, violated in simulation). The reduction to "
          "Proposition 1 (Lemmas 1 and 3, Abel summation, the prefix Lemma 2 step) is right; its input, "
          "Proposition 1 for i < K, is what fails (ERR-DCM-P1-DCMKLUCB)",
    evidence_claims=("FB-FIX/dcmKL-UCB/dcm", "FB-FIX/dcmKL-UCB/dcm/L3K2", "FB-UNBIASED/dcmKL-UCB/dcm",
                     "VIOL/DCM-T2/dcmKL-UCB", "VIOL/DCM-P1[i=1]/dcmKL-UCB"),
    conclusion_survives="no: an O(log n) bound cannot hold for dcmKL-UCB when v̄ is non-constant; with v̄ constant "
                        "the bound reduces to Theorem 1 (DCM-T2/reduces-to-T1), which is unproved but was not "
                        "found violated (VIOL/DCM-T1/dcmKL-UCB)",
    severity="wrong-result", quotes=(
        "適当な仮定の下で期待リグレットの上限と下限を導出",
        r"$$\begin{split} R(n) & \leq (1+\varepsilon) \sum_{i=1}^K \frac{\bar{v}",
        "$$ar{v}(1) \\geq \\ldots \\geq ar{v}(K)$$\n のとき  $O\\Big(\\gamma(L-g(K))\\log(n)\\Big)$",
        r"$$R(n) \leq (1+\varepsilon) \sum_{i=1}^{K} \frac{\bar{v}(i) ",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1, ERRATUM_T2)
