"""Annotated sources: each source as a page, every ledger entry highlighted and explained.

"Each source rendered as a readable page (its own text, Japanese and Russian as they are), each
ledger entry highlighted in the text and coloured by verdict, with a margin note that links to the
claim's evidence and the erratum."  :func:`write_page` writes ``OUT/sources/<stem>.html``: the
source text cut into rows — a row per annotated passage (from the line where an entry's quote
starts to the end of the line where it ends), with the notes of the entries starting there beside
it (the cited claims' verdicts, scope and method, the errata's "source says / true" lines), and
the lines between in muted rows marked as covered by no entry.  A highlighted passage links to its
note and each note back to its passage.  Displayed items that no entry covers are outlined;
formulas the text extraction damaged (``egin`` for ``\\begin``) carry a marker with the likely
original TeX (:func:`clickbound.report.math.damage_html`); the quoted text is never changed.
"""
from __future__ import annotations

import html
import itertools
from pathlib import Path

#: colour per verdict (the same in the coverage figure)
COLOURS = {"verified": "#b7e4c7", "erratum": "#f4a6a6", "gap": "#f9d38c", "definition": "#dde3ea",
           "open": "#c9c2f0", "not-checkable": "#e6e6e6"}
#: when entries overlap, the segment takes the colour of the most severe verdict
SEVERITY = ("erratum", "gap", "open", "not-checkable", "verified", "definition")

CSS = """
body { font-family: system-ui, sans-serif; margin: 0; color: #1b1b1b; }
header { padding: 0.6em 1.2em; border-bottom: 1px solid #ccc; background: #fafafa; position: sticky; top: 0;
         z-index: 2; }
main { padding: 0 1em 2em; }
.row { display: grid; grid-template-columns: 3.2em minmax(0, 3fr) minmax(0, 2fr); gap: 0 1em;
       border-top: 1px solid #eee; }
.row.bare { color: #6b6b6b; }
.row.bare .ln { border-right: 3px dotted #c8c8c8; padding-right: 0.3em; }
.ln { font: 0.75em ui-monospace, monospace; color: #888; text-align: right; padding-top: 0.35em; }
.src { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.9em; line-height: 1.5; padding: 0.2em 0; }
.notes { font-size: 0.85em; padding: 0.2em 0; }
.notes > div { border-left: 4px solid #999; padding: 0.3em 0.6em; margin: 0.3em 0; background: #fcfcfc; }
.notes > div:target { outline: 2px solid #1a55a0; }
mark { padding: 0 1px; border-radius: 2px; }
mark a { color: inherit; text-decoration: none; }
.uncovered { outline: 2px dashed #d33; }
.legend span { display: inline-block; padding: 0 0.5em; margin-right: 0.4em; border-radius: 3px; }
.legend .bare { color: #6b6b6b; border: 1px dashed #aaa; }
code { font-size: 0.95em; }
.verbatim { font-family: ui-monospace, monospace; font-size: 0.92em; background: #f7f3e8; }
.damage { font-size: 0.8em; background: #fde8c8; border: 1px solid #e0a800; border-radius: 3px;
          padding: 0 0.3em; white-space: normal; color: #1b1b1b; }
details.damage { display: inline-block; max-width: 100%; vertical-align: top; }
details.damage > summary { cursor: pointer; }
"""


def _segments(n: int, spans):
    """Cut ``[0, n)`` at every span boundary; yield ``(a, b, entry indices covering it)``."""
    cuts = sorted({0, n, *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    for a, b in itertools.pairwise(cuts):
        yield a, b, sorted({i for s, e, i in spans if s <= a and b <= e})


def _verdict_of(indices, entries):
    vs = {entries[i]["verdict"] for i in indices}
    return next(v for v in SEVERITY if v in vs)


def _note(i: int, e: dict, claims: dict, errata: dict, notebooks=()) -> str:
    from clickbound.report.math import auto_html

    esc = html.escape
    parts = [f'<div id="e{i}" style="border-color:{COLOURS[e["verdict"]]}">',
             f'<a href="#q{i}">&#8617;</a> <strong>{esc(e["verdict"])}</strong> · {esc(e["kind"])}<br>',
             auto_html(e["note"])]  # formulas in the note as MathML
    for cid in e["claims"]:
        v = claims.get(cid)
        parts.append(f"<br>claim <code>{esc(cid)}</code>: " + (
            esc(f"{v.get('scope_text') or v['status']} by {v['method']}") if v else "verdict not in this report"))
    for rid in e["errata"]:
        r = errata.get(rid)
        if r:
            parts.append(f"<br>erratum <code>{esc(rid)}</code>: the source says {esc(r['source_says'])}; "
                         f"true: {esc(r['truth'])}")
        else:
            parts.append(f"<br>erratum <code>{esc(rid)}</code>")
    if e.get("conclusion_survives"):
        parts.append(f"<br>conclusion survives: {esc(e['conclusion_survives'])}")
    if notebooks:
        parts.append("<br>derivation: " + ", ".join(
            f'<a href="../notebooks/{esc(n)}.html">notebook {esc(n)}</a>' for n in notebooks))
    parts.append(' <a href="../errata.html">errata</a> · <a href="../claims.html">claims</a></div>')
    return "".join(parts)


def _rows(text: str, first: dict, last: dict, formulas) -> list[tuple[int, int]]:
    """The page's rows ``[a, b)``: an annotated row runs from the line where an entry's quote starts
    to the end of the line where it ends, so its note sits beside it; the text between annotated
    rows forms bare rows.  A row never cuts a formula."""
    def line_start(i):
        return text.rfind("\n", 0, i) + 1

    def line_end(i):
        j = text.find("\n", i)
        return len(text) if j < 0 else j + 1

    cuts = {0, len(text)}
    for i, a in first.items():
        cuts.add(line_start(a))
        cuts.add(line_end(max(a, last[i] - 1)))
    snapped = set()
    for c in cuts:
        for s, e in formulas:
            if s < c < e:
                c = s
        snapped.add(c)
    cuts = sorted(snapped)
    rows = list(itertools.pairwise(cuts))
    return [(a, b) for a, b in rows if b > a]


def _notebooks(entry: dict, source: str, notebooks) -> list[str]:
    """The derivation notebooks that discuss this entry (:func:`clickbound.report.notebooks.notebooks_for`)."""
    if not notebooks:
        return []
    from clickbound.report.notebooks import notebooks_for

    return notebooks_for({**entry, "source": entry.get("source", source)}, notebooks)


def page(source: str, text: str, entries: list[dict], items: list[dict], claims: dict, errata: dict,
         summary: dict, notebooks: list[dict] | None = None) -> str:
    """The annotated page of one source (see the module docstring): one grid row per annotated
    passage — line number, the source's text, the notes of the entries that start there —, the
    text no entry covers in muted rows of its own, and formulas the text extraction damaged
    marked (:func:`clickbound.report.math.damage_html`), the quoted text unchanged."""
    from clickbound.report.math import snap_to_formulas, tex_spans, tex_text_html

    esc = html.escape
    formulas = tex_spans(text)
    # a quote that starts or ends inside a $…$ formula highlights the whole formula, so every
    # segment holds whole formulas and each is rendered as MathML
    spans = snap_to_formulas([(a, b, i) for i, e in enumerate(entries) for a, b in e["spans"]], formulas)
    first, last = {}, {}
    for a, b, i in sorted(spans):
        first.setdefault(i, a)
        last[i] = max(last.get(i, 0), b)
    uncovered = [(it["start"], it["end"]) for it in items if not it["covered_by"]]
    rows = _rows(text, first, last, formulas)
    starts_in = {}
    for i, a in first.items():
        r = next(k for k, (s, e) in enumerate(rows) if s <= a < e or (a == e == len(text)))
        starts_in.setdefault(r, []).append(i)
    out = []
    line = 1
    for k, (ra, rb) in enumerate(rows):
        cells, annotated = [], False
        # uncovered items (index -1) and the row's ends (-2) cut the text too
        cut = [(max(a, ra), min(b, rb), i) for a, b, i in spans if a < rb and b > ra]
        cut += [(max(s, ra), min(e, rb), -1) for s, e in uncovered if s < rb and e > ra]
        for a, b, idx in _segments(rb - ra, [(a - ra, b - ra, i) for a, b, i in cut]):
            a, b = a + ra, b + ra
            idx = [i for i in idx if i >= 0]
            chunk = tex_text_html(text[a:b])
            if any(s <= a and b <= e for s, e in uncovered):
                chunk = f'<span class="uncovered" title="not covered by any ledger entry">{chunk}</span>'
            if idx:
                annotated = True
                v = _verdict_of(idx, entries)
                anchors = "".join(f'<span id="q{i}"></span>' for i in idx if first.get(i) == a)
                title = esc("; ".join(f"{entries[i]['verdict']}: {entries[i]['note']}" for i in idx))
                chunk = (f'{anchors}<mark style="background:{COLOURS[v]}" title="{title}">'
                         f'<a href="#e{idx[0]}">{chunk}</a></mark>')
            cells.append(chunk)
        notes = "".join(_note(i, entries[i], claims, errata, _notebooks(entries[i], source, notebooks))
                        for i in sorted(starts_in.get(k, [])))
        cls = "row" if annotated or notes else "row bare"
        tip = "" if annotated or notes else ' title="no ledger entry covers these lines"'
        out.append(f'<div class="{cls}"{tip}><div class="ln">{line}</div><div class="src">{"".join(cells)}</div>'
                   f'<div class="notes">{notes}</div></div>')
        line += text.count("\n", ra, rb)
    legend = "".join(f'<span style="background:{c}">{v}</span>' for v, c in COLOURS.items())
    counts = ", ".join(f"{v} {summary.get(v, 0)}" for v in COLOURS)
    head = (f"<header><strong>{esc(source)}</strong> — {summary.get('entries', 0)} ledger entries ({counts}); "
            f"{summary.get('items_covered', 0)}/{summary.get('items', 0)} displayed items covered"
            f"{'' if summary.get('complete') else ' (ledger not complete yet)'}. "
            f'<a href="../index.html">contents of the report</a> · <a href="../sources.html">every source</a>'
            f'<div class="legend">{legend}<span class="uncovered">displayed item not covered</span>'
            '<span class="bare">muted rows: lines no entry covers</span>'
            '<span class="damage">⚠ extraction damage in the source text: the likely original TeX on a click'
            "</span></div></header>")
    return ("<!doctype html>\n<html><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{esc(source)} — annotated</title><style>{CSS}</style></head><body>{head}"
            f"<main>{''.join(out)}</main></body></html>\n")


def write_page(out: Path, source: str, **kw) -> Path:
    path = Path(out) / "sources" / (Path(source).stem + ".html")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page(source, **kw), encoding="utf-8")
    return path
