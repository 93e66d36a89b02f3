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


def test_memo_entries_are_the_recomputed_midpoints():
    # the shared table (sim.policies.gittins._memo) must hold exactly what index_bracket_nb gives: a run with a
    # fresh table and a second run reading the filled table choose the same arms, and every filled entry is
    # bitwise the recomputed midpoint
    from clickbound.bounds.gittins import index_bracket_nb
    from clickbound.sim.policies import gittins as g

    prm = {"lam": 0.8, "tol": 1e-6}  # parameters no other test uses: the table starts empty here
    env = sim.Bernoulli([0.3, 0.5, 0.45])
    first = sim.simulate(env, "Gittins", K=1, n=150, runs=2, seed=4, policy_params=prm, trace=150)
    par = g._params(prm)
    memo = g._memo(*(float(x) for x in par[:4]))
    filled = np.argwhere(~np.isnan(memo))
    assert len(filled) > 50
    for s, f in filled[:200]:
        lo, hi = index_bracket_nb(par[1] + s, par[2] + f, par[0], par[3], int(par[4]), par[5])
        assert memo[s, f] == 0.5 * (lo + hi)
    again = sim.simulate(env, "Gittins", K=1, n=150, runs=2, seed=4, policy_params=prm, trace=150)
    assert np.array_equal(first.config["trace"], again.config["trace"])
    assert np.array_equal(first.regret, again.regret)
    ref = sim.simulate(env, "Gittins", K=1, n=150, runs=2, seed=4, policy_params=prm, trace=150, reference=True)
    assert np.array_equal(first.config["trace"], ref.config["trace"])
