"""OD-REWARD (source 001_eb740855b56fcd8b.txt, 3.4 報酬と目標 and 3.5)."""
import itertools
from fractions import Fraction as F

import numpy as np
import pytest

from clickbound.bounds.click import depth_reward
from clickbound.lemmas import check
from clickbound.lemmas.depth import reward as odr

CLAIMS = {c.id: c for c in odr.claims()}  # this module's claims only: other catalogue modules may be mid-edit


def test_gap_range_is_a_general_proof_not_40_instances():
    v = check(CLAIMS["OD-REWARD/gap-range"], budget_s=30)
    steps = v.evidence["proof"]["steps"]
    assert any("P_j(1 − θ*_j) + P_j θ_j" in s["step"] for s in steps)
    assert v.evidence["brute_force_instances"] == 40


def test_reward_identity_uses_the_every_K_abel_summation():
    steps = check(CLAIMS["OD-REWARD"], budget_s=30).evidence["proof"]["steps"]
    assert any("Abel summation" in s["step"] and "every K" in s["checked"] for s in steps)


def test_enumeration_against_a_direct_depth_pmf_sum():
    # Independent route: E[clicks] = Σ_j Pr(V >= j) θ_j computed from an explicit depth pmf p_v.
    pv = [F(1, 5), F(1, 2), F(3, 10)]          # Pr(V = 1, 2, 3)
    P = [sum(pv[j:]) for j in range(3)]        # P_j = Σ_{v>=j} p_v (source eq. for P_j)
    theta = [F(1, 3), F(3, 4), F(1, 10)]
    direct = sum(pv[v - 1] * sum(theta[:v]) for v in range(1, 4))
    assert odr.enumerated_expected_clicks(P, theta) == direct == depth_reward([0, 1, 2], theta, P)


def test_sorted_is_not_optimal_when_P_increases():
    # The rearrangement needs non-increasing P: with P increasing, reversing the order is better.
    theta, P = [F(9, 10), F(1, 10)], [F(1, 2), F(1)]
    best, sorted_r, _ = odr.brute_force(theta, P)
    assert sorted_r < best


def test_gap_bound_is_tight_at_the_extremes():
    # θ = (1,…,1,0,…,0), P ≡ 1: showing only zeros gives Δ = K exactly.
    K, L = 3, 6
    theta, P = [F(1)] * K + [F(0)] * (L - K), [F(1)] * K
    best, _, rewards = odr.brute_force(theta, P)
    assert max(best - r for r in rewards.values()) == K


def test_validate_depth_P_names_the_bad_entry():
    with pytest.raises(ValueError, match=r"P\[2\]"):
        odr.validate_depth_P([F(1), F(1, 2), F(3, 4)])
    with pytest.raises(ValueError, match=r"P\[0\]"):
        odr.validate_depth_P([F(1, 2)])


def test_brute_force_agrees_with_itertools_reference():
    rng = np.random.default_rng(np.random.SeedSequence(3))
    theta, P = odr.draw_instance(rng)
    best = max(sum(p * theta[a] for p, a in zip(P, A)) for A in itertools.permutations(range(len(theta)), len(P)))
    assert odr.brute_force(theta, P)[0] == best
