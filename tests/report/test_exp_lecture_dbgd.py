"""report/sections/exp_lecture_dbgd.py: exact interleaving outcomes and the computed section's invariants."""
import json
from fractions import Fraction

import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_dbgd as m


def test_exact_duel_is_antisymmetric_and_zero_on_equal_rankers():
    attr = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 5), Fraction(1, 7)]
    A, B = [0, 1, 2, 3], [3, 2, 1, 0]
    for meth in ("tdi", "notes", "balanced"):
        assert m.exact_duel(meth, A, A, attr, 3) == 0
        if meth != "balanced":   # team methods: swapping the rankers mirrors the coins
            assert m.exact_duel(meth, A, B, attr, 3) == -m.exact_duel(meth, B, A, attr, 3)
    # A shows the most attractive items first: TDI prefers it
    assert m.exact_duel("tdi", A, B, attr, 3) > 0


def test_cascade_outcomes_sum_to_one():
    attr = [Fraction(1, 2), Fraction(1, 3), Fraction(2, 5)]
    assert sum(p for _, p in m._cascade_outcomes([2, 0, 1], attr)) == 1


@pytest.mark.slow  # ~10 s: DBGD at three horizons, two dimensions
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "HORIZONS", {"dev": ((50, 200), 3), "paper": ((50, 200), 3)})
    monkeypatch.setattr(m, "N_PAIRS", 10)
    monkeypatch.setattr(m, "IL_SIZES", {"dev": (300, 3), "paper": (300, 3)})
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    for s in data["settings"]:
        assert all(v["holds"] for v in s["assumptions"].values())
        for h in s["horizons"]:
            assert all(0 <= x <= h["trivial"] + 1e-9 for x in h["regret"])
    assert not data["ranking_assumptions"]["v strictly concave"]["holds"]
    ag = data["agreement"]
    for r in ag["by method"].values():
        assert sum(r.values()) + ag["equal-utility pairs skipped"] == ag["pairs"]
    il = data["interleaving"]
    assert [s["label"].split(",")[0] for s in il["settings"]] == ["cascade", "PBM"]
    for s in il["settings"]:
        assert set(s["final"]) == set(m.IL_POLICIES)
        assert all(0 <= x <= il["n"] * s["opt"] + 1e-9 for p in m.IL_POLICIES for x in s["final"][p])
    assert len(data["verdicts"]) == 1 + len(il["settings"])


def test_interleaving_instance_is_linearly_realisable():
    # part 4's attractions increase with x·θ, so the linear ranker θ shows the optimal list (regret can go to 0)
    import numpy as np

    X, envs = m._il_envs(20160619)
    for _label, env in envs:
        w = np.asarray(env.attraction)
        order = np.argsort(-w, kind="stable")
        assert len(set(np.round(w, 12))) == w.size          # no ties: the optimal set is unique
        top = set(order[: m.IL_K].tolist())
        assert top == set(env.optimal_list(m.IL_K).tolist())
        # some unit vector ranks exactly these items first: the one the attractions were drawn from
        rng = np.random.default_rng(np.random.SeedSequence([20160619, 9]))
        rng.normal(size=(m.IL_L, m.IL_D))
        theta = rng.normal(size=m.IL_D)
        assert set(np.argsort(-(X @ theta), kind="stable")[: m.IL_K].tolist()) == top
