"""PBM-UCB and PBM-TS with known position bias κ (ALG-PBMUCB, ALG-PBMTS).

Source ``001_eb740855b56fcd8b.txt`` (Remark 1 and §6.4, quoting Lagrée, Vernade and
Cappé, "Multiple-Play Bandits in the Position-Based Model", NeurIPS 2016).  They see
clicks only (no depth) and know ``κ`` — passed as ``policy_params={"kappa": ...}``;
on a CM-Depth environment ``κ = P`` (the carousel paper's experiments).  Every shown position is used: item
``a_j`` gains one display at position j, weight ``κ_j`` and its click ``c_j``.  ``κ`` must
be non-increasing, so that placing the best K items in decreasing order of score is
the right ranking (rearrangement).
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._params import beta_prior, check_LK, check_positive, reject_unknown
from clickbound.sim.policies._pbm_posterior import W, build_row, sample_rows
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties


def check_kappa(kappa, K):
    """Validate the known examination probabilities (length K, in (0, 1], non-increasing)."""
    kappa = np.asarray(kappa, dtype=float)
    if kappa.shape != (K,):
        raise ValueError(f"kappa must have length K={K}, got shape {kappa.shape}")
    if np.any(~np.isfinite(kappa)) or np.any(kappa <= 0) or np.any(kappa > 1):
        raise ValueError(f"kappa must lie in (0, 1], got {kappa.tolist()}")
    if np.any(np.diff(kappa) > 0):
        raise ValueError(f"kappa must be non-increasing, got {kappa.tolist()}")
    return kappa



def _kappa_param(name, K, params, extra):
    reject_unknown(name, params, ("kappa",) + extra)
    if "kappa" not in params:
        raise ValueError(f"{name} needs the known position bias: policy_params={{'kappa': [...]}} "
                         f"(length K={K}; on CM-Depth pass P)")
    return check_kappa(params["kappa"], K)


# ----------------------------------------------------------------------------- PBM-UCB
def _ucb_params(L, K, params):
    check_LK(L, K)
    kappa = _kappa_param("PBM-UCB", K, params, ("alpha",))
    return kappa, check_positive("alpha", params.get("alpha", 0.5))


@numba.njit
def _ucb_select(state, t, rng, A):
    S, N, Nt, _, par, idx, cand = state
    lt = math.log(t)
    for e in range(S.shape[0]):
        if N[e] == 0.0:
            idx[e] = math.inf
        else:
            idx[e] = S[e] / Nt[e] + math.sqrt(N[e] * par[0] * lt) / Nt[e]
    topk_nb(idx, A.shape[0], rng, A, cand)


@numba.njit
def _ucb_update(state, t, A, clicks, depth):
    S, N, Nt, kappa = state[0], state[1], state[2], state[3]
    for j in range(A.shape[0]):
        N[A[j]] += 1.0
        Nt[A[j]] += kappa[j]
        S[A[j]] += clicks[j]


@register_policy("PBM-UCB", models=("pbm", "depth"))
class PBMUCB(Policy):
    r"""PBM-UCB (ALG-PBMUCB; Lagrée et al. 2016 as cited by source 001, Remark 1).

    With ``S_i`` clicks, ``N_i`` displays and ``Ñ_i = Σ κ_{pos}`` over those displays::

        U_i(t) = S_i/Ñ_i + sqrt(N_i · δ(t) / (2 Ñ_i²)),   δ(t) = (1 + ε) log t,
                 +∞ if N_i = 0 (the policy conventions).

    We write ``δ(t)/2 = α log t`` (α = (1 + ε)/2): parameter ``alpha`` (default 0.5,
    i.e. ε = 0, source 001's "UCB α = 0.5"), so that κ ≡ 1 gives OD-UCB's index
    exactly.  Evaluated as ``S/Ñ + sqrt(N α log t)/Ñ``.  Required parameter ``kappa``.
    Policy stream: tie-breaks only (:mod:`clickbound.sim.ties`).
    """

    kernel_select = _ucb_select
    kernel_update = _ucb_update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.kappa, self.alpha = _ucb_params(L, K, params)
        self.S = np.zeros(L)
        self.N = np.zeros(L)
        self.Nt = np.zeros(L)

    @staticmethod
    def kernel_state(L, K, **params):
        kappa, alpha = _ucb_params(L, K, params)
        return (np.zeros(L), np.zeros(L), np.zeros(L), kappa.copy(), np.array([alpha]),
                np.zeros(L), np.zeros(L, dtype=np.int64))

    def index(self, t):
        with np.errstate(divide="ignore", invalid="ignore"):
            out = self.S / self.Nt + np.sqrt(self.N * self.alpha * math.log(t)) / self.Nt
        return np.where(self.N > 0, out, np.inf)

    def select(self, t):
        return topk_random_ties(self.index(t), self.K, self.rng)

    def update(self, t, A, obs):
        for j in range(self.K):
            e = int(A[j])
            self.N[e] += 1.0
            self.Nt[e] += self.kappa[j]
            self.S[e] += float(obs.clicks[j])


# ----------------------------------------------------------------------------- PBM-TS
def _ts_params(L, K, params):
    check_LK(L, K)
    kappa = _kappa_param("PBM-TS", K, params, ("a0", "b0"))
    a0, b0 = beta_prior(params, at_least_one=True)
    return kappa, a0, b0


@numba.njit
def _refresh(state, items):
    """(Re)build the cached posterior envelopes (rows of ``G``) of ``items``."""
    S, F, kappa, par, G = state[:5]
    for e in items:
        build_row(S[e], F[e], kappa, par[0], par[1], G, e)


@numba.njit
def _ts_init(state, x0):
    _refresh(state, state[7])


@numba.njit
def _ts_select(state, t, rng, A):
    S, F, kappa, par, G, idx, cand, _ = state
    sample_rows(rng, G, S, F, kappa, par[0], par[1], idx)
    topk_nb(idx, A.shape[0], rng, A, cand)


@numba.njit
def _ts_update(state, t, A, clicks, depth):
    S, F = state[0], state[1]
    for j in range(A.shape[0]):
        if clicks[j] != 0:
            S[A[j]] += 1.0
        else:
            F[A[j], j] += 1.0
    _refresh(state, A)


@register_policy("PBM-TS", models=("pbm", "depth"))
class PBMTS(Policy):
    r"""PBM-TS (ALG-PBMTS; Lagrée et al. 2016 as cited by source 001 §6.4).

    Per item, ``S_i`` clicks and ``F_ij`` unclicked displays at position j; sample

        θ̃_i ~ π_i(θ) ∝ θ^{a0−1+S_i} (1−θ)^{b0−1} ∏_j (1 − κ_j θ)^{F_ij}

    independently and show the K items of largest sample in decreasing order.  The
    posterior is not Beta; the source samples it by rejection.  Departure in method,
    not in law: we use an *exact* rejection sampler with a log-concave tangent envelope
    (:mod:`clickbound.sim.policies._pbm_posterior`), which needs ``a0, b0 ≥ 1`` (default 1, 1, the
    uniform prior of the policy conventions).  Required parameter ``kappa``.  Policy stream: for each
    item in id order, three uniforms per rejection trial until acceptance; then
    tie-breaks (:mod:`clickbound.sim.ties`; a tie has probability 0).  The kernel caches each
    item's envelope (a row of one table) and rebuilds it when the item's counts change; the
    reference rebuilds every envelope every round (same numbers: the build is deterministic).
    Kernel speed (``benchmarks/run.py`` [7]): the squeeze decides almost every trial
    without a log per position, and no array view is made per item and round; the lists and
    regret are bitwise those of the earlier kernel (``tests/sim/test_kernel_pins.py``).
    """

    kernel_init = _ts_init
    kernel_select = _ts_select
    kernel_update = _ts_update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.kappa, self.a0, self.b0 = _ts_params(L, K, params)
        self.S = np.zeros(L)
        self.F = np.zeros((L, K))

    @staticmethod
    def kernel_state(L, K, **params):
        """``(S, F, κ, [a0, b0], G, sample buffer, tie buffer, all items)``; ``G``: one envelope row per
        item (:mod:`clickbound.sim.policies._pbm_posterior`)."""
        kappa, a0, b0 = _ts_params(L, K, params)
        return (np.zeros(L), np.zeros((L, K)), kappa.copy(), np.array([a0, b0]), np.zeros((L, W)),
                np.zeros(L), np.zeros(L, dtype=np.int64), np.arange(L, dtype=np.int64))

    def sample(self, e):
        """One posterior draw for item ``e`` (envelope rebuilt from the counts)."""
        G, out = np.zeros((1, W)), np.empty(1)
        build_row(self.S[e], self.F[e], self.kappa, self.a0, self.b0, G, 0)
        sample_rows(self.rng, G, self.S[e:e + 1], self.F[e:e + 1], self.kappa, self.a0, self.b0, out)
        return out[0]

    def select(self, t):
        theta = np.array([self.sample(e) for e in range(self.L)])
        return topk_random_ties(theta, self.K, self.rng)

    def update(self, t, A, obs):
        for j in range(self.K):
            e = int(A[j])
            if obs.clicks[j]:
                self.S[e] += 1.0
            else:
                self.F[e, j] += 1.0
