"""Project folders (clickbound/project.py, report/project.py, report/cmd_init.py) and the worked example.

Every command runs in a fresh process (``python -m clickbound.report.cli``), from the project folder alone:
a project's claims and policies are registered in that process only, never in the test's.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clickbound.project import find_project, open_project

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cascading_bandits"


def cb(*args, cwd) -> subprocess.CompletedProcess:
    r = subprocess.run([sys.executable, "-m", "clickbound.report.cli", *args], cwd=cwd, capture_output=True,
                       text=True, timeout=900, check=False)
    assert r.returncode == 0, f"clickbound {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}"
    return r


def _by_id(stdout: str) -> dict:
    return {v["claim_id"]: v for v in json.loads(stdout)}


def test_find_and_open(tmp_path):
    with pytest.raises(ValueError, match="not a clickbound project"):
        open_project(tmp_path)
    (tmp_path / "project.toml").write_text('name = "t"\n')
    (tmp_path / "sub").mkdir()
    assert find_project(tmp_path / "sub").root == tmp_path.resolve()
    assert find_project(tmp_path / "sub").out_dir == tmp_path.resolve() / "out"
    (tmp_path / "project.toml").write_text("name = \n")
    with pytest.raises(ValueError, match="project.toml"):
        open_project(tmp_path)


@pytest.mark.slow  # six fresh processes, one numba compile of CascadeUCB1 each for violations and report
def test_init_then_every_command_with_project(tmp_path):
    proj = tmp_path / "x"
    cb("init", str(proj), cwd=tmp_path)
    assert (proj / "claims.py").is_file() and (proj / "ledger.toml").is_file()
    # a generous budget: a refutation or proof returns as soon as it is found, and the wall-clock budget
    # must not decide the verdict on a loaded machine
    v = _by_id(cb("claims", "--project", str(proj), "--budget", "20", "--json", cwd=tmp_path).stdout)
    assert v["MY-POWER"]["scope_text"] == "proved (every parameter)"
    assert v["MY-POWER/K=1..4"]["scope_text"] == "proved (instances: K = 1..4)"
    assert v["MY-PINSKER/constant-3"]["status"] == "refuted"
    assert v["MY-GAUSS"]["scope_text"] == "proved (every parameter)"  # the kit-built derivation of the template
    assert v["MY-GAUSS"]["vouched_by"].endswith("gauss_sum_proof")
    one = json.loads(cb("check", "MY-POWER", "--project", str(proj), "--budget", "3", "--json", cwd=tmp_path).stdout)
    assert one["scope_detail"] == "every K >= 1, by induction"
    led = json.loads(cb("ledger", "--project", str(proj), "--json", cwd=tmp_path).stdout)
    assert led["problems"] == [] and led["items_covered"] == led["items"] == 2
    sim = json.loads(cb("simulate", "--project", str(proj), "--model", "cascade", "--w", "0.5", "0.3", "0.2",
                        "--K", "1", "--policy", "MyEpsGreedy", "--n", "300", "--runs", "2", "--workers", "1",
                        "--json", "--no-progress", cwd=tmp_path).stdout)
    assert sim[0]["config"]["policy"] == "MyEpsGreedy" and sim[0]["mean_regret"][-1] > 0
    cb("violations", "--project", str(proj), cwd=tmp_path)
    rec = json.loads((proj / "out" / "violations.json").read_text())
    assert list(rec["targets"]) == ["MY-BOUND vs CascadeUCB1"] and rec["meta"]["project"]["name"] == "x"
    cb("report", "--project", str(proj), "--budget", "3", cwd=tmp_path)
    res = json.loads((proj / "out" / "report" / "results.json").read_text())
    assert len(res["comparisons"]) == 2 and res["violations"] is not None
    assert {c["status"] for c in res["comparisons"]} <= {"consistent-in-simulation", "violated-in-simulation"}
    assert (proj / "out" / "report" / "figures" / "comparison_0.png").is_file()
    assert not (tmp_path / "out").exists()  # everything under the project's own out/


def test_the_command_finds_the_project_from_its_folder(tmp_path):
    proj = tmp_path / "y"
    cb("init", str(proj), cwd=tmp_path)
    out = cb("claims", "--filter", "MY-POWER", "--budget", "3", cwd=proj / ".").stdout
    assert "project y" in out and "proved (every parameter)" in out


@pytest.mark.slow  # the worked example end to end: claims, violations (ci profile), report with three comparisons
def test_worked_example_cascading_bandits(tmp_path):
    proj = tmp_path / "cascading_bandits"
    shutil.copytree(EXAMPLE, proj, ignore=shutil.ignore_patterns("out", "__pycache__"))
    v = _by_id(cb("claims", "--budget", "5", "--json", cwd=proj).stdout)
    assert v["CB-T4<=T3"]["scope_text"] == "proved (every parameter)"
    assert v["CB-T4<=T3[K=1..6]"]["scope_text"] == "proved (instances: K = 1..6)"
    assert v["CB-T4<=T2"]["scope_text"] == "proved (every parameter)"
    assert v["CB-T3<=T2"]["scope_text"] == "proved (every parameter)"
    assert v["CB-T3<=T2/l<=24"]["status"] == "refuted"
    assert v["CB-T4<=T2/direct[K=1]/constant-1/4"]["status"] == "refuted"
    assert all(x["matches_expectation"] is not False for x in v.values())
    led = json.loads(cb("ledger", "--json", cwd=proj).stdout)
    assert led["problems"] == [] and led["items_covered"] == led["items"] == 4
    cb("violations", cwd=proj)
    cb("report", "--budget", "5", cwd=proj)
    res = json.loads((proj / "out" / "report" / "results.json").read_text())
    assert [c["target"] for c in res["comparisons"]] == ["Theorem 2", "Theorem 3", "Theorem 4"]
    assert set(res["violations"]["targets"]) == {"Theorem 2 vs CascadeUCB1", "Theorem 3 vs CascadeKL-UCB",
                                                 "Theorem 4 vs CascadeKL-UCB"}
    assert "READER'S SUMMARY" in (proj / "paper.txt").read_text()
    assert (proj / "out" / "report" / "index.html").is_file()


def test_init_refuses_to_overwrite(tmp_path):
    cb("init", str(tmp_path / "z"), cwd=tmp_path)
    r = subprocess.run([sys.executable, "-m", "clickbound.report.cli", "init", str(tmp_path / "z")],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "already holds a project" in r.stderr


def test_a_project_kernel_is_checked_against_its_class(tmp_path):
    """check_kernels runs assert_paths_agree for a project policy that gives a kernel (here CascadeUCB1's,
    inherited) and skips the plain Python ones; a kernel that disagrees is an AssertionError."""
    proj = tmp_path / "k"
    cb("init", str(proj), cwd=tmp_path)
    (proj / "policies.py").write_text(
        (proj / "policies.py").read_text()
        + "\n\n@sim.register_policy('MyUCB1', models=('cascade',), python_only=True)\n"
          "class MyUCB1(sim.get_policy('CascadeUCB1')):\n    pass\n\n\n"
          "@sim.register_policy('Drifting', models=('cascade',), python_only=True)\n"
          "class Drifting(sim.get_policy('CascadeUCB1')):\n"
          "    def select(self, t):  # the class no longer does what its (inherited) kernel does\n"
          "        return np.arange(self.K)\n")
    code = ("from clickbound.project import open_project, check_kernels\n"
            "import sys\n"
            f"p = open_project({str(proj)!r}).load()\n"
            "try:\n    check_kernels(p, n=300)\nexcept AssertionError as e:\n    print('DISAGREE', str(e)[:60])\n"
            "print(sorted(p.policies()))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False)
    assert r.returncode == 0, r.stderr
    assert "DISAGREE Drifting" in r.stdout
    assert "['Drifting', 'MyEpsGreedy', 'MyUCB1']" in r.stdout


def test_results_errata_and_explain_read_the_project(tmp_path):
    proj = tmp_path / "x"
    cb("init", str(proj), cwd=tmp_path)
    # an erratum of the user's paper, registered beside its claims
    (proj / "claims.py").write_text((proj / "claims.py").read_text() + '''

from clickbound.lemmas import Erratum, register_erratum

register_erratum(Erratum(id="MY-ERR-CONSTANT", source_file="paper.txt", location="Lemma 1",
                         source_says="D(p || q) >= 3 (p - q)^2", truth="the constant is 2",
                         evidence_claims=("MY-PINSKER/constant-3",), conclusion_survives="yes, with 2",
                         severity="misprint"))
''')
    rows = json.loads(cb("results", "--project", str(proj), "--json", cwd=tmp_path).stdout)
    assert [(r["name"], r["status"]) for r in rows] == [("Lemma 1 (Pinsker for Bernoulli laws)", "unproved"),
                                                         ("Lemma 2", "holds")]
    errs = json.loads(cb("errata", "--project", str(proj), "--json", cwd=tmp_path).stdout)
    assert [e["id"] for e in errs] == ["MY-ERR-CONSTANT"]  # the project's own, none of the package's
    ex = json.loads(cb("explain", "MY-PINSKER", "--no-verdicts", "--json", cwd=proj).stdout)
    assert {c["id"] for c in ex["claims"]} == {"MY-PINSKER", "MY-PINSKER/constant-3"}
    assert [e["id"] for e in ex["errata"]] == ["MY-ERR-CONSTANT"]
    assert [x["line"] for x in ex["ledger"]] == [4] and ex["modules"][0]["file"].endswith("claims.py")
    led = json.loads(cb("ledger", "--json", cwd=proj).stdout)
    assert led["problems"] == [] and len(led["results"]) == 2
    bad = subprocess.run([sys.executable, "-m", "clickbound.report.cli", "results", "--source", "dcm"], cwd=proj,
                         capture_output=True, text=True, timeout=300, check=False)
    assert bad.returncode == 2 and "--source" in bad.stderr
    # the same for every command that takes both (one rule, in report/project_args.py): never silently dropped
    bad = subprocess.run([sys.executable, "-m", "clickbound.report.cli", "claims", "--source", "dcm"], cwd=proj,
                         capture_output=True, text=True, timeout=300, check=False)
    assert bad.returncode == 2 and "--source" in bad.stderr
