"""The render step: results.json -> index.html + report.md + figures, nothing computed.

Data here is SYNTHETIC (``synthetic_fixtures.py``; never shipped as results).
"""
from __future__ import annotations

import dataclasses
import html as htmlmod
import json
import re

import numpy as np
import pytest
from synthetic_fixtures import FAST_EXPERIMENTS, synthetic_results

from clickbound.report import cli, doc, figures
from clickbound.report import render as rnd
from clickbound.report import results as rio
from clickbound.report.sections import RenderContext, sections


def _text(cell):
    """A table cell's text (a rich cell — MathML, folded evidence — keeps its text for Markdown)."""
    return cell["text"] if isinstance(cell, dict) else cell


def _site(paths) -> str:
    """Every page of the rendered report in reading order (the index, then each section's page)."""
    return "\n".join(p.read_text() for p in paths["pages"].values())


def _html_rows(text: str) -> list[list[str]]:
    """Rows of the tables made by doc.table (a section's own markup, e.g. the front page's bars, is not one)."""
    text = re.sub(r"<table class='tests'>.*?</table>", "<i>tests</i>", text, flags=re.DOTALL)  # a cell's own table
    tables = re.findall(r'<table(?: class="filterable")?>(.*?)</table>', text, flags=re.DOTALL)
    rows = [r for t in tables for r in re.findall(r"<tr>(.*?)</tr>", t, flags=re.DOTALL)]
    cells = [[htmlmod.unescape(c) for c in re.findall(r'<td(?: class="[^"]*")?>(.*?)</td>', r, flags=re.DOTALL)]
             for r in rows]
    return [c for c in cells if c]  # header rows hold <th>, not <td>


def _md_rows(text: str) -> list[list[str]]:
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        is_header = i + 1 < len(lines) and lines[i + 1].startswith("|---")
        if line.startswith("| ") and not is_header:
            out.append([c.replace("\\|", "|") for c in re.split(r"(?<!\\) \| ", line[2:-2])])
    return out


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """One render of the fast synthetic fixture, shared by the tests that only read its output."""
    out = tmp_path_factory.mktemp("report")
    res = synthetic_results()
    rio.save(res, out / "results.json")
    (out / "figures").mkdir()
    (out / "figures" / "stale-from-an-earlier-grid.png").write_bytes(b"\x89PNG old")
    return out, res, rnd.render(out)


def _check_full_render(paths, results):
    index = paths["html"].read_text()
    page = _site(paths)
    md = paths["markdown"].read_text()
    assert paths["html"].name == "index.html" and "<h2 id=\"front\">" in index
    for s in sections():
        assert f'<h2 id="{s.name}">{htmlmod.escape(s.title)}</h2>' in page
        assert f"## {s.title}" in md
        if s.name != "front":  # the table of contents on the index links every section's page
            assert f'href="{s.name}.html"' in index
            assert paths["pages"][s.name].name == f"{s.name}.html"
    skipped = [k for k, v in results["sections"].items() if v["status"] != "computed"]
    assert page.count("not computed yet") == len(skipped)
    # figures are files referenced by a relative address, loaded lazily: never base64 copies
    assert "data:image" not in page
    srcs = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert len(srcs) == len(paths["figures"]) > 0
    assert all(s.startswith("figures/") for s in srcs) and page.count('loading="lazy"') == len(srcs)
    for f in paths["figures"]:
        assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"(figures/{f.name})" in md and f'src="figures/{f.name}"' in page
    # self-contained: no external resources; every page links the shared stylesheet, none over the limit
    assert not re.search(r'(src|href)="(https?:)?//', page)
    for p in paths["pages"].values():
        assert doc.STYLESHEET_LINK in p.read_text() and p.stat().st_size <= doc.PAGE_LIMIT
    assert (paths["html"].parent / doc.STYLESHEET).read_text() == doc.CSS
    # every link to a page of the report, or to an anchor on one, resolves
    out = paths["html"].parent
    for p in paths["pages"].values():
        text = p.read_text()
        for target, anchor in re.findall(r"""href=["']([\w.-]+\.html)(?:#([^"']+))?["']""", text):
            assert (out / target).exists(), (p.name, target)
            if anchor:
                assert f'id="{anchor}"' in (out / target).read_text() or f"id='{anchor}'" in (out / target).read_text()
    # no repr float noise anywhere
    for text in (page, md):
        assert not re.search(r"\d\.\d{12,}|99999999", text), re.search(r".{40}(\d\.\d{12,}|99999999).{20}", text)


def test_render_writes_every_section_heading_and_its_figures(rendered):
    out, res, paths = rendered
    _check_full_render(paths, res)
    page = _site(paths)
    for name in FAST_EXPERIMENTS:
        assert res["sections"][name]["status"] == "computed"
    assert page.count("<caption>The source&#x27;s claims, tested</caption>") == len(FAST_EXPERIMENTS)
    # the project's own findings under their own heading, the stand-in verdict labelled as such
    assert page.count("<caption>The project&#x27;s own findings (not claims of the source)</caption>") == len(
        FAST_EXPERIMENTS)
    assert "on the stand-in" in page
    assert "SYN-UPPER" in page and "no constant" in page
    assert (out / "figures" / "exp_lai_robbins_tn.png").exists()  # the section's own extra figure
    assert (out / "figures" / "exp_dcm_2a_grid.png").exists()  # slope against the grid parameter
    assert not (out / "figures" / "stale-from-an-earlier-grid.png").exists()


@pytest.mark.slow
def test_render_every_experiment_section(tmp_path):
    res = synthetic_results(all_experiments=True)
    rio.save(res, tmp_path / "results.json")
    _check_full_render(rnd.render(tmp_path), res)


def test_markdown_has_the_same_tables_as_html(rendered):
    _, _, paths = rendered
    h = _html_rows(_site(paths))
    m = _md_rows(paths["markdown"].read_text())
    assert [len(r) for r in h] == [len(r) for r in m]
    # a plain cell is the same text in both; a rich cell (markup: MathML, <details>) has its text in Markdown
    for hr, mr in zip(h, m):
        for hc, mc in zip(hr, mr):
            assert hc == mc if "<" not in hc else mc.strip(), (hc, mc)
    assert any("SYN-L2[K=2]" in c for r in h for c in r)
    assert len(h) > 20


def _claims_only(res: dict) -> dict:
    """The fixture with every experiment section marked not computed (rendering them is slow)."""
    from clickbound.report.experiments import experiment_sections

    for name in experiment_sections():
        res["sections"][name] = {"title": "", "status": "not computed", "reason": "test", "wall_s": 0.0,
                                 "data": {}}
    return res


def test_mutant_is_rendered_right_below_its_lemma(tmp_path):
    blocks, _ = rnd.render_blocks(_claims_only(synthetic_results()), tmp_path)
    claims_table = next(b for b in blocks if b["kind"] == "table" and b["caption"].startswith("Claims"))
    ids = [_text(r[0]) for r in claims_table["rows"]]
    # the fixture lists the mutant first; the report moves it under its lemma
    assert ids == ["SYN-L2[K=2]", "  ↳ SYN-L2/drop-alpha[K=2]"]
    assert "counterexample: x1 = 1/2, y1 = 0" in [_text(c) for c in claims_table["rows"][1]]


def test_not_computed_and_failed_sections_render_notices_not_numbers(tmp_path):
    res = _claims_only(synthetic_results())
    res["sections"]["errata"] = {"title": "e", "status": "not computed", "wall_s": 0.0,
                                 "reason": "needs sim/bounds", "data": {}}
    res["sections"]["meta"] = {"title": "m", "status": "failed", "wall_s": 0.0,
                               "reason": "RuntimeError: boom", "data": {"traceback": "Traceback: boom"}}
    del res["sections"]["claims"]
    # every other section whose fixture is computed (exact analysis, ULTR, …: tables of their own) is not
    # computed here, so any table in the output would be a number from a section that was not computed
    for name, sec in list(res["sections"].items()):
        if name not in ("errata", "meta") and sec.get("status") == "computed":
            res["sections"][name] = {"title": name, "status": "not computed", "wall_s": 0.0, "reason": "test",
                                     "data": {}}
    blocks, _ = rnd.render_blocks(res, tmp_path)
    notes = [b["text"] for b in blocks if b["kind"] == "notice"]
    assert "not computed yet: needs sim/bounds" in notes
    assert "computing this section failed: RuntimeError: boom" in notes
    assert any("'claims' is missing" in t for t in notes)
    assert not any(b["kind"] == "table" for b in blocks)  # no numbers from sections not computed


def test_render_only_never_computes(tmp_path, monkeypatch):
    import clickbound.report.compute
    import clickbound.report.sections

    def boom(*a, **k):
        raise AssertionError("render-only must not compute")

    monkeypatch.setattr(clickbound.report.compute, "compute", boom)
    for s in sections():  # every section's own compute raises too
        monkeypatch.setitem(clickbound.report.sections._SECTIONS, s.name, dataclasses.replace(s, compute=boom))
    rio.save(_claims_only(synthetic_results()), tmp_path / "results.json")
    assert cli.main(["report", "--render-only", "--out", str(tmp_path)]) == 0
    assert "SYN-L2[K=2]" in (tmp_path / "claims.html").read_text()
    assert "SYN-L2[K=2]" in (tmp_path / "report.md").read_text()


def test_render_only_without_results_is_a_clear_error(tmp_path, capsys):
    assert cli.main(["report", "--render-only", "--out", str(tmp_path / "nothing")]) == 2
    assert "no results file" in capsys.readouterr().err


def test_results_round_trip(tmp_path):
    res = _claims_only(synthetic_results())
    res["sections"]["meta"]["data"] = {
        "arr": np.arange(3, dtype=np.int64), "x": np.float64(0.25), "inf": float("inf"),
        "nested": {"t": (1, 2), "b": np.bool_(True)}}
    path = rio.save(res, tmp_path / "results.json")
    back = rio.load(path)
    d = back["sections"]["meta"]["data"]
    assert d["arr"] == [0, 1, 2] and d["x"] == 0.25 and d["nested"] == {"t": [1, 2], "b": True}
    assert rio.as_float(d["inf"]) == float("inf")
    assert "Infinity" not in path.read_text()
    json.loads(path.read_text())  # strict JSON
    assert back["sections"]["claims"] == res["sections"]["claims"]  # plain data comes back unchanged
    again = rio.save(back, tmp_path / "again.json")  # and saving what was loaded gives the same file
    assert again.read_text() == path.read_text()


def test_save_rejects_unknown_status(tmp_path):
    res = _claims_only(synthetic_results())
    res["sections"]["meta"]["status"] = "done"
    with pytest.raises(ValueError, match="status"):
        rio.save(res, tmp_path / "results.json")


def test_figure_helpers_write_pngs(tmp_path):
    n = np.array([10, 100, 1000])
    mean = np.log(n) * 2.0
    curves = {"A": (n, mean, mean - 0.5, mean + 0.5)}
    rctx = RenderContext(out=tmp_path)
    figs = [figures.regret_vs_n(curves, {"bound": (n, 3 * np.log(n))}),
            figures.regret_over_log_n(curves, {"upper bound": 3.0, "lower bound": 1.0}),
            figures.final_distribution({"A": [1.0, 2.0, 3.0], "B": [2.0]}, n=1000),
            figures.against_parameter([1, 2], {"est": ([1, 2], [0.5, 1.5], [1.5, 2.5]),
                                               "bound": ([2, 3], None, None)}, "L", "slope")]
    for i, f in enumerate(figs):
        assert rctx.save(f, f"f{i}").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="do not match"):
        figures.regret_vs_n({"A": (n, mean[:2], mean[:2], mean[:2])})


def test_table_block_checks_row_width():
    with pytest.raises(ValueError, match="row 0 has 1 cells"):
        doc.table(["a", "b"], [["x"]])


def test_markdown_toc_links_resolve_to_explicit_anchors(rendered):
    _, _, paths = rendered
    md = paths["markdown"].read_text()
    for target in re.findall(r"\]\(#([^)]+)\)", md):
        assert f'<a id="{target}"></a>' in md


def test_cli_computes_and_renders_a_chosen_section(tmp_path, capsys):
    out = tmp_path / "r"
    assert cli.main(["report", "--sections", "meta", "--out", str(out), "--no-progress",
                     "--cache", str(tmp_path / "cache")]) == 0
    res = rio.load(out / "results.json")
    assert set(res["sections"]) == {"meta"}
    assert res["meta"]["profile"] == "paper" and res["meta"]["versions"]["numpy"]
    page = (out / "index.html").read_text()
    assert "Run metadata" in page and "Run metadata" in (out / "meta.html").read_text()
    assert "missing from results.json" in (out / "claims.html").read_text()  # the rest: not computed


def test_numbers_print_at_a_sensible_precision():
    assert doc.tidy_numbers("ratio 0.5499999999999999, 1.2000000000000002 and 0.30000000000000004") == \
        "ratio 0.55, 1.2 and 0.3"
    assert doc.tidy_numbers("3.14159265358979 and id ABC-0.123456789012345x") == "3.14159 and id ABC-0.123456789012345x"
    assert doc.tidy_numbers("n = 100,000, p = 0.0012, 12.5 %") == "n = 100,000, p = 0.0012, 12.5 %"
    assert doc.cell_text([0.1 + 0.2, 2.0, 1]) == "(0.3, 2, 1)"
    assert doc.cell_text("gamma = 0.5499999999999999") == "gamma = 0.55"


def test_long_tables_fold_under_a_summary_line_and_very_long_ones_are_paged(tmp_path):
    statuses = ["proved"] * 30 + ["refuted (counterexample)"] * 15
    folded = doc.table(["claim", "verdict (scope)"], [[f"C{i}", s] for i, s in enumerate(statuses)],
                       caption="Claims")
    assert doc.table_summary(folded) == "45 rows — verdict (scope): proved 30, refuted 15"
    html = doc._html_block(folded)
    assert html.startswith('<details class="long"><summary>Claims: 45 rows — verdict (scope): proved 30')
    n = doc.ROWS_PER_PAGE * 2 + 7
    big = doc.table(["claim", "status"], [[f"C{i}", "checked"] for i in range(n)], caption="All", filterable=True)
    pages = doc.write_site(tmp_path, "t", [doc.h("Front", 2, "front"), doc.p("hello"),
                                           doc.h("Claims", 2, "claims"), big, doc.p("after the table")])
    assert set(pages) == {"index", "claims", "claims-table1-1", "claims-table1-2", "claims-table1-3"}  # 3 equal pages
    sec = pages["claims"].read_text()
    assert f"{n:,} rows — status: checked {n:,}" in sec and "after the table" in sec
    assert 'href="claims-table1-3.html"' in sec and "<td>C0</td>" not in sec
    last = pages["claims-table1-3"].read_text()
    assert f"<td>C{n - 1}</td>" in last and "<td>C0</td>" not in last and last.count("<tr><td") == n - 2 * (-(-n // 3))
    assert "<details" not in last and "back to the section" in last
    index = pages["index"].read_text()
    assert "hello" in index and 'href="claims.html"' in index and "claims-table1" not in index


def test_experiment_numbers_are_a_table_of_tests():
    from clickbound import stats as st
    from clickbound.report.exp_render import tests_cell

    comps = [st.from_summary(f"A vs B{i}", -5.0 - i, 1.0, 20, 0.0, "less", "paired t", 1.0, difference=True)
             for i in range(5)] + [st.from_summary("A vs C", 0.1, 1.0, 20, 0.0, "less", "paired t", 1.0)]
    row = st.verdict_row(st.decide(comps), n=1000, runs=21, note="policy C run at half the horizon")
    cell = tests_cell(row)
    assert cell["text"] == row["detail"]  # Markdown keeps the numbers as text
    assert cell["html"].startswith("<details><summary>6 tests: 5 for the claim, 0 against, 1 undecided</summary>")
    assert cell["html"].count("<tr><td>") == 6 and ">−5<" in cell["html"] and ">[−7.086, −2.914]<" in cell["html"]
    assert ">&lt; 0<" in cell["html"] and "undecided" in cell["html"]
    assert "policy C run at half the horizon" in cell["html"]
    one = tests_cell(st.verdict_row(st.decide(comps[:1]), n=1000, runs=21))
    assert "<details>" not in one["html"] and "for the claim" in one["html"]


def test_cells_break_words_at_spaces_and_only_long_tokens_anywhere():
    css = re.sub(r"\s+", " ", doc.CSS)
    rule = re.search(r"th, td \{([^}]*)\}", css).group(1)
    assert "overflow-wrap: normal" in rule and "word-break: normal" in rule and "hyphens: manual" in rule
    assert re.search(r"\.tok[^{]*\{ overflow-wrap: anywhere", css)
    row = doc._html_cell("upper bound consistent with UCB1-CI/union-over-counts/mutant-radius-third")
    assert row == ('<td>upper bound consistent with <span class="tok">UCB1-CI/union-over-counts/'
                   'mutant-radius-third</span></td>')
    assert doc._html_cell("1,234.5") == '<td class="num">1,234.5</td>'
    # inside MathML, code and tags nothing is wrapped
    rich = doc._html_cell(doc.rich('<code>0123456789abcdef0123</code> <a href="x/very-long-path-name.html">'
                                   "a</a><math><mn>12345678901234567890</mn></math>", ""))
    assert "tok" not in rich


def test_front_page_has_no_empty_experiment_row(tmp_path):
    """An experiment without claims of the source shows its project findings (a lecture section's
    ``verdicts`` rows, made by the real Scope rule) or says in words why it has none."""
    from clickbound.report import doc
    from clickbound.report.experiments import Scope
    from clickbound.report.sections import RenderContext, front
    from tests.report.synthetic_fixtures import front_sections

    secs = front_sections()
    own = Scope(origin="project").apply({"claim": "fixture lecture finding", "answer": "reproduced",
                                         "verdict": "fixture"})
    secs["exp_lecture_smab"] = {"title": "smab", "status": "computed", "reason": "", "wall_s": 0.0,
                                "data": {"id": "EXP-LECT-SMAB", "verdicts": [own]}}
    secs["exp_lecture_k"] = {"title": "k", "status": "computed", "reason": "", "wall_s": 0.0,
                             "data": {"id": "EXP-LECT-K", "stand_in": "a fixture stand-in"}}
    md = doc.to_markdown("front", front.render({}, RenderContext(out=tmp_path, sections=secs)), tmp_path)
    rows = {ln.split(":")[0][2:]: ln for ln in md.splitlines() if ln.startswith("- EXP-")}
    assert "fixture lecture finding" in rows["EXP-LECT-SMAB"]
    assert "no claim of the source is decided here" in rows["EXP-LECT-K"] and "stand-in" in rows["EXP-LECT-K"]
    assert not any(ln.rstrip().endswith(":") or ": —" in ln for ln in rows.values())


def test_front_page_opens_with_the_results_of_each_source(tmp_path):
    """First on the page: each source's results by status (what fails first), the failing results by name,
    the headline errata (wrong results and wrong steps; a misprint is left to the errata section)."""
    from clickbound.report import doc
    from clickbound.report.sections import RenderContext, front
    from tests.report.synthetic_fixtures import front_sections

    secs = front_sections()
    errs = secs["errata"]["data"]["errata"]
    errs.append({**errs[0], "id": "SYN-MISPRINT", "severity": "misprint", "truth": "a fixture misprint"})
    blocks = front.render({}, RenderContext(out=tmp_path, sections=secs))
    heads = [b["text"] for b in blocks if b["kind"] == "h" and b["level"] == 3]
    assert heads[:3] == ["Results of each source: what fails, what holds", "Theorems that fail",
                         "Claim verdicts by source and scope"]
    table = next(b for b in blocks if b["kind"] == "table")
    assert table["columns"][1] == "fails"
    row000 = next(r for r in table["rows"] if str(r[0]).startswith("000"))
    assert row000[1] == "2" and row000[-1] == "3"  # two of its three results fail
    md = doc.to_markdown("f", blocks, tmp_path)
    results_part = md.split("### Theorems that fail")[0]
    assert "fails: DCM Theorem 2 (fixture); DCM Proposition 1 (fixture)." in results_part
    assert "SYN-ERR (wrong-step)" in results_part and "SYN-MISPRINT" not in results_part
