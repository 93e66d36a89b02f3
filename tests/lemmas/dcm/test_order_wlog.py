"""The 'WLOG v̄ decreasing' claims and the erratum of lemmas/dcm/order.py (source 000_0b27131c69d8f24c.txt).

DCM-ORDER itself is decided in test_order_expectation_abel.py."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id, verdict

from clickbound.lemmas.dcm import order as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_wlog_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_errata_evidence_of_this_module(verdicts):
    assert_errata_evidence(mod.ERRATA, "000_0b27131c69d8f24c.txt", only=CLAIMS, conclusion_survives=True)
