"""Build the Coq proofs (``proofs/coq/*.v``) outside the source tree and query them.

``python -m clickbound.proofs.build`` (what ``make proofs`` runs) compiles every ``proofs/coq/*.v`` in
``coqdep`` order into ``<cache>/coq/<hash>/`` (``<cache>`` as for the numba cache:
``$CLICKBOUND_CACHE_DIR``, else ``$XDG_CACHE_HOME/clickbound``, else ``~/.cache/clickbound``), where the
hash covers every file's name and bytes and the ``coqc`` version: an unchanged set of files is built once
and the result (``build.json``, with per-file compile times) reused.  No ``.vo`` file is written next to
the sources.  :func:`assumptions` runs ``Print Assumptions`` on theorems; :func:`compile_extra` compiles a
generated file (the statement-faithfulness instances) against the build.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from clickbound.bounds.jitcache import cache_root
from clickbound.proofs import LOGICAL_ROOT, coq_files

INSTALL_HINT = "apt-get install coq libcoq-interval libcoq-coquelicot"


@dataclass
class BuildResult:
    ok: bool
    reason: str = ""
    build_dir: Path | None = None
    seconds: float = 0.0                       # wall time of the compilation (0 when reused)
    per_file: dict = field(default_factory=dict)  # module -> seconds
    coqc_version: str = ""
    cached: bool = False
    log: str = ""

    @property
    def src(self) -> Path:
        return self.build_dir / "src"


def coqc() -> str | None:
    return shutil.which("coqc")


@functools.lru_cache(maxsize=4)
def _version_of(exe: str) -> str:
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=False).stdout
    return " ".join(out.split())


def coqc_version() -> str:
    """``coqc --version`` on one line (asked once per process and executable)."""
    exe = coqc()
    return _version_of(exe) if exe else ""


def source_hash(files=None) -> str:
    h = hashlib.sha256(coqc_version().encode() + b"\0")
    for f in files if files is not None else coq_files():
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


@contextmanager
def _lock(d: Path):
    d.mkdir(parents=True, exist_ok=True)
    with open(d / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _order(src: Path, names: list[str]) -> list[str]:
    """File stems in dependency order (``coqdep``)."""
    out = subprocess.run(["coqdep", "-R", ".", LOGICAL_ROOT, *[f"{n}.v" for n in names]], cwd=src,
                         capture_output=True, text=True, check=True).stdout
    deps: dict[str, set[str]] = {n: set() for n in names}
    for line in out.splitlines():
        m = re.match(r"(\S+)\.vo\b.*?:(.*)$", line)
        if m and m.group(1) in deps:
            deps[m.group(1)] = {Path(t).stem for t in m.group(2).split() if t.endswith(".vo")} & set(names)
    order, seen = [], set()

    def visit(n, stack=()):
        if n in seen:
            return
        if n in stack:
            raise RuntimeError(f"cyclic Require between Coq files: {' -> '.join(stack + (n,))}")
        for d in sorted(deps[n]):
            visit(d, stack + (n,))
        seen.add(n)
        order.append(n)

    for n in sorted(names):
        visit(n)
    return order


def build(force: bool = False) -> BuildResult:
    """Compile every ``proofs/coq/*.v`` (cached by file hashes); never raises for a failed proof."""
    exe = coqc()
    if not exe or not shutil.which("coqdep"):
        return BuildResult(ok=False, reason=f"coqc not found on PATH ({INSTALL_HINT})")
    files = coq_files()
    d = cache_root() / "coq" / source_hash(files)[:20]
    stamp = d / "build.json"
    with _lock(d):
        if stamp.exists() and not force:
            data = json.loads(stamp.read_text())
            data["build_dir"] = d
            return BuildResult(**{**data, "cached": True})
        src = d / "src"
        if src.exists():
            shutil.rmtree(src)
        src.mkdir(parents=True)
        for f in files:
            shutil.copy2(f, src / f.name)
        res = BuildResult(ok=True, build_dir=d, coqc_version=coqc_version())
        t0 = time.perf_counter()
        for name in _order(src, [f.stem for f in files]):
            t1 = time.perf_counter()
            p = subprocess.run([exe, "-q", "-R", ".", LOGICAL_ROOT, f"{name}.v"], cwd=src, capture_output=True,
                               text=True, check=False)
            res.per_file[name] = round(time.perf_counter() - t1, 3)
            if p.returncode != 0:
                res.ok = False
                res.reason = f"coqc failed on proofs/coq/{name}.v"
                res.log = (p.stdout + p.stderr)[-4000:]
                break
        res.seconds = round(time.perf_counter() - t0, 3)
        data = asdict(res)
        data.pop("build_dir")
        data.pop("cached")
        stamp.write_text(json.dumps(data, indent=1))
        return res


def _run_extra(res: BuildResult, name: str, text: str, timeout: float = 900) -> subprocess.CompletedProcess:
    """Compile ``text`` as ``<build>/check/<name>.v`` against the build (``-R src Clickbound``)."""
    chk = res.build_dir / "check"
    chk.mkdir(exist_ok=True)
    (chk / f"{name}.v").write_text(text, encoding="utf-8")
    return subprocess.run([coqc(), "-q", "-R", str(res.src), LOGICAL_ROOT, f"{name}.v"], cwd=chk,
                          capture_output=True, text=True, check=False, timeout=timeout)


def assumptions(res: BuildResult, qualified_names) -> dict[str, list[str] | None]:
    """``Print Assumptions`` of each fully qualified theorem: the axiom names it depends on
    (``[]`` when closed under the global context, ``None`` if the output could not be read)."""
    names = list(dict.fromkeys(qualified_names))
    modules = sorted({n.split(".")[1] for n in names})
    lines = [f"From {LOGICAL_ROOT} Require {' '.join(modules)}."]
    for n in names:
        lines += [f'Goal True. idtac "@@{n}". exact I. Qed.', f"Print Assumptions {n}."]
    key = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:12]
    cache = res.build_dir / "check" / f"assumptions_{key}.json"
    if cache.exists():
        return json.loads(cache.read_text())
    p = _run_extra(res, f"Assumptions_{key}", "\n".join(lines) + "\n")
    out: dict[str, list[str] | None] = {n: None for n in names}
    if p.returncode == 0:
        cur = None
        for line in p.stdout.splitlines():
            if line.startswith("@@"):
                cur = line[2:].strip()
                out[cur] = []
            elif cur is None or not line or line[0].isspace() or line.startswith(("Axioms:", "Closed under")):
                continue
            else:
                out[cur].append(line.split(" ")[0].strip())
        cache.write_text(json.dumps(out))
    return out


def compile_extra(res: BuildResult, name: str, text: str) -> tuple[bool, str, float]:
    """Compile a generated file against the build: ``(ok, coqc output, seconds)``."""
    t0 = time.perf_counter()
    p = _run_extra(res, name, text)
    return p.returncode == 0, (p.stdout + p.stderr)[-6000:], time.perf_counter() - t0


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m clickbound.proofs.build",
                                 description="compile proofs/coq/*.v (cached by file hashes)")
    ap.add_argument("--force", action="store_true", help="rebuild even if an identical build is cached")
    args = ap.parse_args(argv)
    res = build(force=args.force)
    if not res.ok:
        print(f"proofs: build failed: {res.reason}\n{res.log}", file=sys.stderr)
        return 1
    how = "cached" if res.cached else "built"
    print(f"proofs: {how} {len(res.per_file)} files in {res.seconds:.1f} s ({res.coqc_version}) -> {res.build_dir}")
    for name, s in res.per_file.items():
        print(f"  {name}.v  {s:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
