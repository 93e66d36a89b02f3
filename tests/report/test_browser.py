"""The report in a real browser: headless Chromium opens it and measures what a reader sees.

Fast tests check the pieces without a browser (MathML conversion, the problem list, the front
page's numbers against the fixture).  The slow tests — run by ``make test`` (``--run-slow``),
which CI runs with Debian's chromium installed by ``.ci/run`` — render the SYNTHETIC report of
``synthetic_fixtures.py`` with every experiment section, open it at 1280 px, require that every
section and figure renders, that no raw TeX and no MathML error is visible, that nothing reaches
past the window and that the console is silent, and keep screenshots under ``out/browser/`` (front
page, claims, errata, one per experiment section and one experiment's figures) as CI artefacts.  A planted page shows that
the check finds each kind of problem (so a clean result means something).  A small real report
(the source ledger, computed for real) is checked the same way, annotated source pages included.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import synthetic_fixtures

from clickbound.report import doc, render, screenshot
from clickbound.report import math as rmath

#: screenshots kept as CI artefacts (the repository's out/, like out/report)
SHOTS = Path(__file__).resolve().parents[2] / "out" / "browser"
BROWSER = screenshot.find_chromium()
needs_browser = pytest.mark.skipif(BROWSER is None, reason="chromium not installed (.ci/run installs it in CI)")


def synthetic_results(all_experiments: bool = False) -> dict:
    """The fixture's results; a section registered after the fixture was last updated renders as
    "not computed in this run" here (test_render.py is where the fixture must name every section)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(synthetic_fixtures, "sections", list)
        return synthetic_fixtures.synthetic_results(all_experiments)


# ----------------------------------------------------------------------------- no browser needed


def test_sympy_statement_becomes_mathml():
    out = rmath.statement_html("alpha*(x1 - y1) <= V(x) - V(y)  given  x1 >= y1")
    assert out.count("<math") == 2 and "<msub><mi>x</mi>" in out and "≤" in out
    assert '<span class="given">given</span>' in out


def test_prose_formulas_become_inline_mathml_and_code_names_stay_text():
    out = rmath.prose_html("exp(−2n²ε²/Σ(b_i−a_i)²) and sqrt(α log t / n_i(t)) <= 2 t^{−2α}; needs_init")
    assert "<msub><mi>b</mi><mrow><mi>i</mi></mrow></msub>" in out
    assert "<msqrt>" in out and "<msup><mi>t</mi>" in out and "≤" in out
    assert "needs_init" in out  # a code identifier is not a subscript


def test_tex_between_dollars_and_a_failed_conversion_keeps_the_text():
    out = rmath.tex_text_html(r"where $\frac{a}{b}$ and $$\sum_k x_k$$ hold")
    assert "<mfrac>" in out and 'display="block"' in out and "$" not in out
    assert rmath.latex_mathml(r"\frac{a}") is None or "<merror" not in rmath.latex_mathml(r"\frac{a}")


def test_tex_without_dollars_in_japanese_text_and_code_left_alone():
    # source 002/004 style: the extraction dropped the $ around formulas
    out = rmath.tex_text_html(r"ランキング \mathbf{a} を提示した \mathcal{L}_{U}=\{(q, d, r) \}を各query")
    assert out.count("<math") == 2 and "を提示した" in out and "を各query" in out
    env = rmath.tex_text_html("x\n\\begin{aligned}\nM=\\sum_{d} r\n\\end{aligned}\ny")
    assert "<mtable" in env and "begin" not in env  # a multi-line environment, as a table
    assert rmath.tex_text_html('print("a\\nb")') == html.escape('print("a\\nb")')  # \n is no formula
    broken = rmath.tex_text_html(r"$\mathbb{E}\left[ T$")  # unbalanced: shown as printed, marked
    assert 'class="tex verbatim"' in broken


def test_rich_cells_reach_html_and_their_text_reaches_markdown(tmp_path):
    b = doc.table(["a"], [[doc.math("x1 <= y1")]], filterable=True)
    page = doc.to_html("t", [b])
    assert "<math" in page and 'class="filterable"' in page and "<script>" in page
    assert "x1 <= y1" in doc.to_markdown("t", [b], base=tmp_path)


def _clean_result(**kw):
    r = {"width": 1280, "scroll_width": 1280, "overflowing": [], "n_overflowing": 0,
         "sections": [{"id": "front", "has_content": True}], "figures": [{"ok": True, "width": 600,
                                                                          "caption": 20, "alt": "f"}],
         "math": {"count": 3, "merror": 0, "blank": 0}, "raw_tex": [], "errors": [], "console": []}
    r.update(kw)
    return r


def test_problem_list_names_every_kind_of_problem():
    assert screenshot.problems(_clean_result()) == []
    bad = _clean_result(scroll_width=1900, overflowing=["table right=1900"], errors=["boom"],
                        console=['"x", source: file:///a (1)'], raw_tex=[r"\frac{a}{b}"],
                        math={"count": 1, "merror": 1, "blank": 1},
                        figures=[{"ok": False, "width": 0, "caption": 0, "alt": "f"}],
                        sections=[{"id": "claims", "has_content": False}])
    text = "\n".join(screenshot.problems(bad))
    for what in ("scrolls sideways", "overflows", "script error", "console", "raw TeX", "MathML errors",
                 "render blank", "figure not rendered", "without caption", "section without content"):
        assert what in text, what


def test_front_page_counts_match_the_fixture(tmp_path):
    res = synthetic_results()
    verdicts = res["sections"]["claims"]["data"]["verdicts"]
    lemmas = [v for v in verdicts if v.get("expected") is not False]
    blocks, _ = render.render_blocks(res, tmp_path)
    front = doc.to_html("t", blocks)
    assert f"Verdicts of the {len(lemmas)} claims" in front
    n_err = len(res["sections"]["errata"]["data"]["errata"])
    assert f"{n_err} errata</summary>" in front
    for e in res["sections"]["errata"]["data"]["errata"]:
        assert e["id"] in front
    # every experiment section is a row of the verdict matrix, linked to its section
    exp_names = [k for k in res["sections"] if k.startswith("exp_")]
    for name in exp_names:
        assert f"href='#{name}'" in front


# ------------------------------------------------------------------------------- in the browser

PLANTED = r"""<!doctype html><html><head><meta charset="utf-8"></head><body>
<h2 id="a">a</h2><p>fine</p>
<h2 id="b">b</h2><table><tr><td style="white-space:nowrap">{wide}</td></tr></table>
<p>raw: $\frac{{a}}{{b}}$ and \sum_k x_k</p>
<math><merror><mtext>bad</mtext></merror></math>
<script>console.error("planted console error"); undefinedFunction();</script>
</body></html>"""


@pytest.mark.slow
@needs_browser
def test_the_check_finds_planted_problems(tmp_path):
    page = tmp_path / "planted.html"
    page.write_text(PLANTED.format(wide="w" * 600), encoding="utf-8")
    text = "\n".join(screenshot.problems(screenshot.check_page(page, BROWSER)))
    assert "scrolls sideways" in text and "overflows the window" in text
    assert "raw TeX visible" in text and "MathML errors" in text
    assert "undefinedFunction" in text  # the script error, caught in the page
    assert "planted console error" in text  # the console line, from Chromium's log


@pytest.fixture(scope="module")
def synthetic_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("browser-report")
    render.render(out, synthetic_results(all_experiments=True))
    return out


def _png_width(png) -> int:
    head = Path(png).read_bytes()[:24]
    assert head[:4] == b"\x89PNG"
    return int.from_bytes(head[16:20], "big")


@pytest.mark.slow
@needs_browser
def test_synthetic_report_renders_cleanly_at_1280px(synthetic_report):
    out = synthetic_report
    pages = screenshot.site_pages(out)
    rep = screenshot.browser_check(out, SHOTS, None, BROWSER)
    assert rep["problems"] == [], "\n".join(rep["problems"])
    # every page was opened, none weighs more than the limit, the index is the small one
    assert set(rep["results"]) == {p.relative_to(out).as_posix() for p in pages} and len(pages) >= 10
    assert all(0 < b <= doc.PAGE_LIMIT for b in rep["bytes"].values())
    assert rep["bytes"]["index.html"] < 200_000
    # the load time of the index, measured in the browser
    assert rep["index_load"]["wall_s"] > 0 and rep["index_load"]["load_ms"] > 0
    assert rep["index_timing"]["dom_content_loaded_ms"] > 0
    site = "".join(p.read_text(encoding="utf-8") for p in pages)
    sections = [s for r in rep["results"].values() for s in r["sections"]]
    h2 = re.findall(r'<h2 id="([^"]+)"', site)
    assert sorted(s["id"] for s in sections) == sorted(h2) and len(h2) >= 10
    figures = [f for r in rep["results"].values() for f in r["figures"]]
    assert len(figures) == site.count("<figure>") > 0 and all(f["ok"] for f in figures)
    assert sum(r["math"]["count"] for r in rep["results"].values()) > 0
    boxes = sum(r["filter_boxes"] for r in rep["results"].values())
    assert boxes == sum(r["filterable"] for r in rep["results"].values()) >= 2
    shots = rep["screenshots"]
    assert {"front", "claims", "errata"} <= set(shots) and any(n.startswith("exp_") for n in shots)
    assert any(n.endswith("-figures") for n in shots)
    for png in shots.values():  # a 1280-px-wide PNG per shot: the index, claims, errata, each experiment
        assert _png_width(png) == 1280


@pytest.mark.slow
@needs_browser
def test_the_check_fails_a_page_over_the_size_limit(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text("<!doctype html><html><head></head><body><h2 id='a'>a</h2><p>"
                                         + "word " * 400 + "</p></body></html>", encoding="utf-8")
    monkeypatch.setattr(doc, "PAGE_LIMIT", 1000)
    rep = screenshot.browser_check(tmp_path, tmp_path / "shots", {"front": (tmp_path / "index.html", False)},
                                   BROWSER)
    assert any("over the 1,000-byte limit" in p for p in rep["problems"])


@pytest.mark.slow
@needs_browser
def test_small_real_report_and_annotated_sources_render_cleanly(tmp_path):
    """The source ledger computed for real (seconds), rendered, checked with its annotated pages."""
    from clickbound.report.compute import compute
    from clickbound.report.sections import ComputeContext

    results = compute(ComputeContext(only=("sources",), progress=False), out=tmp_path)
    assert results["sections"]["sources"]["status"] == "computed"
    paths = render.render(tmp_path, results)
    annotated = sorted((tmp_path / "sources").glob("*.html"))
    assert annotated
    pages = [paths["html"], paths["pages"]["sources"], *annotated]
    shots = {"front": (paths["html"], False), "sources": (paths["pages"]["sources"], False),
             "annotated-source": (annotated[0], False)}
    rep = screenshot.browser_check(tmp_path, SHOTS / "annotated", shots, BROWSER, pages=pages)
    assert rep["problems"] == [], "\n".join(rep["problems"])
    assert all(b <= doc.PAGE_LIMIT for b in rep["bytes"].values())
    tex_sources = [p for p in annotated if "$" in p.read_text(encoding="utf-8") or p.name[:3] in ("000", "001", "003")]
    assert any("<math" in p.read_text(encoding="utf-8") for p in tex_sources)
    # the DCM slides' formulas the extraction damaged are marked on its page
    dcm = rep["results"][f"sources/{next(p.name for p in annotated if p.name.startswith('000'))}"]
    assert dcm["damage_markers"] > 1
    for png in rep["screenshots"].values():
        assert _png_width(png) == 1280


def test_regret_figure_switches_to_log_log_when_bound_and_regret_differ_by_10x():
    import numpy as np

    from clickbound.report import figures

    n = np.array([10.0, 100.0, 1000.0, 10000.0])
    m = 5 * np.log(n)
    curves = {"OD-UCB": (n, m, 0.9 * m, 1.1 * m)}
    far = figures.regret_vs_n(curves, {"B": (n, 1e6 * m, "OD-UCB")})
    near = figures.regret_vs_n(curves, {"B": (n, 3 * m, "OD-UCB")})
    assert [a.get_yscale() for a in far.axes] == ["log", "log"]  # regret and bound, then the ratio
    assert far.axes[1].get_ylabel().startswith("bound / regret") and "Log–log" in far.clickbound_look
    assert [a.get_yscale() for a in near.axes] == ["linear", "linear"] and "log n" in near.clickbound_look
    # one colour per policy, whatever order the curves come in
    assert far.axes[0].lines[0].get_color() == figures.POLICY_COLOURS["OD-UCB"]
