"""sim.policies.dueling: DBGD (team-draft interleaving) and MGD (team-draft multileaving), kernel = reference."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs_intent import Intent
from clickbound.sim.testing import assert_paths_agree

W = [0.3, 0.2, 0.25, 0.1, 0.05, 0.15, 0.4, 0.02]
FEAT = np.random.default_rng(3).normal(size=(len(W), 4))


@pytest.mark.parametrize("name,params", [("DBGD", {}), ("MGD", {}), ("MGD", {"n_candidates": 2, "delta": 0.5})])
def test_kernel_matches_reference(name, params):
    assert_paths_agree(sim.Cascade(W), name, K=3, n=300, runs=2, seed=1, policy_params={"features": FEAT, **params})


def test_kernel_matches_reference_intent():
    env = Intent([[0.9, 0, 0.3, 0, 0.5, 0, 0, 0], [0, 0.8, 0.3, 0.2, 0, 0, 0.4, 0]], [0.6, 0.4])
    assert_paths_agree(env, "MGD", K=2, n=200, runs=1, seed=2, policy_params={"features": FEAT})


def test_learns_when_features_identify_the_attraction():
    # one feature equal to the attraction: w moves towards +e_1, so regret per round falls
    X = np.column_stack([W, np.zeros(len(W))])
    res = sim.simulate(sim.Cascade(W), "DBGD", K=2, n=5000, runs=4, seed=4,
                       policy_params={"features": X, "gamma": 0.5})
    cps, mean = res.checkpoints, res.mean()
    early = mean[cps <= 500][-1] / 500
    late = (mean[-1] - mean[cps <= 4000][-1]) / (cps[-1] - cps[cps <= 4000][-1])
    assert late < early


def test_bad_parameters():
    with pytest.raises(ValueError, match="features"):
        sim.simulate(sim.Cascade(W), "DBGD", K=2, n=10)
    with pytest.raises(ValueError):
        sim.simulate(sim.Cascade(W), "DBGD", K=2, n=10, policy_params={"features": FEAT, "n_candidates": 3})
    with pytest.raises(ValueError):
        sim.simulate(sim.Cascade(W), "MGD", K=2, n=10, policy_params={"features": FEAT[:3]})
