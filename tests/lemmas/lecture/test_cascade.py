"""Tests for CAS-OPT and CAS-EXAM (source 003, 'Cascading bandits'): the structure of their proofs and the
brute force behind CAS-OPT."""
import itertools
from fractions import Fraction

import numpy as np
from catalogue_kit import proved_or_argued

from clickbound.lemmas import check
from clickbound.lemmas.lecture.cascade import brute_force_opt, cascade_claims, draw_attractions

_CLAIMS = {c.id: c for c in cascade_claims()}


def test_cas_opt_proved():
    v = check(_CLAIMS["CAS-OPT"], budget_s=10)
    assert proved_or_argued(v) and v.matches_expectation
    assert v.scope == "all"  # every L, K: exchange identity in abstract symbols + marked argument steps
    steps = v.evidence["proof"]["steps"]
    assert steps[0]["step"].startswith("every K:")
    assert all(not s["step"].startswith("cross-check") for s in steps[:6])  # the general part comes first
    assert v.evidence["brute_force"]["instances_with_all_w<1_uniqueness_checked"] > 50


def test_cas_exam_proved():
    v = check(_CLAIMS["CAS-EXAM"], budget_s=10)
    assert proved_or_argued(v) and v.matches_expectation
    assert v.scope == "all"  # every i by induction; K = 1..6 enumeration is a cross-check
    steps = [s["step"] for s in v.evidence["proof"]["steps"]]
    assert any(s.startswith("(argument) induction on i") for s in steps)
    assert sum(s.startswith("cross-check") for s in steps) > 0


def test_brute_force_distinguishes_lists():
    # a list of the *least* attractive items is strictly worse when attractions differ and are < 1
    w = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 10), Fraction(0)]
    best, arg = brute_force_opt(w, 2)
    assert best == 1 - Fraction(1, 2) * Fraction(2, 3)
    assert set(arg) == {(0, 1), (1, 0)}


def test_one_in_the_list_makes_many_lists_optimal():
    # w̄ = 1 on a shown item: every list containing it is optimal (why uniqueness needs all w̄ < 1)
    w = [Fraction(1), Fraction(1, 2), Fraction(1, 3)]
    best, arg = brute_force_opt(w, 2)
    assert best == 1 and (0, 2) in arg


def test_examination_by_independent_enumeration():
    # exact rationals, enumerated here without bounds.click: P(examine i) = ∏_{j<i}(1 − w_j)
    w = [Fraction(1, 3), Fraction(2, 5), Fraction(1, 7), Fraction(3, 4)]
    for i in range(len(w)):
        total = Fraction(0)
        for att in itertools.product((0, 1), repeat=len(w)):
            pa = Fraction(1)
            for k, a in enumerate(att):
                pa *= w[k] if a else 1 - w[k]
            if not any(att[:i]):
                total += pa
        expect = Fraction(1)
        for j in range(i):
            expect *= 1 - w[j]
        assert total == expect


def test_draws_include_ties_and_endpoints():
    rng = np.random.default_rng(np.random.SeedSequence(7))
    draws = [x for _ in range(200) for x in draw_attractions(rng, 5)]
    assert Fraction(0) in draws and Fraction(1) in draws and all(0 <= x <= 1 for x in draws)
