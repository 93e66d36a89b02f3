"""KL-UCB on lists: dcmKL-UCB, CascadeKL-UCB, First-click, Last-click (source ``000_0b27131c69d8f24c.txt``).

All four keep, per item, ``T(e)`` observations and ``ŵ(e)`` their mean, start with one
observation of every item drawn from the environment (dcmKL-UCB's "Observe w_0 ~ P_w";
not a round, no regret), and at round ``t`` show the K items of largest KL-UCB index::

    U_t(e) = max{ q ∈ [ŵ(e), 1] : T(e) · D_KL(ŵ(e) ‖ q) ≤ log t + 3 log log t }

(``bounds.kl.klucb_index_scalar``; ``log t`` alone for t < 3, the policy conventions), ties uniformly at
random (:mod:`clickbound.sim.ties`; the policy stream is used by tie-breaks only).  By DCM-ORDER,
``argmax_A f(A, U_t, ṽ)`` for any non-increasing ``ṽ`` is this top-K sorted by ``U_t``, so the
policy never needs ``ṽ``.  They differ only in which positions count as observed (source 000,
実験2, with ``A_t = (1,2,3,4)``, ``c_t = (0,1,1,0)``):

================ ============ ======================================================= =================
name             claim ID     observed (item, click) pairs                            example
================ ============ ======================================================= =================
dcmKL-UCB        ALG-DCMKLUCB positions ``1 … min(C_last, K)`` with ``c_t(k)``          (1,0),(2,1),(3,1)
CascadeKL-UCB    ALG-CASKLUCB positions up to the first click (all K if none)          (1,0),(2,1)
First-click      ALG-FIRSTCLICK same rule as CascadeKL-UCB, fed DCM clicks              (1,0),(2,1)
Last-click       ALG-LASTCLICK positions up to the last click, earlier clicks as 0     (1,0),(2,0),(3,1)
================ ============ ======================================================= =================

With no click, all K positions are observed with ``c = 0`` (``C_last = +∞``).

Parameter ``lazy`` (default True): the kernel evaluates indices lazily
(:mod:`clickbound.sim.policies._lazy`) and still returns exactly the eager list; ``lazy=False`` computes
one index per item per round (the benchmark's baseline).  The reference class is always eager.
"""
from __future__ import annotations

import numba
import numpy as np

from clickbound.bounds.kl import klucb_index, klucb_index_level_c, klucb_threshold
from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._lazy import CAND, HZ, N_EVAL, OBS, STATE_STATS, SUM, VAL, lazy_state, lazy_topk
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties

#: update rules (state[RULE]); lazy or eager index evaluation is the choice of select kernel (kernel_functions)
FIRST, DCM_ALL, LAST = 0, 1, 2
#: position of ``[rule]`` in the kernel state, after the four arrays of :func:`clickbound.sim.policies._lazy.lazy_state`
RULE = 4


@numba.njit
def _init(state, x0):
    F = state[0]
    for e in range(F.shape[1]):
        F[SUM, e] = x0[e]
        F[OBS, e] = 1.0


@numba.njit(error_model="numpy")  # not cached: numba's cache misses changes in callees from other modules
def _select_lazy(state, t, rng, A):
    """Lazy index evaluation (:mod:`clickbound.sim.policies._lazy`): exactly the eager list and draws."""
    F, I, stats, gc, _ = state
    lazy_topk(t, A.shape[0], rng, A, F, I, stats, gc)


@numba.njit(error_model="numpy")
def _select(state, t, rng, A):
    """Eager: one index per item per round (``lazy=False``, the benchmark's baseline)."""
    F, I, stats = state[0], state[1], state[STATE_STATS]
    L = F.shape[1]
    g = klucb_threshold(float(t))  # hoisted: klucb_index_scalar(w, T, t) == klucb_index_level(w, g/T)
    for e in range(L):
        F[VAL, e] = klucb_index_level_c(F[SUM, e] / F[OBS, e], g / F[OBS, e])
    stats[N_EVAL] += L
    topk_nb(F[VAL], A.shape[0], rng, A, I[CAND])


@numba.njit
def _update(state, t, A, clicks, depth):
    F, I, rule = state[0], state[1], state[RULE][0]
    K = A.shape[0]
    last = -1
    for k in range(K):
        if clicks[k] == 1:
            last = k
            if rule == FIRST:
                break
    stop = K - 1 if last < 0 else last
    for k in range(stop + 1):
        e = A[k]
        F[OBS, e] += 1.0
        I[HZ, e] = 0  # cached index bounds are stale
        if rule == LAST:
            F[SUM, e] += 1.0 if k == last else 0.0
        else:
            F[SUM, e] += clicks[k]


def observed_prefix(clicks, rule: int) -> tuple[int, np.ndarray]:
    """``(m, c)``: the first ``m`` positions are observed with clicks ``c`` (readable rule)."""
    clicks = np.asarray(clicks)
    K = clicks.size
    hits = np.flatnonzero(clicks == 1)
    if hits.size == 0:
        return K, np.zeros(K)
    if rule == FIRST:
        return int(hits[0]) + 1, clicks[: hits[0] + 1].astype(float)
    last = int(hits[-1])
    if rule == DCM_ALL:
        return last + 1, clicks[: last + 1].astype(float)
    c = np.zeros(last + 1)
    c[last] = 1.0
    return last + 1, c


def _check_lazy(lazy):
    if not isinstance(lazy, (bool, np.bool_)):
        raise ValueError(f"lazy must be True or False, got {lazy!r}")


class _KLUCBList(Policy):
    rule = DCM_ALL
    needs_init = True
    kernel_init = _init
    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, lazy: bool = True):
        # the reference is always eager; ``lazy`` only changes how the kernel computes the same list
        super().__init__(L, K, pol_rng)
        _check_lazy(lazy)
        self.S = np.zeros(L)
        self.T = np.zeros(L)

    @classmethod
    def kernel_functions(cls, lazy: bool = True):
        # two select functions rather than a branch: each kernel compiles only its own path
        # (measured faster for the lazy one, whose code generation is sensitive; see sim.policies._lazy)
        return cls.kernel_init, (_select_lazy if lazy else _select), cls.kernel_update

    @classmethod
    def kernel_state(cls, L, K, lazy: bool = True):
        """State: :func:`clickbound.sim.policies._lazy.lazy_state` (``F`` with the statistics in rows ``SUM``,
        ``OBS`` and the brackets; ``I``; [#index evaluations, …]; grid cache), then ``[rule]``.

        Five arrays, not eleven: every array costs per call (:mod:`clickbound.sim.policies._lazy`, Numba notes).
        """
        _check_lazy(lazy)
        return lazy_state(L) + (np.array([cls.rule], dtype=np.int64),)

    def initialise(self, x0):
        self.S[:] = x0
        self.T[:] = 1.0

    def index(self, t):
        return klucb_index(self.S / self.T, self.T, float(t))

    def select(self, t):
        return topk_random_ties(self.index(t), self.K, self.rng)

    def update(self, t, A, obs):
        m, c = observed_prefix(obs.clicks, self.rule)
        self.T[A[:m]] += 1.0
        self.S[A[:m]] += c


@register_policy("dcmKL-UCB", models=("dcm", "cascade"))
class DcmKLUCB(_KLUCBList):
    """dcmKL-UCB (ALG-DCMKLUCB, source 000 Algorithm 1): update positions ``1 … min(C_last, K)``."""

    rule = DCM_ALL


@register_policy("CascadeKL-UCB", models=("cascade", "dcm"))
class CascadeKLUCB(_KLUCBList):
    """CascadeKL-UCB (ALG-CASKLUCB, sources 000, 003; Kveton et al. 2015): positions up to the first click."""

    rule = FIRST


@register_policy("First-click", models=("dcm", "cascade"))
class FirstClick(_KLUCBList):
    """dcmKL-UCB fed the first click only (ALG-FIRSTCLICK, source 000 実験2): same rule as CascadeKL-UCB."""

    rule = FIRST


@register_policy("Last-click", models=("dcm", "cascade"))
class LastClick(_KLUCBList):
    """dcmKL-UCB fed the last click only (ALG-LASTCLICK, source 000 実験2): earlier clicks count as 0."""

    rule = LAST
