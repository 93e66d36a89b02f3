"""The engine loop with the cascade regrets ``R_i(n)`` of DCM-P1 recorded beside the model regret.

DCM-P1 (source 000, 命題1) bounds ``R_i(n) = E[Σ_t f_i(A*, w_t) − f_i(A_t, w_t)]``, the cascade
regret of the first ``i`` positions of the lists dcmKL-UCB shows while it runs on the DCM, with
``f_i(A, w) = 1 − ∏_{k≤i}(1 − w(a_k))``.  Given the history, ``w_t`` is independent of ``A_t``, so
the pseudo-version ``Σ_t f_i(A*, w̄) − f_i(A_t, w̄)`` has the same expectation; that is what is
accumulated here, for every ``i = 1..K`` at once.

:func:`run_with_cascade_regrets` is :func:`clickbound.sim.kernels.run_replication`'s loop (same
calls in the same order: ``select``, ``env_round``, ``update``, the model regret), so the model
regret it returns is bitwise the engine's (``tests/sim/test_violations.py`` checks it against
:func:`clickbound.sim.simulate`).  It takes the policy's kernels as arguments and is therefore
compiled without ``cache=True`` (see ``sim/README.md``: a cached caller of outside jitted helpers
could keep a stale callee).
"""
from __future__ import annotations

import numba
import numpy as np

from clickbound.sim.engine import log_checkpoints, replication_rngs
from clickbound.sim.envs import DCM
from clickbound.sim.kernels import env_round, expected_reward_nb
from clickbound.sim.policies.registry import get_policy


@numba.njit
def _loop(init, select, update, state, code, wa, pa, K, n, x0, opt, fstar, checkpoints,
          env_rng, pol_rng, regret_out, casc_out):
    A = np.zeros(K, dtype=np.int64)
    clicks = np.zeros(K, dtype=np.int64)
    init(state, x0)
    cum = 0.0
    casc = np.zeros(K)
    ci = 0
    nc = checkpoints.shape[0]
    for t in range(1, n + 1):
        select(state, t, pol_rng, A)
        depth, _rew = env_round(code, wa, pa, A, K, env_rng, clicks)
        update(state, t, A, clicks, depth)
        cum += opt - expected_reward_nb(code, wa, pa, A, K)
        miss = 1.0
        for i in range(K):
            miss *= 1.0 - wa[A[i]]
            casc[i] += fstar[i] - (1.0 - miss)
        if ci < nc and t == checkpoints[ci]:
            regret_out[ci] = cum
            for i in range(K):
                casc_out[i, ci] = casc[i]
            ci += 1


def run_with_cascade_regrets(env: DCM, policy: str, n: int, runs: int, seed: int,
                             policy_params: dict | None = None, replications=None):
    """``(checkpoints, regret[runs, C], cascade[runs, K, C])`` of ``policy`` on the DCM ``env``.

    Seeds as in :func:`clickbound.sim.simulate`: replication ``r`` uses
    ``SeedSequence(seed).spawn(runs)[r]`` split into the environment and policy streams.
    """
    if env.model != "dcm":
        raise ValueError(f"cascade regrets are defined here for the DCM only, got model {env.model!r}")
    cls = get_policy(policy)
    if env.model not in cls.models:
        raise ValueError(f"policy {policy!r} does not run on model {env.model!r}")
    params = dict(policy_params or {})
    K = env.resolve_K(None)
    cps = log_checkpoints(n)
    code, wa, pa = env.kernel_params()
    A_star = env.optimal_list(K)
    opt = float(expected_reward_nb(code, wa, pa, A_star, K))
    best = np.sort(wa)[::-1][:K]
    fstar = 1.0 - np.cumprod(1.0 - best)  # f_i(A*, w̄): the i most attractive items on top
    reps = np.arange(runs) if replications is None else np.asarray(list(replications), dtype=np.int64)
    regret = np.zeros((reps.size, cps.size))
    casc = np.zeros((reps.size, K, cps.size))
    init, select, update = cls.kernel_functions(**params)
    for j, r in enumerate(reps):
        env_rng, pol_rng = replication_rngs(seed, int(r))
        x0 = env.initial_observation(env_rng) if cls.needs_init else np.zeros(0, dtype=np.int64)
        state = cls.kernel_state(env.L, K, **params)
        _loop(init, select, update, state, code, wa, pa, K, n, x0, opt, fstar, cps, env_rng, pol_rng,
              regret[j], casc[j])
    return cps, regret, casc
