"""Decide the catalogue and render verdicts as text / Markdown tables.

Deciding is data (``Verdict`` objects); this module only loops and formats.
"""
from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from clickbound import lemmas

EXPECT_MARK = {True: "ok", False: "UNEXPECTED", None: "-"}


def _check_by_id(args):
    claim_id, budget_s = args
    # lemmas.get builds the catalogue once per (worker) process and indexes it by id
    return lemmas.check(lemmas.get(claim_id), budget_s=budget_s)


def decide_catalogue(budget_s: float = 20.0, id_filter: str | None = None,
                     progress: bool = True, workers: int | None = None) -> list:
    """Check every registered claim (optionally those whose id contains ``id_filter``).

    Runs claims in ``workers`` processes (default: all cores); the verdicts come
    back in catalogue order whatever the split.
    """
    claims = [c for c in lemmas.catalogue() if id_filter is None or id_filter in c.id]
    if id_filter is not None and not claims:
        raise ValueError(f"no registered claim id contains {id_filter!r}")
    jobs = [(c.id, budget_s) for c in claims]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(jobs), desc="deciding claims", unit="claim", file=sys.stderr)
    out = []
    if workers == 1 or len(jobs) <= 1:
        for j in jobs:
            out.append(_check_by_id(j))
            if bar:
                bar.update()
    else:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for v in ex.map(_check_by_id, jobs):
                out.append(v)
                if bar:
                    bar.update()
    if bar:
        bar.close()
    return out


def _cex_text(v) -> str:
    if not v.counterexample:
        return ""
    return ", ".join(f"{k}={val}" for k, val in v.as_dict()["counterexample"].items())


def rows(verdicts) -> list[dict]:
    return [{
        "id": v.claim_id,
        "status": v.status,
        "method": v.method,
        "expected": {True: "true", False: "false", None: "?"}[v.expected],
        "as registered": EXPECT_MARK[v.matches_expectation],
        "time (s)": f"{v.elapsed_s:.2f}",
        "counterexample": _cex_text(v),
        "source": v.source,
    } for v in verdicts]


def render_text(verdicts) -> str:
    rs = rows(verdicts)
    cols = ["id", "status", "method", "expected", "as registered", "time (s)", "counterexample"]
    widths = {c: min(60, max(len(c), *(len(r[c]) for r in rs))) if rs else len(c) for c in cols}
    lines = ["  ".join(c.ljust(widths[c]) for c in cols), "  ".join("-" * widths[c] for c in cols)]
    for r in rs:
        cells = [r[c] if len(r[c]) <= widths[c] else r[c][: widths[c] - 1] + "…" for c in cols]
        lines.append("  ".join(x.ljust(widths[c]) for x, c in zip(cells, cols)))
    n = {s: sum(v.status == s for v in verdicts) for s in ("proved", "refuted", "survived")}
    bad = sum(v.matches_expectation is False for v in verdicts)
    lines.append("")
    lines.append(f"{len(verdicts)} claims: {n['proved']} proved, {n['refuted']} refuted, "
                 f"{n['survived']} survived; {bad} not as registered; "
                 f"{sum(v.elapsed_s for v in verdicts):.1f} s of checking")
    return "\n".join(lines)


def render_markdown(verdicts) -> str:
    rs = rows(verdicts)
    cols = ["id", "status", "method", "expected", "as registered", "time (s)", "counterexample", "source"]
    esc = lambda s: s.replace("|", "\\|")
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(esc(r[c]) for c in cols) + " |" for r in rs]
    return "\n".join(out)


def render_verdict(v) -> str:
    d = v.as_dict()
    lines = [f"claim     : {v.claim_id}" + (f"  (SPEC {v.spec_id})" if v.spec_id else ""),
             f"source    : {v.source}",
             f"statement : {v.statement}",
             f"verdict   : {v.status}  by {v.method}  in {v.elapsed_s:.2f} s",
             f"expected  : {d['expected']}  (as registered: {EXPECT_MARK[v.matches_expectation]})",
             f"tried     : {', '.join(v.methods_tried)}"]
    if v.counterexample:
        lines.append("counterexample (exact):")
        lines += [f"    {k} = {val}" for k, val in d["counterexample"].items()]
    for n in v.notes:
        lines.append(f"note      : {n}")
    lines.append("evidence  :")
    import json

    lines += ["    " + ln for ln in json.dumps(d["evidence"], indent=2, ensure_ascii=False).splitlines()]
    return "\n".join(lines)
