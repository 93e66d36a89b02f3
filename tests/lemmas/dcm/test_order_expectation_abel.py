"""DCM-ORDER, DCM-EXP and the Abel summation of DCM-T2 (source ``000_0b27131c69d8f24c.txt``).

True claims come out proved; mutants refuted, with counterexamples re-checked here by code that
does not share the catalogue's evaluation (its own product formula in ``Fraction``s).
"""
from fractions import Fraction
from itertools import permutations

import pytest
import sympy as sp

from clickbound.lemmas.dcm import expectation as dcm_expectation
from clickbound.lemmas.dcm import order as dcm_order
from clickbound.lemmas.dcm.theorem2 import abel as dcm_abel

from dcm_testkit import assert_exact_counterexample, decide_all
from catalogue_kit import proved_or_argued


@pytest.fixture(scope="module")
def verdicts():
    return decide_all(dcm_order.dcm_order_claims() + dcm_expectation.dcm_exp_claims()
                      + dcm_abel.dcm_abel_claims())


def _f(A, w, v):
    """DCM reward 1 - prod_k (1 - v_k w(a_k)), written out independently in Fractions."""
    q = Fraction(1)
    for k, a in enumerate(A):
        q *= 1 - Fraction(v[k]) * Fraction(w[a])
    return 1 - q


def test_true_claims_proved(verdicts):
    for c, v in verdicts.values():
        if c.expected:
            assert proved_or_argued(v), (c.id, v.status, v.notes)
            assert v.evidence["proof"]["steps"], c.id


def test_order_covers_strict_instances_and_ucb(verdicts):
    for cid, (c, v) in verdicts.items():
        if cid.startswith("DCM-ORDER[") and cid != "DCM-ORDER[L=3,K=2]":
            assert v.evidence["strict_instances"] > 0, cid  # uniqueness was exercised
    assert verdicts["DCM-ORDER/ucb[L=6,K=3]"][1].status == "proved"


def test_order_mutant_counterexample_is_exact(verdicts):
    _, v = verdicts["DCM-ORDER/v-increasing[L=4,K=3]"]
    assert v.status == "refuted"
    cex = v.counterexample
    w = [Fraction(str(x)) for x in cex["w"]]
    vt = [Fraction(str(x)) for x in cex["v"]]
    assert all(0 <= x <= 1 for x in w + vt) and vt == sorted(vt)  # the mutant's own domain
    A = tuple(cex["sorted_list"])
    assert A == tuple(sorted(range(len(w)), key=lambda e: (-w[e], e))[: len(vt)])
    best = max(_f(B, w, vt) for B in permutations(range(len(w)), len(vt)))
    assert _f(tuple(cex["better_or_tied_list"]), w, vt) == best > _f(A, w, vt)


def test_order_brute_force_matches_independent_reward():
    w = [Fraction(1, 2), Fraction(1, 5), Fraction(3, 4), Fraction(0)]
    v = [Fraction(1), Fraction(1, 2), Fraction(1, 3)]
    best, argmax = dcm_order.brute_force(w, v)
    assert argmax == [(2, 0, 1)] and best == _f((2, 0, 1), w, v)
    assert dcm_order.check_instance(w, v) is None


def test_other_mutants_refuted_exactly(verdicts):
    for cid in ("DCM-EXP/repeated-item[K=2]", "DCM-T2-ABEL/no-v(K+1)=0[K=3]", "DCM-T2-ABEL/off-by-one[K=3]"):
        c, v = verdicts[cid]
        assert v.status == "refuted", cid
        assert_exact_counterexample(c, v.counterexample)


def test_exp_enumeration_matches_independent_sum():
    # K = 2 at a rational point, outcome sum written out directly.
    wb, vb = [Fraction(1, 3), Fraction(3, 4)], [Fraction(1, 2), Fraction(2, 5)]
    total = Fraction(0)
    for w1 in (0, 1):
        for w2 in (0, 1):
            for v1 in (0, 1):
                for v2 in (0, 1):
                    pr = Fraction(1)
                    for b, m in ((w1, wb[0]), (w2, wb[1]), (v1, vb[0]), (v2, vb[1])):
                        pr *= m if b else 1 - m
                    total += pr * _f((0, 1), [w1, w2], [v1, v2])
    assert total == _f((0, 1), wb, vb)
    c = dcm_expectation.exp_claim(2)
    pt = dict(zip(sp.symbols("wb1 wb2 vb1 vb2", real=True), map(sp.Rational, (*wb, *vb))))
    assert c.statement.lhs.subs(pt) == sp.Rational(total)


def test_abel_instance_refuses_wrong_rhs():
    v, z = dcm_abel.vec("v", 3), dcm_abel.vec("z", 3)
    lhs = sum(a * b for a, b in zip(v, z))
    with pytest.raises(AssertionError, match="step fails"):
        dcm_abel.abel_instance_proof(3, lhs, dcm_abel.abel_rhs(v, z, inner_shift=1))


def test_bad_variants_are_value_errors():
    with pytest.raises(ValueError, match="variant"):
        dcm_abel.abel_claim(2, "nope")
    with pytest.raises(ValueError, match="variant"):
        dcm_expectation.exp_claim(2, "nope")


def test_verdicts_serialise_to_json(verdicts):
    import json

    for c, v in verdicts.values():
        d = json.loads(json.dumps(v.as_dict()))
        assert d["claim_id"] == c.id and d["matches_expectation"] is True
    cex = json.loads(json.dumps(verdicts["DCM-ORDER/v-increasing[L=4,K=3]"][1].as_dict()))["counterexample"]
    assert all("/" in x or x.lstrip("-").isdigit() for x in cex["w"])  # exact rationals as strings
