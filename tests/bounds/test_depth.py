"""Observable-depth bounds (OD-T1, OD-L1, OD-VS-PBM; source 001_eb740855b56fcd8b.txt, 定理1, 注意1)."""
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from clickbound.bounds import depth

#: float64 arithmetic on sums of a few products; relative 1e-12 leaves margin
RTOL = 1e-12


def brute_second_best(theta, P):
    """Exact smallest positive gap over all rankings (rationals of the floats)."""
    th = [Fraction(float(x)) for x in sorted(theta, reverse=True)]
    Pq = [Fraction(float(x)) for x in P]
    best = sum(p * t for p, t in zip(Pq, th))
    gaps = {best - sum(Pq[j] * th[a] for j, a in enumerate(r))
            for r in itertools.permutations(range(len(th)), len(P))}
    return float(min(g for g in gaps if g > 0))


def test_second_best_gap_formula_matches_enumeration():
    rng = np.random.default_rng(np.random.SeedSequence(1702))
    for _ in range(40):
        L = int(rng.integers(3, 7))
        K = int(rng.integers(1, L))
        theta = rng.uniform(0.01, 0.99, L)
        P = np.concatenate([[1.0], np.sort(rng.uniform(0.05, 1, K - 1))[::-1]])
        if rng.random() < 0.3 and K > 2:
            P[2] = P[1]  # a tie in P: that adjacent swap costs nothing
        assert depth.second_best_gap(theta, P) == pytest.approx(brute_second_best(theta, P), rel=RTOL)


def test_second_best_gap_with_theta_ties_enumerates():
    theta, P = [0.5, 0.5, 0.3, 0.1], [1.0, 0.6, 0.4]
    assert depth.second_best_gap(theta, P) == pytest.approx(brute_second_best(theta, P), rel=RTOL)


def test_depth_factor_and_best_d():
    # P = (1, 0.5): F(1) = 1.5²/1 + 1² = 3.25; F(2) = 1.5²/2 + 1.5² = 3.375 -> d = 1
    assert depth.depth_factor([1.0, 0.5], 1) == pytest.approx(3.25, rel=RTOL)
    assert depth.depth_factor([1.0, 0.5], 2) == pytest.approx(3.375, rel=RTOL)
    assert depth.best_d([1.0, 0.5]) == (1, pytest.approx(3.25, rel=RTOL))


def test_od_t1_hand_value():
    # θ = (0.5, 0.3, 0.1) (L = 3 items), P = (1, 0.5) (K = 2 slots), T = 100, α = 1:
    # Δ** = min{(1−0.5)(0.5−0.3), (0.5−0)(0.3−0.1)} = 0.1
    # B = 1/(0.5·(0.3−0.1)) + 2/0.1 = 10 + 20 = 30; F(best d = 1) = 3.25
    # 32·1·3.25·30 = 3120; constant 2·K·L·ζ(2) = 12·π²/6 = 2π²
    r = depth.od_t1_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100, 1.0)
    assert r.log_coefficient == pytest.approx(3120.0, rel=RTOL)
    assert r.value == pytest.approx(3120.0 * math.log(100) + 2 * math.pi ** 2, rel=RTOL)
    assert r.details["d"] == 1 and not r.asymptotic
    fixed = depth.od_t1_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100, 1.0, d=2)
    assert fixed.log_coefficient == pytest.approx(32 * 3.375 * 30, rel=RTOL)


def test_od_t1_repaired_constant():
    # repaired Lemma 1: 2KLζ(2α−1); α = 2: 12·ζ(3), ζ(3) = 1.2020569031595942853997... (Apéry)
    r = depth.od_t1_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100, 2.0, repaired=True)
    assert r.details["constant_term"] == pytest.approx(12 * 1.2020569031595943, rel=RTOL)
    with pytest.raises(ValueError, match="alpha"):
        depth.od_t1_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100, 1.0, repaired=True)


def test_pbm_ucb_and_ratio():
    # 16·F/P_K²·B = 16·3.25/0.25·30 = 6240; ratio to OD-T1 at α = 1: 16/(32·0.25) = 2
    r = depth.pbm_ucb_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100)
    assert r.log_coefficient == pytest.approx(6240.0, rel=RTOL)
    assert r.asymptotic and any("C_0" in o for o in r.omitted)
    od = depth.od_t1_bound([0.3, 0.1, 0.5], [1.0, 0.5], 100, 1.0)
    assert r.log_coefficient / od.log_coefficient == pytest.approx(depth.od_vs_pbm_ratio([1.0, 0.5], 1.0), rel=RTOL)


@pytest.mark.parametrize("name, expected", [
    ("shallow", 156.25),             # 1/0.08²
    ("deep", 4.0),                   # 1/0.5²
    # mpmath dps=50: 1/mpf('0.2432')**2 -> 16.907245498614958448753462603878116343490304709141
    ("recgaze", 16.907245498614958),
])
def test_od_vs_pbm_on_named_P(name, expected):
    assert depth.od_vs_pbm_ratio(depth.NAMED_P[name]) == pytest.approx(expected, rel=RTOL)


@pytest.mark.parametrize("call, match", [
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.1], [1.0, 0.5], 100, 0.5), "alpha"),
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.1], [1.0, 0.6, 0.7], 100, 1.0), "non-increasing"),
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.1], [0.9, 0.5], 100, 1.0), "P_1"),
    (lambda: depth.od_t1_bound([0.5, 0.3], [1.0, 0.5, 0.2], 100, 1.0), "exceeds"),
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.3], [1.0, 0.5], 100, 1.0), "θ_\\(K\\) > θ_\\(K\\+1\\)"),
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.1], [1.0, 0.5], 100, 1.0, d=3), "d must be"),
    (lambda: depth.od_t1_bound([0.5, 0.3, 0.1], [1.0, 0.0], 100, 1.0), "P must lie"),
    (lambda: depth.od_vs_pbm_ratio([1.0, 0.5], alpha=0.4), "alpha"),
    (lambda: depth.pbm_ucb_bound([0.5, 0.3, 0.1], [1.0, 0.5], 100, eps=-1), "eps"),
])
def test_validation(call, match):
    with pytest.raises(ValueError, match=match):
        call()
