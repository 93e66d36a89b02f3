"""Observable-depth ranking bounds: OD-UCB's Theorem 1 and PBM-UCB as quoted (source ``001_eb740855b56fcd8b.txt``).

Claim IDs: OD-T1, OD-L1 (erratum), OD-VS-PBM.  **Letters:** source 001 writes K items
and L slots; this module uses the project's letters, ``L = len(theta)`` items and
``K = len(P)`` slots, and converts every formula it cites (the project's notation, docs/conventions.md).

Quantities
----------
* ``θ_(1) ≥ θ_(2) ≥ …`` the sorted click rates; ``P_1 = 1 ≥ P_2 ≥ … ≥ P_K > 0``.
* ``Δ_a = Σ_j P_j (θ_(j) − θ_{a_j})``; ``a**`` is the second-best ranking, ``Δ_{a**}``
  the smallest positive gap (:func:`second_best_gap`).  The theorem writes
  ``K/Δ_{a**}`` (source letters ``L/Δ_{a**}``) but the proof's last line and Remark 1
  write ``Δ_{a*}``, which is 0 by definition — a typo for ``a**``; we use ``a**``.
* ``F(d) = (Σ_{k≤K} P_k)²/d + (Σ_{k≤d} P_k)²`` and the bracket
  ``B = Σ_{i=K+1}^{L} 1/(P_K(θ_(K) − θ_(i))) + K/Δ_{a**}``.

Named P vectors (the carousel paper's experiments): :data:`SHALLOW_P`, :data:`DEEP_P`, :data:`RECGAZE_P`.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy.special import zeta

from clickbound.bounds.result import (BoundResult, check_int, check_nonincreasing, check_nonneg,
                           check_probabilities)

SOURCE = "001_eb740855b56fcd8b.txt"
SHALLOW_P = (1.0, 0.55, 0.30, 0.15, 0.08)
DEEP_P = (1.0, 0.80, 0.70, 0.60, 0.50)
RECGAZE_P = (1.0, 0.9031, 0.8529, 0.7720, 0.6879, 0.2992, 0.2991, 0.2988, 0.2986, 0.2968,
             0.2576, 0.2574, 0.2563, 0.2531, 0.2432)
NAMED_P = {"shallow": SHALLOW_P, "deep": DEEP_P, "recgaze": RECGAZE_P}
#: rankings enumerated at most when ties in θ force the exact search for Δ_{a**}
MAX_ENUMERATED_RANKINGS = 200_000


def _check_P(P, *, first_is_one: bool) -> np.ndarray:
    P = check_probabilities("P", P, open_low=True)
    check_nonincreasing("P", P)
    if first_is_one and P[0] != 1.0:
        raise ValueError(f"P must start with P_1 = Pr(V ≥ 1) = 1 (CM-Depth), got {P.tolist()!r}")
    return P


def _instance(theta, P, first_is_one=True) -> tuple[np.ndarray, np.ndarray]:
    theta = check_probabilities("theta", theta)
    P = _check_P(P, first_is_one=first_is_one)
    if P.size > theta.size:
        raise ValueError(f"K = len(P) = {P.size} exceeds L = len(theta) = {theta.size}")
    th = np.sort(theta)[::-1]
    K = P.size
    if th.size > K and not th[K - 1] > th[K]:
        raise ValueError(f"theta must have θ_(K) > θ_(K+1) (unique optimal set); the bracket "
                         f"term 1/(P_K(θ_(K) − θ_(K+1))) is infinite, got theta={theta.tolist()!r}")
    return th, P


def second_best_gap(theta: Sequence[float], P: Sequence[float]) -> float:
    """``Δ_{a**}``: the smallest positive ``Σ_j P_j(θ_(j) − θ_{a_j})`` over rankings of K of the L items.

    By Abel summation ``Δ_a = Σ_j (P_j − P_{j+1})(S*_j − S^a_j)`` (``P_{K+1} = 0``,
    ``S_j`` = sum of the first j click rates), every term ≥ 0.  With
    ``θ_(1) > … > θ_(K+1)`` the least positive deficit of prefix j is
    ``θ_(j) − θ_(j+1)``, reached by swapping positions j, j+1 (or, for j = K,
    replacing θ_(K) by θ_(K+1)) without touching other prefixes, so
    ``Δ_{a**} = min_j {(P_j − P_{j+1})(θ_(j) − θ_(j+1)) > 0}``.  With ties among the top
    K the rankings are enumerated in exact rationals (at most
    :data:`MAX_ENUMERATED_RANKINGS`).
    """
    th, P = _instance(theta, P, first_is_one=False)
    K, L = P.size, th.size
    top = th[: min(K + 1, L)]
    if np.all(np.diff(top) < 0):
        Pn = np.append(P, 0.0)
        terms = [(Pn[j] - Pn[j + 1]) * (th[j] - th[j + 1]) for j in range(min(K, L - 1))]
        pos = [t for t in terms if t > 0]
        if not pos:
            raise ValueError(f"every ranking is optimal (no positive gap) for P={P.tolist()!r}")
        return float(min(pos))
    count = math.perm(L, K)
    if count > MAX_ENUMERATED_RANKINGS:
        raise ValueError(f"theta has ties among its top K = {K} values and {count} rankings exceed "
                         f"MAX_ENUMERATED_RANKINGS; got theta={np.asarray(theta).tolist()!r}")
    thq = [Fraction(float(x)) for x in th]
    Pq = [Fraction(float(x)) for x in P]
    best = sum(p * t for p, t in zip(Pq, thq))
    gaps = {best - sum(Pq[j] * thq[a] for j, a in enumerate(r))
            for r in itertools.permutations(range(L), K)}
    pos = [g for g in gaps if g > 0]
    if not pos:
        raise ValueError(f"every ranking is optimal (no positive gap) for P={P.tolist()!r}")
    return float(min(pos))


def depth_factor(P: Sequence[float], d: int) -> float:
    """``F(d) = (Σ_{k=1}^{K} P_k)²/d + (Σ_{k=1}^{d} P_k)²`` (source 001, 定理1)."""
    P = _check_P(P, first_is_one=False)
    d = check_int("d", d, 1, P.size)
    return float(P.sum() ** 2 / d + P[:d].sum() ** 2)


def best_d(P: Sequence[float]) -> tuple[int, float]:
    """The ``d ∈ [1, K]`` minimising :func:`depth_factor` (smallest on ties) and ``F(d)``."""
    P = _check_P(P, first_is_one=False)
    vals = [depth_factor(P, d) for d in range(1, P.size + 1)]
    d = int(np.argmin(vals)) + 1
    return d, vals[d - 1]


def gap_bracket(theta: Sequence[float], P: Sequence[float]) -> float:
    """``B = Σ_{i=K+1}^{L} 1/(P_K(θ_(K) − θ_(i))) + K/Δ_{a**}`` (source letters ``Σ_{i=L+1}^{K} … + L/Δ``)."""
    th, P = _instance(theta, P, first_is_one=False)
    K = P.size
    tail = float(np.sum(1.0 / (P[-1] * (th[K - 1] - th[K:]))))
    return tail + K / second_best_gap(th, P)


def _factor(P, d):
    if d is None:
        return best_d(P)
    d = check_int("d", d, 1, len(P))
    return d, depth_factor(P, d)


def peeling_series(alpha: float, beta: float) -> float:
    """An upper bound on ``C(α, β) = Σ_{t≥1} 2(⌊log_β t⌋ + 1) t^{−2α/β}``, the per-item total of the
    peeling repair of the carousel paper's Lemma 1 (claims ``OD-L1/peeling``, ``OD-L1/peeling-series``).

    ``⌊log_β t⌋ + 1`` counts the ``k ≥ 0`` with ``⌈β^k⌉ ≤ t``, so ``C = 2 Σ_k ζ(s, ⌈β^k⌉)`` (Hurwitz
    zeta, ``s = 2α/β``), finite iff ``s > 1``, i.e. ``β < 2α``.  The sum over ``k`` is taken while
    ``β^k ≤ e^30`` and closed by the bound ``ζ(s, a) ≤ a^{−s} + a^{1−s}/(s − 1)`` summed over the rest
    (two geometric series), so the value returned is an upper bound, never an underestimate.
    """
    alpha, beta = float(alpha), float(beta)
    if not (math.isfinite(alpha) and math.isfinite(beta)) or not 1.0 < beta < 2.0 * alpha:
        raise ValueError(f"the peeling series needs 1 < beta < 2*alpha, got alpha={alpha!r}, beta={beta!r}")
    s = 2.0 * alpha / beta
    r1, r2 = beta ** (-s), beta ** (1.0 - s)
    total, k = 0.0, 0
    while True:
        tail = r1 ** k / (1.0 - r1) + r2 ** k / ((1.0 - r2) * (s - 1.0))
        if tail < 1e-13 * total or k * math.log(beta) > 30.0:
            return 2.0 * (total + tail) * (1.0 + 1e-12)  # a relative margin for the floating sum
        total += float(zeta(s, math.ceil(beta ** k - 1e-12)))
        k += 1


def lemma1_peeling_constant(alpha: float, beta: float | None = None) -> tuple[float, float]:
    """``(C, β)``: the peeling series :func:`peeling_series` at ``β`` or, with ``beta=None``, at the
    β ∈ (1, 2α) that minimises it (bounded scalar search on log β; any β gives a valid bound, so an
    imprecise minimum only loosens the constant).  Needs α > 1/2."""
    alpha = float(alpha)
    if not (alpha > 0.5) or not math.isfinite(alpha):
        raise ValueError(f"the peeling repair needs a finite alpha > 1/2, got {alpha!r}")
    if beta is not None:
        return peeling_series(alpha, beta), float(beta)
    from scipy.optimize import minimize_scalar

    hi = math.log(2.0 * alpha)
    res = minimize_scalar(lambda lb: peeling_series(alpha, math.exp(lb)), bounds=(1e-6 * hi, hi * (1 - 1e-6)),
                          method="bounded", options={"xatol": 1e-7})
    b = math.exp(float(res.x))
    return peeling_series(alpha, b), b


#: the forms of OD-T1's constant term (Lemma 1): as printed, the union bound over counts (α > 1),
#: the peeling repair (α > 1/2), and the smaller of the two valid repairs
LEMMA1_FORMS = ("as-printed", "union", "peeling", "best")


def od_t1_bound(theta: Sequence[float], P: Sequence[float], T: int, alpha: float,
                d: int | None = None, *, repaired: bool | str = False) -> BoundResult:
    """OD-T1 (source 001, 定理1) for OD-UCB with ``UCB_i = θ̂_i + sqrt(α log t/n_i)``, α > 1/2.

    ``Reg(T) ≤ 32α log T · F(d) · B + 2KL ζ(2α)`` for any ``1 ≤ d ≤ K``; ``d=None``
    takes the d minimising ``F`` and reports it in ``details["d"]``.

    Erratum (OD-L1): the constant ``2KLζ(2α)`` comes from Lemma 1's
    ``Pr(E_t^c) ≤ 2K t^{−2α}``, Hoeffding applied at the random count ``n_i(t)``,
    which is not justified.  Two repairs (``repaired=``):

    * ``"union"`` (or ``True``): a union bound over the possible counts ``n ≤ t`` gives
      ``Pr(E_t^c) ≤ 2L t^{1−2α}`` (L items), constant ``2KLζ(2α − 1)``, finite only for α > 1;
    * ``"peeling"``: geometric blocks ``n ∈ [β^k, β^{k+1})`` and Hoeffding's maximal inequality per
      block give ``2(⌊log_β t⌋ + 1) t^{−2α/β}`` per item, constant ``KL · C(α, β)``
      (:func:`lemma1_peeling_constant`, β optimised), finite for **every α > 1/2** — Theorem 1's
      own range; α = 1/2, the experiments' value, stays uncovered;
    * ``"best"``: the smaller of the two valid constants at this α.

    The ``log T`` term is unchanged (its derivation, Lemmas 2–5, is not checked here).
    """
    th, P = _instance(theta, P)
    T = check_int("T", T, 1)
    form = {False: "as-printed", True: "union"}.get(repaired, repaired) if isinstance(repaired, bool) else repaired
    if form not in LEMMA1_FORMS:
        raise ValueError(f"repaired must be one of {LEMMA1_FORMS} (or a bool), got {repaired!r}")
    alpha = float(alpha)
    lo = 1.0 if form == "union" else 0.5
    if not (alpha > lo) or math.isinf(alpha):
        why = {"union": "the union-bound repair of Lemma 1 needs ζ(2α−1) < ∞",
               "peeling": "the peeling repair of Lemma 1 needs α > 1/2",
               "best": "the repairs of Lemma 1 need α > 1/2"}.get(form, "Theorem 1 assumes α > 1/2")
        raise ValueError(f"alpha must be a finite number > {lo} ({why}), got {alpha!r}")
    d, F = _factor(P, d)
    B = gap_bracket(th, P)
    K, L = P.size, th.size
    coef = 32.0 * alpha * F * B
    details = {}
    if form == "best":
        peel, beta = lemma1_peeling_constant(alpha)
        union = float(zeta(2 * alpha - 1.0)) * 2.0 if alpha > 1 else math.inf
        form = "union" if union <= peel else "peeling"
    if form == "peeling":
        c, beta = lemma1_peeling_constant(alpha)
        const = K * L * c
        details["beta"] = beta
        note = f"peeling repair of Lemma 1: KL·C(α, β), β = {beta:.4g} (α > 1/2)"
    elif form == "union":
        const = 2.0 * K * L * float(zeta(2 * alpha - 1.0))
        note = "union-bound repair of Lemma 1: 2KLζ(2α−1), α > 1"
    else:
        const = 2.0 * K * L * float(zeta(2 * alpha))
        note = "as printed: 2KLζ(2α) rests on Hoeffding at a random count (OD-L1 erratum)"
    notes = ["Δ_{a**} used where the proof/Remark write Δ_{a*} (= 0 by definition; typo)", note]
    tid = {"as-printed": "OD-T1/as-printed", "union": "OD-T1/repaired", "peeling": "OD-T1/repaired-peeling"}[form]
    return BoundResult(
        theorem_id=tid,
        source=f"{SOURCE}, 定理1 / 補題1", kind="upper", n=T, value=coef * math.log(T) + const,
        log_coefficient=coef, asymptotic=False, notes=tuple(notes),
        details={"d": d, "F": F, "bracket": B, "second_best_gap": second_best_gap(th, P),
                 "constant_term": const, **details})


def pbm_ucb_bound(theta: Sequence[float], P: Sequence[float], T: int, eps: float = 0.0,
                  d: int | None = None) -> BoundResult:
    """PBM-UCB (Lagrée et al. 2016, Theorem 9) **as quoted** in source 001, 注意1, eq. (5).

    ``Reg(T) ≤ 16(1+ε) log T · F(d)/P_K² · B + C_0(ε)``; ``C_0(ε)`` is unknown and
    omitted, so the result is asymptotic.  ``eps = 0`` is the ε → 0 limit of the
    ``log T`` coefficient.  Not checked against Lagrée et al.'s own text.
    """
    th, P = _instance(theta, P, first_is_one=False)
    T = check_int("T", T, 2)
    eps = check_nonneg("eps", eps)
    d, F = _factor(P, d)
    B = gap_bracket(th, P)
    coef = 16.0 * (1.0 + eps) * F / P[-1] ** 2 * B
    return BoundResult(
        theorem_id="PBM-UCB", source=f"{SOURCE}, 注意1 eq. (5) quoting Lagrée et al. Thm 9",
        kind="upper", n=T, value=coef * math.log(T), log_coefficient=coef, asymptotic=True,
        omitted=("C_0(ε) (unknown constant; never invented)",),
        notes=("Δ_{a**} used where eq. (5) writes Δ_{a*} (= 0 by definition; typo)",),
        details={"d": d, "F": F, "bracket": B})


def od_vs_pbm_ratio(P: Sequence[float], alpha: float = 0.5, eps: float = 0.0) -> float:
    """OD-VS-PBM: PBM-UCB's ``log T`` coefficient over OD-T1's, ``16(1+ε)/(32α P_K²)``.

    The same d and the same bracket appear in both, so the ratio depends on P only
    through ``P_K``; at ``ε → 0, α → 1/2`` it is Remark 1's ``P_K^{−2}``.  ``alpha``
    may equal 1/2 here (a limit of leading terms; Theorem 1 itself needs α > 1/2).
    """
    P = _check_P(P, first_is_one=False)
    alpha = float(alpha)
    if not (alpha >= 0.5) or math.isinf(alpha):
        raise ValueError(f"alpha must be a finite number >= 1/2, got {alpha!r}")
    eps = check_nonneg("eps", eps)
    return float(16.0 * (1.0 + eps) / (32.0 * alpha * P[-1] ** 2))


#: the claim IDs each bound function evaluates (``clickbound explain`` reads this; a test checks it)
SPEC_IDS = {
    "second_best_gap": ("OD-T1",),
    "depth_factor": ("OD-T1",),
    "best_d": ("OD-T1",),
    "gap_bracket": ("OD-T1",),
    "od_t1_bound": ("OD-T1",),
    "pbm_ucb_bound": ("PBM-UCB", "OD-VS-PBM"),
    "od_vs_pbm_ratio": ("OD-VS-PBM",),
}
