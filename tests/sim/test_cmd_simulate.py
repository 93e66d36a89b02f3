"""`clickbound simulate` (report/cmd_simulate.py): single job, grid file, JSON, errors."""
import json
import textwrap

import numpy as np

from clickbound import sim
from clickbound.report.cli import main

W = "0.2,0.2,0.05,0.05,0.05"


def test_single_job_json_matches_simulate(capsys, tmp_path):
    out = tmp_path / "r.json"
    rc = main(["simulate", "--model", "dcm", "--w", W, "--v", "0.5", "0.5", "--policy", "dcmKL-UCB",
               "--n", "500", "--runs", "3", "--seed", "5", "--workers", "1", "--no-progress", "--json",
               "--out", str(out)])
    assert rc == 0
    printed = json.loads(capsys.readouterr().out)
    ref = sim.simulate(sim.DCM([0.2, 0.2, 0.05, 0.05, 0.05], [0.5, 0.5]), "dcmKL-UCB", n=500, runs=3, seed=5)
    np.testing.assert_array_equal(printed[0]["mean_regret"], ref.mean())
    assert json.loads(out.read_text()) == printed


def test_table_output_and_grid(capsys, tmp_path):
    g = tmp_path / "g.toml"
    g.write_text(textwrap.dedent("""
        [defaults]
        n = 1000
        runs = 2
        [[job]]
        model = "cascade"
        w = [0.3, 0.2, 0.1]
        K = 2
        policy = ["CascadeUCB1", "CascadeKL-UCB"]
    """))
    assert main(["simulate", "--grid", str(g), "--workers", "1", "--no-progress",
                 "--cache", str(tmp_path / "c")]) == 0
    text = capsys.readouterr().out
    assert "CascadeUCB1 on cascade (L=3, K=2)" in text and "CascadeKL-UCB" in text
    assert "      1000" in text


def test_bad_input_exits_2(capsys):
    assert main(["simulate", "--model", "dcm", "--w", "0.2", "1.3", "--v", "0.5", "--policy", "dcmKL-UCB"]) == 2
    assert "w[1] = 1.3" in capsys.readouterr().err
    assert main(["simulate", "--model", "cascade", "--w", "0.2", "--theta", "0.1", "--policy", "UCB1"]) == 2
    assert "does not take --theta" in capsys.readouterr().err
    assert main(["simulate", "--model", "cascade", "--w", "0.2,0.1", "--K", "1", "--policy", "Nope"]) == 2


def test_npz_output(tmp_path):
    out = tmp_path / "r.npz"
    assert main(["simulate", "--model", "cascade", "--w", "0.3,0.2,0.1", "--K", "2", "--policy", "CascadeUCB1",
                 "--n", "200", "--runs", "2", "--workers", "1", "--no-progress", "--out", str(out)]) == 0
    z = np.load(out)
    ref = sim.simulate(sim.Cascade([0.3, 0.2, 0.1]), "CascadeUCB1", K=2, n=200, runs=2, seed=0)
    np.testing.assert_array_equal(z["job0_regret"], ref.regret)
    assert json.loads(str(z["config"]))[0]["policy"] == "CascadeUCB1"
