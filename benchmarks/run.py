"""Speed of the simulation engine, as ratios against baselines run in the same process.

    .venv/bin/python benchmarks/run.py [--quick]

Prints, for each speed target:

1. CascadeKL-UCB / dcmKL-UCB, L = 16, K = 4, R = 100, n = 10^5 on all cores (sim.runner):
   wall time and item-steps/s (item-steps = L × n × R), after compiling the kernels in this process
   (forked workers inherit them on Linux; the compile time is printed alongside);
2. lazy index evaluation vs one index per item per round (same kernels, ``lazy=False``), at
   L = 16 (the target) and L = 128: time ratio and index evaluations per round — the lists are
   identical (checked here and in tests/sim/test_policies_dcm.py);
3. CascadeUCB1, L = 3000, K = 4, 10^4 steps: item-steps/s on one core, and the ratio to a
   pure-Python peer written like source 004's blog code (benchmarks/peers.py), also 10^4 steps
   (``--quick``: the peer runs 300 steps and is compared per step);
4. the KL-UCB index (bounds.kl) vs a faithful pure-Python SMPyBandits ``klucbBern``, per index,
   with the maximum error of each against the 50-digit mpmath reference on a sample;
5. start-up of a trivial ``clickbound simulate`` in fresh processes: cold (an empty
   numba cache folder: everything compiles) against warm (the same folder again), median of
   several runs each, and the ratio; ``python -c "import clickbound.sim"`` alone as the floor;
   then ``clickbound --help`` (target 0.4 s), ``claims --help`` and ``simulate --help`` against
   ``python -c pass``;
6. the default report (``clickbound report``, the paper profile): total wall time against
   the 10-minute target, and wall and CPU time per section, read from a ``results.json``
   (``--report-results PATH``, default ``out/report/results.json``) or, with ``--run-report``,
   from a fresh run in this process's machine state (empty simulation and numba caches: what a
   fresh clone pays; about 10 minutes on 2 cores).
7. the two slowest policy kernels of the default report, PBM-TS on EXP-OD-RecGaze
   (L = 150, K = 15, n = 200,000) and RankedKL-UCB on EXP-DCM-3c (L = 20, K = 10, n = 100,000),
   one replication each, against the same policies' kernels as they were before the kernel speed-up's
   speed-up (loaded from git, commit ``BASELINE_COMMIT``), alternating, thread CPU time; and
   whether both give the same lists and regret bit for bit (they must).
8. the Coq proofs (proofs/coq/*.v): a fresh build (empty cache folder) per file and in total, the
   statement-faithfulness instances compiled against it, and a cached re-build (file hashes unchanged),
   wall time; skipped with a line saying so when ``coqc`` is missing.

Timing: [2] and [3] time the engine loop only (state and streams are built outside the timed call),
best of several runs in this one process, in thread CPU time (a shared machine's load shows up in
wall time as time not scheduled; CPU time discounts it), with the wall-time figures alongside.
No numbers are asserted anywhere; timings on a shared machine vary, ratios less so.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clickbound import sim
from clickbound.bounds.kl import klucb_index, klucb_threshold
from clickbound.sim.policies.dcm import STATE_STATS
from clickbound.sim.runner import Job, run_grid

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import blog_simulate, smpy_klucb_bern

BLB16 = sim.DCM([0.2] * 4 + [0.05] * 12, [0.5] * 4)  # EXP-DCM-3ab instance (source 000)


def best_of(fn, repeat=3, setup=None):
    """``(best thread CPU time, best wall time)`` over ``repeat`` calls of ``fn(setup())``.

    Only ``fn`` is timed.  Thread CPU time is what a shared machine disturbs least (time the
    thread was not scheduled does not count); both minima are reported.
    """
    cpu, wall = [], []
    for _ in range(repeat):
        arg = setup() if setup is not None else None
        c0, w0 = time.thread_time(), time.perf_counter()
        fn(arg) if setup is not None else fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall)


def kernel_call(env, pol, n, seed=1, policy_params=None, trace=False, K=None):
    """``(setup, run)`` for one replication of a policy's kernel: ``run(setup())`` times the engine loop only.

    ``setup`` builds the fresh state, streams and outputs (as :func:`clickbound.sim.engine.simulate` does for
    replication 0); ``run`` calls :func:`clickbound.sim.kernels.run_replication` and returns ``(state, trace)``.
    """
    from clickbound.sim.engine import log_checkpoints, replication_rngs
    from clickbound.sim.kernels import expected_reward_nb, run_replication
    from clickbound.sim.policies.registry import get_policy

    cls = get_policy(pol) if isinstance(pol, str) else pol  # a name, or a policy class ([7])
    K = env.resolve_K(K)
    code, wa, pa = env.kernel_params()
    cps = log_checkpoints(n)
    opt = float(expected_reward_nb(code, wa, pa, env.optimal_list(K), K))

    def setup():
        env_rng, pol_rng = replication_rngs(seed, 0)
        x0 = env.initial_observation(env_rng) if cls.needs_init else np.zeros(0, dtype=np.int64)
        state = cls.kernel_state(env.L, K, **(policy_params or {}))
        tr = np.zeros((n if trace else 0, K), dtype=np.int64)
        return (*cls.kernel_functions(**(policy_params or {})), state, code, wa, pa, K, n, x0, opt, cps,
                env_rng, pol_rng, np.zeros(cps.size), np.zeros(cps.size), np.zeros(env.L, dtype=np.int64), tr)

    def run(args):
        run_replication(*args)
        return args[3], args[-1]

    return setup, run


def bench_grid(runs, n):
    print(f"\n[1] KL-UCB list policies, L=16, K=4, R={runs}, n={n:,}, {os.cpu_count()} cores (sim.runner); "
          "kernels compiled in this process first (forked workers inherit them on Linux)")
    for pol in ("CascadeKL-UCB", "dcmKL-UCB"):
        t0 = time.perf_counter()
        run_grid([Job.of(BLB16, pol, n=100, runs=1)], workers=1, progress=False)  # compiles, in this process
        tc = time.perf_counter() - t0
        t0 = time.perf_counter()
        run_grid([Job.of(BLB16, pol, n=n, runs=runs)], workers=os.cpu_count(), progress=False)
        dt = time.perf_counter() - t0
        print(f"  {pol:14s} wall {dt:6.1f} s   {16 * n * runs / dt / 1e6:6.1f} M item-steps/s (target: <= 30 s, >= 6 M/s)"
              f"   [compiling first: {tc:.1f} s]")


def bench_lazy(n):
    for L in (16, 128):
        env = BLB16 if L == 16 else sim.DCM([0.2] * 4 + [0.05] * (L - 4), [0.5] * 4)
        print(f"\n[2] lazy vs eager index evaluation, one replication, B_LB L={L}, K=4, n={n:,} "
              "(engine loop only, best of 7, thread CPU time; wall-time ratio in brackets)")
        _bench_lazy_env(env, n)


def _bench_lazy_env(env, n, repeat=7):
    for pol in ("CascadeKL-UCB", "dcmKL-UCB"):
        out = {}
        for lazy in (True, False):
            setup, run = kernel_call(env, pol, n, policy_params={"lazy": lazy}, trace=True)
            state, trace = run(setup())  # compiles; this traced run gives the lists and the counters
            setup, run = kernel_call(env, pol, n, policy_params={"lazy": lazy})
            cpu, wall = best_of(run, repeat, setup)
            out[lazy] = (cpu, wall, state[STATE_STATS][0] / n, trace)
        same = np.array_equal(out[True][3], out[False][3])
        print(f"  {pol:14s} eager {out[False][0]:.3f} s ({out[False][2]:.1f} idx/round)  "
              f"lazy {out[True][0]:.3f} s ({out[True][2]:.2f} idx/round)  "
              f"speed-up {out[False][0] / out[True][0]:.2f}x (wall {out[False][1] / out[True][1]:.2f}x)  "
              f"identical lists: {same}  (target: >= 3x)")


def bench_cascadeucb1(n, peer_steps, repeat=5, peer_repeat=3):
    L, K = 3000, 4
    print(f"\n[3] CascadeUCB1, L={L}, K={K}: numba kernel ({n:,} steps, best of {repeat}) vs blog-style pure Python "
          f"({peer_steps:,} steps, best of {peer_repeat}); same process, thread CPU time (wall in brackets)")
    w = list(np.random.default_rng(0).uniform(0.01, 0.3, L))
    env = sim.Cascade(w)
    setup, run = kernel_call(env, "CascadeUCB1", n, seed=0, K=K)
    run(setup())  # compile
    cpu, wall = best_of(run, repeat, setup)
    pcpu, pwall = best_of(lambda: blog_simulate(w, K, peer_steps, seed=0), peer_repeat)
    print(f"  kernel {cpu:.3f} s = {L * n / cpu / 1e6:.1f} M item-steps/s on one core (target >= 100 M/s)  "
          f"[wall {wall:.3f} s]")
    print(f"  peer   {pcpu / peer_steps * 1e3:.2f} ms/step (= {pcpu / peer_steps * 1e4:.1f} s per 10^4 steps; "
          f"source 004 reports 28 s)  [wall {pwall / peer_steps * 1e3:.2f} ms/step]")
    print(f"  ratio  {(pcpu / peer_steps) / (cpu / n):.0f}x per step (target >= 100x)  "
          f"[wall {(pwall / peer_steps) / (wall / n):.0f}x]")


def bench_index(n_points):
    import mpmath as mp

    from clickbound.lemmas.lecture.klucb import klucb_index_mp

    print(f"\n[4] KL-UCB index: bounds.kl (numba, vectorised) vs pure-Python SMPyBandits klucbBern, {n_points:,} points")
    rng = np.random.default_rng(3)
    T = rng.integers(1, 10**5, n_points).astype(float)
    w = rng.binomial(T.astype(np.int64), rng.uniform(0.0, 1.0, n_points)) / T
    t = rng.integers(3, 10**7, n_points).astype(float)
    level = np.array([klucb_threshold(x) for x in t]) / T
    klucb_index(w[:10], T[:10], t[:10])
    ours = best_of(lambda: klucb_index(w, T, t))[0] / n_points
    m = min(n_points, 20_000)
    wl, ll = w[:m].tolist(), level[:m].tolist()
    peer6 = best_of(lambda: [smpy_klucb_bern(a, b) for a, b in zip(wl, ll)], 1)[0] / m
    peer12 = best_of(lambda: [smpy_klucb_bern(a, b, bisection_precision=1e-12) for a, b in zip(wl, ll)], 1)[0] / m
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


TRIVIAL_SIMULATE = ["simulate", "--model", "dcm", "--w", "0.6", "0.5", "--v", "0.5", "0.1", "--K", "2",
                    "--policy", "dcmKL-UCB", "--n", "1000", "--runs", "2"]


def bench_startup(repeat: int):
    """Cold vs warm start of the CLI in fresh processes (wall time: start-up is what a user waits)."""
    import statistics
    import subprocess
    import tempfile

    cli = Path(sys.executable).with_name("clickbound")

    def wall(cmd, env):
        w0 = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        return time.perf_counter() - w0

    print(f"\n[5] start-up of `clickbound {' '.join(TRIVIAL_SIMULATE)}` (wall, median of {repeat})")
    colds, warms = [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as d:
            env = {**os.environ, "CLICKBOUND_CACHE_DIR": d}
            colds.append(wall([str(cli), *TRIVIAL_SIMULATE], env))
            warms.append(wall([str(cli), *TRIVIAL_SIMULATE], env))
    floor = statistics.median(wall([sys.executable, "-c", "import clickbound.sim"], dict(os.environ))
                              for _ in range(repeat))
    c, w = statistics.median(colds), statistics.median(warms)
    print(f"  cold (empty cache) {c:6.2f} s   warm {w:6.2f} s   cold/warm {c / w:5.1f}x   "
          f"(import clickbound.sim alone: {floor:.2f} s; target warm <= 1.5 s)")
    # the command line itself: --help imports no command module (report/cli.py), and the listings'
    # argument parsing loads neither the engine nor numba; `python -c pass` is the interpreter's floor
    env = dict(os.environ)
    bare = statistics.median(wall([sys.executable, "-c", "pass"], env) for _ in range(repeat))
    for words, target in ((["--help"], 0.4), (["claims", "--help"], None), (["simulate", "--help"], None)):
        t = statistics.median(wall([str(cli), *words], env) for _ in range(repeat))
        goal = f"; target <= {target} s" if target else ""
        print(f"  clickbound {' '.join(words):16s} {t:6.2f} s   (python -c pass: {bare:.2f} s{goal})")


REPORT_TARGET_S = 600.0  # make report within 10 minutes on 2 cores


def bench_report(results_path: str | None, run: bool):
    """Per-section wall and CPU time of the default report (a fresh run, or a results.json)."""
    import json
    import subprocess
    import tempfile

    if run:
        tmp = tempfile.mkdtemp(prefix="clickbound-bench-report-")
        cli = Path(sys.executable).with_name("clickbound")
        env = {**os.environ, "CLICKBOUND_CACHE_DIR": str(Path(tmp) / "numba")}
        w0 = time.perf_counter()
        subprocess.run([str(cli), "report", "--out", str(Path(tmp) / "report"), "--cache",
                        str(Path(tmp) / "sim"), "--no-progress"], env=env, check=False, capture_output=True)
        outer = time.perf_counter() - w0
        path = Path(tmp) / "report" / "results.json"
    else:
        outer = None
        path = Path(results_path or "out/report/results.json")
    if not path.exists():
        print(f"\n[6] default report: no {path} (run `make report`, or pass --run-report)")
        return
    m = json.loads(path.read_text())["meta"]
    wall, cpu = m.get("sections_wall_s", {}), m.get("sections_cpu_s", {})
    total = float(m.get("wall_s", float("nan")))
    print(f"\n[6] report (profile {m.get('profile')}, {path}): compute {total:.0f} s wall"
          + (f", {outer:.0f} s with rendering and start-up" if outer is not None else "")
          + f" = {total / REPORT_TARGET_S:.2f}x the {REPORT_TARGET_S:.0f} s target; started {m.get('started_utc')}")
    pre = m.get("prefetch") or {}
    if pre.get("used"):
        print(f"  simulation pool: {pre.get('computed')} tasks, {pre.get('wall_s', 0):.0f} s wall, "
              f"{pre.get('sim_cpu_s', 0):.0f} s CPU in {pre.get('workers')} workers "
              f"(parallel efficiency {pre.get('sim_cpu_s', 0) / max(pre.get('wall_s', 1e-9), 1e-9) / max(pre.get('workers') or 1, 1):.2f})")
    for name in sorted(wall, key=lambda k: -float(wall[k] or 0)):
        c = cpu.get(name)
        print(f"  {name:28s} wall {float(wall[name]):7.1f} s   CPU {float(c) if c is not None else float('nan'):7.1f} s")


#: the kernels of PBM-TS and RankedKL-UCB before the kernel speed-up ([7] compares with them)
BASELINE_COMMIT = "0663f9e"


def baseline_policy(path: str, clsname: str, deps: dict | None = None):
    """The policy class ``clsname`` of ``path`` (e.g. ``sim/policies/pbm.py``) as it was at
    ``BASELINE_COMMIT``, loaded from ``git show`` as a module of its own (unregistered), with
    ``deps`` (``{module path: old file}``) loaded the same way and imported from there."""
    import importlib.util
    import re
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    tmp = Path(tempfile.mkdtemp(prefix="clickbound-baseline-"))

    def load(rel, name, replace):
        text = subprocess.run(["git", "-C", str(root), "show", f"{BASELINE_COMMIT}:{rel}"], check=True,
                              capture_output=True, text=True).stdout
        for a, b in replace.items():
            text = text.replace(a, b)
        text = re.sub(r"^@register_policy\(.*\)\n", "", text, flags=re.MULTILINE)
        f = tmp / f"{name}.py"
        f.write_text(text)
        spec = importlib.util.spec_from_file_location(name, f)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        return mod

    replace = {}
    for i, (mod, rel) in enumerate((deps or {}).items()):
        load(rel, f"baseline_dep{i}", {})
        replace[f"from {mod} import"] = f"from baseline_dep{i} import"
    return getattr(load(path, "baseline_" + Path(path).stem, replace), clsname)


def bench_kernel_speedup(quick: bool, repeat: int = 3):
    from clickbound.bounds.depth import RECGAZE_P
    from clickbound.report.depth_instances import recgaze_standin_theta
    from clickbound.report.sections import exp_dcm_3c as d3
    from clickbound.sim.policies.pbm import PBMTS
    from clickbound.sim.policies.ranked import RankedKLUCB

    print(f"\n[7] the sped-up kernels vs the same policies at {BASELINE_COMMIT} (before), one replication at the "
          f"report's sizes{' / 10 (--quick)' if quick else ''}, best of {repeat} alternating, thread CPU time")
    cases = [("PBM-TS", "EXP-OD-RecGaze, L=150, K=15", sim.Depth(recgaze_standin_theta(), RECGAZE_P),
              {"kappa": list(RECGAZE_P)}, 200_000, PBMTS,
              lambda: baseline_policy("sim/policies/pbm.py", "PBMTS",
                                      {"clickbound.sim.policies._pbm_posterior": "sim/policies/_pbm_posterior.py"})),
             ("RankedKL-UCB", "EXP-DCM-3c, L=20, K=10", sim.DCM(list(d3.W), list(d3.V)), {}, 100_000, RankedKLUCB,
              lambda: baseline_policy("sim/policies/ranked.py", "RankedKLUCB"))]
    for name, where, env, pp, n, new, old in cases:
        n = n // 10 if quick else n
        try:
            old = old()
        except Exception as exc:  # noqa: BLE001 - no git, or the commit is not in this clone
            print(f"  {name}: baseline not loadable from git ({exc.__class__.__name__}); skipped")
            continue
        runs, cpu = {}, {"before": [], "after": []}
        for label, cls in (("before", old), ("after", new)):
            setup, run = kernel_call(env, cls, n, policy_params=pp, trace=True)
            args = setup()
            run(args)  # compiles; this run's lists and regret are compared
            runs[label] = (setup, run, args[-1], args[14])
        for _ in range(repeat):
            for label, (setup, run, _tr, _rg) in runs.items():
                args = setup()
                c0 = time.thread_time()
                run(args)
                cpu[label].append(time.thread_time() - c0)
        same = (np.array_equal(runs["before"][2], runs["after"][2])
                and np.array_equal(runs["before"][3], runs["after"][3]))
        b, a = min(cpu["before"]), min(cpu["after"])
        print(f"  {name:13s} {where}, n={n:,}: before {b:6.2f} s  after {a:6.2f} s  ({b / n * 1e6:.1f} -> "
              f"{a / n * 1e6:.1f} us/round)  speed-up {b / a:.2f}x  identical lists and regret: {same}")


def bench_proofs():
    """[8] Coq build: fresh (empty cache) vs cached, per file, and the faithfulness instances (wall time)."""
    import shutil
    import tempfile

    print("\n[8] Coq proofs proofs/coq/*.v (wall)")
    if shutil.which("coqc") is None:
        print("  skipped: coqc not found (apt-get install coq libcoq-interval libcoq-coquelicot)")
        return
    from clickbound.lemmas.engine.claim import Claim
    from clickbound.lemmas.engine.registry import get
    from clickbound.proofs import build as B
    from clickbound.proofs import registry
    from clickbound.proofs.faithful import header, instance_theorem

    old = os.environ.get("CLICKBOUND_CACHE_DIR")
    with tempfile.TemporaryDirectory() as d:
        os.environ["CLICKBOUND_CACHE_DIR"] = d
        try:
            w0 = time.perf_counter()
            res = B.build()
            fresh = time.perf_counter() - w0
            w0 = time.perf_counter()
            B.build()
            cached = time.perf_counter() - w0
            inst = [(c, t) for c, t in registry().items() if isinstance(get(c), Claim)]
            text = header() + "\n".join(instance_theorem(t, get(c), f"f{i}") for i, (c, t) in enumerate(inst))
            ok, _, inst_s = B.compile_extra(res, "Faithful", text)
        finally:
            if old is None:
                os.environ.pop("CLICKBOUND_CACHE_DIR", None)
            else:
                os.environ["CLICKBOUND_CACHE_DIR"] = old
    files = "  ".join(f"{k}.v {v:.1f} s" for k, v in res.per_file.items())
    print(f"  fresh build {fresh:6.2f} s ({'ok' if res.ok else 'FAILED'}; {files})   cached {cached:5.2f} s   "
          f"fresh/cached {fresh / max(cached, 1e-9):6.0f}x")
    print(f"  faithfulness instances: {len(inst)} goals in {inst_s:.2f} s ({'ok' if ok else 'FAILED'})")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smaller sizes (smoke run)")
    p.add_argument("--only", choices=["grid", "lazy", "ucb1", "index", "startup", "report", "kernels", "proofs"], help="run one benchmark")
    p.add_argument("--report-results", default=None, metavar="PATH",
                   help="[6] read per-section times from this results.json (default out/report/results.json)")
    p.add_argument("--run-report", action="store_true",
                   help="[6] run the default report afresh (empty caches, ~10 min) instead of reading one")
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
    if a.only in (None, "startup"):
        bench_startup(2 if q else 5)
    if a.only in (None, "report"):
        bench_report(a.report_results, a.run_report)
    if a.only in (None, "kernels"):
        bench_kernel_speedup(q)
    if a.only in (None, "proofs"):
        bench_proofs()
    return 0


if __name__ == "__main__":
    sys.exit(main())
