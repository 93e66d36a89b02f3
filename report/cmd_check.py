"""Decide one claim and print its evidence in full: a registered claim by ID, or one typed in.

Examples::

    clickbound check DCM-L2 --budget 20
    clickbound check --expr "p*log(p/q) + (1-p)*log((1-p)/(1-q)) >= 2*(p-q)**2" \\
        --where "p in [1/100, 99/100], q in [1/100, 99/100]"
    clickbound check --latex "D(p\\|q) \\ge 2(p-q)^2" --where "p in [1/100, 99/100], q in [1/100, 99/100]" \\
        --assume "p <= q"
    clickbound check --expr "(1-p)**(K-1) <= 1" --where "p in [0, 1], K in 1..6"   # proved (instances: K = 1..6)
    clickbound check --latex "D(p\\|q) \\ge 2(p-q)^2" --where "p in [1/100, 99/100], q in [1/100, 99/100]" \\
        --using KL-PINSKER      # with the catalogue's derivation: proved (every parameter; 3 argued steps)
    clickbound check MY-CLAIM --project my_paper     # a claim of the project's claims.py

``--expr`` is sympy syntax, ``--latex`` a formula as copied from a paper (sympy's ANTLR LaTeX
parser, with ``D(p\\|q)``/``\\mathrm{kl}(p,q)`` read as the Bernoulli KL divergence); ``--where``
gives every symbol a closed box ``[lo, hi]`` or an integer range ``lo..hi`` (each value an
instance); ``--assume`` adds relations.  See :mod:`clickbound.claimtext`.
"""
from __future__ import annotations

import json
import sys

from clickbound.proofs import kernel_checked
from clickbound.report.claims_table import render_verdict
from clickbound.report.project_args import add_project_argument, project_of


def add_arguments(p):
    p.add_argument("id", nargs="?", default=None,
                   help="claim id, as listed by `clickbound claims` (or the id to give a typed-in claim)")
    p.add_argument("--expr", metavar="RELATION", help="a claim in sympy syntax, e.g. \"x*(1-x) <= 1/4\"")
    p.add_argument("--latex", metavar="RELATION", help="a claim in LaTeX as printed, e.g. \"D(p\\|q) \\ge 2(p-q)^2\"")
    p.add_argument("--where", default="", metavar="DOMAINS",
                   help="domain of every symbol: \"p in [0, 1], q in [1/100, 99/100], K in 1..6\"")
    p.add_argument("--assume", action="append", default=[], metavar="RELATION",
                   help="an assumption (repeatable, or comma-separated), e.g. \"p <= q\"")
    p.add_argument("--using", metavar="ID",
                   help="try the derivation of this catalogue claim (e.g. KL-PINSKER) on the typed-in claim; "
                        "the engine checks that its conclusion implies the claim")
    p.add_argument("--budget", type=float, default=20.0, help="search budget in seconds (default 20)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    add_project_argument(p)


def find_claim(claim_id: str, project=None):
    """The project's claim of that id (when there is a project), else the package catalogue's."""
    if project is not None:
        for c in project.claims():
            if c.id == claim_id:
                return c
    from clickbound import lemmas

    return lemmas.get(claim_id)


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
    from clickbound.integers import decide

    kp = None
    if args.expr is not None or args.latex is not None:
        from clickbound.claimtext import claim_from_text

        claim = claim_from_text(args.id or "command-line", expr=args.expr, latex=args.latex,
                                where=args.where, assume=args.assume)
        if args.using:
            from clickbound.claimtext import using_derivation

            claim = using_derivation(claim, find_claim(args.using, project_of(args)))
    else:
        if args.id is None:
            raise ValueError("give a claim id, or a claim with --expr/--latex and --where")
        if args.where or args.assume or args.using:
            raise ValueError("--where, --assume and --using belong to a claim given with --expr or --latex")
        project = project_of(args)
        claim = find_claim(args.id, project)
        if project is None or claim not in project.claims():
            kp = kernel_checked(args.id)  # the package catalogue's Coq proofs
    v = decide(claim, budget_s=args.budget)
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
