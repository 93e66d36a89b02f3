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
import os
import resource
import tempfile
import time
import traceback
from pathlib import Path

from clickbound.report import results as rio
from clickbound.report.sections import PROFILES, ComputeContext, NotReady, sections


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
    tmp = None
    if ctx.cache_dir is None and ctx.scheduler is None:  # the prefetch hands results over through a cache
        tmp = tempfile.TemporaryDirectory(prefix="clickbound-sim-")
        ctx.cache_dir = Path(tmp.name)
    try:
        pre = _prefetch(ctx, [s.name for s in secs], log)
        side = _side_by_side(secs, ctx, pre, log)
        for s in secs:
            if s.name == "meta":  # meta is filled from the run itself, below
                continue
            out_sections[s.name] = side[s.name] if s.name in side else _compute_one(s, ctx, out_sections, pre, log)
    finally:
        if tmp is not None:
            ctx.cache_dir = None
            tmp.cleanup()
    results = {
        "schema": rio.SCHEMA,
        "meta": {
            "profile": ctx.profile,
            "profile_text": PROFILES.get(ctx.profile, ""),
            "seed": ctx.seed,
            "budget_s": ctx.budget_s,
            "scheduler": ctx.scheduler,
            "started_utc": started,
            "wall_s": round(time.perf_counter() - t_all, 3),
            "sections_wall_s": {k: v["wall_s"] for k, v in out_sections.items()},
            "sections_cpu_s": {k: v.get("cpu_s") for k, v in out_sections.items()},
            "prefetch": pre["meta"],
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


def _cpu() -> float:
    """CPU seconds of this process and of its reaped children (the claims' worker processes)."""
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + ch.ru_utime + ch.ru_stime


def _prefetch(ctx: ComputeContext, names: list[str], log) -> dict:
    """Every experiment section's simulations in one pool (:mod:`clickbound.report.prefetch`).

    Returns ``{"meta": {...}, "sections": {name: SectionSim}}``; the pool's wall time is shared
    out over the sections in proportion to their simulation CPU time (``sim_wall_s``).
    """
    from clickbound.report import prefetch as pf

    if ctx.scheduler is not None or not ctx.extra.get("prefetch", True):
        return {"meta": {"used": False}, "sections": {}, "wall_s": 0.0, "sim_cpu_s": 0.0}
    w0, c0 = time.perf_counter(), _cpu()
    stats = pf.prefetch(ctx, names, log=log)
    wall = time.perf_counter() - w0
    sim_cpu = sum(s.cpu_s for s in stats.values())
    meta = {"used": True, "wall_s": round(wall, 3), "sim_cpu_s": round(sim_cpu, 3),
            "main_cpu_s": round(_cpu() - c0, 3),
            "tasks": sum(s.tasks for s in stats.values()), "computed": sum(s.computed for s in stats.values()),
            "cached": sum(s.cached for s in stats.values()), "workers": ctx.workers or os.cpu_count()}
    if log:
        log(f"prefetch: {meta['computed']} tasks computed, {meta['cached']} cached, in {wall:.1f} s wall, "
            f"{sim_cpu:.1f} s CPU in the workers")
    return {"meta": meta, "sections": stats, "wall_s": wall, "sim_cpu_s": sim_cpu}


#: sections computed one after another in this process, after the others: they read earlier sections'
#: data (errata, sources and exact_analysis read the claims' verdicts), or time this machine (the blog's
#: timing table must not share it with other work), or decide claims with worker processes of their own
IN_ORDER = frozenset({"claims", "errata", "sources", "exact_analysis", "exp_blog_timing", "front", "notebooks",
                      "theorems_fail", "meta"})
_SIDE: dict = {}


def _side_worker(name: str) -> dict:
    """Compute section ``name`` in a forked worker (the context and prefetch stats are inherited)."""
    secs = {s.name: s for s in sections()}
    return _compute_one(secs[name], _SIDE["ctx"], {}, _SIDE["pre"], None)


def _side_by_side(secs, ctx: ComputeContext, pre: dict, log) -> dict:
    """Every section not in :data:`IN_ORDER` computed side by side in ``ctx.workers`` forked processes.

    They read nothing of other sections (the experiment sections load the prefetched simulations
    from the cache; the others simulate or decide on their own), so their data do not depend on
    where they run; each entry's CPU time is measured in its worker.  Before, they ran one after
    another on one core while the other idled (~110 s CPU of the lecture, sampler, ULTR
    and CausE sections).  Returns ``{name: entry}``; nothing runs side by side with one worker, on a
    dask scheduler, or where ``fork`` is not available.
    """
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    names = [s.name for s in secs if s.name not in IN_ORDER]
    workers = min(ctx.workers or os.cpu_count() or 1, len(names))
    if workers < 2 or ctx.scheduler is not None or "fork" not in mp.get_all_start_methods():
        return {}
    _SIDE.update(ctx=ctx, pre=pre)
    out = {}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("fork")) as pool:
            futs = {pool.submit(_side_worker, n): n for n in names}
            for fut in as_completed(futs):
                name = futs[fut]
                try:
                    entry = fut.result()
                except Exception as exc:  # noqa: BLE001 - a worker that died: the section is recorded as failed
                    entry = {"title": name, "status": "failed", "reason": f"{type(exc).__name__}: {exc}",
                             "data": {"traceback": traceback.format_exc()}, "wall_s": 0.0, "cpu_s": 0.0}
                out[name] = entry
                if log:
                    log(f"section {name}: {entry['status']} in {entry['wall_s']:.1f} s wall, "
                        f"{entry.get('cpu_s', 0.0):.1f} s CPU (side by side)"
                        + (f" ({entry['reason']})" if entry["reason"] else ""))
    finally:
        _SIDE.clear()
    return out


def _compute_one(s, ctx: ComputeContext, out_sections: dict, pre: dict, log) -> dict:
    t0, c0 = time.perf_counter(), _cpu()
    entry = {"title": s.title, "status": "computed", "reason": "", "data": {}}
    ctx.extra["sections"] = out_sections  # later sections may read earlier data (errata <- claims)
    try:
        entry["data"] = rio.jsonable(s.compute(ctx))
    except NotReady as exc:
        entry.update(status="not computed", reason=str(exc))
    except Exception as exc:  # noqa: BLE001 - one failing section must not hide the others
        entry.update(status="failed", reason=f"{type(exc).__name__}: {exc}",
                     data={"traceback": traceback.format_exc()})
    own_wall, own_cpu = time.perf_counter() - t0, _cpu() - c0
    sim = pre["sections"].get(s.name)
    # the section's share of the one simulation pool: its tasks' CPU time, and the pool's wall
    # time in proportion to that CPU time (the pool ran every section's tasks side by side)
    sim_cpu = sim.cpu_s if sim is not None else 0.0
    sim_wall = pre["wall_s"] * sim_cpu / pre["sim_cpu_s"] if sim is not None and pre["sim_cpu_s"] > 0 else 0.0
    entry["wall_s"] = round(own_wall + sim_wall, 3)
    entry["cpu_s"] = round(own_cpu + sim_cpu, 3)
    entry["timing"] = {"own_wall_s": round(own_wall, 3), "own_cpu_s": round(own_cpu, 3),
                       "sim_pool_cpu_s": round(sim_cpu, 3), "sim_pool_wall_share_s": round(sim_wall, 3),
                       "sim_tasks_computed": sim.computed if sim else 0,
                       "sim_tasks_cached": sim.cached if sim else 0}
    if log:
        log(f"section {s.name}: {entry['status']} in {entry['wall_s']:.1f} s wall, {entry['cpu_s']:.1f} s CPU"
            + (f" ({entry['reason']})" if entry["reason"] else ""))
    return entry
