"""Section "front": what was found, at a glance (issue 17).

Drawn from the other sections' data of the same ``results.json`` (``rctx.sections``), so it
decides and simulates nothing and is rendered even when ``results.json`` has no entry for it:

* verdict counts by source and by scope (proved for every parameter / on instances / checked /
  refuted / survived / statistical), the registered mutants counted apart;
* the errata, one line each, by source;
* the theorems that fail and where: bounds an experiment found violated (or inconsistent at
  the simulated n), claims of theorems refuted, and the "theorems that fail" section if present;
* one coverage bar per source from the source ledger (where it exists);
* the experiments' verdicts as a compact matrix (one row per experiment, one coloured cell per
  claim of the source and per bound comparison);
* links into every section, with its status.
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

#: what each source is (SPEC.md's table of sources, shortened)
SOURCE_TITLES = {"000": "DCM bandits slides (ja)", "001": "observable-depth carousel paper (ja)",
                 "002": "ULTR / learning theory / UCB blog (ja)", "003": "ranking-bandits lectures (ru)",
                 "004": "cascade bandits code blog (ja)"}
#: verdict of an experiment's qualitative claim or bound comparison -> colour
EXP_COLOURS = {"reproduced": "#8fd19e", "holds": "#8fd19e", "consistent": "#cfe8d5",
               "contradicted": "#e8747c", "violated": "#e8747c", "inconsistent": "#f5c26b",
               "inconclusive": "#e6e6e6", "no constant": "#f4f4f4"}
JUMPS = (("front-verdicts", "verdicts"), ("front-theorems", "theorems that fail"),
         ("front-coverage", "ledger coverage"), ("front-experiments", "experiments"),
         ("front-errata", "errata"), ("front-sections", "every section"))
#: an erratum headline is cut here (the errata section has it all)
HEADLINE_CHARS = 150


def compute(ctx) -> dict:
    return {}  # everything comes from the other sections at render time


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


def _counts_block(vs: list[dict]) -> list:
    kinds = list(KIND_COLOURS)
    lemmas = [v for v in vs if v.get("expected") is not False]
    mutants = [v for v in vs if v.get("expected") is False]
    by_src: dict[str, dict[str, int]] = {}
    for v in lemmas:
        row = by_src.setdefault(_source_of(v.get("source", "")), dict.fromkeys(kinds, 0))
        k = verdict_kind(v)
        row[k] = row.get(k, 0) + 1
    rows, md = [], []
    for src in sorted(by_src):
        c = by_src[src]
        bar = _bar([(k, c.get(k, 0), KIND_COLOURS[k], KIND_INK.get(k, "#1b1b1b")) for k in kinds])
        cells = "".join(f"<td class='num'>{c.get(k, 0) or ''}</td>" for k in kinds)
        rows.append(f"<tr><td>{html.escape(src)} <small>{html.escape(SOURCE_TITLES.get(src, ''))}</small></td>"
                    f"<td class='barcell'>{bar}</td>{cells}<td class='num'>{sum(c.values())}</td></tr>")
        md.append(f"- {src} {SOURCE_TITLES.get(src, '')}: " + ", ".join(f"{c[k]} {k}" for k in kinds if c.get(k))
                  + f"; {sum(c.values())} in all")
    tot = {k: sum(r.get(k, 0) for r in by_src.values()) for k in kinds}
    rows.append("<tr><td><strong>all sources</strong></td><td class='barcell'>"
                + _bar([(k, tot[k], KIND_COLOURS[k], KIND_INK.get(k, "#1b1b1b")) for k in kinds]) + "</td>"
                + "".join(f"<td class='num'><strong>{tot[k]}</strong></td>" for k in kinds)
                + f"<td class='num'><strong>{sum(tot.values())}</strong></td></tr>")
    head = "".join(f"<th class='{KIND_CLASS[k]}'>{html.escape(k)}</th>" for k in kinds)
    caught = sum(v["status"] == "refuted" for v in mutants)
    unexpected = [v["claim_id"] for v in vs if v.get("matches_expectation") is False]
    table = (f"<style>{kind_css()}</style><table class='front'><caption>Verdicts of the {len(lemmas)} claims "
             "by source and scope (mutants not counted)</caption><thead><tr><th>source</th><th>share</th>"
             f"{head}<th>all</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
    note = (f"Besides these, {len(mutants)} mutants (deliberately wrong variants) were registered and "
            f"{caught} of them refuted (caught). "
            + (f"Not as registered: {', '.join(unexpected)}." if unexpected else
               "Every verdict came out as registered."))
    md_list = "\n".join([f"Verdicts of the {len(lemmas)} claims by source and scope (mutants not counted):", "",
                         *md])
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


def _failing_theorems(secs: dict) -> list[list]:
    """(what, where, verdict, evidence) rows: violated bounds, refuted theorem claims."""
    rows = []
    for name, entry in secs.items():
        if not name.startswith("exp_") or entry.get("status") != "computed":
            continue
        d = entry["data"]
        for s in d.get("settings", []):
            for b in s.get("bounds", []):
                c = b.get("comparison", {})
                if c.get("verdict") in ("violated", "inconsistent"):
                    rows.append([b["theorem_id"], f"{d.get('id', name)}: {s['label']} ({b['policy']})",
                                 c["verdict"] + (" at these n" if c["verdict"] == "inconsistent" else ""),
                                 f"{c.get('test', '')}; α = {_num(c.get('level'))}", name])
    tf = secs.get("theorems_fail", {})
    if tf.get("status") == "computed":
        d = tf["data"]
        for name, t in d.get("record", {}).get("targets", {}).items():
            status = d.get("claims", {}).get(d.get("claim_ids", {}).get(name), {}).get("status", t.get("verdict", ""))
            if str(status).startswith("violated"):
                inst = t.get("closest", {}).get("instance", {})
                where = ", ".join(f"{k} = {v}" for k, v in inst.items()) if isinstance(inst, dict) else str(inst)
                rows.append([name, f"{t.get('policy')} on {t.get('model')}: {_clip(where, 120)}", status,
                             "bound-violation search, confirmed at larger n (see the section)", "theorems_fail"])
    claims = secs.get("claims", {})
    if claims.get("status") == "computed":
        for v in claims["data"]["verdicts"]:
            sid = v.get("spec_id") or v["claim_id"]
            if v["status"] in ("refuted", "violated-in-simulation") and v.get("expected") is not False \
                    and re.search(r"-T\d|THEOREM|-BOUND|-UB", sid):
                rows.append([v["claim_id"], v.get("source") or "", v.get("scope_text") or v["status"],
                             detail_text(v), "claims"])
    return rows


def _num(x) -> str:
    try:
        return f"{float(x):.3g}"
    except (TypeError, ValueError):
        return str(x or "")


def detail_text(v: dict) -> str:
    from clickbound.report.sections.claims import detail

    return detail(v)


def _theorems_block(secs: dict) -> list:
    rows = _failing_theorems(secs)
    blocks = []
    tf = secs.get("theorems_fail")
    if tf is not None:
        blocks.append(doc.links([("the section on theorems that fail (every theorem, where it breaks)",
                                  "#theorems_fail")]))
    if not rows:
        blocks.insert(0, doc.p("No bound was found violated in the simulations of this run and no "
                               "theorem-level claim was refuted."))
        return blocks
    table_rows = [[r[0], r[1], r[2], r[3], doc.rich(f'<a href="#{html.escape(r[4])}">{html.escape(r[4])}</a>',
                                                     r[4])] for r in rows]
    blocks.insert(0, doc.table(["theorem / bound", "where", "verdict", "evidence", "section"], table_rows,
                               caption=f"{len(rows)} theorem{'s' if len(rows) != 1 else ''} that fail, and where",
                               filterable=len(rows) > 12))
    return blocks


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
        chips = []
        for q in d.get("qualitative", []):
            ans = q.get("answer", "inconclusive")
            tip = f"{q['claim']} — {q.get('verdict', ans)}"
            chips.append(f'<span class="chip" style="background:{EXP_COLOURS.get(ans, "#eee")}" '
                         f'title="{html.escape(tip)}">{html.escape(_clip(q["claim"], 70))}: '
                         f"<strong>{html.escape(ans)}</strong></span>")
        counts: dict[str, int] = {}
        for st in d.get("settings", []):
            for b in st.get("bounds", []):
                v = b.get("comparison", {}).get("verdict", "?")
                counts[v] = counts.get(v, 0) + 1
        bchips = "".join(f'<span class="chip" style="background:{EXP_COLOURS.get(v, "#eee")}">{n} {html.escape(v)}'
                         "</span>" for v, n in sorted(counts.items()))
        rows.append(f"<tr><td><a href='#{s.name}'>{html.escape(d.get('id', s.name))}</a><br><small>{title}</small>"
                    f"</td><td>{''.join(chips) or '<em>no claims of the source</em>'}</td>"
                    f"<td>{bchips or '<em>none</em>'}</td></tr>")
        md.append(f"- {d.get('id', s.name)}: " + "; ".join(f"{q['claim']}: {q.get('answer')}"
                                                          for q in d.get("qualitative", []))
                  + " — bounds: " + (", ".join(f"{n} {v}" for v, n in counts.items()) or "none"))
    legend = " ".join(f'<span class="chip" style="background:{c}">{html.escape(v)}</span>'
                      for v, c in EXP_COLOURS.items())
    table = ("<table class='front matrix'><caption>Experiments: each claim of the source (tested at α = 0.05, "
             "Holm) and each bound comparison, coloured by verdict (hover a cell for the full verdict)"
             "</caption><thead><tr><th>experiment</th><th>claims of the source</th><th>bounds</th></tr>"
             f"</thead><tbody>{''.join(rows)}</tbody></table><p class='legend'>{legend}</p>")
    return [doc.raw_html(table, "\n".join(md))]


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


def render(data: dict, rctx: RenderContext) -> list:
    secs = rctx.sections
    blocks = [doc.raw_html(FRONT_CSS, ""),
              doc.p("What this run found, at a glance; every line links to the section with the evidence. "
                    "Verdicts say how strong they are: proved for every parameter, proved on the named "
                    "instances only, checked on a finite sample, refuted by an exact counterexample, "
                    "survived a bounded search, or a statistical finding with its test and level."),
              doc.raw_html("<p class='legend'>On this page: " + " · ".join(
                  f'<a href="#{a}">{t}</a>' for a, t in JUMPS) + "</p>", "")]
    claims = secs.get("claims", {})
    blocks.append(doc.h("Verdicts by source and scope", 3, anchor="front-verdicts"))
    if claims.get("status") == "computed" and claims["data"].get("verdicts"):
        blocks += _counts_block(claims["data"]["verdicts"])
    else:
        blocks.append(doc.notice("the claims section was not computed in this run"))
    blocks.append(doc.h("Theorems that fail, and where", 3, anchor="front-theorems"))
    blocks += _theorems_block(secs)
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
    description="verdict counts, errata headlines, failing theorems, ledger coverage, experiment verdicts"))

#: no SPEC/claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
