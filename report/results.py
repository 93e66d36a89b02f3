"""``results.json``: the one file between the compute step and the render step.

Layout (``schema`` 1)::

    {"schema": 1,
     "meta": {"profile", "seed", "budget_s", "started_utc", "wall_s", "versions": {...},
              "git_commit", "sections_wall_s": {name: seconds}},
     "sections": {name: {"status": "computed" | "not computed" | "failed",
                         "wall_s": float, "reason": str, "data": {...}}}}

Every number the report shows is in ``data``; numpy values are turned into plain
lists and floats on the way in, so the file round-trips through :func:`load`.
"""
from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import tempfile
from pathlib import Path

SCHEMA = 1
STATUSES = ("computed", "not computed", "failed")


def jsonable(x):
    """Plain JSON types from numpy arrays/scalars, tuples, Paths and sympy numbers."""
    import numpy as np

    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return jsonable(x.tolist())
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x)
    if x is None or isinstance(x, str):
        return x
    if isinstance(x, Path):
        return str(x)
    return str(x)


def _encode_nonfinite(x):
    # JSON has no NaN/inf; spell them as strings so any JSON reader can read the file.
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    if isinstance(x, dict):
        return {k: _encode_nonfinite(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_encode_nonfinite(v) for v in x]
    return x


def save(results: dict, path) -> Path:
    """Write atomically (temp file + ``os.replace``): a killed run leaves the old file intact."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if results.get("schema") != SCHEMA:
        raise ValueError(f"results schema must be {SCHEMA}, got {results.get('schema')!r}")
    for name, sec in results.get("sections", {}).items():
        if sec.get("status") not in STATUSES:
            raise ValueError(f"section {name!r} has status {sec.get('status')!r}, not one of {STATUSES}")
    text = json.dumps(_encode_nonfinite(jsonable(results)), indent=1, ensure_ascii=False,
                      allow_nan=False)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".results-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def load(path) -> dict:
    path = Path(path)
    if not path.exists():
        raise ValueError(f"no results file at {path}: run `clickbound report` without --render-only first")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != SCHEMA:
        raise ValueError(f"{path}: schema {data.get('schema')!r}, this version reads {SCHEMA}")
    return data


def as_float(x) -> float:
    """Read back a number written by :func:`save` (``"inf"``/``"nan"`` strings included)."""
    return float(x)


def _git_commit() -> str:
    try:
        root = Path(__file__).resolve().parent.parent
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=False)
        commit = out.stdout.strip() or "unknown"
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10, check=False).stdout.strip()
        return commit + ("+dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def versions() -> dict:
    """Python and library versions — every solver and library a verdict rests on
    (:func:`clickbound.report.sections.meta.provenance`) and the others the report uses — and the
    git commit of the tree that computed the results."""
    import importlib.metadata as md

    from clickbound.report.sections.meta import provenance

    out = {"python": platform.python_version(), "platform": platform.platform(), **provenance()}
    for pkg in ("dask", "matplotlib"):
        try:
            out[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            out[pkg] = "not installed"
    out["git_commit"] = _git_commit()
    return out
