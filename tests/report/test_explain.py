"""``clickbound explain``: every claim, erratum, bound function, policy and report section is found.

The index is built from the claim registry (which records each claim's and erratum's module), the
source ledger, the policy registry and the explicit ``SPEC_IDS`` declarations of ``bounds/`` modules,
``sim/policies/registry.py`` and ``report/sections/*.py``.  These tests check that nothing is left
out and that no declaration names an ID nothing else knows.
"""
from __future__ import annotations

import importlib
import json

import pytest

from clickbound import lemmas
from clickbound.report import cli
from clickbound.report import cmd_explain as ex


@pytest.fixture(scope="module")
def index():
    return ex.build_index()


def _resolves(i: str, index) -> bool:
    """The ID names at least one claim or erratum (directly, as a family or as a segment)."""
    r = ex.explain(i, index)
    return bool(r["claims"] or r["errata"])


def test_every_claim_is_listed_under_its_spec_id_or_its_own_id(index):
    keys: dict[str, set[str]] = {}
    for c in lemmas.catalogue():
        keys.setdefault(c.spec_id or c.id, set()).add(c.id)
    missing = []
    for key, ids in keys.items():
        listed = {row["id"] for row in ex.explain(key, index)["claims"]}
        missing += sorted(ids - listed)
    assert missing == []


def test_every_claim_knows_its_module_file(index):
    for c in lemmas.catalogue():
        path = ex._relpath(index.module_of[c.id])
        assert path.startswith("lemmas/") and path.endswith(".py") and "/support/" not in path, (c.id, path)


def test_every_erratum_is_listed_under_its_id_and_spec_id(index):
    missing = []
    for e in lemmas.errata():
        for key in filter(None, (e.id, e.spec_id)):
            if e.id not in {row["id"] for row in ex.explain(key, index)["errata"]}:
                missing.append((e.id, key))
    assert missing == []


def test_every_bound_function_is_declared_and_listed_under_a_known_id(index):
    fns = ex.bound_functions()
    assert len(fns) >= 20
    problems = []
    for modname, fn in fns:
        ids = importlib.import_module(modname).SPEC_IDS.get(fn)
        if not ids:
            problems.append(f"{modname}.{fn}: not declared in SPEC_IDS")
            continue
        for i in ids:
            if not _resolves(i, index):
                problems.append(f"{modname}.{fn}: {i} names no claim or erratum")
            if fn not in {b["function"] for b in ex.explain(i, index)["bounds"]}:
                problems.append(f"{modname}.{fn}: not listed by explain {i}")
    assert problems == []


def test_every_policy_is_declared_and_its_ids_resolve(index):
    from clickbound.sim.policies import registry

    assert set(registry.SPEC_IDS) == set(registry.policies())
    bad = [(p, i) for p, ids in registry.SPEC_IDS.items() for i in ids if not _resolves(i, index)]
    assert bad == []
    for p in registry.SPEC_IDS:
        assert p in {row["name"] for row in ex.explain(p, index)["policies"]}


def test_every_section_declares_ids_that_resolve(index):
    assert len(index.sections) >= 25
    bad = [(f, i) for f, _, ids in index.sections for i in ids if not _resolves(i, index)]
    assert bad == []
    assert sum(bool(ids) for *_, ids in index.sections) >= 20


def test_explain_dcm_t2_lists_theorem2_its_bound_and_its_report_section(index):
    r = ex.explain("DCM-T2", index)
    files = {m["file"] for m in r["modules"]}
    assert {"lemmas/dcm/theorem2/abel.py", "lemmas/dcm/theorem2/proof_steps.py",
            "lemmas/dcm/theorem2/shape.py"} <= files
    assert all(c["id"].startswith(("DCM-T2", "VIOL/DCM-T2/")) for c in r["claims"])
    assert {"DCM-T2-ABEL", "DCM-T2/prefix-L2", "VIOL/DCM-T2/dcmKL-UCB"} <= {c["id"] for c in r["claims"]}
    assert ("bounds/dcm.py", "dcm_t2") in {(b["file"], b["function"]) for b in r["bounds"]}
    assert "report/sections/exp_dcm_3c.py" in {s["file"] for s in r["sections"]}
    assert "ERR-DCM-T2-L1-SUBSCRIPT" in {e["id"] for e in r["errata"]}
    assert r["ledger"] and all(x["source"] == "dcm" and x["line"] for x in r["ledger"])
    assert "dcmKL-UCB" in {p["name"] for p in r["policies"]}


def test_explain_an_erratum_lists_its_evidence(index):
    r = ex.explain("ERR-DCM-T3-TN-INIT", index)
    assert {c["id"] for c in r["claims"]} == {"DCM-T3/Tn-vs-shown", "DCM-T3/Tn-minus-one"}
    assert [m["file"] for m in r["modules"]] == ["lemmas/dcm/theorem3/proof_steps.py"]


def test_cli_json_with_a_verdict(capsys):
    assert cli.main(["explain", "DCM-T2/unsorted-dominance", "--json", "--budget", "5"]) == 0
    r = json.loads(capsys.readouterr().out)
    (c,) = r["claims"]
    assert c["verdict"]["status"] == "refuted" and c["verdict"]["matches_expectation"] is True
    assert c["module"] == "lemmas/dcm/theorem2/proof_steps.py"


def test_cli_unknown_id_exits_2_with_close_matches(capsys):
    assert cli.main(["explain", "DCM-T9", "--no-verdicts"]) == 2
    err = capsys.readouterr().err
    assert "DCM-T9" in err and "DCM-T2" in err and "close matches" in err
