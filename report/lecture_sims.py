"""The lecture sections' engine simulations as runner jobs, computed in the section.

``exp_lecture_smab``, ``_k``, ``_display``, ``_ranked`` (stationary populations) and ``_dbgd`` (part 4) list
their engine runs as :class:`clickbound.sim.runner.Job` objects and get them from :func:`results`:
:func:`clickbound.sim.runner.run_grid` in this process, through ``ctx.cache_dir`` when the context has one (the
report's simulation cache: a rerun loads them).  Replication ``r`` of a job always uses
``SeedSequence(seed).spawn(runs)[r]``, so the results are bitwise those of :func:`clickbound.sim.simulate` with
the same arguments (``tests/report/test_lecture_sims.py``).

Why not the report's shared pool (:mod:`clickbound.report.prefetch`)?  Measured at the paper profile on this
2-core machine (2026-11-22, root seed 20160619): the six lecture sections computed in one process took 49 s
CPU with a cold JIT and 31 s warm; with the SMAB/K/DISPLAY runs in the pool the same work took 77 s CPU (all
five engine sections in the pool: 134 s), because every pool worker compiles every kernel it meets again
(TS, ε-greedy, the ascending variants, RBA-*, DBGD are used by no experiment section).
"""
from __future__ import annotations


def results(ctx, jobs) -> list:
    """``sim.engine.Result`` of every job, in order (loaded from ``ctx.cache_dir`` when a run left them there)."""
    from clickbound.sim.runner import run_grid

    return run_grid(jobs, ctx.cache_dir, workers=1, progress=False).results
