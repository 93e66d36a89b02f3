"""The render step (issue 5): results.json -> index.html + report.md + figures, nothing computed.

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


def _html_rows(text: str) -> list[list[str]]:
    """Rows of the tables made by doc.table (a section's own markup, e.g. the front page's bars, is not one)."""
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
    page = paths["html"].read_text()
    md = paths["markdown"].read_text()
    for s in sections():
        assert f'<h2 id="{s.name}">{htmlmod.escape(s.title)}</h2>' in page
        assert f"## {s.title}" in md
        assert f'href="#{s.name}"' in page  # the table of contents links every section
    skipped = [k for k, v in results["sections"].items() if v["status"] != "computed"]
    assert page.count("not computed yet") == len(skipped)
    n_img = page.count('src="data:image/png;base64,')
    assert n_img == len(paths["figures"]) > 0
    for f in paths["figures"]:
        assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"(figures/{f.name})" in md
    # self-contained: no external resources
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_render_writes_every_section_heading_and_embedded_images(rendered):
    out, res, paths = rendered
    _check_full_render(paths, res)
    page = paths["html"].read_text()
    for name in FAST_EXPERIMENTS:
        assert res["sections"][name]["status"] == "computed"
    assert page.count("The source&#x27;s qualitative claims, tested") == len(FAST_EXPERIMENTS)
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
    h = _html_rows(paths["html"].read_text())
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
    assert "SYN-L2[K=2]" in (tmp_path / "index.html").read_text()
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
    assert "Run metadata" in page and "missing from results.json" in page  # the rest: not computed
