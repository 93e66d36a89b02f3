"""The registry and Verdict data types ."""
import json

import pytest
import sympy as sp

from clickbound import lemmas
from clickbound.lemmas import Claim, Outcome, ProcedureClaim, Verdict, check
from clickbound.lemmas.engine import registry


def test_verdict_rejects_unknown_status():
    with pytest.raises(ValueError, match="status"):
        Verdict(claim_id="X", status="maybe", method="m", elapsed_s=0.0)


@pytest.mark.parametrize("expected,status,matches", [
    (True, "proved", True), (True, "survived", True), (True, "refuted", False),
    (False, "refuted", True), (False, "survived", False), (None, "proved", None),
])
def test_matches_expectation(expected, status, matches):
    v = Verdict(claim_id="X", status=status, method="m", elapsed_s=0.0, expected=expected,
                scope="all" if status == "proved" else None)
    assert v.matches_expectation is matches


@pytest.mark.parametrize("status,scope,detail,evidence,ok", [
    ("proved", None, "", {}, False),                  # a proof must say for what
    ("proved", "instances", "", {}, False),           # ... and name the instances
    ("proved", "instances", "K = 1..6", {}, True),
    ("proved", "all", "", {}, True),
    ("checked", None, "", {}, False),                 # a finite check names its sample
    ("checked", None, "40 random instances", {}, True),
    ("refuted", "all", "", {}, False),                # only a proof has a scope
    ("violated-in-simulation", None, "", {}, False),  # a statistical verdict names test and level
    ("violated-in-simulation", None, "", {"test": "one-sided t", "level": 0.05}, True),
])
def test_status_scope_rules(status, scope, detail, evidence, ok):
    make = lambda: Outcome(status, "m", evidence, scope=scope, scope_detail=detail)  # noqa: E731
    if ok:
        o = make()
        v = Verdict(claim_id="X", status=o.status, method="m", elapsed_s=0.0, evidence=o.evidence,
                    scope=o.scope, scope_detail=o.scope_detail)
        assert v.as_dict()["scope"] == scope
    else:
        with pytest.raises(ValueError):
            make()


def test_same_name_symbols_get_distinct_labels_in_json():
    x1, x2 = sp.Symbol("x"), sp.Symbol("x", positive=True)
    v = Verdict(claim_id="X", status="refuted", method="m", elapsed_s=0.0,
                counterexample={x1: sp.Integer(0), x2: sp.Rational(1, 2)})
    cex = json.loads(json.dumps(v.as_dict()))["counterexample"]
    assert len(cex) == 2 and sorted(cex.values()) == ["0", "1/2"]


def test_verdict_as_dict_is_json_with_exact_counterexample():
    x = sp.Symbol("x")
    v = Verdict(claim_id="X", status="refuted", method="m", elapsed_s=0.1,
                counterexample={x: sp.Rational(1, 3)}, evidence={"margin": sp.Rational(-1, 9)})
    d = json.loads(json.dumps(v.as_dict()))
    assert d["counterexample"] == {"x": "1/3"}
    assert d["evidence"]["margin"] == "-1/9"


def test_procedure_claim_goes_through_check():
    pc = ProcedureClaim(id="T-PROC", statement_text="1 + 1 = 2",
                        decide=lambda b: Outcome("proved", "arithmetic", {"lhs": 2}, scope="all"), expected=True)
    v = check(pc, budget_s=1.0)
    assert (v.status, v.method, v.claim_id, v.matches_expectation) == ("proved", "arithmetic", "T-PROC", True)


def test_procedure_claim_must_return_outcome():
    pc = ProcedureClaim(id="T-BAD", statement_text="?", decide=lambda b: "proved")
    with pytest.raises(TypeError, match="Outcome"):
        check(pc, budget_s=1.0)


def test_check_rejects_non_claims_and_bad_budget():
    with pytest.raises(TypeError):
        check("x <= 1")
    x = sp.Symbol("x")
    with pytest.raises(ValueError, match="budget"):
        check(Claim(id="B", statement=sp.Le(x, 1), domain={x: (0, 1)}), budget_s=0)


def test_catalogue_ids_unique_and_claims_well_formed():
    cat = lemmas.catalogue()
    ids = [c.id for c in cat]
    assert len(ids) == len(set(ids))
    for c in cat:
        assert c.source, f"{c.id} cites no source"
        assert isinstance(c, (Claim, ProcedureClaim))


def test_duplicate_ids_are_refused(monkeypatch):
    pc = ProcedureClaim(id="DUP", statement_text="", decide=lambda b: Outcome("proved", "m", scope="all"))
    monkeypatch.setattr(registry, "_FACTORIES", registry._FACTORIES + [lambda: [pc], lambda: [pc]])
    with pytest.raises(ValueError, match="twice"):
        registry.catalogue()


def test_get_unknown_id_suggests_close_matches():
    with pytest.raises(KeyError, match="no registered claim"):
        lemmas.get("NO-SUCH-CLAIM-ANYWHERE")


def test_errata_cite_existing_claims():
    ids = {c.id for c in lemmas.catalogue()}
    for e in lemmas.errata():
        assert e.source_file.endswith(".txt") and e.source_says and e.truth
        for cid in e.evidence_claims:
            assert cid in ids, f"erratum {e.id} cites unknown claim {cid}"
