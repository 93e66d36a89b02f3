"""OD-MODEL (source 001_eb740855b56fcd8b.txt, §3): what the model's definitions give and assume."""
from fractions import Fraction

from clickbound.lemmas.depth import model as od


def test_regret_enumeration_agrees_on_a_second_instance():
    # a second instance (one depth law with P_2 = 1: every slot always seen), T = 2
    reg_def, reg_gap = od.regret_enumeration((Fraction(3, 4), Fraction(1, 5), Fraction(1, 2)),
                                             (Fraction(1), Fraction(1)), 2)
    assert reg_def == reg_gap > 0
