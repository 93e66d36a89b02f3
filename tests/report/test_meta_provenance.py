"""The run metadata records the version of every solver and library a verdict rests on
(report/sections/meta.py ``provenance``, written into results.json's ``meta.versions``)."""
import importlib.metadata as md
import platform
import re
import shutil

from clickbound.report import results
from clickbound.report.sections import RenderContext, meta

NEEDED = ("sympy", "mpmath", "z3-solver", "cvc5", "python-flint", "hypothesis", "numpy", "scipy", "numba",
          "coqc", "python")


def test_versions_name_every_solver_and_library_a_verdict_rests_on():
    v = results.versions()
    assert set(NEEDED) <= set(meta.VERDICT_DEPENDENCIES) <= set(v)
    assert v["python"] == platform.python_version()
    for pkg in ("sympy", "mpmath", "z3-solver", "cvc5", "hypothesis", "numpy", "scipy", "numba"):
        assert v[pkg] == md.version(pkg), pkg  # the installed distribution, not a hard-coded string
    assert v["python-flint"].startswith(md.version("python-flint") + " (FLINT ")
    if shutil.which("coqc"):
        assert re.fullmatch(r"\d+\.\d+(\.\d+)?\S*", v["coqc"].split()[0]), v["coqc"]
    else:
        assert v["coqc"] == "not installed"
    assert v["git_commit"]


def test_coqc_absent_is_said(monkeypatch):
    monkeypatch.setattr(meta.shutil, "which", lambda name: None)
    assert meta.provenance()["coqc"] == "not installed"


def test_meta_section_shows_the_verdict_dependencies(tmp_path):
    m = {"profile": "dev", "versions": {"sympy": "9.9", "coqc": "8.16.1", "dask": "1.0"}}
    blocks = meta.render({}, RenderContext(out=tmp_path, meta=m))
    deps = next(b for b in blocks if b.get("caption", "").startswith("Solvers and libraries"))
    rows = {r[0]: r[1] for r in deps["rows"]}
    assert set(rows) == set(meta.VERDICT_DEPENDENCIES)
    assert rows["sympy"] == "9.9" and rows["coqc"] == "8.16.1" and rows["numba"] == "not recorded"
    other = next(b for b in blocks if b.get("caption") == "Other versions")
    assert [r[0] for r in other["rows"]] == ["dask"]
