"""Every claim of lemmas/lecture/dueling.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.lecture.dueling import dueling_claims

_CLAIMS = claims_by_id(dueling_claims())
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(_ERRATA, "003_f899901a464da92a.txt")


def test_team_pattern_laws_sum_to_one():
    from fractions import Fraction

    from clickbound.lemmas.lecture.dueling import _team_patterns

    for each in (True, False):
        for picks in (1, 2, 3, 4, 5):
            assert sum(_team_patterns(each, picks).values()) == Fraction(1)
    assert set(_team_patterns(False, 4)) == {"ABAB", "BABA"}
