"""Claims of lemmas/counterfactual/concentration/proofs.py (source 002): each comes out as registered; errata evidence re-checks."""
import pytest
from catalogue_kit import assert_as_registered, claims_by_id

from clickbound.lemmas.counterfactual.concentration import proofs as mod

CLAIMS = claims_by_id(mod.claims())


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid])
