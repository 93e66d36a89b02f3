"""Every place claims are shown says each verdict's scope: `clickbound claims` (table and
JSON), `clickbound check`, and the report's claims section, with counts per kind of verdict.

The verdicts here are SYNTHETIC (``synthetic_fixtures.every_status_verdicts``): one of every status
and scope the engine can return, so that nothing assumes the three statuses of old.
"""
from __future__ import annotations

import json

from synthetic_fixtures import every_status_verdicts

from clickbound.lemmas import Verdict
from clickbound.report import claims_table, cli
from clickbound.report.sections import RenderContext
from clickbound.report.sections.claims import render

SCOPE_TEXTS = ["proved (every parameter)", "proved (instances: K = 1..6)",
               "argued (every parameter; 1 argued step)", "checked (40 random instances)",
               "refuted", "survived", "violated-in-simulation", "consistent-in-simulation"]
#: the terminal table's cells: an argued proof as "argued (N argued steps)", narrow
ROW_TEXTS = [("argued (1)" if t.startswith("argued") else t) for t in SCOPE_TEXTS]
SUMMARY = ("8 claims: 1 proved (every parameter), 1 proved (instances), 1 argued, 1 checked, 1 refuted, "
           "1 survived, 2 statistical (1 violated-in-simulation, 1 consistent-in-simulation)")


def _verdicts() -> list[Verdict]:
    keep = Verdict.__dataclass_fields__
    out = []
    for d in every_status_verdicts():
        d = {k: v for k, v in d.items() if k in keep}
        d["notes"], d["methods_tried"] = tuple(d["notes"]), tuple(d["methods_tried"])
        out.append(Verdict(**d))
    return out


def test_claims_table_has_a_scope_column_and_counts_every_kind():
    vs = _verdicts()
    assert [r["verdict (scope)"] for r in claims_table.rows(vs)] == ROW_TEXTS
    text = claims_table.render_text(vs)
    assert "verdict (scope)" in text.splitlines()[0]
    assert max(len(line) for line in text.splitlines()) <= 100
    for s in ROW_TEXTS:
        assert s in text
    flat = " ".join(text.split())  # the table fits 100 columns: a long cell or footer line wraps
    assert SUMMARY in flat
    assert "test: one-sided t-test (fixture), level 0.05" in flat  # a statistical verdict names its test
    md = claims_table.render_markdown(vs)
    assert "| SYN-INST[K=3] | proved (instances: K = 1..6) |" in md


def test_status_counts_never_drop_an_unknown_status():
    counts = claims_table.status_counts([{"status": "proved", "scope": "all"}, {"status": "newfangled"}])
    assert counts["proved (every parameter)"] == 1 and counts["newfangled"] == 1
    assert sum(v for k, v in counts.items() if k not in claims_table.STATISTICAL) == 2


def test_cli_claims_text_and_json_show_the_scope(monkeypatch, capsys):
    monkeypatch.setattr(claims_table, "decide_catalogue", lambda **kw: _verdicts())
    assert cli.main(["claims", "--no-progress"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "proved (instances: K = 1..6)" in out and SUMMARY in out
    assert cli.main(["claims", "--json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert [v["scope_text"] for v in js] == SCOPE_TEXTS
    assert js[1]["scope"] == "instances" and js[1]["scope_detail"] == "K = 1..6"


def test_cli_check_shows_the_scope(monkeypatch, capsys):
    from clickbound import lemmas

    v = _verdicts()[1]
    monkeypatch.setattr(lemmas, "get", lambda cid: object())
    monkeypatch.setattr(lemmas, "check", lambda claim, budget_s=20.0, **kw: v)
    assert cli.main(["check", "SYN-INST[K=3]"]) == 0
    out = capsys.readouterr().out
    assert "verdict   : proved (instances: K = 1..6)" in out
    assert "scope     : only the instances K = 1..6 (no proof beyond them)" in out
    assert cli.main(["check", "SYN-INST[K=3]", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scope_text"] == "proved (instances: K = 1..6)"
    monkeypatch.setattr(lemmas, "check", lambda claim, budget_s=20.0, **kw: _verdicts()[2])
    assert cli.main(["check", "SYN-ARGUED"]) == 0
    out = capsys.readouterr().out
    assert "steps     : 1 checked, 1 cited, 1 argued" in out and "argued    : (argument) an argued step" in out
    assert "vouched by:" in out
    monkeypatch.setattr(lemmas, "check", lambda claim, budget_s=20.0, **kw: _verdicts()[6])
    assert cli.main(["check", "SYN-VIOL"]) == 0
    assert "test      : one-sided t-test (fixture), level 0.05" in capsys.readouterr().out


def test_claims_section_shows_scope_and_counts(tmp_path):
    blocks = render({"budget_s": 1.0, "verdicts": every_status_verdicts()}, RenderContext(out=tmp_path))
    table = next(b for b in blocks if b["kind"] == "table" and b["caption"].startswith("Claims"))
    col = table["columns"].index("verdict (scope)")
    assert sorted(r[col] for r in table["rows"]) == sorted(SCOPE_TEXTS)
    counts = dict(map(tuple, next(b for b in blocks if b.get("caption") == "Counts")["rows"]))
    assert counts["proved (every parameter)"] == "1" and counts["proved (instances)"] == "1"
    assert counts["checked"] == "1" and counts["statistical"] == "2" and counts["argued"] == "1"
    assert counts["  of which violated-in-simulation"] == "1"
    stat_row = [c["text"] if isinstance(c, dict) else c
                for c in next(r for r in table["rows"] if "SYN-VIOL" in str(r[0]))]
    assert "one-sided t-test (fixture), level 0.05" in stat_row[table["columns"].index("counterexample / proof summary")]
