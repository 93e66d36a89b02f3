"""Speed of the simulation engine, as ratios against baselines run in the same process.

    .venv/bin/python benchmarks/run.py [--quick]

Prints, for each target of issue 4:

1. CascadeKL-UCB / dcmKL-UCB, L = 16, K = 4, R = 100, n = 10^5 on all cores (sim.runner):
   wall time and item-steps/s (item-steps = L × n × R);
2. lazy index evaluation vs one index per item per round (same kernels, ``lazy=False``), at
   L = 16 (the target) and L = 128: time ratio and index evaluations per round — the lists are
   identical (checked here and in tests/sim/test_policies_dcm.py);
3. CascadeUCB1, L = 3000, K = 4, 10^4 steps: item-steps/s on one core, and the ratio to a
   pure-Python peer written like source 004's blog code (benchmarks/peers.py), also 10^4 steps
   (``--quick``: the peer runs 300 steps and is compared per step);
4. the KL-UCB index (bounds.kl) vs a faithful pure-Python SMPyBandits ``klucbBern``, per index,
   with the maximum error of each against the 50-digit mpmath reference on a sample.

No numbers are asserted anywhere; timings on a shared machine vary, ratios less so.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sim  # noqa: E402
from bounds.kl import klucb_index, klucb_threshold  # noqa: E402
from sim.runner import Job, run_grid  # noqa: E402
from sim.policies.dcm import STATE_STATS  # noqa: E402
from sim.testing import kernel_run  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import blog_simulate, smpy_klucb_bern  # noqa: E402

BLB16 = sim.DCM([0.2] * 4 + [0.05] * 12, [0.5] * 4)  # EXP-DCM-3ab instance (source 000)


def best_of(fn, repeat=3):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def bench_grid(runs, n):
    print(f"\n[1] KL-UCB list policies, L=16, K=4, R={runs}, n={n:,}, {os.cpu_count()} cores (sim.runner)")
    for pol in ("CascadeKL-UCB", "dcmKL-UCB"):
        run_grid([Job.of(BLB16, pol, n=100, runs=2)], workers=os.cpu_count(), chunk=1, progress=False)  # compile
        t0 = time.perf_counter()
        run_grid([Job.of(BLB16, pol, n=n, runs=runs)], workers=os.cpu_count(), progress=False)
        dt = time.perf_counter() - t0
        print(f"  {pol:14s} wall {dt:6.1f} s   {16 * n * runs / dt / 1e6:6.1f} M item-steps/s (target: <= 30 s, >= 6 M/s)")


def bench_lazy(n):
    for L in (16, 128):
        env = BLB16 if L == 16 else sim.DCM([0.2] * 4 + [0.05] * (L - 4), [0.5] * 4)
        print(f"\n[2] lazy vs eager index evaluation, one replication, B_LB L={L}, K=4, n={n:,}")
        _bench_lazy_env(env, n)


def _bench_lazy_env(env, n):
    for pol in ("CascadeKL-UCB", "dcmKL-UCB"):
        kernel_run(env, pol, n=100, policy_params={"lazy": True})
        kernel_run(env, pol, n=100, policy_params={"lazy": False})
        out = {}
        for lazy in (True, False):
            holder = {}

            def go():
                holder["tr"], holder["st"] = kernel_run(env, pol, n=n, seed=1, policy_params={"lazy": lazy})

            out[lazy] = (best_of(go), holder["st"][STATE_STATS][0] / n, holder["tr"])
        same = np.array_equal(out[True][2], out[False][2])
        print(f"  {pol:14s} eager {out[False][0]:.3f} s ({out[False][1]:.1f} idx/round)  "
              f"lazy {out[True][0]:.3f} s ({out[True][1]:.2f} idx/round)  "
              f"speed-up {out[False][0] / out[True][0]:.2f}x  identical lists: {same}  (target: >= 3x)")


def bench_cascadeucb1(n, peer_steps):
    L, K = 3000, 4
    print(f"\n[3] CascadeUCB1, L={L}, K={K}: numba kernel ({n:,} steps) vs blog-style pure Python ({peer_steps:,} steps)")
    w = list(np.random.default_rng(0).uniform(0.01, 0.3, L))
    env = sim.Cascade(w)
    sim.simulate(env, "CascadeUCB1", K=K, n=10)
    dt = best_of(lambda: sim.simulate(env, "CascadeUCB1", K=K, n=n, runs=1, seed=0))
    rate = L * n / dt
    t0 = time.perf_counter()
    blog_simulate(w, K, peer_steps, seed=0)
    peer = (time.perf_counter() - t0) / peer_steps
    print(f"  kernel {dt:.3f} s = {rate / 1e6:.1f} M item-steps/s on one core (target >= 100 M/s)")
    print(f"  peer   {peer * 1e3:.2f} ms/step (= {peer * 1e4:.1f} s per 10^4 steps; source 004 reports 28 s)")
    print(f"  ratio  {peer / (dt / n):.0f}x per step (target >= 100x)")


def bench_index(n_points):
    import mpmath as mp

    from lemmas.klucb import klucb_index_mp

    print(f"\n[4] KL-UCB index: bounds.kl (numba, vectorised) vs pure-Python SMPyBandits klucbBern, {n_points:,} points")
    rng = np.random.default_rng(3)
    T = rng.integers(1, 10**5, n_points).astype(float)
    w = rng.binomial(T.astype(np.int64), rng.uniform(0.0, 1.0, n_points)) / T
    t = rng.integers(3, 10**7, n_points).astype(float)
    level = np.array([klucb_threshold(x) for x in t]) / T
    klucb_index(w[:10], T[:10], t[:10])
    ours = best_of(lambda: klucb_index(w, T, t)) / n_points
    m = min(n_points, 20_000)
    wl, ll = w[:m].tolist(), level[:m].tolist()
    t0 = time.perf_counter()
    [smpy_klucb_bern(a, b) for a, b in zip(wl, ll)]
    peer6 = (time.perf_counter() - t0) / m
    t0 = time.perf_counter()
    [smpy_klucb_bern(a, b, bisection_precision=1e-12) for a, b in zip(wl, ll)]
    peer12 = (time.perf_counter() - t0) / m
    sample = range(0, n_points, max(1, n_points // 300))
    err = {"ours": 0.0, "peer 1e-6": 0.0, "peer 1e-12": 0.0}
    for i in sample:
        ref = klucb_index_mp(float(w[i]), float(T[i]), float(t[i]))
        err["ours"] = max(err["ours"], float(abs(mp.mpf(klucb_index(w[i], T[i], t[i])) - ref)))
        err["peer 1e-6"] = max(err["peer 1e-6"], float(abs(mp.mpf(smpy_klucb_bern(w[i], level[i])) - ref)))
        err["peer 1e-12"] = max(err["peer 1e-12"], float(abs(mp.mpf(
            smpy_klucb_bern(w[i], level[i], bisection_precision=1e-12)) - ref)))
    print(f"  ours            {ours * 1e9:8.1f} ns/index   max error {err['ours']:.1e}")
    print(f"  klucbBern 1e-6  {peer6 * 1e9:8.1f} ns/index   max error {err['peer 1e-6']:.1e}   ratio {peer6 / ours:6.0f}x")
    print(f"  klucbBern 1e-12 {peer12 * 1e9:8.1f} ns/index   max error {err['peer 1e-12']:.1e}   ratio {peer12 / ours:6.0f}x"
          "  (target >= 200x at equal or better accuracy)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smaller sizes (smoke run)")
    p.add_argument("--only", choices=["grid", "lazy", "ucb1", "index"], help="run one benchmark")
    a = p.parse_args(argv)
    q = a.quick
    print(f"clickbound benchmarks (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if a.only in (None, "index"):
        bench_index(20_000 if q else 200_000)
    if a.only in (None, "ucb1"):
        bench_cascadeucb1(2_000 if q else 10_000, 300 if q else 10_000)
    if a.only in (None, "lazy"):
        bench_lazy(20_000 if q else 100_000)
    if a.only in (None, "grid"):
        bench_grid(10 if q else 100, 20_000 if q else 100_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
