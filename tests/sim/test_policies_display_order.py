"""sim.policies.display_order: kernel = reference; the ascending list is the descending list reversed."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.testing import assert_paths_agree

W = [0.3, 0.2, 0.25, 0.1, 0.05, 0.15]


@pytest.mark.parametrize("name", ["CascadeUCB1-ascending", "CascadeKL-UCB-ascending"])
def test_kernel_matches_reference(name):
    assert_paths_agree(sim.Cascade(W), name, K=3, n=400, runs=2, seed=1)


@pytest.mark.parametrize("lazy", [True, False])
def test_lazy_and_eager_agree(lazy):
    a = sim.simulate(sim.Cascade(W), "CascadeKL-UCB-ascending", K=3, n=500, runs=1, seed=2,
                     policy_params={"lazy": lazy}, trace=500)
    b = sim.simulate(sim.Cascade(W), "CascadeKL-UCB-ascending", K=3, n=500, runs=1, seed=2, reference=True, trace=500)
    np.testing.assert_array_equal(a.config["trace"], b.config["trace"])


def test_round_one_is_the_reversed_list():
    a = sim.simulate(sim.Cascade(W), "CascadeUCB1-ascending", K=3, n=1, runs=3, seed=3, trace=1).config["trace"]
    d = sim.simulate(sim.Cascade(W), "CascadeUCB1", K=3, n=1, runs=3, seed=3, trace=1).config["trace"]
    np.testing.assert_array_equal(a, d[:, :, ::-1])
