"""The source ledger: per-source entry counts by verdict and coverage of displayed items.

``clickbound ledger`` prints, for each source, how many entries the ledger has in each
verdict and how many of the source's displayed formulas (or, for the blog, functions and
classes) lie under at least one entry; ``--source FILE`` limits it to one source;
``--json`` prints the entries themselves (source, quote, kind, verdict, claims, errata,
note, and on every ``erratum`` entry the ``severity`` of the errata it cites — the worst of
them, ``""`` while they are not graded) for other tools; ``--uncovered`` lists the displayed items no entry covers yet.
"""
from __future__ import annotations

import json
import sys

from clickbound.lemmas import ledger


def add_arguments(p):
    p.add_argument("--source", metavar="FILE", choices=sorted(ledger.SOURCES),
                   help="one source file name (e.g. 000_0b27131c69d8f24c.txt)")
    p.add_argument("--json", action="store_true", help="print the entries as JSON")
    p.add_argument("--uncovered", action="store_true", help="list displayed items no entry covers")
    p.add_argument("--seeds", metavar="DIR", help="folder holding the source texts (default: the copy shipped with the package)")


def run(args) -> int:
    if args.json:
        from clickbound import lemmas
        from clickbound.lemmas.ledger.rules import entry_severity

        by_id = {x.id: x for x in lemmas.errata()}
        recs = [{**e.as_dict(), **({"severity": entry_severity(e, by_id)} if e.verdict == "erratum" else {})}
                for e in ledger.entries(args.source)]
        json.dump(recs, sys.stdout, indent=1, ensure_ascii=False)
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
