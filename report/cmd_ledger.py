"""The source ledger: per-source entry counts by verdict and coverage of displayed items.

``clickbound ledger`` prints, for each source, how many entries the ledger has in each
verdict and how many of the source's displayed formulas (or, for the blog, functions and
classes) lie under at least one entry; ``--source FILE`` limits it to one source;
``--json`` prints the entries themselves (source, quote, kind, verdict, claims, errata,
note) for other tools; ``--uncovered`` lists the displayed items no entry covers yet.
"""
from __future__ import annotations

import json
import sys

from clickbound.lemmas import ledger
from clickbound.report.project_args import add_project_argument, project_of


def add_arguments(p):
    p.add_argument("--source", metavar="FILE", choices=sorted(ledger.SOURCES),
                   help="one source file name (e.g. 000_0b27131c69d8f24c.txt)")
    p.add_argument("--json", action="store_true", help="print the entries as JSON")
    p.add_argument("--uncovered", action="store_true", help="list displayed items no entry covers")
    p.add_argument("--seeds", metavar="DIR", help="folder holding the source texts (default: the copy shipped with the package)")
    add_project_argument(p)


def run(args) -> int:
    project = project_of(args)
    if project is not None:  # the project's ledger.toml over its paper.txt (clickbound.report.project)
        from clickbound.report.project import run_ledger

        return run_ledger(args, project)
    if args.json:
        json.dump([e.as_dict() for e in ledger.entries(args.source)], sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    summ = ledger.summary(args.source, args.seeds)
    cols = ("entries", *ledger.VERDICTS)
    print(f"{'source':28s} " + " ".join(f"{c:>13s}" for c in cols) + "   coverage of displayed items")
    for name, s in summ.items():
        print(f"{name:28s} " + " ".join(f"{s[c]:13d}" for c in cols)
              + f"   {s['items_covered']}/{s['items']} ({100 * s['coverage']:.0f} %)")
    if args.uncovered:
        for name in summ:
            for it in ledger.coverage(name, args.seeds):
                if not it.covered_by:
                    print(f"  {name}:{it.line}: {it.text[:90]!r}")
    return 0
