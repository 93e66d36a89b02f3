"""Compute and render the report (for now: the claims table and the errata).

Writes ``OUT/report.md``, ``OUT/index.html`` and ``OUT/results.json``.
"""
from __future__ import annotations

import html
import json
import time
from pathlib import Path

import lemmas
from report.claims_table import decide_catalogue, render_markdown, render_text


def add_arguments(p):
    p.add_argument("--out", default="out/report", help="output folder (default out/report)")
    p.add_argument("--budget", type=float, default=20.0, help="search budget per claim (s)")
    p.add_argument("--profile", choices=["quick", "paper"], default="quick",
                   help="experiment sizes (quick: minutes; paper: the sources' sizes)")


def run(args) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    verdicts = decide_catalogue(budget_s=args.budget)
    elapsed = time.perf_counter() - t0
    results = {"claims": [v.as_dict() for v in verdicts],
               "errata": [e.__dict__ for e in lemmas.errata()],
               "meta": {"profile": args.profile, "claims_wall_s": round(elapsed, 2)}}
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str))
    md = "# clickbound report\n\n## Claims\n\n" + render_markdown(verdicts) + "\n"
    (out / "report.md").write_text(md)
    (out / "index.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>clickbound report</title>"
        "<h1>clickbound report</h1><h2>Claims</h2><pre>" + html.escape(render_text(verdicts)) + "</pre>")
    print(render_text(verdicts))
    print(f"\nwrote {out}/report.md, {out}/index.html, {out}/results.json")
    return 0
