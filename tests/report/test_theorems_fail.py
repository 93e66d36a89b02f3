"""clickbound violations (report/cmd_violations.py) and the section "Where the theorems fail"."""
from __future__ import annotations

import json

import numpy as np
import pytest

from clickbound.report import cmd_violations as cv
from clickbound.sim import violations as sv

UCB1_LOUD = {"L": 2, "K": 1, "w": [0.9, 0.5], "policy_params": {"alpha": 16.0}}


def test_decide_finds_a_planted_violation_and_passes_a_loose_bound():
    """Regret far over a finite bound at every checkpoint: contradicted; far under: reproduced."""
    t = sv.TARGETS["UCB1-BOUND/as-printed"]
    cps = np.array([100, 300, 1000, 3000, 10000])
    bound = 3.0 * np.log(cps)
    rng = np.random.default_rng(0)
    over = 2 * bound + rng.normal(0, 0.5, (20, cps.size))
    assert cv.decide(t, cps, over, bound, 3.0, False).answer == "contradicted"
    assert cv.decide(t, cps, over / 4, bound, 3.0, False).answer == "reproduced"


@pytest.mark.slow  # simulates (seconds; minutes on a loaded machine)
def test_ucb1_as_printed_is_violated_where_alpha_is_large():
    """UCB1 explores ∝ α; the printed bound dropped α: with α = 16 its regret passes it (source 002)."""
    conf = cv.confirm(sv.TARGETS["UCB1-BOUND/as-printed"], UCB1_LOUD, 5000, 5, seed=3)
    assert conf["status"] == "violated-in-simulation"
    ok = cv.confirm(sv.TARGETS["UCB1-BOUND/corrected"], UCB1_LOUD, 5000, 5, seed=3)
    assert ok["status"] == "consistent-in-simulation"


def _record(tmp_path):
    targets = {}
    for name in ("UCB1-BOUND/as-printed", "KLUCB-ASYMP"):
        t = sv.TARGETS[name]
        inst = UCB1_LOUD if name.startswith("UCB1") else {"L": 2, "K": 1, "w": [0.9, 0.5]}
        conf = cv.confirm(t, inst, 5000, 3, seed=1)
        targets[name] = {"target": name, "theorem_id": t.theorem_id, "policy": t.policy, "model": t.model,
                         "kind": t.kind, "about": t.about, "confirmations": [conf], "verdict": conf["status"],
                         "closest": {k: conf[k] for k in ("instance", "score", "value_ratio", "slope_ratio")},
                         "search": {"size": {"grid": 0}, "evaluated": 1, "rounds_simulated_at_most": 15000}}
    rec = {"meta": {"profile": "test", "sizes": cv.PROFILES["ci"], "seed": 1, "wall_s": 0.0,
                    "written_utc": "now", "grids": {"W": list(sv.W_GRID), "V": list(sv.V_GRID), "L_max": 5,
                                                     "K_max": 3}, "not_searched": sv.NOT_SEARCHED},
           "targets": targets}
    path = tmp_path / "violations.json"
    path.write_text(json.dumps(cv._clean(rec), allow_nan=False))
    return path


@pytest.mark.slow  # simulates (seconds; minutes on a loaded machine)
def test_section_computes_and_renders_from_a_record(tmp_path, monkeypatch):
    from clickbound.lemmas.studies import violations as lv
    from clickbound.report.sections import ComputeContext, RenderContext
    from clickbound.report.sections import theorems_fail as tf

    monkeypatch.setattr(lv, "DATA", _record(tmp_path))
    lv.record.cache_clear()
    try:
        data = tf.compute(ComputeContext(progress=False))
    finally:
        lv.record.cache_clear()
    assert data["claims"]["VIOL/UCB1-BOUND/as-printed/UCB1"]["status"] == "violated-in-simulation"
    rctx = RenderContext(out=tmp_path / "out")
    blocks = tf.render(json.loads(json.dumps(data)), rctx)
    text = json.dumps([b for b in blocks if b["kind"] != "figure"], default=str)
    assert "UCB1-COUNT-AS-PRINTED" in text  # the explanation of the violated bound
    assert any(p.name == "theorems_fail_atlas.png" for p in rctx.written)
    assert any("UCB1_BOUND_as_printed" in p.name for p in rctx.written)  # its regret-vs-bound figure
    heads = [b["text"] for b in blocks if b["kind"] == "h"]
    fin = heads.index("Finite-time bounds violated in simulation")
    ucb = next(i for i, h in enumerate(heads) if h.startswith("UCB1-BOUND/as-printed"))
    lim = next((i for i, h in enumerate(heads) if h.startswith("Limit statements short of")), len(heads))
    assert fin < ucb < lim  # a finite-time bound violated: under the finite-time heading
    assert all(i > lim for i, h in enumerate(heads) if h.startswith("KLUCB-ASYMP"))  # never among them


@pytest.mark.slow
def test_cli_ci_profile_writes_a_record(tmp_path):
    from clickbound.report.cli import main

    out = tmp_path / "v.json"
    assert main(["violations", "--profile", "ci", "--only", "KLUCB-ASYMP", "--out", str(out), "--cache", ""]) == 0
    rec = json.loads(out.read_text())
    t = rec["targets"]["KLUCB-ASYMP"]
    assert t["search"]["size"]["grid"] == cv.PROFILES["ci"]["search"]["grid"]
    assert rec["meta"]["search_code_sha256"] == cv.search_code_hash()


def test_exact_records_at_the_optimal_list():
    """dcmKL-UCB on a DCM: the last-click window over-credits position 2 (records kept only when item 2 is
    clicked or nothing is), here past item 1's mean, so A* is not where sorting by records settles."""
    from clickbound.report.sections.theorems_fail import optimal_list_records

    ex = optimal_list_records("dcmKL-UCB", "dcm", {"L": 2, "K": 2, "w": [0.8, 0.6], "v": [0.4, 0.1]})
    # by hand: position 2 is recorded when it is clicked (user not stopped at 1: 1 − 0.8·0.4 = 0.68, times
    # 0.6 = 51/125) or when nothing is clicked (0.2·0.4 = 10/125): ρ_2 = 51/61 ≈ 0.836 > w̄(1) = 0.8
    assert ex["rho"] == ["4/5", "51/61"] and ex["fixed_point"] is False and ex["order_kept"] is False
    # CascadeKL-UCB (first-click window) records are unbiased: ρ = w̄ and A* is kept
    ok = optimal_list_records("CascadeKL-UCB", "dcm", {"L": 3, "K": 2, "w": [0.8, 0.6, 0.2], "v": [0.4, 0.1]})
    assert ok["rho"] == ["4/5", "3/5"] and ok["fixed_point"] is True


def test_suspects_come_from_violations_of_the_same_policy_and_model():
    viol = {"status": "violated-in-simulation", "instance": {"L": 3, "K": 2, "w": [0.8, 0.6, 0.2], "v": [0.4, 0.1]}}
    const = {"status": "violated-in-simulation", "instance": {"L": 3, "K": 2, "w": [0.8, 0.6, 0.2], "v": [0.4, 0.4]}}
    fine = {"status": "consistent-in-simulation", "instance": {"L": 2, "K": 1, "w": [0.5, 0.2], "v": [0.5]}}
    recs = [{"target": "DCM-P1[i=1]", "policy": "dcmKL-UCB", "model": "dcm", "confirmations": [viol, const, fine]},
            {"target": "CASCADE-KLUCB", "policy": "CascadeKL-UCB", "model": "cascade",
             "confirmations": [dict(viol, instance={"L": 2, "K": 1, "w": [0.5, 0.2]})]}]
    assert cv.suspects_for(sv.TARGETS["DCM-T2"], recs) == [viol["instance"], const["instance"]]
    assert cv.suspects_for(sv.TARGETS["DCM-T1"], recs) == [const["instance"]]  # v̄ ≡ γ only
    assert cv.suspects_for(sv.TARGETS["DCM-P1[i=1]"], recs) == []  # not its own
    # a lower bound's family (B_LB: p, Δ) takes no upper bound's violating instance (was a KeyError 'p')
    assert cv.suspects_for(sv.TARGETS["CASCADE-LB vs CascadeKL-UCB"], recs) == []


def test_order_bound_rate_test_and_current_reasons_are_shown(tmp_path):
    # CascadeUCB1's O(L log n) bound has no constant: the section shows its rate test from the committed record
    # and the code's current reason for not searching it (not the text frozen in violations.json's meta)
    from clickbound.report.sections import theorems_fail as tf
    from clickbound.sim import violations as sv

    osl = tf._order_slope()
    assert osl["target"] == "CASCADE-UCB1/order" and osl["rows"]
    assert {r["status"] for r in osl["rows"]} <= {"consistent-in-simulation", "inconclusive", "violated-in-simulation"}
    ns = tf._not_searched({"meta": {"not_searched": {"CASCADE-UCB1/order": "old text"}}})
    assert ns["CASCADE-UCB1/order"] == sv.NOT_SEARCHED["CASCADE-UCB1/order"] != "old text"


# ---------------------------------------------------------------- the front page's "theorems that fail"


def test_front_page_fails_dcm_theorem_2_and_proposition_1_but_not_klucb_asymp():
    """The front page lists as failing what the evidence contradicts (results with status 'fails', a
    finite-time bound violated), never a limit statement short of its constant at finite n: KLUCB-ASYMP
    (KL-UCB's limsup, source 002) goes to "not yet at its limit"; DCM Theorem 2 and Proposition 1
    (source 000, dcmKL-UCB's linear regret) fail, with the violation search as their evidence."""
    from clickbound.report.sections.front import bound_findings
    from tests.report.synthetic_fixtures import front_sections

    failing, limit = bound_findings(front_sections())
    names = [f["what"] for f in failing]
    assert "DCM Theorem 2 (fixture)" in names and "DCM Proposition 1 (fixture)" in names
    assert "UCB1-BOUND/as-printed" in names  # a finite-time bound violated: a failure
    assert not any("KLUCB" in n for n in names)
    assert [r["what"] for r in limit if r["section"] == "theorems_fail"] == ["KLUCB-ASYMP"]
    assert any(r["what"] == "SYN-UPPER" for r in limit)  # an experiment's asymptotic bound, 'inconsistent'
    t2 = next(f for f in failing if f["what"] == "DCM Theorem 2 (fixture)")
    assert any("violated-in-simulation" in e for e in t2["evidence"])  # the search's finding, attached
    assert not any(f["what"] in ("DCM-T2", "DCM-P1") for f in failing)  # not listed twice
    assert not any(r["what"] == "PBM-UCB" for r in failing + limit)  # consistent: neither


def test_front_page_attaches_a_bound_to_the_result_citing_an_instance_of_it():
    """A failing result citing ``<bound>[…]`` (source 002's UCB regret bound cites
    ``UCB1-BOUND/as-printed[exact]``) carries the violation search's finding; no second row."""
    from clickbound.report.sections.front import bound_findings
    from tests.report.synthetic_fixtures import front_sections

    secs = front_sections()
    rows = secs["results"]["data"]["sources"]["002_3ec5ec57f55c1fdf.txt"]
    rows.append({**rows[0], "name": "UCB regret bound (fixture)", "status": "fails",
                 "claims": ["UCB1-BOUND/as-printed[exact]"]})
    failing, _ = bound_findings(secs)
    names = [f["what"] for f in failing]
    assert "UCB1-BOUND/as-printed" not in names
    ucb = next(f for f in failing if f["what"] == "UCB regret bound (fixture)")
    assert any("violated-in-simulation" in e for e in ucb["evidence"])


def test_front_page_renders_the_limit_block_apart(tmp_path):
    from clickbound.report import doc
    from clickbound.report.sections import RenderContext, front
    from tests.report.synthetic_fixtures import front_sections

    blocks = front.render({}, RenderContext(out=tmp_path, sections=front_sections()))
    md = doc.to_markdown("front", blocks, tmp_path)
    fail_part, _, rest = md.partition("Not yet at its limit at")
    assert "DCM Theorem 2 (fixture)" in fail_part and "KLUCB-ASYMP" not in fail_part
    assert "KLUCB-ASYMP" in rest and "#exp_lai_robbins" in rest


def test_the_committed_record_sorts_limit_statements_apart():
    """In the committed violation record (lemmas/data/violations.json), KL-UCB's asymptotic bound
    (KLUCB-ASYMP) and DCM Theorem 2's are limit statements, UCB1's printed bound (source 002) a
    finite-time one: only the last is a failure by its violation alone."""
    from clickbound.lemmas.studies import violations as lv
    from clickbound.report.sections.theorems_fail import is_finite_time

    rec = lv.record()
    if rec is None:
        pytest.skip("lemmas/data/violations.json not generated")

    def viol(name):
        t = rec["targets"][name]
        return t, [(j, c) for j, c in enumerate(t["confirmations"]) if c["status"] == "violated-in-simulation"]

    assert not is_finite_time(*viol("KLUCB-ASYMP")) and not is_finite_time(*viol("DCM-T2"))
    assert is_finite_time(*viol("UCB1-BOUND/as-printed"))
