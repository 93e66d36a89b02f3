"""lemmas/feedback_interleave.py: the policy's interleaving law and the duel probabilities, exactly."""
import itertools
from fractions import Fraction

import sympy as sp

from clickbound.lemmas import feedback_interleave as fi
from clickbound.lemmas.lecture_interleaving import team_draft

R = sp.Rational


def test_one_candidate_is_team_draft_interleaving():
    """m = 1: the policy's per-round coin gives the law of INTERLEAVE-TDI's team_draft (a coin whenever the
    teams are equal in size), for every pair of top-K lists of 4 items, K ≤ 3."""
    for K in (1, 2, 3):
        lists = list(itertools.permutations(range(4), K))
        for A, B in itertools.product(lists, lists):
            want = {}
            for coins in itertools.product((True, False), repeat=K):
                shown, teams = team_draft(list(A), list(B), K, coins)
                key = (tuple(shown), tuple(0 if t == "A" else 1 for t in teams))
                want[key] = want.get(key, 0) + Fraction(1, 2 ** K)
            got = fi.interleavings([A, B], K)
            assert {k: v for k, v in got.items() if v} == want, (A, B, K)


def test_multileaving_law_sums_to_one_and_each_round_is_fair():
    got = fi.interleavings([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)], 2)
    assert sum(got.values()) == 1
    # the first pick is a uniformly random ranker's top item
    first = {}
    for (shown, teams), p in got.items():
        first[teams[0]] = first.get(teams[0], 0) + p
    assert first == {j: Fraction(1, 5) for j in range(5)}


def test_cascade_reversal_by_hand():
    """A = (0, 2), B = (1, 0), w̄ = (1/2, 2/5, 3/10): the duel never shows item 2 and compares items 0 and 1."""
    w0, w1, w2 = R(1, 2), R(2, 5), R(3, 10)
    inst = fi.Instance("cascade", (w0, w1, w2), None)
    win, lose = fi.duel(inst, [(0, 2), (1, 0)], 2)
    # A first: list (0, 1), teams (A, B); B first: list (1, 0), teams (B, A)
    assert lose == fi._fr(R(1, 2) * w0 + R(1, 2) * (1 - w1) * w0)
    assert win == fi._fr(R(1, 2) * (1 - w0) * w1 + R(1, 2) * w1)
    uA, uB = 1 - (1 - w0) * (1 - w2), 1 - (1 - w1) * (1 - w0)
    assert uB > uA and win < lose


def test_pbm_swap_agrees_in_sign():
    """Two items swapped under PBM: P(A wins) − P(B wins) = (θ_0 − θ_1)(κ_1 + κ_2)/2, the sign of U(A) − U(B)
    when κ_1 > κ_2 (so the PBM reversal needs a third item)."""
    th, ka = (R(1, 2), R(2, 5)), (R(3, 4), R(1, 2))
    inst = fi.Instance("pbm", th, ka)
    win, lose = fi.duel(inst, [(0, 1), (1, 0)], 2)
    assert lose - win == fi._fr((th[0] - th[1]) * (ka[0] + ka[1]) / 2)


def test_every_model_has_a_reversal():
    for policy in ("DBGD", "MGD", "DBGD-balanced"):
        for model in ("cascade", "dcm", "pbm", "intent"):
            rev, _breach, n = fi.search(policy, model)
            assert rev is not None, (policy, model, n)
            du, dp = Fraction(rev["U(B) − U(A)"]), Fraction(rev["difference"])
            assert du * dp < 0


def test_balanced_rule_is_the_policys():
    """DBGD-balanced's merge and credit (sim.policies.dueling) = balanced_lists / balanced_winner, every pair of
    top-K lists of 4 items, K ≤ 3, both coins, every click vector."""
    import numpy as np

    from clickbound.sim.policies.registry import policies

    for K in (1, 2, 3):
        pol = policies()["DBGD-balanced"](4, K, np.random.default_rng(0), features=np.eye(4))
        lists = list(itertools.permutations(range(4), K))
        for A, B in itertools.product(lists, lists):
            got = fi.balanced_lists(A, B, K)
            for a_first in (True, False):
                shown = tuple(pol._balanced(list(A), list(B), a_first))
                assert got[(shown, a_first)] == Fraction(1, 2)
                pol.ranks = [list(A), list(B)]
                for clicks in itertools.product((0, 1), repeat=K):
                    assert pol._balanced_winner(list(shown), clicks) == fi.balanced_winner(A, B, shown, clicks, K)
