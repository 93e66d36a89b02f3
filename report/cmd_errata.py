"""List the errata found in the sources: what the source says, what is true, the evidence.

Wrong results and wrong proof steps come first (the headline errata), each labelled with its
severity; errata not yet graded follow.  Misprints (a formula false as printed whose intended
reading is clear) and notation slips are listed apart, after them, and only with ``--all``;
otherwise a footer counts them.  ``--source dcm`` (or ``000``, or the file name) lists one
source's errata; ``--project DIR`` (or the nearest ``project.toml``) lists a project's own errata, those
its ``claims.py`` registers with ``register_erratum``.  ``--json`` prints every matching erratum (misprints included, in registry
order) with its ``severity`` and ``quotes`` (the verbatim places where the one error appears).  Text fits
100 columns when the output is not a terminal (``--width N``); nothing is cut.
"""
from __future__ import annotations

import dataclasses
import json
import sys

from clickbound.report import filters

#: the severities listed apart and hidden by default (the rest are the engine's HEADLINE)
MINOR = ("misprint", "notation")


def add_arguments(p):
    from clickbound.report.project_args import add_project_argument

    filters.add_source(p, "errata")
    add_project_argument(p)
    p.add_argument("--all", action="store_true", help="also list the misprints and notation slips")
    filters.add_width(p)
    p.add_argument("--json", action="store_true",
                   help="print the errata as JSON (misprints included, registry order, with severity and quotes)")


def ordered(errs) -> list:
    """Wrong results, then wrong steps, then ungraded, then misprints, then notation; registry
    order within each group."""
    from clickbound.lemmas.engine.registry import HEADLINE

    groups = (*HEADLINE, "", *MINOR)
    return sorted(errs, key=lambda e: groups.index(e.severity) if e.severity in groups else groups.index(""))


def _locator(quote: str, cols: int = 48) -> str:
    """A quote as a one-line locator: whitespace collapsed, cut at ``cols`` columns with "…"
    (``--json`` has every quote in full)."""
    from clickbound.report import termtable

    text = " ".join(quote.split())
    if termtable.display_width(text) <= cols:
        return f"«{text}»"
    out, w = "", 0
    for c in text:
        w += termtable.char_width(c)
        if w > cols - 1:
            break
        out += c
    return f"«{out}…»"


def _block(e, width: int) -> list[str]:
    from clickbound import sources
    from clickbound.report import termtable

    src = e.source_file
    if src in sources.BY_FILE:
        src = f"{sources.short_name(src)} ({src[:3]})"
    out = termtable.wrap(f"{e.id}  [{e.severity or 'ungraded'}]  [{src}, {e.location}]", width)
    out += termtable.labelled("source says", e.source_says, width)
    out += termtable.labelled("true", e.truth, width)
    out += termtable.labelled("evidence", ", ".join(e.evidence_claims), width)
    out += termtable.labelled("conclusion", e.conclusion_survives, width)
    if e.quotes:
        where = " | ".join(_locator(q) for q in e.quotes)
        out += termtable.labelled("appears at", (f"{len(e.quotes)} places: " if len(e.quotes) > 1 else "") + where,
                                  width)
    out.append("")
    return out


def run(args) -> int:
    from clickbound import lemmas, sources
    from clickbound.report import termtable
    from clickbound.report.project_args import project_of

    project = project_of(args)  # refuses --source with a project
    errs = (project.errata() if project is not None
            else [e for e in lemmas.errata() if args.source is None or e.source_file == args.source])
    if args.json:
        json.dump([dataclasses.asdict(e) for e in errs], sys.stdout, indent=1, default=str, ensure_ascii=False)
        print()
        return 0
    width = termtable.terminal_width(args.width)
    if project is not None:
        print(f"project {project.name} ({project.root})")
    if not errs:
        print("\n".join(filters.empty_lines("erratum", args, width=width)))
        return 0
    errs = ordered(errs)
    main = [e for e in errs if e.severity not in MINOR]
    minor = [e for e in errs if e.severity in MINOR]
    out: list[str] = []
    for e in main:
        out += _block(e, width)
    if minor and args.all:
        out += termtable.wrap(f"Misprints and notation slips ({len(minor)}): formulas false as printed whose "
                              "intended reading is clear, typos and clashing symbols", width)
        out.append("")
        for e in minor:
            out += _block(e, width)
    per: dict[str, int] = {}
    for e in errs:
        per[e.source_file] = per.get(e.source_file, 0) + 1
    counts = ", ".join(f"{n} {sources.short_name(f) if f in sources.BY_FILE else f}" for f, n in per.items())
    out += termtable.wrap(f"{len(errs)} errata: {counts}", width)
    sev = {s: sum(e.severity == s for e in errs) for s in (*lemmas.HEADLINE, *MINOR)}
    ungraded = len(errs) - sum(sev.values())
    out += termtable.wrap("by severity: " + ", ".join(f"{n} {s}" for s, n in sev.items())
                          + (f", {ungraded} not graded" if ungraded else ""), width)
    if minor and not args.all:
        out += termtable.wrap(f"{len(minor)} misprints and notation slips not shown (--all lists them)", width)
    print("\n".join(out))
    return 0
