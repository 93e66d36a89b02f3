"""DCM-T1 chain, DCM-P1's data argument and DCM-BLB (source 000_0b27131c69d8f24c.txt)."""
from fractions import Fraction

import pytest
import sympy as sp

from clickbound import lemmas
from clickbound.lemmas.dcm import proposition1 as p1
from clickbound.lemmas.dcm import theorem1 as t1
from clickbound.lemmas.engine.claim import ProofArtefact
from catalogue_kit import proved_or_argued


@pytest.mark.parametrize("cid", ["DCM-T1/rearrangement", "DCM-T1/chain", "DCM-T1/chain[K=1]",
                                 "DCM-T1/chain[K=4]", "DCM-T1/chain[K=6]", "DCM-P1/more-data", "DCM-BLB"])
def test_true_claims_proved(cid):
    v = lemmas.check(lemmas.get(cid), budget_s=10)
    assert proved_or_argued(v), v.as_dict()


def test_p1_more_data_scope_every_K_by_z3_with_the_enumerated_range_named():
    v = lemmas.check(lemmas.get("DCM-P1/more-data"), budget_s=10)
    assert proved_or_argued(v) and v.scope == "all"
    steps = v.evidence["proof"]["steps"]
    assert sum(s["checked"].startswith("z3 unsat") for s in steps) == 2  # containment, equality on ≤ 1 click
    assert any(s["checked"].startswith("z3 sat") for s in steps)      # the hypotheses are not vacuous
    assert v.evidence["enumeration"]["K"] == f"1..{p1.MAX_K_ENUMERATED}"  # the cross-check says its K range


def test_p1_z3_proof_has_teeth():
    # the z3 steps fail if the claim is wrong: e.g. "C_last ≤ C_first" is not provable
    import z3
    K, f, l, j = z3.Ints("K f l j")
    c = z3.Function("c", z3.IntSort(), z3.BoolSort())
    s = z3.Solver()
    s.add(1 <= f, f <= K, c(f), z3.ForAll([j], z3.Implies(z3.And(1 <= j, j < f), z3.Not(c(j)))),
          1 <= l, l <= K, c(l), z3.ForAll([j], z3.Implies(z3.And(l < j, j <= K), z3.Not(c(j)))), l > f)
    assert s.check() == z3.sat


def test_blb_proved_for_every_instance_not_only_the_brute_forced_ones():
    v = lemmas.check(lemmas.get("DCM-BLB"), budget_s=10)
    assert proved_or_argued(v) and v.scope == "all"
    assert "γp < 1" in lemmas.get("DCM-BLB").statement_text
    assert v.evidence["brute_force"]["instances"] == len(p1.BLB_SIZES) * len(p1.BLB_PARAMS)
    steps = [s["step"] for s in v.evidence["proof"]["steps"]]
    assert any("symbolic K, m" in s for s in steps) and any("geometric sum" in s for s in steps)


def test_blb_needs_gamma_p_below_one():
    # at γ = p = 1 a list showing one item of [K] is already optimal: why the statement assumes γp < 1
    L, K, p, d, g = 3, 2, Fraction(1), Fraction(1, 2), Fraction(1)
    w, v = p1.blb_instance(L, K, p, d, g)
    from clickbound.bounds.click import dcm_reward
    assert dcm_reward((0, 2), w, v) == 1 - (1 - g * p) ** K


def test_chain_without_alpha_is_refuted_exactly():
    claim = lemmas.get("DCM-T1/chain/no-alpha[K=2]")
    v = lemmas.check(claim, budget_s=20)
    assert v.status == "refuted"
    cex = v.counterexample
    assert all(isinstance(val, sp.Rational) for val in cex.values())
    for s, (lo, hi) in claim.domain.items():
        assert lo <= cex[s] <= hi
    assert all(bool(a.subs(cex)) for a in claim.assumptions)
    assert not bool(claim.statement.subs(cex))


def test_chain_proof_is_claim_instance_not_engine_search():
    """The per-K proof is the L1/L2 certificate; a wrong α exponent makes it fail."""
    claim = t1.chain_claim(3)
    assert isinstance(claim.proof(), ProofArtefact)
    bad = sp.Le(2 * t1.G, t1.G, evaluate=False)  # not the chain: 2γ ≤ γ
    with pytest.raises(AssertionError, match="step fails"):
        t1.chain_instance_proof(3, bad, claim.domain, tuple(claim.assumptions))


def test_engine_agrees_without_the_derivation_at_K2():
    c = t1.chain_claim(2)
    bare = lemmas.Claim(id="T1-bare", statement=c.statement, domain=c.domain, assumptions=c.assumptions)
    assert lemmas.check(bare, budget_s=10).status != "refuted"


def test_rearrangement_needs_the_optimal_set():
    # w = (1/2, 1/5, 1/10): A* = {0, 1}; the rule holds for every list and fill
    assert t1.rearrangement_holds([Fraction(1, 2), Fraction(1, 5), Fraction(1, 10)], 2) == (True, None)


@pytest.mark.parametrize("c,dcm,cas", [((0, 0, 0), 3, 3), ((1, 0, 0), 1, 1), ((0, 1, 0), 2, 2),
                                        ((1, 0, 1), 3, 1), ((0, 1, 1), 3, 2), ((1, 1, 0), 2, 1)])
def test_update_positions(c, dcm, cas):
    assert list(p1.dcm_update_positions(c)) == list(range(dcm))
    assert list(p1.cascade_update_positions(c)) == list(range(cas))


def test_blb_instance_validation():
    with pytest.raises(ValueError, match="K < L"):
        p1.blb_instance(3, 3, Fraction(1, 5), Fraction(1, 10), Fraction(1))
    with pytest.raises(ValueError, match="delta"):
        p1.blb_instance(4, 2, Fraction(1, 5), Fraction(3, 10), Fraction(1))


@pytest.mark.parametrize("claim", t1.dcm_t1_step_claims(), ids=lambda c: c.id)
def test_single_steps_come_out_as_registered(claim):
    # DCM-T1/order-free and DCM-T1/K-monotone[K=1] (single steps of Theorem 1's proof and of its summary)
    from catalogue_kit import assert_as_registered
    assert_as_registered(claim)
