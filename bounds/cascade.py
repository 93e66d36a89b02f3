"""Cascading-bandit bounds (Kveton, Szepesvári, Wen, Ashkan, ICML 2015a) as far as the sources give them.

Where each constant comes from
------------------------------
* **CascadeKL-UCB upper bound** — source ``000_0b27131c69d8f24c.txt``: Proposition 1
  (命題1) is Kveton et al.'s CascadeKL-UCB bound applied to the first ``i`` positions
  ("Kveton et al. (2015a)の上限の証明を借りることが可能"), and the appendix
  "Cascade KL-UCBの証明" states it for ``K`` positions with ``C_2(ε), β(ε)`` and
  shows the ``7K log log n`` term (KL-UCB paper, Theorem 10 + union bound).  So
  CascadeKL-UCB's bound is DCM-P1 at ``i = K``.  ``C_2(ε)``, ``β(ε)`` are unknown.
* **CascadeUCB1 upper bound** — the sources give **no constant**: source 003 says
  only "для KL-UCB и UCB1 ``R(T) = O(n log T)``" (n = number of items) and source 004
  gives the index ``ŵ + sqrt(1.5 log t / T)`` but no bound.
  :func:`cascade_ucb1_order` therefore returns ``log_coefficient = nan``.
  :func:`cascade_ucb1_kveton_recalled` gives the constant of Kveton et al. 2015a,
  Theorem 2, ``Σ_{e>K} 12/Δ_{e,K} · log n + (π²/3) L``, **from memory of the paper,
  not from the sources and not verified against its text in this workbench** — it
  is labelled so in its result; do not cite it as checked.
* **Cascade lower bound** — derived here from source 000's Theorem 3 (DCM-T3) at
  ``γ = 1``: a DCM with ``v̄ ≡ 1`` stops after the first click, i.e. is the cascade
  model, so on ``B_LB(L, [K], p, Δ)``
  ``liminf R(n)/log n ≥ (1−p)^{K−1}(L−K)Δ / D_KL(p−Δ‖p)``.  Source 003 states only
  ``liminf R(T)/log T ≥ C(k, n, p)`` without C.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from clickbound.bounds.dcm import cascade_sum, dcm_t3
from clickbound.bounds.result import BoundResult, check_int, check_nonneg, check_probabilities

SRC_000 = "000_0b27131c69d8f24c.txt"


def _sorted_w(w) -> np.ndarray:
    return np.sort(check_probabilities("w", w))[::-1]


def cascade_klucb_bound(w: Sequence[float], K: int, n: int, eps: float = 0.0) -> BoundResult:
    """CascadeKL-UCB (source 000, 命題1 with i = K and appendix "Cascade KL-UCBの証明").

    ``R(n) ≤ Σ_{e=K+1}^{L} (1+ε)Δ_{e,K}(1+log(1/Δ_{e,K}))/D_KL(w̄(e)‖w̄(K)) (log n + 3 log log n)``
    ``+ K L C_2(ε)/n^{β(ε)} + 7K log log n``.  ``eps = 0``: the ε → 0 limit of the
    ``log n`` coefficient (see :mod:`clickbound.bounds.dcm`).
    """
    w = _sorted_w(w)
    K = check_int("K", K, 1, w.size)
    n = check_int("n", n, 3)
    eps = check_nonneg("eps", eps)
    s = cascade_sum(w, K)
    coef = (1.0 + eps) * s
    ln = math.log(n)
    lln = math.log(ln)
    return BoundResult(
        theorem_id="CASCADE-KLUCB", source=f"{SRC_000}, 命題1 (i=K) and appendix Cascade KL-UCBの証明",
        kind="upper", n=n, value=coef * (ln + 3 * lln) + 7.0 * K * lln, log_coefficient=coef,
        asymptotic=True, omitted=("K·L·C_2(ε)/n^β(ε) (C_2, β unknown; never invented)",),
        details={"s_K": s})


def cascade_ucb1_order(w: Sequence[float], K: int, n: int) -> BoundResult:
    """CascadeUCB1: ``R(T) = O(L log T)`` — all the sources give (003); no constant, so ``nan``."""
    w = _sorted_w(w)
    check_int("K", K, 1, w.size)
    n = check_int("n", n, 2)
    return BoundResult(
        theorem_id="CASCADE-UCB1/order", source="003_f899901a464da92a.txt, Cascading bandits",
        kind="upper", n=n, value=math.nan, log_coefficient=math.nan, asymptotic=True,
        omitted=("the whole constant: the sources state only O(n log T) (n = items)",))


def cascade_ucb1_kveton_recalled(w: Sequence[float], K: int, n: int) -> BoundResult:
    """CascadeUCB1, Kveton et al. 2015a Theorem 2 **as recalled** (not in the sources; unverified).

    ``R(n) ≤ Σ_{e=K+1}^{L} 12/Δ_{e,K} · log n + (π²/3) L`` for the index
    ``ŵ + sqrt(1.5 log t/T)`` (source 004's index).  Zero gaps give ``+inf``.
    """
    w = _sorted_w(w)
    K = check_int("K", K, 1, w.size)
    n = check_int("n", n, 1)
    gaps = w[K - 1] - w[K:]
    coef = math.inf if np.any(gaps == 0) else float(np.sum(12.0 / gaps))
    const = math.pi ** 2 / 3.0 * w.size
    return BoundResult(
        theorem_id="CASCADE-UCB1/kveton2015a-recalled",
        source="Kveton et al. 2015a, Theorem 2 — recalled, NOT in the sources, not verified",
        kind="upper", n=n, value=coef * math.log(n) + const, log_coefficient=coef,
        asymptotic=False,
        notes=("constant recalled from the original paper, not from 000–004; unverified here",),
        details={"constant_term": const})


def cascade_lower_bound(L: int, K: int, p: float, delta: float, n: int = 2) -> BoundResult:
    """Cascade lower bound on ``B_LB``: DCM-T3 at ``γ = 1`` (source 000, 定理3; see module docstring)."""
    r = dcm_t3(L, K, p, delta, 1.0, n)
    return BoundResult(
        theorem_id="CASCADE-LB", source=f"{SRC_000}, 定理3 with γ = 1 (v̄ ≡ 1 is the cascade model)",
        kind="lower", n=r.n, value=r.value, log_coefficient=r.log_coefficient, asymptotic=True,
        omitted=r.omitted, notes=("source 003 gives only liminf R/log T ≥ C(k, n, p)",),
        details=dict(r.details))


#: the claim IDs each bound function evaluates (``clickbound explain`` reads this; a test checks it)
SPEC_IDS = {
    "cascade_klucb_bound": ("CASCADE-KLUCB", "DCM-P1"),
    "cascade_ucb1_order": ("CASCADE-UCB1", "CAS-UB-K"),
    "cascade_ucb1_kveton_recalled": ("CASCADE-UCB1", "ALG-CASUCB1"),
    "cascade_lower_bound": ("CASCADE-LB", "DCM-T3"),
}
