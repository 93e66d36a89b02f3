"""OD-L1 proof steps: the union-bound steps of the display in the proof of the carousel paper's Lemma 1.

Source ``001_eb740855b56fcd8b.txt``, 5 リグレット解析 > 補題 1, Proof.

* **OD-L1/union-bound** (true): the union-bound steps of Lemma 1's display:
  ``{|x| > r} = {x > r} ∪ {x < −r}`` for r >= 0, ``Pr(A ∪ B) <= Pr(A) + Pr(B)``, by induction over K events.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import Atom, verify_certificate
from clickbound.lemmas.support.kit import Derivation, ProcedureClaim, derived, source

SRC = source("depth")
LOC_L1 = "5 リグレット解析 > 補題 1, Proof"


def union_bound_proof():
    d = Derivation("Lemma 1's union-bound steps: {|x| > r} = {x > r} ∪ {x < −r} (r >= 0); Pr(∪ A_i) <= Σ Pr(A_i)")
    rp = sp.Symbol("r", positive=True)
    xs = sp.Symbol("x", real=True)
    lhs = sp.solve_univariate_inequality(sp.Abs(xs) > rp, xs, relational=False)
    rhs = sp.Union(sp.Interval.open(-sp.oo, -rp), sp.Interval.open(rp, sp.oo))
    d.holds("{x : |x| > r} == (−∞, −r) ∪ (r, ∞) for r > 0 (r = 0: both are ℝ \\ {0})",
            sp.true if lhs == rhs else sp.false, sp.sstr(lhs))
    pa, pb, pab = sp.symbols("p_A p_B p_AB", real=True)
    facts = {sp.expand(pab): "Pr(A ∩ B) >= 0"}
    d.steps.append(verify_certificate("Pr(A) + Pr(B) − Pr(A ∪ B) = Pr(A ∩ B) >= 0 (inclusion–exclusion)",
                                      (pa + pb) - (pa + pb - pab), Atom(pab), facts))
    d.cited("Pr(A_1 ∪ … ∪ A_K) <= Pr(A_1 ∪ … ∪ A_{K−1}) + Pr(A_K) <= Σ_i Pr(A_i), induction on K",
            "Boole's inequality (the union bound), by induction on K from the two-event certificate above")
    return d.artefact()


@register
def claims():
    yield ProcedureClaim(
        id="OD-L1/union-bound", spec_id="OD-L1", source=SRC.at(LOC_L1), kind="inequality", expected=True,
        statement_text="Pr(∪_{i<=K} {|X_i| > r_i}) <= Σ_i [Pr(X_i > r_i) + Pr(X_i < −r_i)] for every K, r_i >= 0",
        decide=derived(union_bound_proof, "set identity + inclusion–exclusion certificate"),
        description="the first three steps of Lemma 1's display")
