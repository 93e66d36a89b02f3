"""CascadeLinTS / CascadeLinUCB (ALG-CASLINTS, ALG-CASLINUCB, LIN-SM; source
004_d9477b3ebe233f80.txt): kernel = reference, Sherman–Morrison state = the direct inverse,
the dense helpers, sanity of regret, validation."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs import Observation
from clickbound.sim.policies.linear import (
    CascadeLinTS,
    CascadeLinUCB,
    cholesky_lower,
    posterior_mean,
    sherman_morrison,
    ucb_scores,
)
from clickbound.sim.testing import assert_paths_agree

#: source 004's tag click rates
TAGS = np.array([0.1, 0.2, 0.15, 0.08, 0.05, 0.23, 0.3, 0.18, 0.25, 0.2])
#: Sherman–Morrison vs a direct inverse of a well-conditioned d = 10 matrix: round-off only
#: (condition number < 1e3 here, so 1e-12 relative leaves three orders of margin)
SM_RTOL = 1e-12
#: see tests/sim/test_policies_single_arm.py; measured 0.08 (LinUCB) and 0.15 (LinTS, σ = 0.5)
SECOND_HALF_MAX = 0.5


def source_004_items(L, seed):
    """Source 004's generator: 1–3 distinct tags per item, w = Σ Normal(tag rate, 0.01)."""
    g = np.random.default_rng(seed)
    X, w = np.zeros((L, TAGS.size)), np.zeros(L)
    for e in range(L):
        tags = g.choice(TAGS.size, size=g.integers(1, 4), replace=False)
        X[e, tags] = 1.0
        w[e] = sum(g.normal(TAGS[j], 0.01) for j in tags)
    return X, w


def exactly_linear(L=20, d=4, seed=7):
    g = np.random.default_rng(seed)
    X = np.zeros((L, d))
    for e in range(L):
        X[e, g.choice(d, size=g.integers(1, 3), replace=False)] = 1.0
    return X, X @ np.array([0.3, 0.2, 0.1, 0.05])


@pytest.mark.parametrize("name,extra", [("CascadeLinTS", {}), ("CascadeLinTS", {"sigma": 0.5}),
                                        ("CascadeLinUCB", {}), ("CascadeLinUCB", {"c": 0.3})])
def test_kernel_matches_reference(name, extra):
    X, w = source_004_items(16, 0)
    assert w.max() <= 1.0
    for seed in (0, 1, 2):
        assert_paths_agree(sim.Cascade(w), name, K=4, n=300, runs=2, seed=seed,
                           policy_params={"features": X, **extra})


def test_sherman_morrison_state_equals_the_direct_inverse():
    """LIN-SM numerically, d = 10: M^{-1} kept by rank-one updates = inv(I + σ^{-2} Σ x xᵀ)."""
    X, _ = source_004_items(30, 1)
    g = np.random.default_rng(2)
    sigma = 0.7
    pol = CascadeLinTS(30, 4, g, features=X, sigma=sigma)
    M = np.eye(10)
    B = np.zeros(10)
    for _ in range(50):
        A = g.choice(30, size=4, replace=False)
        clicks = np.zeros(4, dtype=np.int64)
        first = g.integers(0, 5)           # 4 means "no click"
        if first < 4:
            clicks[first] = 1
        pol.update(0, A, Observation(clicks))
        for k in range(4):                 # cascade feedback: up to the first click
            M += np.outer(X[A[k]], X[A[k]]) / sigma ** 2
            if clicks[k]:
                B += X[A[k]]
                break
    np.testing.assert_allclose(pol.Minv, np.linalg.inv(M), rtol=SM_RTOL, atol=SM_RTOL)
    np.testing.assert_array_equal(pol.Minv, pol.Minv.T)        # symmetric to the last bit
    np.testing.assert_allclose(pol.B, B, rtol=0, atol=0)
    mean = np.zeros(10)
    posterior_mean(pol.Minv, pol.B, sigma, mean)
    np.testing.assert_allclose(mean, np.linalg.solve(M, B) / sigma ** 2, rtol=SM_RTOL, atol=SM_RTOL)


def test_cholesky_matches_numpy():
    g = np.random.default_rng(3)
    G = g.normal(size=(10, 10))
    A = G @ G.T + 10 * np.eye(10)
    out = np.zeros((10, 10))
    cholesky_lower(A, out)
    np.testing.assert_allclose(out, np.linalg.cholesky(A), rtol=SM_RTOL, atol=SM_RTOL)
    with pytest.raises(ValueError):
        cholesky_lower(-np.eye(3), np.zeros((3, 3)))


def test_sherman_morrison_one_step_by_hand():
    """d = 2, σ = 1, x = (1, 1): inv(I + xxᵀ) = [[2, −1], [−1, 2]] / 3."""
    Minv = np.eye(2)
    sherman_morrison(Minv, np.array([1.0, 1.0]), 1.0, np.zeros(2))
    np.testing.assert_allclose(Minv, np.array([[2.0, -1.0], [-1.0, 2.0]]) / 3, rtol=1e-15)


def test_linucb_index_caps_at_one_and_starts_with_ties():
    X, _ = exactly_linear()
    pol = CascadeLinUCB(20, 3, np.random.default_rng(0), features=X, c=1.0)
    scores = np.zeros(20)
    ucb_scores(pol.X, pol.Minv, pol.B, pol.sigma, pol.c, np.zeros(4), scores)
    # prior: θ̂ = 0, M^{-1} = I: score = min(||x||, 1) = 1 for every non-zero feature vector
    np.testing.assert_array_equal(scores, np.ones(20))


@pytest.mark.parametrize("name,extra", [("CascadeLinUCB", {}), ("CascadeLinTS", {"sigma": 0.5})])
def test_regret_sublinear_on_an_exactly_linear_instance(name, extra):
    X, w = exactly_linear()
    n = 20000
    r = sim.simulate(sim.Cascade(w), name, K=3, n=n, runs=8, seed=3, checkpoints=[n // 2, n],
                     policy_params={"features": X, **extra})
    first, whole = r.mean()
    assert whole - first <= SECOND_HALF_MAX * first, (first, whole)


@pytest.mark.parametrize("cls", [CascadeLinTS, CascadeLinUCB])
@pytest.mark.parametrize("params", [{}, {"features": np.ones((6, 2)), "sigma": 0.0},
                                    {"features": np.ones((4, 2))}, {"features": np.ones(6)},
                                    {"features": np.full((6, 2), np.nan)},
                                    {"features": np.ones((6, 2)), "gamma": 1}])
def test_bad_parameters_are_rejected(cls, params):
    with pytest.raises(ValueError):
        cls(6, 2, np.random.default_rng(0), **params)
    with pytest.raises(ValueError):
        cls.kernel_state(6, 2, **params)
