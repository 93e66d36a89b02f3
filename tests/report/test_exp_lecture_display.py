"""report/sections/exp_lecture_display.py: regret curves are non-decreasing; the verdict reads the data."""
import numpy as np
import pytest

from clickbound.report.sections import ComputeContext
from clickbound.report.sections import exp_lecture_display as m


@pytest.mark.slow
def test_compute_small(monkeypatch):
    monkeypatch.setattr(m, "SIZES", {"dev": (300, 3), "paper": (300, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    for s in data["settings"]:
        for p in (x for pair in m.PAIRS for x in pair):
            assert (np.diff(s["regret"][p]["mean"]) >= -1e-9).all()
            assert len(s["regret"][p]["final"]) == 3
    assert len(data["verdicts"][0]["decision"]["comparisons"]) == len(m.SETTINGS) * len(m.PAIRS)
