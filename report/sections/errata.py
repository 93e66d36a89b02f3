"""Section "errata": where the sources and the truth part ways (``lemmas.errata()``).

The headline errata — wrong results and wrong proof steps — come first, each with its
severity (errata not yet graded follow them in the same table); misprints (a formula false
as printed whose intended reading is clear) and notation slips are listed apart in a
collapsed list.  Each erratum shows its source file and location, what the source says, what
is true, the verdicts of its evidence claims and whether the source's conclusion survives
the repair.  The evidence verdicts are taken from the claims section of
the same run when it was computed (no claim is decided twice); otherwise the
evidence claims are decided here.
"""
from __future__ import annotations

import dataclasses
import html
import re

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section


def _evidence_verdicts(ids, ctx: ComputeContext) -> dict[str, list[dict]]:
    """For each evidence id: the verdicts whose claim id (or claim family ID) is that id."""
    from clickbound import lemmas

    claims_entry = ctx.extra.get("sections", {}).get("claims")
    known = claims_entry["data"]["verdicts"] if claims_entry and claims_entry["status"] == "computed" \
        else None
    out: dict[str, list[dict]] = {}
    for cid in ids:
        if known is not None:
            hit = [v for v in known if v["claim_id"] == cid] or \
                  [v for v in known if v.get("spec_id") == cid and v.get("expected") is not False]
            if hit:
                out[cid] = hit
                continue
        try:
            out[cid] = [lemmas.check(lemmas.get(cid), budget_s=ctx.budget_s).as_dict()]
        except KeyError:
            matches = [c for c in lemmas.catalogue() if c.spec_id == cid and c.expected is not False]
            out[cid] = [lemmas.check(c, budget_s=ctx.budget_s).as_dict() for c in matches]
    return out


def compute(ctx: ComputeContext) -> dict:
    from clickbound import lemmas

    errs = [dataclasses.asdict(e) for e in lemmas.errata()]
    ids = sorted({cid for e in errs for cid in e["evidence_claims"]})
    ev = _evidence_verdicts(ids, ctx)
    return {"errata": errs,
            "evidence": {cid: [{k: v.get(k) for k in ("claim_id", "status", "scope_text", "method",
                                                      "counterexample", "matches_expectation")} for v in vs]
                         for cid, vs in ev.items()}}


def _ev_text(cid: str, evidence: dict) -> str:
    vs = evidence.get(cid, [])
    if not vs:
        return f"{cid}: no registered claim"
    return "; ".join(f"{v['claim_id']}: {v.get('scope_text') or v['status']} ({v['method']})" for v in vs)


def _says_cell(says: str) -> dict:
    """What the source says, formulas as MathML; TeX the source prints without its $…$ (a misprint
    the erratum may be about) stays as printed, marked as a verbatim quote."""
    cell = doc.math(says)
    if re.search(r"\\[A-Za-z]+", re.sub(r"\$[^$]*\$", "", says)):
        return doc.rich(f'<span class="verbatim" title="as the source prints it">{cell["html"]}</span>', says)
    return cell


#: severities listed apart, collapsed (the rest are the headline errata)
MINOR = ("misprint", "notation")
_ORDER = ("wrong-result", "wrong-step", "", "misprint", "notation")


def _rank(e: dict) -> int:
    sev = e.get("severity", "")
    return _ORDER.index(sev) if sev in _ORDER else _ORDER.index("")


def _minor_block(errs: list[dict]) -> dict:
    """The misprints and notation slips, folded: one line each (id, location, printed → true)."""
    from clickbound.report import math as m

    items = "".join(
        f"<li><b>{html.escape(e['id'])}</b> <small>({html.escape(e.get('severity', ''))}; "
        f"{html.escape(e['source_file'][:3])}, {html.escape(e['location'])})</small>: "
        f"{m.auto_html(e['source_says'])} → {m.auto_html(e['truth'])}</li>" for e in errs)
    md = "\n".join(f"- **{e['id']}** ({e.get('severity', '')}; {e['source_file'][:3]}, {e['location']}): "
                    f"{e['source_says']} → {e['truth']}" for e in errs)
    return doc.raw_html(f"<details class='minor-errata'><summary>{len(errs)} misprints and notation slips "
                        f"(formulas false as printed whose intended reading is clear, typos, clashing "
                        f"symbols)</summary><ul>{items}</ul></details>", md)


def render(data: dict, rctx: RenderContext) -> list:
    errs = sorted(data["errata"], key=_rank)
    if not errs:
        return [doc.notice("no errata are registered yet")]
    main = [e for e in errs if e.get("severity", "") not in MINOR]
    minor = [e for e in errs if e.get("severity", "") in MINOR]
    counts = {s: sum(e.get("severity", "") == s for e in errs) for s in _ORDER if s}
    ungraded = len(errs) - sum(counts.values())
    blocks = [doc.p(f"{len(errs)} {'erratum' if len(errs) == 1 else 'errata'}: "
                    + ", ".join(f"{n} {s}" for s, n in counts.items())
                    + (f", {ungraded} not yet graded" if ungraded else "")
                    + ". Wrong results and wrong proof steps come first; misprints and notation slips "
                    "are listed apart below. Each names the source file and location, quotes what the "
                    "source says, states what is true, and cites the claims whose verdicts are the "
                    "evidence (decided in this run).")]
    from clickbound.report.sections.claims import source_short

    rows = []
    for e in main:
        ev = [_ev_text(c, data["evidence"]) for c in e["evidence_claims"]]
        ev_html = "<br>".join(html.escape(t) for t in ev)
        ev_cell = (doc.rich(ev_html, " | ".join(ev)) if len(ev) <= 2 and sum(map(len, ev)) < 200 else
                   doc.fold(f"{len(ev)} claim{'s' if len(ev) != 1 else ''}", ev_html, " | ".join(ev)))
        spec = e.get("spec_id") or ""
        rows.append([doc.rich(html.escape(e["id"]) + (f"<br><small>{html.escape(spec)}</small>" if spec else ""),
                              f"{e['id']} ({spec})" if spec else e["id"]),
                     e.get("severity") or "not graded",
                     source_short(f"{e['source_file']}, {e['location']}"),
                     _says_cell(e["source_says"]), doc.math(e["truth"]), ev_cell,
                     doc.math(e["conclusion_survives"])])
    if rows:
        blocks.append(doc.table(["erratum (claim family ID)", "severity", "source (file, location)", "the source says",
                                 "what is true", "evidence (claim verdicts)", "conclusion survives?"],
                                rows, caption="Errata found in the sources",
                                filterable=True))
    if minor:
        blocks.append(_minor_block(minor))
    weak = [e["id"] for e in errs
            if any(v.get("matches_expectation") is False
                   for c in e["evidence_claims"] for v in data["evidence"].get(c, []))]
    if weak:
        blocks.append(doc.notice("evidence not as registered for: " + ", ".join(weak)))
    return blocks


SECTION = register_section(Section(
    name="errata", title="Errata in the sources", order=20, compute=compute, render=render,
    description="lemmas.errata() with the verdicts of their evidence claims"))

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
