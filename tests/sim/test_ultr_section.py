"""The report section exp_ultr (report/sections/exp_ultr.py): computed at the dev profile and rendered;
its paired variance test on planted data."""
import json

import numpy as np
import pytest

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_ultr as xu


@pytest.mark.slow
def test_dev_profile_computes_and_renders(tmp_path):
    data = json.loads(json.dumps(xu.compute(ComputeContext(profile="dev", progress=False))))
    assert set(data["A"]["arp"]) == {"skyline", "naive", "IPW", "clipped IPW", "logging", "optimal"}
    z = data["sizes"]
    for m, by_eta in data["A"]["arp"].items():
        assert [len(v) for v in by_eta.values()] == [z["rank_reps"]] * len(xu.ETAS), m
    # η = 0: θ ≡ 1, so every click learner sees C = R and learns the skyline's ranker exactly
    for m in ("naive", "IPW", "clipped IPW"):
        assert data["A"]["arp"][m]["0.0"] == data["A"]["arp"]["skyline"]["0.0"]
    # the optimum (sorted by γ) is never beaten
    for m in ("skyline", "naive", "IPW", "logging"):
        assert min(np.subtract(data["A"]["arp"][m]["2.0"], data["A"]["arp"]["optimal"]["2.0"])) >= 0
    # clipping's exact bias is ≤ 0 and its variance ≤ IPW's at every η (ULTR-IPW/clipped)
    for mom in data["A"]["moments"].values():
        assert max(mom["clip_rel_bias"]) <= 1e-12
        assert all(c <= i + 1e-12 for c, i in zip(mom["clip_rel_sd"], mom["ipw_rel_sd"]))
    assert all(r["answer"] in ("reproduced", "contradicted", "inconclusive") for r in data["verdicts"])
    pipe = data["A"]["pipeline"]
    assert [len(pipe[m]["arp"]) for m in ("θ̂ by EM", "θ̂ by DLA (capped)")] == [z["pipe_reps"]] * 2
    # the stability runs: capped DLA's start gap is never larger than 1 (it does not diverge on these logs)
    assert all(g is not None and g < 1 for g in data["stability"]["methods"]["DLA (capped)"]["start_gap"])
    blocks = xu.render(data, RenderContext(out=tmp_path))
    html = doc.to_html("exp_ultr", blocks)
    assert "regression EM" in html and (tmp_path / "figures" / "exp_ultr.png").exists()


def test_paired_variance_test_detects_a_planted_ratio_and_not_its_absence():
    rng = np.random.default_rng(np.random.SeedSequence(3))
    b = rng.standard_normal(200)
    a_big = 2.0 * b + 0.5 * rng.standard_normal(200)       # var ratio ≈ 4.25, strongly paired
    assert xu.variance_paired_test(a_big, b)["p"] < 1e-6
    a_same = np.roll(b, 1)                                   # the same variance
    assert xu.variance_paired_test(a_same, b)["p"] > 0.01
    assert xu.variance_paired_test(b, a_big)["p"] > 0.99     # the other direction is rejected the other way


def test_a_diverged_run_makes_the_comparison_missing_not_nan():
    """A θ error of None (diverged run) has no t-test: the comparison is listed as missing and the claim cannot be
    'reproduced' (before, None became NaN inside the t statistic and the row read 'inconclusive' with no reason)."""
    a, b = [0.5, 0.6, 0.55, 0.58], [0.1, 0.12, 0.11, None]
    got = xu._paired(a, b, "EM − DLA", "greater", "θ error difference")
    assert isinstance(got, str) and "diverged" in got
    dec = xu._decide([got])
    assert dec.answer == "inconclusive" and dec.missing == (got,)
    # without the diverged run the same data reproduce the claim, through the project's one paired t-test
    ok = xu._paired(a, [0.1, 0.12, 0.11, 0.13], "EM − DLA", "greater", "θ error difference")
    assert ok.test == xu.PAIRED_TEST and ok.estimate > 0 and xu._decide([ok]).answer == "reproduced"
    assert xu._decide([ok, got]).answer == "inconclusive"
