"""Compute and render the bound-vs-empirical report.

``clickbound report [--profile paper|dev|asymptotic] [--out DIR] [--render-only] [--scheduler ADDRESS]``

The compute step writes ``OUT/results.json`` (every number shown, wall times,
versions, seeds); the render step reads it only and writes ``OUT/index.html``
(self-contained), ``OUT/report.md`` and ``OUT/figures/*.png``.  ``--render-only``
re-renders an existing ``results.json`` without deciding or simulating anything.
"""
from __future__ import annotations

import sys
from pathlib import Path

from clickbound.report.project_args import add_project_argument, project_of

#: per-claim search budget (s) by profile, unless --budget is given: the default (paper) profile
#: must fit the whole report (claims and simulations) in 10 minutes on 2 cores
BUDGET_BY_PROFILE = {"dev": 5.0, "paper": 20.0, "asymptotic": 20.0}


def add_arguments(p):
    p.add_argument("--out", default="out/report", help="output folder (default out/report)")
    p.add_argument("--profile", choices=["paper", "dev", "asymptotic", "quick"], default="paper",
                   help="experiment sizes (paper, the default: every experiment at least at the source's "
                        "horizon and runs; dev: smaller, for development only, labelled as such; "
                        "asymptotic: paper plus the Lai–Robbins experiment at n = 10^7; quick: old name of dev)")
    p.add_argument("--budget", type=float, default=None,
                   help="search budget per claim in seconds (default: 20; dev: 5)")
    p.add_argument("--render-only", action="store_true",
                   help="re-render OUT/results.json without computing anything")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="dask.distributed scheduler address for the simulations (default: local)")
    p.add_argument("--sections", default=None,
                   help="comma-separated section names to compute (default: all)")
    p.add_argument("--cache", default="out/cache", metavar="DIR",
                   help="simulation cache of the sim runner, reused across runs (default out/cache)")
    p.add_argument("--seed", type=int, default=None, help="root seed of every experiment")
    p.add_argument("--no-progress", action="store_true", help="no progress bars on stderr")
    add_project_argument(p)


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run(args) -> int:
    project = project_of(args)
    if project is not None:  # a project's small report (clickbound.report.project)
        from clickbound.report.project import run_report

        return run_report(args, project)
    from clickbound.report import render as rnd

    out = Path(args.out)
    failed: list[str] = []
    if args.render_only:
        paths = rnd.render(out)
    else:
        from clickbound.report.compute import compute
        from clickbound.report.sections import ComputeContext

        profile = "dev" if args.profile == "quick" else args.profile
        budget = args.budget if args.budget is not None else BUDGET_BY_PROFILE[profile]
        kw = {} if args.seed is None else {"seed": args.seed}
        only = None if not args.sections else tuple(s.strip() for s in args.sections.split(",") if s.strip())
        ctx = ComputeContext(profile=profile, budget_s=budget, scheduler=args.scheduler,
                             cache_dir=Path(args.cache) if args.cache else None,
                             progress=not args.no_progress, only=only, **kw)
        results = compute(ctx, out=out, log=_log)
        paths = rnd.render(out, results)
        failed = [k for k, v in results["sections"].items() if v["status"] == "failed"]
        if failed:
            _log(f"sections that failed: {', '.join(failed)} (see the report)")
    print(f"wrote {paths['html']}, {paths['markdown']}, {out / 'results.json'} "
          f"and {len(paths['figures'])} figures in {out / 'figures'}")
    return 1 if failed else 0  # a section that crashed is a failure; "not computed yet" is not
