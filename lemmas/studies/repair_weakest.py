"""Repairs at their weakest assumption: does the source's own hypothesis suffice after all?

Two errata repair a Hoeffding step taken at a random sample size (the count ``n_i(t)`` depends on
the data) by a union bound over the possible sizes ``n ≤ t``, which costs a factor t and forces a
stronger hypothesis.  A peeling argument with Hoeffding's *maximal* inequality costs only a factor
``log t``:

* **OD-L1/peeling** (source ``001_eb740855b56fcd8b.txt``, 補題 1).  ERR-OD-L1-RANDOM-N repairs Lemma 1
  as ``Pr(E_t^c) ≤ 2L t^{1−2α}``, summable only for α > 1.  Peeling over blocks ``[η^k, η^{k+1})``
  gives, for every sampling rule and every η > 1,
  ``Pr(|θ̂_i(t) − θ_i| > sqrt(α log t / n_i(t))) ≤ 2(⌊log t / log η⌋ + 1) t^{−2α/η}``, summable in t as
  soon as ``2α/η > 1``: an η ∈ (1, 2α) exists iff **α > 1/2 — the source's own hypothesis**.  So
  Lemma 1's conclusion (a finite, T-free constant) holds as the source assumes; only its constant
  ``2KLζ(2α)`` is not established (it becomes ``2KL Σ_t (⌊log t/log η⌋ + 1) t^{−2α/η}``, minimised over η).
  Exact check (**OD-L1/peeling-exact**): the supremum over sampling rules of that probability (the
  stop-at-first-deviation rule, :func:`clickbound.lemmas.depth.lemma1.hoeffding.stop_rule_deviation_probability`)
  at α = 3/4 and 11/20 — where the union-bound repair is not even summable — lies below the peeling
  bound at t = 100, 1000, 10^4, and ``t · Pr`` decreases.
* **UCB1-SUM/peeling** (source ``002_3ec5ec57f55c1fdf.txt``).  The UCB1 proof sums ``t^{−α}`` from
  Hoeffding at a fixed count; at the random count a union bound would need α > 2, peeling gives
  ``(⌊log t/log η⌋ + 1) t^{−α/η}`` for the one-sided radius ``sqrt(α log t/(2n))``: summable iff α > 1,
  the condition the source states.  No weakening below α > 1 by this route (left open).

ERR-OD-L1-REPAIR-TOO-STRONG merged into ERR-OD-L1-RANDOM-N (errata review): it corrected the project's own
repair of the same Hoeffding step of the carousel paper's Lemma 1, not a second error of the source; its
peeling repair (every α > 1/2) and its evidence OD-L1/peeling, OD-L1/peeling-exact now sit in
ERR-OD-L1-RANDOM-N.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import sympy as sp

from clickbound.lemmas.depth.lemma1.hoeffding import stop_rule_deviation_probability
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, checked, derived, refuted, source

SRC_OD = source("depth")
SRC_UCB = source("counterfactual")
LOC_OD = "5 リグレット解析 > 補題 1, Proof (Hoeffding at n_i(t)); repair of ERR-OD-L1-RANDOM-N"
#: (α, η, θ, t) at which the exact supremum is compared with the peeling bound
EXACT_GRID = tuple((a, e, Fraction(1, 2), t) for a, e in ((Fraction(3, 4), Fraction(5, 4)),
                                                          (Fraction(11, 20), Fraction(21, 20)))
                   for t in (100, 1000, 10_000))
DPS = 50


def peeling_bound_mp(t: int, alpha: Fraction, eta: Fraction, two_sided: bool = True):
    """``c (⌊log t / log η⌋ + 1) t^{−cα/η}`` at ``DPS`` digits (c = 2: two-sided radius sqrt(α log t/n))."""
    with mpmath.workdps(DPS):
        a = mpmath.mpf(alpha.numerator) / alpha.denominator
        e = mpmath.mpf(eta.numerator) / eta.denominator
        blocks = mpmath.floor(mpmath.log(t) / mpmath.log(e)) + 1
        if two_sided:
            return 2 * blocks * mpmath.power(t, -2 * a / e)
        return blocks * mpmath.power(t, -a / e)


def _peeling_derivation(two_sided: bool) -> Derivation:
    a, eta, L, k = sp.symbols("alpha eta logt k", positive=True)
    c = 2 if two_sided else 1
    name = ("|θ̂ − θ| > sqrt(α log t/n)" if two_sided else "μ − μ̂ > sqrt(α log t/(2n))")
    d = Derivation(f"for every sampling rule and η > 1: Pr(∃ n ≤ t: {name}) ≤ {c}(⌊log t/log η⌋ + 1) "
                   f"t^(−{'2' if two_sided else ''}α/η); summable in t iff {'2' if two_sided else ''}α/η > 1")
    d.cited("the k-th observation of an item is the k-th draw of an i.i.d. sequence whatever the sampling rule "
            "(the 'stack' construction), so the event at time t, at the random count n(t) ≤ t (one observation per "
            "item per round), lies in ∃ n ≤ t with the same deviation for the stack's partial sums S_n",
            "the stack model of a stochastic bandit (Lattimore & Szepesvári, Bandit Algorithms, 2020, §4.6)")
    d.cited("Hoeffding's maximal inequality: P(max_(n≤N) (S_n − nθ) ≥ x) ≤ exp(−2x²/N) for [0,1] draws (Doob's "
            "maximal inequality for the submartingale exp(λ(S_n − nθ)), Hoeffding's lemma, λ = 4x/N)",
            "Hoeffding (1963), §2 (the maximal form via Doob's submartingale inequality)")
    # block k: n ∈ [η^k, η^(k+1)); the deviation there exceeds the radius at n ≥ η^k
    x2 = (a * eta ** k * L) if two_sided else (a * eta ** k * L / 2)
    expo = sp.simplify(2 * x2 / eta ** (k + 1))
    d.equal(f"block k: 2x²/N with x² = {'α η^k log t' if two_sided else 'α η^k log t / 2'} and N = η^(k+1) "
            f"gives {'2' if two_sided else ''}α log t/η, free of k", expo, (2 if two_sided else 1) * a * L / eta)
    tt, pp, yy = sp.symbols("t p y", positive=True)
    d.equal(f"each block costs {c}·exp(−p log t) = {c} t^(−p), p = {'2' if two_sided else ''}α/η (a factor 2 for "
            "the two tails)", sp.powsimp(sp.expand_log(c * sp.exp(-pp * sp.log(tt)), force=True)), c * tt ** (-pp))
    cover = sp.floor(yy) + 1 - yy  # = 1 − frac(y)
    frac_lt_1 = sp.frac(yy) < 1
    d.holds("the blocks k = 0..⌊log t/log η⌋ cover 1..t: ⌊y⌋ + 1 − y = 1 − frac(y) > 0 for y = log t/log η, so "
            "η^(⌊log t/log η⌋+1) > η^(log t/log η) = t",
            frac_lt_1 is sp.true and sp.expand(cover - (1 - sp.frac(yy).rewrite(sp.floor))) == 0,
            f"sympy: frac(y) < 1 evaluates to {frac_lt_1}; simplify(⌊y⌋ + 1 − y − (1 − frac(y))) = "
            f"{sp.expand(cover - (1 - sp.frac(yy).rewrite(sp.floor)))} (frac(y) = y − ⌊y⌋)")
    d.cited("summing over the blocks: Pr(∃ n ≤ t: deviation) ≤ Σ_k (block k's bound)",
            "Boole's inequality (the union bound)")
    q, xx = sp.symbols("q x", positive=True)
    integral = sp.integrate(sp.log(xx) * xx ** (-(1 + q)), (xx, 1, sp.oo))
    d.equal("integral test: ∫_1^∞ log x · x^(−(1+q)) dx = 1/q² < ∞ for every q > 0", integral, 1 / q ** 2)
    d.cited("so Σ_t (log t/log η + 1) t^(−p) < ∞ iff p > 1 (the log factor does not change the threshold; "
            "for p ≤ 1 the terms are ≥ t^(−1))", "the integral test for decreasing positive functions (Apostol, "
            "Calculus, vol. 1, 2nd ed., Theorem 10.24) and comparison with the harmonic series")
    return d


def od_peeling_proof():
    """OD-L1/peeling (the carousel paper's Lemma 1, repaired by peeling): every α > 1/2."""
    d = _peeling_derivation(two_sided=True)
    a = sp.Symbol("alpha", positive=True)
    d.equal("η = (1 + 2α)/2 lies in (1, 2α) for α > 1/2: 2α/η − 1 = (2α − 1)/(2α + 1) > 0",
            2 * a / ((1 + 2 * a) / 2) - 1, (2 * a - 1) / (2 * a + 1))
    sl = sp.Symbol("s", nonnegative=True)
    e_pos = sp.Symbol("e", positive=True)
    gap = sp.simplify(1 - 2 * (sp.Rational(1, 2) - sl) / (1 + e_pos))
    d.holds("for α = 1/2 − s ≤ 1/2 (s ≥ 0) and η = 1 + e > 1: 1 − 2α/η = (e + 2s)/(1 + e) > 0, so no η > 1 has "
            "2α/η > 1; with the step above the peeling route needs exactly the source's α > 1/2",
            gap.is_positive is True, f"sympy: 1 − 2α/η = {sp.sstr(gap)}, is_positive = {gap.is_positive}")
    d.cited("E[Σ_t Δ 1[E_t^c]] ≤ K·L·2 Σ_t (⌊log t/log η⌋ + 1) t^(−2α/η) < ∞ (Δ ≤ K by OD-REWARD/gap-range, a "
            "union over the L items, the summability step)", "Boole's inequality (the union bound)")
    return d.artefact()


def ucb_peeling_proof():
    """UCB1-SUM/peeling (source 002's UCB1 regret proof at the random count): every α > 1."""
    d = _peeling_derivation(two_sided=False)
    a = sp.Symbol("alpha", positive=True)
    d.equal("η = (1 + α)/2 lies in (1, α) for α > 1: α/η − 1 = (α − 1)/(α + 1) > 0",
            a / ((1 + a) / 2) - 1, (a - 1) / (a + 1))
    sl, e_pos = sp.Symbol("s", nonnegative=True), sp.Symbol("e", positive=True)
    gap = sp.simplify(1 - (1 - sl) / (1 + e_pos))
    d.holds("for α = 1 − s ≤ 1 (s ≥ 0) and η = 1 + e > 1: 1 − α/η = (e + s)/(1 + e) > 0, so the one-sided failure "
            "per round, ≤ (⌊log t/log η⌋ + 1) t^(−α/η), is summable for some η > 1 iff α > 1, the condition the "
            "source states for UCB1-SUM (the union bound over n ≤ t would need α > 2)",
            gap.is_positive is True, f"sympy: 1 − α/η = {sp.sstr(gap)}, is_positive = {gap.is_positive}")
    return d.artefact()


def exact_rows(grid=EXACT_GRID) -> list[dict]:
    rows = []
    for a, eta, th, t in grid:
        pr = stop_rule_deviation_probability(t, a, th)
        with mpmath.workdps(DPS):
            prm = mpmath.mpf(pr.numerator) / pr.denominator
            peel = peeling_bound_mp(t, a, eta)
            union = 2 * mpmath.power(t, 1 - 2 * (mpmath.mpf(a.numerator) / a.denominator))
            rows.append({"alpha": str(a), "eta": str(eta), "theta": str(th), "t": t,
                         "sup_probability": mpmath.nstr(prm, 12), "t_times_probability": mpmath.nstr(t * prm, 8),
                         "peeling_bound": mpmath.nstr(peel, 12), "union_bound_2t^(1-2a)": mpmath.nstr(union, 8),
                         "margin": mpmath.nstr(peel - prm, 6), "_ok": peel - prm > mpmath.mpf(10) ** -30})
    return rows


def _decide_od_exact(budget_s: float) -> Outcome:
    rows = exact_rows()
    bad = [r for r in rows if not r["_ok"]]
    if bad:
        return refuted("exact DP vs 50-digit bound", counterexample=bad[0])
    by_a: dict[str, list] = {}
    for r in rows:
        by_a.setdefault(r["alpha"], []).append(float(r["t_times_probability"]))
    decreasing = {a: all(v[i] > v[i + 1] for i in range(len(v) - 1)) for a, v in by_a.items()}
    for r in rows:
        r.pop("_ok")
    scope = "α ∈ {3/4, 11/20}, θ = 1/2, t ∈ {100, 1000, 10^4}"
    return checked("exact DP over the Bernoulli walk (rational) vs 50-digit peeling bound", sample=scope,
                   rows=rows, t_times_probability_decreasing_by_alpha=decreasing,
                   note="the stop-at-first-deviation rule attains the supremum over sampling rules of "
                        "Pr(∃ n ≤ t: deviation); the union-bound repair 2t^(1−2α) is not summable at these α")


@register
def repair_weakest_claims():
    return [
        ProcedureClaim(id="OD-L1/peeling", spec_id="OD-L1", source=SRC_OD.at(LOC_OD), kind="upper bound",
                       expected=True,
                       statement_text="for every α > 1/2 and every sampling rule: Pr(|θ̂_i(t) − θ_i| > sqrt(α log t/"
                                      "n_i(t))) ≤ 2(⌊log t/log η⌋ + 1) t^(−2α/η) for every η > 1, and with η ∈ (1, 2α) "
                                      "its sum over t is finite, so Lemma 1's T-free constant exists under the source's "
                                      "own α > 1/2 (repair ERR-OD-L1-RANDOM-N needed α > 1)",
                       decide=derived(od_peeling_proof, "derivation (peeling + Hoeffding maximal inequality, "
                                                        "symbolic exponents)"),
                       description="peeling over geometric blocks + Hoeffding's maximal inequality; symbolic exponents"),
        ProcedureClaim(id="OD-L1/peeling-exact", spec_id="OD-L1", source=SRC_OD.at(LOC_OD), kind="upper bound",
                       expected=True,
                       statement_text="the exact supremum over sampling rules of Pr(|θ̂(t) − θ| > sqrt(α log t/n(t))) "
                                      "is at most the peeling bound 2(⌊log t/log η⌋ + 1) t^(−2α/η) at α = 3/4 "
                                      "(η = 5/4) and α = 11/20 (η = 21/20)",
                       decide=_decide_od_exact,
                       description="exact DP (lemmas.depth.lemma1.hoeffding) at t = 100, 1000, 10^4, θ = 1/2"),
        ProcedureClaim(id="UCB1-SUM/peeling", spec_id="UCB1-SUM", source=SRC_UCB.at("リグレット上界の導出"),
                       kind="upper bound", expected=True,
                       statement_text="at the random count T_{a,t}: Pr(∃ n ≤ t: μ − μ̂_n > sqrt(α log t/(2n))) ≤ "
                                      "(⌊log t/log η⌋ + 1) t^(−α/η) for every η > 1; summable in t iff α > 1 (the "
                                      "source's condition; a union bound over n ≤ t would need α > 2)",
                       decide=derived(ucb_peeling_proof, "derivation (peeling + Hoeffding maximal inequality)"),
                       description="the same peeling argument, one-sided"),
    ]


