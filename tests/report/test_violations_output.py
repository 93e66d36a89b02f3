"""``clickbound violations`` never writes into the installed package (report/cmd_violations.py).

The simulation is replaced at the runner level (``sim.violations.simulate_target`` and the confirmation's
``_run``) by a deterministic regret curve, so the whole command — every target's search, confirmation,
decision and the write — runs in seconds; what is tested is where it writes and what it keeps.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from clickbound.report import cmd_violations as cv
from clickbound.report.cli import main
from clickbound.sim import violations as sv
from clickbound.sim.engine import log_checkpoints

ROOT = Path(cv.__file__).resolve().parents[1]


def _fake_sim(t, inst, n, runs, seed, *rest):
    """A regret curve 2 log n (+ a run-dependent offset), the same for every instance."""
    cps = log_checkpoints(n)
    reg = np.vstack([2.0 * np.log(cps) + 0.1 * r for r in range(runs)])
    return cps, reg


@pytest.fixture
def stub_sim(monkeypatch, tmp_path):
    monkeypatch.setattr(sv, "simulate_target", _fake_sim)
    monkeypatch.setattr(cv, "_run", _fake_sim)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _package_state() -> dict:
    """SHA-256 of every file of the package's data and of the files git tracks with changes."""
    files = sorted((ROOT / "lemmas" / "data").glob("*")) + sorted((ROOT / "lemmas" / "ledger").glob("*"))
    digest = {str(f.relative_to(ROOT)): hashlib.sha256(f.read_bytes()).hexdigest() for f in files}
    st = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=all"],
                        check=False, capture_output=True, text=True)
    digest["git status"] = st.stdout if st.returncode == 0 else "not a checkout"
    return digest


def test_no_arguments_leaves_the_repository_untouched(stub_sim, capsys):
    before = _package_state()
    assert main(["violations"]) == 0
    assert _package_state() == before
    out = stub_sim / "out" / "violations.json"
    rec = json.loads(out.read_text())
    assert set(rec["targets"]) == set(sv.TARGETS)
    assert f"wrote {out}: every target" in capsys.readouterr().err


def test_only_without_merge_writes_only_that_target_and_says_so(stub_sim, capsys):
    assert main(["violations", "--only", "KLUCB-ASYMP", "--cache", ""]) == 0
    rec = json.loads((stub_sim / "out" / "violations.json").read_text())
    assert list(rec["targets"]) == ["KLUCB-ASYMP"]
    assert "other targets not kept" in capsys.readouterr().err


def test_merge_keeps_the_other_targets(stub_sim):
    base = stub_sim / "base.json"
    base.write_text(json.dumps({"meta": {"profile": "test"},
                                "targets": {"OTHER": {"verdict": "consistent-in-simulation", "policy": "x",
                                                      "model": "y", "target": "OTHER", "confirmations": [],
                                                      "closest": {"score": 2.0}}}}))
    assert main(["violations", "--only", "KLUCB-ASYMP", "--merge", str(base), "--out", "m.json"]) == 0
    rec = json.loads((stub_sim / "m.json").read_text())
    assert set(rec["targets"]) == {"OTHER", "KLUCB-ASYMP"}
    assert json.loads(base.read_text())["targets"].keys() == {"OTHER"}  # the merged-from file is not rewritten


def test_the_package_record_is_written_only_by_the_deliberate_flag(stub_sim, monkeypatch, capsys):
    before = _package_state()
    assert main(["violations", "--only", "KLUCB-ASYMP", "--out", str(cv.PACKAGE_RECORD)]) == 2
    assert "--update-package-record" in capsys.readouterr().err
    monkeypatch.setattr(cv, "in_git_checkout", lambda root=cv._ROOT: False)
    assert main(["violations", "--only", "KLUCB-ASYMP", "--update-package-record"]) == 2
    assert "not a git checkout" in capsys.readouterr().err
    assert _package_state() == before


def test_this_repository_is_a_checkout_and_a_tmp_dir_is_not(tmp_path):
    assert cv.in_git_checkout(tmp_path) is False
    if (ROOT / ".git").exists():
        assert cv.in_git_checkout(ROOT) is True
