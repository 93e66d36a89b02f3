"""Every claim of lemmas/lecture/cascade_algorithm.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.lecture.cascade_algorithm import cascade_lecture_claims

_CLAIMS = claims_by_id(cascade_lecture_claims())
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(_ERRATA, "003_f899901a464da92a.txt")


def test_ucb_coefficient_values():
    from fractions import Fraction

    from clickbound.lemmas.lecture.cascade_algorithm import W_CE, ucb_log_coefficient

    # K = 1: 1/0.4 + 1/0.41 + 1/0.8; K = 2: 1/0.01 + 1/0.4 (hand computation)
    assert ucb_log_coefficient(W_CE, 1) == Fraction(5, 2) + Fraction(100, 41) + Fraction(5, 4)
    assert ucb_log_coefficient(W_CE, 2) == Fraction(205, 2)
