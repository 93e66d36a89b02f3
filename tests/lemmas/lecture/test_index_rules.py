"""Every claim of lemmas/lecture/index_rules.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.lecture.index_rules import index_rule_claims

_CLAIMS = claims_by_id(index_rule_claims())
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(_ERRATA, "003_f899901a464da92a.txt")


def test_thompson_probabilities_are_one_third_and_two_thirds():
    import sympy as sp

    from clickbound.lemmas.lecture.index_rules import ts_probabilities

    assert ts_probabilities() == (sp.Rational(2, 3), sp.Rational(1, 3))
