"""What the commands do with a project folder (:mod:`clickbound.project`): its claims, ledger and report.

``clickbound claims|ledger|report --project DIR`` (or run inside the folder) call :func:`run_claims`,
:func:`run_ledger`, :func:`run_report`; ``check``, ``simulate`` and ``violations`` use the project
through :func:`clickbound.report.project_args.project_of` (its claims, policies and targets).
Everything is written under the project's ``out/``.
"""
from __future__ import annotations

import html
import json
import re
import sys
import time
from pathlib import Path

from clickbound.lemmas import ledger as lg


def decide_project(project, budget_s: float = 20.0, id_filter: str | None = None) -> list:
    """Every claim of the project decided (:func:`clickbound.integers.decide`: integer claims and inductions
    too), in registration order."""
    from clickbound.integers import decide

    claims = [c for c in project.claims() if id_filter is None or id_filter in c.id]
    if id_filter is not None and not claims:
        raise ValueError(f"no claim of project {project.name!r} has an id containing {id_filter!r}")
    return [decide(c, budget_s=budget_s) for c in claims]


def run_claims(args, project) -> int:
    from clickbound.report.claims_table import render_text

    verdicts = decide_project(project, args.budget, getattr(args, "filter", None))
    if getattr(args, "status", None):
        verdicts = [v for v in verdicts if v.status == args.status]
    if args.json:
        json.dump([v.as_dict() for v in verdicts], sys.stdout, indent=1)
        print()
    else:
        from clickbound.report import termtable

        print(f"project {project.name} ({project.root})")
        print(render_text(verdicts, width=termtable.terminal_width(getattr(args, "width", None))))
    return 0


# ------------------------------------------------------------------ ledger


def ledger_entries(project) -> list:
    f = project.ledger_file()
    if not f.is_file():
        return []
    return lg.file_entries(f)


def displayed_items(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, line)`` of every ``$$…$$`` block of the paper's text (the package's rule for its sources)."""
    marks = [m.start() for m in re.finditer(r"\$\$", text)]
    return [(marks[i], marks[i + 1] + 2, text.count("\n", 0, marks[i]) + 1) for i in range(0, len(marks) - 1, 2)]


def ledger_report(project, verdicts: dict | None = None) -> dict:
    """Counts by verdict, coverage of displayed formulas and every problem (the package ledger's rules)."""
    paper = project.paper_file()
    text = paper.read_text(encoding="utf-8") if paper.is_file() else ""
    ents = ledger_entries(project)
    known = {c.id for c in project.claims()}
    problems = []
    spans = []
    for i, e in enumerate(ents):
        where = f"ledger.toml entry {e.index} ({e.quote[:40]!r})"
        found = lg.quote_spans(e, text)
        spans += [(i, a, b) for a, b in found]
        if len(e.quote) < lg.MIN_QUOTE:
            problems.append(f"{where}: quote shorter than {lg.MIN_QUOTE} characters")
        elif not found:
            problems.append(f"{where}: quote not found verbatim in {paper.name}")
        if e.kind not in lg.KINDS:
            problems.append(f"{where}: kind {e.kind!r} not in {lg.KINDS}")
        if e.verdict not in lg.VERDICTS:
            problems.append(f"{where}: verdict {e.verdict!r} not in {lg.VERDICTS}")
        if not e.note.strip():
            problems.append(f"{where}: no note")
        problems += [f"{where}: cites unknown claim {c!r}" for c in e.claims if c not in known]
        if e.verdict == "verified" and not e.claims:
            problems.append(f"{where}: verified without claims")
        if verdicts is not None and e.verdict == "verified":
            vs = [verdicts[c] for c in e.claims if c in verdicts]
            if not any(v.status == "proved" and (v.scope == "all" or e.scope_note) for v in vs):
                problems.append(f"{where}: verified, but no cited claim is proved for every parameter "
                                "(or on instances with a scope_note)")
    known_errata = {e.id for e in project.errata()}
    results = project.results()
    for r in results:  # the results table: the package ledger's structural rules, quotes in the paper
        problems += lg.result_problems(r, None, known, known_errata, text=text)
    problems += [f"ledger.toml entry {e.index}: cites unknown erratum {x!r}" for e in ents for x in e.errata
                 if x not in known_errata]
    items = displayed_items(text)
    covered = [(a, b, line) for a, b, line in items if any(x < b and a < y for _i, x, y in spans)]
    return {"paper": paper.name, "entries": [e.as_dict() for e in ents], "results": [r.as_dict() for r in results],
            "counts": {v: sum(e.verdict == v for e in ents) for v in lg.VERDICTS},
            "items": len(items), "items_covered": len(covered),
            "uncovered": [{"line": line, "text": text[a:b][:120]} for a, b, line in items
                          if (a, b, line) not in covered],
            "problems": problems}


def run_ledger(args, project) -> int:
    rep = ledger_report(project)
    if args.json:
        json.dump(rep, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    print(f"project {project.name}: ledger of {rep['paper']}: {len(rep['entries'])} entries")
    print("  " + ", ".join(f"{k} {n}" for k, n in rep["counts"].items()))
    print(f"  displayed formulas covered: {rep['items_covered']}/{rep['items']}")
    if getattr(args, "uncovered", False):
        for u in rep["uncovered"]:
            print(f"  {rep['paper']}:{u['line']}: {u['text']!r}")
    for p in rep["problems"]:
        print(f"  problem: {p}")
    return 0


# ------------------------------------------------------------------ report


def compute(project, budget_s: float = 10.0, log=print) -> dict:
    """Claims decided, the ledger checked, every ``COMPARISONS`` entry simulated and decided, the violations
    record of ``out/violations.json`` if there is one."""
    from clickbound.report.bound_vs_sim import compare_bound

    t0 = time.time()
    verdicts = decide_project(project, budget_s)
    log(f"{len(verdicts)} claims decided")
    comps = []
    for spec in project.comparisons():
        spec = dict(spec)
        title = spec.pop("title", spec.get("name", "bound"))
        r = compare_bound(**spec)
        r["title"] = title
        comps.append(r)
        log(f"{title}: {r['status']} (bound/regret {r['score']:.3g})")
    viol = project.out_dir / "violations.json"
    return {"project": project.name, "title": project.config.get("title", ""),
            "paper": project.config.get("paper", {}),
            "claims": [v.as_dict() for v in verdicts],
            "ledger": ledger_report(project, {v.claim_id: v for v in verdicts}),
            "comparisons": comps,
            "violations": json.loads(viol.read_text()) if viol.is_file() else None,
            "meta": {"budget_s": budget_s, "wall_s": time.time() - t0,
                     "written_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}}


def _figure(c: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    cps = np.asarray(c["checkpoints"], float)
    mean = np.asarray(c["mean"], float)
    se = np.asarray(c["se"], float)
    bound = np.array([np.nan if b is None else float(b) for b in c["bound"]])
    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    ax.plot(cps, mean, label=f"{c['policy']}: mean regret")
    ax.fill_between(cps, mean - 2 * se, mean + 2 * se, alpha=0.25, label="± 2 s.e.")
    what = ("coefficient × log n: a liminf, slopes compared" if c["kind"] == "lower"
            else "known part" if c["asymptotic"] else "bound")
    ax.plot(cps, bound, "--", label=f"{c['target']} ({what})")
    ax.set_xscale("log")
    ax.set_xlabel("round n")
    ax.set_ylabel("cumulative regret")
    ax.set_title(c["title"], fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def score_words(c: dict) -> str:
    """What the tightness score of :func:`clickbound.sim.violations.score` is, for this comparison's kind."""
    if c["kind"] == "lower":
        return f"regret slope on log n / the bound's coefficient = {c['score']:.3g} (below 1: beaten)"
    if c["asymptotic"]:
        return (f"min(known part / R(n), bound slope / regret slope) = {c['score']:.3g} "
                "(below 1: passed; the bound's unknown constants are omitted)")
    return f"smallest bound / mean regret over the checkpoints n ≥ 100 = {c['score']:.3g} (below 1: passed)"


def render(res: dict, out: Path) -> dict:
    """``report.md``, ``index.html`` (self-contained but for the PNG figures) and ``figures/`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    figs = out / "figures"
    figs.mkdir(exist_ok=True)
    md = [f"# {res['project']}: {res['title']}".rstrip(": "), ""]
    paper = res.get("paper") or {}
    if paper:
        md += [" ".join(f"**{k}**: {v}." for k, v in paper.items()), ""]
    md += ["## Claims", "", "| claim | verdict | method | source | statement |", "|---|---|---|---|---|"]
    for v in res["claims"]:
        cex = f" — counterexample {v['counterexample']}" if v["counterexample"] else ""
        md.append(f"| {v['claim_id']} | {v['scope_text']}{cex} | {v['method']} | {v['source']} | "
                  f"`{v['statement']}` |".replace("\n", " "))
    led = res["ledger"]
    md += ["", "## Ledger", "", f"{len(led['entries'])} entries of `{led['paper']}`: "
           + ", ".join(f"{k} {n}" for k, n in led["counts"].items())
           + f"; displayed formulas covered {led['items_covered']}/{led['items']}.", ""]
    md += [f"* **{e['verdict']}** ({e['kind']}) “{e['quote'][:100]}” — {e['note']}"
           + (f" Claims: {', '.join(e['claims'])}." if e["claims"] else "") for e in led["entries"]]
    md += [f"* problem: {p}" for p in led["problems"]]
    md += ["", "## Bounds against simulated regret", ""]
    for i, c in enumerate(res["comparisons"]):
        name = f"comparison_{i}.png"
        _figure(c, figs / name)
        md += [f"### {c['title']}", "",
               (f"**{c['status']}** — {c['test']} at level {c['level']}; {c['power_text']}. "
                f"Instance {c['instance']}, n = {c['n']:,}, {c['runs']} runs, seed {c['seed']}; "
                f"{score_words(c)}."), "",
               f"![{c['title']}](figures/{name})", ""]
    if res.get("violations"):
        md += ["## Violation search", "", "| target | verdict | closest score | instance |", "|---|---|---|---|"]
        for name, t in res["violations"]["targets"].items():
            md.append(f"| {name} | {t['verdict']} | {t['closest']['score']} | {t['closest']['instance']} |")
        md.append("")
    md += ["", (f"Budget {res['meta']['budget_s']} s per claim; computed in {res['meta']['wall_s']:.1f} s "
                f"({res['meta']['written_utc']}).")]
    text = "\n".join(md) + "\n"
    (out / "report.md").write_text(text, encoding="utf-8")
    (out / "results.json").write_text(json.dumps(res, indent=1, ensure_ascii=False, allow_nan=False))
    body = []
    for line in text.splitlines():
        m = re.match(r"!\[(.*)\]\((.*)\)", line)
        if m:
            body.append(f'<figure><img src="{html.escape(m.group(2))}" alt="{html.escape(m.group(1))}">'
                        f"<figcaption>{html.escape(m.group(1))}</figcaption></figure>")
        elif line.startswith("#"):
            lvl = len(line) - len(line.lstrip("#"))
            body.append(f"<h{lvl}>{html.escape(line[lvl:].strip())}</h{lvl}>")
        elif line.strip():
            body.append(f"<p>{html.escape(line)}</p>")
    page = ("<!doctype html><html lang='en'><meta charset='utf-8'><title>" + html.escape(res["project"])
            + "</title><style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
              "p{white-space:pre-wrap}img{max-width:100%}</style><body>" + "\n".join(body) + "</body></html>")
    (out / "index.html").write_text(page, encoding="utf-8")
    return {"markdown": out / "report.md", "html": out / "index.html", "json": out / "results.json"}


def run_report(args, project) -> int:
    out = Path(args.out) if getattr(args, "out", None) not in (None, "out/report") else project.out_dir / "report"
    budget = args.budget if getattr(args, "budget", None) is not None else 10.0
    res = compute(project, budget, log=lambda s: print(s, file=sys.stderr, flush=True))
    paths = render(res, out)
    print(f"wrote {paths['html']}, {paths['markdown']} and {paths['json']}")
    return 0
