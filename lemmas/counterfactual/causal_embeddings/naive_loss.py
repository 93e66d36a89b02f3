"""The naive loss under a randomized logging policy (source 002, Causal Embeddingsの解説と追試).

Source: ``002_3ec5ec57f55c1fdf.txt``, article Causal Embeddingsの解説と追試, section
"Radomized Policy下でのNaive Loss".  The source sets ``π_c(u,i) = π_rand = C·|S|/(U·I)`` "(constant)"
and derives ``E_R[L̂_naive] = C·L(P̂) ∝ L(P̂)`` by pulling ``1/|S|`` out of ``E_R``.  But
``|S| = Σ R_{u,i}`` is random (Binomial(U·I, π) when the R_{u,i} are independent Bernoulli(π)),
so a constant π cannot equal ``C·|S|/(U·I)``, and ``1/|S|`` cannot leave the expectation.

* CAUSE-S/constant — "|S| is constant under the randomized policy" (what the definition needs):
  refuted, |S| takes the values 0 and 1 with U·I = 1, π = 1/2.
* CAUSE-NAIVE/as-printed — conditionally on |S| = m, ``E[L̂_naive] = C·L`` with the source's
  ``C = π·U·I/m``: refuted exactly (U·I = 2, π = 1/2, m = 2: 1/2 vs 1/4).
* CAUSE-NAIVE/unbiased — for every N = U·I, π ∈ (0, 1) and m >= 1, ``E[L̂_naive | |S| = m] = L(P̂)``
  (given |S| = m, S is a uniform m-subset); so the naive loss is unbiased given S ≠ ∅, C = 1.
  Proved for every N, m (binomial identity) and cross-checked by exact enumeration with symbolic δ.
* CAUSE-NAIVE/any-policy-unbiased — the text's "(Biasあり)" for S_c: for a logging policy that depends
  on (u, i) the naive loss is not unbiased in general (refuted: U·I = 2, π = (1/2, 1), δ = (1, 0)).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.kit import Derivation, Outcome, claim_family, derived, refuted, source

SRC = source("counterfactual")
LOC = "Causal Embeddingsの解説と追試 > Radomized Policy下でのNaive Loss"


def naive_conditional_expectations(deltas, pi):
    """Exact ``E[L̂_naive | |S| = m]`` for m = 1..N, R_j iid Bernoulli(π), loss values ``deltas`` (sympy)."""
    n = len(deltas)
    num = {m: sp.Integer(0) for m in range(1, n + 1)}
    prob = {m: sp.Integer(0) for m in range(1, n + 1)}
    for r in itertools.product((0, 1), repeat=n):
        m = sum(r)
        if m == 0:
            continue
        pr = sp.Mul(*[pi if x else 1 - pi for x in r])
        num[m] += pr * sum(d for d, x in zip(deltas, r) if x) / m
        prob[m] += pr
    return {m: sp.simplify(num[m] / prob[m]) for m in num}


def decide_s_constant(budget_s: float) -> Outcome:
    pi = Fraction(1, 2)
    law = {0: 1 - pi, 1: pi}  # |S| for a single pair
    require(all(p > 0 for p in law.values()), law)
    return refuted("exact", counterexample={"U·I": 1, "pi": pi, "law of |S|": law})


def decide_naive_as_printed(budget_s: float) -> Outcome:
    d1, d2 = sp.Integer(1), sp.Integer(0)
    pi, m, n = sp.Rational(1, 2), 2, 2
    got = naive_conditional_expectations([d1, d2], pi)[m]
    true_loss = (d1 + d2) / n
    c = pi * n / m  # the source's C from π = C·|S|/(U·I) with |S| = m
    require(got == sp.Rational(1, 2) and c * true_loss == sp.Rational(1, 4), (got, c))
    return refuted("exact enumeration", counterexample={
        "U·I": n, "pi": pi, "|S|": m, "delta": (d1, d2), "E[naive | |S| = m]": got, "C·L": c * true_loss})


def decide_any_policy_unbiased(budget_s: float) -> Outcome:
    pis, deltas = (Fraction(1, 2), Fraction(1)), (Fraction(1), Fraction(0))
    num = den = Fraction(0)
    for r in itertools.product((0, 1), repeat=2):
        if sum(r) == 0:
            continue
        pr = Fraction(1)
        for p, x in zip(pis, r):
            pr *= p if x else 1 - p
        num += pr * sum(d for d, x in zip(deltas, r) if x) / sum(r)
        den += pr
    got, true_loss = num / den, sum(deltas) / 2
    require(got == Fraction(1, 4) and true_loss == Fraction(1, 2), (got, true_loss))
    return refuted("exact enumeration", counterexample={
        "U·I": 2, "pi_c": pis, "delta": deltas, "E[naive | S nonempty]": got, "L": true_loss})


def unbiased_proof():
    d = Derivation("R_{u,i} iid Bernoulli(π), N = U·I pairs: E[L̂_naive | |S| = m] = (1/N) Σ δ = L(P̂) for every "
                   "N >= 1 and 1 <= m <= N, so E[L̂_naive | S ≠ ∅] = L(P̂)")
    n, m = sp.symbols("N m", integer=True, positive=True)
    pi = sp.Symbol("pi", positive=True)
    pm = sp.binomial(n - 1, m - 1) * pi ** m * (1 - pi) ** (n - m) / (sp.binomial(n, m) * pi ** m * (1 - pi) ** (n - m))
    d.equal("P(R_j = 1 | |S| = m) = C(N−1, m−1) π^m (1−π)^{N−m} / (C(N, m) π^m (1−π)^{N−m}) = m/N",
            sp.combsimp(sp.simplify(pm)), m / n)
    d.cited("E[(1/m) Σ_j R_j δ_j | |S| = m] = (1/m) Σ_j P(R_j = 1 | |S| = m) δ_j", "linearity of (conditional) expectation")
    dsum = sp.Symbol("D")
    d.equal("(1/m)·(m/N)·Σ_j δ_j = (1/N) Σ_j δ_j = L(P̂)", (1 / m) * (m / n) * dsum, dsum / n)
    deltas = sp.symbols("delta1:4")
    p = sp.Rational(1, 3)
    got = naive_conditional_expectations(list(deltas), p)
    for mm, val in got.items():
        d.equal(f"cross-check N = 3, π = 1/3, m = {mm}, symbolic δ", val, sum(deltas) / 3)
    return d.artefact()


@register
def claims():
    claim = claim_family(spec_id=None, kind="identity")
    return [
        claim(id="CAUSE-S/constant", source=SRC.at(LOC),
              statement_text="under the randomized policy |S| is a constant, so π_rand = C·|S|/(U·I) defines "
                             "a constant (as printed)",
              decide=decide_s_constant, expected=False,
              description="|S| = Σ R_{u,i} is Binomial(U·I, π), not constant for 0 < π < 1"),
        claim(id="CAUSE-NAIVE/as-printed", source=SRC.at(LOC),
              statement_text="E[L̂_naive | |S| = m] = C·L(P̂) with C = π·U·I/m (the source's constant)",
              decide=decide_naive_as_printed, expected=False,
              description="U·I = 2, π = 1/2, m = 2, δ = (1, 0): 1/2 vs 1/4"),
        claim(id="CAUSE-NAIVE/unbiased", source=SRC.at(LOC),
              statement_text="E[L̂_naive | |S| = m] = L(P̂) for every m >= 1 (iid Bernoulli(π) R)",
              decide=derived(unbiased_proof, "symbolic N, m + exact enumeration"),
              expected=True,
              description="given |S| = m, S is a uniform m-subset; C = 1"),
        claim(id="CAUSE-NAIVE/any-policy-unbiased", source=SRC.at("Causal Embeddings (CausE)"),
              statement_text="for every logging policy π_c(u,i) the naive loss is unbiased given S nonempty",
              decide=decide_any_policy_unbiased, expected=False,
              description="a (u,i)-dependent policy biases it: 1/4 vs 1/2"),
    ]


register_erratum(Erratum(
    id="ERR-CAUSE-NAIVE-C", spec_id=None, source_file=SRC.file, location=LOC,
    source_says="π_c(u,i) = π_rand = C·|S|/(U·I) (constant);  E_R[L̂_naive] = (1/|S|) Σ E[R_{u,i}] δ = … = C·L(P̂) ∝ L(P̂)",
    truth="|S| = Σ R_{u,i} is random, so it can neither define a constant π nor leave E_R; for iid Bernoulli(π) R, "
          "E[L̂_naive | |S| = m] = L(P̂) for every m >= 1 (C = 1; the estimator is undefined when S = ∅, which has "
          "probability (1 − π)^{U·I}); the printed C = π·U·I/m gives 1/4 where the truth is 1/2 (U·I = 2, π = 1/2, m = 2)",
    evidence_claims=("CAUSE-S/constant", "CAUSE-NAIVE/as-printed", "CAUSE-NAIVE/unbiased"),
    conclusion_survives="yes, more strongly: the naive loss on randomized data is unbiased for L(P̂) given S ≠ ∅",
    severity="wrong-step", quotes=(
        r"\pi_c (u,i) = \pi_{rand} = \frac{C \cdot | \mathcal{S} |}{U \cdot I}  \quad (constant)",
        r"& = \frac{1}{ | \mathcal{S} |  } \sum_{(u,i) \in \mathcal{U} \times \mathcal{I}} \mathbb{E}_{R_{u,i}}",
    )))
