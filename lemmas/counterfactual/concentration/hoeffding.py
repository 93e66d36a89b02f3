"""Hoeffding's lemma and inequality (CONC-HLEMMA, CONC-HOEFFDING, CONC-HOEFFDING-AS-PRINTED).

Source: ``002_3ec5ec57f55c1fdf.txt``, 有用な確率不等式のまとめ, section "Hoeffding's inequality"
(Hoeffding's lemma with its 導出, then Hoeffding's Inequality with its 導出).

* CONC-HLEMMA — ``E[X] = 0, a <= X <= b ⇒ E[e^{sX}] <= exp(s²(b−a)²/8)``; the proof's steps
  ``φ(0) = 0``, ``φ'(0) = 0``, ``φ''(u) = ρ(1−ρ) <= 1/4`` are verified by sympy.
* CONC-HLEMMA/taylor-as-printed — the source writes ``φ(u) = φ(0) + uφ'(0) + u²φ''(0)/2``
  (remainder at 0, not at some v ∈ [0, u]); refuted exactly at p = 1/2, u = 2.
* CONC-HOEFFDING — the squared form, checked exactly on drawn instances (survives).
* CONC-HOEFFDING-AS-PRINTED — the source's statement without the square; refuted by
  ``X_i = 2·Bernoulli(1/2)``, n = 100, ε = 1/5 (exact binomial tail vs e^{−4}).
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.exact_prob import (
    binomial_tail_ge,
    exp_bounds,
    exp_compare,
    mean,
    sum_distribution,
    validate_dist,
)
from clickbound.lemmas.support.kit import (
    Outcome,
    ProofArtefact,
    cited_step,
    claim_family,
    proved,
    refuted,
    source,
    survived,
)

SRC = source("counterfactual")
LOC_LEMMA = "有用な確率不等式のまとめ > Hoeffding's inequality > Hoeffding's lemma, 導出"
LOC_INEQ = "有用な確率不等式のまとめ > Hoeffding's inequality > Hoeffding's Inequality (statement)"
SEED = 20021123  # fixed entropy for the drawn instances (deterministic work)
N_INSTANCES = 40


# ------------------------------------------------------------------------- Hoeffding's lemma

def hlemma_proof() -> ProofArtefact:
    """Verify the steps of the source's proof with sympy (every a ≤ 0 ≤ b, a < b, every s); raise
    AssertionError if one fails.  Steps that are reasoning, not a sympy check, are marked "(argument)"."""
    p, u, s, a, b, x = sp.symbols("p u s a b x", real=True)
    phi = sp.log(p * sp.exp((1 - p) * u) + (1 - p) * sp.exp(-p * u))
    steps = []
    # (0) convexity: e^{sx} lies below its chord on [a, b]; the chord agrees with it at both ends
    chord = (b - x) / (b - a) * sp.exp(s * a) + (x - a) / (b - a) * sp.exp(s * b)
    require(sp.simplify(chord.subs(x, a) - sp.exp(s * a)) == 0 and sp.simplify(chord.subs(x, b) - sp.exp(s * b)) == 0,
            "the chord of e^{sx} on [a, b] meets it at a and b")
    require(sp.simplify(sp.diff(sp.exp(s * x), x, 2) - s ** 2 * sp.exp(s * x)) == 0, "(e^{sx})'' = s² e^{sx}")
    steps.append((("chord of x ↦ e^{sx} on [a, b]: ℓ(x) = (b−x)/(b−a) e^{sa} + (x−a)/(b−a) e^{sb}, ℓ(a) = e^{sa}, "
                  "ℓ(b) = e^{sb}; (e^{sx})'' = s² e^{sx} ≥ 0"), (f"simplify(ℓ(a) − e^(sa)) == 0, simplify(ℓ(b) − e^(sb)) "
                  f"== 0, diff(e^(s x), x, 2) = {sp.sstr(sp.diff(sp.exp(s * x), x, 2))}")))
    steps.append(cited_step("a convex function lies below its chord, so e^{sX} ≤ ℓ(X) on a ≤ X ≤ b; taking "
                        "expectations with E[X] = 0: E[e^{sX}] ≤ ℓ(0) = b/(b−a) e^{sa} − a/(b−a) e^{sb} (the chord "
                        "step above)", "a convex function lies below its chords (Rockafellar, Convex Analysis, 1970, "
                        "Theorem 4.1); monotonicity and linearity of expectation"))
    # (1) the two-point bound's value equals e^{φ(u)} with p = −a/(b−a), u = s(b−a)
    mgf = b / (b - a) * sp.exp(s * a) - a / (b - a) * sp.exp(s * b)
    lhs = phi.subs({p: -a / (b - a), u: s * (b - a)})
    require(sp.simplify(sp.exp(lhs) - mgf) == 0, "e^{φ(s(b−a))} != b/(b−a)e^{sa} − a/(b−a)e^{sb}")
    steps.append(("e^{φ(s(b−a))} = b/(b−a) e^{sa} − a/(b−a) e^{sb} with p = −a/(b−a) ∈ [0, 1] (a ≤ 0 ≤ b)",
                  f"simplify(exp({sp.sstr(lhs)}) − ({sp.sstr(mgf)})) == 0"))
    # (2) φ(0) = 0, φ'(0) = 0
    require(sp.simplify(phi.subs(u, 0)) == 0, 'sp.simplify(phi.subs(u, 0)) == 0')
    steps.append(("φ(0) = log(p + (1−p)) = 0", f"simplify({sp.sstr(phi.subs(u, 0))}) == 0"))
    d1 = sp.diff(phi, u)
    require(sp.simplify(d1.subs(u, 0)) == 0, 'sp.simplify(d1.subs(u, 0)) == 0')
    require(sp.simplify(d1 - (-p + p * sp.exp(u) / (1 - p + p * sp.exp(u)))) == 0, 'sp.simplify(d1 - (-p + p * sp.exp(u) / (1 - p + p * sp.exp(u)))) == 0')
    steps.append(("φ'(u) = −p + p e^u/(1 − p + p e^u), φ'(0) = 0",
                  f"simplify(φ' − (−p + p e^u/(1 − p + p e^u))) == 0, simplify({sp.sstr(d1.subs(u, 0))}) == 0"))
    # (3) φ'' = ρ(1 − ρ), ρ = p e^u/(1 − p + p e^u), and 1/4 − ρ(1−ρ) = (ρ − 1/2)^2
    rho = p * sp.exp(u) / (1 - p + p * sp.exp(u))
    require(sp.simplify(sp.diff(phi, u, 2) - rho * (1 - rho)) == 0, 'sp.simplify(sp.diff(phi, u, 2) - rho * (1 - rho)) == 0')
    r = sp.Symbol("r", real=True)
    require(sp.expand(sp.Rational(1, 4) - r * (1 - r) - (r - sp.Rational(1, 2)) ** 2) == 0, 'sp.expand(sp.Rational(1, 4) - r * (1 - r) - (r - sp.Rational(1, 2)) ** 2) == 0')
    steps.append(("φ''(u) = ρ(1−ρ) with ρ = p e^u/(1−p+p e^u) ∈ [0,1] for p ∈ [0,1]",
                  "simplify(φ'' − ρ(1−ρ)) == 0"))
    steps.append(("ρ(1−ρ) <= 1/4 since 1/4 − ρ(1−ρ) = (ρ − 1/2)^2",
                  "expand(1/4 − r(1 − r) − (r − 1/2)²) == 0"))
    steps.append(cited_step("φ(u) = φ(0) + uφ'(0) + u²φ''(v)/2 = u²φ''(v)/2 <= u²/8 for some v between 0 and u (the "
                        "steps φ(0) = 0, φ'(0) = 0, φ'' <= 1/4 above; φ is smooth); with u = s(b−a): "
                        "E[e^{sX}] <= e^{φ(u)} <= exp(s²(b−a)²/8)", "Taylor's theorem with the Lagrange remainder"))
    return ProofArtefact("Hoeffding's lemma: every step of the source's proof verified by sympy "
                         "(with the remainder at v, not at 0)", tuple(steps))


def _mgf_bounds(dist: dict, s: Fraction) -> tuple[Fraction, Fraction]:
    lo = hi = Fraction(0)
    for v, pr in dist.items():
        l_, h_ = exp_bounds(s * v)
        lo, hi = lo + pr * l_, hi + pr * h_
    return lo, hi


def _draw_centred(rng: np.random.Generator) -> dict:
    """A finite distribution with mean exactly 0 (values are shifted by the mean)."""
    m = int(rng.integers(2, 5))
    w = [int(x) for x in rng.integers(1, 9, size=m)]
    vals = [Fraction(int(x), int(rng.integers(1, 5))) for x in rng.integers(-6, 7, size=m)]
    d: dict = {}
    for v, wi in zip(vals, w):
        d[v] = d.get(v, Fraction(0)) + Fraction(wi, sum(w))
    mu = mean(d)
    return {v - mu: pr for v, pr in d.items()}


def decide_hlemma(budget_s: float) -> Outcome:
    art = hlemma_proof()
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    checked = 0
    for _ in range(N_INSTANCES):
        d = _draw_centred(rng)
        a, b = min(d), max(d)
        for s in (Fraction(1, 4), Fraction(1), Fraction(3)):
            lo, hi = _mgf_bounds(d, s)
            q = s * s * (b - a) ** 2 / 8
            if exp_compare(q, lo) < 0:  # E e^{sX} > exp(q) exactly: a counterexample
                return refuted("exact instance", counterexample={"dist": d, "s": s})
            if exp_compare(q, hi) < 0:
                raise ArithmeticError("bounds on E[e^{sX}] too loose to decide")
            checked += 1
    return proved(art, "symbolic derivation (sympy, every a ≤ 0 ≤ b and s) + exact instances", scope="all",
                  exact_instances_checked=checked)


def decide_taylor_as_printed(budget_s: float) -> Outcome:
    """φ(u) = φ(0) + uφ'(0) + u²φ''(0)/2 is false: at p = 1/2, u = 2, φ(2) = log cosh 1 < 1/2."""
    p, u = sp.symbols("p u", real=True)
    phi = sp.log(p * sp.exp((1 - p) * u) + (1 - p) * sp.exp(-p * u))
    pv, uv = sp.Rational(1, 2), sp.Integer(2)
    rhs = (phi.subs(u, 0) + u * sp.diff(phi, u).subs(u, 0) + u ** 2 / 2 * sp.diff(phi, u, 2).subs(u, 0))
    rhs_val = sp.nsimplify(sp.simplify(rhs.subs({p: pv}).subs(u, uv)))
    require(rhs_val == sp.Rational(1, 2), rhs_val)
    # φ(2) at p = 1/2 is log((e + e^{-1})/2); φ(2) < 1/2 ⇔ e + e^{-1} < 2 e^{1/2}: exact bounds
    _, e_hi = exp_bounds(Fraction(1))
    _, einv_hi = exp_bounds(Fraction(-1))
    sqrt_e_lo, _ = exp_bounds(Fraction(1, 2))
    require(e_hi + einv_hi < 2 * sqrt_e_lo, 'e_hi + einv_hi < 2 * sqrt_e_lo')
    with mpmath.workdps(50):
        lhs50 = mpmath.log(mpmath.cosh(1))
    return refuted("exact rational bounds on e (+ mpmath 50 digits)", counterexample={"p": pv, "u": uv},
                   **{"phi(2)_50_digits": mpmath.nstr(lhs50, 50), "rhs": "1/2",
                      "certificate": "e_hi + e^{-1}_hi < 2·e^{1/2}_lo (Taylor bounds)",
                      "true_form": "φ(u) = φ(0) + uφ'(0) + u²φ''(v)/2, some v ∈ [0,u]"})


# ----------------------------------------------------------------------- Hoeffding inequality

def hoeffding_exponent(n: int, eps: Fraction, ranges: list[Fraction], squared: bool) -> Fraction:
    """``−2 n² ε² / Σ (b_i − a_i)^{2 or 1}`` (rational)."""
    den = sum((r * r if squared else r) for r in ranges)
    return -2 * n * n * eps * eps / den


def worst_violation(dists: list[dict], ranges: list[Fraction], squared: bool,
                    radius_scale: Fraction = Fraction(1), delta_scale: Fraction = Fraction(1)):
    """Check ``P(mean − E mean >= ε) <= exp(exponent)`` at every attained ε > 0, exactly.

    Mutants (default 1 = the bound itself): ``radius_scale = 1/k`` is the radius
    ``ε(δ)`` cut to ``ε(δ)/k`` (the exponent times k²), ``delta_scale = 2`` the radius taken at 2δ
    (the bound halved).

    The tail is a step function of ε, left-continuous in the ``>=`` form, and the bound
    decreases in ε, so the attained deviations are the only ε that need checking.
    Returns ``None`` or the first violating ``(ε, tail, exponent)``.
    """
    n = len(dists)
    sd = sum_distribution(dists)
    mu = sum(v * p for v, p in sd.items())
    devs = sorted({(v - mu) / n for v in sd if v > mu})
    tail = Fraction(0)
    by_dev = {}
    for v, p in sd.items():
        by_dev[(v - mu) / n] = by_dev.get((v - mu) / n, Fraction(0)) + p
    for eps in reversed(devs):  # accumulate the tail from the top
        tail += by_dev[eps]
        q = hoeffding_exponent(n, eps, ranges, squared) / (radius_scale * radius_scale)
        if exp_compare(q, delta_scale * tail) < 0:
            return eps, tail, q
    return None


def _draw_instance(rng: np.random.Generator):
    n = int(rng.integers(1, 7))
    dists, ranges = [], []
    for _ in range(n):
        m = int(rng.integers(2, 4))
        w = [int(x) for x in rng.integers(1, 6, size=m)]
        vals = [Fraction(int(x), int(rng.integers(1, 3))) for x in rng.integers(-4, 5, size=m)]
        d: dict = {}
        for v, wi in zip(vals, w):
            d[v] = d.get(v, Fraction(0)) + Fraction(wi, sum(w))
        d = validate_dist(d)
        a, b = min(d), max(d)
        if a == b:
            b = a + 1  # a declared range may be wider than the support
        dists.append(d)
        ranges.append(b - a)
    return dists, ranges


def decide_hoeffding(budget_s: float) -> Outcome:
    rng = np.random.default_rng(np.random.SeedSequence(SEED + 1))
    instances = [_draw_instance(rng) for _ in range(N_INSTANCES)]
    # plus the iid instance of the as-printed counterexample, which the true bound must pass
    instances.append(([{Fraction(0): Fraction(1, 2), Fraction(2): Fraction(1, 2)}] * 100, [Fraction(2)] * 100))
    for dists, ranges in instances:
        bad = worst_violation(dists, ranges, squared=True)
        if bad is not None:
            return refuted("exact tail", counterexample={"dists": dists, "eps": bad[0]})
    return survived("exact tails on drawn instances", instances=len(instances), seed=SEED + 1,
                    note="every attained ε checked; tails exact, exp bounds rational")


def as_printed_counterexample():
    """The the claim list instance: X_i = 2·Bernoulli(1/2), n = 100, ε = 1/5.

    mean − 1 >= 1/5 ⇔ 2B/100 >= 6/5 ⇔ B >= 60, B ~ Bin(100, 1/2).
    Printed bound: exp(−2·100²·(1/5)²/Σ 2) = e^{−4}; true bound: e^{−2}.
    """
    tail = binomial_tail_ge(100, Fraction(1, 2), 60)
    q_printed = hoeffding_exponent(100, Fraction(1, 5), [Fraction(2)] * 100, squared=False)
    q_true = hoeffding_exponent(100, Fraction(1, 5), [Fraction(2)] * 100, squared=True)
    return tail, q_printed, q_true


def decide_hoeffding_as_printed(budget_s: float) -> Outcome:
    tail, q_printed, q_true = as_printed_counterexample()
    require(q_printed == -4 and q_true == -2, 'q_printed == -4 and q_true == -2')
    if exp_compare(q_printed, tail) >= 0:
        return survived("exact binomial tail", tail=tail)
    require(exp_compare(q_true, tail) > 0, 'exp_compare(q_true, tail) > 0')  # the squared form holds on the same instance
    with mpmath.workdps(50):
        t50 = mpmath.mpf(tail.numerator) / tail.denominator
        return refuted("exact binomial tail vs rational bounds on e^{-4}",
                       counterexample={"X_i": "2*Bernoulli(1/2)", "n": 100, "eps": Fraction(1, 5),
                                       "event": "Bin(100,1/2) >= 60"},
                       exact_tail=tail, exact_tail_50_digits=mpmath.nstr(t50, 50),
                       printed_bound="exp(-4)", printed_bound_50_digits=mpmath.nstr(mpmath.exp(-4), 50),
                       true_bound="exp(-2)", true_bound_50_digits=mpmath.nstr(mpmath.exp(-2), 50))


@register
def claims():
    lemma = claim_family(spec_id="CONC-HLEMMA", source=SRC.at(LOC_LEMMA))
    inequality = claim_family(kind="upper bound", source=SRC.at(LOC_INEQ))
    return [
        lemma(id="CONC-HLEMMA", kind="upper bound", expected=True,
              statement_text="for every bounded X with E[X]=0, a<=X<=b, and every real s: "
                             "E[exp(sX)] <= exp(s²(b−a)²/8)",
              decide=decide_hlemma,
              description="proof steps φ(0)=0, φ'(0)=0, φ''=ρ(1−ρ)<=1/4 verified symbolically; "
                          "plus exact checks on drawn centred finite distributions"),
        lemma(id="CONC-HLEMMA/taylor-as-printed", kind="identity", expected=False,
              statement_text="φ(u) = φ(0) + uφ'(0) + (u²/2)φ''(0)  (remainder at 0, as printed)",
              decide=decide_taylor_as_printed,
              description="the source's Taylor step with φ''(0) instead of φ''(v); false at p=1/2, u=2"),
        inequality(id="CONC-HOEFFDING", spec_id="CONC-HOEFFDING", expected=True,
                   statement_text="P(mean − E mean >= ε) <= exp(−2n²ε²/Σ(b_i−a_i)²)",
                   decide=decide_hoeffding,
                   description="correct (squared) form; exact tails on drawn independent finite variables"),
        inequality(id="CONC-HOEFFDING-AS-PRINTED", spec_id="CONC-HOEFFDING-AS-PRINTED", expected=False,
                   statement_text="P(mean − E mean >= ε) <= exp(−2n²ε²/Σ(b_i−a_i))  (no square, as printed)",
                   decide=decide_hoeffding_as_printed,
                   description="X_i = 2·Bernoulli(1/2), n=100, ε=1/5: exact tail P(Bin(100,1/2)>=60) ≈ 0.0284 "
                               "> e^{-4}"),
    ]


ERRATUM_SQUARE = register_erratum(Erratum(
    id="ERR-HOEFFDING-SQUARE", spec_id="CONC-HOEFFDING-AS-PRINTED", source_file=SRC.file, location=LOC_INEQ,
    source_says="P(mean − E mean >= ε) <= exp(−2n²ε² / Σ_i (b_i − a_i))",
    truth="the denominator is Σ_i (b_i − a_i)² (the source's own 導出 ends with the squared form); "
          "the printed form is false for ranges wider than 1: X_i = 2·Bernoulli(1/2), n = 100, ε = 1/5 "
          "gives exact tail P(Bin(100,1/2) >= 60) ≈ 0.02844 > e^{-4} ≈ 0.01832 (true bound e^{-2} ≈ 0.135)",
    evidence_claims=("CONC-HOEFFDING-AS-PRINTED", "CONC-HOEFFDING"),
    conclusion_survives="yes: the derivation gives the squared form, and every later use in the source "
                        "(UCB, rewards in [0,1]) has b−a <= 1, where the printed form is implied by the true one",
    extra={"minor_typo_same_proof": "a_i <= Z_i <= b_i for Z_i = X_i − E[X_i] should read "
                                    "a_i − E[X_i] <= Z_i <= b_i − E[X_i] (same width, so harmless)"},
    severity="misprint", quotes=(
        r"\mathbb{P} \left( \frac{1}{n} \sum_{i=1}^n X_i - \frac{1}{n} \sum_{i=1}^n \mathbb{E} \left[  X_i \right] \geqq \epsilon \right) \leqq \exp \left( - \frac{2 n^2 \epsilon^2}{ \sum_{i=1}^n (b_i - a_i) } \right)",
    )))

ERRATUM_TAYLOR = register_erratum(Erratum(
    id="ERR-HLEMMA-TAYLOR", spec_id="CONC-HLEMMA", source_file=SRC.file, location=LOC_LEMMA,
    source_says="φ(u) = φ(0) + uφ'(0) + (u²/2)φ''(0) <= u²/8 (after 'v が存在して')",
    truth="the Lagrange remainder is (u²/2)φ''(v) for some v ∈ [0, u]; with φ''(0) the equality is false "
          "(p = 1/2, u = 2: φ(2) = log cosh 1 ≈ 0.4338 ≠ 1/2); the bound u²/8 follows from φ'' <= 1/4",
    evidence_claims=("CONC-HLEMMA/taylor-as-printed", "CONC-HLEMMA"),
    conclusion_survives="yes: Hoeffding's lemma holds (every other step verified symbolically)",
    extra={"minor_typos_same_proof": [
        "φ(0) = log(p − (1 − p)) should read log(p + (1 − p)) = 0",
        "sx = sλa + (1 − λ)b should read sx = s(λa + (1 − λ)b)",
        "the lemma's right side E[exp(s²(b−a)²/8)] is the expectation of a constant (harmless)"]},
    severity="misprint", quotes=(
        r"\phi(u) = \phi(0) + u \phi'(0) + \frac{u^2}{2} \phi'' (0) \leqq  \frac{u^2}{8}",
    )))
