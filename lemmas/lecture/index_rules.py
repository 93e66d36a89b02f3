"""Arm-selection rules of the lecture notes (source 003): the UCB index and Thompson sampling.

Source ``003_f899901a464da92a.txt``:

* "#OLD > UCB" (line 326) displays the index ``μ_i + sqrt(α log t / n_i)`` right after defining
  ``\\hat{mu}_i`` as the sample mean: the displayed index uses the *true* mean.
  **UCBIDX-LEVEL** proves that Hoeffding's bound at the radius ``sqrt(α log t / n)`` is ``t^{−2α}``
  (the level of the confidence bound, every n, t, α); **UCBIDX-AS-PRINTED** (expected false) is the
  claim that the printed rule picks the same arm as the sample-mean rule on every history.
* "#OLD > Thompson sampling" (lines 358–361): "выбираем ручку, у которая наибольшая вероятность дать
  максимумальный профит" — choose the arm with the *largest* posterior probability of being optimal.
  Thompson sampling plays each arm *with* that probability (probability matching).
  **TS-RULE/matching** proves that "sample θ from the posterior, play the argmax" plays arm a with
  probability exactly the displayed integral; **TS-RULE/as-printed** (expected false) is the printed
  deterministic rule read as Thompson sampling, refuted on Beta(2,1) vs Beta(1,1) (P = 1/3 exactly).
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("lecture")
LOC_UCB = SRC.at("'#OLD > UCB' (index μ_i + sqrt(α log t / n_i), line 326)")
LOC_UCB_NEW = SRC.at("'Варианты решения SMAB' (q(a) = μ̂(a) + sqrt(α log t / n_a(t)), line 50)")
LOC_TS = SRC.at("'#OLD > Thompson sampling' (lines 356-361)")
#: the index-rule claims (UCBIDX-LEVEL names its spec entry itself)
claim = claim_family(spec_id=None)


def ucb_level_proof():
    d = Derivation("Hoeffding at a fixed count n: P(μ − μ̂_n ≥ r) ≤ exp(−2 n r²); at r = sqrt(α log t / n) the "
                   "bound is exactly t^(−2α), every n ≥ 1, t ≥ 1, α > 0")
    n, t, a = sp.symbols("n t alpha", positive=True)
    r = sp.sqrt(a * sp.log(t) / n)
    d.equal("−2 n r² = −2α log t", sp.expand(-2 * n * r ** 2), -2 * a * sp.log(t))
    d.equal("exp(−2α log t) = t^(−2α)", sp.powsimp(sp.exp(-2 * a * sp.log(t)), force=True), t ** (-2 * a))
    d.cited("so μ̂_n + sqrt(α log t / n) is an upper confidence bound of level 1 − t^(−2α) for rewards in "
            "[0, 1] and a fixed n (a data-dependent n needs a union bound, see ERR-OD-L1-RANDOM-N)",
            "Hoeffding (1963), Theorem 1 (n i.i.d. rewards in [0, 1])")
    return d.artefact()


def _ucb_as_printed_decide(budget_s):
    mu = (Fraction(1, 2), Fraction(1, 4))
    n, t, alpha = (1, 1), 3, 1
    rewards = (Fraction(0), Fraction(1))  # one observation per arm
    # both arms have the same radius sqrt(α log t / 1): the comparison is decided by the means alone
    printed = max(range(2), key=lambda i: mu[i])
    sample = max(range(2), key=lambda i: rewards[i] / n[i])
    if printed == sample:  # pragma: no cover
        raise AssertionError("instance does not separate the rules")
    return refuted("exact comparison (equal radii)",
                   counterexample={"true means": mu, "counts": n, "observed rewards": rewards, "t": t,
                                   "α": alpha, "printed rule picks arm": printed + 1,
                                   "sample-mean rule picks arm": sample + 1},
                   **{"equal radii": "n_1 = n_2 = 1, so sqrt(α log t/n_i) cancels"})


def _beta_pdf(a, b, x):
    return sp.gamma(a + b) / (sp.gamma(a) * sp.gamma(b)) * x ** (a - 1) * (1 - x) ** (b - 1)


def ts_probabilities():
    """P(θ_2 > θ_1) and P(θ_1 > θ_2) for independent θ_1 ~ Beta(2,1), θ_2 ~ Beta(1,1), exact."""
    x, y = sp.symbols("x y", positive=True)
    f1, f2 = _beta_pdf(2, 1, x), _beta_pdf(1, 1, y)
    p2 = sp.integrate(sp.integrate(f1 * f2, (x, 0, y)), (y, 0, 1))  # θ_1 < θ_2
    p1 = sp.integrate(sp.integrate(f1 * f2, (y, 0, x)), (x, 0, 1))  # θ_2 < θ_1
    return sp.nsimplify(p1), sp.nsimplify(p2)


def ts_matching_proof():
    d = Derivation("Thompson sampling (draw θ ~ P(θ|D), play argmax_a E(r|a,x,θ)) plays arm a with probability "
                   "∫_{θ: a optimal} P(θ|D) dθ, the displayed integral; every prior, likelihood and history")
    d.argument("P(TS plays a | D) = P_(θ~P(·|D))(a ∈ argmax_ā E(r|ā,x,θ)) = ∫ 1[E(r|a,x,θ) = max_ā E(r|ā,x,θ)] "
               "P(θ|D) dθ (ties, a θ-null set for continuous posteriors, broken at random)",
               "the definition of the probability of an event under the posterior")
    p1, p2 = ts_probabilities()
    d.equal("cross-check, Beta(2,1) vs Beta(1,1) posteriors: P(arm 1 optimal) + P(arm 2 optimal) = 1", p1 + p2, 1)
    d.equal("P(arm 2 optimal) = ∫_0^1 ∫_0^y 2x dx dy = 1/3", p2, sp.Rational(1, 3))
    return d.artefact()


def _ts_as_printed_decide(budget_s):
    p1, p2 = ts_probabilities()
    return refuted("exact integration (sympy)",
                   counterexample={"posteriors": "arm 1 Beta(2,1) (one success), arm 2 Beta(1,1)",
                                   "printed rule plays arm 2 with probability": 0,
                                   "Thompson sampling plays arm 2 with probability": sp.sstr(p2)},
                   **{"P(arm 1 optimal)": sp.sstr(p1), "P(arm 2 optimal)": sp.sstr(p2)})


@register
def index_rule_claims():
    return [
        claim(id="UCBIDX-LEVEL", spec_id="UCB1-CI", source=f"{LOC_UCB_NEW}; {LOC_UCB}", kind="identity",
              expected=True,
              statement_text="for every n, t ≥ 1 and α > 0: exp(−2n·(α log t / n)) = t^(−2α), so "
                             "μ̂ + sqrt(α log t / n) is a Hoeffding upper confidence bound of level "
                             "1 − t^(−2α) at a fixed count n",
              decide=derived(ucb_level_proof, "derivation (symbolic n, t, α)"),
              description="Symbolic identity; Hoeffding cited as a named theorem."),
        claim(id="UCBIDX-AS-PRINTED", source=LOC_UCB, kind="computation", expected=False,
              statement_text="the printed rule argmax_i μ_i + sqrt(α log t / n_i) (true means) picks the "
                             "same arm as the UCB rule argmax_i μ̂_i + sqrt(α log t / n_i) on every history",
              decide=_ucb_as_printed_decide,
              description="Means (1/2, 1/4), one pull each with rewards (0, 1): the rules disagree."),
        claim(id="TS-RULE/matching", source=LOC_TS, kind="identity", expected=True,
              statement_text="sampling θ from the posterior and playing the argmax plays arm a with "
                             "probability ∫_{θ: a optimal} P(θ|D) dθ (probability matching)",
              decide=derived(ts_matching_proof, "derivation + exact integration"),
              description="Definition of probability under the posterior; Beta example integrated "
                          "exactly."),
        claim(id="TS-RULE/as-printed", source=LOC_TS, kind="computation", expected=False,
              statement_text="Thompson sampling plays the arm with the largest posterior probability of "
                             "being optimal (as printed: 'выбираем ручку, у которая наибольшая "
                             "вероятность дать максимумальный профит')",
              decide=_ts_as_printed_decide,
              description="Beta(2,1) vs Beta(1,1): the printed rule never plays arm 2, Thompson "
                          "sampling plays it with probability 1/3 exactly."),
    ]


register_erratum(Erratum(
    id="ERR-003-UCB-TRUE-MEAN", source_file=SRC.file, location="'#OLD > UCB', line 326",
    source_says="Пусть \\hat{mu}_i — текущее выборочное среднее … дергаем ручку, дающую максимум μ_i + "
                "sqrt(α log t / n_i)",
    truth="the index is the sample mean plus the radius, μ̂_i + sqrt(α log t / n_i) (as in line 50); with the "
          "true mean μ_i the rule does not use the observations and picks differently (exact instance)",
    evidence_claims=("UCBIDX-AS-PRINTED", "UCBIDX-LEVEL"),
    conclusion_survives="yes: a misprint (a missing hat; '\\hat{mu}' also lacks its backslash); line 50 has the "
                        "right index",
    severity="notation", quotes=(
        r"$$ \mu_i + \sqrt{\frac{\alpha \log t}{n_i}}$$",
    )))

register_erratum(Erratum(
    id="ERR-003-TS-ARGMAX", source_file=SRC.file, location="'#OLD > Thompson sampling', lines 358-361",
    source_says="Далее выбираем ручку, у которая наибольшая вероятность дать максимумальный профит: ∫_{E(r|a,x,θ) "
                "= max E(r|ā,x,θ)} P(θ|D) dθ; интеграл … аппроксимируют сэмплированием",
    truth="Thompson sampling plays each arm with (not: the arm of largest) posterior probability of being "
          "optimal; one posterior sample and its argmax realise that probability exactly. On Beta(2,1) vs "
          "Beta(1,1) the printed rule never plays arm 2, Thompson sampling does with probability 1/3",
    evidence_claims=("TS-RULE/as-printed", "TS-RULE/matching"),
    conclusion_survives="yes: the sampling implementation the notes mention is Thompson sampling; only the "
                        "verbal rule is wrong",
    severity="wrong-step", quotes=(
        "Далее выбираем ручку, у которая наибольшая вероятность дать максимумальный профит",
        "Интеграл считать дорого и поэтому его аппроксимируют сэмплированием.",
    )))
