"""The Gittins index policy for discounted Bernoulli bandits with Beta priors (source 003; K = 1).

Source ``003_f899901a464da92a.txt``, "Варианты решения SMAB" (lines 41-43): for ``λ < 1`` and a Bayesian
model, compute each arm's dynamic allocation (Gittins) index and play the arm of largest index.
Index: :mod:`clickbound.bounds.gittins` — a certified bracket ``[lo, hi] ∋ ν(a0 + s, b0 + f)`` of width
``≤ tol`` for the arm's posterior after ``s`` successes and ``f`` failures; the policy plays the arm of largest bracket
midpoint (ties in the midpoint broken at random, :mod:`clickbound.sim.ties`).  Two arms whose brackets
overlap without being equal are within ``tol`` of each other; the choice between them is then the
midpoint order (a departure from the exact index of at most ``tol``).

Parameters ``lam`` (discount, default 0.9), ``a0``, ``b0`` (prior, default Beta(1, 1)), ``tol`` (bracket
width, default 1e-7).  An arm's index is recomputed (about a quarter of a millisecond at λ = 0.9) only
when its counts change.  The kernel keeps the midpoints it has computed for ``s, f < MEMO`` in a table
shared by every kernel state with the same ``(lam, a0, b0, tol)`` (:func:`_memo`): the bracket is a
deterministic function of ``(a0 + s, b0 + f)``, so a table entry is bitwise the value a recomputation would
give (tested); it only saves the work when many short runs (the Bayesian experiment's instances) visit the
same counts.  Policy stream: tie-breaks only.
"""
from __future__ import annotations

from functools import lru_cache

import numba
import numpy as np

from clickbound.bounds.gittins import SLACK_PER_LEVEL, depth_for, index_bracket_nb
from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._params import beta_prior, reject_unknown
from clickbound.sim.policies.registry import register_policy
from clickbound.sim.policies.single_arm import MODELS, _check_single, _SingleArm
from clickbound.sim.ties import topk_random_ties

_ALLOWED = ("lam", "a0", "b0", "tol")
#: counts s, f < MEMO have their index midpoint kept in the shared table (MEMO² floats = 2 MB)
MEMO = 512


def _params(params) -> np.ndarray:
    """``[lam, a0, b0, tol, D, slack]`` for :func:`clickbound.bounds.gittins.index_bracket_nb`."""
    reject_unknown("Gittins", params, _ALLOWED)
    lam = float(params.get("lam", 0.9))
    if not 0.0 < lam < 1.0:
        raise ValueError(f"lam must lie in (0, 1), got {params.get('lam')!r}")
    a0, b0 = beta_prior(params)
    tol = float(params.get("tol", 1e-7))
    D = depth_for(lam, tol)
    return np.array([lam, a0, b0, tol, float(D), SLACK_PER_LEVEL * 4 * D / (1.0 - lam)])


@lru_cache(maxsize=8)
def _memo(lam: float, a0: float, b0: float, tol: float) -> np.ndarray:
    """The table of index midpoints shared by kernel states with these parameters (NaN: not computed yet)."""
    return np.full((MEMO, MEMO), np.nan)


@numba.njit
def _select(state, t, rng, A):
    n, s, par, idx, dirty, cand, memo = state
    for e in range(n.shape[0]):
        if dirty[e] == 1:
            si, fi = int(s[e]), int(n[e] - s[e])
            if si < memo.shape[0] and fi < memo.shape[1] and not np.isnan(memo[si, fi]):
                idx[e] = memo[si, fi]
            else:
                lo, hi = index_bracket_nb(par[1] + s[e], par[2] + n[e] - s[e], par[0], par[3], int(par[4]), par[5])
                idx[e] = 0.5 * (lo + hi)
                if si < memo.shape[0] and fi < memo.shape[1]:
                    memo[si, fi] = idx[e]
            dirty[e] = 0
    topk_nb(idx, 1, rng, A, cand)


@numba.njit
def _update(state, t, A, clicks, depth):
    n, s, dirty = state[0], state[1], state[4]
    n[A[0]] += 1.0
    s[A[0]] += clicks[0]
    dirty[A[0]] = 1


@register_policy("Gittins", models=MODELS)
class Gittins(_SingleArm):
    r"""Gittins index policy (source 003, lines 41-43); see the module docstring.

    Index of arm ``a`` after ``s`` successes in ``T`` pulls: the midpoint of the certified bracket
    of ``ν(a0 + s, b0 + T − s)`` at discount ``λ``.
    """

    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        self._setup(L, K, pol_rng)
        self.par = _params(params)

    @staticmethod
    def kernel_state(L, K, **params):
        _check_single(L, K)
        par = _params(params)
        return (np.zeros(L), np.zeros(L), par, np.zeros(L), np.ones(L, dtype=np.int64),
                np.zeros(L, dtype=np.int64), _memo(*(float(x) for x in par[:4])))

    def index(self):
        lam, a0, b0, tol, D, slack = self.par
        out = np.empty(self.L)
        for e in range(self.L):
            lo, hi = index_bracket_nb(a0 + self.s[e], b0 + self.n[e] - self.s[e], lam, tol, int(D), slack)
            out[e] = 0.5 * (lo + hi)
        return out

    def select(self, t):
        return topk_random_ties(self.index(), 1, self.rng)
