"""The line-by-line reading of source 002's UCB regret proof (lemmas/ucb1_regret_reading.py, issue 12)."""
import functools
from fractions import Fraction as F

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas import ucb1_regret_reading as u

CLAIMS = {c.id: c for c in u.claims()}
ERRATA = [e for e in lemmas.errata() if e.id in {
    "ERR-UCB1-REGRET-EQ", "ERR-UCB1-INDEX-MISMATCH", "ERR-UCB1-CHAIN-INDEX", "ERR-UCB1-DECOMP"}]


@functools.cache
def verdict(cid):
    return check(lemmas.get(cid), budget_s=20)


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = verdict(cid)
    assert v.matches_expectation is True, (v.status, v.method)
    if CLAIMS[cid].expected:
        assert v.status == "proved"


def test_errata_registered_with_their_evidence():
    assert len(ERRATA) == 4
    for e in ERRATA:
        for cid in e.evidence_claims:
            assert verdict(cid).matches_expectation is True, (e.id, cid)


def test_regret_instance_independently():
    # E[max(X1, X2)] for two fair coins is 3/4; the policy's reward is 1/2
    assert u.regret_gap_instance() == (F(1, 4), 0)
    got, want = u._pseudo_regret_enumeration()
    assert got == want
