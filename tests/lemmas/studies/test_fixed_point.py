"""lemmas/studies/fixed_point.py: the mean-field stable points, exactly and against the simulator."""
import numpy as np
import pytest
import sympy as sp

from clickbound import sim
from clickbound.lemmas import check
from clickbound.lemmas.studies import fixed_point as fx

CLAIMS = {c.id: c for c in fx.feedback_fixed_point_claims()}
#: two-sided z level for the one simulated slope (a single test: no Bonferroni)
Z = 3.29  # 0.1 %


@pytest.mark.parametrize("cid", sorted(f"FB-FIX/{p}/{m}" for p, m in fx.BIASED))
def test_counterexample_has_a_suboptimal_stable_point(cid):
    """A refutation's instance has a stable point other than the optimal order, with positive regret per round."""
    cx = check(CLAIMS[cid], budget_s=120).counterexample
    assert not cx["optimal_only"]
    assert any(sp.nsimplify(p["regret_per_round"]) > 0 for p in cx["stable_points"])


def test_stable_points_of_the_simulated_instances():
    a = fx.analyse(*fx.SIM_INSTANCE)
    (pt,) = a["stable_points"]
    assert pt["kind"].startswith("interior") and abs(float(pt["regret_per_round_approx"]) - 0.0104563) < 1e-6
    b = fx.analyse(*fx.TRAP_INSTANCE)
    assert [p["kind"] for p in b["stable_points"]] == ["optimal order A1", "suboptimal order A2"]
    assert b["stable_points"][1]["regret_per_round"] == "1/25"


@pytest.mark.slow
def test_dcmklucb_regret_slope_matches_the_interior_stable_point():
    """Linear regret at the predicted rate: slope of R(n) on [n/2, n], 8 replications, seed 3."""
    _, _, x, y = fx.SIM_INSTANCE
    env = sim.DCM(w=[float(v) for v in x], v=[float(v) for v in y])
    n = 200_000
    r = sim.simulate(env, "dcmKL-UCB", n=n, runs=8, seed=3, checkpoints=[n // 2, n])
    slope = (r.regret[:, 1] - r.regret[:, 0]) / (n / 2)
    pred = float(fx.analyse(*fx.SIM_INSTANCE)["stable_points"][0]["regret_per_round_approx"])
    se = slope.std(ddof=1) / np.sqrt(slope.size)
    # the mean-field rate is the n → ∞ limit; at n = 2·10^5 the exploration bonus adds O(sqrt(log n / n)) drift
    assert abs(slope.mean() - pred) < Z * se + 0.001, (slope.mean(), se, pred)


@pytest.mark.slow
def test_last_click_cascade_ucb_on_pbm_gets_trapped_in_some_runs():
    _, _, x, y = fx.TRAP_INSTANCE
    env = sim.PBM(theta=[float(v) for v in x], kappa=[float(v) for v in y])
    n = 200_000
    r = sim.simulate(env, "CascadeUCB-last-click", n=n, runs=16, seed=3, checkpoints=[n // 2, n])
    slope = (r.regret[:, 1] - r.regret[:, 0]) / (n / 2)
    # each run settles on one order: slope 0 (optimal) or the gap 1/25 (trapped), and both occur
    assert np.all((np.abs(slope) < 1e-3) | (np.abs(slope - 0.04) < 1e-3)), slope
    assert 0 < np.sum(slope > 0.02) < slope.size


def test_stable_points_refuse_a_test_point_beyond_a_neighbouring_root():
    # d = −(X − 1/2)(X − 1/2 − 10^−13): the rational test point right of 1/2 (at 5/8) lies beyond the second
    # root, where d has the other sign; the sign there says nothing about d just right of 1/2, so it is refused
    X = fx.X
    close = -(X - sp.Rational(1, 2)) * (X - sp.Rational(1, 2) - sp.Rational(1, 10 ** 13))
    with pytest.raises(ArithmeticError):
        fx.stable_points(close)
    # well separated roots: d = −(X − 1/4)(X − 3/4) is positive between them, so 3/4 is stable and 1/4 is not
    far = -(X - sp.Rational(1, 4)) * (X - sp.Rational(3, 4))
    assert [(p, k) for p, k in fx.stable_points(far) if k.startswith("interior")] == \
        [(sp.Rational(3, 4), "interior (mixed orders)")]
