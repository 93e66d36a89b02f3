"""RankedExp3 (ALG-RANKEDEXP3; source 003_f899901a464da92a.txt, Radlinski's ranked bandits):
kernel = reference, the Exp3 probabilities and update, replacement, γ = 1 is uniform, validation."""
import itertools
import math

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs import Observation
from clickbound.sim.policies.exp3 import RankedExp3, exp3_probs
from clickbound.sim.testing import assert_paths_agree

W = [0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.05]
#: z-score bound for a mean of independent replications against its exact expectation
Z_MAX = 4.0


@pytest.mark.parametrize("env,K,gamma", [(sim.Cascade(W), 3, 0.2), (sim.Cascade(W), 8, 0.1),
                                         (sim.DCM(W, [0.9, 0.5, 0.5]), None, 0.5)])
def test_kernel_matches_reference(env, K, gamma):
    for seed in (0, 1, 2):
        assert_paths_agree(env, "RankedExp3", K=K, n=400, runs=2, seed=seed,
                           policy_params={"gamma": gamma})


def test_exp3_probabilities_mix_softmax_and_uniform():
    p = np.zeros(3)
    exp3_probs(np.array([0.0, math.log(2.0), math.log(5.0)]), 0.3, p)
    np.testing.assert_allclose(p, 0.7 * np.array([1, 2, 5]) / 8 + 0.1, rtol=1e-15)
    exp3_probs(np.array([1000.0, 0.0, 1000.0]), 0.0, p)       # no overflow with huge log-weights
    np.testing.assert_allclose(p, [0.5, 0.0, 0.5], atol=1e-300)


def test_update_rewards_only_unreplaced_clicked_choices():
    pol = RankedExp3(5, 3, np.random.default_rng(0), gamma=0.5)
    pol._last = [(2, 0.25, False), (2, 0.4, True), (4, 0.5, False)]   # position 2 was replaced
    pol.update(1, np.array([2, 0, 4]), Observation(np.array([1, 1, 0])))
    want = np.zeros((3, 5))
    want[0, 2] = 0.5 * (1 / 0.25) / 5          # γ x̂ / L with x̂ = 1/p
    np.testing.assert_array_equal(pol.logw, want)


def test_lists_are_distinct_and_replacements_happen():
    pol = RankedExp3(4, 4, np.random.default_rng(1), gamma=1.0)
    n_rep = 0
    for t in range(1, 200):
        A = pol.select(t)
        assert sorted(A.tolist()) == [0, 1, 2, 3]
        n_rep += sum(r for _, _, r in pol._last)
    assert n_rep > 0


def test_gamma_one_is_a_uniformly_random_list():
    """γ = 1: p_k is uniform and replacement is uniform over unshown items, so every list of K
    distinct items is equally likely; per-round regret = the exact average over all lists."""
    env, K, n, runs = sim.Cascade(W), 3, 4000, 8
    lists = list(itertools.permutations(range(len(W)), K))
    opt = env.expected_reward(env.optimal_list(K))
    want = float(np.mean([opt - env.expected_reward(np.array(A)) for A in lists]))
    r = sim.simulate(env, "RankedExp3", K=K, n=n, runs=runs, seed=4, policy_params={"gamma": 1.0},
                     checkpoints=[n])
    per_round = r.regret[:, 0] / n
    se = per_round.std(ddof=1) / math.sqrt(runs)
    assert abs(per_round.mean() - want) <= Z_MAX * se, (per_round.mean(), want, se)


def test_learns_better_than_uniform():
    """γ = 0.1 on an easy cascade instance: late per-round regret well under a random list's."""
    env, K, n = sim.Cascade(W), 3, 50000
    lists = list(itertools.permutations(range(len(W)), K))
    opt = env.expected_reward(env.optimal_list(K))
    uniform = float(np.mean([opt - env.expected_reward(np.array(A)) for A in lists]))
    r = sim.simulate(env, "RankedExp3", K=K, n=n, runs=4, seed=5, checkpoints=[n // 2, n])
    late = (r.regret[:, 1] - r.regret[:, 0]).mean() / (n // 2)
    assert late <= 0.5 * uniform, (late, uniform)


@pytest.mark.parametrize("params", [{"gamma": 0.0}, {"gamma": 1.5}, {"gamma": -0.1}, {"eta": 1}])
def test_bad_parameters_are_rejected(params):
    with pytest.raises(ValueError):
        RankedExp3(5, 2, np.random.default_rng(0), **params)
    with pytest.raises(ValueError):
        RankedExp3.kernel_state(5, 2, **params)
