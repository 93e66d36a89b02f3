"""DBGD with team-draft interleaving and multileave gradient descent on linear rankers (source 003).

Source ``003_f899901a464da92a.txt``: "Dueling bandits" (DBGD, ``img/dbgd.png``; TDI, lines 244-250, 570) and
"MGD — Обобщение предыдущего (2016 год)" (``img/mgd.png``, ``img/mgd_dir.png``).  The algorithms are images in
the source; they are implemented as recalled from Yue & Joachims (2009, Algorithm 1), Radlinski, Kurup &
Joachims (2008, team-draft interleaving) and Schuth et al. (2016, multileave gradient descent with team-draft
multileaving and the mean-winner update).

A ranker is a weight vector ``w`` in the ball of radius ``radius`` of ``ℝ^d``; it ranks item ``e`` by
``x_e · w`` (``features``: an ``L × d`` array, required).  Round ``t``:

1. ``m`` directions ``u_j`` uniform on the unit sphere (``d`` standard normals each, normalised); candidates
   ``w_j = P(w + δ u_j)``;
2. each of the ``m + 1`` rankers (the current ``w`` is ranker 0) takes its top ``K`` (ties random,
   :mod:`clickbound.sim.ties`), in the order ``w, w_1, …, w_m``;
3. team-draft multileaving: while fewer than ``K`` items are shown, a uniformly random order of the rankers is
   drawn (Fisher–Yates with ``m`` uniforms) and each ranker in turn adds its best item not yet shown, to its
   team.  With ``m = 1`` this is team-draft interleaving (a fair coin whenever the teams are equal in size);
4. after the clicks, the candidates whose team got more clicks than ranker 0's win; ``w ← P(w + γ ū)``
   with ``ū`` the mean of the winners' directions (DBGD: ``m = 1``, the one winner's direction).

``DBGD`` is ``m = 1``; ``MGD`` has ``n_candidates`` (default 4).  Parameters ``delta`` (1.0), ``gamma``
(0.1), ``radius`` (10.0).  Policy stream per round: ``m·d`` normals, the tie-breaks of the ``m + 1`` top-K
selections, ``m`` uniforms per multileaving round.

``features`` may be left out when the environment carries item features
(:class:`clickbound.sim.envs_dueling.FeatureCascade`, ``--model dueling``): the engine passes the
environment's own (``env_params``).

**Balanced interleaving** (``DBGD`` with ``interleaving="balanced"``, or the policy ``DBGD-balanced``; Joachims
2002 as recalled, the same rule as :func:`clickbound.lemmas.lecture.interleaving.balanced`): one uniform
``u`` decides whether the current ranker ``A = w`` leads (``u < 1/2``); the two top-K lists are merged
top-down, the ranker that has contributed fewer ranks (the leader on a tie) adding its next item unless it is
already shown.  Credit: with ``d`` the lowest clicked item and ``k = min(rank_A(d), rank_B(d)) + 1`` (a rank
outside a top-K list counts as ``K``), the candidate wins when more clicked items lie in its top ``k`` than
in ``A``'s.  This is the method INTERLEAVE-BALANCED/fair shows unfair under random clicks; EXP-LECT-DBGD
compares DBGD's regret with each method.  Policy stream per round: ``d`` normals, the two top-K tie-breaks,
one uniform.  Multileaving has no balanced form here (MGD rejects the parameter).
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._params import check_LK, check_positive, reject_unknown
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties

MODELS = ("cascade", "dcm", "pbm", "intent")
INTERLEAVING = ("team-draft", "balanced")


def _parse(name, L, K, params, default_m, default_il="team-draft"):
    reject_unknown(name, params, ("features", "delta", "gamma", "radius")
                   + (("n_candidates",) if default_m > 1 else ("interleaving",)))
    if "features" not in params:
        raise ValueError(f"{name} needs item features: policy parameter 'features' (an L x d array), or an "
                         "environment with features (--model dueling)")
    il = params.get("interleaving", default_il)
    if il not in INTERLEAVING:
        raise ValueError(f"interleaving must be one of {INTERLEAVING}, got {il!r}")
    X = np.array(params["features"], dtype=float)
    if X.ndim != 2 or X.shape[0] != L or not np.isfinite(X).all():
        raise ValueError(f"features must be a finite {L} x d array, got shape {X.shape}")
    m = params.get("n_candidates", default_m)
    if isinstance(m, bool) or int(m) != m or m < 1:
        raise ValueError(f"n_candidates must be a positive integer, got {m!r}")
    par = np.array([check_positive("delta", params.get("delta", 1.0)), check_positive("gamma", params.get("gamma", 0.1)),
                    check_positive("radius", params.get("radius", 10.0)), float(int(m)),
                    float(INTERLEAVING.index(il))])
    return X, par


@numba.njit
def _project(w, R):
    s = 0.0
    for k in range(w.shape[0]):
        s += w[k] * w[k]
    nrm = math.sqrt(s)
    if nrm > R:
        f = R / nrm
        for k in range(w.shape[0]):
            w[k] = w[k] * f


@numba.njit(error_model="numpy")  # not cached: calls sim.kernels.topk_nb (sim/README.md)
def _select(state, t, rng, A):
    X, w, U, C, par, rank, team, taken, perm, scores, cand = state
    L, d = X.shape[0], X.shape[1]
    K = A.shape[0]
    delta, R, m = par[0], par[2], int(par[3])
    for j in range(m):
        s = 0.0
        for k in range(d):
            U[j, k] = rng.standard_normal()
            s += U[j, k] * U[j, k]
        nrm = math.sqrt(s)
        for k in range(d):
            U[j, k] = U[j, k] / nrm
    for j in range(m + 1):
        for k in range(d):
            C[j, k] = w[k] if j == 0 else w[k] + delta * U[j - 1, k]
        if j > 0:
            _project(C[j], R)
        for e in range(L):
            sc = 0.0
            for k in range(d):
                sc += X[e, k] * C[j, k]
            scores[e] = sc
        topk_nb(scores, K, rng, rank[j], cand)
    for e in range(L):
        taken[e] = 0
    n = 0
    if par[4] == 1.0:  # balanced interleaving of rank[0] (A, the current ranker) and rank[1] (B)
        a_first = rng.random() < 0.5
        ka, kb = 0, 0
        while n < K:
            if ka < kb or (ka == kb and a_first):
                e = rank[0, ka]
                ka += 1
            else:
                e = rank[1, kb]
                kb += 1
            if taken[e] == 0:
                A[n] = e
                taken[e] = 1
                n += 1
        return
    while n < K:
        for j in range(m + 1):
            perm[j] = j
        for s in range(m):
            r = s + int(rng.random() * (m + 1 - s))
            tmp = perm[s]
            perm[s] = perm[r]
            perm[r] = tmp
        for i in range(m + 1):
            if n >= K:
                break
            j = perm[i]
            for q in range(K):
                e = rank[j, q]
                if taken[e] == 0:
                    A[n] = e
                    team[n] = j
                    taken[e] = 1
                    n += 1
                    break


@numba.njit
def _balanced_candidate_wins(rank, A, clicks):
    K = A.shape[0]
    low = -1
    for k in range(K):
        if clicks[k] != 0:
            low = A[k]
    if low < 0:
        return False
    pa, pb = K, K
    for q in range(K):
        if rank[0, q] == low:
            pa = q
        if rank[1, q] == low:
            pb = q
    top = min(pa, pb) + 1
    ha, hb = 0, 0
    for k in range(K):
        if clicks[k] != 0:
            for q in range(top):
                if rank[0, q] == A[k]:
                    ha += 1
                if rank[1, q] == A[k]:
                    hb += 1
    return hb > ha


@numba.njit
def _update(state, t, A, clicks, depth):
    _X, w, U, _C, par, _rank, team = state[0], state[1], state[2], state[3], state[4], state[5], state[6]
    d = w.shape[0]
    gamma, R, m = par[1], par[2], int(par[3])
    if par[4] == 1.0:
        if _balanced_candidate_wins(_rank, A, clicks):
            for k in range(d):
                w[k] = w[k] + gamma * U[0, k]
            _project(w, R)
        return
    cnt = np.zeros(m + 1)
    for k in range(A.shape[0]):
        if clicks[k] != 0:
            cnt[team[k]] += 1.0
    nwin = 0
    for j in range(1, m + 1):
        if cnt[j] > cnt[0]:
            nwin += 1
    if nwin == 0:
        return
    for k in range(d):
        s = 0.0
        for j in range(1, m + 1):
            if cnt[j] > cnt[0]:
                s += U[j - 1, k]
        w[k] = w[k] + gamma * (s / nwin)
    _project(w, R)


class _GradientDescent(Policy):
    """Reference class (module docstring): the same floating-point operations as the kernel, in order."""

    default_m = 1
    default_il = "team-draft"
    #: parameters the engine fills from the environment when not given (sim.engine.simulate)
    env_params = ("features",)
    kernel_select = _select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        Policy.__init__(self, L, K, pol_rng)
        self.L, self.K = check_LK(L, K)
        self.X, self.par = _parse(self.name, self.L, self.K, params, self.default_m, self.default_il)
        self.m = int(self.par[3])
        self.w = np.zeros(self.X.shape[1])

    @classmethod
    def kernel_state(cls, L, K, **params):
        L, K = check_LK(L, K)
        X, par = _parse(cls.name, L, K, params, cls.default_m, cls.default_il)
        m, d = int(par[3]), X.shape[1]
        return (X, np.zeros(d), np.zeros((m, d)), np.zeros((m + 1, d)), par, np.zeros((m + 1, L), dtype=np.int64),
                np.zeros(K, dtype=np.int64), np.zeros(L, dtype=np.int64), np.zeros(m + 1, dtype=np.int64), np.zeros(L),
                np.zeros(L, dtype=np.int64))

    @staticmethod
    def _proj(w, R):
        s = 0.0
        for x in w:
            s += x * x
        nrm = math.sqrt(s)
        return w * (R / nrm) if nrm > R else w

    def select(self, t):
        d, delta, R = self.X.shape[1], self.par[0], self.par[2]
        U = np.zeros((self.m, d))
        for j in range(self.m):
            for k in range(d):
                U[j, k] = self.rng.standard_normal()
            s = 0.0
            for k in range(d):
                s += U[j, k] * U[j, k]
            U[j] = U[j] / math.sqrt(s)
        ranks = []
        for j in range(self.m + 1):
            c = self.w.copy() if j == 0 else self._proj(self.w + delta * U[j - 1], R)
            scores = np.zeros(self.L)
            for e in range(self.L):
                sc = 0.0
                for k in range(d):
                    sc += self.X[e, k] * c[k]
                scores[e] = sc
            ranks.append(topk_random_ties(scores, self.K, self.rng).tolist())
        self.U, self.ranks = U, ranks
        if self.par[4] == 1.0:
            return np.array(self._balanced(ranks[0], ranks[1], self.rng.random() < 0.5), dtype=np.int64)
        shown, team = [], []
        while len(shown) < self.K:
            perm = list(range(self.m + 1))
            for s in range(self.m):
                r = s + int(self.rng.random() * (self.m + 1 - s))
                perm[s], perm[r] = perm[r], perm[s]
            for j in perm:
                if len(shown) >= self.K:
                    break
                e = next(x for x in ranks[j] if x not in shown)
                shown.append(e)
                team.append(j)
        self.team = team
        return np.array(shown, dtype=np.int64)

    def _balanced(self, A, B, a_first):
        """Balanced interleaving of the top-K lists ``A`` (current) and ``B`` (candidate)."""
        out, ka, kb = [], 0, 0
        while len(out) < self.K:
            if ka < kb or (ka == kb and a_first):
                e, ka = A[ka], ka + 1
            else:
                e, kb = B[kb], kb + 1
            if e not in out:
                out.append(e)
        return out

    def _balanced_winner(self, shown, clicks):
        """+1 if the candidate wins, −1 if the current ranker wins, 0 on a tie or no click."""
        A, B = self.ranks[0], self.ranks[1]
        clicked = [e for e, c in zip(shown, clicks) if c != 0]
        if not clicked:
            return 0
        low = clicked[-1]
        k = min(A.index(low) if low in A else self.K, B.index(low) if low in B else self.K) + 1
        ha = sum(1 for e in clicked if e in A[:k])
        hb = sum(1 for e in clicked if e in B[:k])
        return (hb > ha) - (ha > hb)

    def update(self, t, A, obs):
        if self.par[4] == 1.0:
            if self._balanced_winner(list(A), obs.clicks) > 0:
                w = self.w.copy()
                for k in range(w.size):
                    w[k] = w[k] + self.par[1] * self.U[0, k]
                self.w = self._proj(w, self.par[2])
            return
        cnt = np.zeros(self.m + 1)
        for k in range(self.K):
            if obs.clicks[k] != 0:
                cnt[self.team[k]] += 1.0
        winners = [j for j in range(1, self.m + 1) if cnt[j] > cnt[0]]
        if not winners:
            return
        w = self.w.copy()
        for k in range(w.size):
            s = 0.0
            for j in winners:
                s += self.U[j - 1, k]
            w[k] = w[k] + self.par[1] * (s / len(winners))
        self.w = self._proj(w, self.par[2])


@register_policy("DBGD", models=MODELS)
class DBGD(_GradientDescent):
    """Dueling bandit gradient descent with team-draft interleaving (one candidate per round)."""

    default_m = 1


@register_policy("DBGD-balanced", models=MODELS)
class DBGDBalanced(_GradientDescent):
    """DBGD with balanced interleaving (``DBGD`` with ``interleaving="balanced"``; module docstring)."""

    default_m = 1
    default_il = "balanced"


@register_policy("MGD", models=MODELS)
class MGD(_GradientDescent):
    """Multileave gradient descent with team-draft multileaving and the mean-winner update."""

    default_m = 4
