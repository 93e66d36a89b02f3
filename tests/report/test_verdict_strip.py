"""figures.verdict_strip: one row per claim, one cell per checkpoint, bad input refused."""
from __future__ import annotations

import pytest

from clickbound.report import figures


def test_strip_has_a_row_per_claim_and_a_cell_per_checkpoint():
    n = [1000, 3162, 10_000, 31_623]
    claims = {"A beats B": ["inconclusive", "contradicted", "reproduced", "reproduced"],
              "bound holds": ["reproduced"] * 4}
    fig = figures.verdict_strip(n, claims, source_n=10_000, title="t")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == list(claims)
    assert len(ax.patches) == 8  # 2 claims x 4 checkpoints
    hatched = [p for p in ax.patches if p.get_hatch()]
    assert len(hatched) == 2 * 2  # the cells left of the source's n = 10,000
    colours = [p.get_facecolor() for p in ax.patches[:4]]
    assert colours[1] != colours[2]  # the flip is visible


@pytest.mark.parametrize("n,answers", [([1000, 1000], ["reproduced", "reproduced"]),
                                       ([1000, 2000], ["reproduced"])])
def test_strip_refuses_bad_input(n, answers):
    with pytest.raises(ValueError):
        figures.verdict_strip(n, {"c": answers})
