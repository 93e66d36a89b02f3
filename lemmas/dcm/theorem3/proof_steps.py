"""Single steps of the DCM Theorem 3 proof (source 000).

Source ``000_0b27131c69d8f24c.txt``, slide '定理3:期待リグレットの下限(特殊形)'
("各アイテムについて、実際にアイテムとして出された回数 ≥ DBに入った回数"):

* ``DCM-T3/Tn-vs-shown`` (expected false) — ``T_n(e)`` includes the initial ``T_0(e) = 1`` from
  ``w_0``, so "shown ≥ recorded" fails (an item never shown has ``T_n(e) = 1``);
* ``DCM-T3/Tn-minus-one`` — ``T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}`` for every policy and realisation
  (erratum ``ERR-DCM-T3-TN-INIT``; the liminf is unchanged).
"""
from __future__ import annotations

import itertools

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, proved, refuted, source

SRC = source("dcm")
LOC_T3 = SRC.at("定理3:期待リグレットの下限(特殊形) ('実際にアイテムとして出された回数 ≥ DBに入った回数')")


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
    return refuted("exact counterexample", counterexample={
        "L": 2, "K": 1, "n": 1, "A_1": "(item 1)", "clicks": "(0,)", "item": 2,
        "times shown": shown[1], "T_n(e) (T_0 = 1 from w_0)": T[1]})


def _decide_tn_minus_one(budget_s: float) -> Outcome:
    d = Derivation("for every policy, realisation and n: T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}")
    t, n = sp.symbols("t n", integer=True, positive=True)
    Tf = sp.Function("T")
    d.cited("round t adds 1 to T(e) iff e = a_k^t for some k ≤ min(C_last, K) (Algorithm 1's update loop); "
            "the items of A_t are distinct, so the increment is ≤ 1{e ∈ A_t}",
            SRC.assumption(r"$\min\left\{\mathbf{C}_t^{\mathrm{last}},K\right\}$  までのアイテムのログをDBに保存"))
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
                return refuted("exact enumeration", counterexample={"K": K, "clicks": c})
            m += 1
    d.holds("cross-check: one round, every click vector, K = 1..6 (each item's increment ≤ shown)", m == 126,
            f"{m} click vectors")
    return proved(d.artefact(), method="increment bound + telescoping (symbolic n); enumeration", scope="all")


@register
def dcm_t3_proof_steps_claims():
    return [
        ProcedureClaim(id="DCM-T3/Tn-vs-shown", spec_id="DCM-T3", source=LOC_T3, kind="inequality", expected=False,
                       decide=_decide_tn_vs_shown,
                       statement_text="for every policy and n: #{t ≤ n : e ∈ A_t} ≥ T_n(e) (T_n counts T_0(e) = 1)",
                       description="an item never shown has T_n(e) = 1 > 0"),
        ProcedureClaim(id="DCM-T3/Tn-minus-one", spec_id="DCM-T3", source=LOC_T3, kind="inequality", expected=True,
                       decide=_decide_tn_minus_one,
                       statement_text="for every policy, realisation and n: T_n(e) − 1 ≤ #{t ≤ n : e ∈ A_t}",
                       description="per-round increment ≤ shown; telescoping over symbolic n"),
    ]


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-T3-TN-INIT", source_file=SRC.file,
    location="定理3:期待リグレットの下限(特殊形), step 'B_LBの仮定 ≥ γαΔ Σ E[T_n(e)]'",
    source_says="γα E[Σ_t (Σ_k w_t(a*_k) − Σ_k w_t(a^t_k))] ≥ γαΔ Σ_{e=K+1}^L E[T_n(e)], because "
                "'実際にアイテムとして出された回数 ≥ DBに入った回数'",
    truth="T_n(e) counts the initial observation w_0 (T_0(e) = 1), so only times shown ≥ T_n(e) − 1 and the step "
          "gives γαΔ Σ_e (E[T_n(e)] − 1); an item never shown has T_n(e) = 1",
    evidence_claims=("DCM-T3/Tn-vs-shown", "DCM-T3/Tn-minus-one"),
    conclusion_survives="yes: the −(L−K) term vanishes after dividing by log n, so the liminf and Theorem 3 stand",
    spec_id="DCM-T3",
    severity="misprint", quotes=(
        "$$m{B}$$\nLBの仮定  $\\geq \\gamma l",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1,)
