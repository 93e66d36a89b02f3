"""The blog's code as written (report/blog_timing.py, source 004_d9477b3ebe233f80.txt): it runs, restores
the global random states, and the table's consistency checks come from the table's own numbers.
No wall-clock time is asserted."""
import random

import numpy as np
import pytest

import pandas  # noqa: F401  (a declared dependency: missing means a broken install)

from clickbound.report import blog_timing as bt


@pytest.mark.parametrize("agent", ["CascadeUCB1", "CascadeLinTS"])
def test_time_cell_runs_the_blog_code_and_restores_the_global_streams(agent):
    random.seed(3)
    np.random.seed(3)
    before = random.random(), np.random.random()
    random.seed(3)
    np.random.seed(3)
    c = bt.time_cell(agent, 16, steps=30, seed=1, get_list_calls=2)
    assert (random.random(), np.random.random()) == before
    assert c["steps"] == 30 and c["implied_10k_s"] == pytest.approx(c["s_per_step"] * bt.STEPS)
    assert 0.0 <= c["final_regret"] <= 30.0  # at most one unit of pseudo-regret a step
    assert bt.E == []  # the blog's global E is put back


def test_same_seed_same_run():
    a = bt.time_cell("CascadeLinTS", 16, steps=20, seed=5, get_list_calls=1)
    b = bt.time_cell("CascadeLinTS", 16, steps=20, seed=5, get_list_calls=1)
    assert a["final_regret"] == b["final_regret"]


def test_consistency_rows_from_the_table():
    rows = bt.consistency([])
    # affine line through (256, 3 s) and (3000, 28 s) at L = 16: 3 − 25/2744 · 240 = 0.8134 s
    assert rows[0][1] == "0.813 s"
    assert rows[1][1] == "28.6 ms per step"  # 286 s / 10^4
