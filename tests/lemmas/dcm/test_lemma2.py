"""DCM-L2 (lemmas/dcm/lemma2.py; source ``000_0b27131c69d8f24c.txt``, 補題2) and erratum ERR-DCM-PMAX-ARGMAX.

p_max is a symbol, so ``x, y <= p`` are assumptions, not the box; the instance derivation refuses
dropped hypotheses (broken weight factors: test_telescoping.py); the literal 'p_max = arg max' reading is
vacuous with the best item numbered 1.
"""

import pytest
import sympy as sp

from clickbound.lemmas import check, errata
from clickbound.lemmas.dcm import lemma2 as L2

# Cap for the engine's generic methods on a small instance (z3 answers it in well under a second).
GENERIC_BUDGET_S = 20.0  # work-bounded: the budget only stops a loaded machine short


def test_p_max_is_a_symbol_bounded_by_assumptions():
    for K in range(1, 7):
        c = L2.l2_claim(K)
        assert c.domain[L2.P] == (0, 1) and any(str(a) == f"x{K} <= p" for a in c.assumptions)


@pytest.mark.parametrize("variant", ["no-x<=p", "no-x>=y"])
def test_derivation_refuses_when_a_hypothesis_is_dropped(variant):
    m = L2.l2_claim(3, variant)
    with pytest.raises(AssertionError, match="not known >= 0"):
        L2.l2_instance_proof(3, m.statement, m.domain, tuple(m.assumptions))


def test_mutants_true_at_K1_are_documented_as_true():
    for claim in (L2.l2_claim(1, "reversed"), L2.l2_claim(1, "no-x>=y"), L2.l2_claim(1, "no-x<=p")):
        st = claim.statement
        assert sp.expand(st.lhs - st.rhs) == 0, claim.id
    assert len(L2.MUTANTS) >= 3
    with pytest.raises(ValueError, match="variant"):
        L2.l2_claim(2, "no-such-mutant")


def test_pmax_argmax_erratum_names_the_literal_reading():
    err = {e.id: e for e in errata()}["ERR-DCM-PMAX-ARGMAX"]
    assert err.source_file == L2.SRC.file and "arg max" in err.source_says
    assert err.evidence_claims == (f"DCM-L2/p=argmax-e{L2.ARGMAX_ITEM}[K=3]", "DCM-L2")


def test_pmax_argmax_literal_reading_is_vacuous_when_best_item_is_numbered_1():
    # alpha = (1 - 1)^(K-1) = 0: the literal reading then only says V is monotone (true).
    v = check(L2.l2_argmax_claim(3, 1), budget_s=GENERIC_BUDGET_S)
    assert v.status == "proved", (v.status, v.method)
    with pytest.raises(ValueError, match="e must be"):
        L2.l2_argmax_claim(3, 0)

