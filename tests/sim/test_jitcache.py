"""Compile once, never stale: the numba cache is keyed by every kernel source.

In a copy of the package, a simulation is run in fresh processes: once cold, once warm (the
engine loop is loaded from the cache, not compiled), then after an edit of a *callee in
another module* (``bounds.kl.klucb_threshold``, called by dcmKL-UCB's select kernel, which
the cached driver calls) — the result must change, because numba's own check would only
look at the driver's file — and after reverting the edit, when the first result must come
back.  Assertions are on results and cache folders, never on wall-clock time.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import json, numba
from clickbound import sim
from clickbound.bounds import jitcache
res = sim.simulate(sim.DCM([0.6, 0.5, 0.3], [0.5, 0.1]), "dcmKL-UCB", K=2, n=3000, runs=2, seed=3)
print(json.dumps({"regret": res.regret[:, -1].tolist(), "cache": str(jitcache.numba_cache_dir()),
                  "numba_dir": numba.config.CACHE_DIR}))
"""
OLD = "    return math.log(t) + 3.0 * math.log(math.log(t))\n"
NEW = "    return 2.0 * math.log(t) + 3.0 * math.log(math.log(t))\n"


def _run(tmp: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tmp), "CLICKBOUND_CACHE_DIR": str(tmp / "cache"),
           "NUMBA_DEBUG_CACHE": "1"}
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env,
                          cwd=tmp, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["log"] = proc.stdout + proc.stderr
    return out


@pytest.mark.slow
def test_an_edit_to_a_callee_changes_the_compiled_result(tmp_path):
    pkg = tmp_path / "clickbound"
    pkg.mkdir()
    shutil.copy(ROOT / "__init__.py", pkg / "__init__.py")
    for sub in ("bounds", "sim"):
        shutil.copytree(ROOT / sub, pkg / sub, ignore=shutil.ignore_patterns("__pycache__"))
    kl = pkg / "bounds" / "kl.py"
    source = kl.read_text()
    assert source.count(OLD) == 1

    cold = _run(tmp_path)
    assert cold["numba_dir"] == cold["cache"] and Path(cold["cache"]).is_relative_to(tmp_path / "cache")
    warm = _run(tmp_path)
    assert warm["regret"] == cold["regret"] and warm["cache"] == cold["cache"]
    # the engine loop for dcmKL-UCB came from disk the second time
    assert "data loaded from" in warm["log"] and "driver_" in warm["log"]

    kl.write_text(source.replace(OLD, NEW))
    edited = _run(tmp_path)
    assert edited["cache"] != cold["cache"]          # a fresh folder for the new sources
    assert edited["regret"] != cold["regret"]        # the edit reached the compiled loop

    kl.write_text(source)
    back = _run(tmp_path)
    assert back["cache"] == cold["cache"] and back["regret"] == cold["regret"]


def test_prune_keeps_folders_in_recent_use(tmp_path):
    # beyond KEEP, a folder is removed only when unused for STALE_S: a report run from another checkout
    # (another source hash) may be compiling into its folder right now
    import time

    from clickbound.bounds import jitcache

    parent = tmp_path / "numba"
    now = time.time()
    ages = {f"h{i}": now - i * 60 for i in range(jitcache.KEEP + 2)}  # recent: one minute apart
    ages.update({f"old{i}": now - jitcache.STALE_S - 100 - i for i in range(3)})
    for name, t in ages.items():
        (parent / name).mkdir(parents=True)
        os.utime(parent / name, (t, t))
    current = parent / "h0"
    jitcache._prune(parent, current)
    left = {d.name for d in parent.iterdir()}
    assert left == {f"h{i}" for i in range(jitcache.KEEP + 2)}  # every recent folder stays, the stale ones go
