"""report/sections/exp_lecture_ranked.py: the computed G(n) obey the invariants of the model, and the
verdicts read the numbers shown."""
import json
import math

import numpy as np
import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_ranked as m


@pytest.mark.slow  # compiles five policies' kernels and the switching loop
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "SIZES", {"dev": (400, 3), "paper": (400, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    assert [s["label"] for s in data["settings"]] == [x[0] for x in m._instances()]
    for s in data["settings"]:
        assert s["f_greedy"] >= (1 - 1 / math.e) * s["f_opt"] - 1e-12
        for p in m.POLICIES:
            g = np.asarray(s["policies"][p]["gain"])
            assert g.shape == (3, len(s["policies"][p]["checkpoints"]))
            assert (g[:, -1] <= s["opt_total"] + 1e-9).all() and (g >= 0).all()
            assert (np.diff(g, axis=1) >= -1e-12).all()   # expected payoff accumulates
    assert {r["answer"] for r in data["verdicts"]} <= {"reproduced", "contradicted", "inconclusive"}
    strip = data["verdict_strip"]   # the strip's last column is the reported verdicts
    assert strip["n"][-1] == data["n"] and all(len(c["answers"]) == len(strip["n"]) for c in strip["claims"])
    assert [c["answers"][-1] for c in strip["claims"]] == [r["decision"]["answer"] for r in data["verdicts"]]


def test_trap_instance_values():
    _label, env, K, _ = m._instances()[0]
    assert env.expected_reward(env.optimal_list(K)) == pytest.approx(1.0)
    assert env.expected_reward(env.greedy_list(K)) == pytest.approx(5 / 6)


def test_drift_changes_the_best_list():
    _, a, K, b = m._instances()[3]
    assert sorted(a.optimal_list(K).tolist()) == [0, 1] and sorted(b.optimal_list(K).tolist()) == [1, 2]
    assert b.expected_reward(a.optimal_list(K)) < b.expected_reward(b.optimal_list(K)) - 0.3
