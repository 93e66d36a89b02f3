"""RankedKL-UCB (ALG-RANKEDKLUCB; sources 000 実験2 and 003 Radlinski ranked bandits)."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.policies._lazy import STATE_STATS
from clickbound.sim.policies.ranked import RankedKLUCB
from clickbound.sim.testing import assert_paths_agree, kernel_run

BLB = sim.DCM([0.2] * 3 + [0.05] * 5, [0.5] * 3)  # B_LB(L=8, A*=[3], p=0.2, Δ=0.15, γ=0.5)


def test_kernel_matches_reference():
    assert_paths_agree(BLB, "RankedKL-UCB", n=1000, runs=2, seed=3)
    assert_paths_agree(sim.Cascade([0.5, 0.4, 0.3]), "RankedKL-UCB", K=3, n=300, runs=1, seed=0)


def test_duplicates_replaced_and_replaced_bandit_gets_zero():
    pol = RankedKLUCB(4, 2, np.random.default_rng(0))
    pol.initialise(np.array([0, 0, 0, 0]))
    pol.S[:, 1] = 1.0  # both positions' bandits now prefer item 1
    A = pol.select(5)
    assert A[0] == 1 and A[1] != 1 and pol.proposed.tolist() == [1, 1]
    pol.update(5, A, sim.Observation(np.array([0, 1])))
    # position 2 proposed item 1 but showed A[1]: its bandit records (item 1, reward 0)
    assert pol.T[1, 1] == 2 and pol.S[1, 1] == 1.0 and pol.T[1, A[1]] == 1
    assert pol.T[0, 1] == 2 and pol.S[0, 1] == 1.0


def test_rankedklucb_worse_than_dcmklucb():
    # source 000 Fig. 3b: RankedKL-UCB's regret is several times dcmKL-UCB's on B_LB
    r = {p: sim.simulate(BLB, p, n=20_000, runs=4, seed=1).mean()[-1] for p in ("RankedKL-UCB", "dcmKL-UCB")}
    assert r["RankedKL-UCB"] > 1.5 * r["dcmKL-UCB"]


@pytest.mark.parametrize("env,K", [(BLB, None), (sim.DCM([0.2] * 4 + [0.05] * 12, [0.5] * 4), None),
                                   (sim.Cascade([0.3, 0.3, 0.1, 0.1]), 2)])
def test_lazy_kernel_makes_exactly_the_eager_choices(env, K):
    lazy, st = kernel_run(env, "RankedKL-UCB", K=K, n=20_000, seed=4, policy_params={"lazy": True})
    eager, st_e = kernel_run(env, "RankedKL-UCB", K=K, n=20_000, seed=4, policy_params={"lazy": False})
    np.testing.assert_array_equal(lazy, eager)
    assert st[STATE_STATS][0] < 0.5 * st_e[STATE_STATS][0]  # index evaluations
