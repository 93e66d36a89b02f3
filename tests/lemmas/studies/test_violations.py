"""VIOL/* claims (lemmas/studies/violations.py): re-decided from the record, stale or inconsistent records rejected."""
from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from clickbound.bounds.single_arm import klucb_asymptotic
from clickbound.lemmas.studies import violations as lv

MU = [0.5, 0.3]
N = 1_000_000


def _record(slopes, final, status, answer):
    """A synthetic record of one asymptotic target (KL-UCB), per-run numbers given."""
    b = klucb_asymptotic(MU, N)
    conf = {"role": "closest", "instance": {"L": 2, "K": 1, "w": MU}, "n": N, "runs": len(slopes), "seed": 1,
            "status": status, "answer": answer, "test": "one-sided one-sample t-test", "level": 0.05,
            "power_text": "power 1.00", "score": 1.0, "value_ratio": 1.0, "slope_ratio": 1.0,
            "slope": float(np.mean(slopes)), "coefficient": b.log_coefficient, "bound_slope": b.log_coefficient,
            "asymptotic": True, "checkpoints": [N], "mean": [float(np.mean(final))], "se": [0.1],
            "bound": [b.value], "final": list(final), "slopes_last_decade": list(slopes),
            "slopes_previous_decade": [], "provenance": {"quantity": "regret"}, "decision": {"comparisons": []}}
    target = {"target": "KLUCB-ASYMP", "theorem_id": "KLUCB-ASYMP", "policy": "KL-UCB", "model": "cascade",
              "kind": "upper", "about": "KL-UCB on Bernoulli arms", "confirmations": [conf],
              "verdict": status, "closest": {"instance": conf["instance"], "score": 1.0},
              "search": {"size": {"grid": 1}, "evaluated": 1, "rounds_simulated_at_most": 1}}
    return {"meta": {"profile": "test"}, "targets": {"KLUCB-ASYMP": target}}


def _coef():
    return klucb_asymptotic(MU, N).log_coefficient


def _decide_all(rec):
    return {c.id: c.decide(1.0) for c in lv.claims_from(rec)}


def test_slopes_far_above_the_coefficient_are_a_violation():
    rng = np.random.default_rng(0)
    c = _coef()
    slopes = 2 * c + rng.normal(0, 0.01 * c, 20)  # planted: twice the allowed rate
    final = klucb_asymptotic(MU, N).value * 0.5 + rng.normal(0, 1, 20)
    out = _decide_all(_record(slopes, final, "violated-in-simulation", "contradicted"))
    assert {o.status for o in out.values()} == {"violated-in-simulation"}
    o = out["VIOL/KLUCB-ASYMP/KL-UCB"]
    assert o.evidence["level"] == 0.05 and "test" in o.evidence
    assert o.evidence["violating_instances"] == [{"L": 2, "K": 1, "w": MU}]


def test_slopes_under_the_coefficient_are_consistent():
    rng = np.random.default_rng(1)
    c = _coef()
    out = _decide_all(_record(0.8 * c + rng.normal(0, 0.01 * c, 20),
                              klucb_asymptotic(MU, N).value * 0.8 + rng.normal(0, 1, 20),
                              "consistent-in-simulation", "reproduced"))
    assert {o.status for o in out.values()} == {"consistent-in-simulation"}


def test_a_record_disagreeing_with_the_recomputed_tests_is_an_error():
    c = _coef()
    rec = _record([2 * c + 0.01 * k for k in range(20)], [1.0 + k for k in range(20)],
                  "consistent-in-simulation", "reproduced")  # wrong: the slopes violate it
    with pytest.raises(ValueError, match="disagree"):
        _decide_all(rec)


def test_a_stale_coefficient_is_an_error():
    c = _coef()
    rec = _record([0.5 * c + 0.01 * k for k in range(20)], [1.0 + k for k in range(20)],
                  "consistent-in-simulation", "reproduced")
    rec2 = copy.deepcopy(rec)
    rec2["targets"]["KLUCB-ASYMP"]["confirmations"][0]["coefficient"] = c * 1.5
    with pytest.raises(ValueError, match="stale"):
        _decide_all(rec2)


def test_a_non_finite_standard_error_is_an_error_not_a_rejection():
    """A finite-time record whose stored se is not finite: the test cannot be computed (clickbound.stats), so
    recompute raises instead of reading it as a certain violation."""
    b = klucb_asymptotic(MU, N)
    rec = _record([0.5 * _coef()] * 3, [1.0, 2.0, 3.0], "consistent-in-simulation", "reproduced")
    target = rec["targets"]["KLUCB-ASYMP"]
    conf = dict(target["confirmations"][0], asymptotic=False, checkpoints=[N], mean=[b.value + 1.0], se=["inf"],
                bound=[b.value])
    with pytest.raises(ValueError, match="finite se"):
        lv.recompute(target, conf)
    conf["se"] = [0.0]  # no spread: decided by the sign of mean − bound (above it: a violation)
    assert lv.recompute(target, conf)["violated"] is True


def test_committed_record_covers_every_target_and_re_decides():
    """Done criterion: every searched bound is in the record; the claims agree with it."""
    from clickbound.sim.violations import TARGETS

    rec = lv.record()
    if rec is None:
        pytest.skip("lemmas/data/violations.json not generated")
    assert set(rec["targets"]) == set(TARGETS)
    for t in rec["targets"].values():
        s = t["search"]
        assert s["evaluated"] >= 1 and math.isfinite(float(t["closest"]["score"])) or t["closest"]["score"] == "inf"
        for conf in t["confirmations"]:
            assert len(conf["final"]) == conf["runs"]
    out = _decide_all(rec)
    for t in rec["targets"].values():
        assert out[lv.claim_id(t)].status == t["verdict"]


def test_p1_erratum_follows_the_record():
    """The erratum is built from the record: present iff DCM-P1 is violated there, citing its claims."""
    from clickbound import lemmas

    rec = lv.record()
    if rec is None:
        pytest.skip("lemmas/data/violations.json not generated")
    e = lv.p1_erratum(rec)
    violated = [n for n in ("DCM-P1[i=1]", "DCM-P1[i=2]", "DCM-P1[i=3]")
                if rec["targets"][n]["verdict"] == "violated-in-simulation"]
    assert (e is not None) == bool(violated)
    if e is not None:
        assert {lv.claim_id(rec["targets"][n]) for n in violated} <= set(e.evidence_claims)
        assert e.id in {x.id for x in lemmas.errata()}
        for cid in e.evidence_claims:
            if cid.startswith("VIOL/"):
                assert lemmas.get(cid).decide(1.0).status == "violated-in-simulation"
    clean = copy.deepcopy(rec)
    for n in ("DCM-P1[i=1]", "DCM-P1[i=2]", "DCM-P1[i=3]"):
        for c in clean["targets"][n]["confirmations"]:
            c["status"] = "consistent-in-simulation"
    assert lv.p1_erratum(clean) is None
