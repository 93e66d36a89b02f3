"""DCM-TEL (lemmas/dcm/telescoping.py; source ``000_0b27131c69d8f24c.txt``, the proof device of 補題1, 補題2,
補題4): the instance check refuses a wrong weight and accepts the mirrored one; the instance derivations of
Lemmas 1, 2 and 4, which share the identity's weights, refuse broken weight factors; the engine's own methods
agree with the derivations of the identity and of the three lemmas."""
import dataclasses

import pytest

from clickbound.lemmas import check
from clickbound.lemmas.dcm import lemma1 as L1
from clickbound.lemmas.dcm import lemma2 as L2
from clickbound.lemmas.dcm import lemma4 as L4
from clickbound.lemmas.dcm import telescoping as TEL
from clickbound.lemmas.support.kit import Derivation

# Cap for the engine's generic methods on a small instance (z3 answers it in well under a second).
GENERIC_BUDGET_S = 20.0  # work-bounded: the budget only stops a loaded machine short


@pytest.mark.parametrize("K", [2, 3])
def test_tel_refuses_a_wrong_weight(K):
    # All factors from x: prod_{j != k}(1 - x_j) does not telescope V(x) - V(y).
    wrong = lambda x, y, k: TEL.tel_weight(x, x, k)
    with pytest.raises(AssertionError, match="step failed"):
        TEL.tel_instance_step(Derivation("wrong weight"), K, weight=wrong)
    d = Derivation("right weight")
    TEL.tel_instance_step(d, K)  # the right weight passes, and the step is recorded
    assert [s for s, _ in d.steps] == [f"DCM-TEL at K={K}: V(x) - V(y) == sum_k (x_k - y_k) w_k"]
    # The mirrored weight prod_{j<k}(1 - x_j) prod_{j>k}(1 - y_j) telescopes too (scan the
    # positions from the other end); the derivation must accept it, not just one spelling.
    TEL.tel_instance_step(Derivation("mirrored weight"), K, weight=lambda x, y, k: TEL.tel_weight(y, x, k))


def test_nonneg_sum_step_records_the_symbolic_sum():
    d = Derivation("sum")
    TEL.nonneg_sum_step(d, "a sum of K terms >= 0")
    assert d.steps == [("a sum of K terms >= 0",
                        "sympy: Sum(t[k], (k, 1, K)).is_nonnegative = True for t[k] >= 0, symbolic K")]


@pytest.mark.parametrize("claim_of, proof_of", [(L1.l1_claim, L1.l1_instance_proof), (L2.l2_claim, L2.l2_instance_proof),
                                               (L4.l4_claim, L4.l4_instance_proof)], ids=["DCM-L1", "DCM-L2", "DCM-L4"])
def test_lemma_instance_derivations_refuse_wrong_weight_factors(claim_of, proof_of):
    # Lemmas 1, 2 and 4 build their instance proofs on the identity's weight factors: one factor short, a step fails
    c = claim_of(3)
    drop_last = lambda x, y, k: L1.weight_factors(x, y, k)[:-1]
    with pytest.raises(AssertionError, match="step fails"):
        proof_of(3, c.statement, c.domain, tuple(c.assumptions), factors=drop_last)
    assert proof_of(3, c.statement, c.domain, tuple(c.assumptions)).steps


@pytest.mark.parametrize("claim", [TEL.tel_claim(3), L1.l1_claim(2), L1.l1_claim(3), L2.l2_claim(2), L4.l4_claim(2),
                                   L4.l4_claim(3)], ids=lambda c: c.id)
def test_generic_engine_agrees_without_the_derivation(claim):
    # Metamorphic: the same statement without proof= is decided by the engine's own methods
    # (symbolic identity / z3 QF_NRA); it must come out proved too, never refuted.
    v = check(dataclasses.replace(claim, proof=None), budget_s=GENERIC_BUDGET_S)
    assert v.status == "proved" and v.method in ("symbolic", "exact-decision"), (v.status, v.method)
