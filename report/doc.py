"""The report's document model: sections render to *blocks*, two writers turn blocks into files.

A block is a small dict, so HTML and Markdown are produced from the same data and
show the same tables:

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

The HTML writer :func:`write_site` makes the report a set of pages (``index.html`` with the front page
and the contents, a page per section, ``report.css``/``report.js`` shared; figures as files under
``figures/``, loaded lazily; a table longer than :data:`LONG_TABLE` rows folded under its summary
line, one longer than :data:`ROWS_PER_PAGE` cut over pages of its own); :func:`to_html` puts blocks on
one page.  Both print numbers through :func:`tidy_numbers` (no ``repr`` float noise).

Writers never compute anything; they only format.
"""
from __future__ import annotations

import html
import os
import re
from pathlib import Path

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif;
       max-width: 1400px; margin: 1.5em auto; padding: 0 1em; color: #1b1b1b; line-height: 1.45; }
h1 { border-bottom: 2px solid #444; font-size: 1.7em; }
h2 { border-bottom: 1px solid #bbb; margin-top: 1.2em; }
nav.pages { font-size: 0.9em; padding: 0.3em 0; border-bottom: 1px solid #ddd; display: flex; gap: 1.2em;
            flex-wrap: wrap; }
nav.pages.bottom { border-top: 1px solid #ddd; border-bottom: 0; margin-top: 2em; }
.tablewrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 7px; vertical-align: top; text-align: left;
         overflow-wrap: normal; word-break: normal; hyphens: manual; min-width: 3.5em; }
td { max-width: 28em; }
.tok, td code, .cex code { overflow-wrap: anywhere; word-break: normal; }
.mathcell { max-width: 26em; overflow-x: auto; overflow-y: hidden; }
td.num { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f0f0f0; position: sticky; top: 0; }
tr:nth-child(even) td { background: #fafafa; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0.3em 0; }
details.long > summary { font-weight: 600; padding: 0.2em 0; }
details.long > summary .show { font-weight: normal; color: #1a55a0; }
.pager { font-size: 0.9em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; max-width: 60em; }
figcaption .look { display: block; color: #1b1b1b; margin-top: 0.2em; }
pre { background: #f6f6f6; padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere;
      font-size: 0.85em; }
.notice { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.5em 0.8em; }
nav.toc { background: #f7f7f7; border: 1px solid #ddd; padding: 0.5em 1.2em; columns: 2; }
nav.toc ul { margin: 0.2em 0; }
nav.toc small { color: #666; }
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
.md h4, .md h5, .md h6 { margin: 0.6em 0 0.2em; }
.cex { border-left: 3px solid #e8747c; padding: 0.3em 0.7em; margin: 0.6em 0; background: #fdf6f6; }
small { color: #555; }
.verbatim { font-family: ui-monospace, monospace; font-size: 0.92em; background: #f7f3e8; }
table.tests { font-size: 0.95em; margin: 0.3em 0; }
table.tests td, table.tests th { padding: 1px 5px; min-width: 0; }
.for { color: #1d6b33; } .against { color: #a11d2b; font-weight: 600; } .undecided { color: #666; }
.damage { font-size: 0.8em; background: #fde8c8; border: 1px solid #e0a800; border-radius: 3px;
          padding: 0 0.3em; font-family: system-ui, sans-serif; white-space: normal; }
details.damage { display: inline-block; }
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
  var at = t.parentNode.classList.contains('tablewrap') ? t.parentNode : t;
  at.parentNode.insertBefore(bar, at);
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

#: a table with more rows than this is folded under its summary line ("1,909 rows — verdict: …; show all")
LONG_TABLE = 40
#: a table with more rows than this is split over pages of this many rows (each page stays small)
ROWS_PER_PAGE = 300
#: the most a page of the report may weigh (the browser check asserts it)
PAGE_LIMIT = 2_000_000
#: float noise of ``repr`` (``0.5499999999999999``, ``1.2000000000000002``): never shown
FLOAT_NOISE = re.compile(r"(?<![\w.])\d+\.\d{10,}(?:e[-+]?\d+)?(?![\w.])")


def _tidy_float(m: re.Match) -> str:
    x = float(m.group(0))
    short = f"{x:.12g}"
    return short if len(short.split(".")[-1]) < 10 else f"{x:.6g}"


def tidy_numbers(text: str) -> str:
    """``text`` with every ``repr`` float (10 or more decimals) printed at a sensible precision:
    the shortest form at 12 significant digits (``0.5499999999999999`` → ``0.55``), else 6."""
    return FLOAT_NOISE.sub(_tidy_float, text)


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

    return rich(f'<div class="mathcell">{m.auto_html(text)}</div>', text)


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
    if isinstance(x, (list, tuple)):  # a parameter vector: each number at the same precision
        return "(" + ", ".join(cell_text(v) for v in x) + ")"
    return tidy_numbers(str(x))


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "section"


# --------------------------------------------------------------------------- HTML


def _png_size(path: Path) -> tuple[int, int] | None:
    """Width and height of a PNG from its header (so the page reserves the space before it loads)."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _img_src(path: Path, base: Path | None) -> str:
    """The figure's address relative to the page's folder ``base`` (a file, never a base64 copy)."""
    path = Path(path)
    if base is not None:
        try:
            return Path(os.path.relpath(path.resolve(), Path(base).resolve())).as_posix()
        except ValueError:
            return path.resolve().as_uri()
    if path.parent.name == "figures":
        return f"figures/{path.name}"
    return path.resolve().as_uri() if path.is_absolute() else path.as_posix()


#: a long token (an ID, a hash, a path, a 50-digit number): the only text allowed to break anywhere
_TOKEN = re.compile(r"[^\s<>]{18,}")
_NUMBER = re.compile(r"[−+-]?\d[\d,]*(\.\d+)?(e[−+-]?\d+)?%?")
#: markup a cell's text is cut at: MathML as a whole, any other tag
_MARKUP = re.compile(r"(<math\b.*?</math>|<pre\b.*?</pre>|<code\b.*?</code>|<[^>]+>)", re.DOTALL)


def _long_tokens(markup: str) -> str:
    """``markup`` with every long token of its text (not inside MathML, code or tags) in a
    ``<span class="tok">`` that may break anywhere; words break at spaces only."""
    parts = _MARKUP.split(markup)
    return "".join(part if i % 2 else _TOKEN.sub(lambda m: f'<span class="tok">{m.group(0)}</span>', part)
                   for i, part in enumerate(parts))


def _html_cell(c, cls: str = "") -> str:
    if not isinstance(c, dict) and _NUMBER.fullmatch(c):
        cls = f"{cls} num".strip()
    attr = f' class="{html.escape(cls)}"' if cls else ""
    if isinstance(c, dict):
        return f"<td{attr}>{_long_tokens(c['html'])}</td>"
    return f"<td{attr}>{_long_tokens(html.escape(c))}</td>"


def _md_text(c) -> str:
    return c["text"] if isinstance(c, dict) else c


def table_summary(b: dict) -> str:
    """The line shown above a long table: its rows, and the count of each verdict when it has a
    verdict (or status) column — ``"1,909 rows — verdict (scope): proved 260, refuted 120, …"``."""
    n = len(b["rows"])
    head = f"{n:,} rows"
    if b.get("summary"):
        return f"{head} — {b['summary']}"
    col = next((i for i, c in enumerate(b["columns"]) if re.search(r"verdict|status|answer", c, re.IGNORECASE)), None)
    if col is None:
        return head
    counts: dict[str, int] = {}
    for r in b["rows"]:
        v = _md_text(r[col]).strip()
        v = re.split(r" \(|;|:", v, maxsplit=1)[0].strip() or "(empty)"
        counts[v] = counts.get(v, 0) + 1
    if len(counts) > 12:
        return head
    parts = ", ".join(f"{v} {k:,}" for v, k in sorted(counts.items(), key=lambda kv: -kv[1]))
    return f"{head} — {b['columns'][col]}: {parts}"


def _table_html(b: dict, rows=None, classes=None) -> str:
    e = html.escape
    rows = b["rows"] if rows is None else rows
    if classes is None:
        classes = b.get("cell_classes") or [[""] * len(r) for r in rows]
    cap = f"<caption>{e(b['caption'])}</caption>" if b["caption"] else ""
    head = "".join(f"<th>{e(c)}</th>" for c in b["columns"])
    body = "".join("<tr>" + "".join(_html_cell(c, k) for c, k in zip(r, ks)) + "</tr>"
                   for r, ks in zip(rows, classes))
    tcls = ' class="filterable"' if b.get("filterable") else ""
    return (f'<div class="tablewrap"><table{tcls}>{cap}<thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def _html_block(b: dict, base: Path | None = None) -> str:
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
        if len(b["rows"]) > LONG_TABLE and not b.get("paged"):  # the summary line first, the rows on a click
            return (f'<details class="long"><summary>{e(b["caption"] or "table")}: {e(table_summary(b))}'
                    f' <span class="show">— show all</span></summary>{_table_html(b)}</details>')
        return _table_html(b)
    if k == "html":
        return b["html"]
    if k == "links":
        return "<ul>" + "".join(f'<li><a href="{e(h)}">{e(t)}</a></li>' for t, h in b["items"]) + "</ul>"
    if k == "figure":
        look = (f'<span class="look"><strong>What to look at:</strong> {e(b["look"])}</span>'
                if b.get("look") else "")
        cap = f"<figcaption>{e(b['caption'])}{look}</figcaption>" if b["caption"] or look else ""
        size = _png_size(b["path"])
        wh = f' width="{size[0]}" height="{size[1]}"' if size else ""
        return (f'<figure><img alt="{e(b["caption"] or Path(b["path"]).name)}" loading="lazy" decoding="async"'
                f'{wh} src="{e(_img_src(b["path"], base))}">{cap}</figure>')
    raise ValueError(f"unknown block kind {k!r}")


def _head(title: str, css: str) -> str:
    return ("<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title>{css}</head><body>\n")


def to_html(title: str, blocks: list[dict], base: Path | None = None) -> str:
    """One page holding every block: inline CSS, figures by relative address, a table of contents.

    The report itself is written by :func:`write_site` (a page per section); this single page is
    for a section shown alone (tests, notebooks)."""
    n = sum(b["kind"] == "h" and b["level"] == 2 for b in blocks)
    toc = [f"<nav class='toc'><details><summary><strong>Contents</strong> ({n} sections)</summary><ul>"]
    for b in blocks:
        if b["kind"] == "h" and b["level"] == 2:
            toc.append(f'<li><a href="#{html.escape(b["anchor"])}">{html.escape(b["text"])}</a></li>')
    toc.append("</ul></details></nav>")
    body = "\n".join(_html_block(b, base) for b in blocks)
    return tidy_numbers(_head(title, f"<style>{CSS}</style>") + f"<h1>{html.escape(title)}</h1>\n" + "".join(toc)
                        + "\n" + body + f"\n<script>{JS}</script>\n</body></html>\n")


# ------------------------------------------------------------------ the report as pages

STYLESHEET = "report.css"
SCRIPT = "report.js"
STYLESHEET_LINK = f'<link rel="stylesheet" href="{STYLESHEET}">'


def page_name(section: str) -> str:
    """The file of a section's page (next to ``index.html``)."""
    return "index.html" if section == "index" else f"{section}.html"


def split_sections(blocks: list[dict]) -> list[tuple[str, str, list[dict]]]:
    """``(name, title, blocks)`` per level-2 heading (its anchor is the section's name)."""
    out: list[tuple[str, str, list[dict]]] = []
    for b in blocks:
        if b["kind"] == "h" and b["level"] == 2:
            out.append((b["anchor"], b["text"], [b]))
        elif out:
            out[-1][2].append(b)
        else:
            out.append(("preamble", "", [b]))
    return out


_IDS = re.compile(r"""\bid=["']([^"']+)["']""")
_HASH_HREF = re.compile(r"""href=(["'])#([^"']+)\1""")


def _relink(page: str, own: set, where: dict) -> str:
    """``href="#x"`` to an id on another page becomes ``href="page.html#x"``."""
    def sub(m):
        target = m.group(2)
        if target in own or target not in where:
            return m.group(0)
        return f'href={m.group(1)}{where[target]}#{target}{m.group(1)}'
    return _HASH_HREF.sub(sub, page)


def _nav(prev, nxt, bottom: bool = False) -> str:
    e = html.escape
    parts = ['<a href="index.html">⌂ contents</a>']
    if prev:
        parts.append(f'<a href="{e(page_name(prev[0]))}">← {e(prev[1])}</a>')
    if nxt:
        parts.append(f'<a href="{e(page_name(nxt[0]))}">{e(nxt[1])} →</a>')
    parts.append('<a href="report.md">the whole report as Markdown</a>')
    return f'<nav class="pages{" bottom" if bottom else ""}">' + "".join(parts) + "</nav>"


def _paged_tables(name: str, stitle: str, blocks: list[dict]) -> tuple[list, dict]:
    """Tables longer than :data:`ROWS_PER_PAGE` rows split over pages of their own (of equal length):
    the section shows the summary line and links; returns the section's blocks and ``{page name: blocks}``."""
    out, extra = [], {}
    k = 0
    e = html.escape
    for b in blocks:
        if b["kind"] != "table" or len(b["rows"]) <= ROWS_PER_PAGE:
            out.append(b)
            continue
        k += 1
        n = len(b["rows"])
        n_pages = -(-n // ROWS_PER_PAGE)
        size = -(-n // n_pages)
        bounds = [(a, min(a + size, n)) for a in range(0, n, size)]
        subs = [f"{name}-table{k}-{j}" for j in range(1, len(bounds) + 1)]
        links = [(f"rows {a + 1:,}–{z:,}", page_name(sub)) for (a, z), sub in zip(bounds, subs)]
        for j, ((a, z), sub) in enumerate(zip(bounds, subs)):
            part = dict(b, rows=b["rows"][a:z], paged=True,
                        caption=f"{b['caption'] or 'table'} — rows {a + 1:,}–{z:,} of {n:,}")
            if b.get("cell_classes"):
                part["cell_classes"] = b["cell_classes"][a:z]
            pager = " · ".join(f"<strong>{e(t)}</strong>" if i == j else f'<a href="{e(u)}">{e(t)}</a>'
                               for i, (t, u) in enumerate(links))
            extra[sub] = [h(f"{stitle} — rows {a + 1:,}–{z:,} of {n:,}", 2, anchor=sub),
                          raw_html(f'<p class="pager">Page {j + 1} of {len(bounds)} of this table '
                                   f'(<a href="{e(page_name(name))}">back to the section</a>): {pager}. '
                                   "The filter box searches this page's rows; report.md has every row.</p>", ""),
                          part]
        out.append(raw_html(
            f'<p class="pager"><strong>{e(b["caption"] or "table")}</strong>: {e(table_summary(b))}. '
            f"Shown in {len(bounds)} pages: " + " · ".join(f'<a href="{e(u)}">{e(t)}</a>' for t, u in links)
            + "</p>", ""))
    return out, extra


def write_site(out: Path, title: str, blocks: list[dict], index: tuple[str, ...] = ("front",),
               notes: dict | None = None) -> dict[str, Path]:
    """The report as pages in ``out``: ``index.html`` (the sections named in ``index`` and the table of
    contents) and one page per other section (``<name>.html``), sharing ``report.css`` and ``report.js``.

    Long tables are folded under their summary line; tables longer than :data:`ROWS_PER_PAGE` rows
    are split over pages of their own.  ``notes`` (section name → a few words, e.g. "not computed")
    are shown in the table of contents.  Links to an anchor on another page are rewritten to it.
    Returns ``{page name: path}``.
    """
    out = Path(out)
    notes = notes or {}
    secs = split_sections(blocks)
    (out / STYLESHEET).write_text(CSS, encoding="utf-8")
    (out / SCRIPT).write_text(JS, encoding="utf-8")
    pages: dict[str, tuple[str, list]] = {}  # page name -> (title, blocks)
    index_blocks: list[dict] = []
    order = []
    for name, stitle, bl in secs:
        if name in index:
            index_blocks += bl
            continue
        bl, extra = _paged_tables(name, stitle, bl)
        pages[name] = (stitle, bl)
        order.append((name, stitle))
        for sub, sb in extra.items():
            pages[sub] = (sb[0]["text"], sb)
    e = html.escape
    toc = ['<nav class="toc" id="contents"><strong>Contents</strong><ul>']
    for name, stitle in order:
        note = f" <small>({e(notes[name])})</small>" if notes.get(name) else ""
        toc.append(f'<li><a href="{e(page_name(name))}">{e(stitle)}</a>{note}</li>')
    toc.append("</ul></nav>")
    link = STYLESHEET_LINK
    bodies = {"index": (title, "".join(toc) + "\n" + "\n".join(_html_block(b, out) for b in index_blocks))}
    for i, (name, (stitle, bl)) in enumerate(pages.items()):
        bodies[name] = (stitle, "\n".join(_html_block(b, out) for b in bl))
    where = {}
    for name, (_, body) in bodies.items():
        for i in _IDS.findall(body):
            where.setdefault(i, page_name(name))
    seq = [(n, t) for n, t in order]
    written = {}
    for name, (stitle, body) in bodies.items():
        own = set(_IDS.findall(body))
        if name == "index":
            prev = None
            nxt = seq[0] if seq else None
            heading = f"<h1>{e(title)}</h1>\n"
        else:
            k = next((j for j, (n, _) in enumerate(seq) if n == name), None)
            prev = seq[k - 1] if k else None
            nxt = seq[k + 1] if k is not None and k + 1 < len(seq) else None
            heading = f'<p class="site"><a href="index.html">{e(title)}</a></p>\n'
        page = (_head(f"{stitle} — {title}" if name != "index" else title, link) + _nav(prev, nxt) + "\n"
                + heading + _relink(body, own, where) + "\n" + _nav(prev, nxt, bottom=True)
                + f'\n<script src="{SCRIPT}"></script>\n</body></html>\n')
        path = out / page_name(name)
        path.write_text(tidy_numbers(page), encoding="utf-8")
        written[name] = path
    return written


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
    return tidy_numbers("\n\n".join(parts) + "\n")
