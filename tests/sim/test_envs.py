"""Environments: empirical frequencies vs closed forms, kernel twin, validation.

Tolerances come from Hoeffding's inequality (CONC-HOEFFDING): for N i.i.d. variables in
[0, b], P(|mean − E| ≥ b·sqrt(log(2/δ)/(2N))) ≤ δ; we take δ = 1e-9 per check.
"""
import itertools

import numpy as np
import pytest

from clickbound import sim
from clickbound.bounds import click
from clickbound.sim.kernels import env_round, expected_reward_nb

N = 40_000
DELTA = 1e-9
#: Hoeffding half-width for a [0, 1] frequency from N draws at failure probability DELTA
TOL = np.sqrt(np.log(2 / DELTA) / (2 * N))

W = np.array([0.3, 0.2, 0.25, 0.1, 0.7, 0.24])
A = np.array([4, 0, 2, 5])
ENVS = {
    "cascade": sim.Cascade(W),
    "dcm": sim.DCM(W, [0.9, 0.3, 0.6, 0.5]),          # non-monotone v on purpose
    "pbm": sim.PBM(W, [1.0, 0.6, 0.35, 0.2]),
    "depth": sim.Depth(W, [1.0, 0.55, 0.30, 0.15]),
}


def click_probabilities(env, A):
    """Closed-form P(c_k = 1) per position."""
    w = env.attraction[A]
    if env.model == "cascade":
        return np.array([click.examination(A, env.attraction, k) * w[k] for k in range(len(A))])
    if env.model == "dcm":  # reach k iff no satisfied click before k
        return np.array([np.prod(1 - w[:k] * env.v[:k]) * w[k] for k in range(len(A))])
    return env.position[: len(A)] * w  # PBM: kappa_k theta; Depth: P_k theta


def _draw(env, A, n, reference):
    code, wa, pa = env.kernel_params()
    rng = np.random.default_rng(123)
    clicks = np.zeros((n, len(A)), dtype=np.int64)
    rewards = np.zeros(n)
    depths = np.zeros(n, dtype=np.int64)
    buf = np.zeros(len(A), dtype=np.int64)
    for i in range(n):
        if reference:
            obs = env.observe(A, rng)
            clicks[i], rewards[i], depths[i] = obs.clicks, obs.reward, obs.depth or -1
        else:
            depths[i], rewards[i] = env_round(code, wa, pa, A, len(A), rng, buf)
            clicks[i] = buf
    return clicks, rewards, depths


@pytest.mark.parametrize("model", ENVS)
def test_empirical_frequencies_match_closed_form(model):
    env = ENVS[model]
    clicks, rewards, depths = _draw(env, A, N, reference=False)
    np.testing.assert_array_less(np.abs(clicks.mean(axis=0) - click_probabilities(env, A)), TOL)
    scale = 1.0 if model in ("cascade", "dcm") else len(A)  # reward range [0, scale]
    assert abs(rewards.mean() - env.expected_reward(A)) < scale * TOL
    if model == "cascade":
        assert clicks.sum(axis=1).max() <= 1
    if model == "depth":
        P = np.append(env.P, 0.0)
        for j in range(1, len(A) + 1):
            assert abs(np.mean(depths == j) - (P[j - 1] - P[j])) < TOL
        assert not (clicks * (np.arange(len(A)) >= depths[:, None])).any()  # no click below V
    if model == "dcm":  # a satisfied stop needs a click; the last click ends every satisfied session
        assert set(np.unique(rewards)) <= {0.0, 1.0}
        assert (clicks[rewards == 1].sum(axis=1) >= 1).all()


@pytest.mark.parametrize("model", ENVS)
def test_reference_observe_and_kernel_consume_the_same_stream(model):
    env = ENVS[model]
    c1, r1, d1 = _draw(env, A, 2000, reference=True)
    c2, r2, d2 = _draw(env, A, 2000, reference=False)
    np.testing.assert_array_equal(c1, c2)
    np.testing.assert_array_equal(r1, r2)
    np.testing.assert_array_equal(d1, d2)


@pytest.mark.parametrize("model", ENVS)
def test_fixed_number_of_uniforms_per_round(model):
    env = ENVS[model]
    per_round = {"cascade": 4, "dcm": 8, "pbm": 4, "depth": 5}[model]
    for lst in (A, A[::-1], np.array([1, 3, 5, 0])):
        g, ref = np.random.default_rng(9), np.random.default_rng(9)
        env.observe(lst, g)
        ref.random(per_round)
        assert g.random() == ref.random()


@pytest.mark.parametrize("model", ENVS)
def test_expected_reward_kernel_twin_is_bitwise_equal(model):
    env = ENVS[model]
    code, wa, pa = env.kernel_params()
    for lst in itertools.permutations(range(6), 4):
        lst = np.array(lst)
        assert expected_reward_nb(code, wa, pa, lst, 4) == env.expected_reward(lst)


@pytest.mark.parametrize("model", ENVS)
def test_optimal_list_is_brute_force_optimal(model):
    env = ENVS[model]
    best = max(env.expected_reward(np.array(p)) for p in itertools.permutations(range(6), 4))
    A_star = env.optimal_list(4)
    assert env.expected_reward(A_star) == pytest.approx(best, abs=1e-15)
    assert env.gap(A_star) == 0.0
    assert env.gap(np.array([3, 1, 5, 0])) > 0


def test_initial_observation_frequencies():
    env = ENVS["pbm"]
    rng = np.random.default_rng(0)
    x = np.array([env.initial_observation(rng) for _ in range(N // 4)])
    np.testing.assert_array_less(np.abs(x.mean(axis=0) - env.kappa[0] * W), np.sqrt(np.log(2 / DELTA) / (2 * (N // 4))))


def test_bernoulli_alias():
    env = sim.Bernoulli([0.5, 0.4])
    assert env.model == "cascade" and env.optimal_list(1).tolist() == [0]
    assert env.gap(np.array([1])) == pytest.approx(0.1)


@pytest.mark.parametrize("make,match", [
    (lambda: sim.Cascade([0.1, 1.2]), r"w\[1\] = 1.2"),
    (lambda: sim.Cascade([-0.1]), r"w\[0\] = -0.1"),
    (lambda: sim.Cascade([0.1, np.nan]), "w"),
    (lambda: sim.Cascade([]), "non-empty"),
    (lambda: sim.DCM([0.1, 0.2], [0.5, 1.5]), r"v\[1\] = 1.5"),
    (lambda: sim.DCM([0.1], [0.5, 0.5]), "only L = 1"),
    (lambda: sim.PBM([0.1, 0.2], [2.0]), "kappa"),
    (lambda: sim.Depth([0.1, 0.2, 0.3], [1.0, 0.3, 0.5]), "non-increasing"),
    (lambda: sim.Depth([0.1, 0.2], [0.9, 0.3]), "P\\[0\\] must equal 1"),
    (lambda: sim.Depth([0.1, 0.2], [1.0, 0.0]), "P_K must be > 0"),
    (lambda: sim.Depth([0.1, 0.2], [[1.0]]), "1-D"),
])
def test_bad_parameters(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize("lst,match", [
    ([0, 0], "duplicate"), ([0, 9], "outside"), ([], "non-empty"), ([0.0, 1.0], "integer"),
    ([0, 1, 2, 3, 4], "positions"),
])
def test_bad_lists(lst, match):
    with pytest.raises(ValueError, match=match):
        ENVS["dcm"].expected_reward(np.array(lst))
