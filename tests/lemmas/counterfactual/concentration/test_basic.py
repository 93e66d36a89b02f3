"""CONC-JENSEN, CONC-MARKOV, CONC-CHEBYSHEV (source 002_3ec5ec57f55c1fdf.txt)."""
from fractions import Fraction as F

import numpy as np
import pytest

from clickbound.lemmas.counterfactual.concentration import basic as cb


def test_checkers_refute_wrong_variants():
    # The checkers must be able to fail: concave f for Jensen, a too-strong Chebyshev, Markov at the atom.
    d = {F(0): F(1, 2), F(2): F(1, 2)}
    assert cb.jensen_gap(lambda x: -x * x, d) < 0
    # Two-point ±1: P(|Z| >= 1) = 1 = Var/1² — Chebyshev is tight; Var/ε² halved would fail.
    z = {F(-1): F(1, 2), F(1): F(1, 2)}
    assert cb.chebyshev_violation(z) is None
    assert cb.chebyshev_violation(z, factor=F(1, 2)) == 1
    # Markov is tight for X ∈ {0, ε}: P(X >= ε) = E[X]/ε exactly.
    x = {F(0): F(2, 3), F(3): F(1, 3)}
    assert cb.markov_violation(x, 1) is None and cb.tail_ge(x, 3) * 3 == cb.mean(x)
    assert cb.markov_violation(x, 1, factor=F(9, 10)) == (3, 1)


def test_jensen_gap_matches_variance_for_square():
    rng = np.random.default_rng(np.random.SeedSequence(5))
    for _ in range(10):
        d = cb.draw_distribution(rng)
        assert cb.jensen_gap(lambda x: x * x, d) == cb.variance(d)


def test_markov_rejects_negative_support():
    with pytest.raises(ValueError, match="non-negative"):
        cb.markov_violation({F(-1): F(1, 2), F(1): F(1, 2)}, 1)


def test_drawn_distributions_are_valid_and_deterministic():
    a = [cb.draw_distribution(np.random.default_rng(np.random.SeedSequence(9))) for _ in range(2)]
    assert a[0] == a[1] and sum(a[0].values()) == 1
