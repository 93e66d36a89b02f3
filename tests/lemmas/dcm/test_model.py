"""Claims of lemmas/dcm/model.py (source 000_0b27131c69d8f24c.txt): every claim comes out as registered."""
import pytest
from catalogue_kit import assert_as_registered, claims_by_id, verdict

from clickbound.lemmas.dcm import model as mod

#: this module's claims only: other catalogue modules may be mid-edit
CLAIMS = claims_by_id(mod.dcm_click_feedback_claims())


@pytest.fixture(scope="module")
def verdicts():
    return {cid: verdict(cid) for cid in CLAIMS}


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    assert_as_registered(CLAIMS[cid], verdicts[cid])


def test_dcm_round_agrees_with_bounds_click_reward():
    # independent route: bounds.click.dcm_reward is f(A, w, v); on 0/1 inputs it is the satisfaction indicator
    import itertools

    from clickbound.bounds.click import dcm_reward
    for wv in itertools.product((0, 1), repeat=6):
        w, v = wv[:3], wv[3:]
        assert mod.dcm_round(w, v)[2] == dcm_reward((0, 1, 2), list(w), list(v))
