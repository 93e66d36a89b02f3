"""DCM-L4 (lemmas/dcm/lemma4.py; source ``000_0b27131c69d8f24c.txt``, 補題4): the instance derivation refuses
a widened γ range; the mutants said to hold at K = 1 do (broken weight factors and the engine's own methods,
shared with Lemmas 1 and 2: test_telescoping.py)."""

import pytest
import sympy as sp

from clickbound.lemmas.dcm import lemma4 as L4


def test_derivation_refuses_gamma_above_one():
    # the statement is the lemma's, the box lets γ reach 2: the atom 1 − γ is no longer justified
    m = L4.l4_claim(3, "gamma<=2")
    with pytest.raises(AssertionError, match="not known >= 0"):
        L4.l4_instance_proof(3, m.statement, m.domain, tuple(m.assumptions))


def test_mutants_true_at_K1_are_documented_as_true():
    for claim in (L4.l4_claim(1, "reversed"), L4.l4_claim(1, "gamma<=2"), L4.l4_claim(1, "no-x>=y")):
        st = claim.statement
        assert sp.expand(st.lhs - st.rhs) == 0, claim.id
    assert len(L4.MUTANTS) >= 3

