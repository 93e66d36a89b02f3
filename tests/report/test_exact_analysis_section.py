"""The exact-analysis section renders its verdicts and the exact regret rows."""
from synthetic_fixtures import EXACT_ANALYSIS_FIXTURE

from clickbound.report.sections import RenderContext
from clickbound.report.sections import exact_analysis


def test_render_shows_verdicts_instances_and_violations(tmp_path):
    blocks = exact_analysis.render(EXACT_ANALYSIS_FIXTURE, RenderContext(out=tmp_path))
    tables = [b for b in blocks if b["kind"] == "table"]
    assert len(tables) == 3
    unb = tables[0]["rows"]
    assert ["SYN/dcm", "refuted", "w = 1/2"] in unb
    assert tables[2]["rows"][0][-2] == "violated at T = 2…3" and tables[2]["rows"][0][-1] == "holds"
