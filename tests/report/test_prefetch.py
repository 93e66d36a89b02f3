"""The one simulation pool of the report: it computes exactly the tasks the experiment
sections then ask for, so every section finds them all cached and its numbers do not change."""
from __future__ import annotations

import pytest

from clickbound.report import experiments as ex
from clickbound.report import prefetch as pf
from clickbound.report.sections import ComputeContext
from clickbound.sim.runner import Job


def test_task_cost_orders_slow_policies_first():
    depth = {"model": "depth", "theta": [0.1] * 150, "P": [1.0] * 15}
    two = {"model": "cascade", "w": [0.5, 0.4]}
    pbmts = Job(env=depth, policy="PBM-TS", n=200_000, runs=20, K=15)
    klucb = Job(env=two, policy="KL-UCB", n=1_000_000, runs=50, K=1)
    # measured: ~11 s per PBM-TS replication on RecGaze vs ~0.4 s per KL-UCB replication at 10^6
    assert pf.task_cost(pbmts, 10) > 5 * pf.task_cost(klucb, 10)
    assert pf.task_cost(klucb, 10) == pytest.approx(10 * pf.task_cost(klucb, 1))


@pytest.mark.slow  # forks a worker that loads the UCB1 kernel
def test_prefetch_fills_the_cache_the_section_then_reads(tmp_path, monkeypatch):
    from test_experiments import _tiny_experiment

    exp = _tiny_experiment()
    monkeypatch.setitem(ex._EXPERIMENTS, "tiny", exp)
    ctx = ComputeContext(profile="dev", progress=False, workers=1, seed=7, cache_dir=tmp_path / "c")
    stats = pf.prefetch(ctx, ["tiny", "not-an-experiment"])
    assert set(stats) == {"tiny"}
    assert stats["tiny"].computed == stats["tiny"].tasks == 1 and stats["tiny"].cpu_s > 0
    data = ex.compute_experiment(exp, ctx)
    assert data["run"]["computed"] == 0 and data["run"]["cached"] == 1  # nothing simulated twice
    fresh = ex.compute_experiment(exp, ComputeContext(profile="dev", progress=False, workers=1, seed=7))
    assert fresh["settings"][0]["policies"] == data["settings"][0]["policies"]  # the same numbers
    again = pf.prefetch(ctx, ["tiny"])
    assert again["tiny"].computed == 0 and again["tiny"].cached == 1
