"""The UCB1 regret proof of source 002 (UCB1-CI, UCB1-SUM, UCB1-COUNT-AS-PRINTED, UCB1-BOUND).

Source: ``002_3ec5ec57f55c1fdf.txt``, sections "Upper Confidence Boundアルゴリズム" and
"リグレット上界の導出".

* UCB1-CI — for a *fixed* count T, ``P(μ − μ̂ >= sqrt(α log t/(2T))) <= t^{−α}`` (Hoeffding);
  checked exactly on Bernoulli arms (exact binomial tails, exact comparisons with log t).
* UCB1-SUM — ``2 Σ_{t>=1} t^{−α} <= 2(1 + ∫_1^∞ x^{−α} dx) = 2α/(α−1)``, α > 1: symbolic.
* UCB1-COUNT-AS-PRINTED — from ``μ_1 <= μ_a + sqrt(2α log t/T)`` the source concludes
  ``T <= 2Δ^{−2} log t``: refuted for α > 1 (exact counterexample); the corrected
  ``T <= 2αΔ^{−2} log t`` is proved symbolically.
* UCB1-BOUND — printed ``R(T) <= 2 Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1))``; the source's own steps
  with α kept give ``2 Σ_{a≠1}(α log T/Δ_a + αΔ_a/(α−1))``.  Decided here as symbolic
  statements about the derivation; the comparison with simulated UCB1 is the report's.
  (A fully rigorous count also adds 1 pull per arm; the source's sketch omits it, as do we.)
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.exact_prob import binomial_pmf, exp_compare
from clickbound.lemmas.support.kit import (
    Claim,
    Outcome,
    ProcedureClaim,
    ProofArtefact,
    cited_step,
    claim_family,
    derived,
    refuted,
    source,
    survived,
)

SRC = source("counterfactual")
LOC_CI = "Upper Confidence Boundアルゴリズム (P(μ_a − μ̂_a >= ε) <= exp(−2Tε²), 右辺を t^{−α} とおいて)"
LOC_PROOF = "リグレット上界の導出"
LOC_COUNT = "リグレット上界の導出 (T_{a,t}について整理すると, T_{a,t} <= 2Δ_a^{−2} log t)"

# Symbols for the symbolic statements (positive: counts, gaps, times; α > 1 where stated).
alpha, T, t, Delta, logT = sp.symbols("alpha T t Delta logT", positive=True)


def bound_as_printed(deltas, horizon_log, a):
    """Printed UCB1-BOUND: ``2 Σ (log T/Δ_a + αΔ_a/(α−1))`` (sympy or numbers)."""
    return 2 * sum(horizon_log / d + a * d / (a - 1) for d in deltas)


def bound_corrected(deltas, horizon_log, a):
    """UCB1-BOUND from the source's steps with α kept: ``2 Σ (α log T/Δ_a + αΔ_a/(α−1))``."""
    return 2 * sum(a * horizon_log / d + a * d / (a - 1) for d in deltas)


# ------------------------------------------------------------------------------ UCB1-CI

def ci_tail(mu: Fraction, n: int, t: int, a: Fraction) -> Fraction:
    """Exact ``P(μ − μ̂_n >= sqrt(a log t/(2n)))`` for μ̂_n the mean of n Bernoulli(μ) draws.

    ``μ − k/n = d >= 0`` qualifies iff ``2 n d²/a >= log t`` iff ``e^{2nd²/a} >= t``
    (decided by :func:`exp_compare`); qualifying k form a prefix ``0..k*``.
    """
    pmf = binomial_pmf(n, mu)
    k = (mu * n).__floor__()
    tail = Fraction(0)
    # walk k downward from the mean until the deviation is large enough; all smaller k qualify too
    while k >= 0:
        d = mu - Fraction(k, n)
        if exp_compare(2 * n * d * d / a, t) >= 0:
            return sum(pmf[: k + 1], Fraction(0))
        k -= 1
    return tail


CI_GRID = [(mu, n, tt, a) for mu in (Fraction(1, 2), Fraction(1, 10), Fraction(9, 10), Fraction(1, 3))
           for n in (1, 2, 5, 10, 40, 120) for tt in (2, 3, 10, 100, 10_000)
           for a in (Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2))]  # α = 1/2: the δ-doubled mutant


def decide_ci(budget_s: float) -> Outcome:
    for mu, n, tt, a in CI_GRID:
        tail = ci_tail(mu, n, tt, a)
        # tail <= t^{-a} with a = p/q  ⇔  tail^q · t^p <= 1 (exact)
        if tail ** a.denominator * Fraction(tt) ** a.numerator > 1:
            return refuted("exact binomial tail",
                           counterexample={"mu": mu, "T": n, "t": tt, "alpha": a, "tail": tail})
    return survived("exact binomial tails (fixed T)", grid_points=len(CI_GRID), mu="1/2,1/10,9/10,1/3", T="1..120",
                    t="2..10^4", alpha="1/2,1,3/2,2")


# ----------------------------------------------------------------------------- UCB1-SUM

def sum_proof() -> ProofArtefact:
    x, beta = sp.symbols("x beta", positive=True)
    a = 1 + beta  # α > 1
    integral = sp.integrate(x ** (-a), (x, 1, sp.oo))
    require(sp.simplify(integral - 1 / beta) == 0, 'sp.simplify(integral - 1 / beta) == 0')
    require(sp.simplify(2 * (1 + integral) - 2 * a / (a - 1)) == 0, 'sp.simplify(2 * (1 + integral) - 2 * a / (a - 1)) == 0')
    # t^{−α} <= ∫_{t−1}^{t} x^{−α} dx for t >= 2, because x^{−α} is decreasing on x > 0
    require(sp.simplify(sp.diff(x ** (-a), x) + a * x ** (-a - 1)) == 0, 'sp.simplify(sp.diff(x ** (-a), x) + a * x ** (-a - 1)) == 0')
    steps = (("∫_1^∞ x^{−α} dx = 1/(α−1) for α = 1 + β, β > 0 (symbolic β)",
              f"sympy integrate = {sp.sstr(integral)}; simplify(integral − 1/β) == 0"),
             ("2(1 + 1/(α−1)) = 2α/(α−1)", "simplify(2(1 + 1/β) − 2(1 + β)/β) == 0"),
             ("d/dx x^{−α} = −α x^{−α−1} < 0 on x > 0", f"diff(x^(−α), x) = {sp.sstr(sp.diff(x ** (-a), x))}"),
             cited_step("x^{−α} is decreasing (the derivative step above), so t^{−α} <= ∫_{t−1}^{t} x^{−α} dx for every "
                    "t >= 2; summing, Σ_{t>=1} t^{−α} <= 1 + ∫_1^∞ x^{−α} dx (the t = 1 term is 1)",
                    "the integral test for decreasing positive functions (Apostol, Calculus, vol. 1, 2nd ed., "
                    "Theorem 10.24)"))
    checks = {}
    with mpmath.workdps(50):
        for av in (Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(3)):
            am = mpmath.mpf(av.numerator) / av.denominator
            lhs, rhs = 2 * mpmath.zeta(am), 2 * am / (am - 1)
            require(rhs - lhs > mpmath.mpf(10) ** -30, 'rhs - lhs > mpmath.mpf(10) ** -30')
            checks[str(av)] = {"2ζ(α)": mpmath.nstr(lhs, 20), "2α/(α−1)": mpmath.nstr(rhs, 20)}
    return ProofArtefact("UCB1-SUM: Σ t^{−α} <= 1 + ∫_1^∞ x^{−α}dx = α/(α−1)", steps, {"mpmath_50_digits": checks})


# --------------------------------------------------------------------------- UCB1-COUNT

def count_proof() -> ProofArtefact:
    """Corrected step: Δ <= sqrt(2α log t/T) ⇔ T <= 2αΔ^{−2} log t (all positive, log t > 0)."""
    L = sp.Symbol("L", positive=True)  # log t, t > 1
    # both sides of Δ <= sqrt(2αL/T) are positive, so it is equivalent to Δ² <= 2αL/T
    premise_gap = 2 * alpha * L / T - Delta ** 2          # >= 0  ⇔ premise
    conclusion_gap = 2 * alpha * L / Delta ** 2 - T        # >= 0  ⇔ corrected conclusion
    factor = sp.simplify(conclusion_gap / premise_gap)
    require(sp.simplify(factor - T / Delta ** 2) == 0 and factor.is_positive, 'sp.simplify(factor - T / Delta ** 2) == 0 and factor.is_positive')
    r_ = sp.sqrt(2 * alpha * L / T)
    sq_check = sp.expand((r_ - Delta) * (r_ + Delta) - (r_ ** 2 - Delta ** 2))
    sq_pos = (r_ + Delta).is_positive
    require(sq_check == 0 and sq_pos is True, "r² − Δ² = (r − Δ)(r + Δ) with r + Δ > 0")
    printed_gap = 2 * L / Delta ** 2 - T
    require(sp.simplify(conclusion_gap - printed_gap - 2 * (alpha - 1) * L / Delta ** 2) == 0, 'sp.simplify(conclusion_gap - printed_gap - 2 * (alpha - 1) * L / Delta ** 2) == 0')
    return ProofArtefact(
        "μ_1 <= μ_a + sqrt(2α log t/T) with Δ = μ_1 − μ_a > 0  ⇔  T <= 2αΔ^{−2} log t",
        ((("with Δ > 0 and both sides positive, Δ <= sqrt(2αL/T) ⇔ Δ² <= 2αL/T (L = log t > 0): "
          "r² − Δ² = (r − Δ)(r + Δ) with r = sqrt(2αL/T) and r + Δ > 0, so the two differences have one sign"),
          f"expand((r − Δ)(r + Δ) − (r² − Δ²)) = {sp.sstr(sq_check)}; (r + Δ).is_positive = {sq_pos}"),
         ("(2αL/Δ² − T) = (T/Δ²)·(2αL/T − Δ²), factor T/Δ² > 0",
          f"simplify(conclusion_gap/premise_gap) = {sp.sstr(factor)}, is_positive = {factor.is_positive}"),
         ("corrected − printed bound on T = 2(α−1)L/Δ² > 0 for α > 1",
          "simplify((2αL/Δ² − T) − (2L/Δ² − T) − 2(α − 1)L/Δ²) == 0")))


def count_counterexample():
    """α = 2, Δ = 1/2, t = 3, T = 10: premise 10 <= 16 log 3 holds, printed 10 <= 8 log 3 fails."""
    a, d, tt, n = Fraction(2), Fraction(1, 2), 3, 10
    premise = exp_compare(n * d * d / (2 * a), tt) <= 0      # T Δ²/(2α) <= log t
    printed = exp_compare(n * d * d / 2, tt) <= 0            # T Δ²/2 <= log t
    corrected = exp_compare(n * d * d / (2 * a), tt) <= 0
    return {"alpha": a, "Delta": d, "t": tt, "T": n}, premise, printed, corrected


def decide_count_as_printed(budget_s: float) -> Outcome:
    cx, premise, printed, corrected = count_counterexample()
    if premise and not printed:
        require(corrected, 'corrected')
        return refuted("exact (rational bounds on e^q vs t)", counterexample=cx,
                       premise="T Δ²/(2α) = 5/8 <= log 3", printed_conclusion="T Δ²/2 = 5/4 <= log 3 is false",
                       proof_of_correct_step=count_proof().as_dict())
    return survived("exact", instance=cx)


# ---------------------------------------------------------------------------- UCB1-BOUND

def bound_derivation() -> ProofArtefact:
    """UCB1-BOUND for any number m of suboptimal arms: the per-arm identities, summed over a symbolic m."""
    exp_count = lambda d: 2 * alpha * d ** -2 * logT + 2 * alpha / (alpha - 1)
    per_arm = sp.simplify(Delta * exp_count(Delta) - bound_corrected([Delta], logT, alpha))
    require(per_arm == 0, f"per-arm identity: {per_arm}")
    per_arm_gap = sp.simplify(bound_corrected([Delta], logT, alpha) - bound_as_printed([Delta], logT, alpha)
                              - 2 * (alpha - 1) * logT / Delta)
    require(per_arm_gap == 0, f"per-arm gap: {per_arm_gap}")
    m = sp.Symbol("m", integer=True, positive=True)
    j = sp.Symbol("a", integer=True, positive=True)
    D = sp.IndexedBase("Delta")
    lhs = sp.Sum(D[j] * exp_count(D[j]), (j, 1, m))
    rhs = sp.Sum(2 * (alpha * logT / D[j] + alpha * D[j] / (alpha - 1)), (j, 1, m))
    require(sp.simplify(sp.Sum(sp.simplify(D[j] * exp_count(D[j]) - 2 * (alpha * logT / D[j] + alpha * D[j]
                                                                          / (alpha - 1))), (j, 1, m))) == 0,
            "the summed identity")
    d1, d2, d3 = sp.symbols("Delta1 Delta2 Delta3", positive=True)
    deltas = (d1, d2, d3)
    derived = sum(d * exp_count(d) for d in deltas)
    require(sp.simplify(derived - bound_corrected(deltas, logT, alpha)) == 0, "3-arm cross-check")
    return ProofArtefact(
        "R(T) = Σ Δ_a E[T_a] with E[T_a] <= 2αΔ_a^{−2} log T + 2α/(α−1) gives 2Σ(α log T/Δ_a + αΔ_a/(α−1)), "
        "any number of arms; it exceeds the printed bound by 2(α−1) log T Σ 1/Δ_a",
        (("one arm: Δ(2αΔ^{−2} log T + 2α/(α−1)) = 2(α log T/Δ + αΔ/(α−1))",
          "simplify(difference) == 0 for symbolic Δ, α, log T"),
         ("one arm: corrected − printed = 2(α−1) log T/Δ", "simplify(difference) == 0"),
         ("every number m of suboptimal arms: Σ_(a=1..m) of the per-arm identity, m symbolic",
          f"simplify({sp.sstr(lhs)} − ({sp.sstr(rhs)})) == 0 (summand-wise)"),
         ("cross-check, 3 arms: Σ Δ_a(2αΔ_a^{−2} log T + 2α/(α−1)) = corrected bound",
          "simplify(difference) == 0")))


def decide_bound_printed_follows(budget_s: float) -> Outcome:
    """'The derivation yields the printed bound' — false for α > 1, T >= 2: exact instance."""
    art = bound_derivation()
    a, horizon, d = Fraction(2), 3, Fraction(1, 2)
    # corrected − printed = 2(α−1) log T / Δ = 4 log 3 > 0 because 3 > 1 = e^0
    require(exp_compare(0, horizon) < 0, 'exp_compare(0, horizon) < 0')
    gap = {"corrected_minus_printed": "2(α−1)·log T/Δ = 4·log 3 > 0"}
    return refuted("symbolic difference + exact sign", counterexample={"alpha": a, "T": horizon, "Delta": d, "arms": 1},
                   proof=art.as_dict(), **gap)


def engine_claims():
    """The count and bound steps as polynomial :class:`Claim` s for the generic engine (z3 decides them).

    ``L`` stands for ``log t`` (or ``log T``), a free positive real as t ranges over (1, ∞).  The premise
    ``Δ <= sqrt(2αL/T)`` is used squared, ``TΔ² <= 2αL`` (equivalent: both sides positive; see
    :func:`count_proof`).
    """
    L = sp.Symbol("L", positive=True)
    R = sp.Rational
    box = {alpha: (1, 4), Delta: (R(1, 100), 1), T: (1, 1000), L: (R(1, 100), 20)}
    premise = sp.Le(T * Delta ** 2, 2 * alpha * L)
    box3 = {alpha: (R(11, 10), 4), Delta: (R(1, 100), 1), L: (R(1, 100), 20)}
    return [
        Claim(id="UCB1-COUNT-AS-PRINTED[engine]", spec_id="UCB1-COUNT-AS-PRINTED", source=SRC.at(LOC_COUNT),
              statement=sp.Le(T * Delta ** 2, 2 * L), domain=box, assumptions=[premise], kind="inequality",
              expected=False, description="TΔ² <= 2αL ⇒ TΔ² <= 2L (L = log t), for the generic engine"),
        Claim(id="UCB1-COUNT-AS-PRINTED/corrected[engine]", spec_id="UCB1-COUNT-AS-PRINTED",
              source=SRC.at(LOC_COUNT), statement=sp.Le(T, 2 * alpha * L / Delta ** 2), domain=box,
              assumptions=[premise], kind="inequality", expected=True,
              description="TΔ² <= 2αL ⇒ T <= 2αL/Δ², for the generic engine"),
        Claim(id="UCB1-BOUND/as-printed-derivation[engine]", spec_id="UCB1-BOUND", source=SRC.at(LOC_PROOF),
              statement=sp.Le(bound_corrected([Delta], L, alpha), bound_as_printed([Delta], L, alpha)),
              domain=box3, kind="upper bound", expected=False,
              description="one arm: the derived bound 2(αL/Δ + αΔ/(α−1)) <= the printed 2(L/Δ + αΔ/(α−1))?"),
    ]


@register
def claims():
    count = claim_family(spec_id="UCB1-COUNT-AS-PRINTED", source=SRC.at(LOC_COUNT), kind="inequality")
    bound = claim_family(spec_id="UCB1-BOUND", source=SRC.at(LOC_PROOF), kind="upper bound")
    return [
        ProcedureClaim(id="UCB1-CI", spec_id="UCB1-CI", source=SRC.at(LOC_CI),
                       statement_text="P(μ − μ̂_T >= sqrt(α log t/(2T))) <= t^{−α} for a fixed count T",
                       decide=decide_ci, kind="upper bound", expected=True,
                       description="exact binomial tails of Bernoulli arms on a grid of μ, T, t, α"),
        bound(id="UCB1-SUM", spec_id="UCB1-SUM", expected=True,
              statement_text="2 Σ_{t>=1} t^{−α} <= 2(1 + ∫_1^∞ x^{−α} dx) = 2α/(α−1), α > 1",
              decide=derived(sum_proof, "symbolic (sympy, every α > 1) + mpmath 50 digits"),
              description="integral comparison, symbolic"),
        count(id="UCB1-COUNT-AS-PRINTED", expected=False, decide=decide_count_as_printed,
              statement_text="μ_1 <= μ_a + sqrt(2α log t/T)  ⇒  T <= 2Δ_a^{−2} log t  (α dropped, as printed)",
              description="false for α > 1: α=2, Δ=1/2, t=3, T=10"),
        count(id="UCB1-COUNT-AS-PRINTED/corrected", expected=True, decide=derived(count_proof, "symbolic (sympy)"),
              statement_text="μ_1 <= μ_a + sqrt(2α log t/T)  ⇔  T <= 2αΔ_a^{−2} log t "
                             "(Δ_a = μ_1 − μ_a > 0, T > 0, t > 1)",
              description="the corrected step, symbolic"),
        bound(id="UCB1-BOUND/corrected", expected=True,
              statement_text="for any number of arms: Σ Δ_a(2αΔ_a^{−2} log T + 2α/(α−1)) = "
                             "2Σ_{a≠1}(α log T/Δ_a + αΔ_a/(α−1))",
              decide=derived(bound_derivation, "symbolic (sympy), from the corrected count and UCB1-SUM"),
              description="the bound the source's steps give with α kept (symbolic derivation)"),
        bound(id="UCB1-BOUND/as-printed-derivation", expected=False, decide=decide_bound_printed_follows,
              statement_text="the derivation yields R(T) <= 2Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1))  (as printed)",
              description="the derived bound exceeds the printed one by 2(α−1) log T Σ 1/Δ_a > 0; "
                          "whether the printed bound nevertheless holds for UCB1 is the report's simulation (EXP-UCB1)"),
        *engine_claims(),
    ]


ERRATUM = register_erratum(Erratum(
    id="ERR-UCB1-COUNT-ALPHA", spec_id="UCB1-COUNT-AS-PRINTED", source_file=SRC.file, location=LOC_COUNT,
    source_says="μ_1 <= μ_a + sqrt(2α log t/T_{a,t}) ⇒ T_{a,t} <= 2Δ_a^{−2} log t, hence "
                "E[T_a] <= 2(Δ_a^{−2} log T + α/(α−1)) and R(T) <= 2Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1))",
    truth="the step gives T_{a,t} <= 2αΔ_a^{−2} log t (α = 2, Δ = 1/2, t = 3, T = 10 satisfies the premise "
          "but not the printed conclusion); the bound becomes R(T) <= 2Σ_{a≠1}(α log T/Δ_a + αΔ_a/(α−1)), "
          "larger than printed by 2(α−1) log T Σ 1/Δ_a. The printed bound is false, not merely unproved: on "
          "μ = (1, 0) with α = 100, UCB1's exact regret is 9 at T = 23 against 2(log 23 + 100/99) ≈ 8.29, and it "
          "fails at every T from 23 to 30 (UCB1-BOUND/as-printed[exact]); the corrected bound holds there "
          "(UCB1-BOUND/corrected[exact]). This absorbs the former ERR-UCB1-BOUND-PRINTED-FALSE",
    evidence_claims=("UCB1-COUNT-AS-PRINTED", "UCB1-COUNT-AS-PRINTED/corrected", "UCB1-BOUND/corrected",
                     "UCB1-BOUND/as-printed-derivation", "UCB1-BOUND/as-printed[exact]",
                     "UCB1-BOUND/corrected[exact]"),
    conclusion_survives="partly: the O(log T) order survives, but the leading constant is 2α (> 2, since the "
                        "argument needs α > 1), not 2; the printed bound is false for large α",
    severity="wrong-result", quotes=(
        r"T_{a, t}  \leqq 2 \Delta_a^{-2} \log (t) \leqq  2 \Delta_a^{-2} \log (T)",
        r"& \leqq  2  \left (   \Delta_a^{-2} \log (T)  +  \frac{\alpha}{\alpha - 1}\right)",
        r"& \leqq  2 \sum_{a \neq 1}   \left (   \frac{ \log (T) }{\Delta_a }",
    )))
