"""DCM Theorem 3 against Theorem 1 on the lower-bound instance ``B_LB`` (source 000).

Source ``000_0b27131c69d8f24c.txt``, slides '定理1', '定理3', '実験1' (the order
``O(γ(L−K) Δ(1+log(1/Δ))/D_KL(p−Δ‖p) log n)`` on ``B_LB``) and the summary's "regret最適保証".

* ``DCM-T13/BLB-ratio`` — on ``B_LB``, Theorem 1's log-n coefficient (ε → 0) is
  ``(γ/α)(L−K)Δ(1+log(1/Δ))/D_KL(p−Δ‖p)`` and its ratio to Theorem 3's is ``(1+log(1/Δ))/α² ≥ 1``.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, source

SRC = source("dcm")
LOC_T13 = SRC.at("定理1, 定理3, 実験1 (上限 on B_LB) and まとめ ('regret最適保証')")


def _decide_ratio(budget_s: float) -> Outcome:
    d = Derivation("on B_LB: Theorem 1's log n coefficient / Theorem 3's constant = (1 + log(1/Δ))/α² ≥ 1")
    g, al, Dl, D = sp.symbols("gamma alpha Delta D", positive=True)  # D = D_KL(p − Δ ‖ p) > 0
    L, K, e = sp.symbols("L K e", integer=True, positive=True)
    c = Dl * (1 + sp.log(1 / Dl)) / D
    d.argument("on B_LB(L, [K], p, Δ, γ) every e > K has Δ_(e,K) = p − (p − Δ) = Δ and D_KL(w̄(e)‖w̄(K)) = "
               "D_KL(p − Δ‖p) = D, so each term of Theorem 1's sum is c = Δ(1 + log(1/Δ))/D",
               "the definition of B_LB (DCM-BLB) and of Δ_(e,i)")
    t1 = sp.summation(g / al * c, (e, K + 1, L))
    d.equal("Σ_(e=K+1..L) (γ/α) c = (γ/α)(L − K) Δ(1 + log(1/Δ))/D (ε → 0)", t1, g / al * (L - K) * c)
    t3 = g * al * (L - K) * Dl / D
    ratio = sp.simplify(t1 / t3)
    d.equal("ratio to Theorem 3's γα(L − K)Δ/D", ratio, (1 + sp.log(1 / Dl)) / al ** 2)
    d.argument("0 < Δ ≤ 1 gives log(1/Δ) ≥ 0 and 0 < α ≤ 1 gives 1/α² ≥ 1, so the ratio is ≥ 1, = 1 only at "
               "Δ = 1 = α (p = 1, K = 1): the bounds match in L − K, γ and log n, not in Δ or α",
               "monotonicity of log and of x ↦ 1/x²")
    return proved(d.artefact(), method="derivation", scope="all")


@register
def dcm_t13_ratio_claims():
    return [
        ProcedureClaim(id="DCM-T13/BLB-ratio", spec_id="DCM-T3", source=LOC_T13, kind="identity", expected=True,
                       statement_text="on B_LB(L, [K], p, Δ, γ): Theorem 1's log n coefficient (ε → 0) is "
                                      "(γ/α)(L−K)Δ(1+log(1/Δ))/D_KL(p−Δ‖p), (1+log(1/Δ))/α² ≥ 1 times Theorem 3's",
                       decide=_decide_ratio, description="upper and lower bound differ by (1+log(1/Δ))/α²"),
    ]
