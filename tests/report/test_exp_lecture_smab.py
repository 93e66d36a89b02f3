"""report/sections/exp_lecture_smab.py: the Lai–Robbins constants and the computed section's shape."""
import json
import math

import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_smab as m


def test_constants_are_delta_over_kl():
    from clickbound.bounds.single_arm import lai_robbins

    c = lai_robbins([0.6, 0.4], 10).log_coefficient
    kl = 0.4 * math.log(0.4 / 0.6) + 0.6 * math.log(0.6 / 0.4)
    assert c == pytest.approx(0.2 / kl, rel=1e-12)


@pytest.mark.slow
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "SIZES", {"dev": (2_000, 3), "paper": (2_000, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    for s in data["settings"]:
        assert set(s["policies"]) == set(m.POLICIES)
        assert all(x >= 0 for p in m.POLICIES for x in s["policies"][p]["final"])
    strip = data["verdict_strip"]   # the strip's last column is the reported verdicts
    assert strip["n"][-1] == data["n"] and all(len(c["answers"]) == len(strip["n"]) for c in strip["claims"])
    assert [c["answers"][-1] for c in strip["claims"]] == [r["decision"]["answer"] for r in data["verdicts"]]
