"""report/sections/exp_lecture_display.py: regret curves are non-decreasing; the verdict reads the data."""
import json

import numpy as np
import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_display as m


@pytest.mark.slow
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "SIZES", {"dev": (300, 3), "paper": (300, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    for s in data["settings"]:
        for p in (x for pair in m.PAIRS for x in pair):
            assert (np.diff(s["regret"][p]["mean"]) >= -1e-9).all()
            assert len(s["regret"][p]["final"]) == 3
    assert len(data["verdicts"][0]["decision"]["comparisons"]) == len(m.SETTINGS) * len(m.PAIRS)
    strip = data["verdict_strip"]   # the strip's last column is the reported verdicts
    assert strip["n"][-1] == data["n"] and all(len(c["answers"]) == len(strip["n"]) for c in strip["claims"])
    assert [c["answers"][-1] for c in strip["claims"]] == [r["decision"]["answer"] for r in data["verdicts"]]
