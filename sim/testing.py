"""Test helpers shared by the policy agreement tests (reference class vs numba kernel)."""
from __future__ import annotations

import numpy as np

from clickbound.sim.engine import simulate


def assert_paths_agree(env, policy: str, K=None, n: int = 2000, runs: int = 2, seed: int = 0,
                       policy_params: dict | None = None) -> None:
    """Both paths on the same seeds make identical choices every round and the same regret.

    Choices: the full ``runs × n × K`` trace must be equal; display counts equal; regret and
    realised reward equal to the last bit (both paths use the same floating-point operations).
    """
    kw = dict(K=K, n=n, runs=runs, seed=seed, policy_params=policy_params, counts=True,
              rewards=True, trace=n)
    fast = simulate(env, policy, **kw)
    ref = simulate(env, policy, reference=True, **kw)
    tf, tr = fast.config["trace"], ref.config["trace"]
    if not np.array_equal(tf, tr):
        r, t = np.argwhere((tf != tr).any(axis=2))[0]
        raise AssertionError(f"{policy}: kernel and reference first differ in replication {r}, "
                             f"round {t + 1}: kernel {tf[r, t].tolist()} vs reference {tr[r, t].tolist()}")
    np.testing.assert_array_equal(fast.counts, ref.counts)
    np.testing.assert_array_equal(fast.regret, ref.regret)
    np.testing.assert_array_equal(fast.reward, ref.reward)


def kernel_run(env, policy: str, K=None, n: int = 1000, seed: int = 0, r: int = 0,
               policy_params: dict | None = None):
    """Run replication ``r`` of the numba kernel directly; returns ``(trace n×K, final policy state)``.

    For tests that inspect a kernel's state (e.g. how many indices the lazy path evaluated).
    """
    from clickbound.sim.engine import log_checkpoints, replication_rngs
    from clickbound.sim.drivers import driver
    from clickbound.sim.kernels import expected_reward_nb
    from clickbound.sim.policies.registry import get_policy

    cls = get_policy(policy)
    K = env.resolve_K(K)
    code, wa, pa = env.kernel_params()
    env_rng, pol_rng = replication_rngs(seed, r)
    x0 = env.initial_observation(env_rng) if cls.needs_init else np.zeros(0, dtype=np.int64)
    state = cls.kernel_state(env.L, K, **(policy_params or {}))
    cps = log_checkpoints(n)
    opt = float(expected_reward_nb(code, wa, pa, env.optimal_list(K), K))
    trace = np.zeros((n, K), dtype=np.int64)
    driver(*cls.kernel_functions(**(policy_params or {})))(
        state, code, wa, pa, K, n, x0, opt, cps, env_rng, pol_rng, np.zeros(cps.size), np.zeros(cps.size),
        np.zeros(env.L, dtype=np.int64), trace)
    return trace, state
