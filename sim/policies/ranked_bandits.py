"""Radlinski's ranked bandits algorithm with any base bandit (source 003; Radlinski, Kleinberg & Joachims 2008).

Source ``003_f899901a464da92a.txt``, "Сведения задачи к MAB/SMAB" (lines 112-126) and "Ranked bandits
algorithm" (lines 437-447): one bandit ``MAB_i`` per position ``i = 1 … k`` over all documents;

1. ``MAB_i`` proposes a document;
2. "если документ встречается на a_t[1], …, a_t[i-1], то заменяем его на случайный еще не выбранный
   документ" (replacement, ``replace="random"``, the default);
3. the list is shown; ``MAB_i`` gets reward 1 iff the user clicked position ``i`` and the document there
   is its own (not a replacement), else 0 ("для бандитов, которые выбрали кликнутый (и не случайный)
   документ — выдаем reward 1, остальным 0").

The base bandit is a parameter of one policy, registered once per base (``needs_init`` is a class
property of a policy, so the KL-UCB instance is its own class):

============== ======================================================================== ==========
name           base bandit at every position (index over the L documents)               parameters
============== ======================================================================== ==========
RBA-UCB1       ``S/N + sqrt(α log t / (2N))``, +∞ at N = 0 (as ALG-UCB1)                  ``alpha`` (2)
RBA-KL-UCB     KL-UCB index, one initial observation per document (as ALG-RANKEDKLUCB)   —
RBA-TS         ``Beta(a0 + S, b0 + N − S)`` draws, documents in id order (as ALG-TS)       ``a0, b0`` (1, 1)
RBA-eps-greedy coin ``u < ε``: ``integers(0, L)``; else arg max ``S/N`` (+∞ at N = 0)     ``eps`` (0.1)
RBA-Exp3       Exp3 draw by inverse CDF, ``p = (1 − γ) softmax + γ/L`` (as ALG-RANKEDEXP3) ``gamma`` (0.1)
============== ======================================================================== ==========

``replace="next-best"`` (UCB1, KL-UCB, TS only) replaces a duplicate by the best document *by the
position's own index* not yet shown (top ``k`` of the index, ties random) — the rule of the existing
``RankedKL-UCB`` (:mod:`clickbound.sim.policies.ranked`).  The two existing policies are instances:
``RBA-KL-UCB`` with ``replace="next-best"`` makes exactly ``RankedKL-UCB``'s lists and ``RBA-Exp3`` with
the default makes exactly ``RankedExp3``'s (same draws; ``tests/sim/test_policies_ranked_bandits.py``).

Update (every position, every round): the proposal ``b`` of position ``k`` gets one observation
(``N[k, b] += 1``) with reward ``c_t(k)`` if it was shown at ``k``, else 0; Exp3 adds
``γ · (reward / p) / L`` to the log-weight of its proposal.  Policy stream per round, positions in
order: the base's draws (TS: L beta draws; ε-greedy: the coin, then ``integers(0, L)`` when exploring;
Exp3: one uniform), the tie-breaks of :mod:`clickbound.sim.ties` (index bases and greedy ε-steps), then
one ``integers(0, L − k)`` when the proposal must be replaced at random (the ``r``-th unshown document in
id order).
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.bounds.kl import klucb_index, klucb_index_scalar
from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._params import beta_prior, check_LK, check_positive, reject_unknown
from clickbound.sim.policies.exp3 import exp3_probs
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties

UCB1, KLUCB, TS, EGREEDY, EXP3 = 0, 1, 2, 3, 4
BASES = {"UCB1": UCB1, "KL-UCB": KLUCB, "TS": TS, "eps-greedy": EGREEDY, "Exp3": EXP3}
REPLACE = {"random": 0, "next-best": 1}
MODELS = ("cascade", "dcm", "pbm", "intent")
_ALLOWED = {UCB1: ("alpha",), KLUCB: (), TS: ("a0", "b0"), EGREEDY: ("eps",), EXP3: ("gamma",)}


def parse_params(name: str, base: int, params: dict) -> np.ndarray:
    """``[base, replace, p1, p2]`` (the kernel's ``par``) from the policy parameters; ``ValueError`` if bad."""
    reject_unknown(name, params, _ALLOWED[base] + ("replace",))
    rep = params.get("replace", "random")
    if rep not in REPLACE:
        raise ValueError(f"replace must be one of {sorted(REPLACE)}, got {rep!r}")
    if rep == "next-best" and base not in (UCB1, KLUCB, TS):
        raise ValueError(f"{name}: replace='next-best' needs an index base (UCB1, KL-UCB, TS)")
    p1 = p2 = 0.0
    if base == UCB1:
        p1 = check_positive("alpha", params.get("alpha", 2.0))
    elif base == TS:
        p1, p2 = beta_prior(params)
    elif base == EGREEDY:
        p1 = float(params.get("eps", 0.1))
        if not 0.0 <= p1 <= 1.0:
            raise ValueError(f"eps must lie in [0, 1], got {params.get('eps')!r}")
    elif base == EXP3:
        p1 = float(params.get("gamma", 0.1))
        if not 0.0 < p1 <= 1.0:
            raise ValueError(f"gamma must lie in (0, 1], got {params.get('gamma')!r}")
    return np.array([float(base), float(REPLACE[rep]), p1, p2])


# ----------------------------------------------------------------------------- kernel
@numba.njit
def _init(state, x0):
    S, N = state[0], state[1]
    for k in range(S.shape[0]):
        for e in range(S.shape[1]):
            S[k, e] = x0[e]
            N[k, e] = 1.0


@numba.njit(error_model="numpy")  # not cached: calls jitted helpers of other modules (sim/README.md)
def _select(state, t, rng, A):
    S, N, logw, par, prop, prob, repl, idx, order, cand, taken, p = state
    K, L = S.shape[0], S.shape[1]
    base, mode = int(par[0]), int(par[1])
    for e in range(L):
        taken[e] = 0
    for k in range(K):
        m = k + 1 if mode == 1 else 1
        ranked = True
        if base == EXP3:
            exp3_probs(logw[k], par[2], p)
            u = rng.random()
            e = 0
            acc = p[0]
            while u >= acc and e < L - 1:
                e += 1
                acc += p[e]
            order[0] = e
            prob[k] = p[e]
            ranked = False
        elif base == EGREEDY and rng.random() < par[2]:
            order[0] = rng.integers(0, L)
            ranked = False
        else:
            if base == UCB1:
                lt = math.log(t)
                for e in range(L):
                    if N[k, e] == 0.0:
                        idx[e] = math.inf
                    else:
                        idx[e] = S[k, e] / N[k, e] + math.sqrt(par[2] * lt / (2.0 * N[k, e]))
            elif base == KLUCB:
                for e in range(L):
                    idx[e] = klucb_index_scalar(S[k, e] / N[k, e], N[k, e], float(t))
            elif base == TS:
                for e in range(L):
                    idx[e] = rng.beta(par[2] + S[k, e], par[3] + N[k, e] - S[k, e])
            else:  # greedy step of eps-greedy
                for e in range(L):
                    idx[e] = math.inf if N[k, e] == 0.0 else S[k, e] / N[k, e]
            topk_nb(idx, m, rng, order, cand)
        b = order[0]
        prop[k] = b
        if taken[b] == 0:
            A[k] = b
            repl[k] = 0
        elif mode == 1 and ranked:
            for j in range(1, k + 1):  # the best of the top k+1 not shown above (k items are shown)
                if taken[order[j]] == 0:
                    A[k] = order[j]
                    break
            repl[k] = 1
        else:
            r = rng.integers(0, L - k)  # the r-th document not yet shown, in id order
            f = -1
            while r >= 0:
                f += 1
                if taken[f] == 0:
                    r -= 1
            A[k] = f
            repl[k] = 1
        taken[A[k]] = 1


@numba.njit
def _update(state, t, A, clicks, depth):
    S, N, logw, par, prop, prob, repl = state[0], state[1], state[2], state[3], state[4], state[5], state[6]
    L = S.shape[1]
    for k in range(A.shape[0]):
        b = prop[k]
        N[k, b] += 1.0
        if repl[k] == 0:
            S[k, b] += clicks[k]
            if int(par[0]) == EXP3 and clicks[k] != 0:
                logw[k, b] += par[2] * (1.0 / prob[k]) / L


# ----------------------------------------------------------------------------- reference
class _RankedBandits(Policy):
    """Reference class of the ranked bandits algorithm; see the module docstring."""

    base = -1
    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = check_LK(L, K)
        self.par = parse_params(self.name, self.base, params)
        self.mode = int(self.par[1])
        self.S = np.zeros((self.K, self.L))
        self.N = np.zeros((self.K, self.L))
        self.logw = np.zeros((self.K, self.L))
        self.proposed = np.zeros(self.K, dtype=np.int64)
        self.prob = np.zeros(self.K)
        self.replaced = np.zeros(self.K, dtype=np.int64)

    @classmethod
    def kernel_state(cls, L, K, **params):
        L, K = check_LK(L, K)
        par = parse_params(cls.name, cls.base, params)
        return (np.zeros((K, L)), np.zeros((K, L)), np.zeros((K, L)), par, np.zeros(K, dtype=np.int64),
                np.zeros(K), np.zeros(K, dtype=np.int64), np.zeros(L), np.zeros(L, dtype=np.int64),
                np.zeros(L, dtype=np.int64), np.zeros(L, dtype=np.int64), np.zeros(L))

    @property
    def T(self) -> np.ndarray:
        """``N`` under the name the per-position records use (``RankedKL-UCB.T``; tests/lemmas/support/test_feedback_rules.py)."""
        return self.N

    def initialise(self, x0):
        self.S[:] = np.asarray(x0, dtype=float)
        self.N[:] = 1.0

    def _index(self, k, t):
        S, N = self.S[k], self.N[k]
        if self.base == UCB1:
            lt = math.log(t)
            with np.errstate(divide="ignore", invalid="ignore"):
                out = S / N + np.sqrt(self.par[2] * lt / (2.0 * N))
            return np.where(N > 0, out, np.inf)
        if self.base == KLUCB:
            return klucb_index(S / N, N, float(t))
        if self.base == TS:
            return np.array([self.rng.beta(self.par[2] + S[e], self.par[3] + N[e] - S[e]) for e in range(self.L)])
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(N > 0, S / N, np.inf)

    def select(self, t):
        shown: list[int] = []
        p = np.zeros(self.L)
        for k in range(self.K):
            ranked = True
            if self.base == EXP3:
                exp3_probs(self.logw[k], self.par[2], p)
                u = self.rng.random()
                e, acc = 0, p[0]
                while u >= acc and e < self.L - 1:
                    e += 1
                    acc += p[e]
                order = [e]
                self.prob[k] = p[e]
                ranked = False
            elif self.base == EGREEDY and self.rng.random() < self.par[2]:
                order = [int(self.rng.integers(0, self.L))]
                ranked = False
            else:
                order = topk_random_ties(self._index(k, t), k + 1 if self.mode == 1 else 1, self.rng).tolist()
            b = int(order[0])
            self.proposed[k] = b
            self.replaced[k] = int(b in shown)
            if b not in shown:
                shown.append(b)
            elif self.mode == 1 and ranked:
                shown.append(next(int(e) for e in order if e not in shown))
            else:
                free = [f for f in range(self.L) if f not in shown]
                shown.append(free[int(self.rng.integers(0, self.L - k))])
        return np.array(shown, dtype=np.int64)

    def update(self, t, A, obs):
        for k in range(self.K):
            b = self.proposed[k]
            self.N[k, b] += 1.0
            if not self.replaced[k]:
                self.S[k, b] += obs.clicks[k]
                if self.base == EXP3 and obs.clicks[k]:
                    self.logw[k, b] += self.par[2] * (1.0 / self.prob[k]) / self.L


@register_policy("RBA-UCB1", models=MODELS)
class RankedUCB1(_RankedBandits):
    """Ranked bandits with UCB1 at every position (parameter ``alpha``, default 2); module docstring."""

    base = UCB1


@register_policy("RBA-KL-UCB", models=MODELS)
class RankedKLUCBGeneric(_RankedBandits):
    """Ranked bandits with KL-UCB at every position (one initial observation per document, the policy conventions)."""

    base = KLUCB
    needs_init = True
    kernel_init = _init


@register_policy("RBA-TS", models=MODELS)
class RankedTS(_RankedBandits):
    """Ranked bandits with Bernoulli Thompson sampling at every position (prior Beta(a0, b0), default (1, 1))."""

    base = TS


@register_policy("RBA-eps-greedy", models=MODELS)
class RankedEpsGreedy(_RankedBandits):
    """Ranked bandits with ε-greedy at every position (parameter ``eps``, default 0.1)."""

    base = EGREEDY


@register_policy("RBA-Exp3", models=MODELS)
class RankedExp3Generic(_RankedBandits):
    """Ranked bandits with Exp3 at every position (parameter ``gamma``, default 0.1), Radlinski's choice."""

    base = EXP3
