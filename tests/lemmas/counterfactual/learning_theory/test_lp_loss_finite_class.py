"""Ledger step claims of source 002's L_p-loss and finite-class bounds (lemmas/counterfactual/learning_theory/lp_loss_finite_class.py)."""
from fractions import Fraction

from clickbound.lemmas.counterfactual.learning_theory import lp_loss_finite_class as m


def test_contraction_instances_hold_exactly():
    rows = m.talagrand_instances()
    assert len(rows) == 120 and all(a <= b for a, b in rows)
    # p = 1 on values >= 0 is the identity: both sides agree there (a non-vacuous check)
    assert any(a == b and a > 0 for a, b in rows)


def test_one_sided_counterexample_numbers():
    # 3 sqrt(log 4 / 200) ≈ 0.2497 < 9/10: the two-sided event fails, the one-sided one holds
    assert m.within_sqrt_log(Fraction(-9, 10), Fraction(3), Fraction(1, 200), Fraction(4))
    assert not m.within_sqrt_log(Fraction(9, 10), Fraction(3), Fraction(1, 200), Fraction(4))
