"""Ledger step claims of source 002's learning-theory articles (lemmas/rademacher_steps.py)."""
from fractions import Fraction

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas import rademacher_steps as m

_CLAIMS = {c.id: c for c in m.rademacher_step_claims()}
_ERRATA = ("ERR-RAD-BD-ABS", "ERR-RAD-EPS-SOLVE", "ERR-RAD-DELTA-RANGE", "ERR-RAD-ULLN-BD-SIGN")


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=20)
    assert v.matches_expectation
    if _CLAIMS[cid].expected:
        assert v.status == "proved" and v.scope == "all"
    else:
        assert v.status == "refuted" and v.counterexample


@pytest.mark.parametrize("eid", _ERRATA)
def test_errata_evidence_comes_out_as_registered(eid):
    (err,) = [e for e in lemmas.errata() if e.id == eid]
    assert err.source_file == m.SRC and err.conclusion_survives
    for cid in err.evidence_claims:
        assert check(lemmas.get(cid), budget_s=20).matches_expectation


def test_phi_by_hand():
    # g(z) = z, z ~ uniform{0, 1}: E g = 1/2; φ({0}) = 1/2, φ({1}) = −1/2
    D, G = [Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]]
    assert m.phi(D, G, (0,)) == Fraction(1, 2) and m.phi(D, G, (1,)) == Fraction(-1, 2)


def test_symmetrisation_values_by_hand():
    # one function g(z) = z on a fair coin, n = 1: E φ = 0, E sup(z' − z) = 0, R_1 = E_σ σ z = 0
    assert m.symm_values([Fraction(1, 2)] * 2, [[Fraction(0), Fraction(1)]], 1) == (0, 0, 0, 0)
