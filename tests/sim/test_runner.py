"""The runner (sim/runner.py): bitwise reproducibility across process layouts, cache, resume after a kill."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.runner import Job, load_grid, run_grid

W = [0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1]  # source 004 §4.3
ROOT = Path(__file__).resolve().parents[2]


def _jobs(n=2000, runs=6):
    return [Job.of(sim.Cascade(W), "CascadeUCB1", K=3, n=n, runs=runs, seed=1, counts=True),
            Job.of(sim.DCM(W[:6], [0.9, 0.6, 0.3]), "dcmKL-UCB", n=n, runs=runs, seed=2, rewards=True)]


def _assert_same(a, b):
    for ra, rb in zip(a, b):
        np.testing.assert_array_equal(ra.regret, rb.regret)
        np.testing.assert_array_equal(ra.checkpoints, rb.checkpoints)
        for name in ("counts", "reward"):
            x, y = getattr(ra, name), getattr(rb, name)
            assert (x is None) == (y is None)
            if x is not None:
                np.testing.assert_array_equal(x, y)


def test_bitwise_identical_across_layouts():
    jobs = _jobs()
    direct = [sim.simulate(sim.envs.from_spec(j.env), j.policy, K=j.K, n=j.n, runs=j.runs, seed=j.seed,
                           counts=j.counts, rewards=j.rewards) for j in jobs]
    one = run_grid(jobs, workers=1, progress=False).results
    two = run_grid(jobs, workers=2, chunk=2, progress=False).results
    chunked = run_grid(jobs, workers=1, chunk=4, progress=False).results
    for other in (one, two, chunked):
        _assert_same(direct, other)


def test_cache_resume_after_failure(tmp_path):
    good = _jobs(n=500, runs=4)
    bad = Job.of(sim.Cascade(W), "CascadeUCB1", K=3, n=500, runs=4, policy_params={"nope": 1})
    with pytest.raises(ValueError, match="no parameters"):
        run_grid(good + [bad], tmp_path, workers=1, chunk=2, progress=False)  # dies after 4 tasks
    assert len(list(tmp_path.glob("*.npz"))) == 4
    assert not list(tmp_path.glob(".tmp-*"))
    again = run_grid(good, tmp_path, workers=1, chunk=2, progress=False)
    assert (again.computed, again.cached) == (0, 4)
    _assert_same(again.results, run_grid(good, None, workers=1, chunk=2, progress=False).results)
    # a changed configuration is a different key: computed, not served stale
    other = run_grid([Job.of(sim.Cascade(W), "CascadeUCB1", K=3, n=500, runs=4, seed=9)], tmp_path,
                     workers=1, chunk=2, progress=False)
    assert (other.computed, other.cached) == (2, 0)


def test_corrupt_cache_file_is_recomputed(tmp_path):
    jobs = _jobs(n=300, runs=2)[:1]
    run_grid(jobs, tmp_path, workers=1, progress=False)
    (f,) = tmp_path.glob("*.npz")
    f.write_bytes(b"not an npz")
    again = run_grid(jobs, tmp_path, workers=1, progress=False)
    assert (again.computed, again.cached) == (1, 0)


@pytest.mark.slow  # ~12 s: a subprocess compiles the kernels before it can be killed mid-grid
def test_sigkill_then_resume(tmp_path):
    script = textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(ROOT)!r})
        from clickbound import sim
        from clickbound.sim.runner import Job, run_grid
        jobs = [Job.of(sim.Cascade({W!r}), "CascadeUCB1", K=3, n=150_000, runs=16, seed=3)]
        run_grid(jobs, {str(tmp_path)!r}, workers=1, chunk=1, progress=False)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.time() + 120
        while len(list(tmp_path.glob("*.npz"))) < 2 and time.time() < deadline:
            time.sleep(0.2)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    done = len(list(tmp_path.glob("[!.]*.npz")))  # a SIGKILLed write may leave a .tmp-*.part file
    assert 2 <= done < 16, "kill must land mid-grid for this test to mean anything"
    jobs = [Job.of(sim.Cascade(W), "CascadeUCB1", K=3, n=150_000, runs=16, seed=3)]
    again = run_grid(jobs, tmp_path, workers=2, chunk=1, progress=False)
    assert again.cached == done and again.computed == 16 - done
    ref = sim.simulate(sim.Cascade(W), "CascadeUCB1", K=3, n=150_000, runs=16, seed=3)
    np.testing.assert_array_equal(again.results[0].regret, ref.regret)


@pytest.mark.slow  # ~8 s: cluster start-up plus numba compilation in both workers
def test_dask_local_cluster_bitwise_identical():
    from distributed import LocalCluster

    jobs = _jobs(n=1000, runs=4)
    local = run_grid(jobs, workers=1, chunk=2, progress=False).results
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        remote = run_grid(jobs, scheduler=cluster.scheduler_address, chunk=2, progress=False).results
    _assert_same(local, remote)


def test_load_grid(tmp_path):
    f = tmp_path / "g.toml"
    f.write_text(textwrap.dedent("""
        [defaults]
        n = 1000
        runs = 3
        seed = 4
        [[job]]
        model = "dcm"
        w = [0.2, 0.2, 0.05, 0.05]
        v = [0.5, 0.5]
        policy = ["dcmKL-UCB", "First-click"]
        [[job]]
        model = "cascade"
        w = [0.3, 0.1]
        K = 1
        policy = "CascadeUCB1"
        runs = 2
    """))
    jobs = load_grid(f)
    assert [j.policy for j in jobs] == ["dcmKL-UCB", "First-click", "CascadeUCB1"]
    assert jobs[2].runs == 2 and jobs[0].runs == 3 and jobs[0].seed == 4 and jobs[2].K == 1
    f.write_text('[[job]]\nmodel = "dcm"\nw = [0.2, 1.5]\nv = [0.5]\npolicy = "dcmKL-UCB"\nn = 1\nruns = 1\n')
    with pytest.raises(ValueError, match=r"w\[1\] = 1.5"):
        load_grid(f)


def test_code_version_tracks_sources(tmp_path, monkeypatch):
    from clickbound.sim import runner

    v1 = runner.code_version("CascadeUCB1")
    assert v1 == runner.code_version("CascadeUCB1")                 # deterministic
    assert v1 != runner.code_version("dcmKL-UCB")                   # the policy's own module counts
    fake = tmp_path / "sim" / "policies"
    fake.mkdir(parents=True)
    for m in runner._CORE_MODULES:                                  # a copy of the tree with one edit
        (tmp_path / m).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / m).write_bytes((runner._ROOT / m).read_bytes())
    (tmp_path / "bounds" / "kl.py").write_bytes((runner._ROOT / "bounds" / "kl.py").read_bytes() + b"\n# edit\n")
    for f in (runner._ROOT / "sim" / "policies").glob("_*.py"):
        (fake / f.name).write_bytes(f.read_bytes())
    monkeypatch.setattr(runner, "_ROOT", tmp_path)
    assert runner.code_version("CascadeUCB1") != v1


def test_array_policy_params_hash_by_value():
    from clickbound.sim.runner import task_key

    feats = np.arange(6.0).reshape(3, 2)
    a = Job.of(sim.Cascade([0.3, 0.2, 0.1]), "CascadeLinTS", K=1, n=10, runs=1, policy_params={"features": feats})
    b = Job.of(sim.Cascade([0.3, 0.2, 0.1]), "CascadeLinTS", K=1, n=10, runs=1, policy_params={"features": feats + 0})
    c = Job.of(sim.Cascade([0.3, 0.2, 0.1]), "CascadeLinTS", K=1, n=10, runs=1, policy_params={"features": feats + 1})
    assert task_key(a, (0, 1), "v") == task_key(b, (0, 1), "v") != task_key(c, (0, 1), "v")
    with pytest.raises(TypeError, match="cannot hash"):
        task_key(Job.of(sim.Cascade([0.3]), "CascadeUCB1", K=1, n=1, runs=1, policy_params={"f": object()}), (0, 1), "v")
