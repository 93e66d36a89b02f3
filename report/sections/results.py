"""Section "results": the results table of each source — every stated result and its status.

One row per lemma, proposition, theorem, corollary, algorithm property, experimental
conclusion or remark a source states (the ``[[result]]`` tables of the source ledger,
``clickbound.lemmas.ledger.results``): its status — holds, holds after a repair (the repair
shown), fails, unproved, not checkable —, the errata it cites with their severity (wrong
results and wrong steps first), and for experiments whether the verdict comes from the
source's own setting or a synthetic stand-in, and whether the comparison is the project's
own (never a verdict on the source).  :func:`counts_by_source` gives the per-source counts
by status for the front page.
"""
from __future__ import annotations

import html

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section

#: the statuses in the order the table and the counts list them (the ledger's RESULT_STATUSES)
STATUSES = ("holds", "holds-after-repair", "fails", "unproved", "not-checkable")
_SEV_ORDER = ("wrong-result", "wrong-step", "misprint", "notation", "")


def _rows(source: str | None = None) -> dict[str, list[dict]]:
    """Source file -> its results as JSON-able dicts, each erratum with its severity."""
    from clickbound import lemmas
    from clickbound.lemmas import ledger

    sev = {e.id: e.severity for e in lemmas.errata()}
    out: dict[str, list[dict]] = {name: [] for name in ([source] if source else ledger.SOURCES)}
    for r in ledger.results(source):
        d = r.as_dict()
        errs = [{"id": x, "severity": sev.get(x, "")} for x in r.errata]
        d["errata"] = sorted(errs, key=lambda e: _SEV_ORDER.index(e["severity"])
                             if e["severity"] in _SEV_ORDER else len(_SEV_ORDER))
        out.setdefault(r.source, []).append(d)
    return out


def counts(rows: list[dict]) -> dict[str, int]:
    """``{status: number of results}`` over ``rows`` (every status, zeros included), and ``total``."""
    c = {s: sum(r["status"] == s for r in rows) for s in STATUSES}
    c["total"] = len(rows)
    return c


def counts_by_source(data: dict | None = None) -> dict[str, dict[str, int]]:
    """Per source file: ``{status: n, ..., "total": n}``.

    ``data`` is this section's computed data (``results.json``'s ``sections.results.data``);
    without it the counts are read from the ledger now (for callers outside a report run)."""
    rows = data["sources"] if data is not None else _rows()
    return {name: counts(rs) for name, rs in rows.items()}


def compute(ctx: ComputeContext) -> dict:
    rows = _rows()
    return {"sources": rows, "counts": counts_by_source({"sources": rows})}


def _errata_cell(errs: list[dict]) -> dict:
    if not errs:
        return doc.rich("—", "—")
    parts = [f"{e['id']} ({e['severity'] or 'not graded'})" for e in errs]
    markup = "<br>".join(
        (f"<b>{html.escape(p)}</b>" if e["severity"] in ("wrong-result", "wrong-step") else html.escape(p))
        for p, e in zip(parts, errs))
    return doc.rich(markup, "; ".join(parts))


def _status_cell(r: dict) -> str:
    s = r["status"]
    if r.get("kind") == "experiment" and r.get("scope") == "stand-in":
        s += " (on a stand-in)"
    if r.get("own_finding"):
        s += " (own comparison)"
    return s


def render(data: dict, rctx: RenderContext) -> list:
    from clickbound import sources

    blocks = []
    total = [r for rs in data["sources"].values() for r in rs]
    if not total:
        return [doc.notice("no source has a results table yet (no [[result]] rows in the ledger)")]
    c = counts(total)
    blocks.append(doc.p(f"{c['total']} stated results: " + ", ".join(f"{c[s]} {s}" for s in STATUSES)
                        + ". A result fails when it is false or unsupported as stated (a wrong-result erratum "
                        "or a refuted claim shows it); it holds after a repair when a corrected statement or "
                        "step is proved; an experiment run on a synthetic stand-in of the source's data, or a "
                        "comparison the source does not make, is marked so and is never a verdict on the "
                        "source."))
    for name, rows in data["sources"].items():
        src = sources.BY_FILE.get(name)
        title = f"{src.short} ({src.number}): {src.title}" if src else name
        blocks.append(doc.h(title, 3, anchor=f"results-{src.short if src else doc.slug(name)}"))
        if not rows:
            blocks.append(doc.notice("no results table yet for this source"))
            continue
        cs = data["counts"][name]
        table_rows = []
        for r in rows:
            note = r.get("note", "")
            if r["status"] == "holds-after-repair" and r.get("repair"):
                note = f"Repair: {r['repair']}. {note}".strip()
            table_rows.append([r["name"], r["kind"], _status_cell(r), _errata_cell(r["errata"]), doc.math(note)])
        blocks.append(doc.table(["result", "kind", "status", "errata (severity)", "note"], table_rows,
                                caption=f"Results of {src.short if src else name}: "
                                        + ", ".join(f"{cs[s]} {s}" for s in STATUSES if cs[s]),
                                filterable=True))
    return blocks


SECTION = register_section(Section(
    name="results", title="Results table: every stated result and its status", order=25, compute=compute,
    render=render, description="the ledger's [[result]] rows per source with status, errata and severity"))

#: no claim ID of its own (it reads the ledger's results and the errata)
SPEC_IDS = ()
