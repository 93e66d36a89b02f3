"""the distribution installs one top-level package, ``clickbound``.

Builds the wheel from a copy of the source tree (no build isolation, no network), installs it
without dependencies into a fresh virtual environment whose dependencies come from the
project's own ``.venv`` through a ``.pth`` line, and checks what it installed: the top-level
names in the wheel's RECORD, ``import clickbound.sim`` resolving inside the fresh environment
(not the editable checkout), and the ``clickbound`` entry point.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: what `pip install .` may put at the top of site-packages (the package and its metadata)
EXPECTED_TOP = {"clickbound"}
#: copying the tree for the build leaves these behind (environments, caches, outputs)
_SKIP = shutil.ignore_patterns(".venv", ".git", "out", "build", "*.egg-info", "__pycache__",
                               ".pytest_cache", ".hypothesis", ".clickbound-cache", "*.nbi", "*.nbc")


def _run(*cmd, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "CLICKBOUND_SEEDS")}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, **kw)
    assert proc.returncode == 0, f"{cmd} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src") / "clickbound-src"
    shutil.copytree(ROOT, src, ignore=_SKIP)
    dist = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", str(dist), str(src))
    (whl,) = dist.glob("clickbound-*.whl")
    return whl


def _top_level(whl: Path) -> set[str]:
    with zipfile.ZipFile(whl) as z:
        tops = {name.split("/", 1)[0] for name in z.namelist()}
    return {t for t in tops if not t.endswith((".dist-info", ".data"))}


def test_wheel_holds_one_top_level_package(wheel):
    assert _top_level(wheel) == EXPECTED_TOP
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for sub in ("lemmas", "lemmas/engine", "bounds", "sim", "sim/policies", "report", "report/sections"):
        assert f"clickbound/{sub}/__init__.py" in names, sub
    assert not any(n.startswith(("clickbound/tests/", "clickbound/notebooks/")) for n in names)
    # the bottom modules and the five source texts the ledger reads ship with the package
    assert "clickbound/stats.py" in names and "clickbound/sources/__init__.py" in names
    assert sum(n.startswith("clickbound/sources/texts/") and n.endswith(".txt") for n in names) == 5


def test_wheel_holds_every_subpackage_and_data_file(wheel):
    # pyproject.toml lists the packages by hand: every package folder of the tree (the per-source
    # folders of lemmas/ included) and every data file the package loads must be in the wheel
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    trees = ("lemmas", "bounds", "sim", "report", "sources")
    inits = [p for t in trees for p in (ROOT / t).rglob("__init__.py") if "__pycache__" not in p.parts]
    assert len(inits) >= 20
    data = [*(ROOT / "lemmas" / "data").glob("*.json"), *(ROOT / "lemmas" / "ledger").glob("*.toml"),
            *(ROOT / "sources" / "texts").glob("*.txt")]
    missing = [str(p.relative_to(ROOT)) for p in (*inits, *data)
               if f"clickbound/{p.relative_to(ROOT).as_posix()}" not in names]
    assert missing == []


def test_fresh_venv_imports_and_runs_the_cli(wheel, tmp_path):
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    fresh_site = Path(_run(str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                      .stdout.strip())
    # dependencies (numpy, sympy, numba, ...) from the project's venv; .pth files there are not
    # processed, so the editable checkout's finder does not come along
    (fresh_site / "_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index", "-q",
         str(wheel))
    installed = {p.name for p in fresh_site.iterdir()
                 if not p.name.endswith((".dist-info", ".pth")) and p.name != "__pycache__"}
    assert installed == EXPECTED_TOP
    where = _run(str(py), "-c", "import clickbound.sim, clickbound.lemmas, clickbound.bounds, "
                 "clickbound.report.cli as c; print(clickbound.sim.__file__); print(c.__file__)",
                 cwd=tmp_path).stdout.split()
    assert all(Path(w).is_relative_to(fresh_site / "clickbound") for w in where), where
    for generic in ("sim", "lemmas", "bounds", "report"):
        proc = subprocess.run([str(py), "-c", f"import {generic}"], capture_output=True, text=True,
                              cwd=tmp_path)
        assert proc.returncode != 0, f"`import {generic}` works in the fresh venv"
    # the ledger finds the shipped sources in the installed package (no checkout, no environment variable)
    ledger = _run(str(env_dir / "bin" / "clickbound"), "ledger", cwd=tmp_path).stdout
    assert "/27 (" in ledger, ledger  # coverage of source 004's 27 code items: read from the shipped text
    helptext = _run(str(env_dir / "bin" / "clickbound"), "--help", cwd=tmp_path).stdout
    for cmd in ("claims", "check", "errata", "simulate", "report"):
        assert cmd in helptext
