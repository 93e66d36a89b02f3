"""Radlinski's ranked bandits with Exp3 at every position (ALG-RANKEDEXP3).

Source ``003_f899901a464da92a.txt`` ("Ranked bandits algorithm"; "В статье использовали
Exp3 алгоритм для базовых бандитов"), after Radlinski, Kleinberg and Joachims (ICML 2008)
and Auer et al.'s Exp3 (2002).  One Exp3 instance per position k over the L items:

    p_k(e) = (1 − γ) w_k(e) / Σ_f w_k(f) + γ / L;

position k draws its item from ``p_k``; if that item already sits at a position above,
it is replaced by a uniformly random item not yet shown (the source: "заменяем на
случайный еще не выбранный документ").  Feedback (as ALG-RANKEDKLUCB): the
bandit of position k gets reward ``c_t(k)`` for its own choice, and 0 when its choice
was replaced ("для бандитов, которые выбрали кликнутый (и не случайный) документ —
выдаем reward 1, остальным 0").  Exp3 update of the chosen item only:
``w_k(e) ← w_k(e) · exp(γ x̂ / L)`` with ``x̂ = reward / p_k(e)``.

Weights are kept as logarithms and normalised by their maximum (no overflow).  The
probability vector is computed by one shared numba helper for both paths (same
floating-point operations in the same order); the rest is written twice.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.policies._params import check_LK, reject_unknown
from clickbound.sim.policies.registry import Policy, register_policy


@numba.njit(cache=True)
def exp3_probs(logw, gamma, out):
    """``p = (1 − γ) softmax(logw) + γ/L`` into ``out`` (sequential sums)."""
    L = logw.shape[0]
    m = logw[0]
    for e in range(1, L):
        m = max(m, logw[e])
    tot = 0.0
    for e in range(L):
        out[e] = math.exp(logw[e] - m)
        tot += out[e]
    for e in range(L):
        out[e] = (1.0 - gamma) * out[e] / tot + gamma / L


def _gamma(params):
    reject_unknown("RankedExp3", params, ("gamma",))
    g = float(params.get("gamma", 0.1))
    if not 0.0 < g <= 1.0:
        raise ValueError(f"gamma must lie in (0, 1], got {params.get('gamma')!r}")
    return g


@numba.njit(cache=True)
def _select(state, t, rng, A):
    logw, par, chosen, prob, replaced, p, taken = state
    L = logw.shape[1]
    gamma = par[0]
    for e in range(L):
        taken[e] = 0
    for k in range(A.shape[0]):
        exp3_probs(logw[k], gamma, p)
        u = rng.random()
        e = 0
        acc = p[0]
        while u >= acc and e < L - 1:
            e += 1
            acc += p[e]
        chosen[k] = e
        prob[k] = p[e]
        if taken[e] == 1:
            r = rng.integers(0, L - k)     # the r-th item not yet shown, in id order
            f = -1
            while r >= 0:
                f += 1
                if taken[f] == 0:
                    r -= 1
            e = f
            replaced[k] = 1
        else:
            replaced[k] = 0
        taken[e] = 1
        A[k] = e


@numba.njit(cache=True)
def _update(state, t, A, clicks, depth):
    logw, par, chosen, prob, replaced = state[0], state[1], state[2], state[3], state[4]
    L = logw.shape[1]
    gamma = par[0]
    for k in range(A.shape[0]):
        if replaced[k] == 0 and clicks[k] != 0:
            logw[k, chosen[k]] += gamma * (1.0 / prob[k]) / L


@register_policy("RankedExp3", models=("cascade", "dcm"))
class RankedExp3(Policy):
    r"""Ranked bandits with Exp3 per position (ALG-RANKEDEXP3; source 003).

    See the module docstring for the rule.  Parameter ``gamma`` ∈ (0, 1] (default 0.1;
    Exp3's horizon-tuned ``γ = min(1, sqrt(L log L / ((e − 1) n)))`` needs n, which a
    policy does not know).  Policy stream per round: for each position k in order, one
    uniform (the Exp3 draw, by inverse CDF over items in id order) and, when the draw
    repeats an item above, one ``integers(0, L − k)`` for the replacement.  No ties.
    """

    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = check_LK(L, K)
        self.gamma = _gamma(params)
        self.logw = np.zeros((self.K, self.L))
        self._last = []          # (chosen item, its probability, replaced?) per position

    @staticmethod
    def kernel_state(L, K, **params):
        check_LK(L, K)
        return (np.zeros((K, L)), np.array([_gamma(params)]), np.zeros(K, dtype=np.int64),
                np.zeros(K), np.zeros(K, dtype=np.int64), np.zeros(L), np.zeros(L, dtype=np.int64))

    def select(self, t):
        shown, self._last = [], []
        p = np.zeros(self.L)
        for k in range(self.K):
            exp3_probs(self.logw[k], self.gamma, p)
            u = self.rng.random()
            e, acc = 0, p[0]
            while u >= acc and e < self.L - 1:     # inverse CDF, items in id order
                e += 1
                acc += p[e]
            choice, pk = e, float(p[e])
            replaced = e in shown
            if replaced:
                free = [f for f in range(self.L) if f not in shown]
                e = free[int(self.rng.integers(0, self.L - k))]
            self._last.append((choice, pk, replaced))
            shown.append(e)
        return np.array(shown, dtype=np.int64)

    def update(self, t, A, obs):
        for k, (choice, pk, replaced) in enumerate(self._last):
            if not replaced and obs.clicks[k]:
                self.logw[k, choice] += self.gamma * (1.0 / pk) / self.L
