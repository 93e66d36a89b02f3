"""Section "notebooks": the derivation notebooks, readable without Jupyter.

Compute reads each ``notebooks/*.ipynb`` as committed with outputs (executed by
``python -m clickbound.report.notebooks``; the tests execute them from scratch): its title, its
one-line summary, the claim IDs and ledger quotes it discusses (notebook metadata
``clickbound``) and the verdict lines it displays.  Render writes each one as HTML with nbconvert
into ``notebooks/NAME.html`` under the report's folder and lists them, one line each.  The
section types no verdict: the notebooks print theirs from the registry (``show``).
"""
from __future__ import annotations

import nbformat

from clickbound.report import doc
from clickbound.report.notebooks import displayed_verdicts, metadata, notebook_paths, to_html
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section

#: the report's sub-folder for the rendered notebooks
HTML_DIR = "notebooks"


def _title(nb) -> str:
    for c in nb.cells:
        if c.cell_type == "markdown":
            for line in c.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def compute(ctx: ComputeContext) -> dict:
    out = []
    for path in notebook_paths():
        nb = nbformat.read(path, as_version=4)
        meta = metadata(nb)
        out.append({"name": path.stem, "file": path.name, "title": _title(nb),
                    "summary": meta.get("summary", ""), "claims": list(meta.get("claims", ())),
                    "ledger_quotes": [list(q) for q in meta.get("ledger_quotes", ())],
                    "displayed": displayed_verdicts(nb)})
    return {"notebooks": out}


def render(data: dict, rctx: RenderContext) -> list:
    nbs = data.get("notebooks", [])
    if not nbs:
        return [doc.notice("no notebooks in notebooks/ yet")]
    folder = rctx.out / HTML_DIR
    folder.mkdir(parents=True, exist_ok=True)
    paths = {p.stem: p for p in notebook_paths()}
    items = []
    for n in nbs:
        html = folder / f"{n['name']}.html"
        if n["name"] in paths:
            html.write_text(to_html(nbformat.read(paths[n["name"]], as_version=4)), encoding="utf-8")
            rctx.written.append(html)
        label = f"{n['title']}" + (f" — {n['summary']}" if n.get("summary") else "")
        items.append((label, f"{HTML_DIR}/{n['name']}.html"))
    return [doc.p("Each notebook is a derivation to read top to bottom: the statement as the source prints it "
                  "(quoted with its line), what the project decided and how, and why it matters. Every verdict "
                  "in them is printed from the registry when the notebook runs."),
            doc.links(items)]


SECTION = register_section(Section(
    name="notebooks", title="Derivation notebooks", order=900, compute=compute, render=render,
    description="the derivation notebooks as HTML (out/report/notebooks/), one line each"))

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
