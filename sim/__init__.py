"""clickbound.sim — click-model environments, policies, the batched engine and the runner.

``sim.simulate(sim.DCM(w, v), "dcmKL-UCB", n=100_000, runs=50, seed=0)`` → :class:`clickbound.sim.Result`.
"""
import clickbound.bounds  # noqa: F401,I001 - first: configures the numba cache (bounds.jitcache)
from clickbound.sim.engine import Result, log_checkpoints, replication_rngs, simulate
from clickbound.sim.envs import DCM, PBM, Bernoulli, Cascade, Depth, Observation
from clickbound.sim.policies.registry import Policy, get_policy, register_policy
from clickbound.sim.policies.registry import policies as available_policies

__all__ = ["Bernoulli", "Cascade", "DCM", "Depth", "Observation", "PBM", "Policy", "Result",
           "available_policies", "get_policy", "log_checkpoints", "register_policy", "replication_rngs", "simulate"]
