"""The report's document model: sections render to *blocks*, two writers turn blocks into files.

A block is a small dict, so HTML and Markdown are produced from the same data and
show the same tables (SPEC §5):

* ``{"kind": "h", "level": 2|3, "text": str, "anchor": str}``
* ``{"kind": "p", "text": str}`` — plain text (escaped by the writers)
* ``{"kind": "notice", "text": str}`` — a highlighted remark (e.g. "not computed yet")
* ``{"kind": "table", "columns": [str], "rows": [[str]], "caption": str}``
* ``{"kind": "figure", "path": Path, "caption": str}`` — a PNG written by :mod:`clickbound.report.figures`
* ``{"kind": "pre", "text": str}`` — preformatted text (proof steps, evidence)
* ``{"kind": "html", "html": str, "md": str}`` — markup made by a section (MathML, bars, cards)
  with its Markdown twin

A table cell is text, or a *rich* cell ``{"html": str, "text": str}`` (:func:`rich`, :func:`math`,
:func:`fold`): the HTML writer uses its markup (MathML, a folded ``<details>``), the Markdown
writer its text.  ``table(..., filterable=True)`` puts a search box above the table in the
HTML (plain JavaScript in the page, no network).

Writers never compute anything; they only format.
"""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif;
       max-width: 1400px; margin: 1.5em auto; padding: 0 1em; color: #1b1b1b; line-height: 1.45; }
h1 { border-bottom: 2px solid #444; font-size: 1.7em; }
h2 { border-bottom: 1px solid #bbb; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 3px 7px; vertical-align: top; text-align: left;
         overflow-wrap: anywhere; }
td { max-width: 24em; }
th { background: #f0f0f0; position: sticky; top: 0; }
tr:nth-child(even) td { background: #fafafa; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0.3em 0; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; max-width: 60em; }
figcaption .look { display: block; color: #1b1b1b; margin-top: 0.2em; }
pre { background: #f6f6f6; padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere;
      font-size: 0.85em; }
.notice { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.5em 0.8em; }
nav.toc { background: #f7f7f7; border: 1px solid #ddd; padding: 0.5em 1.2em; columns: 2; }
nav.toc ul { margin: 0.2em 0; }
math { font-size: 1.05em; overflow-wrap: normal; }
.mathscroll { overflow-x: auto; max-width: 100%; }
details > summary { cursor: pointer; color: #234; }
details[open] > summary { margin-bottom: 0.3em; }
.filterbar { margin: 0.6em 0 0.2em; font-size: 0.9em; }
.filterbar input { width: 22em; padding: 2px 6px; }
.chip { display: inline-block; padding: 0 0.45em; margin: 1px 2px; border-radius: 3px; font-size: 0.9em;
        border: 1px solid rgba(0,0,0,0.12); }
.bar { display: flex; height: 1.3em; width: 100%; min-width: 12em; border: 1px solid #ccc; }
.bar > span { display: block; height: 100%; overflow: hidden; font-size: 0.75em; line-height: 1.7em;
              text-align: center; white-space: nowrap; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 0.5em; }
.cards > a { display: block; border: 1px solid #ccd; border-radius: 4px; padding: 0.4em 0.6em;
             text-decoration: none; color: #123; background: #f8f9fc; }
.cards > a small { display: block; color: #555; }
.legend { font-size: 0.85em; }
.cex code, td code { overflow-wrap: anywhere; word-break: break-all; }
.md h4, .md h5, .md h6 { margin: 0.6em 0 0.2em; }
.cex { border-left: 3px solid #e8747c; padding: 0.3em 0.7em; margin: 0.6em 0; background: #fdf6f6; }
small { color: #555; }
.verbatim { font-family: ui-monospace, monospace; font-size: 0.92em; background: #f7f3e8; }
"""

#: plain JavaScript of the page (no network): a search box above every filterable table
JS = """
document.querySelectorAll('table.filterable').forEach(function (t) {
  var rows = Array.prototype.slice.call(t.tBodies[0].rows);
  var bar = document.createElement('div');
  bar.className = 'filterbar';
  var input = document.createElement('input');
  input.type = 'search';
  input.placeholder = 'filter rows: words all present (e.g. refuted DCM)';
  var count = document.createElement('span');
  count.textContent = ' ' + rows.length + ' rows';
  bar.appendChild(input);
  bar.appendChild(count);
  t.parentNode.insertBefore(bar, t);
  input.addEventListener('input', function () {
    var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean), shown = 0;
    rows.forEach(function (r) {
      var txt = r.textContent.toLowerCase();
      var ok = words.every(function (w) { return txt.indexOf(w) >= 0; });
      r.style.display = ok ? '' : 'none';
      if (ok) { shown += 1; }
    });
    count.textContent = ' ' + shown + ' of ' + rows.length + ' rows';
  });
});
"""


def h(text: str, level: int = 2, anchor: str | None = None) -> dict:
    if level not in (2, 3, 4):
        raise ValueError(f"heading level must be 2, 3 or 4, got {level}")
    return {"kind": "h", "level": level, "text": text, "anchor": anchor or slug(text)}


def p(text: str) -> dict:
    return {"kind": "p", "text": text}


def notice(text: str) -> dict:
    return {"kind": "notice", "text": text}


def pre(text: str) -> dict:
    return {"kind": "pre", "text": text}


def table(columns, rows, caption: str = "", filterable: bool = False, cell_classes=None) -> dict:
    """A table; ``cell_classes`` (same shape as ``rows``, or None) gives CSS classes per cell."""
    columns = [str(c) for c in columns]
    rows = [[cell_text(c) for c in r] for r in rows]
    for i, r in enumerate(rows):
        if len(r) != len(columns):
            raise ValueError(f"table row {i} has {len(r)} cells, expected {len(columns)}")
    b = {"kind": "table", "columns": columns, "rows": rows, "caption": caption}
    if filterable:
        b["filterable"] = True
    if cell_classes is not None:
        b["cell_classes"] = [[str(c or "") for c in r] for r in cell_classes]
    return b


def raw_html(markup: str, md: str) -> dict:
    """Markup made by a section (already escaped where it holds text) and its Markdown twin."""
    return {"kind": "html", "html": markup, "md": md}


def rich(markup: str, text: str) -> dict:
    """A table cell shown as ``markup`` in HTML and as ``text`` in Markdown."""
    return {"html": markup, "text": text}


def math(text: str) -> dict:
    """A cell (or paragraph) whose formulas are rendered as MathML (:mod:`clickbound.report.math`)."""
    from clickbound.report import math as m

    return rich(m.auto_html(text), text)


def fold(summary: str, body_html: str, text: str) -> dict:
    """A cell folded into ``<details>``: ``summary`` shown, the body on a click."""
    return rich(f"<details><summary>{html.escape(summary)}</summary>{body_html}</details>", text)


def markdown(text: str) -> dict:
    """A block of Markdown (a notebook's findings): rendered with its ``$…$`` formulas as MathML."""
    from clickbound.report import math as m

    return raw_html(f'<div class="md">{m.markdown_html(text)}</div>', text)


def math_p(text: str) -> dict:
    """A paragraph with its formulas as MathML."""
    from clickbound.report import math as m

    return raw_html(f"<p>{m.auto_html(text)}</p>", text)


def links(items) -> dict:
    """A bulleted list of ``(text, href)`` links (relative hrefs resolve from the output folder)."""
    return {"kind": "links", "items": [(str(t), str(h)) for t, h in items]}


def figure(path, caption: str = "") -> dict:
    return {"kind": "figure", "path": Path(path), "caption": caption}


def cell_text(x) -> str:
    """One table cell as text: floats with 4 significant digits, None as an empty cell."""
    if x is None:
        return ""
    if isinstance(x, dict) and "html" in x:
        return {"html": str(x["html"]), "text": str(x.get("text", ""))}
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "section"


# --------------------------------------------------------------------------- HTML


def _png_data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(Path(path).read_bytes()).decode("ascii")


def _html_cell(c, cls: str = "") -> str:
    attr = f' class="{html.escape(cls)}"' if cls else ""
    if isinstance(c, dict):
        return f"<td{attr}>{c['html']}</td>"
    return f"<td{attr}>{html.escape(c)}</td>"


def _md_text(c) -> str:
    return c["text"] if isinstance(c, dict) else c


def _html_block(b: dict) -> str:
    e = html.escape
    k = b["kind"]
    if k == "h":
        lv = b["level"]
        return f'<h{lv} id="{e(b["anchor"])}">{e(b["text"])}</h{lv}>'
    if k == "p":
        return f"<p>{e(b['text'])}</p>"
    if k == "notice":
        return f'<p class="notice">{e(b["text"])}</p>'
    if k == "pre":
        return f"<pre>{e(b['text'])}</pre>"
    if k == "table":
        cap = f"<caption>{e(b['caption'])}</caption>" if b["caption"] else ""
        head = "".join(f"<th>{e(c)}</th>" for c in b["columns"])
        classes = b.get("cell_classes") or [[""] * len(r) for r in b["rows"]]
        body = "".join("<tr>" + "".join(_html_cell(c, k) for c, k in zip(r, ks)) + "</tr>"
                       for r, ks in zip(b["rows"], classes))
        tcls = ' class="filterable"' if b.get("filterable") else ""
        return f"<table{tcls}>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    if k == "html":
        return b["html"]
    if k == "links":
        return "<ul>" + "".join(f'<li><a href="{e(h)}">{e(t)}</a></li>' for t, h in b["items"]) + "</ul>"
    if k == "figure":
        look = (f'<span class="look"><strong>What to look at:</strong> {e(b["look"])}</span>'
                if b.get("look") else "")
        cap = f"<figcaption>{e(b['caption'])}{look}</figcaption>" if b["caption"] or look else ""
        return (f'<figure><img alt="{e(b["caption"] or Path(b["path"]).name)}" '
                f'src="{_png_data_uri(b["path"])}">{cap}</figure>')
    raise ValueError(f"unknown block kind {k!r}")


def to_html(title: str, blocks: list[dict]) -> str:
    """A self-contained HTML page: inline CSS, PNGs embedded as base64, a table of contents."""
    n = sum(b["kind"] == "h" and b["level"] == 2 for b in blocks)
    toc = [f"<nav class='toc'><details><summary><strong>Contents</strong> ({n} sections)</summary><ul>"]
    for b in blocks:
        if b["kind"] == "h" and b["level"] == 2:
            toc.append(f'<li><a href="#{html.escape(b["anchor"])}">{html.escape(b["text"])}</a></li>')
    toc.append("</ul></details></nav>")
    body = "\n".join(_html_block(b) for b in blocks)
    return ("<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>\n"
            f"<h1>{html.escape(title)}</h1>\n" + "".join(toc) + "\n" + body +
            f"\n<script>{JS}</script>\n</body></html>\n")


# ----------------------------------------------------------------------- Markdown


def _md_cell(s) -> str:
    return _md_text(s).replace("|", "\\|").replace("\n", " ")


def _md_block(b: dict, base: Path) -> str:
    k = b["kind"]
    if k == "h":  # an explicit anchor: Markdown renderers derive their own ids from the text
        return f'<a id="{b["anchor"]}"></a>\n\n' + "#" * b["level"] + " " + b["text"]
    if k == "p":
        return b["text"]
    if k == "notice":
        return "> **Note.** " + b["text"]
    if k == "pre":
        return "```\n" + b["text"] + "\n```"
    if k == "table":
        lines = [f"*{b['caption']}*", ""] if b["caption"] else []
        lines.append("| " + " | ".join(_md_cell(c) for c in b["columns"]) + " |")
        lines.append("|" + "---|" * len(b["columns"]))
        lines += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in b["rows"]]
        return "\n".join(lines)
    if k == "links":
        return "\n".join(f"- [{t}]({h})" for t, h in b["items"])
    if k == "html":
        return b["md"]
    if k == "figure":
        path = Path(b["path"])
        try:
            rel = path.relative_to(base).as_posix()
        except ValueError:
            rel = path.as_posix()
        look = f" What to look at: {b['look']}" if b.get("look") else ""
        return f"![{b['caption'] or path.name}]({rel})" + (f"\n\n*{b['caption']}{look}*" if look else "")
    raise ValueError(f"unknown block kind {k!r}")


def to_markdown(title: str, blocks: list[dict], base: Path) -> str:
    """Markdown with the same tables as the HTML; figures linked relative to ``base``."""
    toc = [f"- [{b['text']}](#{b['anchor']})" for b in blocks if b["kind"] == "h" and b["level"] == 2]
    parts = [f"# {title}", "## Contents\n\n" + "\n".join(toc)]
    parts += [_md_block(b, base) for b in blocks]
    return "\n\n".join(parts) + "\n"
