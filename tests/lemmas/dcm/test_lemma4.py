"""DCM-L4 (lemmas/dcm/lemma4.py; source ``000_0b27131c69d8f24c.txt``, 補題4): the instance derivation refuses
broken weight factors and a widened γ range; the mutants said to hold at K = 1 do; the engine's own methods
agree with the derivation."""
import dataclasses

import pytest
import sympy as sp

from clickbound.lemmas import check
from clickbound.lemmas.dcm import lemma1 as L1
from clickbound.lemmas.dcm import lemma4 as L4

# Cap for the engine's generic methods on small instances (z3 answers these in well under a second).
GENERIC_BUDGET_S = 20.0  # work-bounded: the budget only stops a loaded machine short


def test_instance_derivation_refuses_wrong_weight_factors():
    c = L4.l4_claim(3)
    drop_last = lambda x, y, k: L1.weight_factors(x, y, k)[:-1]
    with pytest.raises(AssertionError, match="step fails"):
        L4.l4_instance_proof(3, c.statement, c.domain, tuple(c.assumptions), factors=drop_last)
    assert L4.l4_instance_proof(3, c.statement, c.domain, tuple(c.assumptions)).steps


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


@pytest.mark.parametrize("claim", [L4.l4_claim(2), L4.l4_claim(3)], ids=lambda c: c.id)
def test_generic_engine_agrees_without_the_derivation(claim):
    v = check(dataclasses.replace(claim, proof=None), budget_s=GENERIC_BUDGET_S)
    assert v.status == "proved" and v.method in ("symbolic", "exact-decision"), (v.status, v.method)
