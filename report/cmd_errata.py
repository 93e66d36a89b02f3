"""List the errata found in the sources: what the source says, what is true, the evidence.

Wrong results and wrong proof steps come first (the headline errata), each labelled with its
severity; errata not yet graded follow.  Misprints (a formula false as printed whose intended
reading is clear) and notation slips are listed apart, after them, and only with ``--all``;
otherwise a footer counts them.  ``--source dcm`` (or ``000``, or the file name) lists one
source's errata.  ``--json`` prints every matching erratum (misprints included) with its
``severity`` and ``quotes`` (the verbatim places where the one error appears).  Text fits
100 columns when the output is not a terminal (``--width N``); nothing is cut.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys

#: the severities listed apart and hidden by default (the rest are the engine's HEADLINE)
MINOR = ("misprint", "notation")


def _source(value: str) -> str:
    from clickbound import sources

    try:
        return sources.resolve(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(p):
    p.add_argument("--source", metavar="NAME", type=_source,
                   help="only one source's errata: dcm, depth, counterfactual, lecture, cascade_blog, its "
                        "number 000…004, or its file name")
    p.add_argument("--all", action="store_true", help="also list the misprints and notation slips")
    p.add_argument("--width", type=int, metavar="N",
                   help="fit the output to N columns (default: the terminal's width; 100 when not a terminal)")
    p.add_argument("--json", action="store_true", help="print the errata as JSON (misprints included)")


def ordered(errs) -> list:
    """Wrong results, then wrong steps, then ungraded, then misprints, then notation; registry
    order within each group."""
    from clickbound.lemmas.engine.registry import HEADLINE

    groups = (*HEADLINE, "", *MINOR)
    return sorted(errs, key=lambda e: groups.index(e.severity) if e.severity in groups else groups.index(""))


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
        out += termtable.labelled("appears at", " | ".join(e.quotes), width)
    out.append("")
    return out


def run(args) -> int:
    from clickbound import lemmas, sources
    from clickbound.report import termtable

    source = getattr(args, "source", None)
    errs = ordered(e for e in lemmas.errata() if source is None or e.source_file == source)
    if args.json:
        json.dump([dataclasses.asdict(e) for e in errs], sys.stdout, indent=1, default=str, ensure_ascii=False)
        print()
        return 0
    width = termtable.terminal_width(getattr(args, "width", None))
    main = [e for e in errs if e.severity not in MINOR]
    minor = [e for e in errs if e.severity in MINOR]
    out: list[str] = []
    if not errs:
        out.append("no errata registered" + (f" for {sources.short_name(source)}" if source else ""))
    for e in main:
        out += _block(e, width)
    if minor and getattr(args, "all", False):
        out += termtable.wrap(f"Misprints and notation slips ({len(minor)}): formulas false as printed whose "
                              "intended reading is clear, typos and clashing symbols", width)
        out.append("")
        for e in minor:
            out += _block(e, width)
    counts = {s: sum(e.severity == s for e in errs) for s in (*lemmas.HEADLINE, *MINOR)}
    ungraded = sum(e.severity not in counts for e in errs)
    if errs:
        out += termtable.wrap(f"{len(errs)} errata: " + ", ".join(f"{n} {s}" for s, n in counts.items())
                              + (f", {ungraded} not graded" if ungraded else ""), width)
    if minor and not getattr(args, "all", False):
        out += termtable.wrap(f"{len(minor)} misprints and notation slips not shown (--all lists them)", width)
    print("\n".join(out))
    return 0
