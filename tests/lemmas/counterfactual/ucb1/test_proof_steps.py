"""The line-by-line reading of source 002's UCB regret proof (lemmas/counterfactual/ucb1/proof_steps.py)."""
from fractions import Fraction as F

from clickbound.lemmas.counterfactual.ucb1 import proof_steps as u


def test_regret_instance_independently():
    # E[max(X1, X2)] for two fair coins is 3/4; the policy's reward is 1/2
    assert u.regret_gap_instance() == (F(1, 4), 0)
    got, want = u._pseudo_regret_enumeration()
    assert got == want
