"""lemmas/feedback_fixed_point_lk.py: stable points with L > K = 2, exactly and against the simulator."""
import numpy as np
import pytest
import sympy as sp

from clickbound import sim
from clickbound.lemmas import check
from clickbound.lemmas import feedback_fixed_point as fx
from clickbound.lemmas import feedback_fixed_point_lk as fl

R = sp.Rational
CLAIMS = {c.id: c for c in fl.feedback_fixed_point_lk_claims()}
#: two-sided z level for the simulated slope (one test: no Bonferroni)
Z = 3.29  # 0.1 %
#: the mean-field rate is the n → ∞ limit; at n = 10^5 exploration (bonus, the third item) adds O(sqrt(log n/n))
DRIFT = 0.001


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_claim_comes_out_as_registered(cid):
    v = check(CLAIMS[cid], budget_s=120)
    assert v.matches_expectation is True and v.status == "refuted", (cid, v.status)
    cx = v.counterexample
    assert not cx["optimal_only"] and cx["L"] == 3
    assert any(float(p["regret_per_round_approx"]) > 0 for p in cx["stable_points"])


def test_third_item_leaves_the_two_item_oscillation_unchanged():
    """dcmKL-UCB, w̄ = (4/5, 7/10, 1/2), v̄ = (1/2, 0): the L = K = 2 interior point of FB-FIX/dcmKL-UCB/dcm is
    still the only stable point; the third item's exploration mean stays below the common mean."""
    a = fl.analyse(*fl.SIM_INSTANCE)
    (pt,) = a["stable_points"]
    two = fx.analyse(*fx.SIM_INSTANCE)["stable_points"][0]
    assert pt["set"] == [0, 1] and pt["kind"].startswith("interior")
    assert pt["regret_per_round"] == two["regret_per_round"]
    assert float(pt["exploration_means"]["2"]) < float(pt["mean_at_threshold_approx"])
    # L = 4: a fourth, worse item changes nothing
    b = fl.analyse("dcmKL-UCB", "dcm", (R(4, 5), R(7, 10), R(1, 2), R(1, 5)), (R(1, 2), R(0)))
    assert [p["regret_per_round"] for p in b["stable_points"]] == [two["regret_per_round"]]


def test_pbm_trap_with_a_wrong_set():
    """Cascade-UCB last-click on PBM, θ = (3/10, 1/5, 1/10), κ = (1/2, 1/10): three stable points — the optimal
    list, the reversed order (1/25 per round) and the wrong set (item 2 first, item 0 second: 9/100)."""
    a = fl.analyse(*fl.TRAP_INSTANCE)
    got = sorted((tuple(p["set"]), p["regret_per_round"]) for p in a["stable_points"])
    assert got == [((0, 1), "0"), ((0, 1), "1/25"), ((0, 2), "9/100")]
    assert a["wrong_set_stable"]
    # by hand at the wrong-set point (2, 0): item 2 at position 1 is always recorded, mean κ_1 θ_2 = 1/20;
    # item 0 at position 2 is recorded on a click there or no click at all
    th, ka = (R(3, 10), R(1, 5), R(1, 10)), (R(1, 2), R(1, 10))
    m0 = ka[1] * th[0] / (ka[1] * th[0] + (1 - ka[0] * th[2]) * (1 - ka[1] * th[0]))
    e1 = ka[1] * th[1] / (ka[1] * th[1] + (1 - ka[0] * th[2]) * (1 - ka[1] * th[1]))
    wrong = next(p for p in a["stable_points"] if p["set"] == [0, 2])
    assert abs(float(wrong["mean_at_threshold_approx"]) - float(m0)) < 1e-9 and e1 < m0 < ka[0] * th[2]


@pytest.mark.slow
def test_dcm_three_items_slope_matches_the_interior_point():
    """Linear regret at the predicted rate with L = 3: slope of R(n) on [n/2, n], n = 10^5, 8 runs, seed 3."""
    _, _, x, y = fl.SIM_INSTANCE
    env = sim.DCM(w=[float(v) for v in x], v=[float(v) for v in y])
    n = 100_000
    r = sim.simulate(env, "dcmKL-UCB", n=n, runs=8, seed=3, checkpoints=[n // 2, n])
    slope = (r.regret[:, 1] - r.regret[:, 0]) / (n / 2)
    pred = float(fl.analyse(*fl.SIM_INSTANCE)["stable_points"][0]["regret_per_round_approx"])
    se = slope.std(ddof=1) / np.sqrt(slope.size)
    assert abs(slope.mean() - pred) < Z * se + DRIFT, (slope.mean(), se, pred)


@pytest.mark.slow
def test_pbm_three_items_runs_settle_at_stable_points():
    """Each run's slope on [n/2, n] (n = 10^5, 16 runs, seed 3) is one of the predicted per-round regrets
    (+ the exploration drift), and both the optimal list and a trap occur."""
    _, _, x, y = fl.TRAP_INSTANCE
    env = sim.PBM(theta=[float(v) for v in x], kappa=[float(v) for v in y])
    n = 100_000
    r = sim.simulate(env, "CascadeUCB-last-click", n=n, runs=16, seed=3, checkpoints=[n // 2, n])
    slope = (r.regret[:, 1] - r.regret[:, 0]) / (n / 2)
    preds = np.array([float(p["regret_per_round_approx"]) for p in fl.analyse(*fl.TRAP_INSTANCE)["stable_points"]])
    dist = np.abs(slope[:, None] - preds[None, :]).min(axis=1)
    assert np.all(dist < 2 * DRIFT), (slope, preds)
    assert np.any(slope < 0.01) and np.any(slope > 0.03)
