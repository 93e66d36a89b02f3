"""The compute step: run every section's ``compute`` and write ``OUT/results.json``.

Rendering never comes here (``clickbound report --render-only`` reads the file).
A section whose packages have not landed raises
:class:`~clickbound.report.sections.NotReady` and is recorded as "not computed" with the
reason; a section that fails is recorded as "failed" with the error, and the
others still run.  Per-section wall times, versions, seed, budget and profile go
in ``meta``.
"""
from __future__ import annotations

import datetime as _dt
import time
import traceback
from pathlib import Path

from clickbound.report import results as rio
from clickbound.report.sections import ComputeContext, NotReady, sections


def compute(ctx: ComputeContext, out: Path | None = None, log=None) -> dict:
    """Compute every section (or those in ``ctx.only``); write ``out/results.json`` if ``out``.

    ``log`` is a callable taking one line of text (the CLI passes a stderr writer);
    library code itself never prints.
    """
    t_all = time.perf_counter()
    started = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    secs = sections()
    if ctx.only is not None:
        unknown = set(ctx.only) - {s.name for s in secs}
        if unknown:
            raise ValueError(f"unknown report sections {sorted(unknown)}; known: {[s.name for s in secs]}")
        secs = [s for s in secs if s.name in ctx.only]
    out_sections: dict[str, dict] = {}
    for s in secs:
        if s.name == "meta":  # meta is filled from the run itself, below
            continue
        t0 = time.perf_counter()
        entry = {"title": s.title, "status": "computed", "reason": "", "data": {}}
        ctx.extra["sections"] = out_sections  # later sections may read earlier data (errata <- claims)
        try:
            entry["data"] = rio.jsonable(s.compute(ctx))
        except NotReady as exc:
            entry.update(status="not computed", reason=str(exc))
        except Exception as exc:  # noqa: BLE001 - one failing section must not hide the others
            entry.update(status="failed", reason=f"{type(exc).__name__}: {exc}",
                         data={"traceback": traceback.format_exc()})
        entry["wall_s"] = round(time.perf_counter() - t0, 3)
        out_sections[s.name] = entry
        if log:
            log(f"section {s.name}: {entry['status']} in {entry['wall_s']:.1f} s"
                + (f" ({entry['reason']})" if entry["reason"] else ""))
    results = {
        "schema": rio.SCHEMA,
        "meta": {
            "profile": ctx.profile,
            "seed": ctx.seed,
            "budget_s": ctx.budget_s,
            "scheduler": ctx.scheduler,
            "started_utc": started,
            "wall_s": round(time.perf_counter() - t_all, 3),
            "sections_wall_s": {k: v["wall_s"] for k, v in out_sections.items()},
            "versions": rio.versions(),
        },
        "sections": out_sections,
    }
    if "meta" in {s.name for s in secs}:
        results["sections"]["meta"] = {"title": "Run metadata", "status": "computed", "reason": "",
                                       "data": {}, "wall_s": 0.0}
    if out is not None:
        rio.save(results, Path(out) / "results.json")
    return results
