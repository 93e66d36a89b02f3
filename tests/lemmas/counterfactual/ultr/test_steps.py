"""Ledger step claims of source 002's ULTR articles (lemmas/counterfactual/ultr/steps.py): the ranking losses by hand."""
from fractions import Fraction

from clickbound.lemmas.counterfactual.ultr import steps as m


def test_rank_loss_by_hand():
    # r = (1, 0): ARP of (relevant, other) = 1·1 = 1, of (other, relevant) = 1·2 = 2; DCG 1 and 1/2
    assert m.rank_loss((1, 0), (0, 1), lambda k: Fraction(k)) == 1
    assert m.rank_loss((1, 0), (1, 0), lambda k: Fraction(k)) == 2
    assert m.minimisers((1, 0), lambda k: Fraction(1, k)) == ([(1, 0)], Fraction(1, 2))
    assert m.minimisers((1, 0), lambda k: Fraction(k)) == ([(0, 1)], Fraction(1))
