"""Piecewise-stationary environments and discounted reward for any model (source 003).

Source ``003_f899901a464da92a.txt``: the objective is the discounted gain ``G(T) = E Σ_t λ^t g_t``
(line 24, ``0 < λ ≤ 1``); "Замечание: мы рассматривали ситуация, когда выигрыш стационарен" and, for
ranked bandits, "выигрыш может быть нестационарным … Если интересы пользователей не меняются
существенно со временем, то можно и нужно использовать алгоритмы на основе UCB" (lines 60-62).

:func:`simulate_switching` runs a registered policy (its numba kernels, or its reference class with
``reference=True``; tested to agree) on environment ``env_a`` for rounds ``t ≤ switch`` and on
``env_b`` afterwards (same model and number of items: intents or attractions that change at once).
It records at the checkpoints, per replication:

* ``gain``: ``Σ_t r_t(A_t)``, the expected reward of the chosen lists (``G(T)`` with ``λ = 1``);
* ``regret``: the dynamic pseudo-regret ``Σ_t (r_t(A*_t) − r_t(A_t))`` against each phase's optimum;
* ``discounted``: ``Σ_t λ^t r_t(A_t)`` (the lecture's ``G(T)``, the first round already discounted).

Seeds as in :mod:`clickbound.sim.engine` (``replication_rngs``); the environment draws from
``env_rng`` only, with the same uniforms per round as its stationary twin.  ``switch ≥ n`` is the
stationary run (tested equal to :func:`clickbound.sim.simulate`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from clickbound.sim.engine import log_checkpoints, replication_rngs
from clickbound.sim.kernels import env_round, expected_reward_nb
from clickbound.sim.policies.registry import get_policy


@numba.njit  # not cached: specialised on the policy's kernels (function arguments)
def run_switching(init, select, update, state, code, wa_a, pa_a, wa_b, pa_b, switch, K, n, x0, opt_a, opt_b,
                  lam, checkpoints, env_rng, pol_rng, regret_out, gain_out, disc_out):
    A = np.zeros(K, dtype=np.int64)
    clicks = np.zeros(K, dtype=np.int64)
    init(state, x0)
    cum = 0.0
    gain = 0.0
    disc = 0.0
    w = 1.0
    ci = 0
    for t in range(1, n + 1):
        select(state, t, pol_rng, A)
        w = w * lam
        if t <= switch:
            depth, _rew = env_round(code, wa_a, pa_a, A, K, env_rng, clicks)
            r = expected_reward_nb(code, wa_a, pa_a, A, K)
            cum += opt_a - r
        else:
            depth, _rew = env_round(code, wa_b, pa_b, A, K, env_rng, clicks)
            r = expected_reward_nb(code, wa_b, pa_b, A, K)
            cum += opt_b - r
        update(state, t, A, clicks, depth)
        gain += r
        disc += w * r
        if ci < checkpoints.shape[0] and t == checkpoints[ci]:
            regret_out[ci] = cum
            gain_out[ci] = gain
            disc_out[ci] = disc
            ci += 1


@dataclass
class SwitchResult:
    """``regret``, ``gain``, ``discounted``: arrays ``runs × checkpoints`` (see the module docstring)."""

    checkpoints: np.ndarray
    regret: np.ndarray
    gain: np.ndarray
    discounted: np.ndarray
    config: dict


def _check_pair(env_a, env_b):
    if env_a.model != env_b.model or env_a.L != env_b.L:
        raise ValueError(f"the two phases must share model and L, got {env_a!r} and {env_b!r}")


def simulate_switching(env_a, env_b, switch: int, policy: str, K: int | None = None, n: int = 10_000,
                       runs: int = 1, seed: int = 0, policy_params: dict | None = None, lam: float = 1.0,
                       reference: bool = False, checkpoints=None) -> SwitchResult:
    """Run ``policy`` on ``env_a`` for ``t ≤ switch`` and on ``env_b`` after (module docstring)."""
    _check_pair(env_a, env_b)
    if not 0.0 < lam <= 1.0:
        raise ValueError(f"lam must lie in (0, 1], got {lam!r}")
    if isinstance(switch, bool) or int(switch) != switch or switch < 0:
        raise ValueError(f"switch must be a round >= 0, got {switch!r}")
    cls = get_policy(policy)
    if env_a.model not in cls.models:
        raise ValueError(f"policy {policy!r} does not run on model {env_a.model!r}")
    K = env_a.resolve_K(K)
    params = dict(policy_params or {})
    for key in getattr(cls, "env_params", ()):  # as sim.engine.simulate: e.g. DBGD's features from the env
        if key not in params and getattr(env_a, key, None) is not None:
            params[key] = getattr(env_a, key)
    cps = log_checkpoints(n) if checkpoints is None else np.asarray(checkpoints, dtype=np.int64)
    ca, wa_a, pa_a = env_a.kernel_params()
    _, wa_b, pa_b = env_b.kernel_params()
    opt_a = float(expected_reward_nb(ca, wa_a, pa_a, env_a.optimal_list(K), K))
    opt_b = float(expected_reward_nb(ca, wa_b, pa_b, env_b.optimal_list(K), K))
    reg, gain, disc = (np.zeros((runs, cps.size)) for _ in range(3))
    for r in range(runs):
        env_rng, pol_rng = replication_rngs(seed, r)
        if reference:
            _reference(env_a, env_b, int(switch), cls, K, n, params, opt_a, opt_b, lam, cps, env_rng, pol_rng,
                       reg[r], gain[r], disc[r])
            continue
        x0 = env_a.initial_observation(env_rng) if cls.needs_init else np.zeros(0, dtype=np.int64)
        state = cls.kernel_state(env_a.L, K, **params)
        run_switching(*cls.kernel_functions(**params), state, ca, wa_a, pa_a, wa_b, pa_b, int(switch), K, n, x0,
                      opt_a, opt_b, float(lam), cps, env_rng, pol_rng, reg[r], gain[r], disc[r])
    config = {"model": env_a.model, "L": env_a.L, "K": K, "policy": policy, "n": n, "runs": runs, "seed": seed,
              "switch": int(switch), "lam": lam, "policy_params": params, "opt_a": opt_a, "opt_b": opt_b,
              "reference": reference}
    return SwitchResult(cps, reg, gain, disc, config)


def _reference(env_a, env_b, switch, cls, K, n, params, opt_a, opt_b, lam, cps, env_rng, pol_rng,
               reg_out, gain_out, disc_out):
    pol = cls(env_a.L, K, pol_rng, **params)
    if cls.needs_init:
        pol.initialise(env_a.initial_observation(env_rng))
    cum = gain = disc = 0.0
    w = 1.0
    ci = 0
    for t in range(1, n + 1):
        A = np.asarray(pol.select(t), dtype=np.int64)
        w = w * lam
        env, opt = (env_a, opt_a) if t <= switch else (env_b, opt_b)
        obs = env.observe(A, env_rng)
        r = env.expected_reward(A)
        cum += opt - r
        pol.update(t, A, obs)
        gain += r
        disc += w * r
        if ci < cps.size and t == cps[ci]:
            reg_out[ci], gain_out[ci], disc_out[ci] = cum, gain, disc
            ci += 1
