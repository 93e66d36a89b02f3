"""compare_bound (report/bound_vs_sim.py): a bound against simulated regret, decided by the report's statistics."""
from __future__ import annotations

import math

import pytest

from clickbound.bounds.cascade import cascade_ucb1_kveton_recalled
from clickbound.report.bound_vs_sim import compare_bound, target

W = {"w": [0.5, 0.3, 0.2, 0.1], "K": 2}


def _t2(inst, n):
    return cascade_ucb1_kveton_recalled(inst["w"], inst["K"], n)


def test_a_loose_bound_is_consistent_and_a_planted_tight_one_is_violated():
    ok = compare_bound(_t2, "CascadeUCB1", "cascade", n=2000, runs=4, seed=1, instance=W)
    assert ok["status"] == "consistent-in-simulation" and ok["score"] > 1
    assert ok["level"] == 0.05 and "t-test" in ok["test"] and ok["instance"]["L"] == 4
    bad = compare_bound(lambda inst, n: 0.5 * math.log(n), "CascadeUCB1", "cascade", n=2000, runs=4, seed=1,
                        instance=W)
    assert bad["status"] == "violated-in-simulation" and bad["score"] < 1
    assert bad["mean"] == ok["mean"]  # same instance, policy and seed: the same simulated regret


def test_search_first_then_confirm_the_closest():
    r = compare_bound(_t2, "CascadeUCB1", "cascade", n=1000, runs=2, seed=3,
                      search={"grid": 2, "n": 500, "runs": 2, "starts": 1, "local_steps": 1})
    assert r["search"]["evaluated"] >= 2 and r["instance"] == r["search"]["best"]["instance"]


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="unknown model"):
        target("x", _t2, "CascadeUCB1", "nosuchmodel")
    with pytest.raises(ValueError, match="give instance"):
        compare_bound(_t2, "CascadeUCB1", "cascade", n=100, runs=2)
