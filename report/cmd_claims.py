"""Decide every registered claim and print the verdict table (``--json`` for machines)."""
from __future__ import annotations

import json
import sys

from clickbound.report.claims_table import decide_catalogue, render_text
from clickbound.report.project_args import add_project_argument, project_of


def add_arguments(p):
    p.add_argument("--budget", type=float, default=20.0,
                   help="search budget per claim in seconds (default 20)")
    p.add_argument("--filter", default=None,
                   help="only claims whose id contains this text (e.g. DCM-L2)")
    p.add_argument("--json", action="store_true", help="print verdicts as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_project_argument(p)


def run(args) -> int:
    project = project_of(args)
    if project is not None:  # the project's own claims (clickbound.report.project)
        from clickbound.report.project import run_claims

        return run_claims(args, project)
    verdicts = decide_catalogue(budget_s=args.budget, id_filter=args.filter,
                                progress=not args.no_progress and not args.json)
    if args.json:
        json.dump([v.as_dict() for v in verdicts], sys.stdout, indent=1)
        print()
    else:
        print(render_text(verdicts))
    return 0
