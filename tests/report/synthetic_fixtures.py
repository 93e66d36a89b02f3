"""SYNTHETIC results data for the report tests — test fixtures, never shipped as results.

``synthetic_results()`` builds a results.json-shaped dict by hand: two verdicts (a
lemma and its mutant), one erratum, and — for the experiment sections in
``FAST_EXPERIMENTS``, or all of them — data made by :func:`synthetic_experiment`,
whose curves are ``c · log(1 + n)`` times seeded noise.  These numbers exist only to exercise rendering.
"""
from __future__ import annotations

import numpy as np

from clickbound.report import results as rio
from clickbound.report.sections import sections

SYN_SEED = 12345  # fixture noise only


def _verdict(cid, status, expected, spec, cex=None, summary=None, scope=None, scope_detail="", evidence=None):
    """A verdict dict as ``Verdict.as_dict()`` writes it (the real dataclass checks status and scope)."""
    from clickbound.lemmas.engine.verdict import Verdict

    ev = dict(evidence or {}, **({"summary": summary} if summary else {}))
    return Verdict(claim_id=cid, status=status, method="fixture", elapsed_s=0.01, evidence=ev,
                   counterexample=cex, expected=expected, spec_id=spec,
                   source="000_0b27131c69d8f24c.txt, Lemma 2", statement="alpha*(x1 - y1) <= V(x) - V(y)",
                   methods_tried=("fixture",), scope=scope, scope_detail=scope_detail).as_dict()


def every_status_verdicts() -> list[dict]:
    """One synthetic verdict of every status and scope the engine can return (fixtures, not results)."""
    stat = {"test": "one-sided t-test (fixture)", "level": 0.05}
    return [_verdict("SYN-ALL", "proved", True, "SYN", summary="fixture proof", scope="all"),
            _verdict("SYN-INST[K=3]", "proved", True, "SYN", summary="fixture proof", scope="instances",
                     scope_detail="K = 1..6"),
            _verdict("SYN-ARGUED", "argued", True, "SYN", summary="fixture proof", scope="all", evidence={
                "proof": {"summary": "fixture proof", "steps": [
                    {"step": "a checked step", "checked": "x - x == 0"},
                    {"step": "(cited: Hoeffding (1963), Theorem 2) a cited step",
                     "checked": "reference: Hoeffding (1963), Theorem 2"},
                    {"step": "(argument) an argued step", "checked": "rests on: the fixture"}]},
                "argued": [{"step": "(argument) an argued step", "rests_on": "rests on: the fixture"}]}),
            _verdict("SYN-CHECKED", "checked", True, "SYN", scope_detail="40 random instances"),
            _verdict("SYN-REF/mutant", "refuted", False, "SYN", cex={"x1": "1/2"}),
            _verdict("SYN-SURV", "survived", True, "SYN", evidence={"examples": 100}),
            _verdict("SYN-VIOL", "violated-in-simulation", True, "SYN", evidence=stat),
            _verdict("SYN-CONS", "consistent-in-simulation", True, "SYN", evidence=stat)]


def _experiments() -> dict:
    from clickbound.report.experiments import experiment_sections

    return experiment_sections()


def _syn_policy(rng, n, runs, scale):
    cps = np.unique(np.round(np.logspace(0, np.log10(n), 25)).astype(int))
    reg = scale * np.log1p(cps)[None, :] * (1 + 0.1 * rng.standard_normal((runs, 1)))
    m, sd = reg.mean(0), reg.std(0, ddof=1) / np.sqrt(runs)
    return {"checkpoints": cps.tolist(), "mean": m.tolist(), "lower": (m - 2 * sd).tolist(),
            "upper": (m + 2 * sd).tolist(), "final": reg[:, -1].tolist(),
            "counts_mean": [1.0, 2.0]}


def _syn_decision(estimate, null, claim) -> dict:
    """Test fields of a bound row, made by the real machinery (clickbound.stats) on fixture numbers."""
    from clickbound import stats as st

    d = st.decide([st.from_summary("fixture", estimate, abs(estimate) / 10, 9, null, claim,
                                   "fixture one-sided t-test", abs(null) / 10)])
    return {"test": d.test, "level": d.alpha, "correction": d.correction, "power": d.power,
            "power_text": d.power_text, "decision": d.as_dict()}


def _syn_bounds(policy, cps, coef):
    n = np.asarray(cps, float)
    return [{"theorem_id": "SYN-UPPER", "source": "fixture", "kind": "upper", "policy": policy,
             "asymptotic": True, "log_coefficient": coef, "value_at_n": coef * np.log(n[-1]),
             "omitted": ["C (fixture)"], "notes": [], "values": (coef * np.log(n)).tolist(),
             "comparison": {"verdict": "consistent", "slope": coef / 2, "slope_lower": coef / 3,
                            "slope_upper": coef / 1.5, "window": [n[-1] / 10, n[-1]], "ratio": 2.0,
                            **_syn_decision(coef / 2, coef, "less")}},
            {"theorem_id": "SYN-FINITE", "source": "fixture", "kind": "upper", "policy": policy,
             "asymptotic": False, "log_coefficient": coef, "value_at_n": coef * np.log(n[-1]) + 5,
             "omitted": [], "notes": [], "values": ["nan"] + (coef * np.log(n[1:]) + 5).tolist(),
             "comparison": {"verdict": "holds", "tightness": 3.0, "max_excess": -1.0,
                            "first_violation_n": None, **_syn_decision(coef, coef * 1.5, "less")}},
            {"theorem_id": "SYN-ORDER", "source": "fixture", "kind": "upper", "policy": policy,
             "asymptotic": True, "log_coefficient": "nan", "value_at_n": "nan", "omitted": [],
             "notes": [], "values": ["nan"] * len(cps),
             "comparison": {"verdict": "no constant", "detail": "fixture"}}]


def synthetic_experiment(exp, rng) -> dict:
    """Two settings, every policy of ``exp``, curves c·log(1+n) with noise; all numbers invented."""
    n, runs = 10_000, 4
    settings = []
    for i in range(2):
        pols = {p: _syn_policy(rng, n, runs, scale=3.0 * (j + 1)) for j, p in enumerate(exp.policies)}
        cps = pols[exp.policies[0]]["checkpoints"]
        params = {"p": 0.2, "Δ": 0.1 * (i + 1), "L": 8 * (i + 1), "K": 2, "order": 10.0 * (i + 1)}
        if exp.grid_axis:
            params[exp.grid_axis] = 10.0 * (i + 1)
        settings.append({
            "label": f"synthetic setting {i}", "params": params, "K": 2, "L": 8, "seed": i,
            "policies": pols, "bounds": _syn_bounds(exp.policies[0], cps, 20.0),
            "derived": {"columns": ["quantity", "value"], "rows": [["synthetic", "1"]],
                        "caption": "fixture", "slope": 5.0, "slope_lower": 4.0, "slope_upper": 6.0,
                        "one_over_kl": 5.0, "delta_over_kl": 0.5, "delta": 0.1}})
    return {"id": exp.id, "source": "fixture", "setting_text": "synthetic fixture", "stand_in": "",
            "notes": [], "profile": "quick", "missing_policies": [],
            "run": {"runner": "fixture", "computed": 0, "cached": 0, "sim_wall_s": 0.0},
            "n": n, "runs": runs, "level": 0.95, "alpha": 0.05, "source_n": 100_000,
            "source_text": "fixture", "settings": settings,
            "qualitative": _syn_claims(settings, n, runs)}


def _syn_claims(settings, n, runs) -> list[dict]:
    """One claim of the source decided on a stand-in, one project finding: rows scoped by the real rule
    (clickbound.report.experiments.Scope), so both tables and both labels are rendered."""
    from clickbound.report.experiments import Scope

    src = Scope(quote="fixture quote", source="000", stand_in=True)
    own = Scope(origin="project")
    return [src.apply({"claim": "fixture claim", **_syn_qualitative(settings, n, runs)}, [settings[0]["label"]]),
            own.apply({"claim": "fixture finding", **_syn_qualitative(settings, n, runs)})]


def _syn_qualitative(settings, n, runs) -> dict:
    """A verdict row made by the real machinery (clickbound.stats) from the fixture's numbers."""
    from clickbound import stats as st

    pols = list(settings[0]["policies"].values())
    comps = [st.paired(pols[0]["final"], p["final"], "less", f"fixture vs {i}") for i, p in enumerate(pols[1:])]
    return st.verdict_row(st.decide(comps), n, runs, 100_000, "fixture")


#: experiment sections the fast tests render (per-setting figures, grid figures, an extra
#: render hook): every render path, in a few seconds; the slow test renders all of them
FAST_EXPERIMENTS = ("exp_dcm_3ab", "exp_dcm_2a", "exp_lai_robbins")
FIXTURE_SKIPPED = "fixture: left out of the fast render test"
#: custom (non-Experiment) sections (the lecture's), left out of the fixture like 'sources'
LECTURE_SECTIONS = ("exp_lecture_ranked", "exp_lecture_gittins", "exp_lecture_dbgd", "exp_lecture_display",
                    "exp_lecture_k", "exp_lecture_smab")


def synthetic_results(all_experiments: bool = False) -> dict:
    rng = np.random.default_rng(SYN_SEED)
    secs = {
        "claims": {"title": "claims", "status": "computed", "reason": "", "wall_s": 0.1, "data": {
            "budget_s": 1.0, "verdicts": [
                _verdict("SYN-L2/drop-alpha[K=2]", "refuted", False, "SYN-L2",
                         cex={"x1": "1/2", "y1": "0"}),
                _verdict("SYN-L2[K=2]", "proved", True, "SYN-L2", summary="fixture proof summary",
                         scope="instances", scope_detail="K = 2"),
            ]}},
        "errata": {"title": "errata", "status": "computed", "reason": "", "wall_s": 0.0, "data": {
            "errata": [{"id": "SYN-ERR", "source_file": "000_0b27131c69d8f24c.txt",
                        "location": "fixture location", "source_says": "Δ/D_KL (fixture)",
                        "truth": "1/D_KL (fixture)", "evidence_claims": ["SYN-L2[K=2]"],
                        "conclusion_survives": "yes (fixture)", "spec_id": "SYN", "extra": {},
                        "severity": "wrong-step", "quotes": []}],
            "evidence": {"SYN-L2[K=2]": [{"claim_id": "SYN-L2[K=2]", "status": "proved",
                                          "method": "fixture", "counterexample": None,
                                          "matches_expectation": True}]}}},
        "results": {"title": "results", "status": "computed", "reason": "", "wall_s": 0.0,
                    "data": RESULTS_FIXTURE},
        "meta": {"title": "meta", "status": "computed", "reason": "", "wall_s": 0.0, "data": {}},
        # the front page is drawn from the other sections at render time
        "front": {"title": "front", "status": "computed", "reason": "", "wall_s": 0.0, "data": {}},
        # the sources section renders annotated pages of the real sources; its own tests cover it
        "sources": {"title": "sources", "status": "not computed", "reason": FIXTURE_SKIPPED, "wall_s": 0.0,
                    "data": {}},
        # exact analysis: rendered from a small fixture (tests/report/test_exact_analysis_section.py)
        "exact_analysis": {"title": "exact_analysis", "status": "computed", "reason": "", "wall_s": 0.0,
                           "data": EXACT_ANALYSIS_FIXTURE},
        "notebooks": {"title": "notebooks", "status": "computed", "reason": "", "wall_s": 0.0, "data": {
            "notebooks": [{"name": "syn_notebook", "file": "syn_notebook.ipynb", "title": "Fixture notebook",
                           "findings": "## What we found\nfixture text"}]}},
    }
    # sections with their own render tests: the bound-violation search (test_theorems_fail.py), the
    # blog timing table and the PBM-TS sampler check (test_blog_od_sections.py), the CausE table (test_exp_cause.py)
    for name in ("theorems_fail", "exp_blog_timing", "exp_pbmts_sampler", "exp_cause"):
        secs[name] = {"title": name, "status": "not computed", "reason": FIXTURE_SKIPPED, "wall_s": 0.0, "data": {}}
    for name in LECTURE_SECTIONS:  # the sections (source 003); their own tests compute and render them
        secs[name] = {"title": name, "status": "not computed", "reason": FIXTURE_SKIPPED, "wall_s": 0.0, "data": {}}
    secs["exp_ultr"] = {"title": "exp_ultr", "status": "computed", "reason": "", "wall_s": 0.0,
                        "data": ultr_fixture(rng)}
    for name, exp in _experiments().items():
        if all_experiments or name in FAST_EXPERIMENTS:
            secs[name] = {"title": exp.title, "status": "computed", "reason": "", "wall_s": 0.0,
                          "data": synthetic_experiment(exp, rng)}
        else:
            secs[name] = {"title": exp.title, "status": "not computed", "reason": FIXTURE_SKIPPED,
                          "wall_s": 0.0, "data": {}}
    missing = {s.name for s in sections()} - set(secs)
    assert not missing, f"fixture lacks registered sections {missing}"
    return {"schema": rio.SCHEMA,
            "meta": {"profile": "quick", "seed": SYN_SEED, "budget_s": 1.0, "scheduler": None,
                     "started_utc": "2026-01-01T00:00:00+00:00", "wall_s": 0.1,
                     "sections_wall_s": {k: v["wall_s"] for k, v in secs.items()},
                     "versions": {"python": "fixture", "git_commit": "fixture"}},
            "sections": secs}


#: a minimal results-table section: one source with a failing theorem and a repaired lemma, one without rows
RESULTS_FIXTURE = {
    "sources": {
        "000_0b27131c69d8f24c.txt": [
            {"source": "000_0b27131c69d8f24c.txt", "name": "SYN Theorem 9", "kind": "theorem",
             "quote": "fixture quote", "status": "fails", "repair": "", "claims": ["SYN-L2/drop-alpha[K=2]"],
             "errata": [{"id": "SYN-ERR", "severity": "wrong-result"}], "note": "fixture note",
             "scope": "", "own_finding": False, "negates": []},
            {"source": "000_0b27131c69d8f24c.txt", "name": "SYN Lemma 9", "kind": "lemma",
             "quote": "fixture quote 2", "status": "holds-after-repair", "repair": "fixture repair",
             "claims": ["SYN-L2[K=2]"], "errata": [{"id": "SYN-ERR", "severity": "wrong-step"}],
             "note": "fixture note", "scope": "", "own_finding": False, "negates": []}],
        "001_eb740855b56fcd8b.txt": []},
    "counts": {"000_0b27131c69d8f24c.txt": {"holds": 0, "holds-after-repair": 1, "fails": 1, "unproved": 0,
                                            "not-checkable": 0, "total": 2},
               "001_eb740855b56fcd8b.txt": {"holds": 0, "holds-after-repair": 0, "fails": 0, "unproved": 0,
                                            "not-checkable": 0, "total": 0}},
}

#: a minimal exact-analysis section (FB-UNBIASED rows, one FB-FIX row, one exact-regret row)
EXACT_ANALYSIS_FIXTURE = {
    "feedback": [
        {"id": "FB-UNBIASED/SYN/dcm", "statement": "fixture", "status": "refuted", "scope_text": "refuted",
         "counterexample": {"w": "1/2"}, "method": "fixture"},
        {"id": "FB-UNBIASED/SYN/cascade", "statement": "fixture", "status": "proved",
         "scope_text": "proved (every parameter)", "counterexample": None, "method": "fixture"},
        {"id": "FB-FIX/SYN/dcm", "statement": "settles at a mixture", "status": "proved",
         "scope_text": "proved (every parameter)", "counterexample": None, "method": "fixture"}],
    "exact_regret": {"what": "fixture", "tie_rule": "uniform ties", "rows": [
        {"instance": "syn", "policy": "UCB1", "model": "cascade", "K": 1, "n": 3, "regret": 0.5,
         "dp_states": 7, "violated_at_as_printed": [2, 3], "violated_at_corrected": []}]},
}


def ultr_fixture(rng) -> dict:
    """exp_ultr's data shape (report/sections/exp_ultr.py) filled with seeded noise; verdicts by the section's own rule."""
    from clickbound.report.sections import exp_ultr as xu

    sizes = {"rank_reps": 3, "train_q": 10, "sessions": 1, "test_q": 10, "rec_reps": 2, "records": 100}
    etas = [str(e) for e in xu.ETAS]
    methods = ("skyline", "naive", "IPW", "clipped IPW", "logging", "optimal")
    arp = {m: {e: (3 + i * 0.1 + rng.random(3)).tolist() for e in etas} for i, m in enumerate(methods)}
    mom = {e: {k: rng.random(3).tolist() for k in ("ipw_rel_sd", "clip_rel_bias", "clip_rel_sd")} for e in etas}
    logs = {kind: {"queries": 10, "sessions_per_query": 1, "records": 100, "methods": {
        m: {"theta_err": rng.random(2).tolist(), "share_err": rng.random(2).tolist(),
            "abs_err": [None, None] if m.startswith("DLA") else rng.random(2).tolist(),
            "theta_hat": [[1.0, 0.5, 0.3]] * 2} for m in xu.METHODS_B}} for kind in ("sparse", "dense")}
    data = {"id": xu.ID, "profile": "dev", "sizes": sizes, "seeds": {"A": SYN_SEED, "B": SYN_SEED},
            "etas": list(xu.ETAS), "clip": xu.CLIP, "rec_eta": xu.REC_ETA, "A": {"arp": arp, "moments": mom},
            "B": {"theta": [1.0, 0.5, 0.3], "logs": logs},
            "stability": {"queries": 10, "records": 100, "methods": {
                m: {"theta_err": [0.1, None], "theta_err_random_start": [0.2, 0.3], "start_gap": [0.05, None]}
                for m in ("DLA", "DLA (capped)")}}}
    data["verdicts"] = xu.verdicts(data)
    return data


def _target(name: str, theorem_id: str, policy: str, kind: str, asymptotic: bool, status: str, n: int) -> dict:
    """A bound of the violation search as the theorems_fail section stores it (fixture numbers)."""
    conf = {"status": status, "asymptotic": asymptotic, "n": n, "runs": 4, "instance": {"L": 3, "K": 2}}
    return {"target": name, "theorem_id": theorem_id, "policy": policy, "model": "dcm", "kind": kind,
            "verdict": status, "confirmations": [conf], "closest": {"instance": {"L": 3, "K": 2}, "score": 0.5}}


def front_sections() -> dict:
    """``synthetic_results()``'s sections with what the front page sorts: the results table's two
    failing DCM results (DCM Theorem 2, DCM Proposition 1) citing their violation-search claims, a
    holding KL-UCB result citing KLUCB-ASYMP, the violation search with two asymptotic bounds
    violated (DCM-T2, KLUCB-ASYMP) and one finite-time bound violated (UCB1-BOUND/as-printed), an
    experiment whose asymptotic bound is 'inconsistent' at its n, and claim verdicts of every row
    class (statements, an as-printed statement an erratum cites, mutants, a VIOL/ instance)."""
    from clickbound.lemmas.studies import violations as lv

    secs = synthetic_results()["sections"]
    targets = {"DCM-T2": _target("DCM-T2", "DCM-T2", "dcmKL-UCB", "upper", True, "violated-in-simulation", 10**6),
               "DCM-P1[i=1]": _target("DCM-P1[i=1]", "DCM-P1", "dcmKL-UCB", "upper", True,
                                      "violated-in-simulation", 10**6),
               "UCB1-BOUND/as-printed": _target("UCB1-BOUND/as-printed", "UCB1-BOUND/as-printed", "UCB1", "upper",
                                                False, "violated-in-simulation", 10**5),
               "KLUCB-ASYMP": _target("KLUCB-ASYMP", "KLUCB-ASYMP", "KL-UCB", "upper", True,
                                      "violated-in-simulation", 10**6),
               "PBM-UCB": _target("PBM-UCB", "PBM-UCB", "PBM-UCB", "upper", True, "consistent-in-simulation", 10**6)}
    ids = {k: lv.claim_id(t) for k, t in targets.items()}
    secs["theorems_fail"] = {"title": "theorems_fail", "status": "computed", "reason": "", "wall_s": 0.0, "data": {
        "record": {"meta": {}, "targets": targets}, "claim_ids": ids,
        "claims": {ids[k]: {"status": t["verdict"], "statement": "fixture"} for k, t in targets.items()},
        "feedback": {}, "not_searched": {}, "order_slope": None}}

    def res(name, status, claims, errata=()):
        return {"source": "000_0b27131c69d8f24c.txt", "name": name, "kind": "theorem", "quote": "fixture",
                "status": status, "repair": "", "claims": list(claims),
                "errata": [{"id": e, "severity": "wrong-result"} for e in errata], "note": "",
                "scope": "", "own_finding": False, "negates": []}

    rows = [res("DCM Theorem 2 (fixture)", "fails", [ids["DCM-T2"]], ["SYN-ERR-T2"]),
            res("DCM Proposition 1 (fixture)", "fails", [ids["DCM-P1[i=1]"]], ["SYN-ERR-P1"]),
            res("SYN Lemma 9", "holds", ["SYN-L2[K=2]"])]
    rows_002 = [{**res("KL-UCB asymptotic optimality (fixture)", "holds", [ids["KLUCB-ASYMP"]]),
                 "source": "002_3ec5ec57f55c1fdf.txt"}]
    from clickbound.report.sections.results import counts

    srcs = {"000_0b27131c69d8f24c.txt": rows, "002_3ec5ec57f55c1fdf.txt": rows_002}
    secs["results"]["data"] = {"sources": srcs, "counts": {k: counts(v) for k, v in srcs.items()}}
    # an experiment whose asymptotic bound is short of its constant at n, and a finite one violated
    exp = secs["exp_dcm_3ab"]["data"]
    exp["settings"][0]["bounds"][0]["comparison"]["verdict"] = "inconsistent"
    vs = every_status_verdicts() + [
        _verdict("SYN-PRINTED/as-printed", "refuted", False, "SYN-PRINTED", cex={"x1": "1/3"}),
        _verdict("VIOL/SYN-T9/SYN-policy", "violated-in-simulation", True, "VIOL",
                 evidence={"test": "fixture t-test", "level": 0.05})]
    secs["claims"]["data"]["verdicts"] = vs
    secs["errata"]["data"]["errata"][0]["evidence_claims"] = ["SYN-L2[K=2]", "SYN-PRINTED/as-printed"]
    return secs
