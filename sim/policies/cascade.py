"""CascadeUCB1 (ALG-CASUCB1; source ``004_d9477b3ebe233f80.txt``, after Kveton et al. 2015).

Index (source 004, ``c_{t,s} = sqrt(1.5 log t / s)``)::

    U_t(e) = ŵ(e) + sqrt(1.5 log t / T(e)),   A_t = the K items of largest U_t (ties random)

Floating point: evaluated as ``ŵ + sqrt((1.5 log t)·(1/T))`` in both paths (the kernel keeps
``ŵ`` and ``1/T`` per item, so a round costs one multiply and one square root per item).

Update: positions up to the first click (all K if no click), ``T(e) += 1``, ``ŵ`` the running mean
of the observed ``c_t(k)``.

Conventions and departures (the policy conventions):

* initialisation: one observation of every item drawn from the environment (Kveton et al.'s
  "observe w_0 ~ P"); source 004's blog code instead starts every item at ``Bernoulli(0.2)`` —
  we follow the paper, so that no index is ever infinite;
* ``t`` is the 1-based round: the blog's ``log(self.t − 1)`` after ``self.t += 1`` from 1 gives
  ``log 1 = 0`` in the first round, as here;
* policy stream: used only by tie-breaks (:mod:`clickbound.sim.ties`), once per round at most.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties


@numba.njit
def _init(state, x0):
    S, T, W, IT = state[0], state[1], state[4], state[5]
    for e in range(S.shape[0]):
        S[e] = x0[e]
        T[e] = 1.0
        W[e] = S[e] / T[e]
        IT[e] = 1.0 / T[e]


@numba.njit(error_model="numpy")  # not cached: numba's cache misses changes in callees elsewhere;
def _select(state, t, rng, A):  # error_model numpy: no zero-division branch (T >= 1): the loop vectorises
    S, T, idx, cand, W, IT = state
    c = 1.5 * math.log(t)
    for e in range(S.shape[0]):  # W = S/T and IT = 1/T kept by update(): no division per item per round
        idx[e] = W[e] + math.sqrt(c * IT[e])
    topk_nb(idx, A.shape[0], rng, A, cand)


@numba.njit
def first_click_update(state, t, A, clicks, depth):
    """Positions ``1 … first click`` (all K if none) each add one observation ``c_t(k)``."""
    S, T, W, IT = state[0], state[1], state[4], state[5]
    for k in range(A.shape[0]):
        e = A[k]
        T[e] += 1.0
        S[e] += clicks[k]
        W[e] = S[e] / T[e]
        IT[e] = 1.0 / T[e]
        if clicks[k] == 1:
            break


@register_policy("CascadeUCB1", models=("cascade", "dcm"))
class CascadeUCB1(Policy):
    """CascadeUCB1, ``U = ŵ + sqrt(1.5 log t / T)`` (ALG-CASUCB1, source 004); see the module docstring."""

    needs_init = True
    kernel_init = _init
    kernel_select = _select
    kernel_update = first_click_update

    def __init__(self, L, K, pol_rng, **params):
        super().__init__(L, K, pol_rng, **params)
        self.S = np.zeros(L)
        self.T = np.zeros(L)

    @staticmethod
    def kernel_state(L, K, **params):
        if params:
            raise ValueError(f"CascadeUCB1 takes no parameters, got {sorted(params)}")
        return (np.zeros(L), np.zeros(L), np.zeros(L), np.zeros(L, dtype=np.int64), np.zeros(L), np.zeros(L))

    def initialise(self, x0):
        self.S[:] = x0
        self.T[:] = 1.0

    def index(self, t):
        # math.log (not np.log) so the scalar matches the kernel bit for bit; sqrt(c · (1/T)) rather
        # than sqrt(c/T) lets the kernel keep 1/T per item and multiply (same float in both paths)
        return self.S / self.T + np.sqrt(1.5 * math.log(t) * (1.0 / self.T))

    def select(self, t):
        return topk_random_ties(self.index(t), self.K, self.rng)

    def update(self, t, A, obs):
        for k, e in enumerate(A):
            self.T[e] += 1.0
            self.S[e] += obs.clicks[k]
            if obs.clicks[k] == 1:
                break
