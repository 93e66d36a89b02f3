"""Render an experiment section from its computed data only (see :mod:`clickbound.report.experiments`).

Blocks: the setting (and any synthetic stand-in, said plainly), the sizes, a
results table per setting (mean regret at n with its CI, R(n)/log n, per-policy
wall time), a bound table (bound, kind, log-n coefficient, empirical slope or
band, ratio, verdict and its test), the source's qualitative claims with reproduced /
contradicted / inconclusive and the test, level, correction, n and runs each was decided at,
and figures.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from clickbound.report import doc, figures
from clickbound.report.sections import RenderContext

VERDICTS_TEXT = (
    "Verdicts (clickbound.stats, one implementation for every row): each is a family of one-sided "
    "t-tests at level α = 0.05 with the Holm–Bonferroni correction over the family. A finite-time bound "
    "'holds' when the test of 'mean regret < bound' rejects its null at every checkpoint, is 'violated' "
    "when 'mean regret > bound' is significant at some checkpoint, else 'inconclusive' (with the power "
    "the tests had were the mean regret under the bound by 10 % of it). An asymptotic bound (unknown constants or a "
    "liminf/limsup statement) is compared through the per-run slopes of R(n) on log n over the last "
    "decade of n: 'consistent' when the one-sided test puts the slope on the bound's side, "
    "'inconsistent' when on the other side — at these n only: a finite-n slope cannot refute a limit "
    "statement, and KL-UCB-type indices approach their limits slowly (log log n terms). The ratio is "
    "the bound's value (or log n coefficient) over the empirical regret (or slope).")

QUALITATIVE_TEXT = (
    "A claim is 'reproduced' only when its tests reject their nulls in the claimed direction at "
    "α = 0.05 after the Holm–Bonferroni correction over every comparison it combines; 'contradicted' "
    "when some comparison is significant the other way; otherwise 'inconclusive', with the power the "
    "tests had against a 10 % effect. A run shorter than the source's never contradicts it "
    "('inconclusive at n < source n'). Orderings of policies use paired tests (the policies of a "
    "setting share their seeds); changes across settings use Welch tests (settings have their own seeds).")

#: settings beyond this many get one combined figure instead of one figure set each
MAX_SETTING_FIGS = 4


def _f(x) -> float:
    return float(x)  # "inf"/"nan" strings written by report.results read back as floats


def _fmt(x, digits=4) -> str:
    x = _f(x)
    return "n/a" if math.isnan(x) else f"{x:.{digits}g}"


def _curves(setting: dict, policies=None) -> dict:
    out = {}
    for p, r in setting["policies"].items():
        if policies is None or p in policies:
            out[p] = (np.asarray(r["checkpoints"], float), np.asarray(r["mean"], float),
                      np.asarray(r["lower"], float), np.asarray(r["upper"], float))
    return out


def _bound_curves(setting: dict) -> dict:
    out = {}
    for b in setting["bounds"]:
        n = np.asarray(setting["policies"][b["policy"]]["checkpoints"], float)
        vals = np.array([_f(v) for v in b["values"]])
        if np.all(np.isnan(vals)):
            continue
        tag = "known part, unknown constants omitted" if b["asymptotic"] else "finite-time"
        out[f"{b['theorem_id']} ({b['kind']}, {tag})"] = (n, vals)
    return out


def _results_table(data: dict, s: dict) -> dict:
    n = data["n"]
    rows = []
    for p, r in s["policies"].items():
        m, lo, hi = _f(r["mean"][-1]), _f(r["lower"][-1]), _f(r["upper"][-1])
        rows.append([p, f"{m:.4g}", f"[{lo:.4g}, {hi:.4g}]", f"{m / math.log(n):.4g}",
                     f"{np.std(np.asarray(r['final'], float), ddof=1):.4g}"])
    return doc.table(["policy", f"mean R(n), n = {n:,}", f"{int(100 * data['level'])}% CI",
                      "R(n)/log n", "sd over runs"], rows,
                     caption=f"{s['label']}: regret at n = {n:,} over {data['runs']} replications")


def _verdict_cell(c: dict) -> str:
    if c["verdict"] == "inconclusive" and c.get("power_text"):
        return f"inconclusive ({c['power_text']})"
    return c["verdict"]


def _test_cell(c: dict) -> str:
    if "test" not in c:
        return "no test"
    return f"{c['test']}; α = {_f(c['level']):g}; {c['correction']}"


def _bounds_table(s: dict, data: dict | None = None) -> dict | None:
    if not s["bounds"]:
        return None
    rows = []
    for b in s["bounds"]:
        c = b["comparison"]
        if "slope" in c:
            emp = f"slope {_fmt(c['slope'])} [{_fmt(c['slope_lower'])}, {_fmt(c['slope_upper'])}]"
            ratio = _fmt(c["ratio"])
        elif "tightness" in c:
            emp = f"max(upper band − bound) = {_fmt(c['max_excess'])}"
            ratio = _fmt(c["tightness"])
        else:
            emp, ratio = c.get("detail", ""), "n/a"
        rows.append([b["theorem_id"], b["policy"], b["kind"],
                     "asymptotic" if b["asymptotic"] else "finite-time", _fmt(b["log_coefficient"]),
                     _fmt(b["value_at_n"]), emp, ratio, _verdict_cell(c), _test_cell(c),
                     "; ".join(b["omitted"] + b["notes"])])
    return doc.table(["bound", "policy", "kind", "type", "log n coefficient", "bound value at n (known part)",
                      "empirical", "ratio (bound / empirical)", "verdict", "test; level; correction",
                      "omitted constants, notes"],
                     rows, caption=f"{s['label']}: bounds vs the empirical regret" + _decided_at(s, data))


def _source_n_text(data: dict) -> str:
    sns = [int(_f(x)) for x in [data.get("source_n")] + [s.get("source_n") for s in data["settings"]]
           if x is not None]
    if not sns:
        return ""
    src = f" ({data['source_text']})" if data.get("source_text") else ""
    short = (f" n = {data['n']:,} is shorter: a verdict decided on a setting the source ran longer never "
             "says 'contradicted'." if data["n"] < max(sns) else "")
    return f" The source's horizon: n = {', '.join(f'{x:,}' for x in sorted(set(sns)))}{src}.{short}"


#: a verdict combining more tests than this shows them folded under a one-line count
TESTS_SHOWN = 3


def tests_cell(row: dict):
    """The "numbers" of a verdict row (``stats.verdict_row``) as a small table — one test per row:
    the comparison, its estimate and 95 % interval, the claimed side, p and whether Holm rejected
    for or against the claim — folded under a count when there are many; the Markdown keeps the
    row's text.  A row without its decision (older results.json) keeps its text."""
    import html

    from clickbound import stats as st

    dec = row.get("decision") or {}
    comps = dec.get("comparisons") or []
    if not comps:
        return row.get("detail", "")
    alpha = _f(dec.get("level", st.ALPHA))
    e = html.escape
    body, n_for, n_against = [], 0, 0
    with_what = any(c.get("what") for c in comps)
    for c in comps:
        comp = st.Comparison.from_dict(c)
        fmt = st.signed if comp.difference else st.num
        lo, hi = comp.ci(alpha)
        if c.get("rejected_opposite"):
            out, cls = "against the claim", "against"
            n_against += 1
        elif c.get("rejected_claim"):
            out, cls = "for the claim", "for"
            n_for += 1
        else:
            out, cls = "undecided", "undecided"
        rel = ">" if comp.claim == "greater" else "<"
        what = f"<td>{e(comp.what)}</td>" if with_what else ""
        body.append(f"<tr><td>{e(comp.label)}</td>{what}<td class='num'>{e(fmt(comp.estimate))}</td>"
                    f"<td class='num'>[{e(fmt(lo))}, {e(fmt(hi))}]</td>"
                    f"<td class='num'>{e(rel)} {e(st.num(comp.null))}</td>"
                    f"<td class='num'>{e(st.p_text(comp.p_claim))}</td><td class='{cls}'>{out}</td></tr>")
    level = round(100 * (1 - alpha))
    what_head = "<th>estimate of</th>" if with_what else ""
    table = (f"<table class='tests'><thead><tr><th>test</th>{what_head}<th>estimate</th>"
             f"<th>{level}% CI</th><th>claim</th><th>p (claim side)</th><th>Holm</th></tr></thead>"
             f"<tbody>{''.join(body)}</tbody></table>")
    missing = "".join(f"<br>{e(m)}" for m in dec.get("missing") or [])
    # what verdict_row appended to the numbers (its ``note``): the detail's parts that are no test
    labels = tuple(f"{c['label']}:" for c in comps)
    extra = [f for f in row.get("detail", "").split("; ") if f and not f.startswith(labels)
             and f not in (dec.get("missing") or []) and "tests shown" not in f]
    note = "".join(f"<br>{e(f)}" for f in extra)
    if len(comps) <= TESTS_SHOWN:
        return doc.rich(table + missing + note, row.get("detail", ""))
    undecided = len(comps) - n_for - n_against
    summary = f"{len(comps)} tests: {n_for} for the claim, {n_against} against, {undecided} undecided"
    return doc.fold(summary, table + missing + note, row.get("detail", ""))


def _qualitative_row(q: dict) -> list:
    if "test" not in q:  # a results.json written before the verdicts stated their tests
        return [q["claim"], q["answer"], "not stated (older results.json)", "", q.get("detail", "")]
    return [q["claim"], q["verdict"], f"{q['test']}; α = {_f(q['level']):g}; {q['correction']}",
            q["decided_at"], tests_cell(q)]


def _scope_cell(q: dict) -> str:
    """What a row was decided on (clickbound.report.experiments.Scope): its settings, stand-in or not."""
    where = "; ".join(q["settings"]) if q.get("settings") else "every setting"
    return where + ("; a synthetic stand-in for the source's data" if q.get("stand_in") else "")


def quote_cell(q: dict):
    """The source's words (formulas as MathML: a quote keeps the source's ``$…$``) and the reading: the
    "source's words" cell of every verdict table (experiments, lecture strips, ULTR)."""
    quote = q.get("quote") or ""
    text = quote + (f" — read as: {q['reading']}" if q.get("reading") else "")
    return doc.math(text) if "$" in quote else text


def qualitative_tables(rows: list[dict]) -> list:
    """The source's claims (each with its verbatim quote) first, then the project's own findings, apart."""
    from clickbound.report.experiments import PROJECT_HEADING, SOURCE_HEADING, split_rows

    src, own = split_rows(rows)
    out = []
    if src:
        out.append(doc.table(
            ["claim of the source", "the source's words", "decided on", "verdict", "test; level; correction",
             "decided at", "numbers"],
            [[r[0], quote_cell(q), _scope_cell(q), *r[1:]] for q, r in ((q, _qualitative_row(q)) for q in src)],
            caption=SOURCE_HEADING))
    if own:
        out.append(doc.table(
            ["the project's finding", "decided on", "verdict", "test; level; correction", "decided at", "numbers"],
            [[r[0], _scope_cell(q), *r[1:]] for q, r in ((q, _qualitative_row(q)) for q in own)],
            caption=PROJECT_HEADING))
    return out


def _settings_table(data: dict) -> dict:
    keys = []
    for s in data["settings"]:
        keys += [k for k in s["params"] if k not in keys and k not in ("L", "K")]
    rows = [[s["label"], s["L"], s["K"], *[s["params"].get(k, "") for k in keys], s["seed"]]
            for s in data["settings"]]
    return doc.table(["setting", "L", "K", *keys, "seed"], rows, caption="Settings")


def _setting_figures(exp, data: dict, i: int, s: dict, rctx: RenderContext) -> list:
    base = f"{exp.name}_{i}"
    title = f"{exp.id}: {s['label']}"
    blocks = []
    fig = figures.regret_vs_n(_curves(s), _bound_curves(s), title=title)
    blocks.append(doc.figure(rctx.save(fig, f"{base}_regret"),
                             f"{title}: regret vs n (linear and log n), {int(100 * data['level'])}% "
                             "pointwise bands, bounds dashed"))
    coefs = {f"{b['theorem_id']} ({b['kind']})": _f(b["log_coefficient"]) for b in s["bounds"]}
    fig = figures.regret_over_log_n(_curves(s), coefs, title=title)
    blocks.append(doc.figure(rctx.save(fig, f"{base}_over_logn"),
                             f"{title}: R(n)/log n with the bounds' log n coefficients"))
    if len(s["policies"]) > 1:
        fig = figures.final_distribution({p: r["final"] for p, r in s["policies"].items()}, title=title,
                                         n=data["n"])
        blocks.append(doc.figure(rctx.save(fig, f"{base}_final"),
                                 f"{title}: final regret of every replication"))
    return blocks


def _grid_figures(exp, data: dict, rctx: RenderContext) -> list:
    blocks = []
    pol = exp.policies[0]
    curves = {s["label"]: _curves(s, [pol])[pol] for s in data["settings"] if pol in s["policies"]}
    if len(data["settings"]) > MAX_SETTING_FIGS and curves:
        fig = figures.regret_vs_n(curves, title=f"{exp.id}: {pol}, every setting")
        blocks.append(doc.figure(rctx.save(fig, f"{exp.name}_all"), f"{exp.id}: {pol} regret, every setting"))
    if exp.grid_axis:
        x = [_f(s["params"][exp.grid_axis]) for s in data["settings"]]
        order = np.argsort(x)
        series = {}
        slopes = [next((b["comparison"] for b in s["bounds"] if "slope" in b["comparison"]), None)
                  for s in data["settings"]]
        if all(c is not None for c in slopes):
            series[f"{pol}: slope of R(n) on log n ({int(100 * data['level'])}% CI)"] = (
                np.array([_f(slopes[j]["slope"]) for j in order]),
                np.array([_f(slopes[j]["slope_lower"]) for j in order]),
                np.array([_f(slopes[j]["slope_upper"]) for j in order]))
        ids = sorted({b["theorem_id"] for s in data["settings"] for b in s["bounds"]})
        for tid in ids:
            ys = [next((_f(b["log_coefficient"]) for b in s["bounds"] if b["theorem_id"] == tid), math.nan)
                  for s in data["settings"]]
            series[f"{tid} log n coefficient"] = (np.array([ys[j] for j in order]), None, None)
        if series:
            fig = figures.against_parameter(np.array(x)[order], series, xlabel=exp.grid_axis,
                                            ylabel="log n coefficient / slope", title=exp.id, logy=True)
            blocks.append(doc.figure(rctx.save(fig, f"{exp.name}_grid"),
                                     f"{exp.id}: empirical slope and bound coefficients against "
                                     f"{exp.grid_axis}"))
    return blocks


def render_experiment(exp, data: dict, rctx: RenderContext) -> list:
    blocks = [doc.p(f"Source: {data['source']}. {data['setting_text']}")]
    if data.get("stand_in"):
        blocks.append(doc.notice("Synthetic stand-in: " + data["stand_in"]))
    blocks += [doc.p(n) for n in data.get("notes", [])]
    if data["profile"] in ("dev", "quick"):
        blocks.append(doc.notice(f"DEVELOPMENT profile ('{data['profile']}'): n = {data['n']:,}, {data['runs']} "
                                 "runs, smaller than the sources' sizes; these verdicts are not the project's "
                                 "answer (run `clickbound report`, the paper profile, for that)."))
    blocks.append(doc.p(f"Profile '{data['profile']}': n = {data['n']:,} rounds, {data['runs']} "
                        "replications per policy and setting; regret is the cumulative pseudo-regret; "
                        "every policy of a setting uses the same seed." + _source_n_text(data)))
    run = data.get("run", {})
    if run:
        blocks.append(doc.p(f"Simulated by {run.get('runner')}: {run.get('computed')} tasks computed, "
                            f"{run.get('cached')} loaded from the cache, {_fmt(run.get('sim_wall_s', 'nan'))} s."))
    blocks.append(_settings_table(data))
    if any(s["bounds"] for s in data["settings"]):
        blocks.append(doc.p(VERDICTS_TEXT))
    if data.get("missing_policies"):
        blocks.append(doc.notice("not computed yet: policies not available in sim: "
                                 + ", ".join(data["missing_policies"])))
    if data["qualitative"]:
        blocks.append(doc.p(QUALITATIVE_TEXT))
        blocks += qualitative_tables(data["qualitative"])
        blocks += _strip_blocks(exp, data, rctx)
    for i, s in enumerate(data["settings"]):
        blocks.append(doc.h(s["label"], 3, anchor=f"{exp.name}-{i}"))
        blocks.append(_results_table(data, s))
        bt = _bounds_table(s, data)
        if bt:
            blocks.append(bt)
        if s.get("derived"):
            d = s["derived"]
            blocks.append(doc.table(list(d["columns"]), d["rows"], caption=d.get("caption", "")))
        if len(data["settings"]) <= MAX_SETTING_FIGS:
            blocks += _setting_figures(exp, data, i, s, rctx)
    if len(data["settings"]) > MAX_SETTING_FIGS or exp.grid_axis:
        blocks += _grid_figures(exp, data, rctx)
    if exp.extra_render:
        blocks += exp.extra_render(data, rctx)
    return blocks


def _strip_blocks(exp, data: dict, rctx: RenderContext) -> list:
    """The verdict-vs-n strip: each claim decided again as if the run had stopped at
    each checkpoint, so a reader sees where a verdict settles and whether it flipped."""
    strip = data.get("verdict_strip") or {}
    if not strip.get("claims"):
        return []
    n = strip["n"]
    claims = {c["claim"]: c["answers"] for c in strip["claims"]}
    sn = strip.get("source_n")
    fig = figures.verdict_strip(n, claims, source_n=int(_f(sn)) if sn is not None else None,
                                title=f"{exp.id}: verdict if the run had stopped at n")
    flips = []
    for c in strip["claims"]:
        a = [x for x in c["answers"] if x in ("reproduced", "contradicted", "inconclusive")]
        changes = sum(1 for x, y in itertools.pairwise(a) if x != y)
        settled = next((n[k] for k in range(len(n)) if len(set(c["answers"][k:])) == 1), n[-1])
        flips.append(f"'{c['claim'][:60]}…': {changes} change(s), settled on '{c['answers'][-1]}' from "
                     f"n = {settled:,}" if len(c["claim"]) > 60 else
                     f"'{c['claim']}': {changes} change(s), settled on '{c['answers'][-1]}' from n = {settled:,}")
    src = (f"; hatched cells lie below the source's n = {int(_f(sn)):,}, where a verdict row says "
           "'inconclusive' instead of 'contradicted'" if sn is not None else "")
    return [doc.figure(rctx.save(fig, f"{exp.name}_verdict_strip"),
                       f"{exp.id}: each claim's test (same test, level and Holm family) decided on the "
                       f"{strip['runs']} runs cut at each of {len(n)} checkpoints from n = {n[0]:,} to "
                       f"{n[-1]:,}{src}. " + "; ".join(flips) + ".")]


def _decided_at(s: dict, data: dict | None) -> str:
    """Where a bound row's verdict was decided (every verdict says its n and runs)."""
    if not data:
        return ""
    sn = s.get("source_n")
    short = (f"; shorter than the source's n = {int(_f(sn)):,}" if sn is not None and data["n"] < _f(sn) else "")
    return (f" (verdicts decided on the checkpoints up to n = {data['n']:,} over {data['runs']} runs, "
            f"profile '{data['profile']}'{short})")
