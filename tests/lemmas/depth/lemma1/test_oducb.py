"""OD-L1 for OD-UCB's own allocation (source 001_eb740855b56fcd8b.txt, 補題 1), exact on small instances."""
from fractions import Fraction

from clickbound.lemmas.depth.lemma1 import oducb as od


def test_dp_probabilities_are_probabilities_and_t1_is_exact():
    # t = 1: one item shown once; radius sqrt(α log 1) = 0, so E_1 fails unless θ̂ = θ, impossible for θ in (0,1)
    rows = od.exact_bad_probabilities((Fraction(1, 2), Fraction(1, 2)), Fraction(1), horizon=6)
    assert rows[0] == (1, Fraction(1))
    assert all(0 <= p <= 1 for _, p in rows)


def test_first_rounds_follow_the_index():
    # t = 1 shows item 0 (tie of +∞, lowest index), t = 2 shows the unseen item 1
    assert od._choose((0, 0, 0, 0), 1, Fraction(1)) == 0
    assert od._choose((1, 0, 0, 0), 2, Fraction(1)) == 1
