"""The estimator and confidence-bound reading of source 002's UCB article (lemmas/ucb1_confidence_reading.py)."""
import functools
from fractions import Fraction as F

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas import ucb1_confidence_reading as u

CLAIMS = {c.id: c for c in u.claims()}
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-UCB1-ESTIMATOR-INDEX", "ERR-UCB1-CI-STRICT"}]


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
    assert len(ERRATA) == 2
    for e in ERRATA:
        for cid in e.evidence_claims:
            assert verdict(cid).matches_expectation is True, (e.id, cid)


def test_random_count_exceeds_fixed_count_bound():
    prob = u.random_count_instance(F(2), 300)
    assert prob > F(1, 300 ** 2)
    # a planted variant: with α = 2 and a small t the crossing stays below t^{-α} (the check can pass)
    assert u.random_count_instance(F(2), 30) < F(1, 30 ** 2)


def test_estimator_values():
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 1, 3) == (F(2), F(1))
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 2, 3) == (F(0), F(0))
