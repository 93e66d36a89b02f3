"""Annotated source pages: highlights, notes, links back, uncovered items outlined."""
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
    # the uncovered formula is outlined, and shown as MathML
    assert re.search(r'<span class="uncovered" title="not covered by any ledger entry">(<span [^>]*>)?<math', html)
    assert "<mi>c</mi><mo>=</mo><mi>d</mi>" in html
    assert "1/2 displayed items covered" in html


def test_each_note_sits_in_the_row_of_its_passage_and_bare_lines_are_muted():
    text = "line one\nline two $$a+b$$ here\nline three\nline four c=d\nline five"
    a = text.index("$$a+b$$")
    c = text.index("c=d")
    entries = [{"quote": "$$a+b$$", "kind": "statement", "verdict": "verified", "note": "first note", "claims": [],
                "errata": [], "spans": [(a, a + 7)]},
               {"quote": "c=d", "kind": "statement", "verdict": "gap", "note": "second note", "claims": [],
                "errata": [], "spans": [(c, c + 3)]}]
    html = page("000_x.txt", text, entries, [], claims={}, errata={}, summary={"entries": 2})
    rows = re.findall(r'<div class="(row[^"]*)"[^>]*><div class="ln">(\d+)</div><div class="src">(.*?)</div>'
                      r'<div class="notes">(.*?)</div></div>(?=<div class="row|</main>)', html, re.DOTALL)
    assert [(cls, ln) for cls, ln, _, _ in rows] == [("row bare", "1"), ("row", "2"), ("row bare", "3"),
                                                     ("row", "4"), ("row bare", "5")]
    assert 'id="q0"' in rows[1][2] and "first note" in rows[1][3] and "second note" not in rows[1][3]
    assert 'id="q1"' in rows[3][2] and "second note" in rows[3][3]
    assert "line three" in rows[2][2] and rows[2][3] == ""


def test_extraction_damage_is_marked_and_the_quoted_text_kept():
    from clickbound.report.math import extraction_damage, tex_text_html

    # the DCM slides as extracted: "\b", "\f", "\t" were read as control characters and dropped
    damaged = r"$$egin{aligned} & orall ilde{v} \in [0,1]^K \end{aligned}$$"
    fixed, found = extraction_damage(damaged)
    assert fixed == r"$$\begin{aligned} & \forall \tilde{v} \in [0,1]^K \end{aligned}$$"
    assert [w for w, _ in found] == ["egin", "orall", "ilde"]
    assert extraction_damage(r"$\bar{w}(e) \in [0,1]$ and $\tau$ and $x = ar$") == (
        r"$\bar{w}(e) \in [0,1]$ and $\tau$ and $x = ar$", [])  # intact TeX; "ar" without an argument
    html = tex_text_html("見る " + damaged + " 後")
    assert html.count('class="damage"') == 1 and "extraction damage in the source text" in html
    assert "likely original TeX" in html and r"\begin{aligned} &amp; \forall \tilde{v}" in html
    assert tex_text_html(r"$\bar{w}(e)$").count("damage") == 0
    # on an annotated page the quote (its text) is unchanged; the marker follows it
    text = "a " + damaged + " b"
    e = {"quote": damaged, "kind": "statement", "verdict": "erratum", "note": "n", "claims": [], "errata": [],
         "spans": [(2, 2 + len(damaged))]}
    out = page("000_x.txt", text, [e], [], claims={}, errata={}, summary={})
    assert out.count('class="damage"') == 2  # the marker and the legend's key
    assert "<mi>e</mi><mi>g</mi><mi>i</mi><mi>n</mi>" in out.replace("\n", "")  # the text as printed
