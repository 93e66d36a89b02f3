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


@pytest.mark.parametrize("env", [sim.Cascade(W), sim.DCM(W, [0.9, 0.6, 0.3])], ids=["cascade", "dcm"])
def test_balanced_kernel_matches_reference(env):
    assert_paths_agree(env, "DBGD-balanced", K=3, n=300, runs=2, seed=5, policy_params={"features": FEAT})
    a = sim.simulate(env, "DBGD", K=3, n=200, runs=2, seed=5, trace=200,
                     policy_params={"features": FEAT, "interleaving": "balanced"})
    b = sim.simulate(env, "DBGD-balanced", K=3, n=200, runs=2, seed=5, trace=200, policy_params={"features": FEAT})
    assert np.array_equal(a.config["trace"], b.config["trace"])


def test_balanced_rule_is_the_lemmas_rule():
    # the policy's merge and credit are lemmas.lecture.interleaving's balanced() and balanced_winner() on
    # top-K lists (A = the current ranker): every pair of top-3 lists over 5 items, both coins, every click set
    import itertools

    from clickbound.lemmas.lecture import interleaving as li
    from clickbound.sim.policies.dueling import DBGDBalanced

    pol = DBGDBalanced(5, 3, np.random.default_rng(0), features=np.eye(5))
    checked = 0
    for A in itertools.permutations(range(5), 3):
        for B in itertools.permutations(range(5), 3):
            for coin in (True, False):
                shown = pol._balanced(list(A), list(B), coin)
                ref, _ = li.balanced(list(A), list(B), 3, [coin])
                assert shown == ref
                pol.ranks = [list(A), list(B)]
                for clicks in itertools.product((0, 1), repeat=3):
                    full_a = list(A) + [x for x in range(5) if x not in A]
                    full_b = list(B) + [x for x in range(5) if x not in B]
                    assert pol._balanced_winner(shown, clicks) == -li.balanced_winner(full_a, full_b, shown, clicks)
                    checked += 1
    assert checked == 60 * 60 * 2 * 8


def test_features_come_from_the_environment():
    from clickbound.sim.envs_dueling import FeatureCascade

    env = FeatureCascade(W, features=FEAT)
    for name in ("DBGD", "DBGD-balanced", "MGD"):
        own = sim.simulate(env, name, K=2, n=300, runs=2, seed=6)
        given = sim.simulate(sim.Cascade(W), name, K=2, n=300, runs=2, seed=6, policy_params={"features": FEAT})
        np.testing.assert_array_equal(own.regret, given.regret)
    # explicit features win over the environment's
    other = sim.simulate(env, "DBGD", K=2, n=300, runs=2, seed=6, policy_params={"features": FEAT[:, :2]})
    assert not np.array_equal(other.regret, sim.simulate(env, "DBGD", K=2, n=300, runs=2, seed=6).regret)


def test_interleaving_parameter_checked():
    with pytest.raises(ValueError, match="interleaving"):
        sim.simulate(sim.Cascade(W), "DBGD", K=2, n=10, policy_params={"features": FEAT, "interleaving": "x"})
    with pytest.raises(ValueError):  # no balanced multileaving
        sim.simulate(sim.Cascade(W), "MGD", K=2, n=10, policy_params={"features": FEAT, "interleaving": "balanced"})
