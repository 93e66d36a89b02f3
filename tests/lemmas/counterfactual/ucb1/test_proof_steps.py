"""The line-by-line reading of source 002's UCB regret proof (lemmas/counterfactual/ucb1/proof_steps.py)."""
from fractions import Fraction as F

import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.ucb1 import proof_steps as u

CLAIMS = claims_by_id(u.claims())
ERRATA = [e for e in lemmas.errata() if e.id in {
    "ERR-UCB1-REGRET-EQ", "ERR-UCB1-INDEX-MISMATCH", "ERR-UCB1-CHAIN-INDEX", "ERR-UCB1-DECOMP"}]


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid])


def test_errata_registered_with_their_evidence():
    assert len(ERRATA) == 4
    assert_errata_evidence(ERRATA, "002_3ec5ec57f55c1fdf.txt")


def test_regret_instance_independently():
    # E[max(X1, X2)] for two fair coins is 3/4; the policy's reward is 1/2
    assert u.regret_gap_instance() == (F(1, 4), 0)
    got, want = u._pseudo_regret_enumeration()
    assert got == want
