"""Ledger step claims of source 002's learning-theory articles (lemmas/counterfactual/learning_theory/steps.py)."""
from fractions import Fraction

import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.learning_theory import steps as m

_CLAIMS = claims_by_id(m.rademacher_step_claims())
#: ERR-RAD-DELTA-RANGE was demoted out of the errata (errata review: the δ > 0 convention)
_ERRATA = ("ERR-RAD-BD-ABS", "ERR-RAD-EPS-SOLVE", "ERR-RAD-ULLN-BD-SIGN")


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    errata = [e for e in lemmas.errata() if e.id in _ERRATA]
    assert len(errata) == len(_ERRATA)
    assert_errata_evidence(errata, m.SRC, conclusion_survives=True)


def test_phi_by_hand():
    # g(z) = z, z ~ uniform{0, 1}: E g = 1/2; φ({0}) = 1/2, φ({1}) = −1/2
    D, G = [Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]]
    assert m.phi(D, G, (0,)) == Fraction(1, 2) and m.phi(D, G, (1,)) == Fraction(-1, 2)


def test_symmetrisation_values_by_hand():
    # one function g(z) = z on a fair coin, n = 1: E φ = 0, E sup(z' − z) = 0, R_1 = E_σ σ z = 0
    assert m.symm_values([Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]], 1) == (0, 0, 0, 0)
