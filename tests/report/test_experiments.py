"""Experiment sections (issue 5): the generic compute on a tiny real simulation, the
qualitative-claim tests on data whose answer is known, and the "not computed yet" path.
"""
from __future__ import annotations

import pytest

from clickbound.report.exp_render import render_experiment
from clickbound.report.experiments import (
    BoundSpec,
    Experiment,
    Qualitative,
    Setting,
    Sizes,
    beats,
    best_policy,
    bound_verdicts,
    compute_experiment,
    experiment_sections,
    monotone_in,
    ratio_about,
    setting_seed,
    worst_policy,
)
from clickbound.report.sections import ComputeContext, NotReady, RenderContext

#: SPEC §4 experiment IDs every report must carry (the 3c stand-in and the three depth P vectors)
EXPECTED_IDS = {"EXP-DCM-2a", "EXP-DCM-2b", "EXP-DCM-3ab", "EXP-DCM-3c", "EXP-OD-shallow",
                "EXP-OD-deep", "EXP-OD-RecGaze", "EXP-CAS-blog", "EXP-LR", "EXP-UCB1",
                "EXP-CAS-KL", "EXP-OD-T1"}


def test_every_spec_experiment_is_registered_with_both_profiles():
    exps = experiment_sections()
    assert {e.id for e in exps.values()} == EXPECTED_IDS
    for e in exps.values():
        assert e.sizes["paper"].n >= 10_000 and e.sizes["paper"].runs >= 20
        assert e.sizes["quick"].n <= e.sizes["paper"].n
        assert e.qualitative, f"{e.id} tests none of its source's claims"
        assert "0" in e.source  # cites a source file (000_…/001_…/004_…)


def _tiny_experiment(policies=("UCB1",)) -> Experiment:
    """Two Bernoulli arms; one policy by default (each policy's numba kernel compiles once per
    process, several seconds on a loaded machine, so the fast test runs a single one)."""
    mu = [0.6, 0.3]

    def env():
        from clickbound import sim

        return sim.Bernoulli(mu)

    def settings(profile):
        from clickbound.bounds.single_arm import lai_robbins, ucb1_bound_corrected

        bs = (BoundSpec("UCB1", lambda n: ucb1_bound_corrected(mu, max(n, 2), 2.0)),
              BoundSpec("UCB1", lambda n: lai_robbins(mu, max(n, 2))))
        return [Setting(label="two arms", params={"p": 0.6}, make_env=env, K=1, bounds=bs)]

    return Experiment(name="tiny", id="TINY", title="tiny", source="003_f899901a464da92a.txt",
                      setting_text="two Bernoulli arms", settings=settings, policies=policies,
                      sizes={"quick": Sizes(n=1000, runs=4), "paper": Sizes(n=2000, runs=20)},
                      qualitative=(Qualitative("UCB1 beats KL-UCB", beats("UCB1", ("KL-UCB",))),
                                   Qualitative("UCB1 sits above Lai-Robbins", bound_verdicts("LAI-ROBBINS"))))


def test_compute_experiment_on_a_tiny_real_simulation(tmp_path):
    _check_tiny(tmp_path, _tiny_experiment())


@pytest.mark.slow
def test_compute_experiment_with_two_policies(tmp_path):
    data = _check_tiny(tmp_path, _tiny_experiment(("KL-UCB", "UCB1")))
    assert data["qualitative"][0]["answer"] in ("reproduced", "not reproduced", "inconclusive")


def _check_tiny(tmp_path, exp):
    ctx = ComputeContext(progress=False, workers=1, seed=7)
    data = compute_experiment(exp, ctx)
    s = data["settings"][0]
    assert s["seed"] == setting_seed(7, "TINY", 0)
    assert set(s["policies"]) == set(exp.policies)
    for rec in s["policies"].values():
        cps = rec["checkpoints"]
        assert cps[-1] == 1000 and len(rec["final"]) == 4
        assert all(lo <= m <= hi for lo, m, hi in zip(rec["lower"], rec["mean"], rec["upper"]))
    by_id = {b["theorem_id"]: b for b in s["bounds"]}
    ucb = next(b for k, b in by_id.items() if k.startswith("UCB1"))
    assert not ucb["asymptotic"] and ucb["comparison"]["verdict"] in ("holds", "violated", "inconclusive")
    assert by_id["LAI-ROBBINS"]["comparison"]["verdict"] in ("consistent", "inconsistent", "inconclusive")
    q = {x["claim"]: x for x in data["qualitative"]}
    assert q["UCB1 sits above Lai-Robbins"]["answer"] in ("reproduced", "not reproduced", "inconclusive")
    if "KL-UCB" not in exp.policies:
        assert q["UCB1 beats KL-UCB"]["answer"] == "inconclusive"  # not run: never a made-up answer
    # the same seed gives the same numbers
    again = compute_experiment(exp, ctx)
    assert again["settings"][0]["policies"] == s["policies"]
    blocks = render_experiment(exp, data, RenderContext(out=tmp_path))
    # regret and R/log n; the final-regret distribution only when there is more than one policy
    assert sum(b["kind"] == "figure" for b in blocks) == 2 + (len(exp.policies) > 1)
    return data


def test_missing_bounds_module_means_not_computed(monkeypatch):
    exp = _tiny_experiment()

    def settings(profile):
        raise ModuleNotFoundError("No module named 'clickbound.bounds.nothing'", name="clickbound.bounds.nothing")

    import dataclasses

    with pytest.raises(NotReady, match="clickbound.bounds.nothing"):
        compute_experiment(dataclasses.replace(exp, settings=settings), ComputeContext(progress=False))


# ------------------------------------------------------------ qualitative tests on known data


def _data(finals: dict, params=None, n=1000):
    pols = {p: {"final": list(map(float, f))} for p, f in finals.items()}
    return {"n": n, "settings": [{"label": "s", "params": params or {}, "policies": pols, "bounds": []}]}


A_LOW = [1.0, 1.1, 0.9, 1.0]
B_HIGH = [5.0, 5.2, 4.9, 5.1]
B_SAME = [1.05, 1.0, 0.95, 1.0]


def test_best_worst_and_beats_answer_by_paired_cis():
    assert best_policy("A")(_data({"A": A_LOW, "B": B_HIGH}))[0] == "reproduced"
    assert best_policy("B")(_data({"A": A_LOW, "B": B_HIGH}))[0] == "not reproduced"
    assert best_policy("A")(_data({"A": A_LOW, "B": B_SAME}))[0] == "inconclusive"
    assert worst_policy("B")(_data({"A": A_LOW, "B": B_HIGH}))[0] == "reproduced"
    ans, detail = beats("A", ("B", "C"))(_data({"A": A_LOW, "B": B_HIGH}))
    assert ans == "inconclusive" and "C was not run" in detail


def test_ratio_about_reads_about_as_a_stated_factor():
    d = _data({"R": [4.0, 4.1, 3.9, 4.0], "D": A_LOW})
    assert ratio_about("R", "D", 4, 1.5)(d)[0] == "reproduced"
    assert ratio_about("R", "D", 10, 1.5)(d)[0] == "not reproduced"


def test_monotone_in_compares_settings_that_differ_in_one_parameter():
    data = {"n": 1000, "settings": [
        {"label": "L=8", "params": {"L": 8, "K": 2}, "policies": {"P": {"final": A_LOW}}, "bounds": []},
        {"label": "L=16", "params": {"L": 16, "K": 2}, "policies": {"P": {"final": B_HIGH}}, "bounds": []},
        {"label": "L=16,K=4", "params": {"L": 16, "K": 4}, "policies": {"P": {"final": B_HIGH}},
         "bounds": []}]}
    assert monotone_in("L", "P", increasing=True)(data)[0] == "reproduced"
    assert monotone_in("L", "P", increasing=False)(data)[0] == "not reproduced"
    assert monotone_in("γ", "P", increasing=True)(data)[0] == "inconclusive"


def test_bound_verdicts():
    d = {"settings": [{"label": "a", "bounds": [{"theorem_id": "T", "comparison": {"verdict": "consistent"}}]},
                      {"label": "b", "bounds": [{"theorem_id": "T", "comparison": {"verdict": "inconclusive"}}]}]}
    assert bound_verdicts("T")(d)[0] == "inconclusive"
    d["settings"][1]["bounds"][0]["comparison"]["verdict"] = "inconsistent"
    assert bound_verdicts("T")(d)[0] == "not reproduced"
    assert bound_verdicts("NOPE")(d)[0] == "inconclusive"


def test_sizes_reject_too_small_runs():
    with pytest.raises(ValueError, match="runs >= 2"):
        Sizes(n=1000, runs=1)
