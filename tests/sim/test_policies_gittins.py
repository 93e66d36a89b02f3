"""sim.policies.gittins: kernel = reference; the index policy on a discounted problem."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.testing import assert_paths_agree


def test_kernel_matches_reference():
    assert_paths_agree(sim.Bernoulli([0.3, 0.5, 0.45]), "Gittins", K=1, n=200, runs=2, seed=1)


def test_first_pulls_follow_the_index():
    # with a Beta(1, 1) prior every arm has the same index at the start, so round 1 is a random tie;
    # after one failure on the arm played, its index drops below the others'
    res = sim.simulate(sim.Bernoulli([0.0, 0.0, 0.0]), "Gittins", K=1, n=3, runs=3, seed=2, trace=3)
    for row in res.config["trace"][:, :, 0]:
        assert len(set(row.tolist())) == 3        # three failures: three different arms


def test_bad_parameters():
    for bad in ({"lam": 1.0}, {"a0": 0}, {"foo": 1}):
        with pytest.raises(ValueError):
            sim.simulate(sim.Bernoulli([0.3, 0.5]), "Gittins", K=1, n=10, policy_params=bad)
    with pytest.raises(ValueError, match="K must be 1"):
        sim.simulate(sim.Bernoulli([0.3, 0.5]), "Gittins", K=2, n=10)
    assert np.isfinite(sim.simulate(sim.Bernoulli([0.3, 0.5]), "Gittins", K=1, n=10).regret).all()
