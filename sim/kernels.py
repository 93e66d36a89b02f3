"""Numba twins of the environments and of the tie rule, and the one compiled engine loop.

* :func:`env_round` draws one round exactly as :meth:`clickbound.sim.envs.*.observe` does (same uniforms,
  same order; see :mod:`clickbound.sim.envs`), writes the clicks and returns ``(depth, realised reward)``
  (depth ``-1`` when the model has none).
* :func:`expected_reward_nb` is the closed form with the same floating-point operations, in the
  same order, as :mod:`clickbound.bounds.click` (so the two paths' regrets agree bit for bit).
* :func:`topk_nb` is :func:`clickbound.sim.ties.topk_random_ties` compiled (same draws).
* :func:`run_replication` is the engine: it calls a policy's three jitted functions
  ``init(state, x0)``, ``select(state, t, pol_rng, A_out)``, ``update(state, t, A, clicks, depth)``
  (numba specialises the loop for each policy, the calls are direct) and records cumulative
  pseudo-regret at the checkpoints, realised reward, per-item display counts and, optionally,
  the chosen lists (``trace``) for the agreement tests.
"""
from __future__ import annotations

import math

import numba
import numpy as np

CASCADE, DCM, PBM, DEPTH = 0, 1, 2, 3
#: the user-intent population of sim.envs_intent (source 003, ranked bandits)
INTENT = 4


@numba.njit(cache=True)
def env_round(code, wa, pa, A, K, rng, clicks):
    """One round of the model ``code`` on list ``A``; see :mod:`clickbound.sim.envs` for the uniforms drawn."""
    for k in range(K):
        clicks[k] = 0
    if code == CASCADE:
        hit = -1
        for k in range(K):
            u = rng.random()
            if hit < 0 and u < wa[A[k]]:
                hit = k
        if hit >= 0:
            clicks[hit] = 1
            return -1, 1.0
        return -1, 0.0
    if code == DCM:
        for k in range(K):
            clicks[k] = 1 if rng.random() < wa[A[k]] else 0
        stop = K
        for k in range(K):
            sat = rng.random() < pa[k]
            if stop == K and clicks[k] == 1 and sat:
                stop = k
        for k in range(stop + 1, K):  # the user left after a satisfied click
            clicks[k] = 0
        return -1, 1.0 if stop < K else 0.0
    if code == PBM:
        tot = 0.0
        for k in range(K):
            if rng.random() < pa[k] * wa[A[k]]:
                clicks[k] = 1
                tot += 1.0
        return -1, tot
    if code == INTENT:  # sim.envs_intent: one uniform for the intent, then K as cascade on row j
        J = pa.shape[0]
        L = wa.shape[0] // J
        u = rng.random()
        j = 0
        acc = pa[0]
        while u >= acc and j < J - 1:
            j += 1
            acc += pa[j]
        hit = -1
        for k in range(K):
            u = rng.random()
            if hit < 0 and u < wa[j * L + A[k]]:
                hit = k
        if hit >= 0:
            clicks[hit] = 1
            return -1, 1.0
        return -1, 0.0
    # DEPTH
    u = rng.random()
    depth = 0
    for k in range(K):
        if u < pa[k]:
            depth += 1
    tot = 0.0
    for k in range(K):
        if rng.random() < wa[A[k]] and k < depth:
            clicks[k] = 1
            tot += 1.0
    return depth, tot


@numba.njit(cache=True)
def expected_reward_nb(code, wa, pa, A, K):
    """Closed-form expected reward (same operation order as :mod:`clickbound.bounds.click`)."""
    if code == CASCADE:
        prod = 1.0
        for k in range(K):
            prod = prod * (1.0 - wa[A[k]])
        return 1.0 - prod
    if code == DCM:
        prod = 1.0
        for k in range(K):
            prod = prod * (1.0 - pa[k] * wa[A[k]])
        return 1.0 - prod
    if code == INTENT:  # Σ_j pi_j (1 − ∏_k (1 − P[j, a_k])), the order of sim.envs_intent._satisfaction
        J = pa.shape[0]
        L = wa.shape[0] // J
        tot = 0.0
        for j in range(J):
            prod = 1.0
            for k in range(K):
                prod = prod * (1.0 - wa[j * L + A[k]])
            tot = tot + pa[j] * (1.0 - prod)
        return tot
    tot = 0.0
    for k in range(K):
        tot = tot + pa[k] * wa[A[k]]
    return tot


def ucb_index(S, N, c_log_t):
    """The readable reference of :func:`ucb_index_nb` (same floats): ``S/N + sqrt(c_log_t/N)``, ``+∞`` at ``N = 0``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = S / N + np.sqrt(c_log_t / N)
    return np.where(N > 0, out, np.inf)


@numba.njit(cache=True)
def ucb_index_nb(S, N, c_log_t, idx):
    """UCB-type index ``S/N + sqrt(c_log_t / N)`` per item, ``+∞`` for never-observed items (the policy conventions).

    Shared by OD-UCB (``c = α``) and Cascade-UCB last-click; ``c_log_t`` is ``c · log t``.
    """
    for e in range(N.shape[0]):
        if N[e] == 0.0:
            idx[e] = math.inf
        else:
            idx[e] = S[e] / N[e] + math.sqrt(c_log_t / N[e])


@numba.njit(cache=True, error_model="numpy")
def topk_nb(values, K, rng, out, cand):
    """Compiled :func:`clickbound.sim.ties.topk_random_ties`: writes the list to ``out[:K]`` (same draws).

    ``cand`` is an int64 work buffer of length L (no allocation per round).  One pass over the
    values keeps a K-slot sorted buffer (the running K largest) and notes every item not below
    the running K-th largest; the noted items are then split into those above the final K-th
    largest ``tau`` (fewer than K, sorted into ``out``) and those equal to it: O(L) per round.
    """
    L = values.shape[0]
    buf = out.view(np.float64)  # scratch for the K largest values (no allocation per round)
    for e in range(K):  # fill: the first K values, sorted decreasingly; all are candidates
        x = values[e]
        if x != x:
            raise ValueError("index value is NaN")
        j = e
        while j > 0 and buf[j - 1] < x:
            buf[j] = buf[j - 1]
            j -= 1
        buf[j] = x
        cand[e] = e
    n_c = K
    low = buf[K - 1]
    for e in range(K, L):  # one predictable compare per item in the common case
        x = values[e]
        if x >= low:
            # the running K-th largest only rises, so every item >= the final tau is kept here
            cand[n_c] = e
            n_c += 1
            if x > low:
                j = K - 1
                while j > 0 and buf[j - 1] < x:
                    buf[j] = buf[j - 1]
                    j -= 1
                buf[j] = x
                low = buf[K - 1]
        elif x != x:
            raise ValueError("index value is NaN")
    tau = buf[K - 1]
    a = 0
    g = 0
    for i in range(n_c):  # split the kept items: above tau (sorted into out), at tau (in item order)
        e = cand[i]
        x = values[e]
        if x > tau:
            j = a  # stable insertion by decreasing value
            while j > 0 and values[out[j - 1]] < x:
                out[j] = out[j - 1]
                j -= 1
            out[j] = e
            a += 1
        elif x == tau:
            cand[g] = e  # g <= i: in-place compaction keeps the item order
            g += 1
    i = 0
    while i < a:  # runs of equal values above tau: all shown, fully shuffled
        j = i
        while j + 1 < a and values[out[j + 1]] == values[out[i]]:
            j += 1
        run = j - i + 1
        for s in range(run - 1):
            r = s + int(rng.random() * (run - s))
            tmp = out[i + s]
            out[i + s] = out[i + r]
            out[i + r] = tmp
        i = j + 1
    m = K - a
    lim = m if m < g - 1 else g - 1
    for s in range(lim):
        r = s + int(rng.random() * (g - s))
        tmp = cand[s]
        cand[s] = cand[r]
        cand[r] = tmp
    for k in range(m):
        out[a + k] = cand[k]


@numba.njit(cache=True)
def noop_init(state, x0):
    """``init`` for policies without an initialisation phase."""
    return


@numba.njit  # no cache: numba cannot cache specialisations on function arguments
def run_replication(init, select, update, state, code, wa, pa, K, n, x0, opt, checkpoints,
                    env_rng, pol_rng, regret_out, reward_out, counts_out, trace):
    """Run one replication of ``n`` rounds; fills the ``*_out`` arrays and ``trace[:min(n, len)]``."""
    A = np.zeros(K, dtype=np.int64)
    clicks = np.zeros(K, dtype=np.int64)
    init(state, x0)
    cum = 0.0
    cum_reward = 0.0
    ci = 0
    nc = checkpoints.shape[0]
    ntr = trace.shape[0]
    for t in range(1, n + 1):
        select(state, t, pol_rng, A)
        depth, rew = env_round(code, wa, pa, A, K, env_rng, clicks)
        update(state, t, A, clicks, depth)
        cum += opt - expected_reward_nb(code, wa, pa, A, K)
        cum_reward += rew
        for k in range(K):
            counts_out[A[k]] += 1
        if t <= ntr:
            for k in range(K):
                trace[t - 1, k] = A[k]
        if ci < nc and t == checkpoints[ci]:
            regret_out[ci] = cum
            reward_out[ci] = cum_reward
            ci += 1
