"""Section "notebooks": links to the derivation notebooks and what each one found (issue 6).

Compute reads each ``notebooks/*.ipynb`` (its title and its closing "What we found" cell,
as committed with outputs); render links them relative to the report's folder.
"""
from __future__ import annotations

import os

import nbformat

from clickbound.report import doc
from clickbound.report.notebooks import NOTEBOOK_DIR, notebook_paths
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section


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
        md = [c.source for c in nb.cells if c.cell_type == "markdown"]
        found = md[-1] if md and "what we found" in md[-1].lower() else ""
        out.append({"name": path.stem, "file": path.name, "title": _title(nb), "findings": found})
    return {"notebooks": out}


def render(data: dict, rctx: RenderContext) -> list:
    nbs = data.get("notebooks", [])
    if not nbs:
        return [doc.notice("no notebooks in notebooks/ yet")]
    rel = os.path.relpath(NOTEBOOK_DIR, rctx.out)
    blocks = [doc.p("Each notebook walks through one argument of the sources step by step, importing "
                    "lemmas, bounds and sim (`make notebooks` re-executes them; the tests run them from scratch)."),
              doc.links([(f"{n['name']}: {n['title']}", f"{rel}/{n['file']}") for n in nbs])]
    for n in nbs:
        if n["findings"]:
            blocks += [doc.h(n["name"], level=3), doc.markdown(n["findings"])]  # $…$ as MathML
    return blocks


SECTION = register_section(Section(
    name="notebooks", title="Derivation notebooks", order=900, compute=compute, render=render,
    description="links to notebooks/*.ipynb and their findings"))

#: no SPEC/claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
