"""Observable-depth policies OD-UCB and OD-TS (ALG-ODUCB, ALG-ODTS).

Source ``001_eb740855b56fcd8b.txt`` §4 (Algorithms 1 and 2).  The source calls items
``K`` and slots ``L``; the project uses L = items, K = positions (the project's notation, docs/conventions.md).

Both keep, per item, the exposure count ``n_i`` and click count ``s_i`` of eq. (1)–(2):
after showing ``a(t)`` and observing the depth ``V(t)``, every position ``j ≤ V(t)``
is an exposure of ``a_j(t)`` and its click ``C_{a_j(t)}(t)`` is added; positions below
the depth are not used.  They need ``obs.depth``, so they run on CM-Depth only.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb, ucb_index, ucb_index_nb
from clickbound.sim.policies._params import beta_prior, check_LK, reject_unknown, ucb_alpha
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties


class _Exposures(Policy):
    def _setup(self, L, K, pol_rng):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = check_LK(L, K)
        self.n = np.zeros(self.L)
        self.s = np.zeros(self.L)

    def update(self, t, A, obs):
        """Algorithms 1/2 lines 8–12: update positions ``j ≤ V(t)`` only."""
        if obs.depth is None:
            raise ValueError(f"{self.name} needs obs.depth (a CM-Depth environment)")
        for j in range(int(obs.depth)):
            e = int(A[j])
            self.n[e] += 1.0
            self.s[e] += float(obs.clicks[j])


@numba.njit
def _exposures_update(state, t, A, clicks, depth):
    n, s = state[0], state[1]
    for j in range(depth):
        n[A[j]] += 1.0
        s[A[j]] += clicks[j]


def _alpha(params):
    return ucb_alpha("OD-UCB", params)


@numba.njit
def _oducb_select(state, t, rng, A):
    n, s, par, idx, cand = state
    ucb_index_nb(s, n, par[0] * math.log(t), idx)
    topk_nb(idx, A.shape[0], rng, A, cand)


@register_policy("OD-UCB", models=("depth",))
class ODUCB(_Exposures):
    r"""Observable-Depth UCB (ALG-ODUCB; source 001 §4.2, Algorithm 1).

    ::

        UCB_i(t) = θ̂_i(t−1) + sqrt(α log t / n_i(t−1))   if n_i(t−1) ≥ 1,
                   +∞                                    if n_i(t−1) = 0,

    ``a(t)`` = the K items of largest index, in decreasing order of index.  Parameter
    ``alpha`` (default 0.5, the value of the source's experiments; its Theorem 1 assumes
    α > 1/2).  Policy stream: tie-breaks only (:mod:`clickbound.sim.ties`).
    """

    kernel_select = _oducb_select
    kernel_update = _exposures_update

    def __init__(self, L, K, pol_rng, **params):
        self._setup(L, K, pol_rng)
        self.alpha = _alpha(params)

    @staticmethod
    def kernel_state(L, K, **params):
        check_LK(L, K)
        return (np.zeros(L), np.zeros(L), np.array([_alpha(params)]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def index(self, t):
        return ucb_index(self.s, self.n, self.alpha * math.log(t))

    def select(self, t):
        return topk_random_ties(self.index(t), self.K, self.rng)


def _prior(params):
    reject_unknown("OD-TS", params, ("a0", "b0"))
    return beta_prior(params)


@numba.njit
def _odts_select(state, t, rng, A):
    n, s, par, idx, cand = state
    for e in range(n.shape[0]):
        idx[e] = rng.beta(par[0] + s[e], par[1] + n[e] - s[e])
    topk_nb(idx, A.shape[0], rng, A, cand)


@register_policy("OD-TS", models=("depth",))
class ODTS(_Exposures):
    r"""Observable-Depth Thompson sampling (ALG-ODTS; source 001 §4.3, Algorithm 2).

    ``θ̃_i ~ Beta(a0 + s_i, b0 + n_i − s_i)`` independently; ``a(t)`` = the K items of
    largest sample in decreasing order.  Parameters ``a0``, ``b0`` (default 1, 1: the conventional Beta(1, 1) prior).
    Policy stream: ``L`` beta draws per round in item order, then tie-breaks
    (:mod:`clickbound.sim.ties`; a tie has probability 0).
    """

    kernel_select = _odts_select
    kernel_update = _exposures_update

    def __init__(self, L, K, pol_rng, **params):
        self._setup(L, K, pol_rng)
        self.a0, self.b0 = _prior(params)

    @staticmethod
    def kernel_state(L, K, **params):
        check_LK(L, K)
        a0, b0 = _prior(params)
        return (np.zeros(L), np.zeros(L), np.array([a0, b0]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def select(self, t):
        theta = np.array([self.rng.beta(self.a0 + self.s[e], self.b0 + self.n[e] - self.s[e])
                          for e in range(self.L)])
        return topk_random_ties(theta, self.K, self.rng)
