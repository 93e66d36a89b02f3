"""The report renders every derivation notebook to HTML (nbconvert) and links it, one line each."""

from clickbound.report import doc
from clickbound.report.notebooks import notebook_paths
from clickbound.report.sections import RenderContext
from clickbound.report.sections import notebooks as section


def test_links_block_in_html_and_markdown(tmp_path):
    b = doc.links([("DCM lemmas", "notebooks/dcm_lemmas.html")])
    assert '<a href="notebooks/dcm_lemmas.html">DCM lemmas</a>' in doc._html_block(b)
    assert doc._md_block(b, tmp_path) == "- [DCM lemmas](notebooks/dcm_lemmas.html)"


def test_section_writes_html_for_every_notebook_and_links_it(tmp_path):
    data = section.compute(None)
    assert [n["file"] for n in data["notebooks"]] == [p.name for p in notebook_paths()]
    out = tmp_path / "out" / "report"
    out.mkdir(parents=True)
    rctx = RenderContext(out=out)
    blocks = section.render(data, rctx)
    if not data["notebooks"]:
        assert blocks[0]["kind"] == "notice"
        return
    links = next(b for b in blocks if b["kind"] == "links")["items"]
    assert len(links) == len(data["notebooks"])
    for (label, href), n in zip(links, data["notebooks"]):
        page = (out / href)
        assert page.is_file() and page in rctx.written, href
        html = page.read_text(encoding="utf-8")
        # the executed outputs are in the page: every verdict line the notebook displays
        for cid in n["displayed"]:
            assert f"verdict: {cid} |" in html.replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&"), cid
        assert n["summary"] and n["summary"] in label
