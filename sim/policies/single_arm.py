"""Single-arm baselines: UCB1, KL-UCB, Thompson sampling, ε-greedy (list length K = 1).

ALG-UCB1, ALG-KLUCB, ALG-TS, ALG-EGREEDY; sources ``002_3ec5ec57f55c1fdf.txt``
(UCB with its α) and ``003_f899901a464da92a.txt`` (KL-UCB, ε-greedy, Thompson sampling).
They serve the two-arm Lai–Robbins experiment (the Lai–Robbins experiment) and the UCB1 bound check
(UCB1-BOUND) on a Bernoulli bandit, ``sim.Cascade(w)`` with ``K = 1`` (any model with
K = 1 is a Bernoulli bandit in the click of position 1, so all four are accepted).
The arm played is ``A[0]``; its reward is ``obs.clicks[0]``.

Each policy: a readable reference class and three numba functions (``kernel_init``,
``kernel_select``, ``kernel_update``, recipe of :mod:`clickbound.sim.policies.registry`) that make the
same choices on the same ``pol_rng`` stream.  Ties: :mod:`clickbound.sim.ties` (draws only on a tie).
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.bounds.kl import klucb_index_scalar
from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._lazy import HZ, OBS, SUM, lazy_state, lazy_topk
from clickbound.sim.policies._params import beta_prior, check_LK, check_positive, reject_unknown
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties

MODELS = ("cascade", "dcm", "pbm", "depth")


def _check_single(L, K):
    L, K = check_LK(L, K)
    if K != 1:
        raise ValueError(f"K must be 1 for a single-arm policy, got K={K}")
    return L, K


class _SingleArm(Policy):
    """Shared state: pulls ``n[e]`` and reward sums ``s[e]`` (floats, as in the kernels)."""

    def _setup(self, L, K, pol_rng):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = _check_single(L, K)
        self.n = np.zeros(self.L)
        self.s = np.zeros(self.L)

    def update(self, t, A, obs):
        """Credit ``obs.clicks[0]`` to the arm played, ``A[0]``."""
        a = int(A[0])
        self.n[a] += 1.0
        self.s[a] += float(obs.clicks[0])


@numba.njit
def _counts_update(state, t, A, clicks, depth):
    n, s = state[0], state[1]
    n[A[0]] += 1.0
    s[A[0]] += clicks[0]


@numba.njit
def _counts_init(state, x0):
    n, s = state[0], state[1]
    for e in range(n.shape[0]):
        n[e] = 1.0
        s[e] = x0[e]


# ----------------------------------------------------------------------------- UCB1
def _ucb1_params(L, K, params):
    reject_unknown("UCB1", params, ("alpha", "log_t_minus_1"))
    _check_single(L, K)
    alpha = check_positive("alpha", params.get("alpha", 2.0))
    shift = params.get("log_t_minus_1", False)
    if shift not in (True, False):
        raise ValueError(f"log_t_minus_1 must be True or False, got {shift!r}")
    return alpha, int(shift)


@numba.njit
def _ucb1_select(state, t, rng, A):
    n, s, par, idx, cand = state
    alpha, shift = par[0], par[1]
    lt = math.log(max(t - shift, 1))
    for e in range(n.shape[0]):
        if n[e] == 0.0:
            idx[e] = math.inf
        else:
            idx[e] = s[e] / n[e] + math.sqrt(alpha * lt / (2.0 * n[e]))
    topk_nb(idx, 1, rng, A, cand)


@register_policy("UCB1", models=MODELS)
class UCB1(_SingleArm):
    r"""UCB1 with the source's confidence level ``t^{-α}`` (ALG-UCB1, UCB1-CI).

    Index (source ``002_3ec5ec57f55c1fdf.txt``, "Upper Confidence Boundアルゴリズム")::

        UCB_a(t) = μ̂_a + sqrt(α log t / (2 T_a)),   +∞ if T_a = 0 (the policy conventions).

    Parameters: ``alpha`` (default 2; the source's bound needs α > 1, UCB1-SUM) and
    ``log_t_minus_1`` (default False).  The source's displayed score writes
    ``log(t − 1)`` while its derivation and UCB1-CI use ``log t``; True reproduces
    the score as printed (``log 0`` at t = 1 then meets only unplayed arms, index +∞;
    we evaluate ``log max(t − 1, 1)``).  Policy stream: tie-breaks only (:mod:`clickbound.sim.ties`).
    """

    kernel_select = _ucb1_select
    kernel_update = _counts_update

    def __init__(self, L, K, pol_rng, **params):
        self._setup(L, K, pol_rng)
        self.alpha, self.shift = _ucb1_params(L, K, params)

    @staticmethod
    def kernel_state(L, K, **params):
        alpha, shift = _ucb1_params(L, K, params)
        return (np.zeros(L), np.zeros(L), np.array([alpha, float(shift)]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def index(self, t):
        lt = math.log(max(t - self.shift, 1))
        with np.errstate(divide="ignore", invalid="ignore"):
            out = self.s / self.n + np.sqrt(self.alpha * lt / (2.0 * self.n))
        return np.where(self.n > 0, out, np.inf)

    def select(self, t):
        return topk_random_ties(self.index(t), 1, self.rng)


# ----------------------------------------------------------------------------- KL-UCB
# The kernel evaluates the indices lazily (sim.policies._lazy, as CascadeKL-UCB does): the same arm
# and the same tie draws as the eager index of every arm every round (klucb_index_scalar(w, T, t)
# is the float klucb_index_level(w, g(t)/T) that _lazy brackets), at ~0.6x the time per round on
# two arms (the Lai–Robbins grid); tests/sim/test_contract.py checks the lists agree.
@numba.njit
def _klucb_init(state, x0):
    F = state[0]
    for e in range(F.shape[1]):
        F[SUM, e] = x0[e]
        F[OBS, e] = 1.0


@numba.njit(error_model="numpy")  # not cached: numba's cache misses changes in callees from other modules
def _klucb_select(state, t, rng, A):
    F, I, stats, gc = state
    lazy_topk(t, 1, rng, A, F, I, stats, gc)


@numba.njit
def _klucb_update(state, t, A, clicks, depth):
    F, I = state[0], state[1]
    F[OBS, A[0]] += 1.0
    F[SUM, A[0]] += clicks[0]
    I[HZ, A[0]] = 0  # the arm's cached index bounds are stale


@register_policy("KL-UCB", models=MODELS)
class KLUCB(_SingleArm):
    r"""KL-UCB for Bernoulli arms (ALG-KLUCB; source ``003_f899901a464da92a.txt``).

    ``U_a(t) = max{q ∈ [μ̂_a, 1] : T_a · D_KL(μ̂_a‖q) ≤ log t + 3 log log t}`` (``log t``
    alone for t < 3), by :func:`clickbound.bounds.kl.klucb_index_scalar`, the project's one KL-UCB
    index.  By the policy conventions every arm is observed once before round 1 (``needs_init``), not
    counted as a round and not charged regret.  No parameters.  Policy stream:
    tie-breaks only (:mod:`clickbound.sim.ties`).
    """

    needs_init = True
    kernel_init = _klucb_init
    kernel_select = _klucb_select
    kernel_update = _klucb_update

    def __init__(self, L, K, pol_rng, **params):
        reject_unknown("KL-UCB", params, ())
        self._setup(L, K, pol_rng)

    @staticmethod
    def kernel_state(L, K, **params):
        """:func:`clickbound.sim.policies._lazy.lazy_state`: ``F`` holds the sums and pulls (rows
        ``SUM``, ``OBS``) and the index brackets."""
        reject_unknown("KL-UCB", params, ())
        _check_single(L, K)
        return lazy_state(L)

    def initialise(self, x0):
        """One observation ``x0[e] ∈ {0, 1}`` of every arm, drawn by the environment."""
        self.n[:] = 1.0
        self.s[:] = np.asarray(x0, dtype=float)

    def index(self, t):
        return np.array([klucb_index_scalar(self.s[e] / self.n[e], self.n[e], float(t))
                         for e in range(self.L)])

    def select(self, t):
        return topk_random_ties(self.index(t), 1, self.rng)


# ----------------------------------------------------------------------------- TS
@numba.njit
def _ts_select(state, t, rng, A):
    n, s, par, idx, cand = state
    for e in range(n.shape[0]):
        idx[e] = rng.beta(par[0] + s[e], par[1] + n[e] - s[e])
    topk_nb(idx, 1, rng, A, cand)


@register_policy("TS", models=MODELS)
class TS(_SingleArm):
    r"""Bernoulli Thompson sampling (ALG-TS; source ``003_f899901a464da92a.txt``).

    Sample ``θ̃_a ~ Beta(a0 + s_a, b0 + T_a − s_a)`` for every arm, play the arg max.
    Parameters ``a0``, ``b0`` (default 1, 1: the conventional Beta(1, 1) prior).
    Policy stream: ``L`` beta draws per round in item order, then tie-breaks
    (:mod:`clickbound.sim.ties`; a tie has probability 0).
    """

    kernel_select = _ts_select
    kernel_update = _counts_update

    def __init__(self, L, K, pol_rng, **params):
        reject_unknown("TS", params, ("a0", "b0"))
        self._setup(L, K, pol_rng)
        self.a0, self.b0 = beta_prior(params)

    @staticmethod
    def kernel_state(L, K, **params):
        reject_unknown("TS", params, ("a0", "b0"))
        _check_single(L, K)
        a0, b0 = beta_prior(params)
        return (np.zeros(L), np.zeros(L), np.array([a0, b0]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def select(self, t):
        theta = np.array([self.rng.beta(self.a0 + self.s[e], self.b0 + self.n[e] - self.s[e])
                          for e in range(self.L)])
        return topk_random_ties(theta, 1, self.rng)


# ----------------------------------------------------------------------------- ε-greedy
def _eps(params):
    eps = float(params.get("eps", 0.1))
    if not 0.0 <= eps <= 1.0:
        raise ValueError(f"eps must lie in [0, 1], got {params.get('eps')!r}")
    return eps


@numba.njit
def _egreedy_select(state, t, rng, A):
    n, s, par, idx, cand = state
    L = n.shape[0]
    if rng.random() < par[0]:
        A[0] = rng.integers(0, L)
        return
    for e in range(L):
        idx[e] = math.inf if n[e] == 0.0 else s[e] / n[e]
    topk_nb(idx, 1, rng, A, cand)


@register_policy("eps-greedy", models=MODELS)
class EpsGreedy(_SingleArm):
    r"""ε-greedy (ALG-EGREEDY; source ``003_f899901a464da92a.txt``, "ε-жадная").

    With probability ε a uniformly random arm, otherwise the arm of largest empirical
    mean ``μ̂_a = s_a / T_a``.  Parameter ``eps`` (default 0.1).  Departure (the source
    leaves it open): an unplayed arm's mean counts as +∞, so the greedy step plays
    every arm once first.  Policy stream per round: one uniform (the coin); then,
    when exploring, one ``integers(0, L)``; when greedy, the tie-breaks (:mod:`clickbound.sim.ties`).
    """

    kernel_select = _egreedy_select
    kernel_update = _counts_update

    def __init__(self, L, K, pol_rng, **params):
        reject_unknown("eps-greedy", params, ("eps",))
        self._setup(L, K, pol_rng)
        self.eps = _eps(params)

    @staticmethod
    def kernel_state(L, K, **params):
        reject_unknown("eps-greedy", params, ("eps",))
        _check_single(L, K)
        return (np.zeros(L), np.zeros(L), np.array([_eps(params)]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def select(self, t):
        if self.rng.random() < self.eps:
            return np.array([self.rng.integers(0, self.L)], dtype=np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = np.where(self.n > 0, self.s / self.n, np.inf)
        return topk_random_ties(mean, 1, self.rng)
