"""The results table: every stated result of each source, with its status and its errata.

One row per result (a lemma, proposition, theorem, corollary, algorithm property,
experimental conclusion or remark the source states), read from the ``[[result]]`` tables
of the source ledger: its status — ``holds``, ``holds-after-repair``, ``fails``,
``unproved`` or ``not-checkable`` — and the errata it cites, the wrong results and wrong
proof steps first.  Each source ends with its counts by status.  ``--source dcm`` (or
``000``, or the file name) lists one source, ``--status fails`` one status; ``--json``
prints the rows for machines (same filters).  Lines fit 100 columns.
"""
from __future__ import annotations

import argparse
import json
import sys

#: the statuses, kept here so that ``--help`` does not load the ledger (a test keeps them equal)
STATUSES = ("holds", "holds-after-repair", "fails", "unproved", "not-checkable")


def _source(value: str) -> str:
    from clickbound import sources

    try:
        return sources.resolve(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _status(value: str) -> str:
    v = value.strip().lower()
    if v not in STATUSES:
        raise argparse.ArgumentTypeError(f"unknown status {value!r}; the accepted values are: {', '.join(STATUSES)}")
    return v


def add_arguments(p):
    p.add_argument("--source", metavar="NAME", type=_source,
                   help="only one source: dcm, depth, counterfactual, lecture, cascade_blog, its number "
                        "000…004, or its file name")
    p.add_argument("--status", metavar="STATUS", type=_status, help="only results with this status: "
                   + ", ".join(STATUSES))
    p.add_argument("--json", action="store_true", help="print the rows as JSON (same filters)")
    p.add_argument("--width", type=int, metavar="N",
                   help="fit the output to N columns (default: the terminal's width; 100 when not a terminal)")


def errata_cell(ids, severity: dict[str, str]) -> list[str]:
    """The cited errata as ``ID (severity)``, wrong results and wrong steps first (then misprints,
    notation, ungraded), each group in citation order."""
    from clickbound.lemmas.engine.registry import SEVERITIES

    rank = {s: i for i, s in enumerate(SEVERITIES)}
    order = sorted(range(len(ids)), key=lambda i: (rank.get(severity.get(ids[i], ""), len(SEVERITIES)), i))
    return [f"{ids[i]} ({severity.get(ids[i]) or 'ungraded'})" for i in order]


def counts_line(rows, statuses=STATUSES) -> str:
    n = {s: sum(r.status == s for r in rows) for s in statuses}
    return f"{len(rows)} result{'s' if len(rows) != 1 else ''}: " + ", ".join(f"{n[s]} {s}" for s in statuses)


def run(args) -> int:
    from clickbound import lemmas, sources
    from clickbound.lemmas import ledger
    from clickbound.report import termtable

    rows = ledger.results(args.source)
    shown = [r for r in rows if args.status is None or r.status == args.status]
    severity = {e.id: e.severity for e in lemmas.errata()}
    if args.json:
        out = []
        for r in shown:
            d = r.as_dict()
            d["errata"] = [{"id": x, "severity": severity.get(x, "")} for x in r.errata]
            out.append(d)
        json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    width = termtable.terminal_width(getattr(args, "width", None))
    lines: list[str] = []
    names = [args.source] if args.source else list(ledger.SOURCES)
    for name in names:
        src = sources.BY_FILE[name]
        mine = [r for r in shown if r.source == name]
        alls = [r for r in rows if r.source == name]
        lines += termtable.wrap(f"{src.short} ({src.number}) — {src.title}", width)
        if not alls:
            lines += ["  " + x for x in termtable.wrap("no results table yet (no [[result]] rows in its ledger)",
                                                         width - 2)]
            lines.append("")
            continue
        if not mine:
            lines.append(f"  no result has status {args.status}")
        else:
            table, _, _ = termtable.table(
                ["result", "kind", "status", "errata (wrong results and steps first)"],
                [[r.name, r.kind, r.status, ", ".join(errata_cell(r.errata, severity)) or "—"] for r in mine],
                width - 2, minimum={"result": 16, "kind": 11, "status": 18, "errata (wrong results and steps first)": 20},
                details=[f"repair: {r.repair}" if r.status == "holds-after-repair" and r.repair else ""
                         for r in mine])
            lines += ["  " + x for x in table]
        lines += ["  " + x for x in termtable.wrap(counts_line(alls), width - 2)]
        if args.status and len(mine) < len(alls):
            lines.append(f"  ({len(alls) - len(mine)} not shown: other statuses)")
        lines.append("")
    if len(names) > 1:
        lines += termtable.wrap("all sources: " + counts_line(rows), width)
    print("\n".join(lines).rstrip())
    return 0
