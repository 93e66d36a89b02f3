"""List the errata found in the sources: what the source says, what is true, the evidence."""
from __future__ import annotations

import dataclasses
import json
import sys

from clickbound import lemmas


def add_arguments(p):
    p.add_argument("--json", action="store_true", help="print errata as JSON")


def run(args) -> int:
    errs = lemmas.errata()
    if args.json:
        json.dump([dataclasses.asdict(e) for e in errs], sys.stdout, indent=1, default=str)
        print()
        return 0
    if not errs:
        print("no errata registered")
    for e in errs:
        print(f"{e.id}  [{e.source_file}, {e.location}]")
        print(f"  source says : {e.source_says}")
        print(f"  true        : {e.truth}")
        print(f"  evidence    : {', '.join(e.evidence_claims)}")
        print(f"  conclusion  : {e.conclusion_survives}")
        print()
    return 0
