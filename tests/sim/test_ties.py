"""The tie rule (the policy conventions, ties uniformly at random): reference and compiled twin agree draw for draw."""
import numpy as np
import pytest

from clickbound.sim.kernels import topk_nb
from clickbound.sim.ties import topk_random_ties

#: Hoeffding at failure prob 1e-9 for a frequency estimated from N draws: sqrt(log(2/1e-9)/(2N))
N_UNIFORM = 20_000
TOL_UNIFORM = np.sqrt(np.log(2 / 1e-9) / (2 * N_UNIFORM))


def _compiled(values, K, rng):
    out = np.zeros(K, dtype=np.int64)
    topk_nb(np.asarray(values, float), K, rng, out, np.zeros(len(values), dtype=np.int64))
    return out


@pytest.mark.parametrize("L,K", [(1, 1), (5, 1), (5, 5), (10, 3), (200, 4), (300, 7)])
def test_reference_and_kernel_agree_with_heavy_ties(L, K):
    rng = np.random.default_rng(L * 100 + K)
    for trial in range(50):
        # few distinct values -> long tie runs, including +inf (never-observed items)
        values = rng.choice([0.1, 0.5, 0.5, 0.9, np.inf], size=L)
        g1 = np.random.Generator(np.random.PCG64(trial))
        g2 = np.random.Generator(np.random.PCG64(trial))
        a = topk_random_ties(values, K, g1)
        b = _compiled(values, K, g2)
        np.testing.assert_array_equal(a, b)
        assert g1.random() == g2.random(), "both must consume the same number of draws"
        # result is a top-K by value, in decreasing value
        assert np.all(values[a][:-1] >= values[a][1:])
        assert values[a].min() >= np.sort(values)[::-1][K - 1]
        assert len(set(a.tolist())) == K


def test_no_draw_without_ties():
    values = np.linspace(0, 1, 50)
    g = np.random.Generator(np.random.PCG64(3))
    ref = np.random.Generator(np.random.PCG64(3))
    np.testing.assert_array_equal(topk_random_ties(values, 4, g), [49, 48, 47, 46])
    assert g.random() == ref.random()


def test_ties_are_uniform():
    # 4 tied items for 2 slots after one clear winner: each tied item is shown w.p. 1/4 at slot 2
    values = np.array([0.2, 0.9, 0.2, 0.2, 0.2, 0.1])
    g = np.random.default_rng(11)
    hits = np.zeros(6)
    for _ in range(N_UNIFORM):
        A = topk_random_ties(values, 2, g)
        assert A[0] == 1
        hits[A[1]] += 1
    freq = hits / N_UNIFORM
    for e in (0, 2, 3, 4):
        assert abs(freq[e] - 0.25) <= TOL_UNIFORM
    assert hits[5] == 0


def test_nan_index_is_an_error():
    with pytest.raises(ValueError, match="NaN"):
        topk_random_ties(np.array([0.1, np.nan]), 1, np.random.default_rng(0))


def test_huge_tie_costs_at_most_K_draws_and_is_uniform_over_subsets():
    # 3000 untried items share +inf: the list needs K = 4 of them, so exactly 4 draws
    values = np.full(3000, np.inf)
    g, ref = np.random.Generator(np.random.PCG64(5)), np.random.Generator(np.random.PCG64(5))
    A = topk_random_ties(values, 4, g)
    ref.random(4)
    assert g.random() == ref.random() and len(set(A.tolist())) == 4
    np.testing.assert_array_equal(A, _compiled(values, 4, np.random.Generator(np.random.PCG64(5))))
    # the first slot is uniform over 50 tied items: mean/49 is 1/2 ± Hoeffding (range [0, 1])
    g = np.random.default_rng(8)
    firsts = np.array([topk_random_ties(values[:50], 2, g)[0] for _ in range(N_UNIFORM)])
    assert abs(firsts.mean() / 49 - 0.5) <= TOL_UNIFORM
