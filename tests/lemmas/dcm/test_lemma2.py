"""DCM-L2 (source ``000_0b27131c69d8f24c.txt``, 補題2) and erratum ERR-DCM-PMAX-ARGMAX.

Lemma 2 is proved for every K and for K = 1..6 by the DCM-TEL derivation; its mutants (and the
literal 'p_max = arg max' reading) are refuted with counterexamples re-verified here exactly.
"""
import pytest

from clickbound.lemmas import ProcedureClaim, check, errata
from clickbound.lemmas.dcm import lemma2 as L2

from dcm_testkit import assert_exact_counterexample, decide_all

# Cap for the engine's generic methods on a small instance (z3 answers it in well under a second).
GENERIC_BUDGET_S = 20.0  # work-bounded: the budget only stops a loaded machine short


@pytest.fixture(scope="module")
def verdicts():
    return decide_all(L2.dcm_l2_claims())


def test_lemma2_proved_for_all_K_and_K_1_to_6(verdicts):
    general = verdicts["DCM-L2"]
    assert isinstance(general[0], ProcedureClaim) and general[1].status == "proved"
    for K in range(1, 7):
        c, v = verdicts[f"DCM-L2[K={K}]"]
        assert (v.status, v.method) == ("proved", "derivation"), (c.id, v.notes)
        assert c.domain[L2.P] == (0, 1) and any(str(a) == f"x{K} <= p" for a in c.assumptions)


def test_lemma2_mutants_refuted_exactly(verdicts):
    mutants = [(c, v) for c, v in verdicts.values() if c.expected is False]
    assert len(L2.MUTANTS) >= 3 and len(mutants) >= 7
    for c, v in mutants:
        assert v.status == "refuted", (c.id, v.status)
        assert_exact_counterexample(c, v.counterexample)


def test_pmax_argmax_erratum_registered_with_evidence(verdicts):
    err = {e.id: e for e in errata()}["ERR-DCM-PMAX-ARGMAX"]
    assert err.source_file == "000_0b27131c69d8f24c.txt" and "arg max" in err.source_says
    literal = f"DCM-L2/p=argmax-e{L2.ARGMAX_ITEM}[K=3]"
    assert err.evidence_claims == (literal, "DCM-L2")
    c, v = verdicts[literal]
    assert v.status == "refuted"
    assert_exact_counterexample(c, v.counterexample)


def test_pmax_argmax_literal_reading_is_vacuous_when_best_item_is_numbered_1():
    # alpha = (1 - 1)^(K-1) = 0: the literal reading then only says V is monotone (true).
    v = check(L2.l2_argmax_claim(3, 1), budget_s=GENERIC_BUDGET_S)
    assert v.status == "proved", (v.status, v.method)
    with pytest.raises(ValueError, match="e must be"):
        L2.l2_argmax_claim(3, 0)
