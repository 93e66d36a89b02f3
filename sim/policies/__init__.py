"""Simulation policies: reference classes + numba kernels, registered by module scan."""
from clickbound.sim.policies.registry import Policy, get_policy, policies, register_policy

__all__ = ["Policy", "get_policy", "policies", "register_policy"]
