"""lemmas/lecture/thompson.py (source 003, '#OLD > Thompson sampling'): exact Beta comparisons and regrets."""
import itertools
from fractions import Fraction

from clickbound.lemmas.lecture import thompson as lt


def test_p_greater_closed_form():
    assert lt.p_greater(2, 1, 1, 1) == Fraction(1, 3)          # TS-RULE/matching's integral
    for a1, b1, a2, b2 in [(1, 1, 1, 1), (3, 2, 2, 4), (5, 1, 1, 5)]:
        assert lt.p_greater(a1, b1, a2, b2) + lt.p_greater(a2, b2, a1, b1) == 1


def test_regret_t1_and_t2_by_hand():
    # T = 1: both rules tie at the prior and play each arm with probability 1/2: regret (1/2)(1/5)
    assert lt.expected_regret("ts", 1) == lt.expected_regret("printed", 1) == Fraction(1, 10)
    assert lt.expected_regret("printed", 2) == Fraction(9, 50)


def test_lock_in_decreases():
    ps = [lt.lock_in_probability(T) for T in (2, 4, 8, 16)]
    assert all(a >= b for a, b in itertools.pairwise(ps)) and ps[-1] > Fraction(1, 20)
