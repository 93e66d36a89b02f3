"""lemmas/studies/fixed_point_lk.py: stable points with L > K = 2, exactly and against the simulator."""
import numpy as np
import pytest
import sympy as sp

from clickbound import sim
from clickbound.lemmas import check
from clickbound.lemmas.studies import fixed_point as fx
from clickbound.lemmas.studies import fixed_point_lk as fl

R = sp.Rational
CLAIMS = {c.id: c for c in fl.feedback_fixed_point_lk_claims()}
#: two-sided z level for the simulated slope (one test: no Bonferroni)
Z = 3.29  # 0.1 %
#: the mean-field rate is the n → ∞ limit; at n = 10^5 exploration (bonus, the third item) adds O(sqrt(log n/n))
DRIFT = 0.001


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_counterexample_is_a_three_item_instance_with_positive_regret(cid):
    cx = check(CLAIMS[cid], budget_s=120).counterexample
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


def test_wrong_set_point_holds_the_real_policy():
    """θ = (9/10, 3/10, 1/5), κ = (1, 1/10): the list (2, 0) — the worst item first — is a stable point (16/25 per
    round).  The reference policy started there (counts 5000 at the mean-field means, t = 15000) keeps it:
    ≥ 90 % of 20000 rounds show (2, 0) (seeded; a check of local stability, not of the basin's size)."""
    from clickbound.sim.policies.registry import policies

    policy, model, x, y = fl.WRONG_SET_INSTANCE
    a = fl.analyse(policy, model, x, y)
    wrong = [p for p in a["stable_points"] if not p["optimal_set"]]
    assert [(p["set"], p["regret_per_round"]) for p in wrong] == [([0, 2], "16/25")]
    means = {2: 0.2, 0: float(wrong[0]["mean_at_threshold_approx"]), 1: float(sp.Rational(wrong[0]["exploration_means"]["1"]))}
    env = sim.PBM(theta=[float(v) for v in x], kappa=[float(v) for v in y])
    env_rng, pol_rng = (np.random.default_rng(s) for s in np.random.SeedSequence(5).spawn(2))
    pol = policies()[policy](3, 2, pol_rng)
    N0, t0, rounds = 5000.0, 15000, 20000
    pol.T[:] = N0
    pol.C[:] = [N0 * means[e] for e in range(3)]
    held = 0
    for t in range(t0, t0 + rounds):
        A = pol.select(t)
        held += tuple(int(e) for e in A) == (2, 0)
        pol.update(t, A, env.observe(A, env_rng))
    assert held >= 0.9 * rounds, held


def test_sign_of_an_algebraic_difference_is_decided_or_refused():
    """fl._below: rationals exactly; a radical by strict 50-digit evaluation; a difference that is 0 in disguise
    ((√2 + √3)² vs 5 + 2√6) is refused, never decided by rounding; a float is rejected."""
    assert fl._below(R(1, 3), R(1, 2)) and not fl._below(R(1, 2), R(1, 2))
    assert not fl._below(sp.sqrt(2), R(141421356237, 10 ** 11))  # √2 exceeds it by 3.1e-12
    assert fl._below(sp.sqrt(2), R(141421356238, 10 ** 11))
    with pytest.raises(ArithmeticError):
        fl._below(sp.Mul(sp.Add(sp.sqrt(2), sp.sqrt(3)), sp.Add(sp.sqrt(2), sp.sqrt(3)), evaluate=False),
                  5 + 2 * sp.sqrt(6))
    with pytest.raises(TypeError):
        fl._below(sp.Float(0.1), R(1, 2))
