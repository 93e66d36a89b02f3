"""OD-T1 proof structure (source 001_eb740855b56fcd8b.txt, 定理 1)."""
import pytest

from clickbound import lemmas

IDS = ["OD-T1/split", "OD-T1/zeta-convergence", "OD-T1/delta-astar-zero", "OD-T1/text-gives-lemmas-3-5"]


@pytest.mark.parametrize("cid", IDS)
def test_comes_out_as_registered(cid):
    assert lemmas.check(lemmas.get(cid), budget_s=20).matches_expectation


def test_erratum_evidence_comes_out_as_registered():
    err = {e.id: e for e in lemmas.errata()}["ERR-OD-T1-DELTA-ASTAR"]
    for cid in err.evidence_claims:
        assert lemmas.check(lemmas.get(cid), budget_s=20).matches_expectation


def test_text_check_names_the_missing_lemmas():
    v = lemmas.check(lemmas.get("OD-T1/text-gives-lemmas-3-5"), budget_s=20)
    assert v.status == "refuted"
    assert set(v.counterexample["never stated"]) == {"補題 3", "補題 4", "補題 5"}
