"""Decide the registered claims and print the verdict table (``--json`` for machines).

The table fits the terminal (100 columns when the output is not one; ``--width N``): cells
wrap, and a column that cannot fit is named in a footer.  Mutants (deliberately wrong
variants, registered expected-false, and the coverage mutants ``…/mutant-…``) and the
bound-violation instances (``VIOL/…``) are left out unless asked for (``--mutants``,
``--violations``, ``--all``), and are then not decided either; a footer line counts them.

Examples::

    clickbound claims --source dcm                # the DCM slides' claims
    clickbound claims --status refuted --all      # every refutation, mutants and violations included
    clickbound claims --kind identity --width 160
"""
from __future__ import annotations

import json
import sys

from clickbound.report import filters
from clickbound.report.project_args import add_project_argument, project_of


def add_arguments(p):
    p.add_argument("--budget", type=float, default=20.0,
                   help="search budget per claim in seconds (default 20)")
    p.add_argument("--filter", default=None,
                   help="only claims whose id contains this text (e.g. DCM-L2)")
    filters.add_source(p)
    p.add_argument("--status", metavar="STATUS", type=filters.choice("status", filters.CLAIM_STATUSES),
                   help="only verdicts of this status: " + ", ".join(filters.CLAIM_STATUSES))
    p.add_argument("--kind", metavar="KIND",
                   help="only claims of this kind (identity, upper bound, inequality, computation, …; "
                        "a wrong one lists them all)")
    filters.add_show_flags(p, mutants=True, violations=True)
    filters.add_width(p)
    p.add_argument("--json", action="store_true",
                   help="print verdicts as JSON (the same rows as the table: --all for every claim)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_project_argument(p)


def run(args) -> int:
    project = project_of(args)
    if project is not None:  # the project's own claims (clickbound.report.project)
        from clickbound.report.project import run_claims

        return run_claims(args, project)
    from clickbound import lemmas
    from clickbound.report import claims_table, termtable

    width = termtable.terminal_width(args.width)
    cat = lemmas.catalogue()
    if args.filter is not None:
        cat = [c for c in cat if args.filter in c.id]
        if not cat:
            raise ValueError(f"no registered claim id contains {args.filter!r}")
    if args.kind is not None:
        kinds = sorted({c.kind for c in lemmas.catalogue()})
        if args.kind not in kinds:
            raise filters.BadValue(f"unknown --kind {args.kind!r}; the kinds are: {', '.join(kinds)}")
    show = filters.shown_classes(args)
    evidence = claims_table.erratum_evidence()
    todo, hidden = claims_table.select(cat, source_file=args.source, kind=args.kind, show=show,
                                       evidence=evidence)
    verdicts = claims_table.decide_catalogue(budget_s=args.budget, claims=todo, workers=None,
                                             progress=not args.no_progress and not args.json) if todo else []
    verdicts, _ = claims_table.select(verdicts, status=args.status, show={"mutant", "violation"})
    if args.json:
        json.dump([v.as_dict() for v in verdicts], sys.stdout, indent=1)
        print()
        return 0
    if not verdicts:
        for line in filters.empty_lines("claim", args, hidden, width):
            print(line)
        return 0
    print(claims_table.render_text(verdicts, width=width, hidden=hidden))
    if args.status and hidden:  # hidden rows are not decided, so their status is not known
        print("\n".join(termtable.wrap("(the hidden rows are not decided: counted whatever their status)", width)))
    return 0
