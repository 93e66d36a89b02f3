"""OD-T1 proof structure: what the text of Theorem 1's proof gives, step by step (Lemma 1's union-bound
steps: :mod:`clickbound.lemmas.depth.lemma1.proof_steps`).

Source ``001_eb740855b56fcd8b.txt``, 5 リグレット解析 (定理 1, its Proof, 補題 1 and its Proof, the
last display of the proof, 注意 1 eq. (5)).  Source letters: K items, L slots (the project's notation swaps them).

* **OD-T1/split** (true): ``Δ·1[E] + Δ·1[E^c] = Δ`` pointwise, so Reg(T) splits into the two sums
  (linearity of expectation).
* **OD-T1/zeta-convergence** (true): ``Σ_{t>=1} t^{−2α} = ζ(2α)`` is finite iff α > 1/2; at α = 1/2, the
  experiments' value, it diverges.
* **OD-T1/delta-astar-zero** (true): ``Δ_{a*} = Σ_j P_j (θ_(j) − θ_{a*_j}) = 0`` identically, so the
  ``Δ_{a*}`` the proof's last display and eq. (5) divide by is 0 (a misprint for ``Δ_{a**}``).
* **OD-T1/text-gives-lemmas-3-5** (expected false): the proof of Theorem 1 bounds its first term "by
  補題 5" and ends "(補題 4 より)"; the text never states 補題 3, 4 or 5, and Lemma 2's proof breaks off
  mid-sentence ("…起こっているとす") and resumes inside the last display of Theorem 1's proof.  Decided by
  exact string search in the source text.
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Claim, Derivation, Outcome, claim_family, derived, refuted, source, survived

SRC = source("depth")
LOC_T1 = "5 リグレット解析 > 定理 1, Proof"
LOC_L1 = "5 リグレット解析 > 補題 1, Proof"
LOC_LAST = "5 リグレット解析 > last display of Theorem 1's proof (補題 4 より); 注意 1 eq. (5)"
#: what the proof cites and what the text must contain for it to be complete
CITED = ("補題 3", "補題 4", "補題 5")
BREAK = "このとき事象 \\mathcal{E}_t が起こっているとす\n"


def zeta_proof():
    a, t = sp.symbols("alpha t", positive=True)
    d = Derivation("Σ_{t>=1} t^(−2α) = ζ(2α), finite iff α > 1/2")
    sol = sp.solve_univariate_inequality(2 * a > 1, a, relational=False)
    d.holds("p-series Σ t^(−s) converges iff s > 1; s = 2α > 1 iff α > 1/2",
            sp.true if sol == sp.Interval.open(sp.Rational(1, 2), sp.oo) else sp.false, sp.sstr(sol))
    for av in (sp.Rational(3, 4), sp.Integer(1), sp.Rational(3, 2)):
        val = sp.summation(t ** (-2 * av), (t, 1, sp.oo))
        d.equal(f"α = {av}: Σ t^(−{2 * av}) = ζ({2 * av})", val, sp.zeta(2 * av))
    val = sp.summation(t ** -1, (t, 1, sp.oo))
    d.holds("α = 1/2 (the experiments' value): Σ t^(−1) diverges", sp.true if val == sp.oo else sp.false,
            sp.sstr(val))
    return d.artefact()


def delta_astar_proof():
    d = Derivation("Δ_{a*} = Σ_j P_j(θ_(j) − θ_{a*_j}) = 0, a*_j = (j), every number of slots")
    for L in range(1, 6):
        P = sp.symbols(f"P1:{L + 1}")
        th = sp.symbols(f"theta1:{L + 1}")  # θ_(1..L), a* puts (j) at slot j
        d.zero(f"L = {L}: Σ_j P_j(θ_(j) − θ_(a*_j))", sum(P[j] * (th[j] - th[j]) for j in range(L)))
    j, L = sp.symbols("j L", integer=True, positive=True)
    P, th = sp.Function("P"), sp.Function("theta")
    d.zero("symbolic L: Σ_(j=1..L) P_j(θ_(j) − θ_(a*_j)) with a*_j = (j) (the definition of a*)",
           sp.Sum(P(j) * (th(j) - th(j)), (j, 1, L)).doit())
    return d.artefact()


def decide_text(budget_s: float) -> Outcome:
    from clickbound.lemmas.ledger import source_text

    text = source_text(SRC.file)
    stated = {c: text.count(c + ".") for c in CITED}  # a lemma is stated as "補題 N." (cf. "補題 1.", "補題 2.")
    cited = {c: text.count(c) for c in CITED}
    own = {c: text.count(c + ".") for c in ("補題 1", "補題 2")}
    evidence = {"occurrences": cited, "stated_as_'補題 N.'": stated, "control: lemmas 1 and 2 stated": own,
                "break": "Lemma 2's proof ends at '…起こっているとす' and the next display starts with '& + Σ_i Σ_t'",
                "break_found": BREAK in text}
    if all(stated[c] >= 1 for c in CITED):
        return survived("exact string search in the source text", **evidence)
    return refuted("exact string search in the source text",
                   counterexample={"never stated": [c for c in CITED if stated[c] == 0]}, **evidence)


@register
def claims():
    D, e = sp.symbols("Delta e")
    claim = claim_family(spec_id="OD-T1")
    yield Claim(id="OD-T1/split", spec_id="OD-T1", source=SRC.at(LOC_T1), kind="identity", expected=True,
                statement=sp.Eq(D * e + D * (1 - e), D), domain={D: (0, 100), e: (0, 1)},
                description="pointwise Δ·1[E_t] + Δ·1[E_t^c] = Δ (e the indicator); Reg(T) splits by linearity")
    yield claim(
        id="OD-T1/zeta-convergence", source=SRC.at(f"定理 1 (ζ(s) converges for s > 1) and {LOC_L1}"),
        kind="identity", expected=True,
        statement_text="Σ_{t>=1} t^{−2α} = ζ(2α) < ∞ iff α > 1/2 (diverges at α = 1/2)",
        decide=derived(zeta_proof, "sympy summation"), description="p-series")
    yield claim(
        id="OD-T1/delta-astar-zero", source=SRC.at(LOC_LAST), kind="identity", expected=True,
        statement_text="Δ_{a*} = 0 for every instance (so 1/Δ_{a*} in the proof's last display and eq. (5) is "
                       "undefined; Theorem 1's statement has Δ_{a**})",
        decide=derived(delta_astar_proof, "definition, termwise"), description="Δ of the optimal ranking")
    yield claim(
        id="OD-T1/text-gives-lemmas-3-5", source=SRC.at(LOC_T1), kind="computation",
        expected=False,
        statement_text="the text states 補題 3, 補題 4 and 補題 5, which the proof of Theorem 1 cites",
        decide=decide_text, description="exact string search: the lemmas are cited but never stated")


register_erratum(Erratum(
    id="ERR-OD-T1-DELTA-ASTAR", spec_id="OD-T1", source_file=SRC.file, location=LOC_LAST,
    source_says="n_i(t) <= 16α(Σ_{k<=d} P_k)² log T / Δ_{a*}² and (… + L/Δ_{a*}) in the last display of "
                "Theorem 1's proof, and L/Δ_{a*} in eq. (5) (Lagrée et al. Theorem 9 as quoted)",
    truth="Δ_{a*} = 0 by the source's own definition of Δ_a (a* is optimal), so these terms divide by 0; "
          "Theorem 1's statement has Δ_{a**} (the second-best ranking's gap), which is what is meant",
    evidence_claims=("OD-T1/delta-astar-zero",),
    conclusion_survives="yes (a misprint; the statement of Theorem 1 uses Δ_{a**}), but the step itself "
                        "cannot be checked because Lemmas 3–5 are not in the text",
    severity="misprint", quotes=(
        "& + \\sum_{i=1}^K \\sum_{t=1}^T \\mathbb{1} \\left[i \\in \\mathbf{a}(t), n_i(t) \\leq \\frac{16\\alpha \\left(\\sum_{k=1}^d P_k \\right)^2 \\log T}{\\Delta_{\\mathbf{a}^*}^2} \\right] \\Delta_{\\mathbf{a}(t)} \\\\",
        r"\times \left(\sum_{i=L+1}^K \frac{1}{P_L(\theta_{(L)} - \theta_{(i)})} + \frac{L}{\Delta_{\mathbf{a}^*}} \right) \quad (\text{補題 4 より})",
        "\\frac{L}{\\Delta_{\\mathbf{a}^*}} \\right) \\\\",
    )))
