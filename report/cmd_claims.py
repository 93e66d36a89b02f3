"""Decide every registered claim and print the verdict table (``--json`` for machines)."""
from __future__ import annotations

import json
import sys

from clickbound.report.claims_table import decide_catalogue, render_text


def add_arguments(p):
    p.add_argument("--budget", type=float, default=20.0,
                   help="search budget per claim in seconds (default 20)")
    p.add_argument("--filter", default=None,
                   help="only claims whose id contains this text (e.g. DCM-L2)")
    p.add_argument("--json", action="store_true", help="print verdicts as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run(args) -> int:
    verdicts = decide_catalogue(budget_s=args.budget, id_filter=args.filter,
                                progress=not args.no_progress and not args.json)
    if args.json:
        json.dump([v.as_dict() for v in verdicts], sys.stdout, indent=1)
        print()
    else:
        print(render_text(verdicts))
    return 0
