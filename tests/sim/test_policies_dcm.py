"""dcmKL-UCB, CascadeKL-UCB, First-click, Last-click (source 000_0b27131c69d8f24c.txt, 実験2)."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.policies.dcm import DCM_ALL, FIRST, LAST, STATE_STATS, observed_prefix
from clickbound.sim.testing import assert_paths_agree, kernel_run

POLICIES = ["dcmKL-UCB", "CascadeKL-UCB", "First-click", "Last-click"]
# B_LB(L=8, A*=[3], p=0.2, Δ=0.15, γ=0.5) (DCM-BLB)
BLB = sim.DCM([0.2] * 3 + [0.05] * 5, [0.5] * 3)


@pytest.mark.parametrize("policy", POLICIES)
def test_kernel_matches_reference_dcm(policy):
    assert_paths_agree(BLB, policy, n=1500, runs=2, seed=7)


@pytest.mark.parametrize("policy", POLICIES)
def test_kernel_matches_reference_cascade_K1_and_KeqL(policy):
    assert_paths_agree(sim.Cascade([0.6, 0.5, 0.1]), policy, K=1, n=800, runs=2, seed=1)
    assert_paths_agree(sim.Cascade([0.6, 0.5, 0.1]), policy, K=3, n=300, runs=1, seed=1)


def test_observed_prefix_matches_source_example():
    # source 000 実験2: A_t = (1,2,3,4), c_t = (0,1,1,0)
    c = np.array([0, 1, 1, 0])
    m, obs = observed_prefix(c, DCM_ALL)   # dcmKL-UCB: (1,0),(2,1),(3,1)
    assert m == 3 and obs.tolist() == [0, 1, 1]
    m, obs = observed_prefix(c, FIRST)     # First click: (1,0),(2,1)
    assert m == 2 and obs.tolist() == [0, 1]
    m, obs = observed_prefix(c, LAST)      # Last click: (1,0),(2,0),(3,1)
    assert m == 3 and obs.tolist() == [0, 0, 1]
    for rule in (DCM_ALL, FIRST, LAST):    # no click: all K observed as 0 (C_last = +inf)
        m, obs = observed_prefix(np.zeros(4, int), rule)
        assert m == 4 and obs.tolist() == [0, 0, 0, 0]


def test_dcmklucb_beats_rankedlike_baselines_eventually():
    # dcmKL-UCB uses strictly more correct observations than First-click (source 000 Fig. 3a)
    res = {p: sim.simulate(BLB, p, n=20_000, runs=6, seed=3).mean()[-1] for p in ("dcmKL-UCB", "First-click")}
    assert res["dcmKL-UCB"] < res["First-click"]


LAZY_ENVS = [
    (BLB, None),
    (sim.DCM([0.2] * 4 + [0.05] * 12, [0.5] * 4), None),       # EXP-DCM-3ab instance
    (sim.DCM(np.random.default_rng(1).uniform(0.01, 0.4, 16), [0.9, 0.6, 0.5, 0.3]), None),
    (sim.Cascade([0.3, 0.3, 0.1, 0.1, 0.1]), 2),                 # exact ties in w
    (sim.Cascade([0.5, 0.4]), 1),
    (sim.Cascade([0.3] * 4 + [0.1] * 12), 3),                   # many exactly tied indices: topk_nb fallback
]


@pytest.mark.parametrize("policy", ["dcmKL-UCB", "CascadeKL-UCB", "Last-click"])
@pytest.mark.parametrize("case", range(len(LAZY_ENVS)))
def test_lazy_kernel_makes_exactly_the_eager_choices(policy, case):
    env, K = LAZY_ENVS[case]
    for r in range(2):
        lazy, st = kernel_run(env, policy, K=K, n=30_000, seed=11, r=r, policy_params={"lazy": True})
        eager, st_e = kernel_run(env, policy, K=K, n=30_000, seed=11, r=r, policy_params={"lazy": False})
        np.testing.assert_array_equal(lazy, eager)
        assert st_e[STATE_STATS][0] == env.L * 30_000            # eager: one index per item per round
        if env.L >= 16:
            assert st[STATE_STATS][0] < 0.5 * st_e[STATE_STATS][0]       # lazy: far fewer (measured ~4 vs 16 per round)


def test_lazy_reference_agreement_and_bad_param():
    assert_paths_agree(BLB, "dcmKL-UCB", n=1500, runs=1, seed=2, policy_params={"lazy": False})
    with pytest.raises(ValueError, match="lazy"):
        sim.simulate(BLB, "dcmKL-UCB", n=10, policy_params={"lazy": "yes"})
