"""clickbound.stats on hand-checked cases: Holm, signs, degenerate samples, round trips."""
import math

import pytest
from scipy import stats as sps

from clickbound import stats as st


def test_holm_steps_down_and_stops_at_the_first_failure():
    # m = 4 at α = 0.05: thresholds 0.0125, 0.0167, 0.025, 0.05 for the sorted p-values
    assert st.holm([0.01, 0.04, 0.012, 0.02], 0.05) == [True, True, True, True]
    assert st.holm([0.01, 0.04, 0.02, 0.03], 0.05) == [True, False, False, False]  # 0.02 > 0.0167
    assert st.holm([0.2], 0.05) == [False] and st.holm([], 0.05) == []


def test_signed_prints_the_sign_of_the_number():
    assert st.signed(-68.9) == "−68.9" and st.signed(68.9) == "+68.9" and st.signed(0.0) == "+0"


def test_p_values_and_power_agree_with_scipy():
    c = st.from_summary("x", 1.0, 0.5, 9, 0.0, "greater", "t", 1.0)
    assert c.p_claim == pytest.approx(sps.t.sf(2.0, 9), rel=1e-12)
    assert c.p_claim + c.p_opposite == pytest.approx(1.0, abs=1e-15)
    crit = sps.t.ppf(0.95, 9)
    assert c.power(0.05) == pytest.approx(sps.nct.sf(crit, 9, 2.0), rel=1e-9)


def test_zero_variance_decides_by_the_sign_alone():
    assert st.one_sample([2.0, 2.0], 3.0, "less", "x", "t").p_claim == 0.0
    tie = st.one_sample([3.0, 3.0], 3.0, "less", "x", "t")
    assert tie.p_claim == 1.0 and tie.p_opposite == 1.0
    assert st.decide([tie]).answer == "inconclusive"


def test_missing_comparisons_never_reproduce():
    c = st.paired([1.0, 1.1, 0.9], [5.0, 5.1, 4.9], "less", "A vs B")
    assert st.decide([c]).answer == "reproduced"
    d = st.decide([c], missing=("C was not run",))
    assert d.answer == "inconclusive" and "C was not run" in d.text()


def test_comparison_round_trips_through_its_dict():
    c = st.welch([1.0, 2.0, 3.0], [2.0, 3.0, 5.0], "less", "w", what="change")
    back = st.Comparison.from_dict(c.as_dict())
    assert back == c and back.p_claim == c.p_claim


def test_large_families_show_the_tests_nearest_to_failing():
    cs = [st.from_summary(f"n = {i}", 1.0, 0.1, 9, 2.0, "less", "t", 0.2) for i in range(20)]
    cs[13] = st.from_summary("n = 13", 1.95, 0.1, 9, 2.0, "less", "t", 0.2)
    text = st.decide(cs).detail()
    assert "n = 13:" in text and f"({st.MAX_SHOWN} of 20 tests shown" in text


def test_verdict_row_states_everything():
    c = st.paired([1.0, 1.1, 0.9], [5.0, 5.1, 4.9], "less", "A vs B")
    row = st.verdict_row(st.decide([c]), 1000, 3, 100_000, "fixture")
    assert row["answer"] == "reproduced" and row["level"] == st.ALPHA
    assert row["correction"] == "none (a single test)" and "paired t-test" in row["test"]
    assert row["decided_at"].startswith("n = 1,000, 3 runs; source: n = 100,000 (fixture)")
    assert not math.isnan(row["power"])
