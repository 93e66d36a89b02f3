"""lemmas/lecture/interleaving.py (source 003_f899901a464da92a.txt): claims as registered; the interleavers
produce lists of distinct documents and TDI's team sizes stay within one of each other."""
import itertools
from fractions import Fraction

import pytest

from clickbound.lemmas import check
from clickbound.lemmas.lecture import interleaving as li

_CLAIMS = {c.id: c for c in li.lecture_interleaving_claims()}


@pytest.mark.slow  # each sweep enumerates ~2,600 cases in exact rationals (~7 s)
@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=120)
    assert v.matches_expectation, (cid, v.status)


def test_interleavers_make_valid_lists():
    for A in itertools.permutations(range(4)):
        B = list(reversed(A))
        for coins in itertools.product((True, False), repeat=4):
            out, teams = li.team_draft(list(A), B, 4, coins)
            assert sorted(out) == [0, 1, 2, 3]
            for k in range(1, 5):
                assert abs(teams[:k].count("A") - teams[:k].count("B")) <= 1
            assert sorted(li.balanced(list(A), B, 4, coins)[0]) == [0, 1, 2, 3]


def test_balanced_counterexample_by_hand():
    pa, pb = li.win_probabilities("balanced", [0, 1, 2], [1, 2, 0], 3, [Fraction(1, 2)] * 3)
    assert (pa, pb) == (Fraction(1, 8), Fraction(3, 8))
    assert li.win_probabilities("tdi", [0, 1, 2], [1, 2, 0], 3, [Fraction(1, 2)] * 3)[0] == \
        li.win_probabilities("tdi", [0, 1, 2], [1, 2, 0], 3, [Fraction(1, 2)] * 3)[1]
