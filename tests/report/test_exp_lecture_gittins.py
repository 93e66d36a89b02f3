"""report/sections/exp_lecture_gittins.py: discounted rewards are bounded by the oracle's, per instance."""
import json

import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_gittins as m


@pytest.mark.slow  # compiles four policies in the switching loop
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "INSTANCES", {"dev": 3, "paper": 3})
    monkeypatch.setattr(m, "SETTINGS", ((0.8, 3, 60),))
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    s = data["settings"][0]
    for p in m.POLICIES:
        assert len(s["discounted"][p]) == 3
        assert all(0 <= g <= o + 1e-12 for g, o in zip(s["discounted"][p], s["oracle"]))
    assert data["verdicts"][0]["answer"] in ("reproduced", "contradicted", "inconclusive")
