"""The render step: read ``OUT/results.json`` only and write the pages, ``report.md`` and figures.

The HTML report is a set of pages (:func:`clickbound.report.doc.write_site`): ``index.html`` holds
the front page and the table of contents, every other section has its page ``<name>.html``
(the annotated sources have theirs under ``sources/``), all sharing ``report.css``; figures are
files under ``figures/``.  ``report.md`` is the whole report in one Markdown file.
Re-rendering never re-simulates or re-decides (``clickbound report --render-only``).
Every registered section gets a heading; a section that was not computed (or
failed) renders an explicit notice with the reason, never numbers.
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")  # headless: figures are files, never windows

from clickbound.report import doc
from clickbound.report import results as rio
from clickbound.report.sections import RenderContext, sections

TITLE = "clickbound report: bounds, simulations and claims for ranking bandits under click models"
#: sections drawn from the other sections' data only: rendered even when results.json has no entry
#: for them (a results.json written before the front page existed, or a ``--sections`` run)
FROM_OTHERS = ("front",)
#: sections shown on ``index.html`` itself (every other section has a page of its own)
INDEX_SECTIONS = ("front",)


def render_blocks(results: dict, out: Path) -> tuple[list[dict], RenderContext]:
    """All blocks of the report, in section order (figures are written to ``out/figures``)."""
    secs = results.get("sections", {})
    rctx = RenderContext(out=Path(out), meta=results.get("meta", {}),
                         statuses={k: (v.get("status"), v.get("wall_s"), v.get("reason", ""))
                                   for k, v in secs.items()}, sections=secs)
    blocks: list[dict] = []
    for s in sections():
        entry = secs.get(s.name)
        blocks.append(doc.h(s.title, 2, anchor=s.name))
        if s.name in FROM_OTHERS and (entry is None or entry["status"] == "computed"):
            blocks += s.render({}, rctx)
            continue
        if entry is None:
            blocks.append(doc.notice(f"not computed in this run (section {s.name!r} is missing from "
                                     "results.json; run `clickbound report` to compute it)"))
            continue
        if entry["status"] == "not computed":
            blocks.append(doc.notice(f"not computed yet: {entry['reason']}"))
            continue
        if entry["status"] == "failed":
            blocks.append(doc.notice(f"computing this section failed: {entry['reason']}"))
            tb = entry.get("data", {}).get("traceback")
            if tb:
                blocks.append(doc.pre(tb))
            continue
        blocks += s.render(entry["data"], rctx)
    for b in blocks:  # what the figure helper says to look at, after the section's own caption
        if b["kind"] == "figure" and rctx.looks.get(Path(b["path"])) and not b.get("look"):
            b["look"] = rctx.looks[Path(b["path"])]
    return blocks, rctx


def render(out, results: dict | None = None) -> dict:
    """Write ``out/index.html``, a page per section, ``out/report.md`` and figures from ``out/results.json``.

    Returns the paths written, by kind (``html``: the index; ``pages``: every page by name).
    """
    out = Path(out)
    if results is None:
        results = rio.load(out / "results.json")
    blocks, rctx = render_blocks(results, out)
    md_path = out / "report.md"
    notes = {k: ("not computed" if v[0] == "not computed" else "failed" if v[0] == "failed" else "")
             for k, v in rctx.statuses.items()}
    # pages of an earlier render (a section since renamed or removed) would mislead a reader
    for old in out.glob("*.html"):
        if doc.STYLESHEET_LINK in old.read_text(encoding="utf-8", errors="replace")[:1000]:
            old.unlink()
    pages = doc.write_site(out, TITLE, blocks, index=INDEX_SECTIONS, notes=notes)
    md_path.write_text(doc.to_markdown(TITLE, blocks, base=out), encoding="utf-8")
    # figures left from an earlier render (e.g. a different grid) would mislead a reader of figures/
    written = {p.resolve() for p in rctx.written}
    for old in (out / "figures").glob("*.png") if (out / "figures").is_dir() else ():
        if old.resolve() not in written:
            old.unlink()
    return {"html": pages["index"], "pages": pages, "markdown": md_path, "figures": list(rctx.written)}
