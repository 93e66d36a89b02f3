"""Annotated source lines link the derivation notebooks that discuss them (from each notebook's metadata)."""
from clickbound.lemmas import ledger
from clickbound.report import annotate
from clickbound.report.notebooks import discussed_by, notebooks_for


def test_every_notebook_quote_is_a_ledger_entry_it_links_from():
    nbs = discussed_by()
    assert nbs, "no notebooks"
    entries = [e.as_dict() for e in ledger.entries()]
    linked = {n for e in entries for n in notebooks_for(e, nbs)}
    # every notebook that names a ledger quote or a cited claim is reachable from some source line
    assert {n["name"] for n in nbs if n["quotes"] or n["claims"]} <= linked


def test_the_page_carries_the_link():
    src = "000_0b27131c69d8f24c.txt"
    text = ledger.source_text(src)
    ents = [{**e.as_dict(), "spans": ledger.quote_spans(e, text)} for e in ledger.entries(src)]
    nbs = discussed_by()
    want = {n for e in ents for n in notebooks_for(e, nbs)}
    assert "dcm_selection_bias" in want
    html = annotate.page(src, text, ents, [], {}, {}, ledger.summary(src)[src], notebooks=nbs)
    for n in want:
        assert f'href="../notebooks/{n}.html"' in html
    assert 'href="../notebooks/' not in annotate.page(src, text, ents, [], {}, {}, ledger.summary(src)[src])
