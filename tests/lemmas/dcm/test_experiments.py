"""Claims and errata of lemmas/dcm/experiments.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm import experiments as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_experiment_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)


def test_example_records_match_the_slide_order():
    # slide 実験2: First Click, (mislabelled) Last Click, RankedKL-UCB, dcmKL-UCB
    got = [mod.example_records(v) for v in ("first-click", "last-click", "ranked", "dcm")]
    assert tuple(got) == mod.SLIDE_RECORDS
    with pytest.raises(ValueError):
        mod.example_records("middle-click")
