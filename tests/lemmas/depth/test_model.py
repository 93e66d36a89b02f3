"""OD-MODEL (source 001_eb740855b56fcd8b.txt, §3): what the model's definitions give and assume."""
from fractions import Fraction

import pytest

from clickbound import lemmas
from clickbound.lemmas.depth import model as od

IDS = ["OD-MODEL/P-monotone", "OD-MODEL/PL-positive-as-printed", "OD-MODEL/reward-without-independence",
       "OD-MODEL/regret-gap-form", "OD-MODEL/cost"]


@pytest.mark.parametrize("cid", IDS)
def test_comes_out_as_registered(cid):
    assert lemmas.check(lemmas.get(cid), budget_s=20).matches_expectation


def test_erratum_evidence_comes_out_as_registered():
    err = {e.id: e for e in lemmas.errata()}["ERR-OD-PL-POSITIVE"]
    for cid in err.evidence_claims:
        assert lemmas.check(lemmas.get(cid), budget_s=20).matches_expectation


def test_regret_enumeration_agrees_on_a_second_instance():
    # a second instance (one depth law with P_2 = 1: every slot always seen), T = 2
    reg_def, reg_gap = od.regret_enumeration((Fraction(3, 4), Fraction(1, 5), Fraction(1, 2)),
                                             (Fraction(1), Fraction(1)), 2)
    assert reg_def == reg_gap > 0
