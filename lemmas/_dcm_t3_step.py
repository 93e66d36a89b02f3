"""DCM-T3-STEP: Lemma 2 applied to realisations (fails) vs after conditioning (holds).

Source ``000_0b27131c69d8f24c.txt``, "定理3:期待リグレットの下限(特殊形)", step "補題2 →";
SPEC §2.1 DCM-T3-STEP.  Used by :mod:`clickbound.lemmas.dcm_lower_bound` (which registers the claims).

Notation: items ``0..L−1``, ``A* = (0, …, K−1)``, ``f_K(A, w) = V(w|_A)`` (:func:`clickbound.bounds.click.cascade_reward`),
``α = (1 − p)^{K−1}`` on ``B_LB(L, A*, p, Δ, γ)``.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import sympy as sp

from clickbound.bounds.click import cascade_reward
from clickbound.lemmas._derive import Derivation, proved
from clickbound.lemmas.engine.claim import Outcome

#: the exact counterexample instance (K = 2 is the smallest: at K = 1, α = 1 and both sides are equal)
CE_P = Fraction(1, 5)
CE_A_STAR = (0, 1)
CE_A_T = (0, 2)
CE_W = (1, 1, 0)
#: K values of the symbolic B_LB derivation (one identity per number m of suboptimal items shown)
K_MAX_DERIVATION = 8


def pointwise_gap(A_star, A_t, w, p) -> Fraction:
    """``[f_K(A*, w) − f_K(A_t, w)] − α[Σ w(a*) − Σ w(a^t)]`` in exact arithmetic (< 0 = violation)."""
    K = len(A_star)
    alpha = (1 - Fraction(p)) ** (K - 1)
    lhs = cascade_reward(A_star, w) - cascade_reward(A_t, w)
    return Fraction(lhs) - alpha * (sum(w[a] for a in A_star) - sum(w[a] for a in A_t))


def _exhaustive(L: int, K: int, p: Fraction, Delta: Fraction):
    """Count (A_t, w) ∈ Π_K([L]) × {0,1}^L violating the pointwise step; and the largest
    B_LB probability of a violation for a single A_t."""
    A_star = tuple(range(K))
    means = [p] * K + [p - Delta] * (L - K)
    n_bad, worst_prob = 0, Fraction(0)
    for A_t in itertools.permutations(range(L), K):
        prob_bad = Fraction(0)
        for w in itertools.product((0, 1), repeat=L):
            if pointwise_gap(A_star, A_t, w, p) < 0:
                n_bad += 1
                pw = Fraction(1)
                for e, we in enumerate(w):
                    pw *= means[e] if we else 1 - means[e]
                prob_bad += pw
        worst_prob = max(worst_prob, prob_bad)
    return n_bad, worst_prob


def pointwise_step_decide(budget_s: float) -> Outcome:
    """Refute the pointwise step with the exact K = 2 instance; count violations exhaustively."""
    gap = pointwise_gap(CE_A_STAR, CE_A_T, CE_W, CE_P)
    if not gap < 0:  # pragma: no cover - the instance is fixed; this would be a bug in V
        raise AssertionError(f"counterexample did not verify: gap {gap}")
    Dl = Fraction(3, 20)
    counts = {f"L=4,K={K}": _exhaustive(4, K, CE_P, Dl) for K in (1, 2, 3)}
    return Outcome(
        "refuted", "exact counterexample (rational arithmetic) + exhaustive enumeration",
        evidence={"lhs_minus_rhs": gap,
                  "explanation": "w_t = (1,1,0): both lists get a click (f_K = 1 each, LHS = 0) but "
                                 "Σ w_t(a*) − Σ w_t(a^t) = 1, RHS = α = 4/5. Here w_t|_{A*} = (1,1) ≥ "
                                 "w_t|_{A_t} = (1,0) is ordered; what fails is Lemma 2's domain "
                                 "[0, p_max]^K (entries equal 1 > p_max); other violations are unordered",
                  "exhaustive_violations_(count, max P_BLB(violation | A_t))": {
                      k: {"count": n, "max_prob": pr} for k, (n, pr) in counts.items()},
                  "B_LB_for_probabilities": {"p": CE_P, "Delta": Dl}},
        counterexample={"K": 2, "L": 3, "p": CE_P, "alpha": (1 - CE_P), "A_star": CE_A_STAR,
                        "A_t": CE_A_T, "w_t": CE_W})


def conditioned_step_proof():
    """Derivation: E[· | H_t] turns both sides into w̄; on B_LB the gap is a sum of nonnegative terms."""
    p, Dl = sp.symbols("p Delta", nonnegative=True)
    d = Derivation("E[f_K(A*, w_t) − f_K(A_t, w_t) | H_t] = f_K(A*, w̄) − f_K(A_t, w̄) "
                   f"≥ αΔ·#{{k : a^t_k ∉ A*}} on B_LB, for every K ≤ {K_MAX_DERIVATION}")
    # (i) conditioning: A_t is H_t-measurable and w_t ~ ∏ Ber(w̄(e)) is independent of H_t,
    #     so E[f_K(A_t, w_t) | H_t] = Σ_w P(w) V(w|_{A_t}) = V(w̄|_{A_t}) (multilinearity of V)
    for K in (1, 2, 3, 4):
        m = sp.symbols(f"m0:{K}")
        expect = 0
        for w in itertools.product((0, 1), repeat=K):
            pw = sp.Mul(*[m[k] if w[k] else 1 - m[k] for k in range(K)])
            expect += pw * cascade_reward(range(K), w)
        d.equal(f"K={K}: Σ_w P(w) f_K(A, w) = f_K(A, w̄) (exact enumeration of {{0,1}}^{K})",
                sp.expand(expect), sp.expand(cascade_reward(range(K), m)))
    d.holds("on B_LB, w̄|_{A*} = (p,…,p) ≥ w̄|_{A_t} elementwise and both lie in [0, p]^K, p = p_max: "
            "exactly Lemma 2's hypotheses (claim DCM-L2); the direct certificate follows", True, "DCM-BLB")
    a = 1 - p
    for K in range(1, K_MAX_DERIVATION + 1):
        alpha = a ** (K - 1)
        for m in range(K + 1):
            # A_t shows K − m optimal items (mean p) and m suboptimal ones (mean p − Δ); order is irrelevant
            wbar = [p] * K + [p - Dl] * m
            A_t = list(range(K - m)) + list(range(K, K + m))
            lhs = cascade_reward(range(K), wbar) - cascade_reward(A_t, wbar)
            rhs = alpha * (sum(wbar[:K]) - sum(wbar[e] for e in A_t))
            cert = a ** (K - m) * sum(comb(m, j) * a ** (m - j) * Dl ** j for j in range(2, m + 1))
            d.equal(f"K={K}, m={m}: f_K(A*,w̄) − f_K(A_t,w̄) − αmΔ = (1−p)^(K−m) Σ_(j≥2) C(m,j)(1−p)^(m−j) Δ^j",
                    sp.expand(lhs - rhs), sp.expand(cert))
    d.holds("each certificate term is a product of 1 − p ≥ 0, Δ ≥ 0 and binomial coefficients: LHS ≥ RHS; "
            "in general (a + Δ)^m − a^m − m a^(m−1) Δ = Σ_(j≥2) C(m,j) a^(m−j) Δ^j (binomial theorem)",
            True, "nonnegative terms")
    d.holds("the preceding L4 step is conditioned the same way: with v̄ ≡ γ, E[f(A, w_t, v_t) | H_t] = "
            "V(γ w̄|_A), and L4 (claim DCM-L4) applies to x = w̄|_{A*} ≥ y = w̄|_{A_t} in [0,1]^K", True,
            "DCM-L4 hypotheses hold on B_LB")
    d.holds("summing over t: Σ_t #{k : a^t_k ∉ A*} = Σ_{e>K} (#rounds e is shown) ≥ Σ_{e>K} T_n(e) "
            "(source: '実際にアイテムとして出された回数 ≥ DBに入った回数')", True, "counting")
    return d.artefact()


def _exact_enumeration(L: int, K: int, p: Fraction, Dl: Fraction):
    """Min over A_t of E_w[f_K(A*, w) − f_K(A_t, w)] − α(Σ w̄(a*) − Σ w̄(a^t)), exactly, plus the check
    that the expectation of the pointwise gap equals the conditioned gap."""
    means = [p] * K + [p - Dl] * (L - K)
    alpha = (1 - p) ** (K - 1)
    A_star = tuple(range(K))
    worst = None
    for A_t in itertools.permutations(range(L), K):
        e_gap = Fraction(0)
        for w in itertools.product((0, 1), repeat=L):
            pw = Fraction(1)
            for e, we in enumerate(w):
                pw *= means[e] if we else 1 - means[e]
            e_gap += pw * pointwise_gap(A_star, A_t, w, p)
        cond_gap = (Fraction(cascade_reward(A_star, means)) - Fraction(cascade_reward(A_t, means))
                    - alpha * (sum(means[a] for a in A_star) - sum(means[a] for a in A_t)))
        if e_gap != cond_gap:  # pragma: no cover - linearity of expectation
            raise AssertionError(f"E[pointwise gap] != conditioned gap at A_t={A_t}")
        worst = cond_gap if worst is None else min(worst, cond_gap)
    return worst


def conditioned_step_decide(budget_s: float) -> Outcome:
    art = conditioned_step_proof()
    worst = _exact_enumeration(5, 3, Fraction(1, 5), Fraction(3, 20))
    if worst < 0:  # pragma: no cover - would contradict the derivation
        return Outcome("refuted", "exact enumeration", evidence={"min_gap": worst})
    return proved(art, method="derivation + exact enumeration",
                  exact_check={"instance": "B_LB(L=5, A*=[3], p=1/5, Δ=3/20)", "all A_t": True,
                               "min conditioned gap": worst})
