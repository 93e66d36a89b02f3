"""DCM-TEL, DCM-L1, DCM-L4 (source ``000_0b27131c69d8f24c.txt``, 補題1, 補題4).

(DCM-L2's verdicts and its erratum are in ``test_dcm_lemma2.py``; the derivation-refusal tests
here cover all three lemmas derived from DCM-TEL.)

Every registered claim comes out as registered: the lemmas proved (general K and K = 1..6 by
the derivation from DCM-TEL), every mutant refuted with a counterexample that is re-verified
here in exact rationals.  Broken derivation steps must be refused.
"""
import dataclasses

import pytest
import sympy as sp

from clickbound.lemmas import Claim, ProcedureClaim, catalogue, check
from clickbound.lemmas.dcm import lemma1 as L1
from clickbound.lemmas.dcm import lemma2 as L2
from clickbound.lemmas.dcm import lemma4 as L4
from clickbound.lemmas.dcm import telescoping as TEL
from clickbound.lemmas.support.dcm_algebra import Atom, nonneg_facts, vec, verify_certificate

from dcm_testkit import assert_exact_counterexample, decide_all
from catalogue_kit import proved_or_argued

FAMILIES = {"DCM-TEL": TEL.dcm_tel_claims, "DCM-L1": L1.dcm_l1_claims, "DCM-L4": L4.dcm_l4_claims}


@pytest.fixture(scope="module")
def verdicts():
    return decide_all([c for f in FAMILIES.values() for c in f()])


def test_families_registered_in_catalogue():
    ids = {c.id for c in catalogue()}
    for spec, fam in FAMILIES.items():
        mine = [c.id for c in fam()]
        assert spec in mine and set(mine) <= ids
        for K in range(1, 7):
            assert f"{spec}[K={K}]" in mine


def test_claims_cite_source_and_spec():
    for fam in FAMILIES.values():
        for c in fam():
            assert "000_0b27131c69d8f24c.txt" in c.source
            assert c.id.startswith(c.spec_id)
            assert c.description


def test_true_claims_proved_by_derivation(verdicts):
    for cid, (c, v) in verdicts.items():
        if c.expected:
            assert proved_or_argued(v), (cid, v.status, v.notes)
            assert v.method.startswith("derivation"), (cid, v.method)
            assert v.evidence["proof"]["steps"], cid


def test_mutants_refuted_with_exact_counterexample(verdicts):
    mutants = [(c, v) for c, v in verdicts.values() if c.expected is False]
    assert len(mutants) >= 2 * 3  # at least three mutants for each of L1, L4
    for c, v in mutants:
        assert v.status == "refuted", (c.id, v.status)
        assert_exact_counterexample(c, v.counterexample)


def test_each_lemma_has_three_distinct_mutant_kinds():
    for fam in (L1.MUTANTS, L2.MUTANTS, L4.MUTANTS):
        assert len(fam) >= 3


@pytest.mark.parametrize("K", [2, 3])
def test_tel_refuses_a_wrong_weight(K):
    # All factors from x: prod_{j != k}(1 - x_j) does not telescope V(x) - V(y).
    wrong = lambda x, y, k: TEL.tel_weight(x, x, k)
    with pytest.raises(AssertionError, match="step fails"):
        TEL.tel_instance_step(K, weight=wrong)
    TEL.tel_instance_step(K)  # the right weight passes
    # The mirrored weight prod_{j<k}(1 - x_j) prod_{j>k}(1 - y_j) telescopes too (scan the
    # positions from the other end); the derivation must accept it, not just one spelling.
    TEL.tel_instance_step(K, weight=lambda x, y, k: TEL.tel_weight(y, x, k))


@pytest.mark.parametrize("mod,build,prove", [
    (L1, L1.l1_claim, L1.l1_instance_proof), (L2, L2.l2_claim, L2.l2_instance_proof),
    (L4, L4.l4_claim, L4.l4_instance_proof)])
def test_instance_derivation_refuses_wrong_weight_factors(mod, build, prove):
    K = 3
    c = build(K)
    drop_last = lambda x, y, k: L1.weight_factors(x, y, k)[:-1]
    with pytest.raises(AssertionError, match="step fails"):
        prove(K, c.statement, c.domain, tuple(c.assumptions), factors=drop_last)
    assert prove(K, c.statement, c.domain, tuple(c.assumptions)).steps


@pytest.mark.parametrize("build,prove,variant", [
    (L1.l1_claim, L1.l1_instance_proof, "no-x>=y"), (L2.l2_claim, L2.l2_instance_proof, "no-x<=p"),
    (L2.l2_claim, L2.l2_instance_proof, "no-x>=y"), (L4.l4_claim, L4.l4_instance_proof, "gamma<=2")])
def test_derivation_refuses_when_a_hypothesis_is_dropped(build, prove, variant):
    # The mutant's statement is the lemma's; only the hypotheses differ, so the certificate's
    # atoms are no longer justified and the check must refuse.
    m = build(3, variant)
    with pytest.raises(AssertionError, match="not known >= 0"):
        prove(3, m.statement, m.domain, tuple(m.assumptions))


def test_certificate_checker_refuses_unjustified_atom_and_wrong_sum():
    x, y = sp.symbols("x y", real=True)
    facts = nonneg_facts({x: (0, 1), y: (0, 1)}, [sp.Ge(x, y)])
    verify_certificate("ok", x - y, Atom(x - y), facts)
    with pytest.raises(AssertionError, match="not known"):
        verify_certificate("bad atom", y - x, Atom(y - x), facts)
    with pytest.raises(AssertionError, match="step fails"):
        verify_certificate("bad sum", 2 * (x - y), Atom(x - y), facts)


def test_mutants_true_at_K1_are_documented_as_true():
    # The docstrings say these mutants hold at K=1; the instance derivation with the lemma's own
    # hypotheses is not what makes them true, so check them directly: both sides agree exactly.
    for claim in (L1.l1_claim(1, "reversed"), L1.l1_claim(1, "no-x>=y"), L1.l1_claim(1, "box[-1,1]"),
                  L2.l2_claim(1, "reversed"), L2.l2_claim(1, "no-x>=y"), L2.l2_claim(1, "no-x<=p"),
                  L4.l4_claim(1, "reversed"), L4.l4_claim(1, "gamma<=2"), L4.l4_claim(1, "no-x>=y")):
        st = claim.statement
        assert sp.expand(st.lhs - st.rhs) == 0, claim.id


def test_general_proofs_are_procedure_claims_that_prove():
    for fam in FAMILIES.values():
        general = fam()[0]
        assert isinstance(general, ProcedureClaim)
        v = check(general, budget_s=5)
        assert proved_or_argued(v) and v.evidence["proof"]["steps"]


def test_bad_variant_is_a_value_error():
    with pytest.raises(ValueError, match="variant"):
        L2.l2_claim(2, "no-such-mutant")
    with pytest.raises(ValueError, match="K"):
        vec("x", 0)
    assert isinstance(L1.l1_claim(2), Claim)


# Cap for the engine's generic methods on small instances (z3 answers these in well under a second).
GENERIC_BUDGET_S = 20.0  # work-bounded: the budget only stops a loaded machine short


@pytest.mark.parametrize("claim", [TEL.tel_claim(3), L1.l1_claim(2), L1.l1_claim(3), L2.l2_claim(2),
                                   L4.l4_claim(2), L4.l4_claim(3)], ids=lambda c: c.id)
def test_generic_engine_agrees_without_the_derivation(claim):
    # Metamorphic: the same statement without proof= is decided by the engine's own methods
    # (symbolic identity / z3 QF_NRA); it must come out proved too, never refuted.
    v = check(dataclasses.replace(claim, proof=None), budget_s=GENERIC_BUDGET_S)
    assert v.status == "proved" and v.method in ("symbolic", "exact-decision"), (v.status, v.method)

