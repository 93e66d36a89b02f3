"""The Lai–Robbins section decides DCM-FACT/numeric from its estimates (issue 4: register the outcome)."""
import pytest

from clickbound.bounds.kl import kl_scalar
from clickbound.report.sections.exp_lai_robbins import numeric_fact_verdict


def _data(p, d, mean, half):
    """Synthetic section data with one two-arm setting (a test fixture, not a result)."""
    return {"settings": [{"label": "two arms", "derived": {
        "p": p, "delta": d, "ratio_mean": mean, "ratio_lower": mean - half, "ratio_upper": mean + half}}]}


def test_estimates_near_one_over_kl_reproduce():
    inv = 1 / kl_scalar(0.4, 0.5)  # 1/D_KL(p−Δ‖p) at p = 0.5, Δ = 0.1: 49.66
    answer, detail = numeric_fact_verdict(_data(0.5, 0.1, 1.3 * inv, 5.0))
    assert answer == "reproduced" and "DCM-FACT/numeric survived" in detail


@pytest.mark.parametrize("factor,half", [(1.0, 1.0), (1.5, 10.0)])
def test_estimates_at_delta_over_kl_do_not(factor, half):
    dd = 0.1 / kl_scalar(0.4, 0.5)  # Δ/D_KL: the Fact as printed
    answer, detail = numeric_fact_verdict(_data(0.5, 0.1, factor * dd, half))
    assert answer == "not reproduced" and "refuted" in detail
