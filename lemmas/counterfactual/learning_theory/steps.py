"""Line-by-line steps of source 002's statistical-learning-theory articles (ledger).

Source ``002_3ec5ec57f55c1fdf.txt``, "統計的学習理論(Rademacher Complexityを用いた期待損失の導出)" and
"統計的学習理論(有限仮説集合の場合の予測損失の上界)".  CONC-RADEMACHER
(:mod:`clickbound.lemmas.counterfactual.learning_theory.rademacher`) checks the three final bounds by exact coverage;
this module checks the steps of their derivations:

* RAD-BD — the bounded-difference step for ``R̂_S``: printed with ``|g(S) − g(S')| = E_σ[sup − sup]``
  (absolute value dropped; refuted) and the repaired ``|R̂_S − R̂_S'| <= M/n`` (proved).
* RAD-TAIL — McDiarmid with ``c_i = M/n`` and its inversion ``ε = M sqrt(log(2/δ)/(2n))`` (proved,
  0 < δ < 2, with "≥ 1 − δ/2", not the printed "> 1 − δ/2"); RAD-DELTA — the statements' "δ > 0"
  (for δ > 2 the radius is not real; refuted).
* RAD-ULLN — the bounded-difference step of ``φ(S) = sup_g (E g − mean_S g)``: printed with
  ``g(z_i) − g(z'_i)`` (sign swapped; refuted), repaired (proved); RAD-SYMM — the symmetrisation
  chain ``E φ <= 2 R_n`` (argument steps, cross-checked exactly on instances).

The L_p-loss section and the finite-class article are in :mod:`clickbound.lemmas.counterfactual.learning_theory.lp_loss_finite_class`.

Refutations are exact (rationals; ``sqrt(log)`` comparisons via ``exp_compare``).  Proofs are
:class:`Derivation` objects for every n, M, δ (scope "all"); steps about suprema and exchangeability
are recorded as arguments and cross-checked on exactly enumerated instances.

ERR-RAD-DELTA-RANGE demoted out of the errata (errata review): 'δ > 0' for a confidence parameter is the usual
convention δ ∈ (0, 1); the radius is undefined only for δ > 2, where 'probability at least 1 − δ/2' is
vacuous. RAD-DELTA/radius-real-as-stated stays as the check behind the ledger note.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.counterfactual.learning_theory.rademacher import empirical_rademacher
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Claim, Derivation, claim_family, derived, refuted, source

SRC = source("counterfactual")
RAD = "統計的学習理論(Rademacher Complexityを用いた期待損失の導出)"
FIN = "統計的学習理論(有限仮説集合の場合の予測損失の上界)"
SEED = 20021197
N_CROSS = 12  # exactly enumerated cross-check instances per claim


def _inst(rng, nz=2, max_g=3, max_n=3, lo=0):
    D = [Fraction(int(w), 1) for w in rng.integers(1, 5, size=nz)]
    D = [w / sum(D) for w in D]
    G = [[Fraction(int(v), 4) for v in rng.integers(lo, 5, size=nz)] for _ in range(int(rng.integers(1, max_g + 1)))]
    return D, G, int(rng.integers(1, max_n + 1))


def _instances(offset, **kw):
    rng = np.random.default_rng(np.random.SeedSequence(SEED + offset))
    return [_inst(rng, **kw) for _ in range(N_CROSS)]


def phi(D, G, sample):
    """``φ(S) = max_g (E_D g − mean_S g)`` (exact)."""
    n = len(sample)
    return max(sum(p * g[z] for z, p in enumerate(D)) - sum(g[z] for z in sample) / n for g in G)


def _sup_difference_argument(d, what):
    d.argument(f"for each σ (or each sample), sup_g A_g − sup_g B_g <= sup_g (A_g − B_g): A_g = B_g + (A_g − B_g) <= "
               f"sup B + sup (A − B) for every g ({what})", "definition of the supremum")


def _abs_certificate(d):
    a, b, M = sp.symbols("a b M", real=True)
    d.equal("|a − b| <= M for a, b ∈ [0, M]: M − (a − b) = (M − a) + b, a sum of terms >= 0", M - (a - b), (M - a) + b)
    d.equal("… and M − (b − a) = (M − b) + a >= 0", M - (b - a), (M - b) + a)


# ------------------------------------------------------------------ RAD-BD

def bd_abs_decide(budget_s):
    G = [[Fraction(0), Fraction(1)], [Fraction(0), Fraction(0)]]  # g1(z) = z, g2 = 0 on Z = {0, 1}, M = 1
    rs, rs2 = empirical_rademacher(G, (0,)), empirical_rademacher(G, (1,))
    lhs, rhs = abs(rs - rs2), rs - rs2  # the printed right side is E_σ[sup(S) − sup(S')] = R̂_S − R̂_S'
    if lhs == rhs:  # pragma: no cover
        raise AssertionError("RAD-BD counterexample did not verify")
    return refuted("exact enumeration of σ (rational arithmetic)",
                   counterexample={"G": "{z ↦ z, z ↦ 0} on Z = {0, 1}", "n": 1, "S": (0,), "S'": (1,)},
                   **{"R̂_S (S = {0})": rs, "R̂_S' (S' = {1})": rs2, "|R̂_S − R̂_S'|": lhs,
                      "E_σ[sup − sup] (printed right side)": rhs})


def bd_proof():
    d = Derivation("|R̂_S(G) − R̂_S'(G)| <= M/n for G ⊂ {g: Z → [0, M]}, S, S' differing in z_i, every n")
    _sup_difference_argument(d, "A_g = (1/n)Σ_j σ_j g(z_j) on S, B_g on S'")
    A, a, b, n, s = sp.symbols("A a b n sigma", real=True)
    d.equal("A_g − B_g = (1/n)(σ_i g(z_i) − σ_i g(z'_i)) (the other n − 1 terms, A, cancel)",
            (A + s * a) / n - (A + s * b) / n, s * (a - b) / n)
    _abs_certificate(d)
    d.argument("|σ_i (g(z_i) − g(z'_i))| = |g(z_i) − g(z'_i)| <= M (σ_i = ±1); so R̂_S − R̂_S' = E_σ[sup A − sup B] "
               "<= M/n, and the same with S, S' exchanged bounds R̂_S' − R̂_S", "the steps above; E_σ monotone")
    worst = Fraction(0)
    for D, G, nn in _instances(0):
        for S in itertools.product(range(len(D)), repeat=nn):
            for i, z in itertools.product(range(nn), range(len(D))):
                S2 = S[:i] + (z,) + S[i + 1:]
                worst = max(worst, abs(empirical_rademacher(G, S) - empirical_rademacher(G, S2)) * nn)
    d.holds(f"cross-check: max n·|R̂_S − R̂_S'| over {N_CROSS} instances (every S, i, z'_i enumerated) <= M = 1",
            worst <= 1, f"max = {worst}")
    return d.artefact()


# ------------------------------------------------------------------ RAD-TAIL, RAD-DELTA

def tail_proof():
    d = Derivation("McDiarmid with c_i = M/n: P(E f − f >= ε) <= exp(−2nε²/M²); it equals δ/2 at "
                   "ε = M sqrt(log(2/δ)/(2n)) (0 < δ < 2), hence P(E f − f <= ε) >= 1 − δ/2, every n, M")
    n, M, eps, dl = sp.symbols("n M epsilon delta", positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    ci2 = sp.Sum((M / n) ** 2, (i, 1, n)).doit()
    d.equal("Σ_(i=1..n) c_i² = n·(M/n)² = M²/n", ci2, M ** 2 / n)
    d.equal("McDiarmid exponent 2ε²/Σc_i² = 2nε²/M²", 2 * eps ** 2 / ci2, 2 * n * eps ** 2 / M ** 2)
    e_star = M * sp.sqrt(sp.log(2 / dl) / (2 * n))
    d.equal("exp(−2n ε*²/M²) = δ/2 at ε* = M sqrt(log(2/δ)/(2n)) (log(2/δ) > 0 for δ < 2)",
            sp.exp(-2 * n * e_star ** 2 / M ** 2), dl / 2)
    d.equal("ε* is the positive root: (ε*)² = M² log(2/δ)/(2n)", e_star ** 2, M ** 2 * sp.log(2 / dl) / (2 * n))
    d.cited("P(X <= ε) >= P(X < ε) = 1 − P(X >= ε) >= 1 − δ/2 (complement): '>= 1 − δ/2' follows, the "
            "strict '> 1 − δ/2' does not",
            "Kolmogorov's axioms of probability (complement rule, monotonicity of P)")
    d.cited("McDiarmid's inequality for the lower tail is its upper tail applied to −f (same c_i)",
            "McDiarmid (1989), On the method of bounded differences (applied to −f)")
    return d.artefact()


RAD_DELTA = sp.Symbol("delta")


# ------------------------------------------------------------------ RAD-ULLN, RAD-SYMM

def ulln_sign_decide(budget_s):
    D, G = [Fraction(1, 2), Fraction(1, 2)], [[Fraction(0), Fraction(1)]]  # g(z) = z, z ~ Ber(1/2), n = 1
    S, S2 = (0,), (1,)
    lhs = phi(D, G, S) - phi(D, G, S2)
    printed = max((g[S[0]] - g[S2[0]]) / 1 for g in G)
    if lhs <= printed:  # pragma: no cover
        raise AssertionError("RAD-ULLN sign counterexample did not verify")
    return refuted("exact (rational arithmetic)",
                   counterexample={"G": "{z ↦ z}", "D": "uniform on {0, 1}", "n": 1, "S": S, "S'": S2},
                   **{"φ(S) − φ(S')": lhs, "sup_g (g(z_i) − g(z'_i))/n (printed)": printed,
                      "sup_g (g(z'_i) − g(z_i))/n (repaired)": max(g[S2[0]] - g[S[0]] for g in G)})


def ulln_bd_proof():
    d = Derivation("φ(S) − φ(S') <= sup_g (g(z'_i) − g(z_i))/n <= M/n, φ(S) = sup_g (E g − mean_S g), every n")
    _sup_difference_argument(d, "A_g = E g − mean_S g, B_g = E g − mean_S' g")
    E, A, a, b, n = sp.symbols("E A a b n", real=True)
    d.equal("A_g − B_g = (g(z'_i) − g(z_i))/n, z_i in S replaced by z'_i in S' (A = the other n − 1 values)",
            (E - (A + a) / n) - (E - (A + b) / n), (b - a) / n)
    _abs_certificate(d)
    worst = Fraction(0)
    for D, G, nn in _instances(1):
        for S in itertools.product(range(len(D)), repeat=nn):
            for i, z in itertools.product(range(nn), range(len(D))):
                S2 = S[:i] + (z,) + S[i + 1:]
                diff = phi(D, G, S) - phi(D, G, S2)
                bound = max(g[S2[i]] - g[S[i]] for g in G) / nn
                if diff > bound:  # pragma: no cover
                    raise AssertionError(f"ULLN bounded difference fails at {D, G, S, S2}")
                worst = max(worst, diff * nn)
    d.holds(f"cross-check: φ(S) − φ(S') <= sup_g (g(z'_i) − g(z_i))/n at every S, i, z'_i of {N_CROSS} instances; "
            "max n(φ(S) − φ(S')) <= M = 1", worst <= 1, f"max = {worst}")
    return d.artefact()


def symm_values(D, G, n):
    """Exact ``(E_S φ(S), E_{S,S'} sup_g mean(g(z') − g(z)), E_{σ,S,S'} sup_g mean σ(g(z') − g(z)), 2 R_n)``."""
    nz = len(D)
    seqs = list(itertools.product(range(nz), repeat=n))
    pr = {s: np.prod([D[z] for z in s], dtype=object) for s in seqs}
    e_phi = sum(pr[s] * phi(D, G, s) for s in seqs)
    e_pair = sum(pr[s] * pr[t] * max(sum(g[t[i]] - g[s[i]] for i in range(n)) / n for g in G)
                 for s in seqs for t in seqs)
    sigmas = list(itertools.product((-1, 1), repeat=n))
    e_sig = sum(pr[s] * pr[t] * Fraction(1, len(sigmas)) *
                max(sum(sg[i] * (g[t[i]] - g[s[i]]) for i in range(n)) / n for g in G)
                for s in seqs for t in seqs for sg in sigmas)
    rn = sum(pr[s] * empirical_rademacher(G, s) for s in seqs)
    return e_phi, e_pair, e_sig, 2 * rn


def symm_proof():
    d = Derivation("E_S φ(S) <= E_{S,S'} sup_g (1/n)Σ(g(z'_i) − g(z_i)) = E_{σ,S,S'} sup_g (1/n)Σσ_i(g(z'_i) − g(z_i)) "
                   "<= 2 R_n(G), every n")
    d.argument("E g = E_S'[(1/n)Σ g(z'_i)] (S' an independent copy); sup_g E_S'[X_g] <= E_S'[sup_g X_g] since "
               "X_g <= sup_h X_h pointwise and E is monotone", "linearity and monotonicity of E")
    d.argument("for fixed σ, exchanging z_i ↔ z'_i at the i with σ_i = −1 maps (S, S') to a pair with the same law "
               "(i.i.d. coordinates) and turns Σ(g(z'_i) − g(z_i)) into Σσ_i(g(z'_i) − g(z_i)) for every g at once; "
               "the source's reason (each term has the same law) is weaker than this joint-law statement",
               "the coordinates of (S, S') are i.i.d. and independent of σ")
    d.argument("sup_g (a_g + b_g) <= sup a + sup b; −σ has the law of σ; renaming S' as S gives R_n twice",
               "definition of sup; σ uniform on {±1}^n")
    rows = [symm_values(D, G, nn) for D, G, nn in _instances(2, max_n=2)]
    ok = all(e_phi <= e_pair and e_pair == e_sig and e_sig <= two_rn for e_phi, e_pair, e_sig, two_rn in rows)
    d.holds(f"cross-check on {N_CROSS} instances (all S, S', σ enumerated): E φ <= E sup(pair) = E sup σ(pair) <= 2R_n",
            ok, f"(E φ, E sup pair, E sup σ pair, 2R_n) of the first three: {[tuple(map(str, r)) for r in rows[:3]]}")
    return d.artefact()


# ------------------------------------------------------------------ registration

@register
def rademacher_step_claims():
    pc = claim_family(spec_id="CONC-RADEMACHER", kind="inequality", expected=True)
    rv = f"{RAD}, Rademacher Complexity vs Empirical Rademacher Complexity"
    ul = f"{RAD}, Uniform law of large numbers"
    return [
        pc(id="RAD-BD/abs-as-printed", statement_text="|R̂_S(G) − R̂_S'(G)| = E_σ[sup_g (1/n)Σσ_j g(z_j) − "
           "sup_g (… with z'_i)] (absolute value dropped, as printed)", decide=bd_abs_decide,
           source=SRC.at(f"{rv} (導出)"), kind="identity", expected=False),
        pc(id="RAD-BD/bounded-difference", statement_text="for every n and G ⊂ {g: Z → [0, M]}: changing one "
           "point changes R̂_S(G) by at most M/n", decide=derived(bd_proof), source=SRC.at(f"{rv} (導出)")),
        pc(id="RAD-TAIL/mcdiarmid-inversion", statement_text="McDiarmid with c_i = M/n gives exp(−2nε²/M²); "
           "it equals δ/2 at ε = M sqrt(log(2/δ)/(2n)) (0 < δ < 2), so the deviation is <= ε with probability "
           ">= 1 − δ/2, every n, M", decide=derived(tail_proof), source=SRC.at(f"{rv}; {ul}")),
        Claim(id="RAD-DELTA/radius-real-as-stated", spec_id="CONC-RADEMACHER", source=SRC.at(f"{rv}; {ul}"),
              statement=sp.Ge(sp.log(2 / RAD_DELTA), 0), domain={RAD_DELTA: (sp.Rational(1, 100), sp.Integer(4))},
              kind="inequality", expected=False,
              description="The statements allow every δ > 0; the radius sqrt(log(2/δ)/(2n)) is real only for δ <= 2."),
        pc(id="RAD-ULLN/bd-sign-as-printed", statement_text="φ(S) − φ(S') <= sup_g (g(z_i) − g(z'_i))/n with "
           "φ(S) = sup_g (E g − mean_S g) (as printed)", decide=ulln_sign_decide, source=SRC.at(f"{ul} (導出)"),
           expected=False),
        pc(id="RAD-ULLN/bounded-difference", statement_text="for every n: φ(S) − φ(S') <= sup_g (g(z'_i) − "
           "g(z_i))/n <= M/n", decide=derived(ulln_bd_proof), source=SRC.at(f"{ul} (導出)")),
        pc(id="RAD-SYMM/chain", statement_text="for every n: E_S φ(S) <= E_{S,S'} sup_g (1/n)Σ(g(z'_i) − g(z_i)) = "
           "E_{σ,S,S'} sup_g (1/n)Σσ_i(g(z'_i) − g(z_i)) <= 2R_n(G)",
           decide=derived(symm_proof, "derivation (arguments, exact cross-check)"), source=SRC.at(f"{ul} (導出)")),
    ]


register_erratum(Erratum(
    id="ERR-RAD-BD-ABS", spec_id="CONC-RADEMACHER", source_file=SRC.file, location=f"{RAD}, Rademacher vs Empirical, 導出",
    source_says="|g(z_1..z_i..z_n) − g(z_1..z'_i..z_n)| = E_σ[sup_g (1/n)Σσ_j g(z_j) − sup_g (… − σ_i g(z_i)/n + "
                "σ_i g(z'_i)/n)]",
    truth="the right side is g(S) − g(S') without absolute value (G = {z ↦ z, 0}, n = 1, S = {0}, S' = {1}: "
          "|·| = 1/2, right side −1/2); bound g(S) − g(S') <= M/n and, exchanging S and S', g(S') − g(S) <= M/n",
    evidence_claims=("RAD-BD/abs-as-printed", "RAD-BD/bounded-difference"),
    conclusion_survives="yes: the bounded difference M/n, hence the McDiarmid step, holds",
    severity="misprint", quotes=(
        "& | g(z_1, ..., z_i, .., z_n) - g(z_1, ..., z'_i, .., z_n) | \\\\",
    )))
register_erratum(Erratum(
    id="ERR-RAD-EPS-SOLVE", spec_id="CONC-RADEMACHER", source_file=SRC.file, location=f"{RAD}, Rademacher vs Empirical, 導出",
    source_says="exp(−2nε²/M²) = δ/2 ⇔ M sqrt(log(2/δ)/(2n)); then P(R_n − R̂_S <= M sqrt(…)) > 1 − δ/2",
    truth="the equivalence reads ⇔ ε = M sqrt(log(2/δ)/(2n)) (the 'ε =' is missing; the value is right); the "
          "complement of {R_n − R̂_S >= ε} gives P(R_n − R̂_S <= ε) >= 1 − δ/2, not the strict > printed",
    evidence_claims=("RAD-TAIL/mcdiarmid-inversion",),
    conclusion_survives="yes: the statement claims 'at least 1 − δ/2', which is what the repaired step gives",
    severity="notation", quotes=(
        r"\exp \left( - \frac{ 2 n \epsilon^2 }{M^2} \right) = \frac{\delta}{2} \:  \Leftrightarrow  \: M \sqrt",
    )))
register_erratum(Erratum(
    id="ERR-RAD-ULLN-BD-SIGN", spec_id="CONC-RADEMACHER", source_file=SRC.file, location=f"{RAD}, Uniform law, 導出",
    source_says="φ(z_1..z_i..z_n) − φ(z_1..z'_i..z_n) <= sup_g (g(z_i) − g(z'_i))/n <= M/n",
    truth="the middle term is sup_g (g(z'_i) − g(z_i))/n (g = z, D uniform on {0,1}, n = 1, S = {0}, S' = {1}: "
          "φ(S) − φ(S') = 1 > −1 = printed middle term); the final <= M/n holds",
    evidence_claims=("RAD-ULLN/bd-sign-as-printed", "RAD-ULLN/bounded-difference"),
    conclusion_survives="yes: the bounded difference M/n and the McDiarmid step hold",
    severity="misprint", quotes=(
        r"\varphi( z_1, ..., z_i, ..., z_n)  - \varphi( z_1, ..., z'_i, ..., z_n)  \leqq",
    )))
