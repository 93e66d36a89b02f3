"""DCM-L1 (lemmas/dcm/lemma1.py; source ``000_0b27131c69d8f24c.txt``, 補題1): the instance derivation refuses
a dropped hypothesis; the mutants said to hold at K = 1 do (broken weight factors and the engine's own methods,
shared with Lemmas 2 and 4: test_telescoping.py)."""
import pytest
import sympy as sp

from clickbound.lemmas import Claim
from clickbound.lemmas.dcm import lemma1 as L1


def test_derivation_refuses_when_a_hypothesis_is_dropped():
    # The mutant's statement is the lemma's; only the hypotheses differ, so the certificate's
    # atoms are no longer justified and the check must refuse.
    m = L1.l1_claim(3, "no-x>=y")
    with pytest.raises(AssertionError, match="not known >= 0"):
        L1.l1_instance_proof(3, m.statement, m.domain, tuple(m.assumptions))


def test_mutants_true_at_K1_are_documented_as_true():
    # The docstring says these mutants hold at K=1: both sides agree exactly there.
    for claim in (L1.l1_claim(1, "reversed"), L1.l1_claim(1, "no-x>=y"), L1.l1_claim(1, "box[-1,1]")):
        st = claim.statement
        assert sp.expand(st.lhs - st.rhs) == 0, claim.id


def test_mutant_kinds_and_variant_check():
    assert len(L1.MUTANTS) >= 3
    assert isinstance(L1.l1_claim(2), Claim)
    with pytest.raises(ValueError, match="variant"):
        L1.l1_claim(2, "no-such-mutant")

