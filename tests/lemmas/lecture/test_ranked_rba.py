"""Every claim of lemmas/lecture/ranked_rba.py (source 003_f899901a464da92a.txt) comes out as registered; its errata's
evidence claims do too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.lecture.ranked_rba import ranked_rba_claims

_CLAIMS = claims_by_id(ranked_rba_claims())
_ERRATA = [e for e in lemmas.errata() if set(e.evidence_claims) & set(_CLAIMS)]


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(_ERRATA, "003_f899901a464da92a.txt")


def test_marginal_rewards_telescope_by_hand():
    from clickbound.lemmas.lecture.ranked_rba import coverage_indicator

    rel = (0, 1, 1)  # the user clicks position 2 only
    marg = [coverage_indicator(rel, i + 1) - coverage_indicator(rel, i) for i in range(3)]
    assert marg == [0, 1, 0] and sum(marg) == coverage_indicator(rel, 3) == 1
