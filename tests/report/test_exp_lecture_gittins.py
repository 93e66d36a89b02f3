"""report/sections/exp_lecture_gittins.py: discounted rewards are bounded by the oracle's, per instance."""
import json

import pytest

from clickbound.report.sections import ComputeContext, RenderContext
from clickbound.report.sections import exp_lecture_gittins as m


@pytest.mark.slow  # compiles four policies' engine kernels
def test_compute_small(monkeypatch, tmp_path):
    monkeypatch.setattr(m, "INSTANCES", {"dev": 3, "paper": 3})
    monkeypatch.setattr(m, "SETTINGS", ((0.8, 3, 60),))
    data = m.compute(ComputeContext(profile="dev"))
    blocks = m.render(json.loads(json.dumps(data)), RenderContext(out=tmp_path))   # render reads JSON data
    assert any(b["kind"] == "table" and b["rows"] for b in blocks)
    s = data["settings"][0]
    for p in m.POLICIES:
        assert len(s["discounted"][p]) == 3
        assert all(0 <= g <= o + 1e-12 for g, o in zip(s["discounted"][p], s["oracle"]))
    assert data["verdicts"][0]["answer"] in ("reproduced", "contradicted", "inconclusive")


@pytest.mark.slow  # compiles two policies in the switching loop as well
def test_discounted_reward_is_the_switching_loops_sum():
    # the section's sum from the engine's per-round regret equals the discounted sum of the switching loop
    # (sim.nonstationary) on the same seed, up to float rounding of the differences (1e-12 on a sum of ~5)
    from clickbound import sim
    from clickbound.sim.nonstationary import simulate_switching

    env = sim.Bernoulli([0.2, 0.7, 0.5])
    for p, prm in (("UCB1", {}), ("Gittins", {"lam": 0.9})):
        ours = m.discounted_reward(env, p, 120, 0.9, 11, prm)
        ref = simulate_switching(env, env, 120, p, K=1, n=120, runs=1, seed=11, policy_params=prm, lam=0.9,
                                 checkpoints=[120]).discounted[0, -1]
        assert ours == pytest.approx(ref, abs=1e-12)
