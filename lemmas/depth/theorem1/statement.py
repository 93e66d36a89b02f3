"""OD-T1 and OD-VS-PBM — what is checkable in Theorem 1 and Remark 1 of source 001.

Source ``001_eb740855b56fcd8b.txt``, 定理1, 補題1 and 注意1 (project letters: L items, K slots).

* ``OD-T1/constant-term``: the last term of Theorem 1, ``2KLζ(2α)``, is what Lemma 1's proof
  gives from ``Δ_a ≤ K`` (OD-REWARD) and ``Pr(E_t^c) ≤ 2L t^{−2α}``:
  ``Σ_{t≥1} K · 2L t^{−2α} = 2KLζ(2α)``, finite iff ``α > 1/2`` (sympy).  The premise is the step
  refuted by ``OD-L1/hoeffding-random-n`` (erratum ``ERR-OD-L1-RANDOM-N``); with the repaired
  premise ``2L t^{1−2α}`` the term is ``2KLζ(2α−1)``, finite iff ``α > 1``
  (``OD-T1/constant-term-repaired``).  The ``log T`` term (Lemmas 2–5) is not re-derived here;
  the bound as a whole is :func:`clickbound.bounds.depth.od_t1_bound`.
* ``OD-VS-PBM``: Remark 1 says that with ``ε → 0`` in PBM-UCB's bound (Lagrée et al. 2016, Thm 9,
  as quoted) and ``α → 1/2`` in Theorem 1, PBM-UCB's leading term is ``P_K^{−2}`` times OD-UCB's.
  The two leading terms share ``log T · F(d) · B``, so the ratio is ``16(1+ε)/(32 α P_K²)``, whose
  limit is ``P_K^{−2}`` (sympy); :func:`clickbound.bounds.depth.od_vs_pbm_ratio` is checked against it on the
  shallow, deep and RecGaze ``P`` vectors.  Variant ``OD-VS-PBM/repaired-alpha``: once Lemma 1 is
  repaired, Theorem 1 needs ``α > 1``, and at ``α → 1`` the ratio is ``P_K^{−2}/2``.
"""
from __future__ import annotations

from functools import partial

import sympy as sp

from clickbound.bounds.depth import NAMED_P, od_vs_pbm_ratio
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.kit import ProofArtefact, claim_family, derived, source

SRC = source("depth")
SOURCE_T1 = SRC.at("定理1 and 補題1")
SOURCE_REMARK = SRC.at("注意1 (eq. (5), Lagrée et al. Theorem 9 as quoted)")
#: each OD-T1 / OD-VS-PBM derivation is in symbols (α, ε, K, L, P_K): it covers every value (scope all)
METHOD = "symbolic (sympy)"
#: bounds.depth evaluates in floats; agreement with the exact ratio 1/P_K^2 up to double rounding
RATIO_REL_TOL = 1e-12

a, t, eps = sp.symbols("alpha t epsilon", positive=True)
K, L, PK = sp.symbols("K L P_K", positive=True)


def constant_term_proof(exponent_shift: int) -> ProofArtefact:
    """``Σ_t K · 2L t^{shift − 2α}`` in closed form, and for which α it is finite."""
    s_exp = 2 * a - exponent_shift
    # linearity: the constant K·2L comes out of the series (sympy does not factor it itself)
    total = K * 2 * L * sp.summation(t ** (-s_exp), (t, 1, sp.oo))
    closed = 2 * K * L * sp.zeta(s_exp)
    steps = [(f"Σ_t K·2L t^(−({sp.sstr(s_exp)})) = K·2L Σ_t t^(−({sp.sstr(s_exp)}))", sp.sstr(total))]
    # sympy returns a Piecewise valid for s > 1; check its first branch is 2KLζ(s) and its condition
    total = sp.piecewise_fold(total)
    if isinstance(total, sp.Piecewise):
        expr, cond = total.args[0]
        require(sp.simplify(expr - closed) == 0, "the series equals 2KLζ(s)")
        steps.append(("series == 2 K L zeta(s) on its convergence branch", sp.sstr(cond)))
    else:
        require(sp.simplify(total - closed) == 0, "the series equals 2KLζ(s)")
    threshold = sp.Rational(1 + exponent_shift, 2)
    sol = sp.solve_univariate_inequality(s_exp > 1, a, relational=False)
    require(sol == sp.Interval.open(threshold, sp.oo), "convergence region")
    steps.append((f"p-series converges iff {sp.sstr(s_exp)} > 1 iff α > {threshold}", sp.sstr(sol)))
    for av, finite in ((threshold + sp.Rational(1, 2), True), (threshold, False)):
        val = sp.summation(t ** (-(2 * av - exponent_shift)), (t, 1, sp.oo))
        require((val.is_finite is True) == finite, f"finiteness at α = {av}")
        steps.append((f"α = {av}: Σ t^(−{2 * av - exponent_shift}) = {sp.sstr(val)}",
                      f"sympy summation = {sp.sstr(val)}, is_finite = {val.is_finite}"))
    return ProofArtefact(summary=f"Σ_t K·2L t^(−({sp.sstr(s_exp)})) = 2KLζ({sp.sstr(s_exp)}), finite iff α > {threshold}",
                         steps=tuple(steps))


def ratio_proof() -> ProofArtefact:
    ratio = (16 * (1 + eps) / PK ** 2) / (32 * a)
    lim = sp.limit(sp.limit(ratio, eps, 0), a, sp.Rational(1, 2))
    require(sp.simplify(lim - PK ** -2) == 0, "limit equals P_K^-2")
    steps = [("PBM-UCB / OD-UCB leading coefficients (shared log T · F(d) · B cancels)", sp.sstr(ratio)),
             ("limit ε → 0, α → 1/2", sp.sstr(lim))]
    for name, P in NAMED_P.items():
        exact = 1 / sp.Rational(str(P[-1])) ** 2
        got = od_vs_pbm_ratio(P, alpha=0.5, eps=0.0)
        require(abs(got - float(exact)) <= RATIO_REL_TOL * float(exact), f"bounds.depth on {name}")
        steps.append((f"bounds.depth.od_vs_pbm_ratio on {name} P (P_K = {P[-1]})", f"{got!r} == 1/P_K^2 = {exact}"))
    return ProofArtefact(summary="PBM-UCB's leading term is P_K^-2 times OD-UCB's (ε → 0, α → 1/2)",
                         steps=tuple(steps))


def ratio_at_alpha_one_proof() -> ProofArtefact:
    ratio = (16 / PK ** 2) / (32 * a)
    lim = sp.limit(ratio, a, 1)
    require(sp.simplify(lim - PK ** -2 / 2) == 0, "limit equals P_K^-2 / 2")
    return ProofArtefact(summary="with the repaired Lemma 1 (α > 1), the ratio tends to P_K^-2 / 2 at α → 1",
                         steps=(("limit ε = 0, α → 1 of 16/(32 α P_K²)", sp.sstr(lim)),))


@register
def od_theorem1_claims():
    theorem1 = claim_family(spec_id="OD-T1", source=SOURCE_T1, kind="identity", expected=True)
    remark1 = claim_family(spec_id="OD-VS-PBM", source=SOURCE_REMARK, kind="identity", expected=True)
    yield theorem1(
        id="OD-T1/constant-term",
        statement_text="Σ_t K · 2L t^{−2α} = 2KLζ(2α), finite iff α > 1/2 (Theorem 1's last term from Lemma 1)",
        decide=derived(partial(constant_term_proof, 0), METHOD),
        description=("The algebra of Theorem 1's last term given Lemma 1's premise Pr(E_t^c) ≤ 2L t^{−2α}, "
                     "which OD-L1/hoeffding-random-n refutes (see ERR-OD-L1-RANDOM-N)."))
    yield theorem1(
        id="OD-T1/constant-term-repaired",
        statement_text="Σ_t K · 2L t^{1−2α} = 2KLζ(2α−1), finite iff α > 1 (with the repaired Lemma 1)",
        decide=derived(partial(constant_term_proof, 1), METHOD),
        description="Theorem 1's last term with the repaired premise of OD-L1/repaired.")
    yield remark1(
        id="OD-VS-PBM",
        statement_text="as ε → 0 and α → 1/2, PBM-UCB's leading term is P_K^{−2} times OD-UCB's",
        decide=derived(ratio_proof, METHOD),
        description="Remark 1's comparison, symbolically, and bounds.depth checked on the shallow/deep/RecGaze P.")
    yield remark1(
        id="OD-VS-PBM/repaired-alpha",
        statement_text="with Theorem 1 restricted to α > 1 (repaired Lemma 1), the ratio at α → 1 is P_K^{−2}/2",
        decide=derived(ratio_at_alpha_one_proof, METHOD),
        description="What Remark 1's comparison becomes once OD-L1 is repaired.")
