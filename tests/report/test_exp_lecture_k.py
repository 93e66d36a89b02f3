"""report/sections/exp_lecture_k.py: one family of tests per instance, K ≤ L, regrets recorded per K."""
import json

import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_k as m


def test_instances():
    for s in m.SETTINGS:
        for K in s[2]:
            w = m._w(s, K)
            assert K <= len(w) and all(0 <= x <= 1 for x in w)
    blb = m.SETTINGS[1]
    assert m._w(blb, 4)[:4] == [0.2] * 4 and m._w(blb, 4)[4:] == [0.05] * 12


@pytest.mark.slow
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "SIZES", {"dev": (200, 3), "paper": (200, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    assert len(data["verdicts"]) == len(m.SETTINGS)
    for s in data["settings"]:
        assert all(min(v) >= 0 for v in s["final"].values())
    strip = data["verdict_strip"]   # the strip's last column is the reported verdicts
    assert strip["n"][-1] == data["n"] and all(len(c["answers"]) == len(strip["n"]) for c in strip["claims"])
    assert [c["answers"][-1] for c in strip["claims"]] == [r["decision"]["answer"] for r in data["verdicts"]]
