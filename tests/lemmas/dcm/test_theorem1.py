"""DCM-T1 (lemmas/dcm/theorem1.py; source ``000_0b27131c69d8f24c.txt``, 定理1): the per-K chain proof is the
L1/L2 certificate and fails on a wrong statement; without α the chain is false (why Theorem 1 pays γ/α);
the rearrangement rule on an instance."""
from fractions import Fraction

import pytest
import sympy as sp

from clickbound import lemmas
from clickbound.lemmas.dcm import theorem1 as t1
from clickbound.lemmas.support.kit import ProofArtefact


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
