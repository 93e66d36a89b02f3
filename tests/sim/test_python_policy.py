"""A policy given as a plain Python class runs in ``simulate`` (sim/policies/registry.py ``python_only``)."""
from __future__ import annotations

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.policies import registry
from clickbound.sim.testing import assert_paths_agree
from clickbound.sim.ties import topk_random_ties


@pytest.fixture(autouse=True)
def _private_registry(monkeypatch):
    """Policies registered here do not leak into other tests' registry."""
    registry._load()
    monkeypatch.setattr(registry, "_POLICIES", dict(registry._POLICIES))


def _greedy_class():
    class EmpiricalBest(sim.Policy):
        """Shows the K items with the highest empirical attraction (optimistic 1 for unseen items)."""

        def __init__(self, L, K, pol_rng, **params):
            super().__init__(L, K, pol_rng, **params)
            self.clicks = np.zeros(L)
            self.views = np.zeros(L)

        def select(self, t):
            mean = np.where(self.views > 0, self.clicks / np.maximum(self.views, 1), 1.0)
            return topk_random_ties(mean, self.K, self.rng)

        def update(self, t, A, obs):
            c = np.asarray(obs.clicks)
            last = int(np.flatnonzero(c)[0]) if c.any() else len(A) - 1  # cascade: seen up to the click
            for k in range(last + 1):
                self.views[A[k]] += 1
                self.clicks[A[k]] += c[k]

    return EmpiricalBest


def test_a_plain_python_class_needs_the_flag_and_then_runs():
    cls = _greedy_class()
    with pytest.raises(ValueError, match="python_only=True"):
        sim.register_policy("EmpiricalBest", models=("cascade",))(cls)
    sim.register_policy("EmpiricalBest", models=("cascade",), python_only=True)(cls)
    env = sim.Cascade(w=[0.6, 0.4, 0.2])
    res = sim.simulate(env, "EmpiricalBest", K=1, n=500, runs=3, seed=4)
    assert res.config["reference"] is True  # the readable loop, the only path of a Python policy
    assert res.regret.shape == (3, res.checkpoints.size)
    assert np.all(np.diff(res.regret, axis=1) >= -1e-12)  # pseudo-regret is non-decreasing
    again = sim.simulate(env, "EmpiricalBest", K=1, n=500, runs=3, seed=4)
    np.testing.assert_array_equal(res.regret, again.regret)  # seeded like every policy


def test_a_python_policy_with_a_kernel_is_held_to_agreement():
    """A project may give a kernel: it is used, and assert_paths_agree compares it with the class."""
    base = sim.get_policy("CascadeUCB1")

    class MyUCB1(base):
        pass

    sim.register_policy("MyUCB1", models=("cascade",), python_only=True)(MyUCB1)
    assert registry.has_kernel(MyUCB1)
    res = sim.simulate(sim.Cascade(w=[0.6, 0.4, 0.2]), "MyUCB1", K=1, n=300, runs=1, seed=0)
    assert res.config["reference"] is False
    assert_paths_agree(sim.Cascade(w=[0.6, 0.4, 0.2]), "MyUCB1", K=1, n=300, runs=1, seed=0)


def test_a_class_without_select_is_rejected():
    class Nothing:
        pass

    with pytest.raises(ValueError, match="select"):
        sim.register_policy("Nothing", models=("cascade",), python_only=True)(Nothing)
