"""Cascade-UCB with the last-click heuristic (ALG-CASLASTCLICK; source 001_eb740855b56fcd8b.txt
§6.4): kernel = reference, the exposed range, the index, sanity of regret, validation."""
import math

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs import Observation
from clickbound.sim.policies.cascade_lastclick import CascadeUCBLastClick, exposed_range
from clickbound.sim.testing import assert_paths_agree

P_SHALLOW = [1.0, 0.55, 0.30, 0.15, 0.08]
THETA = np.linspace(0.02, 0.3, 12)
EASY = sim.Cascade([0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.05])
#: see tests/sim/test_policies_single_arm.py; measured 0.27 on EASY with K = 3
SECOND_HALF_MAX = 0.5


@pytest.mark.parametrize("env,K", [(sim.Depth(THETA, P_SHALLOW), None), (sim.Cascade(THETA), 4),
                                   (sim.DCM(THETA, [0.9, 0.6, 0.6, 0.3]), None),
                                   (sim.PBM(THETA, P_SHALLOW), None)])
def test_kernel_matches_reference(env, K):
    for seed in (0, 1):
        assert_paths_agree(env, "CascadeUCB-last-click", K=K, n=400, runs=2, seed=seed)


@pytest.mark.parametrize("clicks,want", [([0, 0, 0, 0], 4), ([1, 0, 0, 0], 1), ([0, 1, 0, 1], 4),
                                         ([0, 1, 1, 0], 3), ([0, 0, 0, 1], 4), ([0, 1, 0, 0], 2)])
def test_exposed_range_is_the_last_click_or_all(clicks, want):
    assert exposed_range(clicks) == want


def test_update_credits_every_click_up_to_the_last():
    pol = CascadeUCBLastClick(6, 5, np.random.default_rng(0))
    pol.update(1, np.array([5, 4, 3, 2, 1]), Observation(np.array([1, 0, 1, 0, 0])))
    np.testing.assert_array_equal(pol.T, [0, 0, 0, 1, 1, 1])
    np.testing.assert_array_equal(pol.C, [0, 0, 0, 1, 0, 1])
    pol.update(2, np.array([0, 1, 2, 3, 4]), Observation(np.array([0, 0, 0, 0, 0])))
    np.testing.assert_array_equal(pol.T, [1, 1, 1, 2, 2, 1])
    t = 30
    want = 1 / 2 + math.sqrt(0.5 * math.log(30) / 2)     # item 3: one click in two exposures, α = 0.5
    assert pol.index(t)[3] == pytest.approx(want, rel=1e-15)


def test_regret_sublinear_on_easy_cascade_instance():
    n = 20000
    r = sim.simulate(EASY, "CascadeUCB-last-click", K=3, n=n, runs=8, seed=3, checkpoints=[n // 2, n])
    first, whole = r.mean()
    assert whole - first <= SECOND_HALF_MAX * first, (first, whole)


@pytest.mark.parametrize("params", [{"alpha": 0.0}, {"alpha": -2}, {"c": 1.0}])
def test_bad_parameters_are_rejected(params):
    with pytest.raises(ValueError):
        CascadeUCBLastClick(5, 2, np.random.default_rng(0), **params)
    with pytest.raises(ValueError):
        CascadeUCBLastClick.kernel_state(5, 2, **params)
