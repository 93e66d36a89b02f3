"""sim.policies.ranked_bandits: kernel = reference for every base, and the two existing ranked policies are
instances of the generic one (identical lists on the same seeds)."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs_intent import coverage_instance
from clickbound.sim.testing import assert_paths_agree

W = [0.3, 0.2, 0.25, 0.1, 0.05, 0.15]
#: the greedy-trap coverage instance of RANKED-RBA/greedy-limit plus a useless document
TRAP = coverage_instance([{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}, set()], 4)
NAMES = ["RBA-UCB1", "RBA-KL-UCB", "RBA-TS", "RBA-eps-greedy", "RBA-Exp3"]


@pytest.mark.parametrize("name", NAMES)
def test_kernel_matches_reference_cascade(name):
    assert_paths_agree(sim.Cascade(W), name, K=3, n=400, runs=2, seed=3)


@pytest.mark.parametrize("name", NAMES)
def test_kernel_matches_reference_intent(name):
    assert_paths_agree(TRAP, name, K=2, n=400, runs=2, seed=4)


@pytest.mark.parametrize("name", ["RBA-UCB1", "RBA-KL-UCB", "RBA-TS"])
def test_next_best_replacement_agrees(name):
    assert_paths_agree(sim.DCM(W, [0.9, 0.6, 0.3]), name, n=300, runs=1, seed=5,
                       policy_params={"replace": "next-best"})


def _trace(env, name, K, params=None, n=1500):
    return sim.simulate(env, name, K=K, n=n, runs=2, seed=11, policy_params=params, trace=n).config["trace"]


def test_rankedklucb_is_an_instance():
    env = sim.Cascade(W)
    np.testing.assert_array_equal(_trace(env, "RBA-KL-UCB", 3, {"replace": "next-best"}),
                                  _trace(env, "RankedKL-UCB", 3))


def test_rankedexp3_is_an_instance():
    env = sim.DCM(W, [0.9, 0.6, 0.3])
    np.testing.assert_array_equal(_trace(env, "RBA-Exp3", None, {"gamma": 0.2}),
                                  _trace(env, "RankedExp3", None, {"gamma": 0.2}))


def test_lists_are_distinct_and_replacements_happen():
    tr = _trace(sim.Cascade(W), "RBA-Exp3", 3, n=300)
    assert all(len(set(row)) == 3 for row in tr.reshape(-1, 3).tolist())


@pytest.mark.parametrize("bad", [{"replace": "next-best"}, {"replace": "any"}, {"eps": 1.5}, {"alpha": 1}])
def test_bad_parameters(bad):
    with pytest.raises(ValueError):
        sim.simulate(sim.Cascade(W), "RBA-eps-greedy", K=2, n=100, policy_params=bad)
