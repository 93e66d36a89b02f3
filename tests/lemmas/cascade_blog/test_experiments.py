"""Every claim of lemmas/cascade_blog/experiments.py (source 004_d9477b3ebe233f80.txt) comes out as registered, the errata it
registers cite evidence that does too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound.lemmas.cascade_blog.experiments import ERRATA, blog_experiment_claims

_CLAIMS = claims_by_id(blog_experiment_claims())


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(ERRATA, "004_d9477b3ebe233f80.txt")
