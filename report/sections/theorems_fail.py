"""Section "Where the theorems fail": the bound-violation search and the tightness atlas.

Reads the committed record ``lemmas/data/violations.json`` written by ``clickbound violations``
(:mod:`clickbound.report.cmd_violations`; long confirmation runs are expensive, so they are run
once and read here) and the verdicts of the ``VIOL/*`` claims (:mod:`clickbound.lemmas.studies.violations`),
which re-decide the record's tests independently.  Shows, for every bound of ``bounds/``: how much
was searched, the closest instance and the smallest bound/regret ratio (the tightness atlas); for
every bound violated in simulation: the instance, regret against the bound on log axes, the tests
and the explanation (what the test measured, the exact feedback analysis where the policy's
records are biased, and the step of the source's proof that does not hold).
"""
from __future__ import annotations

import math
from pathlib import Path

from clickbound.report import doc
from clickbound.report.sections import (
    ComputeContext,
    NotReady,
    RenderContext,
    Section,
    register_section,
)


def _feedback(policy: str, model: str) -> dict:
    """What the feedback-bias study decided about the records of ``policy`` on ``model`` (exact,
    :mod:`clickbound.lemmas.studies.feedback_bias`)."""
    from clickbound.lemmas.studies import feedback_bias as fb

    return {"available": True, "biased": (policy, model) in fb.BIASED,
            "claim": f"FB-UNBIASED/{policy}/{model}"}


def optimal_list_records(policy: str, model: str, inst: dict) -> dict | None:
    """Exact recorded means at the optimal list (the feedback rules and their outcome enumeration).

    Shown ``A*`` (the K most attractive items in decreasing order, DCM-ORDER) round after round,
    the policy's recorded mean of the item at position k converges to ``ρ_k = E[credited clicks at
    k] / E[observations at k]`` (:func:`clickbound.lemmas.support.feedback_exact.expected_records`, exact
    rationals).  An index policy whose bonus vanishes sorts by these means, so ``A*`` can be where
    it settles only if ``ρ_1 ≥ … ≥ ρ_K`` and ``ρ_K ≥ w̄`` of the best item left out (that item is
    explored at position K; its true mean is used here, a heuristic as in FB-FIX).  ``None`` when
    the policy or model has no exact rule.
    """
    from fractions import Fraction

    import sympy as sp

    from clickbound.lemmas.support.feedback_exact import expected_records
    from clickbound.lemmas.support.feedback_rules import rule

    if model not in ("dcm", "cascade", "pbm", "depth"):
        return None
    try:
        r = rule(policy)
    except (KeyError, ValueError):
        return None
    w = sorted((sp.Rational(str(Fraction(str(a)))) for a in inst["w"]), reverse=True)
    K = int(inst["K"])
    y = None if model == "cascade" else [sp.Rational(str(Fraction(str(a)))) for a in inst["v"]]
    obs, clk = expected_records(r, model, w[:K], y)
    rho = [sp.nsimplify(c / o) if o != 0 else sp.nan for o, c in zip(obs, clk)]
    order_ok = all(rho[k] >= rho[k + 1] for k in range(K - 1))
    outside_ok = len(w) == K or rho[K - 1] >= w[K]
    return {"w_top": [str(a) for a in w[:K]], "rho": [str(a) for a in rho],
            "rho_float": [float(a) for a in rho], "next_best": str(w[K]) if len(w) > K else None,
            "order_kept": bool(order_ok), "set_kept": bool(outside_ok),
            "fixed_point": bool(order_ok and outside_ok)}


def compute(ctx: ComputeContext) -> dict:
    from clickbound.lemmas.studies import violations as lv

    rec = lv.record()
    if rec is None:
        raise NotReady(f"{lv.DATA} has not been generated: run "
                       "`clickbound violations --profile full --update-package-record`")
    lect = lv.record_lecture()  # the lecture's bounds (sim/violations_lecture.py), same format
    claims = lv.claims_from(rec)
    if lect is not None:
        claims += lv.claims_from(lect, lv.DATA_LECTURE.name)
        rec = {**rec, "targets": {**rec["targets"], **lect["targets"]},
               "meta": {**rec["meta"], "lecture": {k: v for k, v in lect["meta"].items() if k != "not_searched"},
                        "not_searched": {**rec["meta"].get("not_searched", {}), **lect["meta"]["not_searched"]}}}
    verdicts = {}
    for c in claims:
        o = c.decide(ctx.budget_s)
        verdicts[c.id] = {"status": o.status, "statement": c.statement_text}
    fb = {name: _feedback(t["policy"], t["model"]) for name, t in rec["targets"].items()}
    for name, t in rec["targets"].items():
        viol = [(j, c) for j, c in enumerate(t["confirmations"]) if c["status"] == "violated-in-simulation"]
        fb[name]["at_optimal_list"] = {}
        if viol and t["kind"] == "upper" and t["model"] in ("dcm", "pbm", "depth"):
            j, c = min(viol, key=lambda jc: float(jc[1]["score"]))  # the instance the render shows
            fb[name]["at_optimal_list"][str(j)] = optimal_list_records(t["policy"], t["model"], c["instance"])
    return {"record": _lean(rec), "claims": verdicts, "feedback": fb,
            "claim_ids": {name: lv.claim_id(t) for name, t in rec["targets"].items()},
            "not_searched": _not_searched(rec), "order_slope": _order_slope()}


def _not_searched(rec: dict) -> dict:
    """Why each bound of bounds/ is not searched: the code's current reason (sim.violations.NOT_SEARCHED)
    for every bound the record lists or the code names (a reason is an explanation, not a measurement)."""
    from clickbound.sim import violations as sv

    names = list(rec.get("meta", {}).get("not_searched", {})) + [k for k in sv.NOT_SEARCHED]
    return {k: sv.NOT_SEARCHED.get(k, rec["meta"]["not_searched"].get(k)) for k in dict.fromkeys(names)}


def _order_slope() -> dict | None:
    """The rate test of CascadeUCB1's O(L log n) bound (lemmas/data/cascade_ucb1_order_slope.json), lean."""
    import json

    from clickbound.lemmas.studies import violations as lv

    path = Path(lv.DATA).parent / "cascade_ucb1_order_slope.json"
    if not path.exists():
        return None
    d = json.loads(path.read_text())
    keep = ("instance", "n", "runs", "seed", "slope_prev_decade", "slope_last_decade", "growth_exponent_estimate",
            "test", "level", "correction", "p_value", "power_text", "status")
    rows = [{k: r.get(k) for k in keep} for r in d["rows"] + list(d.get("extended") or [])]
    return {"target": d["target"], "policy": d["policy"], "rows": rows, "meta": d.get("meta", {})}


def _lean(rec: dict) -> dict:
    """The record without the per-checkpoint arrays and test families the render never reads
    (results.json stays small; the full record is lemmas/data/violations.json)."""
    import copy

    out = copy.deepcopy(rec)
    for t in out["targets"].values():
        viol = [c for c in t["confirmations"] if c["status"] == "violated-in-simulation"]
        shown = min(viol, key=lambda c: float(c["score"])) if viol else None
        for c in t["confirmations"]:
            c["mean_final"] = c["mean"][-1]
            if c is not shown:
                for k in ("checkpoints", "mean", "se", "decision"):
                    c.pop(k, None)
                c["bound"] = c["bound"][-1:]
            c.pop("final", None)
    return out


# ------------------------------------------------------------------ explanations (from the data)


def _f(x) -> float:
    return float(x) if x is not None else math.nan


def _fired(conf: dict) -> list[str]:
    d = conf["decision"]
    return [c["label"] for c in d["comparisons"] if c.get("rejected_opposite")]


def _fired_p(conf: dict) -> str:
    from clickbound.stats import p_text

    d = conf["decision"]
    hit = [c for c in d["comparisons"] if c.get("rejected_opposite")]
    if len(hit) > 4:  # a finite-time bound over many checkpoints: the first one and how many
        return (f"{hit[0]['label']} ({p_text(float(hit[0]['p_opposite']))}) and {len(hit) - 1} later "
                f"checkpoints of {len(d['comparisons'])} (largest p = "
                f"{max(float(c['p_opposite']) for c in hit):.2g})")
    return ", ".join(f"{c['label']} ({p_text(float(c['p_opposite']))})" for c in hit)


def _growth(conf: dict) -> float:
    a, b = conf.get("slopes_previous_decade") or [], conf["slopes_last_decade"]
    if not a:
        return math.nan
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    return mb / ma if ma > 0 else math.inf


def explain(target: dict, conf: dict, fb: dict, j: int = 0) -> list[str]:
    """Why the record's test fired on this instance: text computed from the stored numbers."""
    tid, out = target["theorem_id"], []
    fired = _fired(conf)
    out.append(f"Tests that went against the bound (Holm at {conf['level']:g}; one-sided p-values of the "
               f"null 'the bound holds here'): {_fired_p(conf) or 'none'}.")
    g = _growth(conf)
    slope, bslope = _f(conf["slope"]), _f(conf.get("bound_slope", conf["coefficient"]))
    if math.isfinite(g):
        kind = ("about 10: the regret grows linearly (the policy is not consistent here)" if g > 5 else
                "below 1: the slope is falling from decade to decade" if g < 1 else
                "about 1: the regret grows like log n, with a larger constant" if g < 2 else "in between")
        out.append(f"Slope of R on log n: {slope:.4g} over the last decade against the bound's {bslope:.4g}; "
                   f"last decade / previous decade = {g:.3g}, {kind}.")
    if tid == "UCB1-BOUND/as-printed":
        a = conf["instance"]["policy_params"]["alpha"]
        coef = _f(conf["coefficient"])
        out.append(f"What the proof gets wrong: from μ_1 ≤ μ_a + sqrt(2α log t/T_a,t) the source concludes "
                   f"T_a,t ≤ 2Δ_a^-2 log t, dropping α (UCB1-COUNT-AS-PRINTED). UCB1's exploration grows with α: "
                   f"here α = {a:g}, the printed log T coefficient is {coef:.4g} and the corrected one "
                   f"α times it, {a * coef:.4g}; the measured slope is {slope:.4g}. In exact arithmetic, "
                   "the exact regret DP (sim/exact_regret.py, instances ucb1-2arm-alpha100 and -alpha1000) "
                   "already finds the printed bound exceeded before n = 30 for α = 100 and 1000.")
    elif target["kind"] == "lower":
        out.append("A liminf statement: a slope below the constant at n ≤ "
                   f"{conf['n']:,} does not refute it (KL-UCB-type regret approaches its log n rate slowly, "
                   "through the log log n term of its threshold). It would mean an assumption does more work "
                   "than the source says only if the slope stayed below as n grows; the previous/last decade "
                   f"slopes are {_mean(conf.get('slopes_previous_decade')):.4g} / {slope:.4g}.")
    elif conf["asymptotic"]:
        only_value = fired and all(l.startswith("known part") for l in fired)
        if only_value:
            out.append("Only the known part was exceeded, not its rate: the bound omits positive lower-order "
                       "terms (C_2(ε)/n^β(ε), KL-UCB's O(log log n)), so this is no contradiction of the "
                       "asymptotic statement.")
        slope_fired = any(lb.startswith("slope") for lb in fired)
        coef = _f(conf["coefficient"])
        if slope_fired and "KL-UCB" in target["policy"] and math.isclose(bslope, coef, rel_tol=1e-6):
            n_mid = conf["n"] / math.sqrt(10.0)
            allow = coef * (1.0 + 3.0 / math.log(n_mid))
            within = "within" if slope <= allow else "beyond"
            out.append("A limsup statement cannot be refuted at finite n; what the test shows is that at "
                       f"n ≤ {conf['n']:,} the regret has not reached the rate the bound names. "
                       f"The bound states only the limsup of R(n)/log n; the policy's own threshold "
                       f"log t + 3 log log t makes its finite-n slope about c(1 + 3/log n) = {allow:.4g} "
                       f"over this window (c = {coef:.4g}). The measured slope {slope:.4g} is {within} that "
                       f"allowance: " + ("a finite-n effect of the threshold, no contradiction of the "
                                         "asymptotic statement." if within == "within" else
                                         "more than the threshold explains at this n; the remaining excess "
                                         "is what the omitted lower-order terms of the finite-time KL-UCB "
                                         "bound (not given in the sources) would have to cover."))
        if fb.get("available") and fb.get("biased"):
            out.append(f"Feedback analysis ({fb['claim']} refuted exactly): {target['policy']} records "
                       f"means that are not the attractions on the {target['model']} model (the window up to the "
                       "last click keeps a record only when a later click or no click happens: selection on the "
                       "outcome). The proof borrows the cascade analysis, whose KL-UCB concentration is for "
                       "unbiased observations of w̄(e); with biased records the index ranks items by the wrong "
                       "means (ERR-DCM-ALG-SELECTION-BIAS).")
        elif fb.get("available"):
            out.append(f"The policy's records are unbiased on this model ({fb['claim']} proved), so the "
                       "explanation is not the feedback; see the tests above.")
        ex = (fb.get("at_optimal_list") or {}).get(str(j))
        if ex:
            rho = ", ".join(f"{a} ≈ {b:.4g}" for a, b in zip(ex["rho"], ex["rho_float"]))
            verdict = ("so the optimal list is a fixed point of the sort-by-recorded-means map: the "
                       "records alone do not explain the failure" if ex["fixed_point"] else
                       "so the optimal list is NOT a fixed point: sorting by these means moves away from it "
                       "(" + ("the order inside the list flips" if not ex["order_kept"] else
                              "the last recorded mean falls below the best item left out") +
                       "), and the policy cannot settle on A*")
            out.append(f"Exact feedback analysis at the optimal list A* (attractions {', '.join(ex['w_top'])} "
                       f"in order; exact outcome enumeration of the feedback rules): shown A* every round, the "
                       f"recorded means converge to ρ = ({rho}), next best item outside A*: {ex['next_best']}; "
                       f"{verdict}.")
    return out


def _mean(x) -> float:
    return sum(x) / len(x) if x else math.nan


# ------------------------------------------------------------------ rendering


def _inst_text(inst: dict) -> str:
    keys = ("L", "K", "w", "v", "p", "delta", "gamma", "eps", "J", "P", "pi", "d", "R", "a", "w_frac", "T",
            "policy_params")
    return ", ".join(f"{k}={inst[k]}" for k in keys if k in inst)


def _regret_figure(name: str, target: dict, conf: dict, rctx: RenderContext, j: int):
    import matplotlib.pyplot as plt

    n = conf["checkpoints"]
    m, se = [_f(x) for x in conf["mean"]], [_f(x) for x in conf["se"]]
    b = [_f(x) for x in conf["bound"]]
    fig, ax = plt.subplots(figsize=(6.2, 3.6))
    lo = [max(a - 2 * s, 1e-3) for a, s in zip(m, se)]
    hi = [a + 2 * s for a, s in zip(m, se)]
    ax.fill_between(n, lo, hi, alpha=0.25, color="C0")
    ax.plot(n, [max(a, 1e-3) for a in m], color="C0", label=f"{target['policy']}: mean over {conf['runs']} runs (±2 s.e.)")
    ax.plot(n, b, color="C3", ls="--", label=f"{target['theorem_id']} (known part)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("n")
    q = conf["provenance"]["quantity"]
    ax.set_ylabel("regret" if q == "regret" else f"cascade regret R_{q}(n)")
    ax.legend(fontsize=7)
    ax.set_title(f"{name}: {_inst_text(conf['instance'])}", fontsize=7)
    slug = "".join(c if c.isalnum() else "_" for c in name)
    return rctx.save(fig, f"theorems_fail_{slug}_{j}")


def _atlas_figure(rec: dict, rctx: RenderContext):
    import matplotlib.pyplot as plt

    names = list(rec["targets"])
    vals = [_f(rec["targets"][k]["closest"]["score"]) for k in names]
    fig, ax = plt.subplots(figsize=(7, 0.4 + 0.3 * len(names)))
    ax.barh(range(len(names)), [v if math.isfinite(v) and v > 0 else float("nan") for v in vals],
            color=["C3" if rec["targets"][k]["verdict"] == "violated-in-simulation" else "C0" for k in names])
    ax.axvline(1.0, color="k", lw=0.8)
    ax.set_xscale("log")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("smallest ratio found (upper: bound/regret; lower: slope/constant); < 1 = candidate")
    return rctx.save(fig, "theorems_fail_atlas")


def is_finite_time(target: dict, viol: list) -> bool:
    """Whether a violated bound is a finite-time statement (so the violation contradicts it): an upper
    bound none of whose violated confirmations is asymptotic (``BoundResult.asymptotic``)."""
    return target.get("kind") != "lower" and not any(c.get("asymptotic") for _, c in viol)


def _violation_blocks(name: str, t: dict, viol: list, rctx: RenderContext, fbs: dict) -> list:
    """One violated bound: its heading, the instance with the smallest ratio in full, the others."""
    from clickbound.lemmas.studies import violations as lv

    blocks = []
    # the instance with the smallest ratio is shown in full; the others in one table
    j, conf = min(viol, key=lambda jc: _f(jc[1]["score"]))
    blocks.append(doc.h(f"{name} — {t['policy']} on {t['model']}", 4, anchor=f"viol-{doc.slug(name)}"))
    blocks.append(doc.p(f"{len(viol)} of {len(t['confirmations'])} confirmed instances violate it. "
                        f"Shown in full: {_inst_text(conf['instance'])}; decided at n = {conf['n']:,}, "
                        f"{conf['runs']} runs, seed {conf['seed']}; test: "
                        f"{lv.test_text(t['kind'], conf['asymptotic'])}, level {conf['level']:g}."))
    for line in explain(t, conf, fbs.get(name, {}), j):
        blocks.append(doc.p(line))
    blocks.append(doc.figure(_regret_figure(name, t, conf, rctx, j),
                             "Regret against the bound on log axes (known part; omitted constants excluded)."))
    if len(t["confirmations"]) > 1:
        blocks.append(doc.table(
            ["instance", "role", "verdict", "ratio", "slope (last decade)", "bound slope",
             "slope last/previous decade", "R(n) at n", "known part at n"],
            [[_inst_text(c["instance"]), c["role"], c["status"], _f(c["score"]), _f(c["slope"]),
              _f(c.get("bound_slope", c["coefficient"])), _growth(c), _f(c["mean_final"]),
              _f(c["bound"][-1]) if c["bound"][-1] is not None else None]
             for c in t["confirmations"]],
            caption=f"{name}: every confirmed instance (n = {conf['n']:,}, {conf['runs']} runs each)"))
    un = t.get("unconfirmed_candidates") or []
    if un:
        blocks.append(doc.p(f"{len(un)} further candidate(s) of the search (ratio < 1 at the search size) "
                            "were not confirmed: " + "; ".join(_inst_text(c["instance"]) for c in un) + "."))
    return blocks


def render(data: dict, rctx: RenderContext) -> list:

    rec, claims, fbs, ids = data["record"], data["claims"], data["feedback"], data["claim_ids"]
    meta = rec["meta"]
    sz = meta["sizes"]
    blocks = [doc.p(
        f"For every bound of bounds/ and the policy it is about, clickbound violations searched small instances "
        f"(L ≤ {meta['grids']['L_max']} items, K ≤ {meta['grids']['K_max']} positions; attraction grid "
        f"{meta['grids']['W']}, position grid {meta['grids']['V']}): {sz['search']['grid']} grid instances, then "
        f"{sz['search']['starts']} local searches of {sz['search']['local_steps']} moves toward the worst ratio, each "
        f"instance simulated for n = {sz['search']['n']:,} rounds × {sz['search']['runs']} runs; then the closest "
        f"instance and up to {sz['confirm_max'] - 1} candidate(s) (ratio < 1) were confirmed at n = "
        f"{sz['confirm']['n']:,} with {sz['confirm']['runs']} replications (profile {meta['profile']}, root seed "
        f"{meta['seed']}, written {meta['written_utc']}, {meta['wall_s']:.0f} s). The record is "
        f"lemmas/data/violations.json; the VIOL/* claims re-decide it.")]
    blocks.append(doc.p(
        "Tests (level 5 %, Holm over each family): finite-time bounds — one-sided one-sample t-test of the mean "
        "regret against the bound at every checkpoint n ≥ 100; asymptotic upper bounds — the per-run slope of R "
        "on log n over the last decade against the slope of the bound's known part there, and the final regret "
        "against the known part; lower bounds — the slope against the log n constant. 'violated-in-simulation' "
        "is a statistical finding at the n and runs stated, never a refutation; a finite-n slope cannot by "
        "itself refute a limit statement."))
    lm = meta.get("lecture")
    if lm:
        ls = lm["sizes"]
        blocks.append(doc.p(
            f"The lecture's bounds (source 003: EXP3-BOUND, RBA-ONLINE/paper, DBGD-BOUND) were searched the same way "
            f"by sim/violations_lecture.py ({ls['search']['grid']} grid instances, {ls['search']['starts']} local "
            f"searches of {ls['search']['local_steps']} moves, n = {ls['search']['n']:,} × {ls['search']['runs']} runs; "
            f"DBGD n = {lm['dbgd_search_n']:,}; confirmed at n = {ls['confirm']['n']:,} with {ls['confirm']['runs']} "
            f"replications; root seed {lm['seed']}, written {lm['written_utc']}, {lm['cpu_s']:.0f} s CPU); record "
            "lemmas/data/violations_lecture.json. These are finite-time bounds without a log n coefficient: the "
            "ratio is the smallest bound/regret over the checkpoints n ≥ 100 (DBGD: at the horizon its steps are "
            "tuned to); RBA-ONLINE/paper is searched in its regret form R(t) ≤ t f*/e + k·Exp3 bound."))
    rows = []
    for name, t in rec["targets"].items():
        c = t["closest"]
        s = t["search"]
        best = min(t["confirmations"], key=lambda x: _f(x["score"]))
        nv = sum(c["status"] == "violated-in-simulation" for c in t["confirmations"])
        rows.append([name, t["policy"], t["model"], t["kind"], s["evaluated"], f"{s['rounds_simulated_at_most']:.3g}",
                     f"{nv}/{len(t['confirmations'])}",
                     _inst_text(c["instance"]), _f(c["score"]), _f(c["value_ratio"]), _f(c["slope_ratio"]),
                     claims.get(ids[name], {}).get("status", t["verdict"]),
                     f"n = {best['n']:,}, {best['runs']} runs; power of the 'holds' test: {best['power_text']}"])
    blocks.append(doc.table(
        ["bound", "policy", "model", "kind", "instances", "rounds", "violated/confirmed", "closest instance",
         "smallest ratio",
         "value ratio", "slope ratio", "verdict", "decided at"], rows,
        caption="Every bound searched: size, closest instance and the tightness atlas (smallest ratio at the "
                "confirmation runs)", filterable=True))
    blocks.append(doc.figure(_atlas_figure(rec, rctx), "Tightness atlas: the smallest ratio per bound "
                                                       "(red: violated in simulation)."))
    ns = data.get("not_searched") or meta.get("not_searched", {})
    if ns:
        blocks.append(doc.table(["bound", "why not searched"], [[k, v] for k, v in ns.items()],
                                caption="Bounds of bounds/ not searched by the violation search"))
    osl = data.get("order_slope")
    if osl:
        blocks.append(doc.table(
            ["instance", "n, runs, seed", "slope of R on log n, previous / last decade", "growth exponent",
             "test", "p", "power", "verdict"],
            [[_inst_text(r["instance"]), f"{r['n']:,}, {r['runs']}, {r['seed']}",
              f"{_f(r['slope_prev_decade'])} / {_f(r['slope_last_decade'])}", _f(r["growth_exponent_estimate"]),
              f"{r['test']}; level {r['level']}, {r['correction']}", _f(r["p_value"]), r["power_text"], r["status"]]
             for r in osl["rows"]],
            caption=(f"{osl['target']} ({osl['policy']}): an O(L log n) bound without a constant can only be "
                     "tested for its rate — the local growth exponent of the regret over the last two decades "
                     "(lemmas/data/cascade_ucb1_order_slope.json)")))
    lows = [(name, t) for name, t in rec["targets"].items() if t["kind"] == "lower"]
    if lows:
        blocks.append(doc.h("Lower bounds, the other way round", 3))
        rows = []
        for name, t in lows:
            for conf in t["confirmations"]:
                rows.append([name, t["policy"], _inst_text(conf["instance"]), _f(conf["coefficient"]),
                             _f(conf["slope"]), _mean(conf.get("slopes_previous_decade")), _f(conf["score"]),
                             conf["status"], f"n = {conf['n']:,}, {conf['runs']} runs"])
        blocks.append(doc.table(
            ["lower bound", "policy (covered by the theorem)", "instance", "log n constant",
             "slope, last decade", "slope, previous decade", "slope/constant", "verdict", "decided at"], rows,
            caption="Searched for a policy the theorem covers beating the constant (slope/constant < 1 is a hit "
                    "at these n; a liminf statement is refuted only if it stays below as n grows)"))
    viols = [(name, t, [(j, c) for j, c in enumerate(t["confirmations"]) if c["status"] == "violated-in-simulation"])
             for name, t in rec["targets"].items()]
    viols = [x for x in viols if x[2]]
    finite = [x for x in viols if is_finite_time(x[1], x[2])]
    limit = [x for x in viols if not is_finite_time(x[1], x[2])]
    blocks.append(doc.h("Finite-time bounds violated in simulation", 3))
    if not finite:
        blocks.append(doc.p("None: no finite-time bound was violated at the confirmation size."))
    for name, t, viol in finite:
        blocks += _violation_blocks(name, t, viol, rctx, fbs)
    if limit:
        ns = sorted({int(c["n"]) for _, _, v in limit for _, c in v})
        blocks.append(doc.h("Limit statements short of their constant at n = " + ", ".join(f"{n:,}" for n in ns), 3))
        blocks.append(doc.p(
            "These bounds are limit statements (a limsup of R(n)/log n). A finite-n test that finds the regret "
            "above the rate says the limit is not reached at these n; it cannot refute the statement (KL-UCB-type "
            "regret approaches its rate slowly, through the log log n term of its threshold; see the Lai–Robbins "
            "section). Where a source's result fails, the results table says so on its evidence (a refuted step, "
            "biased records, regret that grows linearly: last decade / previous decade about 10)."))
        blocks.append(doc.links([("the Lai–Robbins section", "#exp_lai_robbins"), ("the results table", "#results")]))
        for name, t, viol in limit:
            blocks += _violation_blocks(name, t, viol, rctx, fbs)
    return blocks


SECTION = register_section(Section(
    name="theorems_fail", title="Where the theorems fail: bound-violation search and tightness atlas",
    order=180, compute=compute, render=render,
    description="every upper bound searched on small instances, violations confirmed at n ≥ 10^6"))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("VIOL", "FB-UNBIASED", "FB-FIX", "UCB1-BOUND", "DCM-ORDER")
