"""lemmas/feedback_bias.py: every policy × model decided as registered; the erratum's numbers re-derived."""
import pytest
import sympy as sp

from clickbound.lemmas import check
from clickbound.lemmas import feedback_bias as fb
from clickbound.lemmas.feedback_rules import RULES

CLAIMS = {c.id: c for c in fb.feedback_bias_claims()}


@pytest.fixture(scope="module")
def verdicts():
    return {cid: check(c, budget_s=60) for cid, c in CLAIMS.items()}


def test_one_claim_per_policy_and_model():
    assert len(CLAIMS) == sum(len(r.models) for r in RULES.values()) == 65  # 45 + Gittins 4, ascending 4, RBA 12


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid, verdicts):
    v = verdicts[cid]
    assert v.matches_expectation is True, (cid, v.status, v.counterexample)
    if CLAIMS[cid].expected:
        assert v.status == "proved" and v.scope == "all"
        for s in v.evidence["proof"]["steps"]:
            if s["checked"].startswith("rests on:"):
                assert s["step"].startswith("(argument)")
    else:
        assert v.status == "refuted" and v.counterexample


def test_dcmklucb_position_two_closed_form():
    # K = 2 DCM: position 2 is recorded on a click there or on no click at all
    (_o1, _c1, r1, _), (o2, _c2, r2, t2) = fb.recorded_ratios("dcmKL-UCB", "dcm", 2)
    x1, x2, v1 = sp.symbols("x1 x2 v1", positive=True)
    assert sp.simplify(o2 - ((1 - v1 * x1) * x2 + (1 - x1) * (1 - x2))) == 0
    assert sp.simplify(r1 - x1) == 0
    # biased upward exactly when x1 > 0, v1 < 1, x2 < 1
    assert sp.factor(r2 - t2).has(v1 - 1)


def test_erratum_instance():
    R = sp.Rational
    rows = fb.recorded_ratios("dcmKL-UCB", "dcm", 2, [R(1, 2), R(2, 5)], [R(1, 2), R(1, 3)])
    assert rows[1][2] == R(1, 2) and rows[1][3] == R(2, 5)
    assert fb.ERRATUM.evidence_claims[0] in CLAIMS
