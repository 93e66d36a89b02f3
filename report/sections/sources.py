"""Section "sources": the source ledger per source — coverage bars and the annotated sources.

a coverage bar per source (entries by verdict: verified / erratum / gap /
definition / open / not-checkable, and the share of displayed formulas — or, for the blog,
functions and classes — that some entry covers), and a link to each source's annotated page
(:mod:`clickbound.report.annotate`).  Compute stores the ledger entries with the character
spans of their quotes and the source texts, so rendering reads ``results.json`` only.  The
cited claims' verdicts come from the claims section of the same run when it was computed.
"""
from __future__ import annotations

import dataclasses

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section


def compute(ctx: ComputeContext) -> dict:
    from clickbound import lemmas
    from clickbound.lemmas import ledger

    claims_entry = ctx.extra.get("sections", {}).get("claims")
    known = {v["claim_id"]: v for v in claims_entry["data"]["verdicts"]} \
        if claims_entry and claims_entry.get("status") == "computed" else {}
    errata = {e.id: dataclasses.asdict(e) for e in lemmas.errata()}
    out = {}
    for name in ledger.SOURCES:
        text = ledger.source_text(name)
        ents = ledger.entries(name)
        items = ledger.coverage(name)
        cited = {c for e in ents for c in e.claims}
        out[name] = {
            "summary": ledger.summary(name)[name],
            "text": text,
            "entries": [{**e.as_dict(), "spans": ledger.quote_spans(e, text)} for e in ents],
            "items": [{"start": it.start, "end": it.end, "line": it.line, "covered_by": list(it.covered_by)}
                      for it in items],
            "claims": {c: {k: known[c].get(k) for k in ("status", "scope_text", "method")}
                       for c in cited if c in known},
            "errata": {r: {"source_says": errata[r]["source_says"], "truth": errata[r]["truth"]}
                       for e in ents for r in e.errata if r in errata},
        }
    return {"sources": out}


def _coverage_figure(summaries: dict, rctx: RenderContext):
    import matplotlib.pyplot as plt

    from clickbound.report.annotate import COLOURS

    names = list(summaries)
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 0.5 + 0.45 * len(names)),
                                  gridspec_kw={"width_ratios": [3, 1]}, sharey=True)
    for row, name in enumerate(names):
        s, left = summaries[name], 0
        for v, colour in COLOURS.items():
            ax.barh(row, s[v], left=left, color=colour, edgecolor="white",
                    label=v if row == 0 else None)
            left += s[v]
        ax2.barh(row, 100 * s["coverage"], color="#6a9fd4")
        ax2.text(1, row, f"{s['items_covered']}/{s['items']}", va="center", fontsize=8)
    ax.set_yticks(range(len(names)), [n.split("_")[0] + ("" if summaries[n]["complete"] else " (incomplete)")
                                      for n in names])
    ax.invert_yaxis()
    ax.set_xlabel("ledger entries by verdict")
    ax.legend(ncols=3, fontsize=8, loc="lower right")
    ax2.set_xlim(0, 100)
    ax2.set_xlabel("% of displayed items covered")
    return rctx.save(fig, "ledger_coverage")


def render(data: dict, rctx: RenderContext) -> list:
    from clickbound.report.annotate import write_page

    srcs = data["sources"]
    summaries = {n: s["summary"] for n, s in srcs.items()}
    blocks = [doc.p("Every displayed formula, claim, proof step, algorithm line and experiment of each "
                    "source, located by a verbatim quote, with a verdict that cites the claims and errata "
                    "behind it (lemmas/ledger/*.toml). Click a source for its annotated text: each "
                    "highlighted passage links to its note and evidence; passages outlined in red are "
                    "displayed items no entry covers yet.")]
    blocks.append(doc.figure(_coverage_figure(summaries, rctx),
                             "Left: ledger entries per source by verdict. Right: share of the source's "
                             "displayed formulas (for the blog: functions and classes of its code) under "
                             "at least one entry. Look for red (errata) and the gap to 100 %."))
    rows = [[n, s["entries"], s["verified"], s["erratum"], s["gap"], s["definition"], s["open"],
             s["not-checkable"], f"{s['items_covered']}/{s['items']}", "yes" if s["complete"] else "no"]
            for n, s in summaries.items()]
    blocks.append(doc.table(["source", "entries", "verified", "erratum", "gap", "definition", "open",
                             "not-checkable", "displayed items covered", "ledger complete"], rows,
                            caption="The source ledger"))
    from clickbound.report.notebooks import discussed_by

    notebooks = discussed_by()  # each note links the derivation notebooks that discuss its entry
    links = []
    for name, s in srcs.items():
        path = write_page(rctx.out, name, text=s["text"], entries=s["entries"], items=s["items"],
                          claims=s["claims"], errata=s["errata"], summary=s["summary"], notebooks=notebooks)
        links.append((f"{name}: annotated source", path.relative_to(rctx.out).as_posix()))
    blocks.append(doc.links(links))
    return blocks


SECTION = register_section(Section(
    name="sources", title="The sources, line by line (ledger)", order=30, compute=compute, render=render,
    description="lemmas.ledger: coverage and verdicts per source, annotated source pages"))

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
