"""``clickbound results``, ``clickbound errata`` (severity order, misprints behind ``--all``),
``clickbound ledger --json`` (severity on erratum entries), and the report's results and errata
sections: output within 100 columns, filters, JSON fields.

Rows and errata are planted (the real results table is written on another branch); the
real registry is used where only the width or the JSON shape is checked.
"""
from __future__ import annotations

import json
import unicodedata

import pytest

from clickbound import lemmas
from clickbound.lemmas import ledger
from clickbound.lemmas.engine.registry import Erratum
from clickbound.report import cli

DCM, DEPTH = "000_0b27131c69d8f24c.txt", "001_eb740855b56fcd8b.txt"


def cols(line: str) -> int:
    """Terminal columns of a line, counted here independently of the code under test."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in line)


def _err(id_, severity, source=DCM, quotes=()):
    return Erratum(id_, source, f"{id_} location", "最尤推定量のように見える " * 6, "the truth " * 12,
                   ("SYN-CLAIM",), "no", severity=severity, quotes=quotes)


ERRATA = [_err("ERR-NOTE", "notation", quotes=("def observe(self, a: list[int], click : int) -> None:\n"
                                               "    if click == -1:\n" + " " * 120 + "click = len(a)",
                                               "一度クリックしたら二度と検索に戻らない" * 4)), _err("ERR-MIS", "misprint"), _err("ERR-STEP", "wrong-step"),
          _err("ERR-RES", "wrong-result"), _err("ERR-NEW", ""), _err("ERR-OD", "wrong-result", DEPTH)]


def _res(name, status, errata=(), source=DCM, **kw):
    return ledger.Result(source=source, name=name, kind=kw.pop("kind", "theorem"), quote="q" * 12,
                         status=status, errata=tuple(errata), note="n", **kw)


RESULTS = [_res("DCM Theorem 2 (the upper bound of dcmKL-UCB under every v̄)", "fails",
                ("ERR-MIS", "ERR-NOTE", "ERR-RES", "ERR-STEP", "ERR-NEW")),
           _res("DCM Lemma 1", "holds"),
           _res("DCM Proposition 1", "holds-after-repair", ("ERR-STEP",), repair="assume v̄ non-increasing " * 8),
           _res("DCM Figure 2", "not-checkable", kind="experiment", scope="stand-in"),
           _res("Carousel Theorem 1", "unproved", ("ERR-OD",), source=DEPTH)]


@pytest.fixture
def planted(monkeypatch):
    monkeypatch.setattr(lemmas, "errata", lambda: list(ERRATA))
    monkeypatch.setattr(ledger, "results", lambda source=None: [r for r in RESULTS
                                                                 if source is None or r.source == source])


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# -- clickbound results ---------------------------------------------------------------------

def test_results_statuses_are_the_ledgers():
    from clickbound.report import cmd_results
    from clickbound.report.sections import results as section

    assert cmd_results.STATUSES == section.STATUSES == ledger.RESULT_STATUSES


def test_results_rows_counts_and_width(planted, capsys):
    code, out, _ = _run(capsys, "results")
    assert code == 0
    assert max(map(cols, out.splitlines())) <= 100
    assert "dcm (000)" in out and "depth (001)" in out and "lecture (003)" in out
    assert "no results table yet" in out  # the sources without rows say so
    assert "4 results: 1 holds, 1 holds-after-repair, 1 fails, 0 unproved, 1 not-checkable" in out
    assert "all sources: 5 results" in out
    assert "repair: assume v̄ non-increasing" in out
    assert "DCM Figure 2 [stand-in]" in out
    # headline errata first: wrong-result, wrong-step, then misprint, notation, ungraded (a wide
    # terminal keeps the cell on one line)
    _, wide, _ = _run(capsys, "results", "--source", "dcm", "--width", "300")
    row = next(line for line in wide.splitlines() if "DCM Theorem 2" in line)
    assert row.endswith("ERR-RES (wrong-result), ERR-STEP (wrong-step), ERR-MIS (misprint), "
                        "ERR-NOTE (notation), ERR-NEW (ungraded)"), row


def test_results_filters(planted, capsys):
    _, out, _ = _run(capsys, "results", "--source", "depth")
    assert "Carousel Theorem 1" in out and "DCM Lemma 1" not in out and "dcm (000)" not in out
    _, out, _ = _run(capsys, "results", "--source", "000", "--status", "fails")
    assert "DCM Theorem 2" in out and "DCM Lemma 1" not in out
    assert "(3 not shown: other statuses)" in out
    _, out, _ = _run(capsys, "results", "--source", "dcm", "--status", "unproved")
    assert "no result has status unproved" in out
    with pytest.raises(SystemExit) as exc:
        cli.main(["results", "--status", "true"])
    assert exc.value.code == 2
    assert "holds-after-repair" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["results", "--source", "nosuch"])
    assert "dcm (000)" in capsys.readouterr().err


def test_results_json(planted, capsys):
    _, out, _ = _run(capsys, "results", "--json", "--source", "dcm", "--status", "not-checkable")
    rows = json.loads(out)
    assert [r["name"] for r in rows] == ["DCM Figure 2"]
    assert rows[0]["scope"] == "stand-in" and rows[0]["own_finding"] is False
    _, out, _ = _run(capsys, "results", "--json")
    rows = json.loads(out)
    assert len(rows) == 5
    assert {"name", "kind", "quote", "status", "repair", "claims", "errata", "note", "scope",
            "own_finding"} <= set(rows[0])
    assert rows[0]["errata"][2] == {"id": "ERR-RES", "severity": "wrong-result"}


def test_results_on_the_real_ledger_fit(capsys):
    code, out, _ = _run(capsys, "results")
    assert code == 0 and out.strip()
    assert max(map(cols, out.splitlines())) <= 100


# -- clickbound errata ----------------------------------------------------------------------

def test_errata_headline_first_minor_hidden(planted, capsys):
    _, out, _ = _run(capsys, "errata")
    assert max(map(cols, out.splitlines())) <= 100
    heads = [line.split()[0] for line in out.splitlines() if line.startswith("ERR-")]
    assert heads == ["ERR-RES", "ERR-OD", "ERR-STEP", "ERR-NEW"]
    assert "[wrong-result]" in out and "[ungraded]" in out
    assert out.splitlines()[-3:] == ["6 errata: 5 dcm, 1 depth",
                                     "by severity: 2 wrong-result, 1 wrong-step, 1 misprint, 1 notation, 1 not graded",
                                     "2 misprints and notation slips not shown (--all lists them)"]


def test_errata_all_lists_minor_apart(planted, capsys):
    _, out, _ = _run(capsys, "errata", "--all")
    heads = [line.split()[0] for line in out.splitlines() if line.startswith("ERR-")]
    assert heads == ["ERR-RES", "ERR-OD", "ERR-STEP", "ERR-NEW", "ERR-MIS", "ERR-NOTE"]
    assert max(map(cols, out.splitlines())) <= 100
    assert "appears at   : 2 places: «def observe(self, a: list[int], click : int) ->…» |" in out
    assert "«一度クリックしたら二度と検索に戻らない一度クリ…»" in out  # one line each, cut with "…"
    apart = out.index("Misprints and notation slips (2)")
    assert out.index("ERR-NEW ") < apart < out.index("ERR-MIS ")
    assert "not shown" not in out


def test_errata_source_filter_and_json(planted, capsys):
    _, out, _ = _run(capsys, "errata", "--source", "depth")
    assert "ERR-OD" in out and "ERR-RES" not in out
    _, out, _ = _run(capsys, "errata", "--json")
    recs = json.loads(out)
    assert [r["id"] for r in recs] == [e.id for e in ERRATA]  # every erratum, registry order
    assert all("severity" in r and "quotes" in r for r in recs)
    assert recs[0]["severity"] == "notation" and len(recs[0]["quotes"]) == 2


def test_errata_json_on_the_real_registry(capsys):
    _, out, _ = _run(capsys, "errata", "--json")
    recs = json.loads(out)
    assert len(recs) == len(lemmas.errata())
    assert all(isinstance(r["severity"], str) and isinstance(r["quotes"], list) for r in recs)
    _, out, _ = _run(capsys, "errata", "--all")
    assert max(map(cols, out.splitlines())) <= 100


# -- clickbound ledger --json ---------------------------------------------------------------

def test_ledger_json_gives_every_erratum_entry_a_severity(capsys, monkeypatch):
    real = lemmas.errata()
    graded = [Erratum(**{**e.__dict__, "severity": "misprint" if i % 2 else "wrong-step"})
              for i, e in enumerate(real)]
    monkeypatch.setattr(lemmas, "errata", lambda: graded)
    by_id = {e.id: e for e in graded}
    _, out, _ = _run(capsys, "ledger", "--json", "--source", DCM)
    recs = json.loads(out)
    errs = [r for r in recs if r["verdict"] == "erratum"]
    assert errs and all("severity" in r for r in errs)
    assert not any("severity" in r for r in recs if r["verdict"] != "erratum")
    for r in errs:
        sev = {by_id[x].severity for x in r["errata"] if x in by_id}
        assert r["severity"] == ("wrong-step" if "wrong-step" in sev else "misprint" if sev else "")


# -- the report's sections ------------------------------------------------------------------

def test_results_section_counts_and_table(planted, tmp_path):
    from clickbound.report import doc
    from clickbound.report.sections import ComputeContext
    from clickbound.report.sections import results as section

    data = section.compute(ComputeContext(progress=False))
    counts = section.counts_by_source(data)
    assert counts[DCM] == {"holds": 1, "holds-after-repair": 1, "fails": 1, "unproved": 0,
                           "not-checkable": 1, "total": 4}
    assert counts[DEPTH]["unproved"] == 1 and counts["003_f899901a464da92a.txt"]["total"] == 0
    assert section.counts_by_source() == counts  # read from the ledger when no data is given
    blocks = section.render(json.loads(json.dumps(data)), None)
    tables = [b for b in blocks if b["kind"] == "table"]
    assert [t["caption"].split(":")[0] for t in tables] == ["Results of dcm", "Results of depth"]
    page = doc.to_html("t", blocks)
    assert "<b>ERR-RES (wrong-result)</b>" in page and "not-checkable (on a stand-in)" in page
    assert "Repair: assume" in page


def test_errata_section_headline_first_and_minor_folded(planted):
    from clickbound.report import doc
    from clickbound.report.sections import errata as section

    data = {"errata": [e.__dict__ | {"evidence_claims": list(e.evidence_claims), "quotes": list(e.quotes)}
                       for e in ERRATA], "evidence": {}}
    blocks = section.render(data, None)
    table = next(b for b in blocks if b.get("caption") == "Errata found in the sources")
    ids = [doc.cell_text(r[0])["text"] if isinstance(r[0], dict) else r[0] for r in table["rows"]]
    assert [i.split()[0] for i in ids] == ["ERR-RES", "ERR-OD", "ERR-STEP", "ERR-NEW"]
    assert [r[1] for r in table["rows"]] == ["wrong-result", "wrong-result", "wrong-step", "not graded"]
    folded = [b for b in blocks if b["kind"] == "html" and "minor-errata" in b["html"]]
    assert len(folded) == 1 and "2 misprints and notation slips" in folded[0]["html"]
    assert "ERR-MIS" in folded[0]["md"] and "ERR-NOTE" in folded[0]["md"]
    assert "1 not yet graded" in blocks[0]["text"]
