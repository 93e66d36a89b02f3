"""report/sections/exp_cause.py (EXP-CAUSE, source 002): a small compute, the render, the verdict rows, the pilot."""
import json

import numpy as np
import pytest

from clickbound.lemmas.counterfactual.causal_embeddings.experiment import SOURCE_TABLE
from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_cause as m
from clickbound.sim.causal_log import LogConfig
from clickbound.sim.causal_mf import MFConfig


def _small(monkeypatch):
    monkeypatch.setattr(m, "_configs", lambda: (LogConfig(n_users=40, n_items=30, density_c=0.2, random_share=0.1),
                                                MFConfig(epochs=40, eval_every=10)))
    monkeypatch.setattr(m, "SETTINGS", {"main": (1.0, {"dev": 3, "paper": 3}), "strong MNAR": (3.0, {"dev": 2, "paper": 2})})


def test_source_numbers_agree_with_the_lemma_module():
    for k, label in (("naive", "Naive MF"), ("ips", "Propensity MF"), ("cause", "Causal Embeddings (CausE)")):
        assert m.SOURCE[k] == tuple(float(x) for x in SOURCE_TABLE[label])


def test_compute_and_render_small(monkeypatch, tmp_path):
    _small(monkeypatch)
    data = json.loads(json.dumps(m.compute(ComputeContext(profile="dev"))))   # render reads JSON data
    assert [s["runs"] for s in data["settings"]] == [3, 2]
    seeds = [sd for s in data["settings"] for sd in s["seeds"]]
    assert len(set(seeds)) == len(seeds)                     # no seed shared between settings or runs
    for s in data["settings"]:
        assert "history" in s["per_seed"][0]["methods"]["cause"]
        assert all("history" not in ps["methods"]["naive"] for ps in s["per_seed"][1:])
        for ps in s["per_seed"]:
            for r in ps["methods"].values():
                assert r["best_on_test"] >= r["best_on_val"]     # the columns' definitions (CAUSE-TABLE/val-le-test)
        assert len(s["verdicts"]) == 7
        for r in s["verdicts"]:
            assert r["answer"] in ("reproduced", "contradicted", "inconclusive") and r["runs"] == s["runs"]
    assert len(data["qualitative"]) == 14 and all(q["answer"] == r["answer"] for q, r in zip(
        data["qualitative"], [r for s in data["settings"] for r in s["verdicts"]]))
    blocks = m.render(data, RenderContext(out=tmp_path))
    tables = [b for b in blocks if b["kind"] == "table"]
    assert len(tables) == 4 and len(tables[0]["rows"]) == len(m.METHODS)
    assert (tmp_path / "figures" / "exp_cause.png").exists()


def test_a_planted_ordering_is_reproduced_and_its_reverse_contradicted():
    rng = np.random.default_rng(1)
    base = rng.normal(0.3, 0.02, 10)
    data = {"runs": 10, "per_seed": [
        {"methods": {"naive": {"best_on_val": b - 0.5, "best_on_test": b},
                     "ips": {"best_on_val": b + 0.05, "best_on_test": b + 0.05},
                     "cause": {"best_on_val": b + 0.1 + 0.001 * i, "best_on_test": b + 0.1 + 0.001 * i},
                     "cause-lam0": {"best_on_val": b, "best_on_test": b}}}
        for i, b in enumerate(base)]}
    rows = m.verdicts(data, 1)
    assert [r["answer"] for r in rows] == ["reproduced"] * 7
    for ps in data["per_seed"]:   # swap CausE and Naive: the CausE-vs-Propensity rows now go against the source
        ps["methods"]["naive"], ps["methods"]["cause"] = ps["methods"]["cause"], ps["methods"]["naive"]
    rows = m.verdicts(data, 1)
    assert rows[0]["answer"] == "contradicted" and rows[2]["answer"] == "contradicted"
    assert rows[6]["answer"] == "contradicted"


@pytest.mark.slow  # ~3 s CPU: nine trainings on the pilot log
def test_pilot_selects_the_defaults():
    got = m.pilot()
    mc = MFConfig()
    assert (got["dim"], got["l2"], got["lam"]) == (mc.dim, mc.l2, mc.lam), got
