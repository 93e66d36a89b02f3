"""The report's document model: sections render to *blocks*, two writers turn blocks into files.

A block is a small dict, so HTML and Markdown are produced from the same data and
show the same tables (SPEC §5):

* ``{"kind": "h", "level": 2|3, "text": str, "anchor": str}``
* ``{"kind": "p", "text": str}`` — plain text (escaped by the writers)
* ``{"kind": "notice", "text": str}`` — a highlighted remark (e.g. "not computed yet")
* ``{"kind": "table", "columns": [str], "rows": [[str]], "caption": str}``
* ``{"kind": "figure", "path": Path, "caption": str}`` — a PNG written by :mod:`clickbound.report.figures`
* ``{"kind": "pre", "text": str}`` — preformatted text (proof steps, evidence)

Writers never compute anything; they only format.
"""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 1500px;
       margin: 1.5em auto; padding: 0 1em; color: #1b1b1b; line-height: 1.45; }
h1 { border-bottom: 2px solid #444; }
h2 { border-bottom: 1px solid #bbb; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 3px 7px; vertical-align: top; text-align: left;
         overflow-wrap: break-word; }
td { max-width: 24em; }
th { background: #f0f0f0; }
tr:nth-child(even) td { background: #fafafa; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0.3em 0; }
figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
.notice { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.5em 0.8em; }
nav.toc { background: #f7f7f7; border: 1px solid #ddd; padding: 0.5em 1.2em; }
nav.toc ul { margin: 0.2em 0; }
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


def table(columns, rows, caption: str = "") -> dict:
    columns = [str(c) for c in columns]
    rows = [[cell_text(c) for c in r] for r in rows]
    for i, r in enumerate(rows):
        if len(r) != len(columns):
            raise ValueError(f"table row {i} has {len(r)} cells, expected {len(columns)}")
    return {"kind": "table", "columns": columns, "rows": rows, "caption": caption}


def links(items) -> dict:
    """A bulleted list of ``(text, href)`` links (relative hrefs resolve from the output folder)."""
    return {"kind": "links", "items": [(str(t), str(h)) for t, h in items]}


def figure(path, caption: str = "") -> dict:
    return {"kind": "figure", "path": Path(path), "caption": caption}


def cell_text(x) -> str:
    """One table cell as text: floats with 4 significant digits, None as an empty cell."""
    if x is None:
        return ""
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
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in b["rows"])
        return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    if k == "links":
        return "<ul>" + "".join(f'<li><a href="{e(h)}">{e(t)}</a></li>' for t, h in b["items"]) + "</ul>"
    if k == "figure":
        cap = f"<figcaption>{e(b['caption'])}</figcaption>" if b["caption"] else ""
        return (f'<figure><img alt="{e(b["caption"] or Path(b["path"]).name)}" '
                f'src="{_png_data_uri(b["path"])}">{cap}</figure>')
    raise ValueError(f"unknown block kind {k!r}")


def to_html(title: str, blocks: list[dict]) -> str:
    """A self-contained HTML page: inline CSS, PNGs embedded as base64, a table of contents."""
    toc = ["<nav class='toc'><strong>Contents</strong><ul>"]
    for b in blocks:
        if b["kind"] == "h" and b["level"] == 2:
            toc.append(f'<li><a href="#{html.escape(b["anchor"])}">{html.escape(b["text"])}</a></li>')
    toc.append("</ul></nav>")
    body = "\n".join(_html_block(b) for b in blocks)
    return ("<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>\n"
            f"<h1>{html.escape(title)}</h1>\n" + "".join(toc) + "\n" + body + "\n</body></html>\n")


# ----------------------------------------------------------------------- Markdown


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


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
    if k == "figure":
        path = Path(b["path"])
        try:
            rel = path.relative_to(base).as_posix()
        except ValueError:
            rel = path.as_posix()
        return f"![{b['caption'] or path.name}]({rel})"
    raise ValueError(f"unknown block kind {k!r}")


def to_markdown(title: str, blocks: list[dict], base: Path) -> str:
    """Markdown with the same tables as the HTML; figures linked relative to ``base``."""
    toc = [f"- [{b['text']}](#{b['anchor']})" for b in blocks if b["kind"] == "h" and b["level"] == 2]
    parts = [f"# {title}", "## Contents\n\n" + "\n".join(toc)]
    parts += [_md_block(b, base) for b in blocks]
    return "\n\n".join(parts) + "\n"
