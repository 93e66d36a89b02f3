"""The bound-violation search (sim/violations.py, sim/violations_loop.py): loop agreement, rules, scores."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from clickbound import sim
from clickbound.sim import violations as sv
from clickbound.sim.violations_loop import run_with_cascade_regrets


@pytest.mark.slow  # compiles the loop (~15 s)
def test_cascade_loop_matches_engine_regret_bitwise():
    env = sim.DCM(w=[0.6, 0.4, 0.3, 0.1], v=[0.9, 0.4])
    cps, reg, casc = run_with_cascade_regrets(env, "dcmKL-UCB", 3000, 3, 11)
    res = sim.simulate(env, "dcmKL-UCB", n=3000, runs=3, seed=11)
    assert np.array_equal(res.checkpoints, cps)
    assert np.array_equal(res.regret, reg)  # same loop, same streams: the same numbers
    # f_i(A*, w̄) ≥ f_i(A, w̄) for every list (the i best items on top): R_i is non-decreasing, ≥ 0
    assert np.all(np.diff(casc, axis=2) >= -1e-12) and np.all(casc >= -1e-12)


def test_cascade_loop_rejects_other_models():
    with pytest.raises(ValueError, match="DCM only"):
        run_with_cascade_regrets(sim.Cascade(w=[0.5, 0.2]), "CascadeKL-UCB", 10, 1, 0)


@pytest.mark.parametrize("name", sorted(sv.TARGETS))
def test_sampled_and_moved_instances_obey_the_rules(name):
    t = sv.TARGETS[name]
    rng = np.random.default_rng(3)
    for _ in range(20):
        inst = t.sample(rng)
        for cand in [inst] + [t.neighbour(inst, rng) for _ in range(5)]:
            if cand is None:
                continue
            assert cand["L"] <= sv.L_MAX and cand["K"] <= min(sv.K_MAX, cand["L"])
            w = cand["w"]
            assert len(w) == cand["L"]
            if "p" not in cand:  # B_LB ties are the family's definition; elsewhere items are distinct
                assert len(set(w)) == len(w)
            v = cand.get("v")
            if v is not None:
                assert all(v[k] >= v[k + 1] for k in range(len(v) - 1))
                if t.model in ("depth", "pbm"):
                    assert v[0] == 1.0
            if t.quantity:
                assert cand["K"] >= t.quantity and cand["L"] > t.quantity
            json.dumps(cand)  # JSON-able: the record stores it


def test_search_is_reproducible_and_records_its_size():
    size = sv.SearchSize(grid=3, n=500, runs=2, starts=1, local_steps=2, seed=5)
    a = sv.search(sv.TARGETS["KLUCB-ASYMP"], size)
    b = sv.search(sv.TARGETS["KLUCB-ASYMP"], size)
    assert a.trail == b.trail and a.best == b.best
    assert a.size["grid"] == 3 and a.evaluated >= 1
    assert a.best["score"] == min(s for _k, s in a.trail)


def test_score_flags_a_planted_violation():
    """Regret twice the finite bound everywhere: ratio 1/2 (a candidate); half of it: ratio 2."""
    t = sv.TARGETS["UCB1-BOUND/as-printed"]
    cps = np.array([100, 1000, 10000])
    bound = np.array([10.0, 20.0, 30.0])
    reg = np.vstack([2 * bound, 2 * bound + 1])
    assert sv.score(t, cps, reg, bound, 5.0, False)[0] == pytest.approx(min(bound / (2 * bound + 0.5)))
    assert sv.score(t, cps, reg / 4, bound, 5.0, False)[0] > 1


def test_bound_slope_of_c_log_n_is_c():
    cps = np.sort(np.array([10 ** k for k in range(2, 7)] + [3 * 10 ** 5, 5 * 10 ** 5]))
    assert sv.bound_slope(cps, 7.0 * np.log(cps), 7.0) == pytest.approx(7.0)
    # the DCM form c(log n + 3 log log n): steeper than c over the window, by about 3c/log n
    b = 7.0 * (np.log(cps) + 3 * np.log(np.log(cps)))
    assert 7.0 < sv.bound_slope(cps, b, 7.0) < 7.0 * (1 + 3 / math.log(1e5))


@pytest.mark.slow  # compiles the loop (~15 s)
def test_evaluate_dcm_p1_uses_the_cascade_regret():
    t = sv.TARGETS["DCM-P1[i=1]"]
    inst = {"L": 3, "K": 2, "w": [0.7, 0.4, 0.2], "v": [0.8, 0.3]}
    e = sv.evaluate(t, inst, 400, 2, 1)
    _cps, _reg, casc = run_with_cascade_regrets(sv.make_env("dcm", inst), "dcmKL-UCB", 400, 2, 1)
    assert np.array_equal(e.regret, casc[:, 0, :])
