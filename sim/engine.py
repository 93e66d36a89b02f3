"""The simulation engine: seeds, checkpoints, the reference loop, the compiled loop, ``Result``.

Randomness (one rule for the whole project): replication ``r`` of a run with seed ``s`` has the
root ``SeedSequence(s).spawn(runs)[r]`` (equivalently ``SeedSequence(s, spawn_key=(r,))``), so a
replication's numbers never depend on how replications are split across chunks or workers.
From the root, ``spawn(2)`` gives ``env_rng`` and ``pol_rng`` (``Generator(PCG64)``): the
environment draws from ``env_rng`` only, the policy from ``pol_rng`` only.

Regret is the cumulative pseudo-regret ``Σ_t r(A*) − r(A_t)`` (the project's notation), recorded at log-spaced
checkpoints; memory is O(runs × checkpoints) (+ O(runs × L) display counts).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from clickbound.sim.envs import _Model
from clickbound.sim.drivers import driver
from clickbound.sim.kernels import expected_reward_nb
from clickbound.sim.policies.registry import get_policy, has_kernel

#: checkpoints per decade of n
PER_DECADE = 10


def replication_rngs(seed: int, r: int) -> tuple[np.random.Generator, np.random.Generator]:
    """``(env_rng, pol_rng)`` of replication ``r`` (see the module docstring)."""
    root = np.random.SeedSequence(seed, spawn_key=(r,))
    env_ss, pol_ss = root.spawn(2)
    return np.random.Generator(np.random.PCG64(env_ss)), np.random.Generator(np.random.PCG64(pol_ss))


def log_checkpoints(n: int, per_decade: int = PER_DECADE) -> np.ndarray:
    """Increasing rounds ``≤ n``: ``round(10^{j/per_decade})``, every power of ten ``≤ n``, and ``n``."""
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    top = int(math.floor(math.log10(n) * per_decade + 1e-9))
    pts = {int(round(10 ** (j / per_decade))) for j in range(top + 1)}
    pts |= {10 ** d for d in range(int(math.log10(n)) + 1) if 10 ** d <= n}
    pts.add(n)
    return np.array(sorted(p for p in pts if 1 <= p <= n), dtype=np.int64)


@dataclass
class Result:
    """Outcome of :func:`simulate`.

    ``regret[i, j]``: cumulative pseudo-regret of replication ``replications[i]`` after round
    ``checkpoints[j]``; ``reward`` the realised cumulative reward (same shape); ``counts[i, e]``
    the number of rounds item ``e`` was displayed (``T_n(e)`` of DCM-FACT) — each ``None``
    unless requested.
    """

    checkpoints: np.ndarray
    regret: np.ndarray
    replications: np.ndarray
    counts: np.ndarray | None = None
    reward: np.ndarray | None = None
    config: dict = field(default_factory=dict)

    def mean(self) -> np.ndarray:
        return self.regret.mean(axis=0)

    def stderr(self) -> np.ndarray:
        """Standard error of the mean regret (NaN with a single replication)."""
        r = self.regret.shape[0]
        if r < 2:
            return np.full(self.regret.shape[1], np.nan)
        return self.regret.std(axis=0, ddof=1) / math.sqrt(r)

    @staticmethod
    def concat(parts: list["Result"]) -> "Result":
        """Join chunks of replications of one configuration (in replication order)."""
        parts = sorted(parts, key=lambda p: int(p.replications[0]))
        for p in parts[1:]:
            if not np.array_equal(p.checkpoints, parts[0].checkpoints):
                raise ValueError("cannot concatenate results with different checkpoints")

        def cat(name):
            arrs = [getattr(p, name) for p in parts]
            return None if arrs[0] is None else np.concatenate(arrs)

        return Result(parts[0].checkpoints, cat("regret"), cat("replications"), cat("counts"),
                      cat("reward"), dict(parts[0].config))


def _check_int(name, x, lo):
    if isinstance(x, bool) or int(x) != x or x < lo:
        raise ValueError(f"{name} must be an integer >= {lo}, got {x!r}")
    return int(x)


def simulate(env: _Model, policy: str, K: int | None = None, n: int = 10_000, runs: int = 1,
             seed: int = 0, policy_params: dict | None = None, *, reference: bool = False,
             replications=None, checkpoints=None, counts: bool = False, rewards: bool = False,
             trace: int = 0) -> Result:
    """Simulate ``policy`` (a registered name) on ``env`` for ``n`` rounds and ``runs`` replications.

    ``replications`` (default ``range(runs)``) picks a subset of the ``runs`` replications —
    the runner's chunks; results are identical however they are split.  ``reference=True`` runs
    the readable Python classes instead of the numba kernels (the agreement tests compare both).
    ``trace > 0`` also returns ``Result.config['trace']``, the lists chosen in the first ``trace``
    rounds of every replication (array ``runs × trace × K``).
    """
    cls = get_policy(policy)
    reference = reference or not has_kernel(cls)  # a plain Python policy: the readable loop is its only path
    if env.model not in cls.models:
        raise ValueError(f"policy {policy!r} does not run on model {env.model!r} (accepts {cls.models})")
    K = env.resolve_K(K)
    n = _check_int("n", n, 1)
    runs = _check_int("runs", runs, 1)
    seed = _check_int("seed", seed, 0)
    params = dict(policy_params or {})
    for key in getattr(cls, "env_params", ()):  # e.g. DBGD's item features from a FeatureCascade
        if key not in params and getattr(env, key, None) is not None:
            params[key] = getattr(env, key)
    reps = np.arange(runs) if replications is None else np.asarray(list(replications), dtype=np.int64)
    if reps.size == 0 or (reps < 0).any() or (reps >= runs).any():
        raise ValueError(f"replications must be a non-empty subset of range({runs}), got {replications!r}")
    cps = log_checkpoints(n) if checkpoints is None else np.asarray(checkpoints, dtype=np.int64)
    if cps.size == 0 or (np.diff(cps) <= 0).any() or cps[0] < 1 or cps[-1] > n:
        raise ValueError(f"checkpoints must be increasing rounds in 1..{n}, got {checkpoints!r}")
    L = env.L
    code, wa, pa = env.kernel_params()
    A_star = env.optimal_list(K)
    opt = float(expected_reward_nb(code, wa, pa, A_star, K))
    R = reps.size
    regret = np.zeros((R, cps.size))
    reward = np.zeros((R, cps.size))
    cnt = np.zeros((R, L), dtype=np.int64)
    tr = np.zeros((R, trace, K), dtype=np.int64)
    for i, r in enumerate(reps):
        env_rng, pol_rng = replication_rngs(seed, int(r))
        if reference:
            _reference_replication(env, cls, K, n, params, opt, cps, env_rng, pol_rng,
                                   regret[i], reward[i], cnt[i], tr[i])
        else:
            x0 = (env.initial_observation(env_rng) if cls.needs_init else np.zeros(0, dtype=np.int64))
            state = cls.kernel_state(L, K, **params)
            driver(*cls.kernel_functions(**params))(state, code, wa, pa, K, n, x0, opt, cps, env_rng,
                                                    pol_rng, regret[i], reward[i], cnt[i], tr[i])
    config = dict(model=env.model, L=L, K=K, policy=policy, n=n, runs=runs, seed=seed,
                  policy_params=params, reference=reference)
    if trace:
        config["trace"] = tr
    return Result(cps, regret, reps, cnt if counts else None, reward if rewards else None, config)


def _reference_replication(env, cls, K, n, params, opt, cps, env_rng, pol_rng,
                           regret_out, reward_out, counts_out, trace_out):
    """The readable engine loop (one step at a time, Python policies and environments)."""
    pol = cls(env.L, K, pol_rng, **params)
    if cls.needs_init:
        pol.initialise(env.initial_observation(env_rng))
    code, wa, pa = env.kernel_params()
    cum = cum_reward = 0.0
    ci = 0
    for t in range(1, n + 1):
        A = env.check_list(pol.select(t))
        if A.size != K:
            raise ValueError(f"{cls.name} returned a list of length {A.size}, expected K = {K}")
        obs = env.observe(A, env_rng)
        pol.update(t, A, obs)
        cum += opt - env.expected_reward(A)
        cum_reward += obs.reward
        counts_out[A] += 1
        if t <= trace_out.shape[0]:
            trace_out[t - 1] = A
        if ci < cps.size and t == cps[ci]:
            regret_out[ci] = cum
            reward_out[ci] = cum_reward
            ci += 1
