"""Every experiment section's simulations in one pool, longest first.

Each experiment section used to run its own process pool: a section with two long tasks
(RecGaze's PBM-TS, ten replications of 200,000 rounds each) kept one core busy while the other
waited, and every pool's workers loaded every kernel again.  :func:`prefetch` gathers the
tasks of every experiment section the report will compute (:func:`clickbound.report.experiments.plan`,
the very jobs the sections then ask for), drops those already in the simulation cache, and runs
the rest in one pool, longest expected first (longest-processing-time scheduling; the cost model
:func:`task_cost` only orders the tasks, it never changes a number).  Results go to the sim
runner's cache under the runner's own keys, so each section then loads them (``run_grid`` finds
every task cached) and computes exactly what it computed before: the same seeds, the same
replications, bitwise the same regret.

The process CPU time of every task is measured in its worker and charged to its section, so the
report can state per-section CPU time next to wall time (a shared machine inflates wall time).
"""
from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

#: policies whose work per round grows with L·K rather than L (one index or posterior per
#: item and position), and rough per-item costs in ns (measured with benchmarks/run.py's
#: kernel_call on this machine; they only order the tasks)
PER_ITEM_POSITION = {"PBM-TS": 16.0, "RankedKL-UCB": 28.0, "RankedExp3": 30.0}
PER_ITEM = {"dcmKL-UCB": 10.0, "CascadeKL-UCB": 10.0, "First-click": 10.0, "Last-click": 10.0,
            "OD-TS": 50.0, "CascadeLinTS": 5.0, "CascadeLinUCB": 40.0}
DEFAULT_PER_ITEM = 3.0
PER_ROUND = 200.0  # the engine loop and the environment, per round


def task_cost(job, reps: int) -> float:
    """Expected CPU seconds of ``reps`` replications of ``job`` (a rough model: ordering only)."""
    L = len(job.env.get("w") or job.env.get("theta") or job.env.get("attraction") or []) or 10
    K = job.K or 1
    if job.policy in PER_ITEM_POSITION:
        per = PER_ITEM_POSITION[job.policy] * L * K
    else:
        per = PER_ITEM.get(job.policy, DEFAULT_PER_ITEM) * L
    return reps * job.n * (PER_ROUND + per) * 1e-9


@dataclass
class SectionSim:
    """One section's share of the prefetch."""

    tasks: int = 0
    computed: int = 0
    cached: int = 0
    cpu_s: float = 0.0
    task_wall_s: float = 0.0
    failed: list = field(default_factory=list)


def _worker(job_cfg: dict, reps: tuple[int, int]):
    from clickbound.sim.runner import _compute

    c0, w0 = time.process_time(), time.perf_counter()
    out = _compute(job_cfg, reps)
    return out, time.process_time() - c0, time.perf_counter() - w0


def section_jobs(ctx, names) -> dict:
    """``{section name: [sim.runner.Job, ...]}`` for the experiment sections among ``names``."""
    from clickbound.report.experiments import experiment_sections, plan
    from clickbound.report.sections import NotReady

    exps = experiment_sections()
    out = {}
    for name in names:
        if name not in exps:
            continue
        try:
            out[name] = plan(exps[name], ctx).runner_jobs()
        except NotReady:
            continue  # the section itself will say why
    return out


def prefetch(ctx, names, log=None) -> dict[str, SectionSim]:
    """Simulate every uncached task of the experiment sections ``names`` into ``ctx.cache_dir``."""
    from clickbound.sim.runner import DEFAULT_CHUNK, _load, _save_atomic, code_version, task_key

    if ctx.cache_dir is None:
        raise ValueError("prefetch needs a cache folder (ctx.cache_dir)")
    cache = ctx.cache_dir
    cache.mkdir(parents=True, exist_ok=True)
    stats: dict[str, SectionSim] = {}
    todo = []  # (cost, section, job, reps, key)
    seen = set()
    for name, jobs in section_jobs(ctx, names).items():
        st = stats.setdefault(name, SectionSim())
        for job in jobs:
            version = code_version(job.policy)
            for a in range(0, job.runs, DEFAULT_CHUNK):
                reps = (a, min(a + DEFAULT_CHUNK, job.runs))
                key = task_key(job, reps, version)
                st.tasks += 1
                if key in seen or (cache / f"{key}.npz").exists() and _load(cache / f"{key}.npz") is not None:
                    st.cached += 1
                    continue
                seen.add(key)
                todo.append((task_cost(job, reps[1] - reps[0]), name, job, reps, key))
    todo.sort(key=lambda x: -x[0])
    if log:
        log(f"prefetch: {len(todo)} simulation tasks of {len(stats)} experiment sections in one pool "
            f"(expected {sum(t[0] for t in todo):.0f} CPU s by the cost model), longest first")
    if not todo:
        return stats
    workers = ctx.workers or os.cpu_count() or 1
    bar = _bar(len(todo), ctx.progress)
    try:
        with ProcessPoolExecutor(max_workers=min(workers, len(todo))) as pool:
            futs = {pool.submit(_worker, job.config(), reps): (name, key) for _, name, job, reps, key in todo}
            for fut in as_completed(futs):
                name, key = futs[fut]
                st = stats[name]
                try:
                    arrays, cpu, wall = fut.result()
                except Exception as exc:  # noqa: BLE001 - the section reruns it and reports the error
                    st.failed.append(f"{type(exc).__name__}: {exc}")
                    continue
                _save_atomic(cache / f"{key}.npz", arrays)
                st.computed += 1
                st.cpu_s += cpu
                st.task_wall_s += wall
                bar.update(1)
    finally:
        bar.close()
    return stats


def _bar(total: int, progress: bool):
    from tqdm import tqdm

    return tqdm(total=total, file=sys.stderr, disable=not progress, desc="sim tasks (all sections)",
                unit="task")
