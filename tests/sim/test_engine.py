"""The engine frame: seeds, checkpoints, chunking, Result, validation."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.engine import log_checkpoints, replication_rngs

W = [0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1]  # source 004 §4.3 instance


@pytest.mark.parametrize("n", [1, 7, 10, 99, 100, 1000, 12345, 10**6])
def test_checkpoints_log_spaced_with_powers_of_ten_and_n(n):
    cps = log_checkpoints(n)
    assert cps[-1] == n and cps[0] == 1
    assert np.all(np.diff(cps) > 0)
    for d in range(7):
        if 10**d <= n:
            assert 10**d in cps
    assert cps.size <= 10 * (np.log10(n) + 1) + 2  # O(log n) memory


def test_replication_root_is_spawn_child():
    children = np.random.SeedSequence(5).spawn(4)
    for r in range(4):
        env_ss, pol_ss = children[r].spawn(2)
        e, p = replication_rngs(5, r)
        assert e.random() == np.random.Generator(np.random.PCG64(env_ss)).random()
        assert p.random() == np.random.Generator(np.random.PCG64(pol_ss)).random()


def test_chunked_replications_bitwise_identical():
    env = sim.Cascade(W)
    whole = sim.simulate(env, "CascadeUCB1", K=3, n=3000, runs=5, seed=2, counts=True)
    parts = [sim.simulate(env, "CascadeUCB1", K=3, n=3000, runs=5, seed=2, counts=True, replications=r)
             for r in ([3, 4], [0], [1, 2])]
    joined = sim.Result.concat(parts)
    np.testing.assert_array_equal(joined.regret, whole.regret)
    np.testing.assert_array_equal(joined.counts, whole.counts)
    np.testing.assert_array_equal(joined.replications, np.arange(5))


def test_result_statistics():
    env = sim.Cascade(W)
    res = sim.simulate(env, "CascadeUCB1", K=3, n=1000, runs=4, seed=0, counts=True)
    np.testing.assert_allclose(res.mean(), res.regret.mean(axis=0))
    np.testing.assert_allclose(res.stderr(), res.regret.std(axis=0, ddof=1) / 2)
    assert np.all(np.diff(res.regret, axis=1) >= -1e-12)  # pseudo-regret increments are gaps >= 0
    assert (res.counts.sum(axis=1) == 3 * 1000).all()      # K items displayed per round
    assert np.isnan(sim.simulate(env, "CascadeUCB1", K=3, n=10, runs=1).stderr()).all()


def test_different_seeds_differ_and_same_seed_repeats():
    env = sim.Cascade(W)
    a = sim.simulate(env, "CascadeUCB1", K=3, n=500, runs=2, seed=0).regret
    b = sim.simulate(env, "CascadeUCB1", K=3, n=500, runs=2, seed=0).regret
    c = sim.simulate(env, "CascadeUCB1", K=3, n=500, runs=2, seed=1).regret
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("kwargs,match", [
    (dict(K=None), "K must be given"),
    (dict(K=11), "exceeds L"),
    (dict(K=0), "K must be a positive integer"),
    (dict(K=3, n=0), "n must be"),
    (dict(K=3, runs=0), "runs must be"),
    (dict(K=3, replications=[5]), "replications"),
    (dict(K=3, policy_params={"alpha": 1}), "no parameters"),
])
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        sim.simulate(sim.Cascade(W), "CascadeUCB1", **{"n": 10, **kwargs})


def test_unknown_policy_and_model_mismatch():
    with pytest.raises(KeyError, match="CascadeUCB1"):
        sim.simulate(sim.Cascade(W), "CascadeUCB", K=2, n=10)
    with pytest.raises(ValueError, match="does not run on model"):
        sim.simulate(sim.PBM([0.1, 0.2, 0.3], [1.0, 0.5]), "CascadeUCB1", n=10)
    with pytest.raises(ValueError, match="positions"):
        sim.simulate(sim.DCM([0.1, 0.2, 0.3], [1.0, 0.5]), "dcmKL-UCB", K=3, n=10)
