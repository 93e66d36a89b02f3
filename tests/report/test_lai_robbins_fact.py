"""The Lai–Robbins section tests DCM-FACT/numeric on its per-run estimates (issues 4, 18), and shows
the lemmas claim's own verdict beside the test."""
import numpy as np
import pytest

from clickbound.bounds.kl import kl_scalar
from clickbound.report.sections.exp_lai_robbins import (
    midpoint,
    numeric_fact_verdict,
    standard_not_printed,
)

P, D = 0.5, 0.1
INV = 1 / kl_scalar(P - D, P)  # 1/D_KL(p−Δ‖p) at p = 0.5, Δ = 0.1: 49.66
RUNS = 20


def _data(center, sd, n=1_000_000, source_n=1_000_000):
    """Synthetic section data with one two-arm setting (a test fixture, not a result): per-run values
    with exactly mean ``center`` and sample sd ``sd``."""
    x = np.random.default_rng(3).standard_normal(RUNS)
    x = (x - x.mean()) / x.std(ddof=1)
    vals = center + sd * x
    h = 2.09 * sd / np.sqrt(RUNS)  # t_{0.975, 19} ≈ 2.09, for the lemmas claim's CI only
    derived = {"p": P, "delta": D, "one_over_kl": INV, "delta_over_kl": D * INV,
               "ratio_per_run": vals.tolist(), "slope_per_run": vals.tolist(),
               "ratio_mean": center, "ratio_lower": center - h, "ratio_upper": center + h}
    return {"n": n, "runs": RUNS, "source_text": "fixture",
            "settings": [{"label": "two arms", "derived": derived, "source_n": source_n}]}


@pytest.mark.parametrize("test", [numeric_fact_verdict, standard_not_printed])
def test_estimates_near_one_over_kl_reproduce(test):
    row = test(_data(1.3 * INV, 5.0))
    assert row["answer"] == "reproduced" and "one-sided one-sample t-test" in row["test"]
    assert row["level"] == 0.05 and row["n"] == 1_000_000 and row["runs"] == RUNS


def test_the_lemmas_verdict_is_shown_beside_the_test():
    row = numeric_fact_verdict(_data(1.3 * INV, 5.0))
    assert "lemmas DCM-FACT/numeric by its own rule" in row["detail"]


@pytest.mark.parametrize("factor,sd", [(1.0, 1.0), (1.5, 10.0)])
def test_estimates_at_delta_over_kl_are_contradicted(factor, sd):
    row = numeric_fact_verdict(_data(factor * D * INV, sd))
    assert row["answer"] == "contradicted"
    short = numeric_fact_verdict(_data(factor * D * INV, sd, n=100_000))
    assert short["answer"] == "inconclusive" and "< source n = 1,000,000" in short["verdict"]


def test_at_the_midpoint_nothing_is_decided():
    row = standard_not_printed(_data(midpoint(D, INV), 5.0))
    assert row["answer"] == "inconclusive" and row["verdict"].startswith("inconclusive (power ")


def test_derive_runs_on_a_small_result():
    """The section's per-setting statistics compute (a regression: it once called a t quantile through
    a module attribute that no longer existed, and the section failed only in a real report)."""
    import numpy as np
    from types import SimpleNamespace

    from clickbound.report.sections import exp_lai_robbins as lr

    setting = lr.bernoulli_setting(0.2, 0.15)
    cps = np.array([10, 100, 1000, 2000, 5000, 10_000])
    rng = np.random.default_rng(0)
    regret = np.cumsum(rng.random((6, cps.size)), axis=1) * 0.15 * np.log(cps)
    out = lr.derive(setting, {"KL-UCB": SimpleNamespace(checkpoints=cps, regret=regret)})
    assert out["ratio_lower"] < out["ratio_mean"] < out["ratio_upper"]
    assert out["one_over_kl"] > 0 and len(out["rows"]) == 6
