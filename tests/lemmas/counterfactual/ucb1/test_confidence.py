"""The estimator and confidence-bound reading of source 002's UCB article (lemmas/counterfactual/ucb1/confidence.py)."""
from fractions import Fraction as F

import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.ucb1 import confidence as u

CLAIMS = claims_by_id(u.claims())
#: proved on named instances only (its verdict's scope says so); every other proof here is for every parameter
ON_INSTANCES = {"UCB1-ESTIMATOR/corrected"}
#: ERR-UCB1-CI-STRICT was demoted out of the errata (errata review); the random-count step is ERR-UCB1-RANDOM-COUNT
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-UCB1-ESTIMATOR-INDEX", "ERR-UCB1-CI-STRICT", "ERR-UCB1-RANDOM-COUNT"}]


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid], every_parameter=cid not in ON_INSTANCES)


def test_errata_registered_with_their_evidence():
    assert {e.id for e in ERRATA} == {"ERR-UCB1-ESTIMATOR-INDEX", "ERR-UCB1-RANDOM-COUNT"}
    assert_errata_evidence(ERRATA, "002_3ec5ec57f55c1fdf.txt")


def test_random_count_exceeds_fixed_count_bound():
    prob = u.random_count_instance(F(2), 300)
    assert prob > F(1, 300 ** 2)
    # a planted variant: with α = 2 and a small t the crossing stays below t^{-α} (the check can pass)
    assert u.random_count_instance(F(2), 30) < F(1, 30 ** 2)


def test_estimator_values():
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 1, 3) == (F(2), F(1))
    assert u.estimator_values((1, 2, 1), {1: (1, 1), 2: (0, 0)}, 2, 3) == (F(0), F(0))
