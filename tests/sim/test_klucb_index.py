"""The fast KL-UCB index (bounds/kl.py, KL-INDEX, KL-MONO) against the 50-digit mpmath reference.

Reference: ``lemmas.lecture.klucb.klucb_index_mp`` (certified Newton in s = −log(1−q), 50 digits).
"""
import math

import mpmath as mp
import numpy as np
import pytest

from clickbound.bounds.kl import klucb_index, klucb_index_level, klucb_index_scalar, klucb_threshold
from clickbound.lemmas.lecture.klucb import klucb_index_mp

#: KL-INDEX: agreement with the mpmath reference to 1e-12 absolute
ABS_TOL = 1e-12
EDGE_W = [0.0, 1e-12, 1e-6, 0.01, 0.2, 0.5, 0.9, 0.99, 1 - 1e-9, 1.0]
EDGE_T = [1.0, 2.0, 10.0, 1e4, 1e6]
EDGE_t = [1.0, 2.0, 2.9, 3.0, 10.0, 1e5, 1e9]


@pytest.mark.parametrize("w", EDGE_W)
def test_edge_grid_matches_mpmath(w):
    for T in EDGE_T:
        for t in EDGE_t:
            got = klucb_index_scalar(w, T, t)
            assert abs(mp.mpf(got) - klucb_index_mp(w, T, t)) <= ABS_TOL, (w, T, t, got)


def test_random_points_match_mpmath():
    rng = np.random.default_rng(2024)
    for _ in range(400):
        w = float(rng.choice([rng.random(), rng.random() ** 8, 1 - rng.random() ** 8, rng.integers(0, 7) / 7]))
        T = float(rng.integers(1, 10 ** int(rng.integers(1, 8))))
        t = float(rng.integers(1, 10 ** int(rng.integers(1, 10))))
        got = klucb_index_scalar(w, T, t)
        assert abs(mp.mpf(got) - klucb_index_mp(w, T, t)) <= ABS_TOL, (w, T, t, got)


def test_closed_forms_and_monotonicity():
    assert klucb_index_scalar(1.0, 3.0, 100.0) == 1.0
    assert klucb_index_scalar(0.3, 5.0, 1.0) == 0.3                       # g(1) = 0
    assert klucb_index_level(0.0, 2.0) == pytest.approx(1 - math.exp(-2.0), abs=1e-16)
    # KL-MONO: increasing in t for fixed (w, T) — what the lazy policies rely on
    ts = np.unique(np.round(np.logspace(0, 9, 400)))
    for w, T in [(0.2, 30.0), (0.05, 1000.0), (0.5, 2.0)]:
        u = klucb_index(np.full(ts.size, w), np.full(ts.size, T), ts)
        assert np.all(np.diff(u) >= -2 * ABS_TOL)
    # and below the UCB1-type (Pinsker) index, KL-PINSKER
    for w in (0.1, 0.5, 0.8):
        assert klucb_index_scalar(w, 20.0, 1e4) <= w + math.sqrt(klucb_threshold(1e4) / 40.0)
