"""Annotated sources: each source as a page, every ledger entry highlighted and explained.

Issue 12: "Each source rendered as a readable page (its own text, Japanese and Russian as
they are), each ledger entry highlighted in the text and coloured by verdict, with a margin
note that links to the claim's evidence and the erratum."  :func:`write_page` writes
``OUT/sources/<stem>.html``: the source text on the left, broken into segments at every
quote boundary; a highlighted segment links to its entries' notes on the right (one
click from a formula to its evidence: the cited claims' verdicts, scope and method, and
the errata's "source says / true" lines); each note links back to its place in the text.
Displayed items that no entry covers are outlined, so a reader sees what was skipped.
"""
from __future__ import annotations

import html
from pathlib import Path

#: colour per verdict (the same in the coverage figure)
COLOURS = {"verified": "#b7e4c7", "erratum": "#f4a6a6", "gap": "#f9d38c", "definition": "#dde3ea",
           "open": "#c9c2f0", "not-checkable": "#e6e6e6"}
#: when entries overlap, the segment takes the colour of the most severe verdict
SEVERITY = ("erratum", "gap", "open", "not-checkable", "verified", "definition")

CSS = """
body { font-family: system-ui, sans-serif; margin: 0; color: #1b1b1b; }
header { padding: 0.6em 1.2em; border-bottom: 1px solid #ccc; background: #fafafa; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1em; padding: 0 1em; }
.src { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.9em; line-height: 1.5; }
.notes { font-size: 0.85em; }
.notes > div { border-left: 4px solid #999; padding: 0.3em 0.6em; margin: 0.5em 0; background: #fcfcfc; }
mark { padding: 0 1px; border-radius: 2px; }
mark a { color: inherit; text-decoration: none; }
.uncovered { outline: 2px dashed #d33; }
.legend span { display: inline-block; padding: 0 0.5em; margin-right: 0.4em; border-radius: 3px; }
code { font-size: 0.95em; }
"""


def _segments(n: int, spans):
    """Cut ``[0, n)`` at every span boundary; yield ``(a, b, entry indices covering it)``."""
    cuts = sorted({0, n, *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    for a, b in zip(cuts, cuts[1:]):
        yield a, b, sorted({i for s, e, i in spans if s <= a and b <= e})


def _verdict_of(indices, entries):
    vs = {entries[i]["verdict"] for i in indices}
    return next(v for v in SEVERITY if v in vs)


def _note(i: int, e: dict, claims: dict, errata: dict) -> str:
    from clickbound.report.math import auto_html

    esc = html.escape
    parts = [f'<div id="e{i}" style="border-color:{COLOURS[e["verdict"]]}">',
             f'<a href="#q{i}">&#8617;</a> <strong>{esc(e["verdict"])}</strong> · {esc(e["kind"])}<br>',
             auto_html(e["note"])]  # formulas in the note as MathML (issue 17)
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
    parts.append(' <a href="../index.html#errata">errata</a> · <a href="../index.html#claims">claims</a></div>')
    return "".join(parts)


def page(source: str, text: str, entries: list[dict], items: list[dict], claims: dict, errata: dict,
         summary: dict) -> str:
    """The annotated page of one source (see the module docstring)."""
    from clickbound.report.math import snap_to_formulas, tex_spans, tex_text_html

    esc = html.escape
    # a quote that starts or ends inside a $…$ formula highlights the whole formula, so every
    # segment holds whole formulas and each is rendered as MathML (issue 17)
    spans = snap_to_formulas([(a, b, i) for i, e in enumerate(entries) for a, b in e["spans"]],
                             tex_spans(text))
    first = {}
    for a, _, i in sorted(spans):
        first.setdefault(i, a)
    uncovered = [(it["start"], it["end"]) for it in items if not it["covered_by"]]
    out = []
    # uncovered items cut the text too (index -1: no entry), so their outline covers exactly them
    for a, b, idx in _segments(len(text), spans + [(s, e, -1) for s, e in uncovered]):
        idx = [i for i in idx if i >= 0]
        chunk = tex_text_html(text[a:b])
        if any(s <= a and b <= e for s, e in uncovered):
            chunk = f'<span class="uncovered" title="not covered by any ledger entry">{chunk}</span>'
        if idx:
            v = _verdict_of(idx, entries)
            anchors = "".join(f'<span id="q{i}"></span>' for i in idx if first.get(i) == a)
            title = esc("; ".join(f"{entries[i]['verdict']}: {entries[i]['note']}" for i in idx))
            chunk = (f'{anchors}<mark style="background:{COLOURS[v]}" title="{title}">'
                     f'<a href="#e{idx[0]}">{chunk}</a></mark>')
        out.append(chunk)
    legend = "".join(f'<span style="background:{c}">{v}</span>' for v, c in COLOURS.items())
    counts = ", ".join(f"{v} {summary.get(v, 0)}" for v in COLOURS)
    head = (f"<header><strong>{esc(source)}</strong> — {summary.get('entries', 0)} ledger entries ({counts}); "
            f"{summary.get('items_covered', 0)}/{summary.get('items', 0)} displayed items covered"
            f"{'' if summary.get('complete') else ' (ledger not complete yet)'}. "
            f'<a href="../index.html">back to the report</a><div class="legend">{legend}'
            '<span class="uncovered">not covered</span></div></header>')
    notes = "".join(_note(i, e, claims, errata) for i, e in enumerate(entries))
    return ("<!doctype html>\n<html><head><meta charset='utf-8'>"
            f"<title>{esc(source)} — annotated</title><style>{CSS}</style></head><body>{head}"
            f"<main><div class='src'>{''.join(out)}</div><div class='notes'>{notes}</div></main>"
            "</body></html>\n")


def write_page(out: Path, source: str, **kw) -> Path:
    path = Path(out) / "sources" / (Path(source).stem + ".html")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page(source, **kw), encoding="utf-8")
    return path
