"""List the errata found in the sources: what the source says, what is true, the evidence.

Text fits the terminal (100 columns when the output is not one; ``--width N``); long
statements wrap under their label, nothing is cut.  ``--source dcm`` (or ``000``, or the
file name) lists one source's errata; ``--json`` prints them for machines (same filter).
"""
from __future__ import annotations

import dataclasses
import json
import sys

from clickbound.report import filters


def add_arguments(p):
    filters.add_source(p, "errata")
    filters.add_width(p)
    p.add_argument("--json", action="store_true", help="print errata as JSON")


def run(args) -> int:
    from clickbound import lemmas, sources
    from clickbound.report import termtable

    errs = [e for e in lemmas.errata() if args.source is None or e.source_file == args.source]
    if args.json:
        json.dump([dataclasses.asdict(e) for e in errs], sys.stdout, indent=1, default=str)
        print()
        return 0
    width = termtable.terminal_width(args.width)
    if not errs:
        print("\n".join(filters.empty_lines("erratum", args, width=width)))
        return 0
    out = []
    for e in errs:
        src = e.source_file
        if src in sources.BY_FILE:
            src = f"{sources.short_name(src)} ({src[:3]})"
        out += termtable.wrap(f"{e.id}  [{src}, {e.location}]", width)
        out += termtable.labelled("source says", e.source_says, width)
        out += termtable.labelled("true", e.truth, width)
        out += termtable.labelled("evidence", ", ".join(e.evidence_claims), width)
        out += termtable.labelled("conclusion", e.conclusion_survives, width)
        out.append("")
    per = {}
    for e in errs:
        per[e.source_file] = per.get(e.source_file, 0) + 1
    counts = ", ".join(f"{n} {sources.short_name(f) if f in sources.BY_FILE else f}" for f, n in per.items())
    out += termtable.wrap(f"{len(errs)} errata: {counts}", width)
    print("\n".join(out))
    return 0
