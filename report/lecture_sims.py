"""The lecture sections' engine simulations through the report's shared pool (issue 15).

A custom section (``exp_lecture_smab``, ``_k``, ``_display``: those whose kernels the experiment sections'
workers compile anyway) lists its engine simulations as :class:`clickbound.sim.runner.Job`
objects (``Section.jobs``); :mod:`clickbound.report.prefetch` runs them with every experiment section's tasks
in one pool, longest first, into ``ctx.cache_dir``, and charges their CPU time to the section.  The
section's ``compute`` then asks :func:`results` for the same jobs: :func:`clickbound.sim.runner.run_grid` loads
them from that cache (or, outside the report — tests, a cache-less context — computes them in this process).
Replication ``r`` of a job always uses ``SeedSequence(seed).spawn(runs)[r]``, so the results are bitwise those
of :func:`clickbound.sim.simulate` with the same arguments however the pool splits them (tested in
``tests/report/test_lecture_sims.py``).
"""
from __future__ import annotations


def results(ctx, jobs) -> list:
    """``sim.engine.Result`` of every job, in order (from the prefetch cache when the pool ran them)."""
    from clickbound.sim.runner import run_grid

    return run_grid(jobs, ctx.cache_dir, workers=1, progress=False).results
