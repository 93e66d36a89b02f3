"""The qualitative tests of report/sections/exp_blog_as_written.py and exp_depth_extra.py on synthetic
data: each says "reproduced" when the data go the claimed way, "contradicted" when they go
clearly against it, and never more than the data allow."""
import numpy as np

from clickbound.report.sections.exp_blog_as_written import converges
from clickbound.report.sections.exp_depth_extra import (
    cascade_spread_larger,
    gain_grows_as_pk_shrinks,
    log_variance_ratio,
)

RNG = np.random.default_rng(16)


def _data(settings, n=10_000, runs=20, source_n=None):
    return {"n": n, "runs": runs, "source_n": source_n, "source_text": "", "settings": settings}


def _flat(early, late):
    e, l_ = np.asarray(early), np.asarray(late)
    return {"m": 3981, "n": 10_000, "early": e.tolist(), "late": l_.tolist(), "d": (l_ - 0.5 * e).tolist()}


def test_converges_reads_the_late_per_round_regret():
    early = 0.02 + 0.001 * RNG.standard_normal(20)
    flat = {"P": _flat(early, 0.2 * early), "Q": _flat(early, early)}  # P flattens, Q is linear
    data = _data([{"label": "s", "source_n": None, "derived": {"flat": flat}}])
    assert converges("P")(data)["answer"] == "reproduced"
    assert converges("Q")(data)["answer"] == "contradicted"
    assert converges("Q", expected=False)(data)["answer"] == "reproduced"
    assert converges("R")(data)["answer"] == "inconclusive"  # not run: never reproduced


def _pl_settings(gains):
    out = []
    for pk, g in gains:
        od = 1000 + 50 * RNG.standard_normal(20)
        out.append({"label": f"P_K={pk}", "params": {"P_K": pk}, "source_n": None,
                    "policies": {"OD-UCB": {"final": od.tolist()}, "PBM-UCB": {"final": (od + g).tolist()}}})
    return out


def test_gain_grows_as_pk_shrinks_on_growing_and_shrinking_gains():
    grow = _data(_pl_settings([(0.6, 100), (0.3, 300), (0.1, 600)]))
    assert gain_grows_as_pk_shrinks("difference")(grow)["answer"] == "reproduced"
    assert gain_grows_as_pk_shrinks("ratio")(grow)["answer"] == "reproduced"
    shrink = _data(_pl_settings([(0.6, 600), (0.3, 300)]))
    assert gain_grows_as_pk_shrinks("difference")(shrink)["answer"] == "contradicted"


def test_variance_test_detects_a_wider_spread_and_not_an_equal_one():
    wide, narrow = 1000 + 200 * RNG.standard_normal(20), 1000 + 40 * RNG.standard_normal(20)
    assert log_variance_ratio(wide, narrow, "x").p_claim < 1e-3
    assert log_variance_ratio(narrow, wide, "x").p_opposite < 1e-3
    pols = {"CascadeUCB-last-click": {"final": wide.tolist()}, "OD-UCB": {"final": narrow.tolist()},
            "OD-TS": {"final": (narrow / 2).tolist()}, "PBM-UCB": {"final": (narrow * 2).tolist()}}
    data = _data([{"label": "shallow", "source_n": 200_000, "policies": pols}], n=200_000)
    assert cascade_spread_larger(relative=False)(data)["answer"] == "reproduced"
