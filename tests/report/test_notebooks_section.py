"""The report links every derivation notebook and renders links in HTML and Markdown."""

from clickbound.report import doc
from clickbound.report.notebooks import notebook_paths
from clickbound.report.sections import RenderContext
from clickbound.report.sections import notebooks as section


def test_links_block_in_html_and_markdown(tmp_path):
    b = doc.links([("dcm_lemmas: DCM Lemmas", "../../notebooks/dcm_lemmas.ipynb")])
    assert '<a href="../../notebooks/dcm_lemmas.ipynb">dcm_lemmas: DCM Lemmas</a>' in doc._html_block(b)
    assert doc._md_block(b, tmp_path) == "- [dcm_lemmas: DCM Lemmas](../../notebooks/dcm_lemmas.ipynb)"


def test_section_lists_every_notebook_with_a_resolvable_link(tmp_path):
    data = section.compute(None)
    assert [n["file"] for n in data["notebooks"]] == [p.name for p in notebook_paths()]
    out = tmp_path / "out" / "report"
    out.mkdir(parents=True)
    blocks = section.render(data, RenderContext(out=out))
    links = [b for b in blocks if b["kind"] == "links"]
    if not data["notebooks"]:
        assert blocks[0]["kind"] == "notice"
        return
    for _, href in links[0]["items"]:
        assert (out / href).resolve().is_file(), href
