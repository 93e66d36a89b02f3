"""Run a grid of simulation jobs with an on-disk cache, locally in processes or on dask.distributed.

A :class:`Job` is one (instance, policy, K, n, runs, seed) configuration.  It is split into
tasks of at most ``chunk`` replications; because replication ``r`` always uses the seed root
``SeedSequence(seed).spawn(runs)[r]`` (:mod:`clickbound.sim.engine`), results are bitwise identical however
the tasks are spread over processes or machines.

Cache: one ``.npz`` file per task, named by the SHA-256 of the task's full configuration and of
the code version (the source text of the engine, the environments, ``bounds.kl``, ``bounds.click``,
the shared private helpers ``sim/policies/_*.py`` and the policy's own module), written by the driver only, atomically (temporary file in the same
directory, ``fsync``, ``os.replace``).  A killed run leaves finished tasks on disk and no partial
file under a final name; rerunning the grid loads them and computes only the rest.

Progress goes to stderr through tqdm (``progress=False`` to silence it).
"""
from __future__ import annotations

import hashlib
import inspect
import json
import math
import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from clickbound.sim.engine import Result, simulate
from clickbound.sim.envs import from_spec
from clickbound.sim.policies.registry import get_policy

#: replications per task unless told otherwise (fixed, so cache keys do not depend on the machine)
DEFAULT_CHUNK = 10
_CORE_MODULES = ("sim/engine.py", "sim/envs.py", "sim/kernels.py", "sim/ties.py",
                 "bounds/kl.py", "bounds/click.py")
_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Job:
    """One grid point; ``env`` is the environment's :meth:`spec` (plain data)."""

    env: dict
    policy: str
    n: int
    runs: int
    K: int | None = None
    seed: int = 0
    policy_params: dict = field(default_factory=dict)
    counts: bool = False
    rewards: bool = False

    @staticmethod
    def of(env, policy, **kw) -> "Job":
        """A job from an environment object (or spec dict) and keyword settings."""
        return Job(env=env if isinstance(env, dict) else env.spec(), policy=policy, **kw)

    def config(self) -> dict:
        return asdict(self)


@dataclass
class GridRun:
    """Results in job order, and how many tasks were computed versus loaded from the cache."""

    results: list
    computed: int
    cached: int


def code_version(policy: str) -> str:
    """SHA-256 of the source files a result depends on (engine, models, KL, V, the policy module)."""
    h = hashlib.sha256()
    helpers = sorted((_ROOT / "sim" / "policies").glob("_*.py"))  # private helpers policies share
    files = [_ROOT / m for m in _CORE_MODULES] + helpers + [Path(inspect.getsourcefile(get_policy(policy)))]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _jsonable(obj):
    """numpy arrays and scalars (e.g. item features in ``policy_params``) hash by value."""
    if isinstance(obj, (np.ndarray, np.generic)):
        return {"__ndarray__": obj.tolist(), "dtype": str(obj.dtype)}
    raise TypeError(f"cannot hash {type(obj).__name__} in a job configuration: {obj!r}")


def task_key(job: Job, reps: tuple[int, int], version: str) -> str:
    blob = json.dumps({"job": job.config(), "reps": list(reps), "code": version}, sort_keys=True,
                      default=_jsonable)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def _compute(job_cfg: dict, reps: tuple[int, int]) -> dict:
    """Worker entry point: simulate replications ``reps[0] .. reps[1]-1`` of one job."""
    cfg = dict(job_cfg)
    env = from_spec(cfg.pop("env"))
    res = simulate(env, cfg["policy"], K=cfg["K"], n=cfg["n"], runs=cfg["runs"], seed=cfg["seed"],
                   policy_params=cfg["policy_params"], replications=range(*reps),
                   counts=cfg["counts"], rewards=cfg["rewards"])
    out = {"checkpoints": res.checkpoints, "regret": res.regret, "replications": res.replications}
    if res.counts is not None:
        out["counts"] = res.counts
    if res.reward is not None:
        out["reward"] = res.reward
    return out


def _save_atomic(path: Path, arrays: dict) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".part")  # never matches *.npz
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _load(path: Path) -> dict | None:
    try:
        with np.load(path) as z:
            return {k: z[k] for k in z.files}
    except (OSError, ValueError, EOFError):  # unreadable: recompute rather than trust it
        return None


def _to_result(job: Job, parts: list[dict]) -> Result:
    res = [Result(p["checkpoints"], p["regret"], p["replications"], p.get("counts"), p.get("reward"))
           for p in parts]
    out = Result.concat(res)
    out.config = job.config()
    return out


def run_grid(jobs: list[Job], cache_dir=None, *, workers: int | None = None, chunk: int = DEFAULT_CHUNK,
             scheduler: str | None = None, progress: bool = True) -> GridRun:
    """Run every job (cached tasks are loaded, the rest computed) and return results in job order.

    ``workers``: local processes (default ``os.cpu_count()``; 1 runs in this process).
    ``scheduler``: address of a dask.distributed scheduler; the same tasks run there instead.
    ``cache_dir``: ``None`` disables the cache.
    """
    if chunk < 1:
        raise ValueError(f"chunk must be >= 1, got {chunk}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    cache = None if cache_dir is None else Path(cache_dir)
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    for job in jobs:  # fail fast on bad configuration, before any work
        from_spec(job.env)
        get_policy(job.policy)
    parts: dict[tuple[int, int], dict] = {}
    todo = []  # (job index, task index, reps, key)
    for j, job in enumerate(jobs):
        version = code_version(job.policy)
        for i, a in enumerate(range(0, job.runs, chunk)):
            reps = (a, min(a + chunk, job.runs))
            key = task_key(job, reps, version)
            hit = _load(cache / f"{key}.npz") if cache is not None else None
            if hit is not None:
                parts[(j, i)] = hit
            else:
                todo.append((j, i, reps, key))
    cached = len(parts)
    bar = _bar(len(todo), progress)

    def done(j, i, key, arrays):
        if cache is not None:
            _save_atomic(cache / f"{key}.npz", arrays)
        parts[(j, i)] = arrays
        bar.update(1)

    try:
        if scheduler is not None:
            from distributed import Client, as_completed as dask_completed

            with Client(scheduler) as client:
                futs = {client.submit(_compute, jobs[j].config(), reps, pure=False): (j, i, key)
                        for j, i, reps, key in todo}
                for fut in dask_completed(futs):
                    done(*futs[fut], fut.result())
        elif workers == 1 or len(todo) <= 1:
            for j, i, reps, key in todo:
                done(j, i, key, _compute(jobs[j].config(), reps))
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(todo))) as pool:
                futs = {pool.submit(_compute, jobs[j].config(), reps): (j, i, key) for j, i, reps, key in todo}
                for fut in as_completed(futs):
                    done(*futs[fut], fut.result())
    finally:
        bar.close()
    results = []
    for j, job in enumerate(jobs):
        n_tasks = math.ceil(job.runs / chunk)
        results.append(_to_result(job, [parts[(j, i)] for i in range(n_tasks)]))
    return GridRun(results, computed=len(todo), cached=cached)


def _bar(total: int, progress: bool):
    from tqdm import tqdm

    return tqdm(total=total, file=sys.stderr, disable=not progress, desc="sim tasks", unit="task")


def load_grid(path) -> list[Job]:
    """Jobs from a TOML file: a ``[defaults]`` table and ``[[job]]`` tables.

    Each job table holds the model (``model = "dcm"``, ``w = [...]``, ``v = [...]``), ``policy``
    (a name or a list of names: one job each) and any of ``n``, ``runs``, ``K``, ``seed``,
    ``policy_params``, ``counts``, ``rewards`` (falling back to ``[defaults]``).
    """
    import tomllib

    with open(path, "rb") as f:
        doc = tomllib.load(f)
    unknown = set(doc) - {"defaults", "job"}
    if unknown:
        raise ValueError(f"{path}: unknown top-level keys {sorted(unknown)} (expected [defaults], [[job]])")
    defaults = doc.get("defaults", {})
    settings = {"n", "runs", "K", "seed", "policy_params", "counts", "rewards"}
    jobs = []
    for t, table in enumerate(doc.get("job", [])):
        table = {**defaults, **table}
        if "policy" not in table:
            raise ValueError(f"{path}: job {t} has no policy")
        pols = table.pop("policy")
        kw = {k: table.pop(k) for k in list(table) if k in settings}
        for k in ("n", "runs"):
            if k not in kw:
                raise ValueError(f"{path}: job {t} has no {k} (set it in the job or in [defaults])")
        env = from_spec(table)  # the rest is the model: validated here
        for pol in [pols] if isinstance(pols, str) else pols:
            jobs.append(Job.of(env, pol, **kw))
    if not jobs:
        raise ValueError(f"{path}: no [[job]] tables")
    return jobs
