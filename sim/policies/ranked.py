"""RankedKL-UCB: Radlinski-style ranked bandits with one KL-UCB per position (ALG-RANKEDKLUCB).

Sources: ``000_0b27131c69d8f24c.txt`` (実験2, "各場所に対し独立に普通のKL-UCBを適用": the
stored triples are (position, item, click)), ``003_f899901a464da92a.txt`` (Radlinski et al.
2008, ranked bandits).

Position ``k`` runs its own KL-UCB over all ``L`` items with statistics ``T_k(e)``, ``ŵ_k(e)``
and index ``U_{t,k}(e) = max{q : T_k(e) D_KL(ŵ_k(e)‖q) ≤ log t + 3 log log t}``.

* **select**: for ``k = 1 … K`` in order, position ``k`` ranks the items by its own index
  (ties random, :mod:`clickbound.sim.ties`, top ``k`` items drawn) and proposes its best item ``b̂_k``.
  **Duplicates replaced**: if ``b̂_k`` is already shown higher up, position ``k`` shows the best
  item *by its own index* not yet in the list (Radlinski's "arbitrary unselected document",
  made deterministic up to the same random tie-break).
* **update** (Radlinski's RBA rule): bandit ``k`` records one observation of its *proposed*
  item ``b̂_k`` with reward ``c_t(k)`` if ``b̂_k`` was shown at ``k``, and reward 0 if it was
  replaced.  Every position's bandit is updated every round.
* **initialisation** (the policy conventions): the one observation per item ``x0`` seeds every position's
  bandit (one draw per item, at the top position, shared by the K bandits).
* policy stream: only the tie-breaks of positions 1, …, K in that order.
* parameter ``lazy`` (default True): each position's top ``k`` is computed by the lazy KL-UCB
  top-K for ordered lists (:func:`clickbound.sim.policies._lazy.lazy_topk_ordered`) — the same list
  and draws, about one index evaluation per position per round instead of L (EXP-DCM-3c, L = 20,
  K = 10: 10 per round instead of 200; 37 with :func:`~clickbound.sim.policies._lazy.lazy_topk`,
  which an earlier version of this kernel used: the lists are bitwise the same,
  ``tests/sim/test_kernel_pins.py``).  The reference class is always eager.
"""
from __future__ import annotations

import numba
import numpy as np

from clickbound.bounds.kl import klucb_index, klucb_index_scalar, klucb_threshold
from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._lazy import (
    CAND,
    HZ,
    N_EVAL,
    OBS,
    SUM,
    VAL,
    lazy_state,
    lazy_topk_ordered,
)
from clickbound.sim.policies.dcm import _check_lazy
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties


@numba.njit
def _init(state, x0):
    F = state[0]
    for k in range(F.shape[0]):
        for e in range(F.shape[2]):
            F[k, SUM, e] = x0[e]
            F[k, OBS, e] = 1.0


@numba.njit(error_model="numpy")  # not cached: numba's cache misses changes in callees from other modules
def _select(state, t, rng, A):
    F, I, stats, gc, prop, order, cfg = state
    K, L = F.shape[0], F.shape[2]
    g_t = klucb_threshold(float(t))  # what klucb_index_scalar computes for every item: hoisted, the same float
    for k in range(K):
        if cfg[0] == 1:  # lazy: same list and draws as the eager loop below (sim.policies._lazy)
            lazy_topk_ordered(t, g_t, k + 1, rng, order, F[k], I[k], stats, gc)
        else:
            for e in range(L):
                F[k, VAL, e] = klucb_index_scalar(F[k, SUM, e] / F[k, OBS, e], F[k, OBS, e], float(t))
            stats[N_EVAL] += L
            topk_nb(F[k, VAL], k + 1, rng, order, I[k, CAND])
        prop[k] = order[0]
        for j in range(k + 1):  # the best of the top k+1 not already shown (exists: k items shown)
            e = order[j]
            dup = False
            for i in range(k):
                if A[i] == e:
                    dup = True
            if not dup:
                A[k] = e
                break


@numba.njit
def _update(state, t, A, clicks, depth):
    F, I, prop = state[0], state[1], state[4]
    for k in range(A.shape[0]):
        b = prop[k]
        F[k, OBS, b] += 1.0
        I[k, HZ, b] = 0  # cached index bounds of (position k, item b) are stale
        if A[k] == b:
            F[k, SUM, b] += clicks[k]


@register_policy("RankedKL-UCB", models=("dcm", "cascade", "pbm"))
class RankedKLUCB(Policy):
    """One KL-UCB per position, duplicates replaced (ALG-RANKEDKLUCB); see the module docstring."""

    needs_init = True
    kernel_init = _init
    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, lazy: bool = True):
        # the reference is always eager; ``lazy`` only changes how the kernel computes the same list
        super().__init__(L, K, pol_rng)
        _check_lazy(lazy)
        self.S = np.zeros((K, L))
        self.T = np.zeros((K, L))
        self.proposed = np.zeros(K, dtype=np.int64)

    @staticmethod
    def kernel_state(L, K, lazy: bool = True):
        """One :func:`clickbound.sim.policies._lazy.lazy_state` per position (``F[k]`` holds position k's
        statistics in rows ``SUM``, ``OBS`` and its brackets; ``I[k]``; shared counters and grid
        cache), then proposals, order, ``[lazy]``."""
        _check_lazy(lazy)
        return lazy_state(L, copies=K) + (np.zeros(K, dtype=np.int64), np.zeros(K, dtype=np.int64),
                                          np.array([int(lazy)], dtype=np.int64))

    def initialise(self, x0):
        self.S[:] = x0
        self.T[:] = 1.0

    def select(self, t):
        A = []
        for k in range(self.K):
            idx = klucb_index(self.S[k] / self.T[k], self.T[k], float(t))
            order = topk_random_ties(idx, k + 1, self.rng)
            self.proposed[k] = order[0]
            A.append(next(int(e) for e in order if e not in A))
        return np.array(A, dtype=np.int64)

    def update(self, t, A, obs):
        for k in range(self.K):
            b = self.proposed[k]
            self.T[k, b] += 1.0
            if A[k] == b:
                self.S[k, b] += obs.clicks[k]
