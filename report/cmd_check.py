"""Decide one registered claim and print its evidence in full."""
from __future__ import annotations

import json
import sys

from clickbound import lemmas
from clickbound.proofs import kernel_checked
from clickbound.report.claims_table import render_verdict


def add_arguments(p):
    p.add_argument("id", help="claim id, as listed by `clickbound claims`")
    p.add_argument("--budget", type=float, default=20.0, help="search budget in seconds (default 20)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")


def proofs_line(kp) -> str:
    """``proofs: kernel: coq FILE:THEOREM (status)`` and the Coq statement, for a tagged claim."""
    if kp.ok:
        status = "compiled; axioms: the standard reals' only"
    elif kp.build_ok:
        status = f"compiled; axioms beyond the standard reals: {', '.join(kp.axioms or ('unread',))}"
    else:
        status = f"not compiled here: {kp.reason}"
    return f"proofs: {kp.vouched_by} ({status})\n  Coq: {kp.statement}"


def run(args) -> int:
    claim = lemmas.get(args.id)
    v = lemmas.check(claim, budget_s=args.budget)
    kp = kernel_checked(args.id)
    if args.json:
        d = v.as_dict()
        if kp is not None:
            d["kernel_proof"] = {"file": kp.file, "theorem": kp.theorem, "statement": kp.statement,
                                 "build_ok": kp.build_ok, "axioms": kp.axioms, "reason": kp.reason}
        json.dump(d, sys.stdout, indent=1)
        print()
    else:
        print(render_verdict(v))
        if kp is not None:
            print(proofs_line(kp))
    return 0
