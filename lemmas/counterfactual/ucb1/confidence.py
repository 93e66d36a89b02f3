"""The estimator and the confidence bound of source 002's UCB article, read line by line.

Source: ``002_3ec5ec57f55c1fdf.txt``, article 多腕バンディットアルゴリズムのリグレット解析, section
Upper Confidence Boundアルゴリズム and the first steps of リグレット上界の導出 (``P(A_t^c) <= t^{−α}``).

* UCB1-ESTIMATOR — the printed estimator has ``I{a(t) = a}`` where ``I{a(s) = a}`` is meant.
* UCB1-CI/strict-as-printed, UCB1-CI/fixed-count — the printed ``> 1 − t^{−α}`` is only ``>=``;
  for a fixed count the bound is Hoeffding.
* UCB1-CI/random-count — at a data-dependent count (what the proof uses: T_{a,t−1}, T_{a,t}) the
  fixed-count bound fails: exact DP over the Bernoulli random walk.
* UCB1-CI/union-over-counts — the repair: a union bound over the possible counts s = 1..t gives
  ``t^{1−α}`` for any count, summable over t when α > 2.

ERR-UCB1-CI-STRICT demoted out of the errata (errata review): the strict '> 1 − t^{−α}' fails only at the
degenerate t = 1 (radius 0), a boundary convention; the line's real defect, Hoeffding at the algorithm's
random count, is ERR-UCB1-RANDOM-COUNT (registered here). UCB1-CI/strict-as-printed stays as the check behind
the ledger note.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.exact_prob import crossing_probability, sqrt_log_band
from clickbound.lemmas.support.kit import Derivation, Outcome, claim_family, derived, proved, refuted, source, survived

SRC = source("counterfactual")
LOC_UCB = "多腕バンディットアルゴリズムのリグレット解析 > Upper Confidence Boundアルゴリズム"
LOC_PROOF = "多腕バンディットアルゴリズムのリグレット解析 > リグレット上界の導出"
HALF = Fraction(1, 2)


# ---------------------------------------------------------------------------- UCB1-ESTIMATOR

def estimator_values(history, rewards, arm, t):
    """(printed, sample mean) at round t: printed uses I{a(t)=a}, the sample mean I{a(s)=a}."""
    n = sum(1 for s in range(t - 1) if history[s] == arm)
    printed = Fraction(int(history[t - 1] == arm) * sum(rewards[arm][s] for s in range(t - 1)), n)
    mean = Fraction(sum(rewards[arm][s] for s in range(t - 1) if history[s] == arm), n)
    return printed, mean


def decide_estimator_as_printed(budget_s: float) -> Outcome:
    history, rewards = (1, 2, 1), {1: (1, 1), 2: (0, 0)}
    printed, mean = estimator_values(history, rewards, 1, 3)
    require(printed == 2 and mean == 1, (printed, mean))
    return refuted("exact", counterexample={
        "a(1), a(2), a(3)": history, "X_{1,1}, X_{1,2}": rewards[1], "t": 3, "T_{1,2}": 1,
        "printed (1/T_{1,2}) Σ_s I{a(3)=1} X_{1,s}": printed, "mean of observed rewards": mean})


def decide_estimator_corrected(budget_s: float) -> Outcome:
    checked, mismatches = 0, []
    for horizon in (2, 3, 4):
        for history in itertools.product((1, 2), repeat=horizon - 1):
            for bits in itertools.product((0, 1), repeat=horizon - 1):
                seen = [x for x, h in zip(bits, history) if h == 1]
                if not seen:
                    continue
                val = Fraction(sum(int(h == 1) * x for h, x in zip(history, bits)), len(seen))
                if val != Fraction(sum(seen), len(seen)):
                    mismatches.append((history, bits))
                checked += 1
    d = Derivation("(1/T_{1,t−1}) Σ_{s<t} I{a(s)=1} X_{1,s} is the mean of arm 1's observed rewards, on every "
                   "enumerated history")
    d.holds("exact comparison with the mean of the observed rewards, every history of arms 1, 2 and every 0/1 "
            "reward table, t = 2..4", not mismatches, f"{checked} cases, mismatches: {mismatches}")
    return proved(d.artefact(), "exact enumeration", scope="instances",
                  scope_detail=f"K = 2, t = 2..4, every history and every 0/1 reward table ({checked} cases)")


# ---------------------------------------------------------------------------------- UCB1-CI

def decide_ci_strict_as_printed(budget_s: float) -> Outcome:
    # X ≡ 1/2 (a law on [0, 1]), T = 1, t = 1: radius sqrt(α·0/2) = 0; P(1/2 < 1/2) = 0 and 1 − 1^{−α} = 0
    prob, level = Fraction(0), 1 - Fraction(1)
    require(not prob > level, (prob, level))
    return refuted("exact", counterexample={"X": "constant 1/2", "T": 1, "t": 1, "alpha": 2,
                                            "P(μ < μ̂ + radius)": prob, "1 − t^{−α}": level})


def ci_fixed_count_proof():
    d = Derivation("for a fixed count T and rewards in [0,1]: P(μ − μ̂_T >= sqrt(α log t/(2T))) <= t^{−α}, "
                   "hence P(μ < μ̂_T + sqrt(α log t/(2T))) >= 1 − t^{−α} (every T >= 1, t >= 1, α > 0)")
    T, t, alpha = sp.symbols("T t alpha", positive=True)
    eps = sp.sqrt(alpha * sp.log(t) / (2 * T))
    d.cited("P(μ − μ̂_T >= ε) <= exp(−2Tε²)",
            "Hoeffding (1963), Theorem 1 (T independent [0,1] variables, applied to −X_i)")
    d.equal("exp(−2Tε²) at ε = sqrt(α log t/(2T)) is t^{−α}", sp.exp(-2 * T * eps ** 2), t ** (-alpha))
    d.cited("complement: P(μ < μ̂_T + ε) = 1 − P(μ − μ̂_T >= ε) >= 1 − t^{−α}",
            "Kolmogorov's axioms of probability (complement rule)")
    return d.artefact()


def random_count_instance(alpha=Fraction(2), horizon=300, theta=HALF):
    """Sample a Bernoulli(θ) arm until μ − μ̂_n first exceeds sqrt(α log t/(2n)) (or n = t); the
    probability that the stopped estimate violates the bound is the one-sided crossing probability."""
    band = lambda n: (sqrt_log_band(n, horizon, alpha / 2, theta)[0], n)
    return crossing_probability(horizon, theta, band)


def decide_ci_random_count(budget_s: float) -> Outcome:
    alpha, horizon = Fraction(2), 300
    prob = random_count_instance(alpha, horizon)
    bound = Fraction(1, horizon ** 2)
    if prob > bound:
        return refuted("exact DP over the Bernoulli random walk", counterexample={
            "alpha": alpha, "t": horizon, "mu": HALF, "count": "stopped the first time μ − μ̂_n > radius_n",
            "probability": prob, "t^{−α}": bound, "ratio_float": float(prob / bound)})
    return survived("exact DP", probability=prob, bound=bound)


def union_proof():
    d = Derivation("for any count N in {1..t} chosen from the data: P(μ − μ̂_N >= sqrt(α log t/(2N))) <= t^{1−α}; "
                   "Σ_{t>=1} t^{1−α} < ∞ for α > 2 (every t >= 1, α > 0)")
    t, alpha = sp.symbols("t alpha", positive=True)
    d.argument("{μ − μ̂_N >= r_N} ⊂ ∪_{s=1}^{t} {μ − μ̂_s >= r_s}, μ̂_s the mean of the first s rewards of the arm",
               "N takes a value in 1..t; the s-th sample of the arm is the same whatever rule chose N")
    d.cited("P(μ − μ̂_s >= r_s) <= t^{−α} for each fixed s",
            "Hoeffding (1963), Theorem 1, at each fixed count s (UCB1-CI/fixed-count)")
    d.equal("union bound: t · t^{−α} = t^{1−α}", t * t ** (-alpha), t ** (1 - alpha))
    d.cited("Σ_t t^{1−α} = ζ(α − 1) < ∞ iff α − 1 > 1",
            "the p-series test (Σ_t t^(−s) < ∞ iff s > 1), at s = α − 1")
    prob = random_count_instance(Fraction(2), 300)
    d.holds("cross-check: the DP instance of UCB1-CI/random-count (α = 2, t = 300) is below t^{1−α} = 1/300",
            prob < Fraction(1, 300), f"{float(prob):.3e} < 1/300")
    return d.artefact()


@register
def claims():
    ci = claim_family(spec_id="UCB1-CI", source=SRC.at(LOC_UCB))
    return [
        ci(id="UCB1-ESTIMATOR/as-printed", kind="identity", expected=False, decide=decide_estimator_as_printed,
           statement_text="(1/T_{a,t−1}) Σ_{s<t} I{a(t)=a} X_{a,s} is the mean of a's observed rewards",
           description="I{a(t)=a} instead of I{a(s)=a}: value 2 where the mean is 1"),
        ci(id="UCB1-ESTIMATOR/corrected", kind="identity", expected=True, decide=decide_estimator_corrected,
           statement_text="(1/T_{a,t−1}) Σ_{s<t} I{a(s)=a} X_{a,s} is the mean of a's observed rewards",
           description="exhaustive on small histories"),
        ci(id="UCB1-CI/strict-as-printed", kind="lower bound", expected=False, decide=decide_ci_strict_as_printed,
           statement_text="P(μ < μ̂ + sqrt(α log t/(2T))) > 1 − t^{−α}  (strict, as printed)",
           description="only >= follows from the complement; equality at t = 1, constant X"),
        ci(id="UCB1-CI/fixed-count", kind="upper bound", expected=True,
           decide=derived(ci_fixed_count_proof, "symbolic + Hoeffding"),
           statement_text="fixed T: P(μ − μ̂_T >= sqrt(α log t/(2T))) <= t^{−α}, so P(μ < μ̂_T + …) >= 1 − t^{−α}",
           description="Hoeffding at a fixed count"),
        ci(id="UCB1-CI/random-count", source=SRC.at(f"{LOC_PROOF} (P(A_t^c) <= t^{{−α}})"), kind="upper bound",
           expected=False, decide=decide_ci_random_count,
           statement_text="P(μ − μ̂_N >= sqrt(α log t/(2N))) <= t^{−α} for a data-dependent count N <= t",
           description="stop sampling at the first crossing: α = 2, t = 300, μ = 1/2 exceeds t^{−2}"),
        ci(id="UCB1-CI/union-over-counts", source=SRC.at(LOC_PROOF), kind="upper bound", expected=True,
           decide=derived(union_proof, "union bound over counts"),
           statement_text="any data-dependent count N <= t: P(μ − μ̂_N >= sqrt(α log t/(2N))) <= t^{1−α}",
           description="the repair of the random-count step (needs α > 2 for a summable series)"),
    ]


register_erratum(Erratum(
    id="ERR-UCB1-ESTIMATOR-INDEX", spec_id="UCB1-CI", source_file=SRC.file, location=LOC_UCB,
    source_says="μ̂_{a,T_{a,t−1}} = (1/T_{a,t−1}) Σ_{s=1}^{t−1} I{a(t) = a} X_{a,s}",
    truth="the indicator is I{a(s) = a}; as printed it averages unobserved rewards (value 2 > 1 on a 3-round history)",
    evidence_claims=("UCB1-ESTIMATOR/as-printed", "UCB1-ESTIMATOR/corrected"),
    conclusion_survives="yes: the text says 'just the average'",
    severity="notation", quotes=(
        r"\mathbb{I} \{ a(t) = a \} X_{a, s}",
    )))
register_erratum(Erratum(
    id="ERR-UCB1-RANDOM-COUNT", spec_id="UCB1-CI", source_file=SRC.file,
    location=f"{LOC_UCB} and {LOC_PROOF} (P(A_t^c) ≦ t^{{−α}}, P(B_t^c) ≦ t^{{−α}})",
    source_says="P(μ_a − μ̂_a ≥ ε) ≤ exp(−2T_{a,t−1}ε²) and P(A_t^c), P(B_t^c) ≤ t^{−α} 'because of Hoeffding's ineq', with "
                "T_{a,t−1}, T_{a,t}, T_{1,t} the algorithm's counts",
    truth="Hoeffding holds for a fixed count; at a count the algorithm chooses from the rewards the bound t^{−α} can fail "
          "(UCB1-CI/random-count, exact). A union bound over counts gives t^{1−α} (UCB1-CI/union-over-counts, summable "
          "for α > 2); peeling over geometric blocks with a maximal inequality gives (⌊log t/log η⌋ + 1) t^{−α/η}, "
          "summable for every α > 1 (UCB1-SUM/peeling)",
    evidence_claims=("UCB1-CI/random-count", "UCB1-CI/fixed-count", "UCB1-CI/union-over-counts", "UCB1-SUM/peeling"),
    conclusion_survives="yes for the order: the O(log T) bound survives for the source's range α > 1 with a larger constant than "
                        "2α/(α − 1)",
    severity="wrong-step", quotes=(
        r"\mathbb{P} \left( \mu_a - \hat{\mu}_a \geqq \epsilon \right) \leqq  \exp \left( - 2 T_{a, t - 1} \epsilon^2 \right)",
        r"\mathbb{P} \left( \mu_a < \hat{\mu}_a +  \sqrt{ \frac{\alpha \log (t)}{2 T_{a, t - 1}}  } \right) > 1 - t^{- \alpha}",
        "& = \\mathbb{P} \\left(  \\hat{\\mu}_{ a, T_{a, t} } -  \\mu_a  >   \\sqrt{ \\frac{\\alpha \\log (t)}{2 T_{a, t}} } \\right) \\\\",
        r"同様に,  \mathbb{P} \left( B_t^{c} \right) \leqq  t^{- \alpha}",
        r"\sum_{t = 1}^T  \mathbb{E} \left[ \mathbb{I} \{ A_t^c \cup B_t^c \} \right]",
    )))
