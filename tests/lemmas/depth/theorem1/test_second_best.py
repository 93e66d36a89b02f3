"""OD-SECOND-BEST (source 001_eb740855b56fcd8b.txt, 3.5: the definition of a**)."""
from fractions import Fraction

from clickbound.lemmas.depth.theorem1 import second_best as od


def test_closed_form_on_a_hand_instance():
    # θ = (1/2, 1/3, 1/4), P = (1, 1/2): terms (1/2)(1/6) = 1/12 and (1/2)(1/12) = 1/24
    theta, P = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)], [Fraction(1), Fraction(1, 2)]
    assert od.closed_form(theta, P) == Fraction(1, 24)
    assert min(g for g in od.gaps(theta, P).values() if g > 0) == Fraction(1, 24)
