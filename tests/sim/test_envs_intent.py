"""sim.envs_intent: validation, the exact expected satisfaction, brute-force OPT, greedy, and the kernel twin."""
import itertools
from fractions import Fraction

import numpy as np
import pytest

from clickbound.sim.envs_intent import Intent, coverage_instance, random_instance
from clickbound.sim.kernels import env_round, expected_reward_nb

TRAP = coverage_instance([{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}], 3)


def test_bad_input():
    with pytest.raises(ValueError, match="sum to 1"):
        Intent([[1, 0]], [0.5])
    with pytest.raises(ValueError, match=r"P\[0\]"):
        Intent([[1.5, 0]], [1.0])
    with pytest.raises(ValueError, match="intents"):
        Intent([[1, 0]], [0.5, 0.5])
    with pytest.raises(ValueError, match="duplicate"):
        TRAP.expected_reward([0, 0])
    with pytest.raises(ValueError, match="outside"):
        TRAP.expected_reward([0, 5])


def test_expected_reward_is_exact_coverage_and_order_free():
    # 6 equiprobable users: A∪B covers 5, B∪C covers all 6 (the greedy trap)
    assert TRAP.expected_reward([0, 1]) == pytest.approx(5 / 6, abs=1e-15)
    assert TRAP.expected_reward([1, 2]) == TRAP.expected_reward([2, 1]) == pytest.approx(1.0, abs=1e-15)
    assert TRAP.optimal_list(2).tolist() == [1, 2]
    assert TRAP.greedy_list(2).tolist()[0] == 0           # greedy takes the largest set first


def test_expected_reward_matches_enumeration_of_intents_and_clicks():
    rng = np.random.default_rng(np.random.SeedSequence(7))
    env = random_instance(rng, J=3, L=5, density=0.5, p_click=0.4)
    A = [3, 0, 4]
    exact = 0.0
    for j in range(env.J):
        for cs in itertools.product((0, 1), repeat=3):   # attraction of each shown document
            pr = np.prod([env.P[j, a] if c else 1 - env.P[j, a] for a, c in zip(A, cs)])
            exact += env.pi[j] * pr * (1 if any(cs) else 0)
    assert env.expected_reward(A) == pytest.approx(exact, abs=1e-14)


def test_kernel_twin_same_clicks_and_value():
    rng = np.random.default_rng(np.random.SeedSequence(8))
    env = random_instance(rng, J=4, L=6, density=0.4, p_click=0.7)
    code, wa, pa = env.kernel_params()
    A = np.array([5, 1, 2], dtype=np.int64)
    assert expected_reward_nb(code, wa, pa, A, 3) == env.expected_reward(A)
    r1, r2 = np.random.default_rng(3), np.random.default_rng(3)
    clicks = np.zeros(3, dtype=np.int64)
    for _ in range(200):
        obs = env.observe(A, r1)
        _, rew = env_round(code, wa, pa, A, 3, r2, clicks)
        assert obs.clicks.tolist() == clicks.tolist() and obs.reward == rew


def test_brute_force_and_greedy_guarantee_on_random_instances():
    rng = np.random.default_rng(np.random.SeedSequence(9))
    for _ in range(30):
        env = random_instance(rng, J=int(rng.integers(1, 7)), L=6, density=0.35)
        for K in (1, 2, 3):
            opt = env.expected_reward(env.optimal_list(K))
            best = max(env.set_value(S) for S in itertools.combinations(range(6), K))
            assert opt == best
            assert env.expected_reward(env.greedy_list(K)) >= (1 - 1 / np.e) * opt - 1e-12


def test_coverage_instance_exact_values():
    env = coverage_instance([{0}, {1}, {0, 1}], 3, weights=[0.25, 0.75])
    assert Fraction(env.set_value([0])).limit_denominator(100) == Fraction(1, 4)
    assert env.set_value([2]) == 1.0
