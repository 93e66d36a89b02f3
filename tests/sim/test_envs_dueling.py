"""sim.envs_dueling: the ranker space, the link, projections and DBGD's bookkeeping."""
import numpy as np
import pytest

from clickbound.sim.envs_dueling import Dueling, sigma, simulate_dbgd


def test_link_and_preferences():
    env = Dueling(3, 1.0, w_star=[0.5, 0, 0])
    W1, W2 = np.array([[0.5, 0, 0]]), np.array([[-0.5, 0, 0]])
    p = env.prefer(W1, W2)
    assert p == pytest.approx(sigma(1.0)) and env.prefer(W2, W1) == pytest.approx(1 - p)
    assert env.eps_star(W1) == pytest.approx(0.0) and (env.eps_star(np.random.default_rng(0).normal(size=(5, 3))) >= 0).all()


def test_projection_stays_in_the_ball():
    env = Dueling(4, 2.0)
    W = np.random.default_rng(1).normal(size=(100, 4)) * 5
    assert (np.linalg.norm(env.project(W), axis=1) <= 2.0 + 1e-12).all()
    inside = np.array([[0.1, 0.2, 0.0, 0.3]])
    assert (env.project(inside) == inside).all()


def test_dbgd_is_seeded_and_bounded():
    env = Dueling(2, 1.0, w_star=[0.8, 0.0])
    a = simulate_dbgd(env, 300, runs=3, seed=5)
    b = simulate_dbgd(env, 300, runs=3, seed=5)
    np.testing.assert_array_equal(a.regret, b.regret)
    assert (np.diff(a.regret, axis=1) >= 0).all()
    assert (np.linalg.norm(a.final_w, axis=1) <= 1.0 + 1e-12).all()


def test_bad_input():
    with pytest.raises(ValueError):
        Dueling(2, 1.0, w_star=[2.0, 0.0])
    with pytest.raises(ValueError):
        Dueling(2, 1.0, utility="convex")
    with pytest.raises(ValueError, match="delta and gamma"):
        simulate_dbgd(Dueling(2, utility="ranking", X=np.eye(2), attr=[0.5, 0.2]), 10)


def test_feature_cascade_spec_and_default_features():
    from clickbound import sim
    from clickbound.sim.envs import from_spec
    from clickbound.sim.envs_dueling import FeatureCascade

    env = FeatureCascade([0.3, 0.1, 0.2])
    assert env.model == "cascade" and env.features.tolist() == [[0.3, 1.0], [0.1, 1.0], [0.2, 1.0]]
    back = from_spec(env.spec())
    assert isinstance(back, FeatureCascade) and np.array_equal(back.features, env.features)
    assert back.expected_reward([0, 2]) == sim.Cascade([0.3, 0.1, 0.2]).expected_reward([0, 2])
    with pytest.raises(ValueError, match="features"):
        FeatureCascade([0.3, 0.1, 0.2], features=[[1.0, 2.0]])


def test_cli_runs_dbgd_on_the_dueling_model(capsys):
    from clickbound.report.cli import main

    assert main(["simulate", "--model", "dueling", "--w", "0.3,0.2,0.25,0.1", "--K", "2", "--policy", "DBGD",
                 "--n", "200", "--runs", "2", "--no-progress", "--workers", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"policy": "DBGD"' in out and '"features"' in out
