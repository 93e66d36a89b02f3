"""Source 004's agents as written (sim/policies/blog.py; source 004_d9477b3ebe233f80.txt):
kernel = reference, and both = the ledger's line-by-line port of the blog's code
(lemmas/cascade_blog/ucb1.py, lemmas/cascade_blog/lints.py) on the same click sequences."""
import math
from fractions import Fraction

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs import Observation
from clickbound.sim.policies.blog import (
    CascadeLinTSBlog,
    CascadeUCB1Blog,
    blog_recorded,
    stable_topk,
)
from clickbound.sim.policies.linear import cholesky_lower
from clickbound.sim.testing import assert_paths_agree

#: the blog's first experiment
W_BLOG = [0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1]
TAGS = np.array([0.1, 0.2, 0.15, 0.08, 0.05, 0.23, 0.3, 0.18, 0.25, 0.2])


def tag_items(L, seed):
    g = np.random.default_rng(seed)
    X, w = np.zeros((L, TAGS.size)), np.zeros(L)
    for e in range(L):
        tags = g.choice(TAGS.size, size=g.integers(1, 4), replace=False)
        X[e, tags] = 1.0
        w[e] = sum(g.normal(TAGS[j], 0.01) for j in tags)
    return X, w


@pytest.mark.parametrize("observe", ["as-written", "fixed"])
def test_ucb1_blog_kernel_matches_reference(observe):
    for seed in (0, 1):
        assert_paths_agree(sim.Cascade(W_BLOG), "CascadeUCB1-blog", K=3, n=1500, seed=seed,
                           policy_params={"observe": observe})


@pytest.mark.parametrize("observe", ["as-written", "fixed"])
def test_lints_blog_kernel_matches_reference(observe):
    X, w = tag_items(40, 3)  # 40 items on 10 tags: items with equal features tie (smallest id wins)
    assert_paths_agree(sim.Cascade(w), "CascadeLinTS-blog", K=4, n=400, seed=2,
                       policy_params={"features": X, "observe": observe})


def test_observe_records_a_no_click_round_as_a_click_at_position_K():
    assert blog_recorded([0, 0, 0], fixed=False) == [(0, 0), (1, 0), (2, 1)]
    assert blog_recorded([0, 0, 0], fixed=True) == [(0, 0), (1, 0), (2, 0)]
    assert blog_recorded([0, 1, 0], fixed=False) == [(0, 0), (1, 1)]
    assert blog_recorded([1, 0, 0], fixed=True) == [(0, 1)]


def test_stable_topk_gives_ties_to_the_smallest_id():
    assert stable_topk([0.5, 0.9, 0.5, 0.9, 0.1], 3).tolist() == [1, 3, 0]


def _clicks(rng, w, A):
    """One cascade round (the blog's CascadingModelEnv.click law)."""
    c = np.zeros(len(A), dtype=np.int64)
    for k, e in enumerate(A):
        if rng.random() < w[e]:
            c[k] = 1
            break
    return c


@pytest.mark.parametrize("observe", ["as-written", "fixed"])
def test_ucb1_blog_equals_the_ledger_port_of_the_blog_code(observe):
    """Same lists as lemmas.cascade_blog.ucb1.CascadeUCB1Agent (the blog's lines) every round.

    The ledger's port has the blog's observe; for ``observe="fixed"`` its no-click rounds are fed
    as a click at an unreachable position ``K + 1``, which records K zeros — the fix, in the
    blog's own code."""
    from clickbound.lemmas.cascade_blog.ucb1 import CascadeUCB1Agent

    L, K, p = len(W_BLOG), 3, 0.2
    pol = CascadeUCB1Blog(L, K, np.random.default_rng(5), observe=observe)
    g = np.random.default_rng(5)
    init = iter([1 if g.random() < p else 0 for _ in range(L)])
    agent = CascadeUCB1Agent(W_BLOG, p, lambda p: next(init), {"E": W_BLOG})
    env_rng = np.random.default_rng(9)
    for t in range(1, 3001):
        A = pol.select(t)
        assert A.tolist() == agent.get_list(K), t
        c = _clicks(env_rng, W_BLOG, A)
        pol.update(t, A, Observation(c))
        click = int(np.argmax(c)) + 1 if c.any() else (-1 if observe == "as-written" else K + 1)
        agent.observe(A.tolist(), click)
    assert pol.counts == agent.counts
    assert pol.weights == agent.weights  # the same float operations, bit for bit


def test_lints_blog_equals_the_ledger_port_of_the_blog_code():
    """Same lists as lemmas.cascade_blog.lints.CascadeLinTSAgent (exact Fractions) fed the same
    Gaussian vectors; the posterior matrices agree to round-off."""
    from clickbound.lemmas.cascade_blog.lints import CascadeLinTSAgent

    L, K = 12, 3
    X, w = tag_items(L, 4)
    pol = CascadeLinTSBlog(L, K, np.random.default_rng(6), features=X)
    zs = np.random.default_rng(6)  # the policy's own stream: d normals per round, nothing else

    def sampler(mean, cov):
        C = np.zeros((X.shape[1], X.shape[1]))
        cholesky_lower(np.array(cov, dtype=float), C)
        return np.array(mean, dtype=float) + C @ zs.standard_normal(X.shape[1])

    cols = [np.array([[Fraction(int(v))] for v in row], dtype=object) for row in X]
    agent = CascadeLinTSAgent(X.shape[1], 1, cols, sampler)
    env_rng = np.random.default_rng(11)
    for t in range(1, 201):
        A = pol.select(t)
        assert A.tolist() == agent.get_list(K), t
        c = _clicks(env_rng, w, A)
        pol.update(t, A, Observation(c))
        agent.observe(A.tolist(), int(np.argmax(c)) + 1 if c.any() else -1)
    np.testing.assert_allclose(pol.InvM, np.array(agent.InvM, dtype=float), rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(pol.B, np.array(agent.B, dtype=float).ravel())


def test_ucb1_blog_first_round_uses_log_one():
    """Round 1: ``log(self.t − 1) = log 1 = 0``: the index is the pseudo-observation itself."""
    pol = CascadeUCB1Blog(4, 2, np.random.default_rng(0), p=1.0)
    A = pol.select(1)
    assert A.tolist() == [0, 1] and pol.weights == [1.0] * 4
    assert pol.ucb(0, 2) == 1.0 + math.sqrt(1.5 * math.log(2))


@pytest.mark.parametrize("cls,params", [(CascadeUCB1Blog, {"p": 1.5}), (CascadeUCB1Blog, {"observe": "x"}),
                                        (CascadeUCB1Blog, {"gamma": 1}), (CascadeLinTSBlog, {}),
                                        (CascadeLinTSBlog, {"features": np.ones((3, 2))})])
def test_bad_parameters_are_rejected(cls, params):
    with pytest.raises(ValueError):
        cls(5, 2, np.random.default_rng(0), **params)
    with pytest.raises(ValueError):
        cls.kernel_state(5, 2, **params)


def test_fixed_observe_variants_are_the_fixed_agents():
    X, w = tag_items(20, 1)
    env = sim.Cascade(w)
    for name, base, pp in [("CascadeUCB1-blog-fixed-observe", "CascadeUCB1-blog", {}),
                           ("CascadeLinTS-blog-fixed-observe", "CascadeLinTS-blog", {"features": X})]:
        a = sim.simulate(env, name, K=3, n=500, runs=2, seed=4, policy_params=pp)
        b = sim.simulate(env, base, K=3, n=500, runs=2, seed=4, policy_params={**pp, "observe": "fixed"})
        np.testing.assert_array_equal(a.regret, b.regret)
        assert_paths_agree(env, name, K=3, n=300, seed=1, policy_params=pp)
