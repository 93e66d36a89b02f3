"""The results table: every stated result of each source, with its status and its errata.

One row per result (a lemma, proposition, theorem, corollary, algorithm property,
experimental conclusion or remark the source states), read from the ``[[result]]`` tables
of the source ledger: its status — ``holds``, ``holds-after-repair``, ``fails``,
``unproved`` or ``not-checkable`` — and the errata it cites, the wrong results and wrong
proof steps first.  Each source ends with its counts by status.  ``--source dcm`` (or
``000``, or the file name) lists one source, ``--status fails`` one status; ``--json``
prints the rows for machines (same filters).  ``--project DIR`` (or the nearest ``project.toml``)
lists a project's paper: the ``[[result]]`` rows of its ``ledger.toml``, with its own errata.  Lines fit 100 columns.
"""
from __future__ import annotations

import json
import sys

#: the statuses, kept here so that ``--help`` does not load the ledger (a test keeps them equal)
STATUSES = ("holds", "holds-after-repair", "fails", "unproved", "not-checkable")


def add_arguments(p):
    from clickbound.report import filters
    from clickbound.report.project_args import add_project_argument

    filters.add_source(p, "results")
    add_project_argument(p)
    p.add_argument("--status", metavar="STATUS", type=filters.choice("status", STATUSES),
                   help="only results with this status: " + ", ".join(STATUSES))
    filters.add_width(p)
    p.add_argument("--json", action="store_true", help="print the rows as JSON (same filters)")


def errata_cell(ids, severity: dict[str, str]) -> list[str]:
    """The cited errata as ``ID (severity)``, wrong results and wrong steps first (then misprints,
    notation, ungraded), each group in citation order."""
    from clickbound.lemmas.engine.registry import SEVERITIES

    rank = {s: i for i, s in enumerate(SEVERITIES)}
    order = sorted(range(len(ids)), key=lambda i: (rank.get(severity.get(ids[i], ""), len(SEVERITIES)), i))
    return [f"{ids[i]} ({severity.get(ids[i]) or 'ungraded'})" for i in order]


def marks(r) -> str:
    """`` [stand-in]`` for an experiment judged on a synthetic stand-in of the source's data,
    `` [own finding]`` for a comparison the source does not make."""
    return ((" [stand-in]" if r.scope == "stand-in" else "")
            + (" [own finding]" if r.own_finding else ""))


def counts_line(rows, statuses=STATUSES) -> str:
    n = {s: sum(r.status == s for r in rows) for s in statuses}
    return f"{len(rows)} result{'s' if len(rows) != 1 else ''}: " + ", ".join(f"{n[s]} {s}" for s in statuses)


def source_block(title: str, shown, alls, severity: dict, status: str | None, width: int) -> list[str]:
    """One source's (or a project paper's) table: its rows ``shown`` of all its rows ``alls``, then its counts."""
    from clickbound.report import termtable

    lines = termtable.wrap(title, width)
    if not alls:
        lines += ["  " + x for x in termtable.wrap("no results table yet (no [[result]] rows in its ledger)",
                                                     width - 2)]
        lines.append("")
        return lines
    if not shown:
        lines.append(f"  no result has status {status}")
    else:
        table, _, _ = termtable.table(
            ["result", "kind", "status", "errata (headline first)"],
            [[r.name + marks(r), r.kind, r.status, ", ".join(errata_cell(r.errata, severity)) or "—"]
             for r in shown],
            width - 2, minimum={"result": 16, "kind": 11, "status": 18, "errata (headline first)": 20},
            details=[f"repair: {r.repair}" if r.status == "holds-after-repair" and r.repair else ""
                     for r in shown])
        lines += ["  " + x for x in table]
    lines += ["  " + x for x in termtable.wrap(counts_line(alls), width - 2)]
    if status and len(shown) < len(alls):
        lines.append(f"  ({len(alls) - len(shown)} not shown: other statuses)")
    lines.append("")
    return lines


def run(args) -> int:
    from clickbound import lemmas, sources
    from clickbound.lemmas import ledger
    from clickbound.report import termtable
    from clickbound.report.project_args import project_of

    project = project_of(args)  # refuses --source with a project
    rows = project.results() if project is not None else ledger.results(args.source)
    shown = [r for r in rows if args.status is None or r.status == args.status]
    severity = {e.id: e.severity for e in (project.errata() if project is not None else lemmas.errata())}
    if args.json:
        out = []
        for r in shown:
            d = r.as_dict()
            d["errata"] = [{"id": x, "severity": severity.get(x, "")} for x in r.errata]
            out.append(d)
        json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    width = termtable.terminal_width(args.width)
    if project is not None:
        title = f"project {project.name} — {project.paper_file().name} ({project.root})"
        print("\n".join(source_block(title, shown, rows, severity, args.status, width)).rstrip())
        return 0
    lines: list[str] = []
    names = [args.source] if args.source else list(ledger.SOURCES)
    for name in names:
        src = sources.BY_FILE[name]
        lines += source_block(f"{src.short} ({src.number}) — {src.title}", [r for r in shown if r.source == name],
                              [r for r in rows if r.source == name], severity, args.status, width)
    if len(names) > 1:
        lines += termtable.wrap("all sources: " + counts_line(rows), width)
    print("\n".join(lines).rstrip())
    return 0
