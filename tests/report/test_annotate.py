"""Annotated source pages (issue 12): highlights, notes, links back, uncovered items outlined."""
import re

from clickbound.report.annotate import COLOURS, page

TEXT = "intro $$a+b$$ middle $$c=d$$ tail"


def _entry(quote, verdict, note, claims=(), errata=()):
    a = TEXT.index(quote)
    return {"quote": quote, "kind": "statement", "verdict": verdict, "note": note, "claims": list(claims),
            "errata": list(errata), "spans": [(a, a + len(quote))]}


def test_page_highlights_links_and_outlines():
    entries = [_entry("$$a+b$$ mi", "verified", "sum checked", claims=("C-1",)),
               _entry("a+b", "erratum", "misprint", errata=("E-1",))]
    items = [{"start": 6, "end": 13, "covered_by": [0, 1]}, {"start": 21, "end": 28, "covered_by": []}]
    html = page("000_x.txt", TEXT, entries, items,
                claims={"C-1": {"status": "proved", "scope_text": "proved (every parameter)", "method": "symbolic"}},
                errata={"E-1": {"source_says": "a+b", "truth": "a-b"}},
                summary={"entries": 2, "verified": 1, "erratum": 1, "items": 2, "items_covered": 1})
    # the overlap of a verified and an erratum entry takes the erratum's colour
    assert f'background:{COLOURS["erratum"]}' in html and f'background:{COLOURS["verified"]}' in html
    assert 'id="e0"' in html and 'id="e1"' in html          # a note per entry
    assert 'href="#e0"' in html and 'href="#q1"' in html     # text -> note, note -> text
    assert "proved (every parameter) by symbolic" in html    # the evidence is one click away
    assert "the source says a+b; true: a-b" in html
    # the uncovered formula is outlined, and shown as MathML (issue 17)
    assert re.search(r'<span class="uncovered" title="not covered by any ledger entry">(<span [^>]*>)?<math', html)
    assert "<mi>c</mi><mo>=</mo><mi>d</mi>" in html
    assert "1/2 displayed items covered" in html
