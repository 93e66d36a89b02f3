"""Cascading-bandit statements of the lecture notes (source 003) beyond CAS-OPT / CAS-EXAM.

Source ``003_f899901a464da92a.txt``, "Cascading bandits" (both copies):

* **CAS-REWARD** — ``g = 1 − ∏_i (1 − c_i)`` is the indicator of "some c_i = 1" and, for independent
  ``c_i ~ Ber(μ_i)``, ``E g = 1 − ∏_i (1 − μ_i)`` (displayed at lines 181–182), every k.
* **CAS-UPDATE** — the update "all documents up to the click are viewed, the clicked one is clicked;
  no click: all are viewed" records each examined position's attraction exactly, and given that a
  position is examined its attraction is still Ber(w(a_i)): every recorded observation is an unbiased
  Bernoulli sample (every k).
* **CAS-UB-K/as-printed** (expected false) — "константы уменьшаются при увеличении k" / "регрет будет
  уменьшатсья при увеличении K": the log T coefficient ``Σ_(e>K) c/Δ_(e,K)`` of the CascadeUCB1 bound
  (any c > 0) does not increase with K.  Refuted exactly; **CAS-UB-K/uniform-gaps** proves it for the
  uniform-gap family B_LB, where the bounds are ``c(L − K)/Δ`` and ``(L − K)Δ(1 + log(1/Δ))/D_KL``.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Derivation, claim_family, derived, refuted, source

SRC = source("lecture")
LOC = SRC.at("section 'Cascading bandits'")
LOC_UB = SRC.at("'Cascading bandits' ('R(T) = O(n log T), константы уменьшаются при увеличении k', line 198; "
                "'регрет будет уменьшатсья при увеличении K', line 511)")
#: the cascade claims of the lecture beyond CAS-OPT / CAS-EXAM (CAS-REWARD names its spec entry itself)
claim = claim_family(spec_id=None)
K_ENUM = 5

#: the counterexample instance for CAS-UB-K/as-printed (sorted attractions)
W_CE = (Fraction(9, 10), Fraction(1, 2), Fraction(49, 100), Fraction(1, 10))


def cas_reward_proof():
    d = Derivation("for every k and independent c_i ~ Ber(μ_i): 1 − ∏(1 − c_i) = 1[∃i: c_i = 1] and "
                   "E[1 − ∏(1 − c_i)] = 1 − ∏(1 − μ_i)")
    m, E = sp.symbols("m E")
    bad = [c for k in range(1, 9) for c in itertools.product((0, 1), repeat=k)
           if (sp.prod([1 - ci for ci in c]) == 1) != (not any(c))]
    d.holds("for 0/1 values ∏_i (1 − c_i) = 1 iff every c_i = 0: every c ∈ {0,1}^k, k = 1..8", not bad,
            f"{sum(2 ** k for k in range(1, 9))} vectors, mismatches: {bad}")
    d.cited("so for every k, 1 − ∏(1 − c_i) is the indicator of a click (the cascade user clicks the first "
            "attractive document): ∏_(i≤k+1)(1 − c_i) = ∏_(i≤k)(1 − c_i)·(1 − c_(k+1)), a product of two 0/1 "
            "values is 1 iff both are", "mathematical induction on k")
    d.equal("induction on k, independence of c_k from c_1..c_(k−1): E[P·(1 − c_k)] = E[P]·(1 − μ_k) "
            "(product measure over c_k ∈ {0,1} with mass μ_k on 1)", E * ((1 - m) * (1 - 0) + m * (1 - 1)),
            E * (1 - m))
    for k in range(1, K_ENUM + 1):
        mu = sp.symbols(f"mu0:{k}")
        tot = 0
        for cs in itertools.product((0, 1), repeat=k):
            pr = sp.Mul(*[mu[i] if cs[i] else 1 - mu[i] for i in range(k)])
            tot += pr * (1 - sp.Mul(*[1 - x for x in cs]))
        d.equal(f"cross-check k = {k}: Σ_c P(c)(1 − ∏(1 − c_i)) = 1 − ∏(1 − μ_i)", sp.expand(tot),
                sp.expand(1 - sp.Mul(*[1 - x for x in mu])))
    return d.artefact()


def cas_update_proof():
    d = Derivation("cascade model, every k: the update 'positions up to the click viewed, the clicked one "
                   "clicked; no click: all k viewed' records exactly the attractions of the examined positions, "
                   "and P(attraction_i = 1 | position i examined) = w(a_i)")
    d.cited("the user scans the list from the top",
            SRC.assumption("Как и раньше, смотрим последовательно."))
    d.cited("the user examines positions 1..m (m = the click, or k without a click) and c_i = attraction_i "
            "there (0 before the click, 1 at it); in the single-click model the last click is the first",
            SRC.assumption("Кликает пользователь только на 1 документ"))
    Ex, w = sp.symbols("E_i w_i", positive=True)  # E_i = P(examined at i) = ∏_(j<i)(1 − w_j) > 0
    d.equal("examination depends on c_1..c_(i−1) only, independent of c_i: "
            "P(c_i = 1, examined) / P(examined) = E_i w_i / E_i = w_i", Ex * w / Ex, w)
    for k in range(1, K_ENUM):
        ws = sp.symbols(f"w0:{k}")
        for i in range(k):
            num = den = 0
            for cs in itertools.product((0, 1), repeat=k):
                pr = sp.Mul(*[ws[j] if cs[j] else 1 - ws[j] for j in range(k)])
                if not any(cs[:i]):  # examined at i
                    den += pr
                    num += pr * cs[i]
            d.equal(f"cross-check k = {k}, i = {i + 1}: P(c_i = 1, examined) = w_i·P(examined)",
                    sp.expand(num), sp.expand(ws[i] * den))
    return d.artefact()


def ucb_log_coefficient(w, K):
    """Σ_(e=K+1)^L 1/Δ_(e,K) for sorted attractions ``w`` (the constant c > 0 factored out)."""
    return sum(1 / (w[K - 1] - w[e]) for e in range(K, len(w)))


def _ub_k_decide(budget_s):
    s1, s2 = ucb_log_coefficient(W_CE, 1), ucb_log_coefficient(W_CE, 2)
    if not s2 > s1:  # pragma: no cover
        raise AssertionError("instance")
    p, q = sp.symbols("p q", positive=True)
    kl = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
    w = [sp.Rational(x.numerator, x.denominator) for x in W_CE]

    def kl_coef(K):
        return sum((w[K - 1] - w[e]) * (1 + sp.log(1 / (w[K - 1] - w[e]))) / kl.subs({p: w[e], q: w[K - 1]})
                   for e in range(K, len(w)))

    k1, k2 = sp.N(kl_coef(1), 60), sp.N(kl_coef(2), 60)
    return refuted("exact rationals (UCB1 coefficient); mpmath 60 digits (KL-UCB coefficient)",
                   counterexample={"w̄": W_CE, "K": "1 → 2", "UCB1 log T coefficient / c": f"{s1} → {s2}",
                                   "KL-UCB log T coefficient": f"{k1.evalf(6)} → {k2.evalf(6)}"},
                   **{"Σ_(e>1) 1/Δ_(e,1)": s1, "Σ_(e>2) 1/Δ_(e,2)": s2,
                      "KL-UCB coefficient K=1 (60 digits)": sp.sstr(k1.evalf(12)),
                      "KL-UCB coefficient K=2 (60 digits)": sp.sstr(k2.evalf(12))})


def uniform_gaps_proof():
    d = Derivation("on B_LB (K items of attraction p, L − K of p − Δ, 0 < Δ ≤ p < 1): the log T coefficients "
                   "c(L − K)/Δ (CascadeUCB1) and (L − K)Δ(1 + log(1/Δ))/D_KL(p − Δ‖p) (CascadeKL-UCB) strictly "
                   "decrease as K grows, every L, K < L")
    L, K, c, Dl, D = sp.symbols("L K c Delta D", positive=True)
    s = c * (L - K) / Dl
    d.equal("UCB1: s(K) − s(K + 1) = c/Δ > 0 (every Δ_(e,K) equals Δ on B_LB)", s - s.subs(K, K + 1), c / Dl)
    k = (L - K) * Dl * (1 + sp.log(1 / Dl)) / D
    d.equal("KL-UCB: k(K) − k(K + 1) = Δ(1 + log(1/Δ))/D_KL, > 0 since Δ ≤ 1 and D_KL(p − Δ‖p) > 0",
            k - k.subs(K, K + 1), Dl * (1 + sp.log(1 / Dl)) / D)
    return d.artefact()


@register
def cascade_lecture_claims():
    return [
        claim(id="CAS-REWARD", spec_id="CAS-EXAM", source=f"{LOC} (lines 174, 179-182, 492)",
              kind="identity", expected=True,
              statement_text="for every k and independent c_i ~ Ber(μ_i): 1 − ∏(1 − c_i) is the click "
                             "indicator and E[1 − ∏(1 − c_i)] = 1 − ∏(1 − μ_i)",
              decide=derived(cas_reward_proof, "derivation (induction on k)"),
              description="Product measure, induction on k; enumeration k ≤ 5 as a cross-check."),
        claim(id="CAS-UPDATE", source=f"{LOC} (algorithm step 5, line 194; lines 503-507)",
              kind="identity", expected=True,
              statement_text="for every k: the cascade update records the attractions of exactly the "
                             "examined positions (all k without a click), and P(attraction_i = 1 | "
                             "examined at i) = w(a_i)",
              decide=derived(cas_update_proof, "derivation + enumeration"),
              description="Examination depends only on earlier attractions; enumeration k ≤ 4."),
        claim(id="CAS-UB-K/as-printed", source=LOC_UB, kind="inequality", expected=False,
              statement_text="for every w̄ and K: the log T coefficient Σ_(e=K+1)^L c/Δ_(e,K) of the "
                             "CascadeUCB1 bound (c > 0) does not increase from K to K + 1",
              decide=_ub_k_decide,
              description="w̄ = (0.9, 0.5, 0.49, 0.1): Σ 1/Δ goes 1015/164 → 205/2 (exact), and the "
                          "KL-UCB coefficient grows too."),
        claim(id="CAS-UB-K/uniform-gaps", source=LOC_UB, kind="inequality", expected=True,
              statement_text="on B_LB (uniform gap Δ) both cascade log T coefficients strictly decrease "
                             "in K, every L, K < L",
              decide=derived(uniform_gaps_proof, "derivation (symbolic)"),
              description="Differences in K, symbolic."),
    ]


register_erratum(Erratum(
    id="ERR-003-CASCADE-K-MONOTONE", source_file=SRC.file,
    location="'Cascading bandits': line 198 and line 511",
    source_says="Для KL-UCB и UCB1 R(T) = O(n log T), константы уменьшаются при увеличении k; регрет будет "
                "уменьшатсья при увеличении K",
    truth="the bounds' log T coefficients Σ_(e>K) c/Δ_(e,K) and Σ_(e>K) Δ_(e,K)(1 + log(1/Δ_(e,K)))/D_KL(w̄(e)‖w̄(K)) "
          "decrease in K on uniform-gap problems (B_LB), not in general: for w̄ = (0.9, 0.5, 0.49, 0.1) the UCB1 "
          "coefficient Σ_(e>K) 1/Δ_(e,K) goes from 1015/164 ≈ 6.19 at K = 1 to 205/2 = 102.5 at K = 2 (exact), "
          "and the KL-UCB coefficient grows as well",
    evidence_claims=("CAS-UB-K/as-printed", "CAS-UB-K/uniform-gaps"),
    conclusion_survives="partly: true for the uniform-gap problems of the lower bound, false as a general "
                        "statement about the constants",
    severity="wrong-result", quotes=(
        "константы уменьшаются при увеличении $k$",
        "регрет будет уменьшатсья при увеличении $K$",
    )))
