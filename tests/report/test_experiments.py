"""Experiment sections: the generic compute on a tiny real simulation, the
qualitative-claim tests on data whose answer is known, and the "not computed yet" path.
"""
from __future__ import annotations

import numpy as np
import pytest

from clickbound.report.exp_render import render_experiment
from clickbound.report.experiments import (
    STRIP_MIN_N,
    BoundSpec,
    Experiment,
    Plan,
    Qualitative,
    Setting,
    Sizes,
    beats,
    best_policy,
    bound_verdicts,
    compute_experiment,
    experiment_sections,
    monotone_in,
    profile_key,
    ratio_about,
    setting_seed,
    strip_checkpoints,
    verdict_strip,
    worst_policy,
)
from clickbound.report.sections import ComputeContext, RenderContext

#: the experiment IDs every report must carry (the 3c stand-in and the three depth P vectors)
EXPECTED_IDS = {"EXP-DCM-2a", "EXP-DCM-2b", "EXP-DCM-3ab", "EXP-DCM-3c", "EXP-OD-shallow",
                "EXP-OD-deep", "EXP-OD-RecGaze", "EXP-CAS-blog", "EXP-LR", "EXP-UCB1",
                "EXP-CAS-KL", "EXP-OD-T1"}


def test_every_spec_experiment_is_registered_with_both_profiles():
    exps = experiment_sections()
    assert {e.id for e in exps.values()} >= EXPECTED_IDS
    for e in exps.values():
        assert e.sizes["paper"].n >= 10_000 and e.sizes["paper"].runs >= 20
        assert e.sizes[profile_key(e, "dev")].n <= e.sizes["paper"].n
        # the default profile runs every experiment at least at the source's horizon
        src = [s.source_n for s in e.settings("paper") if s.source_n is not None] + [e.source_n or 0]
        assert e.sizes["paper"].n >= max(src), e.id
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
                      qualitative=(Qualitative("UCB1 beats KL-UCB", beats("UCB1", ("KL-UCB",)), origin="project"),
                                   Qualitative("UCB1 sits above Lai-Robbins", bound_verdicts("LAI-ROBBINS"), origin="project")))


def test_compute_experiment_on_a_tiny_real_simulation(tmp_path):
    _check_tiny(tmp_path, _tiny_experiment())


@pytest.mark.slow
def test_compute_experiment_with_two_policies(tmp_path):
    data = _check_tiny(tmp_path, _tiny_experiment(("KL-UCB", "UCB1")))
    assert data["qualitative"][0]["answer"] in ("reproduced", "contradicted", "inconclusive")


def _check_tiny(tmp_path, exp):
    ctx = ComputeContext(profile="dev", progress=False, workers=1, seed=7)
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
    assert q["UCB1 sits above Lai-Robbins"]["answer"] in ("reproduced", "contradicted", "inconclusive")
    assert "slopes" in q["UCB1 sits above Lai-Robbins"]["test"]
    if "KL-UCB" not in exp.policies:
        assert q["UCB1 beats KL-UCB"]["answer"] == "inconclusive"  # not run: never a made-up answer
        assert "KL-UCB was not run" in q["UCB1 beats KL-UCB"]["detail"]
    # the same seed gives the same numbers
    again = compute_experiment(exp, ctx)
    assert again["settings"][0]["policies"] == s["policies"]
    blocks = render_experiment(exp, data, RenderContext(out=tmp_path))
    # regret and R/log n; the final-regret distribution only when there is more than one policy;
    # the verdict-vs-n strip
    assert sum(b["kind"] == "figure" for b in blocks) == 2 + (len(exp.policies) > 1) + 1
    # the strip's last cell is the test the verdict row reports, decided on the same numbers
    strip = data["verdict_strip"]
    assert strip["n"][-1] == 1000 and strip["runs"] == 4
    assert [c["answers"][-1] for c in strip["claims"]] == [q["decision"]["answer"] for q in data["qualitative"]]
    return data


def test_profiles_dev_is_the_old_quick_and_others_fall_back_to_paper():
    exp = _tiny_experiment()
    assert ComputeContext(profile="quick").profile == "dev"
    assert ComputeContext().profile == "paper"  # the default: the sources' sizes
    assert profile_key(exp, "dev") == "quick" and profile_key(exp, "asymptotic") == "paper"
    with pytest.raises(ValueError, match="profile"):
        ComputeContext(profile="fast")
    with pytest.raises(ValueError, match="unknown profiles"):
        import dataclasses

        dataclasses.replace(exp, sizes={**exp.sizes, "huge": Sizes(n=10**6, runs=2)})


def test_strip_checkpoints_end_at_the_last_and_start_at_min_n():
    from clickbound.sim.engine import log_checkpoints

    cps = log_checkpoints(200_000)
    idx = strip_checkpoints(cps)
    assert idx[-1] == len(cps) - 1 and cps[idx[0]] >= STRIP_MIN_N
    assert cps[idx[0] - 2] < STRIP_MIN_N  # nothing left out at the start
    assert strip_checkpoints(log_checkpoints(500)) == [len(log_checkpoints(500)) - 1]


def test_strip_redecides_an_ordering_at_each_checkpoint():
    """A policy worse early and better late: the strip shows the flip, the final verdict the end."""
    from clickbound.sim.engine import Result

    cps = np.array([1000, 3000, 10_000])
    runs = 8
    rng = np.random.default_rng(0)
    a = np.array([[10.0, 20.0, 25.0]] * runs) + rng.normal(0, 0.1, (runs, 3))  # flattens out
    b = np.array([[5.0, 20.0, 60.0]] * runs) + rng.normal(0, 0.1, (runs, 3))  # keeps growing
    setting = Setting(label="s", params={}, make_env=lambda: None, K=1, policies=("A", "B"))
    exp = Experiment(name="strip", id="STRIP", title="t", source="000_x", setting_text="", settings=lambda p: [],
                     policies=("A", "B"), sizes={"dev": Sizes(n=1000, runs=2), "paper": Sizes(n=10_000, runs=8)},
                     qualitative=(Qualitative("A beats B", beats("A", ("B",)), origin="project"),), source_n=10_000)
    pl = Plan(Sizes(n=10_000, runs=runs), [setting], [None], [0], [(0, "A"), (0, "B")], [])
    by_key = {(0, "A"): Result(cps, a, np.arange(runs)), (0, "B"): Result(cps, b, np.arange(runs))}
    data = {"id": "STRIP", "source_n": 10_000, "source_text": "", "level": 0.95, "alpha": 0.05, "runs": runs,
            "n": 10_000, "settings": [{"source_n": 10_000}]}
    strip = verdict_strip(exp, data, pl, by_key)
    assert strip["n"] == [1000, 10_000]  # every other checkpoint, ending at n
    assert strip["claims"][0]["answers"] == ["contradicted", "reproduced"]
    assert strip["claims"][0]["reported"] == ["inconclusive", "reproduced"]  # n < source n never contradicts


def test_missing_module_fails_loudly(monkeypatch):
    """A module an experiment needs that cannot be imported is a broken installation: the error
    propagates (never a quiet "not computed" placeholder)."""
    exp = _tiny_experiment()

    def settings(profile):
        raise ModuleNotFoundError("No module named 'clickbound.bounds.nothing'", name="clickbound.bounds.nothing")

    import dataclasses

    with pytest.raises(ModuleNotFoundError, match="clickbound.bounds.nothing"):
        compute_experiment(dataclasses.replace(exp, settings=settings), ComputeContext(progress=False))


# ------------------------------------------------------------ qualitative tests on known data


def _data(finals: dict, params=None, n=1000, source_n=None):
    pols = {p: {"final": list(map(float, f))} for p, f in finals.items()}
    runs = len(next(iter(finals.values())))
    return {"n": n, "runs": runs, "settings": [{"label": "s", "params": params or {}, "policies": pols,
                                                "bounds": [], "source_n": source_n}]}


A_LOW = [1.0, 1.1, 0.9, 1.0]
B_HIGH = [5.0, 5.2, 4.9, 5.1]
B_SAME = [1.05, 1.0, 0.95, 1.0]
#: every verdict row states these
ROW_KEYS = {"answer", "verdict", "test", "level", "correction", "n", "runs", "decided_at", "detail", "power"}


def test_best_worst_and_beats_answer_by_paired_tests():
    row = best_policy("A")(_data({"A": A_LOW, "B": B_HIGH}))
    assert ROW_KEYS <= set(row) and row["answer"] == "reproduced"
    assert "paired t-test" in row["test"] and row["level"] == 0.05 and row["n"] == 1000 and row["runs"] == 4
    assert best_policy("B")(_data({"A": A_LOW, "B": B_HIGH}))["answer"] == "contradicted"
    same = best_policy("A")(_data({"A": A_LOW, "B": B_SAME}))
    assert same["answer"] == "inconclusive" and same["verdict"].startswith("inconclusive (power ")
    assert worst_policy("B")(_data({"A": A_LOW, "B": B_HIGH}))["answer"] == "reproduced"
    row = beats("A", ("B", "C"))(_data({"A": A_LOW, "B": B_HIGH}))
    assert row["answer"] == "inconclusive" and "C was not run" in row["detail"]  # never reproduced
    three = best_policy("A")(_data({"A": A_LOW, "B": B_HIGH, "C": B_HIGH}))
    assert "Holm–Bonferroni over m = 2" in three["correction"]


def test_a_shorter_run_than_the_sources_never_contradicts():
    row = best_policy("B")(_data({"A": A_LOW, "B": B_HIGH}, n=1000, source_n=100_000))
    assert row["answer"] == "inconclusive"
    assert row["verdict"].startswith("inconclusive at n = 1,000 < source n = 100,000")
    assert "shorter than the source's" in row["decided_at"]
    ok = best_policy("A")(_data({"A": A_LOW, "B": B_HIGH}, n=1000, source_n=100_000))
    assert ok["answer"] == "reproduced" and "1,000 < source n = 100,000" in ok["verdict"]
    full = best_policy("B")(_data({"A": A_LOW, "B": B_HIGH}, n=100_000, source_n=100_000))
    assert full["answer"] == "contradicted"


def test_ratio_about_reads_about_as_a_stated_factor():
    d = _data({"R": [4.0, 4.1, 3.9, 4.0], "D": A_LOW})
    row = ratio_about("R", "D", 4, 1.5)(d)
    assert row["answer"] == "reproduced" and "log ratio" in row["test"] and "m = 2" in row["correction"]
    assert ratio_about("R", "D", 10, 1.5)(d)["answer"] == "contradicted"


def _two_settings(param, v0, f0, v1, f1, runs_label=""):
    return {"n": 100_000, "runs": len(f0), "settings": [
        {"label": f"{param}={v0}", "params": {param: v0, "K": 2}, "policies": {"P": {"final": list(f0)}},
         "bounds": [], "source_n": 100_000},
        {"label": f"{param}={v1}", "params": {param: v1, "K": 2}, "policies": {"P": {"final": list(f1)}},
         "bounds": [], "source_n": 100_000}]}


def _centred(mean, runs=10, sd=5.0, seed=0):
    """``runs`` values with exactly this mean (seeded noise around it)."""
    x = np.random.default_rng(seed).standard_normal(runs)
    return mean + sd * (x - x.mean())


def test_decreasing_trend_prints_the_change_with_its_own_sign():
    # "Δ=0.075 → Δ=0.15: change +68.95" was printed where the regret fell from 160.6 to 91.7
    data = _two_settings("Δ", 0.075, _centred(160.6, seed=1), 0.15, _centred(91.7, seed=2))
    row = monotone_in("Δ", "P", increasing=False)(data)
    assert row["answer"] == "reproduced"
    assert "160.6 → 91.7" in row["detail"] and "change −68.9 " in row["detail"]
    assert "+68.9" not in row["detail"] and "Welch" in row["test"]
    # the same data read as "increasing": the change is the same number, and the claim is contradicted
    up = monotone_in("Δ", "P", increasing=True)(data)
    assert up["answer"] == "contradicted" and "change −68.9 " in up["detail"]


def test_increasing_data_tested_as_decreasing():
    data = _two_settings("L", 8, _centred(91.7, seed=3), 16, _centred(160.6, seed=4))
    down = monotone_in("L", "P", increasing=False)(data)
    assert down["answer"] == "contradicted" and "change +68.9 " in down["detail"]
    assert monotone_in("L", "P", increasing=True)(data)["answer"] == "reproduced"


def test_tied_regret_is_inconclusive_either_way_and_tied_params_are_not_compared():
    same = _centred(100.0, seed=5)
    data = _two_settings("Δ", 0.075, same, 0.15, same)
    for inc in (True, False):
        row = monotone_in("Δ", "P", increasing=inc)(data)
        assert row["answer"] == "inconclusive" and "change +0 " in row["detail"]
    const = _two_settings("Δ", 0.075, [7.0] * 4, 0.15, [7.0] * 4)  # no variance at all: still no verdict
    assert monotone_in("Δ", "P", increasing=False)(const)["answer"] == "inconclusive"
    tie = _two_settings("Δ", 0.1, _centred(160.6), 0.1, _centred(91.7))
    row = monotone_in("Δ", "P", increasing=False)(tie)
    assert row["answer"] == "inconclusive" and "differs only in Δ" in row["detail"]


def test_monotone_in_compares_settings_that_differ_in_one_parameter():
    data = {"n": 1000, "runs": 4, "settings": [
        {"label": "L=8", "params": {"L": 8, "K": 2}, "policies": {"P": {"final": A_LOW}}, "bounds": []},
        {"label": "L=16", "params": {"L": 16, "K": 2}, "policies": {"P": {"final": B_HIGH}}, "bounds": []},
        {"label": "L=16,K=4", "params": {"L": 16, "K": 4}, "policies": {"P": {"final": B_HIGH}},
         "bounds": []}]}
    assert monotone_in("L", "P", increasing=True)(data)["answer"] == "reproduced"
    assert monotone_in("L", "P", increasing=False)(data)["answer"] == "contradicted"
    assert monotone_in("γ", "P", increasing=True)(data)["answer"] == "inconclusive"


def _bound_row(label, theorem, comp):
    from clickbound import stats as st

    d = st.decide([comp])
    return {"label": label, "source_n": None, "policies": {},
            "bounds": [{"theorem_id": theorem, "comparison": {"verdict": "x", "decision": d.as_dict()}}]}


def test_bound_verdicts_decide_every_settings_tests_together():
    from clickbound import stats as st

    def slope(est, se=0.1):
        return st.from_summary("slope", est, se, 19, 3.0, "less", "slope test", 0.3)

    d = {"n": 1000, "runs": 20, "settings": [_bound_row("a", "T", slope(2.0)), _bound_row("b", "T", slope(2.5))]}
    row = bound_verdicts("T")(d)
    assert row["answer"] == "reproduced" and "m = 2" in row["correction"] and "a, slope" in row["detail"]
    d["settings"][1] = _bound_row("b", "T", slope(3.0))
    assert bound_verdicts("T")(d)["answer"] == "inconclusive"
    d["settings"][1] = _bound_row("b", "T", slope(4.0))
    assert bound_verdicts("T")(d)["answer"] == "contradicted"
    assert bound_verdicts("NOPE")(d)["answer"] == "inconclusive"
    d["settings"].append({"label": "c", "bounds": [{"theorem_id": "U", "comparison": {"verdict": "no constant",
                                                                                      "detail": "none"}}]})
    assert "not tested" in bound_verdicts("U")(d)["detail"]


def test_sizes_reject_too_small_runs():
    with pytest.raises(ValueError, match="runs >= 2"):
        Sizes(n=1000, runs=1)
