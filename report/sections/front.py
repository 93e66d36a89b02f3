"""Section "front": what was found, at a glance.

Drawn from the other sections' data of the same ``results.json`` (``rctx.sections``), so it
decides and simulates nothing and is rendered even when ``results.json`` has no entry for it:

* first, each source's results table in counts (fails / holds after repair / holds / unproved /
  not checkable, :func:`clickbound.report.sections.results.counts_by_source`), the failing results
  by name and the headline errata (severity wrong-result, then wrong-step);
* the theorems that fail: results with status ``fails``, finite-time bounds found violated, refuted
  theorem-level claims of a source; an asymptotic bound short of its constant at the simulated n
  (e.g. KL-UCB's limsup, KLUCB-ASYMP) is shown apart as "not yet at its limit", never as a failure;
* claim verdict counts by source and scope, every row of ``clickbound claims --json --all``
  counted by the CLI's row class (:func:`clickbound.report.claims_table.row_class`: the sources'
  statements as printed are statements, not mutants), and the kernel-checked proofs;
* one coverage bar per source from the source ledger;
* the experiments' verdicts as a compact matrix (a row without verdicts says why);
* the errata, one line each, and links into every section.
"""
from __future__ import annotations

import html
import re

from clickbound.report import doc
from clickbound.report.sections import RenderContext, Section, register_section, sections
from clickbound.report.sections.claims import (
    KIND_CLASS,
    KIND_COLOURS,
    KIND_INK,
    kind_css,
    verdict_kind,
)

#: what each source is (a short description of each source)
SOURCE_TITLES = {"000": "DCM bandits slides (ja)", "001": "observable-depth carousel paper (ja)",
                 "002": "ULTR / learning theory / UCB blog (ja)", "003": "ranking-bandits lectures (ru)",
                 "004": "cascade bandits code blog (ja)"}
#: verdict of an experiment's qualitative claim or bound comparison -> colour
EXP_COLOURS = {"reproduced": "#8fd19e", "holds": "#8fd19e", "consistent": "#cfe8d5",
               "contradicted": "#e8747c", "violated": "#e8747c", "inconsistent": "#f5c26b",
               "inconclusive": "#e6e6e6", "no constant": "#f4f4f4"}
#: an erratum headline is cut here (the errata section has it all)
HEADLINE_CHARS = 150


def compute(ctx) -> dict:
    """The kernel check of every Coq-tagged claim (:func:`clickbound.proofs.kernel_checked`: the
    cached build, ``Print Assumptions`` per theorem; seconds per theorem the first time), so the
    render reads it; everything else comes from the other sections at render time."""
    from clickbound import proofs

    return {"kernel": {cid: {"built": kp.build_ok, "ok": kp.ok, "reason": kp.reason}
                       for cid, kp in proofs.kernel_status().items()}}


def _source_of(text: str) -> str:
    m = re.match(r"\s*(\d{3})_", text or "")
    return m.group(1) if m else "other"


def _bar(parts: list[tuple[str, int, str, str]], total: int | None = None) -> str:
    """An HTML stacked bar: ``(label, count, background, ink)`` parts, widths by count."""
    total = total or sum(c for _, c, _, _ in parts) or 1
    spans = "".join(
        f'<span style="width:{100 * c / total:.3f}%;background:{bg};color:{ink}" '
        f'title="{html.escape(label)}: {c}">{c if c * 12 >= total else ""}</span>'
        for label, c, bg, ink in parts if c)
    return f'<div class="bar">{spans}</div>'


def _kinds() -> list[str]:
    """Every kind of verdict, read from the engine's statuses (a new status is counted when it lands)."""
    from clickbound.lemmas.engine.claim import STATUSES
    from clickbound.report.claims_table import verdict_kind as vk

    out = []
    for s in STATUSES:
        for sc in (("all", "instances") if s == "proved" else (None,)):
            k = vk(s, sc)
            if k not in out:
                out.append(k)
    return out


def evidence_ids(secs: dict) -> frozenset:
    """The claim ids the run's errata cite as evidence (the errata section's data; the registered
    errata when the section is not in the run)."""
    errata = secs.get("errata", {})
    if errata.get("status") == "computed":
        return frozenset(c for e in errata["data"].get("errata", []) for c in e.get("evidence_claims", []))
    from clickbound.report.claims_table import erratum_evidence

    return erratum_evidence()


def claim_counts(vs: list[dict], evidence: frozenset) -> dict[str, dict[str, int]]:
    """Counts by status of the verdicts ``vs`` (``as_dict()`` rows), split by the CLI's row class
    (:func:`clickbound.report.claims_table.row_class`): ``{"all"|"claim"|"mutant"|"violation":
    {status: n, ..., "total": n}}``.  ``all`` counts every row, as ``clickbound claims --json --all``
    prints them; a source's statement as printed that an erratum cites is a ``claim``, not a mutant."""
    from clickbound.lemmas.engine.claim import STATUSES
    from clickbound.report.claims_table import row_class

    out = {c: dict.fromkeys(STATUSES, 0) for c in ("all", "claim", "mutant", "violation")}
    for v in vs:
        cls = row_class(v["claim_id"], v.get("expected"), evidence)
        for c in ("all", cls):
            out[c][v["status"]] = out[c].get(v["status"], 0) + 1
    for c in out.values():
        c["total"] = sum(c.values())
    return out


def kernel_counts(vs: list[dict], kernel: dict | None) -> dict | None:
    """How many of the claims ``vs`` carry a Coq theorem and how many of those the kernel checked,
    from ``kernel`` (this section's computed ``{claim id: {"built", "ok"}}``; None when the run did
    not compute it); ``built`` False when no build was possible (no ``coqc``)."""
    if kernel is None:
        return None
    mine = [kernel[v["claim_id"]] for v in vs if v["claim_id"] in kernel]
    return {"tagged": len(mine), "ok": sum(bool(k["ok"]) for k in mine), "built": any(k["built"] for k in mine)}


def _counts_block(vs: list[dict], secs: dict, kernel: dict | None = None) -> list:
    from clickbound.lemmas.engine.claim import STATISTICAL
    from clickbound.report.claims_table import row_class

    kinds = _kinds()
    evidence = evidence_ids(secs)
    own = [v for v in vs if row_class(v["claim_id"], v.get("expected"), evidence) == "claim"]
    by_src: dict[str, dict[str, int]] = {}
    for v in own:
        row = by_src.setdefault(_source_of(v.get("source", "")), dict.fromkeys(kinds, 0))
        k = verdict_kind(v)
        row[k] = row.get(k, 0) + 1
    rows, md = [], []
    for src in sorted(by_src):
        c = by_src[src]
        bar = _bar([(k, c.get(k, 0), KIND_COLOURS.get(k, "#eee"), KIND_INK.get(k, "#1b1b1b")) for k in kinds])
        cells = "".join(f"<td class='num'>{c.get(k, 0) or ''}</td>" for k in kinds)
        rows.append(f"<tr><td>{html.escape(src)} <small>{html.escape(SOURCE_TITLES.get(src, ''))}</small></td>"
                    f"<td class='barcell'>{bar}</td>{cells}<td class='num'>{sum(c.values())}</td></tr>")
        md.append(f"- {src} {SOURCE_TITLES.get(src, '')}: " + ", ".join(f"{c[k]} {k}" for k in kinds if c.get(k))
                  + f"; {sum(c.values())} in all")
    tot = {k: sum(r.get(k, 0) for r in by_src.values()) for k in kinds}
    rows.append("<tr><td><strong>all sources</strong></td><td class='barcell'>"
                + _bar([(k, tot[k], KIND_COLOURS.get(k, "#eee"), KIND_INK.get(k, "#1b1b1b")) for k in kinds])
                + "</td>" + "".join(f"<td class='num'><strong>{tot[k]}</strong></td>" for k in kinds)
                + f"<td class='num'><strong>{sum(tot.values())}</strong></td></tr>")
    head = "".join(f"<th class='{KIND_CLASS.get(k, '')}'>{html.escape(k)}</th>" for k in kinds)
    table = (f"<style>{kind_css()}</style><table class='front'><caption>Verdicts of the {len(own)} claims "
             "(the sources' statements, as printed and as repaired) by source and scope</caption><thead><tr>"
             f"<th>source</th><th>share</th>{head}<th>all</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
    cc = claim_counts(vs, evidence)

    def line(c: dict) -> str:
        stat = sum(c.get(s, 0) for s in STATISTICAL)
        parts = [f"{c[s]} {s}" for s in c if s != "total" and s not in STATISTICAL and c[s]]
        return ", ".join(parts + ([f"{stat} statistical"] if stat else [])) or "none"

    kc = kernel_counts([v for v in own if v["status"] in ("proved", "argued")], kernel)
    if kc is None:
        ktext = "The kernel check of the Coq proofs is not in this run's results"
    elif not kc["tagged"]:
        ktext = "No proved or argued claim carries a Coq proof"
    elif kc["built"]:
        ktext = (f"Kernel-checked: {kc['ok']} of the {kc['tagged']} proved or argued claims that carry a Coq "
                 "proof (built here; axioms within the allowed set)")
    else:
        ktext = (f"{kc['tagged']} proved or argued claims carry a Coq proof, not built here (no coqc): none "
                 "is counted as kernel-checked")
    unexpected = [v["claim_id"] for v in vs if v.get("matches_expectation") is False]
    note = (f"Every row, as `clickbound claims --json --all` lists them: {cc['all']['total']} "
            f"({line(cc['all'])}). Of these, {cc['claim']['total']} are statements of the sources "
            f"({line(cc['claim'])}); mutants, deliberately wrong variants: {cc['mutant']['total']} "
            f"({cc['mutant'].get('refuted', 0)} caught, refuted); instances of the bound-violation search: "
            f"{cc['violation']['total']} ({line(cc['violation'])}). {ktext}. "
            + (f"Not as registered: {', '.join(unexpected)}." if unexpected else
               "Every verdict came out as registered."))
    md_list = "\n".join([f"Verdicts of the {len(own)} claims of the sources by source and scope:", "", *md])
    return [doc.raw_html(table, md_list), doc.p(note)]


def _errata_block(errs: list[dict]) -> list:
    by_src: dict[str, list[dict]] = {}
    for e in errs:
        by_src.setdefault(_source_of(e.get("source_file", "")), []).append(e)
    from clickbound.report import math as m

    parts, md = [], []
    for src in sorted(by_src):
        items = "".join(
            f"<li><code>{html.escape(e['id'])}</code> "
            f"<small>({html.escape(str(e.get('location', ''))[:60])})</small> — "
            f"{m.auto_html(_clip(e['truth']))}</li>" for e in by_src[src])
        parts.append(f"<details open><summary><strong>{src}</strong> {html.escape(SOURCE_TITLES.get(src, ''))}: "
                     f"{len(by_src[src])} errata</summary><ul class='headlines'>{items}</ul></details>")
        md += [f"- **{e['id']}** ({src}): {_clip(e['truth'])}" for e in by_src[src]]
    return [doc.raw_html("".join(parts), "\n".join(md))]


def _clip(s: str, n: int = HEADLINE_CHARS) -> str:
    s = " ".join(str(s).split())
    if len(s) <= n:
        return s
    cut = s[:n]
    if cut.count("$") % 2:  # never cut a $…$ formula in half
        cut = cut[:cut.rfind("$")]
    return cut.rstrip() + " …"


def _results_rows(secs: dict) -> dict[str, list[dict]]:
    res = secs.get("results", {})
    if res.get("status") != "computed":
        return {}
    return res["data"].get("sources", {})


def _cites(result: dict, theorem_id: str, claim: str | None = None) -> bool:
    """Whether a result row cites a bound: its claim ``VIOL/<theorem>/…``, the theorem's id, or an
    instance of it (``<theorem>[…]``)."""
    cs = result.get("claims", [])
    return (claim in cs) or any(c == theorem_id or c.startswith((f"{theorem_id}[", f"VIOL/{theorem_id}/",
                                                                  f"VIOL/{theorem_id}[")) for c in cs)


def bound_findings(secs: dict) -> tuple[list[dict], list[dict]]:
    """``(failing, not_at_limit)``: the theorems the evidence contradicts, and the limit statements a
    finite-n test found short of their constant.

    Failing: every result of the results table with status ``fails`` (with the bound findings that
    bear on it), every finite-time bound an experiment or the violation search found violated, every
    theorem-level claim of a source refuted by an exact counterexample.  A violated or inconsistent
    *asymptotic* bound (``BoundResult.asymptotic``; a lower bound, a liminf) that no failing result
    cites is not a failure: no finite run refutes a limit statement; it goes to ``not_at_limit``.
    Each row: ``what, source, where, verdict, evidence, section`` (``n`` for the limit rows).
    """
    fails = [r for rows in _results_rows(secs).values() for r in rows if r["status"] == "fails"]
    failing = [{"what": r["name"], "source": _source_of(r["source"]), "where": "", "verdict": "fails",
                "evidence": [", ".join(f"{e['id']} ({e['severity'] or 'not graded'})" for e in r.get("errata", []))
                             ] if r.get("errata") else [], "section": "results", "result": r} for r in fails]

    def cited_by(theorem_id, claim=None):
        return next((f for f in failing if "result" in f and _cites(f["result"], theorem_id, claim)), None)

    limit: list[dict] = []

    def add(theorem_id, claim, asymptotic, where, verdict, ev, section, n):
        f = cited_by(theorem_id, claim)
        if f is not None:
            f["evidence"].append(f"{where}: {verdict} ({ev})")
        elif asymptotic:
            limit.append({"what": theorem_id, "where": where, "verdict": verdict, "evidence": ev,
                          "section": section, "n": n})
        else:
            failing.append({"what": theorem_id, "source": "", "where": where, "verdict": verdict,
                            "evidence": [ev], "section": section})

    for name, entry in secs.items():
        if not name.startswith("exp_") or entry.get("status") != "computed":
            continue
        d = entry["data"]
        for st in d.get("settings", []):
            for b in st.get("bounds", []):
                c = b.get("comparison", {})
                if c.get("verdict") in ("violated", "inconsistent"):
                    lower = b.get("kind") == "lower"
                    add(b["theorem_id"], None, bool(b.get("asymptotic")) or lower,
                        f"{d.get('id', name)}: {st['label']} ({b['policy']})",
                        c["verdict"] + (" at these n" if c["verdict"] == "inconsistent" else ""),
                        f"{c.get('test', '')}; α = {_num(c.get('level'))}", name, d.get("n"))
    tf = secs.get("theorems_fail", {})
    if tf.get("status") == "computed":
        from clickbound.report.sections.theorems_fail import is_finite_time

        d = tf["data"]
        for name, t in d.get("record", {}).get("targets", {}).items():
            cid = d.get("claim_ids", {}).get(name)
            status = d.get("claims", {}).get(cid, {}).get("status", t.get("verdict", ""))
            if not str(status).startswith("violated"):
                continue
            viol = [c for c in t.get("confirmations", []) if c.get("status") == "violated-in-simulation"] or \
                t.get("confirmations", [])
            asym = not is_finite_time(t, list(enumerate(viol)))
            inst = t.get("closest", {}).get("instance", {})
            where = ", ".join(f"{k} = {v}" for k, v in inst.items()) if isinstance(inst, dict) else str(inst)
            n = max((c.get("n", 0) for c in viol), default=None)
            add(t.get("theorem_id", name), cid, asym, f"{t.get('policy')} on {t.get('model')}: {_clip(where, 120)}",
                status, f"bound-violation search, {len(viol)} instance(s) confirmed at n = {n:,}" if n else
                "bound-violation search", "theorems_fail", n)
    claims = secs.get("claims", {})
    if claims.get("status") == "computed":
        from clickbound.report.claims_table import row_class

        evidence = evidence_ids(secs)
        for v in claims["data"]["verdicts"]:
            sid = v.get("spec_id") or v["claim_id"]
            if v["status"] == "refuted" and row_class(v["claim_id"], v.get("expected"), evidence) == "claim" \
                    and re.search(r"-T\d|THEOREM|-BOUND|-UB", sid):
                f = cited_by(sid, v["claim_id"])
                if f is not None:
                    f["evidence"].append(f"{v['claim_id']} refuted: {detail_text(v)}")
                else:
                    failing.append({"what": v["claim_id"], "source": _source_of(v.get("source") or ""),
                                    "where": v.get("source") or "", "verdict": "refuted",
                                    "evidence": [detail_text(v)], "section": "claims"})
    return failing, limit


def _num(x) -> str:
    try:
        return f"{float(x):.3g}"
    except (TypeError, ValueError):
        return str(x or "")


def detail_text(v: dict) -> str:
    from clickbound.report.sections.claims import detail

    return detail(v)


def _sec_link(name: str) -> dict:
    return doc.rich(f'<a href="#{html.escape(name)}">{html.escape(name)}</a>', name)


def _theorems_block(secs: dict) -> list:
    failing, limit = bound_findings(secs)
    blocks = []
    if failing:
        rows = [[f["what"], f["source"], f["where"] or "—", f["verdict"], "; ".join(x for x in f["evidence"] if x) or "—",
                 _sec_link(f["section"])] for f in failing]
        blocks.append(doc.table(["theorem / result", "source", "where", "verdict", "evidence", "section"], rows,
                                caption=f"{len(failing)} result{'s' if len(failing) != 1 else ''} the evidence "
                                        "contradicts", filterable=len(rows) > 12))
    else:
        blocks.append(doc.p("No result of the sources fails in this run: no failing result in the results table, "
                            "no finite-time bound violated, no theorem-level claim refuted."))
    if limit:
        ns = sorted({int(r["n"]) for r in limit if r.get("n")})
        at = "n = " + ", ".join(f"{n:,}" for n in ns) if ns else "the simulated n"
        blocks.append(doc.h(f"Not yet at its limit at {at}", 4, anchor="front-limit"))
        blocks.append(doc.p("Limit statements (a limsup or liminf of R(n)/log n) whose finite-n test fell short of "
                            "the constant. No finite run refutes a limit statement: KL-UCB-type regret approaches "
                            "its log n rate slowly, through the log log n term of its threshold, as the Lai–Robbins "
                            "section explains. These are not failures."))
        blocks.append(doc.table(["limit statement", "where", "finite-n test", "evidence", "section"],
                                [[r["what"], r["where"], r["verdict"], r["evidence"], _sec_link(r["section"])]
                                 for r in limit], caption="Asymptotic bounds short of their limit at these n"))
        blocks.append(doc.links([("the Lai–Robbins section (why the approach is slow)", "#exp_lai_robbins")]))
    if secs.get("theorems_fail") is not None:
        blocks.append(doc.links([("the section on theorems that fail (every bound searched, where it breaks)",
                                  "#theorems_fail")]))
    return blocks


SEVERE = ("wrong-result", "wrong-step")
#: the results table's statuses in the order the front page reads them: what fails first
#: headline errata shown per source on the front page (wrong results first; the rest in the errata section)
HEADLINES = 5
RESULT_ORDER = ("fails", "holds-after-repair", "holds", "unproved", "not-checkable")


def _results_block(secs: dict) -> list:
    """Per source: how many results fail, hold after repair, hold, are unproved or not checkable;
    the failing ones by name; the headline errata (wrong results, then wrong steps)."""
    from clickbound.report.sections.results import STATUSES as RSTAT
    from clickbound.report.sections.results import counts_by_source

    res = secs.get("results", {})
    if res.get("status") != "computed" or not res["data"].get("sources"):
        return [doc.notice("the results table was not computed in this run")]
    counts = counts_by_source(res["data"])
    errata = secs.get("errata", {})
    errs = errata["data"].get("errata", []) if errata.get("status") == "computed" else []
    heads = sorted((e for e in errs if e.get("severity") in SEVERE), key=lambda e: SEVERE.index(e["severity"]))
    order = sorted(RSTAT, key=lambda s: RESULT_ORDER.index(s) if s in RESULT_ORDER else len(RESULT_ORDER))
    rows, out = [], []
    for name, c in counts.items():
        src = _source_of(name)
        rows.append([f"{src} {SOURCE_TITLES.get(src, '')}", *[c[s] for s in order], c["total"]])
    tot = {s: sum(c[s] for c in counts.values()) for s in (*order, "total")}
    rows.append(["all sources", *[tot[s] for s in order], tot["total"]])
    out.append(doc.table(["source", *order, "results"], rows,
                         caption="Every stated result of each source (lemma, theorem, algorithm property, "
                                 "experimental conclusion) by status"))
    items, md = [], []
    for name, rs in res["data"]["sources"].items():
        src = _source_of(name)
        bad = [r["name"] for r in rs if r["status"] == "fails"]
        every = [e for e in heads if _source_of(e.get("source_file", "")) == src]
        mine = every[:HEADLINES]
        more = (f" And {len(every) - len(mine)} more wrong results or steps: see the errata section."
                if len(every) > len(mine) else "")
        if not bad and not mine:
            continue
        from clickbound.report import math as m

        li = "".join(f"<li><code>{html.escape(e['id'])}</code> <small>({html.escape(e['severity'])})</small> — "
                     f"{m.auto_html(_clip(e['truth']))}</li>" for e in mine)
        items.append(f"<p><strong>{src}</strong> {html.escape(SOURCE_TITLES.get(src, ''))}: "
                     + (f"fails: {html.escape('; '.join(bad))}." if bad else "no result fails.")
                     + (f"</p><ul class='headlines'>{li}</ul>" if li else "</p>")
                     + (f"<p><small>{html.escape(more)}</small></p>" if more else ""))
        md.append(f"- {src}: " + (f"fails: {'; '.join(bad)}." if bad else "no result fails.")
                  + "".join(f"\n  - {e['id']} ({e['severity']}): {_clip(e['truth'])}" for e in mine)
                  + (f"\n  {more}" if more else ""))
    if items:
        out.append(doc.raw_html("".join(items), "\n".join(md)))
    return out


def _coverage_block(secs: dict) -> list:
    src = secs.get("sources")
    if not src or src.get("status") != "computed":
        return [doc.p("The source ledger was not computed in this run (no coverage bars).")]
    from clickbound.report.annotate import COLOURS

    rows, md = [], []
    for name, s in src["data"]["sources"].items():
        summ = s["summary"]
        bar = _bar([(v, summ.get(v, 0), c, "#1b1b1b") for v, c in COLOURS.items()])
        cov = 100 * summ.get("coverage", 0)
        cov_bar = (f'<div class="bar"><span style="width:{cov:.2f}%;background:#6a9fd4;color:#fff">'
                   f'{cov:.0f} %</span></div>')
        stem = name[:3]
        rows.append(f"<tr><td><a href='sources/{html.escape(name.rsplit('.', 1)[0])}.html'>{html.escape(stem)}</a> "
                    f"<small>{html.escape(SOURCE_TITLES.get(stem, ''))}</small></td><td class='barcell'>{bar}</td>"
                    f"<td class='num'>{summ.get('entries', 0)}</td><td class='barcell narrow'>{cov_bar}</td>"
                    f"<td class='num'>{summ.get('items_covered', 0)}/{summ.get('items', 0)}</td></tr>")
        md.append(f"- {stem}: {summ.get('entries', 0)} entries (" + ", ".join(f"{v} {summ.get(v, 0)}" for v in COLOURS)
                  + f"); {summ.get('items_covered', 0)}/{summ.get('items', 0)} displayed items covered")
    legend = " ".join(f'<span class="chip" style="background:{c}">{html.escape(v)}</span>' for v, c in COLOURS.items())
    table = ("<table class='front'><caption>The source ledger: entries by verdict, and the displayed items "
             "(formulas; for the blog, functions and classes) some entry covers</caption><thead><tr>"
             "<th>source</th><th>entries by verdict</th><th>entries</th><th>covered</th><th>items</th></tr>"
             f"</thead><tbody>{''.join(rows)}</tbody></table><p class='legend'>{legend}</p>")
    return [doc.raw_html(table, "\n".join(md))]


def _experiment_matrix(secs: dict) -> list:
    rows, md = [], []
    for s in sections():
        if not s.name.startswith("exp_"):
            continue
        entry = secs.get(s.name)
        title = html.escape(s.title)
        if not entry or entry.get("status") != "computed":
            status = entry.get("status", "not in this run") if entry else "not in this run"
            rows.append(f"<tr><td><a href='#{s.name}'>{title}</a></td><td><em>{html.escape(status)}</em></td>"
                        "<td></td></tr>")
            md.append(f"- {s.title}: {status}")
            continue
        d = entry["data"]
        from clickbound.report.experiments import split_rows, status_of

        def chip(q):
            ans = q.get("answer", "inconclusive")
            tip = f"{q['claim']} — {q.get('verdict', ans)}"
            shown = status_of(q).removeprefix("project's finding: ")
            return (f'<span class="chip" style="background:{EXP_COLOURS.get(ans, "#eee")}" '
                    f'title="{html.escape(tip)}">{html.escape(_clip(q["claim"], 70))}: '
                    f"<strong>{html.escape(shown)}</strong></span>")

        src, own = split_rows(_verdict_rows(d))
        chips = [chip(q) for q in src]
        if own:  # the project's own findings: shown apart, never counted as verdicts on the source
            chips.append("<br><small>the project's own findings:</small> " + "".join(chip(q) for q in own))
        counts: dict[str, int] = {}
        for st in d.get("settings", []):
            for b in st.get("bounds", []):
                v = b.get("comparison", {}).get("verdict", "?")
                counts[v] = counts.get(v, 0) + 1
        bchips = "".join(f'<span class="chip" style="background:{EXP_COLOURS.get(v, "#eee")}">{n} {html.escape(v)}'
                         "</span>" for v, n in sorted(counts.items()))
        rows.append(f"<tr><td><a href='#{s.name}'>{html.escape(d.get('id', s.name))}</a><br><small>{title}</small>"
                    f"</td><td>{''.join(chips) or '<em>' + html.escape(why_empty(d)) + '</em>'}</td>"
                    f"<td>{bchips or '<em>no bound compared</em>'}</td></tr>")
        md.append(f"- {d.get('id', s.name)}: " + ("; ".join(f"{q['claim']}: {status_of(q)}" for q in src)
                                                  or ("" if own else why_empty(d)))
                  + ("; the project's own findings: " + "; ".join(f"{q['claim']}: {status_of(q)}" for q in own)
                     if own else "")
                  + (" — bounds: " + ", ".join(f"{n} {v}" for v, n in counts.items()) if counts else ""))
    legend = " ".join(f'<span class="chip" style="background:{c}">{html.escape(v)}</span>'
                      for v, c in EXP_COLOURS.items())
    table = ("<table class='front matrix'><caption>Experiments: each claim of the source (tested at α = 0.05, "
             "Holm; 'on the stand-in' where a synthetic stand-in replaces the source's data), the project's own "
             "findings apart, and each bound comparison, coloured by verdict (hover a cell for the full verdict)"
             "</caption><thead><tr><th>experiment</th><th>claims of the source</th><th>bounds</th></tr>"
             f"</thead><tbody>{''.join(rows)}</tbody></table><p class='legend'>{legend}</p>")
    return [doc.raw_html(table, "\n".join(md))]


def _verdict_rows(d: dict) -> list[dict]:
    """An experiment section's verdict rows: ``qualitative`` (Experiment sections) or ``verdicts``
    (the lecture sections), each row a claim with its Scope-made status."""
    rows = d.get("qualitative")
    if not rows and isinstance(d.get("verdicts"), list):
        rows = d["verdicts"]
    return [r for r in rows or [] if isinstance(r, dict) and "claim" in r]


def why_empty(d: dict) -> str:
    """Why an experiment has no verdict row, in words (never an empty cell)."""
    if d.get("stand_in"):
        return ("no claim of the source is decided here: the source's data is replaced by a stand-in "
                f"({_clip(str(d['stand_in']), 90)}); the section shows the measurements")
    return "no claim of the source is decided here; the section reports measurements only"


def _links_block(secs: dict) -> list:
    cards, md = [], []
    for s in sections():
        if s.name == "front":
            continue
        entry = secs.get(s.name)
        status = entry.get("status", "not in this run") if entry else "not in this run"
        cards.append(f'<a href="#{html.escape(s.name)}">{html.escape(s.title)}<small>{html.escape(status)}'
                     f"{' — ' + html.escape(s.description) if s.description else ''}</small></a>")
        md.append(f"- [{s.title}](#{s.name}) — {status}")
    return [doc.raw_html(f'<nav class="cards">{"".join(cards)}</nav>', "\n".join(md))]


FRONT_CSS = """<style>
table.front { width: 100%; }
table.front th { overflow-wrap: normal; }
table.front td.barcell { width: 32%; min-width: 14em; max-width: none; }
table.front td.barcell.narrow { width: 14%; }
table.front td.num { text-align: right; white-space: nowrap; }
table.matrix td { max-width: none; }
ul.headlines { font-size: 0.88em; margin: 0.2em 0 0.8em; padding-left: 1.4em; }
ul.headlines li { margin: 0.1em 0; }
</style>"""


JUMPS = (("front-results", "results by source"), ("front-theorems", "theorems that fail"),
         ("front-verdicts", "claim verdicts"), ("front-coverage", "ledger coverage"),
         ("front-experiments", "experiments"), ("front-errata", "errata"), ("front-sections", "every section"))


def render(data: dict, rctx: RenderContext) -> list:
    secs = rctx.sections
    blocks = [doc.raw_html(FRONT_CSS, ""),
              doc.p("What this run found, at a glance; every line links to the section with the evidence."),
              doc.raw_html("<p class='legend'>On this page: " + " · ".join(
                  f'<a href="#{a}">{t}</a>' for a, t in JUMPS) + "</p>", "")]
    blocks.append(doc.h("Results of each source: what fails, what holds", 3, anchor="front-results"))
    blocks += _results_block(secs)
    blocks.append(doc.h("Theorems that fail", 3, anchor="front-theorems"))
    blocks += _theorems_block(secs)
    claims = secs.get("claims", {})
    blocks.append(doc.h("Claim verdicts by source and scope", 3, anchor="front-verdicts"))
    if claims.get("status") == "computed" and claims["data"].get("verdicts"):
        blocks.append(doc.p("Proved for every parameter, proved on the named instances only, argued (a proof "
                            "resting on steps of prose the engine did not check), checked on a finite sample, "
                            "refuted by an exact counterexample, survived a bounded search, or a statistical "
                            "finding with its test and level."))
        blocks += _counts_block(claims["data"]["verdicts"], secs, (data or {}).get("kernel"))
    else:
        blocks.append(doc.notice("the claims section was not computed in this run"))
    blocks.append(doc.h("Coverage of each source by the ledger", 3, anchor="front-coverage"))
    blocks += _coverage_block(secs)
    blocks.append(doc.h("Experiments: verdicts", 3, anchor="front-experiments"))
    blocks += _experiment_matrix(secs)
    blocks.append(doc.h("Errata, one line each", 3, anchor="front-errata"))
    errata = secs.get("errata", {})
    if errata.get("status") == "computed" and errata["data"].get("errata"):
        blocks += _errata_block(errata["data"]["errata"])
    else:
        blocks.append(doc.notice("the errata section was not computed in this run"))
    blocks.append(doc.h("Every section", 3, anchor="front-sections"))
    blocks += _links_block(secs)
    return blocks


SECTION = register_section(Section(
    name="front", title="At a glance: what was found", order=0, compute=compute, render=render,
    description="results by source and headline errata, theorems that fail, claim counts, ledger coverage, experiment verdicts"))

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
