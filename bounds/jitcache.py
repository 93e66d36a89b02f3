"""Compile once: numba's on-disk cache, in a folder keyed by the source of every kernel.

Every process used to compile every kernel again (a trivial ``clickbound simulate`` took
12 s), and numba's own cache cannot be trusted across edits: it checks only the file that
defines a function, so an edit in a callee from another module (``bounds.kl``,
``sim.kernels.topk_nb``, ``sim.policies._lazy``) would leave a stale compiled caller.  Here
the cache lives in ``<cache root>/numba/<hash>``, where ``hash`` is the SHA-256 of the path
and text of every ``.py`` file of :mod:`clickbound.bounds` and :mod:`clickbound.sim` (the
only places kernels live): any edit of any of them gives a fresh, empty folder, so nothing
compiled from other sources can be loaded.  Older folders are pruned (the newest
:data:`KEEP` stay).

The cache root is ``$CLICKBOUND_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/clickbound``, else
``~/.cache/clickbound``.  :func:`configure` points ``numba.config.CACHE_DIR`` there; it runs
when :mod:`clickbound.bounds` (and so :mod:`clickbound.sim`) is imported, before any kernel
is decorated.  This module depends on nothing of ours (``bounds`` must not depend on ``sim``).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import time
from functools import lru_cache
from pathlib import Path

#: the packages whose source decides every compiled kernel
KERNEL_PACKAGES = ("bounds", "sim")
#: hashed cache folders kept (the current one and a few recent, e.g. for switching branches)
KEEP = 4
#: a folder beyond :data:`KEEP` is pruned only when unused for this long: another process (a
#: report run from another checkout, a test worker) may be compiling into it right now, and
#: numba writes each kernel's files there, which refreshes the folder's mtime
STALE_S = 3600.0
_PKG_ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def source_hash() -> str:
    """SHA-256 over the relative path and bytes of every kernel-package ``.py`` file."""
    h = hashlib.sha256()
    for pkg in KERNEL_PACKAGES:
        for f in sorted((_PKG_ROOT / pkg).rglob("*.py")):
            h.update(f.relative_to(_PKG_ROOT).as_posix().encode() + b"\0")
            h.update(f.read_bytes() + b"\0")
    return h.hexdigest()


def cache_root() -> Path:
    env = os.environ.get("CLICKBOUND_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "clickbound"


def numba_cache_dir() -> Path:
    return cache_root() / "numba" / source_hash()[:20]


def _prune(parent: Path, current: Path) -> None:
    try:
        dirs = sorted((d for d in parent.iterdir() if d.is_dir() and d != current),
                      key=lambda d: d.stat().st_mtime, reverse=True)
    except OSError:
        return
    now = time.time()
    for d in dirs[KEEP - 1:]:
        try:
            if now - d.stat().st_mtime < STALE_S:
                continue
        except OSError:
            continue
        shutil.rmtree(d, ignore_errors=True)


_CONFIGURED: list[Path] = []


def configure() -> Path:
    """Point numba's cache at :func:`numba_cache_dir` (idempotent); returns the folder."""
    if _CONFIGURED:
        return _CONFIGURED[0]
    import numba

    d = numba_cache_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
        os.utime(d)  # most recently used: pruned last
        _prune(d.parent, d)
    except OSError:  # a read-only home: numba then caches nothing, which is slow but correct
        return d
    numba.config.CACHE_DIR = str(d)
    _CONFIGURED.append(d)
    return d
