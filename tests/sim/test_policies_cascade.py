"""CascadeUCB1 (ALG-CASUCB1, source 004_d9477b3ebe233f80.txt): kernel = reference, index and update."""
import math

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.policies.cascade import CascadeUCB1
from clickbound.sim.testing import assert_paths_agree

W = [0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1]  # source 004 §4.3 instance


@pytest.mark.parametrize("env,K", [(sim.Cascade(W), 3), (sim.Cascade(W), 1), (sim.Cascade(W), 10),
                                   (sim.DCM(W[:6], [0.9, 0.6, 0.3]), None)])
def test_kernel_matches_reference(env, K):
    assert_paths_agree(env, "CascadeUCB1", K=K, n=1500, runs=2, seed=4)


def test_index_formula_and_first_click_update():
    pol = CascadeUCB1(4, 2, np.random.default_rng(0))
    pol.initialise(np.array([1, 0, 0, 1]))
    # U = w + sqrt(1.5 log t / T), source 004: c_{t,s} = sqrt((1.5 log t)/s)
    np.testing.assert_allclose(pol.index(10), [1, 0, 0, 1] + np.sqrt(1.5 * math.log(10)), rtol=0, atol=0)
    pol.update(1, np.array([2, 0]), sim.Observation(np.array([1, 0])))
    # first position clicked: only item 2 observed
    np.testing.assert_array_equal(pol.T, [1, 1, 2, 1])
    np.testing.assert_array_equal(pol.S, [1, 0, 1, 1])
    pol.update(2, np.array([1, 3]), sim.Observation(np.array([0, 0])))
    np.testing.assert_array_equal(pol.T, [1, 2, 2, 2])


def test_learns_the_optimal_set():
    # after 20k rounds the most displayed items are the optimal three (0, 2, 5) in most replications
    res = sim.simulate(sim.Cascade(W), "CascadeUCB1", K=3, n=20_000, runs=4, seed=0, counts=True)
    for c in res.counts:
        assert set(np.argsort(-c)[:3].tolist()) == {0, 2, 5}
