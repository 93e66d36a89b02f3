"""Decide one registered claim and print its evidence in full."""
from __future__ import annotations

import json
import sys

from clickbound import lemmas
from clickbound.report.claims_table import render_verdict


def add_arguments(p):
    p.add_argument("id", help="claim id, as listed by `clickbound claims`")
    p.add_argument("--budget", type=float, default=20.0, help="search budget in seconds (default 20)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")


def run(args) -> int:
    claim = lemmas.get(args.id)
    v = lemmas.check(claim, budget_s=args.budget)
    if args.json:
        json.dump(v.as_dict(), sys.stdout, indent=1)
        print()
    else:
        print(render_verdict(v))
    return 0
