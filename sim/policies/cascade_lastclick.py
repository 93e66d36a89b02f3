"""Cascade-UCB with the last-click heuristic (ALG-CASLASTCLICK).

Source ``001_eb740855b56fcd8b.txt`` §6.4 b): "Cascade-UCB (last-click heuristic)：
最後のクリック位置までを露出範囲として更新する単純ベースライン" — positions up to the
last click count as exposed.  With no click at all every shown position counts as
exposed (the cascade convention of source ``003_f899901a464da92a.txt``: "Если
пользователь не кликнул ни на один документ, то берем все документы").  Inside the
exposed range every click is credited (unlike ALG-LASTCLICK, which zeroes the earlier
clicks).  It sees clicks only, never the depth, so it runs on every model.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb, ucb_index, ucb_index_nb
from clickbound.sim.policies._params import check_LK, ucb_alpha
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties


def exposed_range(clicks) -> int:
    """Number of leading positions treated as exposed: the last click (1-based), or K if none."""
    idx = np.flatnonzero(np.asarray(clicks))
    return int(idx[-1]) + 1 if idx.size else len(clicks)


def _alpha(params):
    return ucb_alpha("CascadeUCB-last-click", params)


@numba.njit
def _select(state, t, rng, A):
    T, C, par, idx, cand = state
    ucb_index_nb(C, T, par[0] * math.log(t), idx)
    topk_nb(idx, A.shape[0], rng, A, cand)


@numba.njit
def _update(state, t, A, clicks, depth):
    T, C = state[0], state[1]
    K = A.shape[0]
    last = K
    for j in range(K - 1, -1, -1):
        if clicks[j] != 0:
            last = j + 1
            break
    for j in range(last):
        T[A[j]] += 1.0
        C[A[j]] += clicks[j]


@register_policy("CascadeUCB-last-click", models=("cascade", "dcm", "pbm", "depth"))
class CascadeUCBLastClick(Policy):
    r"""Cascade-UCB, last-click heuristic (ALG-CASLASTCLICK; source 001 §6.4).

    Index: the UCB form source 001 uses for its UCB-type methods, with its experimental
    α = 0.5 (source 001 §6.3: "UCB 系アルゴリズムの信頼半径の係数は α = 0.5")::

        U_i(t) = ŵ_i + sqrt(α log t / T_i),   +∞ if T_i = 0 (the policy conventions),

    ``T_i`` the exposures (positions up to the last click), ``ŵ_i`` the click rate over
    them.  Parameter ``alpha`` (default 0.5; CascadeUCB1 of source 004 uses 1.5).
    Policy stream: tie-breaks only (:mod:`clickbound.sim.ties`).
    """

    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = check_LK(L, K)
        self.alpha = _alpha(params)
        self.T = np.zeros(self.L)
        self.C = np.zeros(self.L)

    @staticmethod
    def kernel_state(L, K, **params):
        check_LK(L, K)
        return (np.zeros(L), np.zeros(L), np.array([_alpha(params)]), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    def index(self, t):
        return ucb_index(self.C, self.T, self.alpha * math.log(t))

    def select(self, t):
        return topk_random_ties(self.index(t), self.K, self.rng)

    def update(self, t, A, obs):
        for j in range(exposed_range(obs.clicks)):
            e = int(A[j])
            self.T[e] += 1.0
            self.C[e] += float(obs.clicks[j])
