"""A line-by-line reading of the UCB regret proof of source 002.

Source: ``002_3ec5ec57f55c1fdf.txt``, article 多腕バンディットアルゴリズムのリグレット解析
(sections 定式化, Upper Confidence Boundアルゴリズム, リグレット上界の導出).  ``lemmas/counterfactual/ucb1/proof.py``
holds UCB1-CI/SUM/COUNT/BOUND; this module adds what a line-by-line reading finds besides:

* UCB1-REGRET — the first line of the regret display, ``E[max_a Σ_t X_{a,t} − X_{a(t),t}]``, is
  not equal to ``Σ_a Δ_a E[T_a]`` (the max sits inside the expectation): refuted exactly, and the
  pseudo-regret identity plus ``>=`` proved for every K, T.
* (the estimator and the confidence bound: ``lemmas/counterfactual/ucb1/confidence.py``)
* UCB1-INDEX — the algorithm's index uses ``log(t−1)`` and ``T_{a,t−1}``, the proof's ``log t``
  and ``T_{a,t}``; with the algorithm's counts the count argument needs ``+1``.
* UCB1-SUM/all-alpha, /no-alpha-condition — the series bound for every α > 1; α > 1 is never stated.
* UCB1-CHAIN — the chain ``μ_1 <= … <= μ_a + sqrt(2α log t/T_{a,t})`` (z3), the doubling of the
  radius (symbolic), and the printed ``μ̂_{1, T_{a,t}}`` (wrong index) refuted.
* UCB1-DECOMP — the printed ``E[T_a] = E[I{A_t∩B_t}] + E[I{A_t^c∪B_t^c}]`` equals 1; corrected.
* UCB1-LR/any-policy — the Ω(log T) limit needs consistent policies (a fixed-arm policy has R = 0).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.exact_prob import exp_compare
from clickbound.lemmas.support.kit import (
    Claim,
    Derivation,
    Outcome,
    ProcedureClaim,
    claim_family,
    derived,
    refuted,
    source,
)

SRC = source("counterfactual")
LOC_DEF = "多腕バンディットアルゴリズムのリグレット解析 > 定式化 (R(T) display)"
LOC_UCB = "多腕バンディットアルゴリズムのリグレット解析 > Upper Confidence Boundアルゴリズム"
LOC_PROOF = "多腕バンディットアルゴリズムのリグレット解析 > リグレット上界の導出"
HALF = Fraction(1, 2)


# ------------------------------------------------------------------------------ UCB1-REGRET

def regret_gap_instance():
    """K = 2 Bernoulli(1/2) arms, T = 1, the policy plays arm 1: E[max_a X_a − X_1] vs Σ Δ_a E[T_a]."""
    e_max = sum(Fraction(1, 4) * max(x1, x2) for x1, x2 in itertools.product((0, 1), repeat=2))
    e_played = HALF
    return e_max - e_played, Fraction(0)  # Δ_1 = Δ_2 = 0, so Σ Δ_a E[T_a] = 0


def decide_regret_as_printed(budget_s: float) -> Outcome:
    lhs, rhs = regret_gap_instance()
    require(lhs == Fraction(1, 4) and rhs == 0, (lhs, rhs))
    return refuted("exact enumeration", counterexample={
        "arms": "two independent Bernoulli(1/2)", "T": 1, "policy": "a(1) = 1",
        "E[max_a Σ_t X_{a,t} − X_{a(t),t}]": lhs, "Σ_a Δ_a E[T_a]": rhs})


def _pseudo_regret_enumeration():
    """Exact cross-check: K = 2, T = 3, Bernoulli(2/3), Bernoulli(1/3), a greedy adaptive policy.

    Returns (E[Σ_t X_{a(t),t}], Σ_a μ_a E[T_a]) computed by enumerating all reward tables."""
    mus = (Fraction(2, 3), Fraction(1, 3))
    horizon = 3
    total_reward = Fraction(0)
    counts = [Fraction(0), Fraction(0)]
    for table in itertools.product((0, 1), repeat=2 * horizon):  # X_{a,t} = table[a*T + t]
        pr = Fraction(1)
        for a in range(2):
            for t in range(horizon):
                pr *= mus[a] if table[a * horizon + t] else 1 - mus[a]
        sums, pulls = [0, 0], [0, 0]
        for t in range(horizon):
            # greedy on observed sums, untried arms first, ties to the lower index (depends on the past only)
            arm = 0 if pulls[0] == 0 else 1 if pulls[1] == 0 else int(sums[1] * pulls[0] > sums[0] * pulls[1])
            x = table[arm * horizon + t]
            sums[arm] += x
            pulls[arm] += 1
            total_reward += pr * x
        counts = [c + pr * n for c, n in zip(counts, pulls)]
    return total_reward, sum(m * c for m, c in zip(mus, counts))


def pseudo_regret_proof():
    d = Derivation("E[Σ_t X_{a(t),t}] = Σ_a μ_a E[T_a] for every policy whose choice a(t) depends on the past "
                   "only; hence T μ* − E[Σ_t X_{a(t),t}] = Σ_a Δ_a E[T_a] (every K, T), and "
                   "E[max_a Σ_t X_{a,t}] >= T μ* makes the printed first line >= Σ_a Δ_a E[T_a]")
    K = sp.Symbol("K", integer=True, positive=True)
    a = sp.Idx("a")
    mu, N = sp.IndexedBase("mu"), sp.IndexedBase("N")
    ms = sp.Symbol("mu_star")
    d.cited("E[X_{a(t),t}] = Σ_a P(a(t) = a) μ_a",
            "the law of total expectation, with X_(a,t) independent of the history that determines a(t) (model assumption of the source: rewards X_(a,t) independent)")
    d.cited("Σ_t P(a(t) = a) = E[T_a] and Σ_a E[T_a] = T",
            "linearity of expectation (one arm per round: Σ_a I{a(t)=a} = 1)")
    d.equal("Σ_a (μ* − μ_a) N_a = μ* Σ_a N_a − Σ_a μ_a N_a (symbolic K)",
            sp.Sum((ms - mu[a]) * N[a], (a, 1, K)).expand(),
            ms * sp.Sum(N[a], (a, 1, K)) - sp.Sum(mu[a] * N[a], (a, 1, K)))
    Tn = sp.Symbol("T", positive=True)
    d.equal("with Σ_a N_a = T (N_a = E[T_a]): T μ* − Σ_a μ_a N_a = Σ_a Δ_a N_a, Δ_a = μ* − μ_a (symbolic K)",
            ms * Tn - sp.Sum(mu[a] * N[a], (a, 1, K)),
            (ms * sp.Sum(N[a], (a, 1, K)) - sp.Sum(mu[a] * N[a], (a, 1, K))).subs(sp.Sum(N[a], (a, 1, K)), Tn))
    d.cited("max_a Σ_t X_{a,t} >= Σ_t X_{a*,t} pointwise, so E[max_a Σ_t X_{a,t}] >= T μ*",
            "monotonicity of expectation")
    got, want = _pseudo_regret_enumeration()
    d.equal("cross-check K = 2, T = 3, μ = (2/3, 1/3), greedy policy: E[Σ X_{a(t),t}] = Σ μ_a E[T_a]",
            sp.Rational(got.numerator, got.denominator), sp.Rational(want.numerator, want.denominator))
    return d.artefact()


# ------------------------------------------------------------------------------- UCB1-INDEX

def decide_index_mismatch(budget_s: float) -> Outcome:
    # arm a pulled at t = 1 and t = 2: the algorithm's bonus at t = 2 is sqrt(α log 1/(2·1)) = 0,
    # the proof's bonus at t = 2 is sqrt(α log 2/(2 T_{a,2})) = sqrt(α log 2/4) > 0 because log 2 > 0.
    require(exp_compare(0, 2) < 0, "e^0 < 2")
    return refuted("exact", counterexample={
        "t": 2, "a(1) = a(2)": "a", "algorithm bonus sqrt(α log(t−1)/(2T_{a,t−1}))": 0,
        "proof bonus sqrt(α log t/(2T_{a,t}))": "sqrt(α log 2 / 4) > 0"})


def count_rounds(counts_at_pull, level):
    return sum(1 for c in counts_at_pull if c <= level)


def decide_count_without_plus_one(budget_s: float) -> Outcome:
    # the pre-pull counts T_{a,t−1} at the pulls of a are 0, 1, 2, …; with level L = 3/2 two rounds qualify
    level = Fraction(3, 2)
    rounds = count_rounds(range(5), level)
    require(rounds == 2 and rounds > level, rounds)
    return refuted("exact", counterexample={"L": level, "T_{a,t−1} at the pulls": "0, 1, 2, 3, 4",
                                            "rounds with T_{a,t−1} <= L": rounds})


def count_plus_one_proof():
    d = Derivation("the rounds t with a(t) = a and T_{a,t−1} <= L number at most floor(L) + 1 (every L >= 0)")
    d.argument("at the j-th pull of a, T_{a,t−1} = j − 1, so the qualifying pulls have T_{a,t−1} ∈ {0, …, floor(L)}",
               "T_{a,t} grows by one exactly at the pulls of a")
    checked = 0
    for num in range(41):
        level = Fraction(num, 4)
        require(count_rounds(range(30), level) == level.__floor__() + 1, level)
        checked += 1
    d.holds("exact count on 30 pulls for L = 0, 1/4, …, 10", checked == 41, f"{checked} levels, count = floor(L) + 1")
    return d.artefact()


# -------------------------------------------------------------------------------- UCB1-SUM

def sum_all_alpha_proof():
    d = Derivation("Σ_{t=1}^{T} t^{−α} <= 1 + ∫_1^∞ x^{−α} dx = α/(α−1) for every α > 1 and T >= 1")
    x, beta = sp.symbols("x beta", positive=True)
    a = 1 + beta
    d.equal("∫_1^∞ x^{−(1+β)} dx = 1/β (β = α − 1 > 0)", sp.integrate(x ** (-a), (x, 1, sp.oo)), 1 / beta)
    d.equal("1 + 1/(α − 1) = α/(α − 1)", 1 + 1 / beta, a / (a - 1))
    deriv = sp.diff(x ** (-a), x)
    d.holds("x^{−α} is decreasing on x > 0", deriv.is_negative, f"d/dx x^(-alpha) = {sp.sstr(deriv)} < 0")
    d.cited("t^{−α} <= ∫_{t−1}^{t} x^{−α} dx for t >= 2; summing, Σ_{t=2}^{T} t^{−α} <= ∫_1^∞ x^{−α} dx",
            "the integral test for decreasing positive functions (Apostol, Calculus, vol. 1, 2nd ed., Theorem 10.24)")
    return d.artefact()


# ------------------------------------------------------------------------------ UCB1-CHAIN

#: the exponent of a square root kept as written
HALF_POWER = sp.Rational(1, 2)


def _unevaluated_radius_sum(alpha, L, T):
    """``2·sqrt(αL/(2T))`` as printed: sympy would otherwise rewrite it to ``sqrt(2)·sqrt(αL/T)`` at construction,
    and an identity built from it would print (and be checked) as the tautology ``x = x``."""
    inner = sp.Mul(alpha, L, sp.Pow(sp.Mul(2, T, evaluate=False), -1, evaluate=False), evaluate=False)
    return sp.Mul(2, sp.Pow(inner, HALF_POWER, evaluate=False), evaluate=False)


def chain_claims():
    mu1, m1, r1, mua, ma, ra = sp.symbols("mu1 muhat1 r1 mua muhata ra")
    unit, rad = (0, 1), (0, 10)
    chain = Claim(
        id="UCB1-CHAIN", spec_id="UCB1-COUNT-AS-PRINTED", source=SRC.at(f"{LOC_PROOF} (μ_1 <= … chain)"),
        statement=sp.Le(mu1, mua + 2 * ra),
        domain={mu1: unit, m1: unit, mua: unit, ma: unit, r1: rad, ra: rad},
        assumptions=[sp.Ge(m1, mu1 - r1), sp.Le(ma, mua + ra), sp.Ge(ma + ra, m1 + r1)],
        kind="inequality", expected=True,
        description="B_t (μ̂_1 >= μ_1 − r_1), A_t (μ̂_a <= μ_a + r_a) and the choice of a "
                    "(μ̂_a + r_a >= μ̂_1 + r_1, ties allowed) give μ_1 <= μ_a + 2 r_a")
    alpha, L, T = sp.symbols("alpha L T")
    doubling = Claim(
        id="UCB1-CHAIN/radius-doubling", spec_id="UCB1-COUNT-AS-PRINTED", source=SRC.at(LOC_PROOF),
        statement=sp.Eq(_unevaluated_radius_sum(alpha, L, T), sp.Pow(sp.Mul(2, alpha, L, sp.Pow(T, -1, evaluate=False),
                                                                         evaluate=False), HALF_POWER, evaluate=False),
                        evaluate=False),
        domain={alpha: (sp.Rational(1, 10), 10), L: (0, 20), T: (1, 1000)}, kind="identity", expected=True,
        description="adding sqrt(α log t/(2T)) to both sides: 2 sqrt(α log t/(2T)) = sqrt(2α log t/T)")
    return [chain, doubling]


def decide_chain_index_as_printed(budget_s: float) -> Outcome:
    # μ_1 = 1/2; arm-1 rewards 0, 1, 1; T_{a,t} = 1, T_{1,t} = 3; α = 2, t = 2.
    # B_t: μ̂_{1,3} = 2/3 >= 1/2 − r_1 holds.  Printed first line: 1/2 <= μ̂_{1,1} + r_1 = 0 + sqrt(2 log 2/6),
    # i.e. 1/4 <= log(2)/3, i.e. e^{3/4} <= 2: false.
    require(Fraction(2, 3) >= HALF, "B_t")
    require(exp_compare(Fraction(3, 4), 2) > 0, "e^{3/4} > 2")
    return refuted("exact (rational bounds on e^{3/4})", counterexample={
        "mu_1": HALF, "arm-1 rewards": "0, 1, 1", "T_{a,t}": 1, "T_{1,t}": 3, "alpha": 2, "t": 2,
        "B_t": "μ̂_{1,3} = 2/3 >= 1/2 − r_1", "printed line": "1/2 <= μ̂_{1,1} + sqrt(log 2/3) fails (e^{3/4} > 2)"})


# ----------------------------------------------------------------------------- UCB1-DECOMP

def decide_decomp_as_printed(budget_s: float) -> Outcome:
    # K = 2, T = 2, Δ_2 = 1/2, the policy plays arm 2 twice: R(T) = Δ_2 E[T_2] = 1, while
    # Σ_{a≠1} Δ_a (P(A_t ∩ B_t) + P(A_t^c ∪ B_t^c)) = Σ_{a≠1} Δ_a = 1/2 for any events A_t, B_t.
    regret, printed = HALF * 2, HALF * (Fraction(1))
    require(regret != printed, (regret, printed))
    return refuted("exact", counterexample={"K": 2, "T": 2, "Delta_2": HALF, "policy": "a(1)=a(2)=2",
                                            "R(T)": regret, "printed second line": printed})


def decomp_proof():
    d = Derivation("E[T_a] = Σ_t P(a(t) = a, A_t ∩ B_t) + Σ_t P(a(t) = a, A_t^c ∪ B_t^c) (every K, T)")
    i, e = sp.symbols("i e")
    d.equal("I{a(t)=a} = I{a(t)=a} I{E} + I{a(t)=a} I{E^c} with I{E^c} = 1 − I{E}", i * e + i * (1 - e), i)
    d.cited("sum over t = 1..T and take expectations",
            "linearity of expectation (T_a = Σ_t I{a(t)=a})")
    return d.artefact()


# ---------------------------------------------------------------------------------- UCB1-LR

def decide_lr_any_policy(budget_s: float) -> Outcome:
    # μ = (1/2, 1/4), the policy that always plays arm 1: R(T) = Σ_a Δ_a E[T_a] = 0·T + (1/4)·0 = 0 for all T
    deltas = (Fraction(0), Fraction(1, 4))
    regrets = [sum(dd * c for dd, c in zip(deltas, (T, 0))) for T in (1, 10, 10 ** 6)]
    require(all(r == 0 for r in regrets), regrets)
    return refuted("exact", counterexample={"mu": "(1/2, 1/4)", "policy": "always arm 1",
                                            "R(T) at T = 1, 10, 10^6": regrets})


@register
def claims():
    regret = claim_family(spec_id="UCB1-BOUND", source=SRC.at(LOC_PROOF), kind="identity")
    count = claim_family(spec_id="UCB1-COUNT-AS-PRINTED", source=SRC.at(LOC_PROOF))
    return [
        regret(id="UCB1-REGRET/as-printed", source=SRC.at(LOC_DEF), expected=False, decide=decide_regret_as_printed,
               statement_text="E[max_a Σ_t X_{a,t} − X_{a(t),t}] = Σ_a Δ_a E[T_a]  (as printed)",
               description="two Bernoulli(1/2) arms, T = 1: 1/4 vs 0"),
        regret(id="UCB1-REGRET/pseudo", source=SRC.at(LOC_DEF), expected=True,
               decide=derived(pseudo_regret_proof, "symbolic K + argument"),
               statement_text="T μ* − E[Σ_t X_{a(t),t}] = Σ_a Δ_a E[T_a] <= E[max_a Σ_t X_{a,t} − X_{a(t),t}]",
               description="pseudo-regret identity for every K, T"),
        ProcedureClaim(id="UCB1-INDEX/as-printed", spec_id="UCB1-CI", source=SRC.at(f"{LOC_UCB} vs {LOC_PROOF}"),
                       statement_text="the algorithm's index μ̂ + sqrt(α log(t−1)/(2T_{a,t−1})) is the index the proof "
                                      "uses, μ̂ + sqrt(α log t/(2T_{a,t}))",
                       decide=decide_index_mismatch, kind="identity", expected=False,
                       description="at t = 2 the bonuses are 0 and sqrt(α log 2/4)"),
        count(id="UCB1-INDEX/count-without-plus-one", kind="upper bound", expected=False,
              decide=decide_count_without_plus_one,
              statement_text="rounds with a(t) = a and T_{a,t−1} <= L number at most L",
              description="L = 3/2: two rounds (T_{a,t−1} = 0, 1)"),
        count(id="UCB1-INDEX/count-plus-one", kind="upper bound", expected=True,
              decide=derived(count_plus_one_proof, "argument + exact count"),
              statement_text="rounds with a(t) = a and T_{a,t−1} <= L number at most floor(L) + 1",
              description="the count with the algorithm's T_{a,t−1}"),
        ProcedureClaim(id="UCB1-SUM/all-alpha", spec_id="UCB1-SUM", source=SRC.at(LOC_PROOF),
                       statement_text="Σ_{t=1}^{T} t^{−α} <= 1 + ∫_1^∞ x^{−α} dx = α/(α−1) for every α > 1, T >= 1",
                       decide=derived(sum_all_alpha_proof, "symbolic (sympy)"),
                       kind="upper bound", expected=True, description="integral comparison, every α > 1"),
        Claim(id="UCB1-SUM/no-alpha-condition", spec_id="UCB1-SUM", source=SRC.at(LOC_PROOF),
              statement=sp.Le(2, 2 * sp.Symbol("alpha") / (sp.Symbol("alpha") - 1)),
              domain={sp.Symbol("alpha"): (sp.Rational(1, 10), sp.Rational(9, 10))}, kind="upper bound",
              expected=False, description="T = 1 term alone: 2·1^{−α} = 2 <= 2α/(α−1) fails for α < 1 "
                                          "(the source never states α > 1)"),
        *chain_claims(),
        count(id="UCB1-CHAIN/index-as-printed", kind="inequality", expected=False,
              decide=decide_chain_index_as_printed,
              statement_text="B_t ⇒ μ_1 <= μ̂_{1,T_{a,t}} + sqrt(α log t/(2T_{1,t}))  (as printed)",
              description="the estimate of arm 1 after T_{a,t} pulls is not the one B_t controls"),
        regret(id="UCB1-DECOMP/as-printed", expected=False, decide=decide_decomp_as_printed,
               statement_text="Σ_{a≠1} Δ_a E[T_a] = Σ_{a≠1} Δ_a (E[I{A_t∩B_t}] + E[I{A_t^c∪B_t^c}])",
               description="the bracket is 1 for any events; R(T) = 1 vs 1/2"),
        regret(id="UCB1-DECOMP/corrected", expected=True, decide=derived(decomp_proof, "symbolic + linearity"),
               statement_text="E[T_a] = Σ_t P(a(t)=a, A_t∩B_t) + Σ_t P(a(t)=a, A_t^c∪B_t^c)",
               description="partition of the pulls of a"),
        regret(id="UCB1-LR/any-policy", source=SRC.at(f"{LOC_DEF} (Lai et al. 1985)"), kind="lower bound",
               expected=False, decide=decide_lr_any_policy,
               statement_text="every policy has R(T) = Ω(log T) on every instance",
               description="the fixed-arm policy has R(T) = 0 where its arm is optimal; Lai–Robbins "
                           "needs consistent policies"),
    ]


register_erratum(Erratum(
    id="ERR-UCB1-REGRET-EQ", spec_id="UCB1-BOUND", source_file=SRC.file, location=LOC_DEF,
    source_says="R(T) = E[max_a Σ_t X_{a,t} − X_{a(t),t}] = Σ_a Δ_a E[T_a]",
    truth="with the max inside the expectation only >= holds (two Bernoulli(1/2) arms, T = 1: 1/4 vs 0); "
          "Σ_a Δ_a E[T_a] is the pseudo-regret T μ* − E[Σ_t X_{a(t),t}], which the prose describes",
    evidence_claims=("UCB1-REGRET/as-printed", "UCB1-REGRET/pseudo"),
    conclusion_survives="yes: the proof bounds Σ_a Δ_a E[T_a], the pseudo-regret",
    severity="misprint", quotes=(
        "& = \\mathbb{E} \\left[ \\max_{a \\in \\mathcal{A}} \\sum_{t = 1}^T  X_{a, t} - X_{a(t), t}  \\right] \\\\",
    )))
register_erratum(Erratum(
    id="ERR-UCB1-INDEX-MISMATCH", spec_id="UCB1-COUNT-AS-PRINTED", source_file=SRC.file,
    location=f"{LOC_UCB} (UCB_{{a,t}}) vs {LOC_PROOF}",
    source_says="UCB_{a,t} = μ̂_a + sqrt(α log(t−1)/(2T_{a,t−1})); the proof compares μ̂_a + sqrt(α log t/(2T_{a,t}))",
    truth="the proof analyses another index (log t, post-round counts T_{a,t}); with the algorithm's counts T_{a,t−1} "
          "the rounds with a(t) = a under A_t ∩ B_t number at most floor(2αΔ_a^{−2} log T) + 1, not 2αΔ_a^{−2} log T "
          "(L = 3/2: two rounds); the index is undefined at t = 1 (log 0) and T_{a,t−1} = 0, and no initial pull is given",
    evidence_claims=("UCB1-INDEX/as-printed", "UCB1-INDEX/count-without-plus-one", "UCB1-INDEX/count-plus-one"),
    conclusion_survives="yes for the order: E[T_a] gains an additive constant; the printed constant does not follow",
    severity="wrong-step", quotes=(
        r"UCB_{a, t} = \hat{\mu}_a +  \sqrt{ \frac{\alpha \log (t - 1)}{2 T_{a, t - 1}} }",
        r"\hat{\mu}_a +  \sqrt{ \frac{\alpha \log (t)}{2 T_{a, t}} } > \hat{\mu}_1 +  \sqrt{ \frac{\alpha \log (t)}{2 T_{1, t}} }",
    )))
register_erratum(Erratum(
    id="ERR-UCB1-CHAIN-INDEX", spec_id="UCB1-COUNT-AS-PRINTED", source_file=SRC.file, location=LOC_PROOF,
    source_says="μ_1 <= μ̂_{1, T_{a,t}} + sqrt(α log t/(2T_{1,t}))  ∵ B_t",
    truth="B_t controls μ̂_{1,T_{1,t}}; with μ̂_{1,T_{a,t}} the line fails (μ_1 = 1/2, rewards 0,1,1, α = 2, t = 2)",
    evidence_claims=("UCB1-CHAIN/index-as-printed", "UCB1-CHAIN"),
    conclusion_survives="yes: with T_{1,t} the chain holds",
    severity="notation", quotes=(
        "&  \\leqq \\hat{\\mu}_{ 1, T_{a, t} } +  \\sqrt{ \\frac{\\alpha \\log (t)}{2 T_{1, t}} } \\quad \\because B_t \\\\",
    )))
register_erratum(Erratum(
    id="ERR-UCB1-DECOMP", spec_id="UCB1-BOUND", source_file=SRC.file, location=LOC_PROOF,
    source_says="R(T) = Σ_{a≠1} Δ_a E[T_a] = Σ_{a≠1} Δ_a (E[I{A_t ∩ B_t}] + E[I{A_t^c ∪ B_t^c}])",
    truth="the bracket equals 1 for any events (it has neither Σ_t nor I{a(t) = a}); the decomposition is "
          "E[T_a] = Σ_t P(a(t)=a, A_t∩B_t) + Σ_t P(a(t)=a, A_t^c∪B_t^c)",
    evidence_claims=("UCB1-DECOMP/as-printed", "UCB1-DECOMP/corrected"),
    conclusion_survives="yes: the intended decomposition is valid",
    severity="misprint", quotes=(
        r"&=  \sum_{a \neq 1} \Delta_{a} \left(  \mathbb{E} \left[ \mathbb{I} \{ A_t \cap B_t \} \right]",
    )))
register_erratum(Erratum(
    id="ERR-UCB1-LAI-ROBBINS-CONSISTENCY", spec_id="UCB1-BOUND", source_file=SRC.file,
    location=f"{LOC_DEF} (Lai et al. (1985))",
    source_says="Lai et al. (1985)によると, 期待リグレットの理論限界は Ω(log T)であることが知られており",
    truth="the Lai–Robbins bound holds for consistent (uniformly good) policies and is instance-dependent; for an "
          "arbitrary policy it is false (always playing arm 1 on an instance where arm 1 is best has R(T) = 0, "
          "UCB1-LR/any-policy)",
    evidence_claims=("UCB1-LR/any-policy",),
    conclusion_survives="yes: for consistent policies the lower bound is standard",
    severity="misprint", quotes=(
        r"期待リグレットの理論限界は \Omega (\log T)であることが知られており",
    )))
