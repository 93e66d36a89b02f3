"""sim/violations.py: the rate test of the order-only bound CASCADE-UCB1/order, and its committed record."""
import json
import math
import pathlib

import numpy as np
import pytest
from scipy import stats

from clickbound.sim import violations as sv
from clickbound.sim.engine import log_checkpoints

RECORD = pathlib.Path(sv.__file__).resolve().parent.parent / "lemmas" / "data" / "cascade_ucb1_order_slope.json"
#: float tolerance for re-deriving the record's statistics from its per-run slopes (same formulas, float64)
RTOL = 1e-9


def _synthetic(f, runs=20, n=10 ** 6, sd=0.5, seed=1):
    cps = log_checkpoints(n)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    return cps, f(cps.astype(float))[None, :] + rng.normal(0.0, sd, (runs, cps.size))


def test_logarithmic_growth_passes_and_sqrt_growth_does_not():
    cps, reg = _synthetic(lambda n: 12.0 * np.log(n))
    st = sv.order_slope_stats(cps, reg, 10 ** 6)
    assert st["rejects_H0"] and abs(st["growth_exponent_estimate"]) < 0.01
    cps, reg = _synthetic(lambda n: 0.5 * np.sqrt(n))
    st = sv.order_slope_stats(cps, reg, 10 ** 6)
    assert not st["rejects_H0"] and abs(st["growth_exponent_estimate"] - 0.5) < 0.02


def test_window_slopes_exact_on_a_line():
    cps = log_checkpoints(10 ** 5)
    reg = np.vstack([3.0 * np.log(cps), 5.0 * np.log(cps) + 2.0])
    np.testing.assert_allclose(sv.window_slopes(cps, reg, 10 ** 3, 10 ** 4), [3.0, 5.0], rtol=1e-12)


def test_order_bound_is_listed_with_why_it_cannot_be_searched():
    why = sv.NOT_SEARCHED["CASCADE-UCB1/order"]
    assert "no finite-n content" in why and "CASCADE-UCB1/kveton2015a-recalled" in why
    assert "CASCADE-UCB1/kveton2015a-recalled" in sv.TARGETS


def test_committed_record_rederives():
    rec = json.loads(RECORD.read_text())
    assert rec["root_seed"] == sv.ORDER_SEED and rec["why"] == sv.NOT_SEARCHED["CASCADE-UCB1/order"]
    seeds = [int(s.generate_state(1, dtype=np.uint32)[0])
             for s in np.random.SeedSequence(sv.ORDER_SEED).spawn(len(sv.ORDER_INSTANCES))]
    assert [r["seed"] for r in rec["rows"]] == seeds
    assert [r["instance"] for r in rec["rows"]] == list(sv.ORDER_INSTANCES)
    m = len(sv.ORDER_INSTANCES)
    for r in rec["rows"] + rec.get("extended", []):
        prev, last = np.array(r["per_run_slope_prev"]), np.array(r["per_run_slope_last"])
        assert prev.size == last.size == r["runs"] >= 20 and r["n"] >= 10 ** 6
        D = last - 10 ** sv.ORDER_A0 * prev
        t = D.mean() / (D.std(ddof=1) / math.sqrt(D.size))
        assert math.isclose(t, r["t"], rel_tol=RTOL)
        p = stats.t.cdf(t, D.size - 1)
        assert math.isclose(p, r["p_value"], rel_tol=1e-6)
        mm = m if r in rec["rows"] else len(rec["extended"])
        assert r["rejects_H0"] == bool(p < sv.ORDER_LEVEL / mm)
        # every slope is below the rate the recalled Kveton bound allows
        assert r["slope_last_decade"] < r["kveton_recalled_log_coefficient"]


@pytest.mark.slow
def test_order_slope_test_runs_small():
    out = sv.order_slope_test(instances=sv.ORDER_INSTANCES[:1], n=10 ** 4, runs=4, seed=1)
    (row,) = out["rows"]
    assert row["n"] == 10 ** 4 and len(row["per_run_slope_last"]) == 4 and row["slope_last_decade"] > 0
