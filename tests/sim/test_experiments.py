"""The Lai–Robbins / Δ-factor driver (sim/experiments.py; DCM-FACT (2))."""
import math

import numpy as np
import pytest

from clickbound.bounds.kl import kl_bernoulli
from clickbound.sim.experiments import blb, lai_robbins


def test_two_arm_counts_equal_regret_over_delta_and_ratio_nearer_true_constant():
    (row,) = lai_robbins([(0.5, 0.3)], n=20_000, runs=8, seed=1, dcm=False, workers=1)
    kl = float(kl_bernoulli(0.2, 0.5))
    assert row["lr_true"] == pytest.approx(1 / kl) and row["lr_as_printed"] == pytest.approx(0.3 / kl)
    # T_n(bad arm) from the display counts equals R(n)/Δ (pseudo-regret Δ per bad pull)
    last = row["two_arm_ratio"][0][-1] * math.log(20_000)
    assert last == pytest.approx(row["two_arm_final_counts"].mean(), rel=1e-9)
    # the finite-n ratio sits nearer the true constant 1/KL than the printed Δ/KL
    m = row["two_arm_ratio"][0][-1]
    assert abs(m - row["lr_true"]) < abs(m - row["lr_as_printed"])
    assert row["two_arm_ratio"][1][-1] > row["lr_as_printed"]  # CI excludes the printed constant


def test_dcm_blb_row():
    (row,) = lai_robbins([(0.2, 0.15)], n=5_000, runs=4, seed=0, L=6, K=2, gamma=0.5, workers=1)
    m, lo, hi = row["dcm_ratio"]
    assert lo <= m <= hi and m > 0
    kl = float(kl_bernoulli(0.05, 0.2))
    assert row["thm3_constant"] == pytest.approx(0.5 * 0.8 * 4 * 0.15 / kl)


def test_blb_validation():
    env = blb(5, 2, 0.2, 0.15, 0.5)
    assert np.allclose(env.w, [0.2, 0.2, 0.05, 0.05, 0.05]) and np.allclose(env.v, [0.5, 0.5])
    with pytest.raises(ValueError, match="delta"):
        blb(5, 2, 0.1, 0.2, 0.5)
