"""Test helpers shared by the policy agreement tests (reference class vs numba kernel)."""
from __future__ import annotations

import numpy as np

from sim.engine import simulate


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
