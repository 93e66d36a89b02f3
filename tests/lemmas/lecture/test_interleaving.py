"""lemmas/lecture/interleaving.py (source 003, 'Dueling bandits', TDI remark): the interleavers produce lists of
distinct documents, TDI's team sizes stay within one of each other, and balanced interleaving's
counterexample by hand."""
import itertools
from fractions import Fraction

from clickbound.lemmas.lecture import interleaving as li


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
