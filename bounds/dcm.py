"""DCM bandit regret bounds: Proposition 1, Theorems 1–3 (source ``000_0b27131c69d8f24c.txt``).

Katariya, Kveton, Szepesvári, Wen, *DCM Bandits: Learning to Rank with Multiple
Clicks*, ICML 2016, as presented in the study-group slides (source 000, 命題1,
定理1, 定理2, 定理3).  Claim IDs: DCM-P1, DCM-T1, DCM-T2, DCM-BLB, DCM-T3, DCM-FACT.

Conventions shared by all functions here
----------------------------------------
* Items are re-indexed so that ``w̄(1) ≥ … ≥ w̄(L)`` (the source: "一般性を失わない").
* ``Δ_{e,i} = w̄(i) − w̄(e)`` and the per-pair constant
  ``c(e, i) = Δ_{e,i}(1 + log(1/Δ_{e,i})) / D_KL(w̄(e)‖w̄(i))``.
  When ``Δ_{e,i} = 0`` the printed expression is ``0/0``; its limit as ``Δ → 0`` is
  ``+∞`` (``D_KL ≈ Δ²/(2w(1−w))``, so ``c ≈ 2w(1−w) log(1/Δ)/Δ``), so the bound as
  printed is vacuous and we return ``+inf`` rather than drop the term.
* The unknown ``C_2(ε)`` and ``β(ε)`` are **never** given a value: the term
  ``i L C_2(ε)/n^{β(ε)}`` is listed in ``omitted`` and the result is asymptotic.
  ``value`` is the known part: ``coef · (log n + 3 log log n) + (weights) · 7 i log log n``.
* ``eps = 0`` is allowed and means the limit ``ε → 0`` of the ``log n``
  coefficient: the theorems give ``limsup R(n)/log n ≤ (1+ε)·B`` for every ε > 0,
  hence ``≤ B``.  (The finite-n statement needs ε > 0, where ``C_2(ε)`` lives.)

The presenter's question on DCM-T2 ("O(γ(L − g(K)) log n), g an increasing positive function of K?")
-----------------------------------------------------------------------------------------------------
Write ``s_i = Σ_{e>i} c(e, i)``.  Theorem 2's coefficient is
``(1+ε)/α · Σ_{i=1}^{K} (v̄(i) − v̄(i+1)) s_i``  (``v̄(K+1) = 0``).
:func:`dcm_t2_terms` returns the per-``i`` terms.  Findings (tests in
``tests/bounds/test_dcm.py``):

1. ``s_i`` sums over *all* items ranked below ``i`` — including the optimal items
   ``i+1, …, K`` — so it is not "(L − K) suboptimal items".  If every pair had the
   same constant ``c``, the coefficient would be ``(c/α) Σ_i (v̄(i)−v̄(i+1))(L−i)``
   ``= (c/α)(v̄(1) L − Σ_k v̄(k)) = (c/α) v̄(1) (L − g(K))`` with
   ``g(K) = Σ_{k≤K} v̄(k)/v̄(1)`` (Abel summation, :func:`dcm_t2_presenter_g`):
   ``γ`` must be read as ``v̄(1)`` and ``g`` is the *effective list length*, positive,
   non-decreasing in K, with ``1 ≤ g(K) ≤ K`` and ``g(K) = K`` iff ``v̄`` is constant.
2. The constants are not equal: the pairs inside ``A*`` carry gaps between optimal
   items.  On ``B_LB`` (all of ``A*`` at ``p``) those gaps are 0, so with a strictly
   decreasing ``v̄`` Theorem 2's bound is ``+∞``; it is finite on ``B_LB`` only when
   ``v̄`` is constant, where it collapses to the ``i = K`` term, i.e. Theorem 1.
   On instances with distinct optimal attractions the ``i < K`` terms are dominated
   by the small gaps inside ``A*`` and the coefficient is not a function of
   ``L − g(K)`` alone.  Example (``tests/bounds/test_dcm.py::test_t2_graded_instance``):
   L = 10, ``w̄(k) = 0.2 − 0.01(k−1)`` for k ≤ K, ``0.05`` otherwise,
   ``v̄ = linspace(0.8, 0.8 − 0.1(K−1), K)``: the coefficient (ε = 0) is 33.3, 61.1,
   110.9, 188.0, 300.4 for K = 1…5 and the ``i < K`` terms are 0, 44 %, 69 %, 83 %,
   90 % of it — it *grows* with K although ``L − g(K)`` shrinks.
   So the reading ``O(γ(L − g(K)) log n)`` is right only under equal constants.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from clickbound.bounds.kl import kl_scalar
from clickbound.bounds.result import (BoundResult, check_int, check_nonincreasing, check_nonneg,
                           check_prob, check_probabilities)

SOURCE = "000_0b27131c69d8f24c.txt"
C2_OMITTED = "i·L·C_2(ε)/n^β(ε) (C_2, β unknown positive functions; never invented)"


def _check_n(n) -> int:
    # log log n must be defined and positive: n >= 3 (> e)
    return check_int("n", n, 3)


def _log_terms(n: int) -> tuple[float, float]:
    ln = math.log(n)
    return ln, math.log(ln)


def dcm_alpha(w: Sequence[float], K: int) -> float:
    """``α = (1 − p_max)^{K−1}`` with ``p_max = max_e w̄(e)`` (the project's notation, source 000 "準備:2つの簡単な補題")."""
    w = check_probabilities("w", w)
    K = check_int("K", K, 1, w.size)
    return float((1.0 - w.max()) ** (K - 1))


def pair_constant(w_e: float, w_i: float) -> float:
    """``Δ(1 + log(1/Δ)) / D_KL(w_e‖w_i)`` with ``Δ = w_i − w_e ≥ 0``; ``+inf`` at ``Δ = 0`` (limit).

    ``w_i = 1 > w_e`` gives ``D_KL = +inf`` and the constant 0.
    """
    delta = w_i - w_e
    if delta < 0:
        raise ValueError(f"items must be sorted: w_e={w_e!r} exceeds w_i={w_i!r}")
    if delta == 0:
        return math.inf
    kl = kl_scalar(w_e, w_i)
    if math.isinf(kl):
        return 0.0
    return delta * (1.0 + math.log(1.0 / delta)) / kl


def cascade_sum(w_sorted: np.ndarray, i: int) -> float:
    """``s_i = Σ_{e=i+1}^{L} c(e, i)`` (1-based ``i``) for decreasingly sorted attractions."""
    wi = float(w_sorted[i - 1])
    return float(sum(pair_constant(float(we), wi) for we in w_sorted[i:]))


def _sorted_w(w) -> np.ndarray:
    w = check_probabilities("w", w)
    return np.sort(w)[::-1]


def _check_alpha(w: np.ndarray, K: int) -> float:
    alpha = float((1.0 - w.max()) ** (K - 1))
    if alpha == 0.0:
        raise ValueError(f"w has p_max = 1 with K = {K} > 1, so α = (1 − p_max)^(K−1) = 0 "
                         f"and the bound is undefined; got w={w.tolist()!r}")
    return alpha


def dcm_p1(w: Sequence[float], i: int, n: int, eps: float = 0.0) -> BoundResult:
    """DCM-P1 (命題1): cascade regret ``R_i(n)`` of dcmKL-UCB.

    ``R_i(n) ≤ Σ_{e=i+1}^{L} (1+ε) Δ_{e,i}(1 + log(1/Δ_{e,i})) / D_KL(w̄(e)‖w̄(i)) · (log n + 3 log log n) + C``,
    ``C = i L C_2(ε)/n^{β(ε)} + 7 i log log n`` (source 000, 命題1).  The slides
    prove it only by reference to Kveton et al. (2015a) ("要考察").
    """
    w = _sorted_w(w)
    i = check_int("i", i, 1, w.size)
    n = _check_n(n)
    eps = check_nonneg("eps", eps)
    s = cascade_sum(w, i)
    coef = (1.0 + eps) * s
    ln, lln = _log_terms(n)
    return BoundResult(
        theorem_id="DCM-P1", source=f"{SOURCE}, 命題1", kind="upper", n=n,
        value=coef * (ln + 3.0 * lln) + 7.0 * i * lln, log_coefficient=coef,
        asymptotic=True, omitted=(C2_OMITTED,),
        notes=("eps=0 is the ε→0 limit of the log n coefficient",) if eps == 0 else (),
        details={"i": i, "s_i": s, "w_sorted": tuple(w.tolist())})


def dcm_t1(w: Sequence[float], K: int, gamma: float, n: int, eps: float = 0.0) -> BoundResult:
    """DCM-T1 (定理1), ``v̄ ≡ γ``: ``R(n) ≤ (γ/α) · [DCM-P1 at i = K]``.

    ``R(n) ≤ (γ/α) Σ_{e=K+1}^{L} (1+ε)Δ_{e,K}(1+log(1/Δ_{e,K}))/D_KL(w̄(e)‖w̄(K)) (log n + 3 log log n) + C``,
    ``C = (γ/α)(K L C_2(ε)/n^{β(ε)} + 7 K log log n)``, ``α = (1 − p_max)^{K−1}``.
    """
    w = _sorted_w(w)
    K = check_int("K", K, 1, w.size)
    gamma = check_prob("gamma", gamma)
    n = _check_n(n)
    eps = check_nonneg("eps", eps)
    alpha = _check_alpha(w, K)
    s = cascade_sum(w, K)
    coef = gamma / alpha * (1.0 + eps) * s
    ln, lln = _log_terms(n)
    return BoundResult(
        theorem_id="DCM-T1", source=f"{SOURCE}, 定理1", kind="upper", n=n,
        value=coef * (ln + 3.0 * lln) + gamma / alpha * 7.0 * K * lln, log_coefficient=coef,
        asymptotic=True, omitted=("(γ/α)·K·L·C_2(ε)/n^β(ε) (C_2, β unknown; never invented)",),
        notes=("eps=0 is the ε→0 limit of the log n coefficient",) if eps == 0 else (),
        details={"alpha": alpha, "s_K": s, "K": K, "gamma": gamma})


def dcm_t2_terms(w: Sequence[float], v: Sequence[float]) -> tuple[tuple[int, float, float, float], ...]:
    """Per-``i`` decomposition of DCM-T2's coefficient (ε = 0): ``(i, (v̄(i)−v̄(i+1))/α, s_i, product)``.

    A zero weight drops its term before the cascade bound is applied (the Abel
    sum's term vanishes), so ``s_i`` is reported as ``nan`` and the product is 0.
    """
    w = _sorted_w(w)
    v = check_probabilities("v", v)
    K = check_int("K = len(v)", v.size, 1, w.size)
    check_nonincreasing("v", v)
    alpha = _check_alpha(w, K)
    vv = np.append(v, 0.0)  # v̄(K+1) = 0 (source 000, 定理2)
    out = []
    for i in range(1, K + 1):
        weight = (vv[i - 1] - vv[i]) / alpha
        if weight == 0.0:
            out.append((i, 0.0, math.nan, 0.0))
        else:
            s = cascade_sum(w, i)
            out.append((i, float(weight), s, float(weight * s)))
    return tuple(out)


def dcm_t2(w: Sequence[float], v: Sequence[float], n: int, eps: float = 0.0) -> BoundResult:
    """DCM-T2 (定理2), ``v̄(1) ≥ … ≥ v̄(K)``, ``v̄(K+1) = 0``, ``K = len(v)``.

    ``R(n) ≤ (1+ε) Σ_{i=1}^{K} (v̄(i) − v̄(i+1))/α · Σ_{e=i+1}^{L} Δ_{e,i}(1 + log(1/Δ_{e,i}))/D_KL(w̄(e)‖w̄(i)) (log n + 3 log log n) + C``,
    ``C = Σ_i (v̄(i) − v̄(i+1))/α · (i L C_2(ε)/n^{β(ε)} + 7 i log log n)``.
    See the module docstring for what this coefficient is as a function of K.
    """
    terms = dcm_t2_terms(w, v)
    n = _check_n(n)
    eps = check_nonneg("eps", eps)
    coef = (1.0 + eps) * sum(t[3] for t in terms)
    ln, lln = _log_terms(n)
    loglog_part = sum(t[1] * 7.0 * t[0] for t in terms) * lln
    notes = ["zero weights (v̄(i) = v̄(i+1)) drop their term before the cascade bound is applied"]
    if math.isinf(coef):
        notes.append("some pair with positive weight has Δ_{e,i} = 0 (tied attractions): "
                     "the bound as printed is +inf (vacuous)")
    if eps == 0:
        notes.append("eps=0 is the ε→0 limit of the log n coefficient")
    return BoundResult(
        theorem_id="DCM-T2", source=f"{SOURCE}, 定理2", kind="upper", n=n,
        value=coef * (ln + 3.0 * lln) + loglog_part, log_coefficient=coef, asymptotic=True,
        omitted=("Σ_i (v̄(i)−v̄(i+1))/α · i·L·C_2(ε)/n^β(ε) (C_2, β unknown; never invented)",),
        notes=tuple(notes), details={"terms": terms})


def dcm_t2_presenter_g(v: Sequence[float]) -> float:
    """``g(K) = Σ_{k≤K} v̄(k)/v̄(1)``: the g that makes ``Σ_i (v̄(i)−v̄(i+1))(L−i) = v̄(1)(L − g(K))``."""
    v = check_probabilities("v", v)
    check_nonincreasing("v", v)
    if v[0] == 0:
        raise ValueError(f"v must have v̄(1) > 0 for g to be defined, got {v.tolist()!r}")
    return float(v.sum() / v[0])


def dcm_t2_equal_constant_count(v: Sequence[float], L: int) -> float:
    """``Σ_{i=1}^{K} (v̄(i) − v̄(i+1)) (L − i)``: T2's coefficient / (c/α) if every pair had constant c."""
    v = check_probabilities("v", v)
    check_nonincreasing("v", v)
    L = check_int("L", L, v.size)
    vv = np.append(v, 0.0)
    return float(sum((vv[i - 1] - vv[i]) * (L - i) for i in range(1, v.size + 1)))


def blb_attractions(L: int, K: int, p: float, delta: float) -> np.ndarray:
    """DCM-BLB: ``w̄(e) = p`` for ``e ∈ A* = [K]``, ``p − Δ`` otherwise (source 000, 定義 B_LB)."""
    L = check_int("L", L, 1)
    K = check_int("K", K, 1, L)
    p = check_prob("p", p, open_low=True)
    delta = float(delta)
    if not (0 < delta <= p):
        raise ValueError(f"delta must lie in (0, p] = (0, {p}], got {delta!r}")
    return np.array([p] * K + [p - delta] * (L - K))


def _t3(L, K, p, delta, gamma, n, power: int, theorem_id: str, note: str) -> BoundResult:
    w = blb_attractions(L, K, p, delta)  # validates L, K, p, delta
    gamma = check_prob("gamma", gamma)
    n = check_int("n", n, 2)
    alpha = float((1.0 - p) ** (K - 1))
    kl = kl_scalar(p - delta, p)
    coef = gamma * alpha * (L - K) * delta ** power / kl if math.isfinite(kl) else 0.0
    return BoundResult(
        theorem_id=theorem_id, source=f"{SOURCE}, 定理3", kind="lower", n=n,
        value=coef * math.log(n), log_coefficient=coef, asymptotic=True,
        omitted=("liminf statement: no finite-n constant",), notes=(note,),
        details={"alpha": alpha, "kl": kl, "w": tuple(w.tolist())})


def dcm_t3(L: int, K: int, p: float, delta: float, gamma: float, n: int = 2) -> BoundResult:
    """DCM-T3 (定理3): on ``B_LB(L, [K], p, Δ, γ)``, ``liminf R(n)/log n ≥ γα(L−K)Δ / D_KL(p−Δ‖p)``.

    ``α = (1 − p)^{K−1}``.  This is what the chain L4 → L2 → ``Δ Σ E[T_n(e)]`` gives
    with the standard Lai–Robbins fact ``liminf E[T_n(e)]/log n ≥ 1/D_KL(p−Δ‖p)``.
    """
    return _t3(L, K, p, delta, gamma, n, 1, "DCM-T3",
               "theorem as stated; equals the proof chain with the standard Lai–Robbins 1/D_KL")


def dcm_t3_fact_as_printed(L: int, K: int, p: float, delta: float, gamma: float,
                           n: int = 2) -> BoundResult:
    """DCM-FACT as printed: chaining the Fact ``E[T_n(e)]/log n ≥ Δ/D_KL`` gives ``γα(L−K)Δ²/D_KL(p−Δ‖p)``.

    One Δ more than the theorem (source 000, 定理3:証明のつづき, "分子に△は要らない").
    It is *smaller* than DCM-T3 (Δ ≤ 1), so it is a weaker lower bound, not a contradiction.
    """
    return _t3(L, K, p, delta, gamma, n, 2, "DCM-FACT/as-printed",
               "the Fact as printed (Δ/D_KL per item) chained literally; not what the theorem states")


#: the claim IDs each bound function evaluates (``clickbound explain`` reads this; a test checks it)
SPEC_IDS = {
    "dcm_alpha": ("DCM-T1", "DCM-T2"),
    "pair_constant": ("DCM-P1",),
    "cascade_sum": ("DCM-P1",),
    "dcm_p1": ("DCM-P1",),
    "dcm_t1": ("DCM-T1",),
    "dcm_t2_terms": ("DCM-T2",),
    "dcm_t2": ("DCM-T2",),
    "dcm_t2_presenter_g": ("DCM-T2",),
    "dcm_t2_equal_constant_count": ("DCM-T2",),
    "blb_attractions": ("DCM-BLB",),
    "dcm_t3": ("DCM-T3",),
    "dcm_t3_fact_as_printed": ("DCM-FACT", "DCM-T3"),
}
