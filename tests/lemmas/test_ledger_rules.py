"""The verdict rules (``clickbound.lemmas.ledger.rules``) over the whole ledger, results table
and errata, each rule also shown to catch a planted violation.

Claim verdicts come from the golden snapshot ``tests/lemmas/data/verdicts.json``: nothing here
decides a claim.  The whole-ledger tests fail until every erratum is graded (``severity``)
and the ledger entries that cite a claim refuted as the source states it are errata citing a
wrong-result / wrong-step erratum (DCM Proposition 1 and Theorem 2, for instance); they are
not marked xfail on purpose.
"""
from __future__ import annotations

import textwrap

import pytest

from clickbound import lemmas
from clickbound.lemmas import ledger
from clickbound.lemmas.engine.registry import HEADLINE, SEVERITIES, Erratum
from clickbound.lemmas.ledger import rules

DCM = "000_0b27131c69d8f24c.txt"
#: verbatim pieces of the DCM slides (each ≥ 10 characters; the first two overlap nothing else)
Q1 = "一度クリックしたら二度と検索に戻らない"
Q2 = "クリックしたアイテムに満足しなければ検索に戻る"


@pytest.fixture(scope="module")
def golden():
    return rules.golden_verdicts()


@pytest.fixture(scope="module")
def whole(golden):
    return rules.problems(verdicts=golden)


def _tagged(msgs, tag):
    return [m for m in msgs if m.startswith(f"[{tag}]")]


# -- the registry and the data, as they stand -------------------------------------------------

def test_every_registered_erratum_has_a_valid_severity():
    bad = [f"{e.id}: {e.severity!r}" for e in lemmas.errata() if e.severity not in SEVERITIES]
    assert bad == [], f"{len(bad)} errata without a valid severity (one of {SEVERITIES})"


def test_headline_severities_are_the_worst_two():
    assert HEADLINE == SEVERITIES[:2]
    assert Erratum("X", DCM, "l", "s", "t", (), "c", severity="wrong-step").headline
    assert not Erratum("X", DCM, "l", "s", "t", (), "c", severity="misprint").headline


def test_patterns_name_a_verdict_and_a_severity():
    for p in rules.PATTERNS.values():
        assert p.verdict in ledger.VERDICTS, p
        assert p.severity is None or (p.verdict == "erratum" and p.severity in SEVERITIES), p
        assert p.description.strip(), p


@pytest.mark.parametrize("tag", sorted(rules.RULES))
def test_the_ledger_obeys_the_rule(whole, tag):
    found = _tagged(whole, tag)
    assert found == [], f"{len(found)} violation(s) of [{tag}]: " + "\n".join(found[:40])


def test_every_message_is_tagged_with_a_rule(whole):
    assert all(m[1:m.index("]")] in rules.RULES for m in whole)


# -- each rule catches a planted violation --------------------------------------------------

def _entry(**kw):
    base = {"source": DCM, "quote": Q1, "kind": "statement", "verdict": "gap", "note": "n", "index": 0,
            "file": "plant.toml"}
    base.update(kw)
    return ledger.Entry(**base)


def _result(**kw):
    base = {"source": DCM, "name": "DCM Proposition 9", "kind": "proposition", "quote": Q1,
            "status": "holds", "note": "n", "index": 0, "file": "plant.toml"}
    base.update(kw)
    return ledger.Result(**base)


def _err(id_="ERR-PLANT", severity="wrong-result", evidence=(), quotes=()):
    return Erratum(id_, DCM, "plant", "says", "truth", tuple(evidence), "no", severity=severity, quotes=quotes)


#: a claim the source states and that is refuted, a mutant (refuted on purpose) and a proved one
VERDICTS = {"SRC/as-printed": {"expected": False, "status": "refuted", "statement": "x"},
            "SRC/sim": {"expected": False, "status": "violated-in-simulation", "statement": "x"},
            "SRC/mutant-half": {"expected": False, "status": "refuted", "statement": "x"},
            "SRC/other": {"expected": False, "status": "refuted", "statement": "mutant: x"},
            "SRC/ok": {"expected": True, "status": "proved", "statement": "y"}}


def _run(entries=(), results=(), errata=()):
    return rules.problems(entries=list(entries), results=list(results), errata=list(errata),
                          verdicts=VERDICTS, claims={})


def test_refuted_claim_cited_by_a_gap_or_verified_entry_is_caught():
    for verdict in ("gap", "verified", "definition"):
        msgs = _run([_entry(verdict=verdict, claims=("SRC/as-printed",))])
        assert any("[refuted-cited]" in m and f"verdict {verdict!r}" in m for m in msgs), msgs
    # violated in simulation counts too; mutants do not
    assert _tagged(_run([_entry(claims=("SRC/sim",))]), "refuted-cited")
    assert not _tagged(_run([_entry(claims=("SRC/mutant-half", "SRC/other", "SRC/ok"))]), "refuted-cited")


def test_refuted_claim_needs_a_headline_erratum():
    misprint = _err(severity="misprint")
    msgs = _run([_entry(verdict="erratum", claims=("SRC/as-printed",), errata=("ERR-PLANT",),
                        conclusion_survives="no")], errata=[misprint])
    assert _tagged(msgs, "refuted-cited"), msgs
    ok = _run([_entry(verdict="erratum", claims=("SRC/as-printed",), errata=("ERR-PLANT",),
                      conclusion_survives="no")], errata=[_err(severity="wrong-step")])
    assert not _tagged(ok, "refuted-cited"), ok
    # a misprint erratum whose evidence is that very claim explains it (a formula false as printed)
    explained = _run([_entry(verdict="erratum", claims=("SRC/as-printed",), errata=("ERR-PLANT",),
                             conclusion_survives="yes")],
                     errata=[_err(severity="misprint", evidence=("SRC/as-printed",))])
    assert not _tagged(explained, "refuted-cited"), explained


def test_negates_exempts_a_claim_the_source_itself_calls_false():
    assert not _tagged(_run([_entry(verdict="verified", claims=("SRC/as-printed",),
                                    negates=("SRC/as-printed",))]), "refuted-cited")
    msgs = _run([_entry(verdict="verified", claims=("SRC/ok",), negates=("SRC/ok", "SRC/none"))])
    assert len(_tagged(msgs, "refuted-cited")) == 2, msgs


def test_result_citing_a_refuted_claim_must_fail():
    for status in ("holds", "unproved", "not-checkable"):
        msgs = _run(results=[_result(status=status, claims=("SRC/as-printed",))])
        assert any("[refuted-cited]" in m and f"status {status!r}" in m for m in msgs), msgs
    assert not _tagged(_run(results=[_result(status="fails", claims=("SRC/as-printed",))]), "refuted-cited")


def test_status_evidence_rules():
    # fails without a wrong-result erratum or refuted claim
    msgs = _run(results=[_result(status="fails", errata=("ERR-PLANT",))], errata=[_err(severity="wrong-step")])
    assert _tagged(msgs, "status-evidence"), msgs
    assert not _tagged(_run(results=[_result(status="fails", errata=("ERR-PLANT",))], errata=[_err()]),
                       "status-evidence")
    # holds-after-repair without repair or erratum
    msgs = _run(results=[_result(status="holds-after-repair")])
    assert any("holds-after-repair" in m for m in _tagged(msgs, "status-evidence")), msgs
    ok = _run(results=[_result(status="holds-after-repair", repair="read α > 1", errata=("ERR-PLANT",))],
              errata=[_err(severity="wrong-step")])
    assert not _tagged(ok, "status-evidence"), ok
    # holds (or a verified entry) citing a headline erratum
    assert _tagged(_run(results=[_result(status="holds", errata=("ERR-PLANT",))], errata=[_err()]),
                   "status-evidence")
    assert _tagged(_run([_entry(verdict="verified", claims=("SRC/ok",), errata=("ERR-PLANT",))],
                        errata=[_err()]), "status-evidence")
    assert not _tagged(_run(results=[_result(status="holds", errata=("ERR-PLANT",))],
                            errata=[_err(severity="notation")]), "status-evidence")


def test_pattern_gets_its_verdict_and_severity():
    msgs = _run([_entry(verdict="gap", pattern="hoeffding-at-random-count", claims=("SRC/ok",)),
                 _entry(verdict="erratum", pattern="hoeffding-at-random-count", errata=("ERR-PLANT",),
                        conclusion_survives="yes", index=1)], errata=[_err(severity="wrong-step")])
    found = _tagged(msgs, "pattern-verdict")
    assert len(found) == 1 and "must be 'erratum', got 'gap'" in found[0], msgs
    msgs = _run([_entry(verdict="erratum", pattern="notation-slip", errata=("ERR-PLANT",),
                        conclusion_survives="yes")], errata=[_err(severity="misprint")])
    assert any("'notation'" in m for m in _tagged(msgs, "pattern-verdict")), msgs


def test_severity_rules():
    msgs = _run(errata=[_err(severity="")])
    assert any("ERR-PLANT" in m for m in _tagged(msgs, "severity")), msgs
    msgs = _run([_entry(verdict="erratum", severity="misprint", errata=("ERR-PLANT",), conclusion_survives="y")],
                errata=[_err(severity="wrong-step")])
    assert any("severity 'misprint'" in m for m in _tagged(msgs, "severity")), msgs
    ok = _run([_entry(verdict="erratum", severity="wrong-step", errata=("ERR-PLANT",), conclusion_survives="y")],
              errata=[_err(severity="wrong-step")])
    assert not _tagged(ok, "severity"), ok


def test_erratum_quote_rules():
    a = _err("ERR-A", quotes=(Q1,))
    # shared quote (one contains the other) between two errata
    b = _err("ERR-B", quotes=(Q1[2:],))
    cites = [_entry(verdict="erratum", errata=("ERR-A", "ERR-B"), conclusion_survives="y")]
    assert any("share the quote" in m for m in _tagged(_run(cites, errata=[a, b]), "erratum-quotes"))
    # a quote not in the source, one too short
    msgs = _tagged(_run(errata=[_err("ERR-C", quotes=("this is not in the slides at all", "短い"))]),
                   "erratum-quotes")
    assert any("not found verbatim" in m for m in msgs) and any("shorter than 10" in m for m in msgs), msgs
    # no entry citing it covers the quote; an entry overlapping the quote does not cite it
    msgs = _tagged(_run([_entry(verdict="gap", claims=("SRC/ok",))], errata=[a]), "erratum-quotes")
    assert any("covered by no ledger entry" in m for m in msgs), msgs
    assert any("does not cite it" in m for m in msgs), msgs
    # sound: the entry on the quote cites the erratum; an entry elsewhere need not
    ok = _run([_entry(verdict="erratum", errata=("ERR-A",), conclusion_survives="y"),
               _entry(quote=Q2, verdict="definition", index=1)], errata=[a])
    assert not _tagged(ok, "erratum-quotes"), ok


def test_experiment_scope_rules():
    exp = {"kind": "experiment", "status": "holds", "scope": "stand-in", "note": "the regret curves agree"}
    assert _tagged(_run(results=[_result(**exp)]), "experiment-scope")
    assert not _tagged(_run(results=[_result(**{**exp, "note": "on a synthetic stand-in of the logs"})]),
                       "experiment-scope")
    own = _result(kind="experiment", status="fails", scope="source-setting", own_finding=True,
                  note="n", claims=("SRC/as-printed",))
    assert any("own_finding" in m for m in _tagged(_run(results=[own]), "experiment-scope"))
    # an own finding citing a refuted claim is not thereby a fail of the source
    ok = _run(results=[_result(kind="experiment", status="not-checkable", scope="source-setting",
                               own_finding=True, note="n", claims=("SRC/as-printed",))])
    assert ok == [], ok


# -- the results table loader -------------------------------------------------------------

def test_results_load_and_are_checked(tmp_path, monkeypatch):
    toml = textwrap.dedent(f"""\
        source = "{DCM}"
        complete = false

        [[entry]]
        quote = '{Q1}'
        kind = "definition"
        verdict = "definition"
        note = "cascade model"

        [[result]]
        name = "DCM Proposition 9"
        kind = "proposition"
        quote = '{Q2}'
        status = "holds-after-repair"
        note = "planted"

        [[result]]
        name = "DCM Experiment 9"
        kind = "experiment"
        quote = '{Q1}'
        status = "holds"
        scope = "stand-in"
        own_finding = true
        note = "a stand-in"
        """)
    (tmp_path / "000_0b27131c69d8f24c.toml").write_text(toml, encoding="utf-8")
    monkeypatch.setattr(ledger, "HERE", tmp_path)
    ledger.entries.cache_clear()
    ledger._results.cache_clear()
    try:
        rs = ledger.results("dcm")
        assert [r.name for r in rs] == ["DCM Proposition 9", "DCM Experiment 9"]
        assert rs[1].own_finding is True and rs[1].scope == "stand-in"
        assert ledger.results("000") == rs == [r for r in ledger.results() if r.source == DCM]
        msgs = ledger.problems(DCM)
        assert any("holds-after-repair without a repair" in m for m in msgs), msgs
        (tmp_path / "000_0b27131c69d8f24c.toml").write_text(toml.replace('status = "holds"\n', 'status = "ok"\n')
                                                            + 'colour = "red"\n', encoding="utf-8")
        ledger._results.cache_clear()
        with pytest.raises(ValueError, match="unknown field"):
            ledger.results("dcm")
    finally:
        ledger.entries.cache_clear()
        ledger._results.cache_clear()


def test_entry_pattern_and_severity_are_checked(monkeypatch):
    bad = [_entry(verdict="gap", pattern="no-such-pattern", severity="wrong-step", claims=("DCM-L1",)),
           _entry(verdict="erratum", severity="typo", errata=(), index=1)]
    monkeypatch.setattr(ledger, "entries", lambda source=None: tuple(bad))
    msgs = " | ".join(ledger.problems(DCM))
    for needle in ("pattern 'no-such-pattern'", "severity on a 'gap' entry", "severity 'typo'"):
        assert needle in msgs, msgs
