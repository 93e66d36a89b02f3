"""Section "claims": every registered claim with its verdict (§5).

Compute decides the catalogue (``lemmas.catalogue()`` + ``lemmas.check``, through
:func:`clickbound.report.claims_table.decide_catalogue`) and stores each verdict's
``as_dict()``.  Render shows one row per claim — id, claim family, source, statement,
verdict with its scope, method, counterexample or proof summary, time — with each mutant
(``FAMILY-ID/mutant[K=..]``) right below the lemma it mutates, then the counts, then
every exact counterexample in full.
"""
from __future__ import annotations

import html
import json
import re

from clickbound.report import doc
from clickbound.report.sections import ComputeContext, RenderContext, Section, register_section

#: the proof summary / evidence shown in a table cell is cut here (the JSON has it all)
CELL_CHARS = 240
#: the evidence record folded under a claim's row is cut here (the page stays a few MB)
EVIDENCE_CHARS = 1500


def compute(ctx: ComputeContext) -> dict:
    from clickbound import lemmas
    from clickbound.report.claims_table import decide_catalogue

    if ctx.claims is None:
        verdicts = decide_catalogue(budget_s=ctx.budget_s, progress=ctx.progress, workers=ctx.workers)
    else:  # an explicit list (tests, or a filtered run)
        verdicts = [lemmas.check(c, budget_s=ctx.budget_s) for c in ctx.claims]
    return {"budget_s": ctx.budget_s, "verdicts": [v.as_dict() for v in verdicts]}


def parent_id(claim_id: str) -> str:
    """``"DCM-L2/drop-alpha[K=3]"`` -> ``"DCM-L2[K=3]"``; a non-mutant id is its own parent."""
    return re.sub(r"/[^\[\]]*", "", claim_id, count=1)


def ordered(verdicts: list[dict]) -> list[tuple[dict, bool]]:
    """Verdicts with every mutant moved right after its lemma: ``(verdict, is_mutant)`` pairs."""
    ids = {v["claim_id"] for v in verdicts}
    children: dict[str, list[dict]] = {}
    for v in verdicts:
        par = parent_id(v["claim_id"])
        if par != v["claim_id"] and par in ids:
            children.setdefault(par, []).append(v)
    placed = {c["claim_id"] for cs in children.values() for c in cs}
    out = []
    for v in verdicts:
        if v["claim_id"] in placed:
            continue
        out.append((v, "/" in v["claim_id"]))
        out += [(c, True) for c in children.get(v["claim_id"], [])]
    return out


def _find_summary(ev, depth=0):
    if isinstance(ev, dict):
        if isinstance(ev.get("summary"), str):
            return ev["summary"]
        if depth < 2:
            for val in ev.values():
                s = _find_summary(val, depth + 1)
                if s:
                    return s
    return None


def _clip(s: str, n: int = CELL_CHARS) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def scope_text(v: dict) -> str:
    """``proved (every parameter)``, ``proved (instances: K = 1..6)``, ``checked (…)``, or the status
    (a results.json written before verdicts had a scope has no ``scope_text``)."""
    return v.get("scope_text") or v["status"]


def detail(v: dict) -> str:
    """Counterexample (refuted), the test and level (statistical), proof summary (proved) or what the
    search spent (survived)."""
    if v.get("counterexample"):
        return "counterexample: " + ", ".join(f"{k} = {val}" for k, val in v["counterexample"].items())
    from clickbound.lemmas.engine.claim import STATISTICAL

    ev = v.get("evidence") or {}
    if v["status"] in STATISTICAL:
        return _clip(f"{ev.get('test')}, level {ev.get('level')}" + (f": {ev['summary']}" if ev.get("summary") else ""))
    s = _find_summary(ev)
    if s:
        return _clip(s)
    return _clip(json.dumps(ev, ensure_ascii=False, default=str)) if ev else ""


AS_REGISTERED = {True: "ok", False: "UNEXPECTED", None: "-"}

#: background per kind of verdict (claims_table.verdict_kind), the same on the front page
KIND_COLOURS = {"proved (every parameter)": "#2e8b57", "proved (instances)": "#8fd19e", "argued": "#b7d7e8",
                "checked": "#cfe8d5",
                "refuted": "#e8747c", "survived": "#d9d9d9", "statistical": "#f5c26b"}
#: text colour on that background (white on the two dark ones)
KIND_INK = {"proved (every parameter)": "#ffffff", "refuted": "#ffffff"}
#: CSS classes of those backgrounds (appended to the page's style by :func:`kind_css`)
KIND_CLASS = {k: "k-" + "".join(c if c.isalnum() else "-" for c in k).strip("-") for k in KIND_COLOURS}


def kind_css() -> str:
    return "".join(f".{c} {{ background: {KIND_COLOURS[k]} !important; color: {KIND_INK.get(k, '#1b1b1b')}; }}"
                   for k, c in KIND_CLASS.items())


def verdict_kind(v: dict) -> str:
    from clickbound.report.claims_table import verdict_kind as vk

    return vk(v["status"], v.get("scope"))


def source_short(source: str) -> str:
    """``"000_0b27131c69d8f24c.txt, Lemma 2"`` -> ``"000, Lemma 2"`` (the file's number names it)."""
    head, sep, rest = (source or "").partition(", ")
    if re.fullmatch(r"\d{3}_[0-9a-f]{16}\.txt", head):
        head = head[:3]
    return head + sep + rest


def statement_cell(text: str) -> dict:
    """The statement as MathML; a long one (a K = 5 instance) folded, every one scrollable in its cell."""
    from clickbound.report import math as m

    body = f'<div class="mathscroll">{m.statement_html(text)}</div>'
    if m.is_long(text):
        return doc.fold(f"{len(text):,}-character statement (show)", body, _clip(text, 160))
    return doc.rich(body, _clip(text, 160))


def evidence_cell(v: dict) -> dict:
    """The counterexample or summary, folded when long; the full JSON evidence one click away."""
    short = detail(v)
    full = json.dumps(v.get("evidence") or {}, ensure_ascii=False, default=str, indent=1)
    cut = len(full) > EVIDENCE_CHARS
    body = (f"<pre>{html.escape(full[:EVIDENCE_CHARS])}"
            f"{'… (the whole record is in results.json)' if cut else ''}</pre>")
    if len(short) <= 120 and not v.get("evidence"):
        return doc.rich(html.escape(short), short)
    head = short if len(short) <= 120 else short[:117] + "…"
    return doc.rich(f"{html.escape(head)}<details><summary>evidence</summary>{body}</details>", short)


def render(data: dict, rctx: RenderContext) -> list:
    from clickbound.report.claims_table import STATISTICAL, status_counts

    vs = data["verdicts"]
    blocks = [doc.p("Each claim from the sources (and each mutant, a deliberately wrong variant "
                    "registered as expected false) is decided by the claims engine, and its verdict says "
                    "for what: proved (every parameter) — a proof artefact for every value the statement "
                    "quantifies over, every step machine-checked or cited (an external theorem, or a model "
                    "assumption the source states); proved (instances: …) — a proof for the named instances "
                    "only; argued — proved up to the listed argued steps, prose nothing checks (counted "
                    "apart from proved); "
                    "checked (…) — exact checks on a named finite sample, no proof; refuted — an exact "
                    "counterexample re-checked in rational or >= 50-digit arithmetic; survived — no "
                    f"counterexample within {data['budget_s']:g} s of search, not proved; "
                    "violated-in-simulation / consistent-in-simulation — a statistical finding, with "
                    "its test and level. 'as registered' says whether the verdict is the one the "
                    "catalogue expects (a lemma not refuted, a mutant refuted).")]
    if not vs:
        blocks.append(doc.notice("no claims are registered yet"))
        return blocks
    rows, classes = [], []
    for v, is_mut in ordered(vs):
        cid = ("↳ " if is_mut else "") + v["claim_id"]
        spec = v.get("spec_id") or ""
        rows.append([doc.rich(html.escape(cid) + (f'<br><small>{html.escape(spec)}</small>' if spec and spec != v["claim_id"] else ""),
                              ("  " + cid) if is_mut else cid),
                     source_short(v.get("source") or ""), statement_cell(v.get("statement") or ""),
                     scope_text(v), f"{v['method']} ({v['elapsed_s']:.2f} s)", evidence_cell(v),
                     AS_REGISTERED[v.get("matches_expectation")]])
        classes.append(["", "", "", KIND_CLASS.get(verdict_kind(v), ""), "", "",
                        "" if v.get("matches_expectation") is not False else KIND_CLASS["refuted"]])
    blocks.append(doc.raw_html(f"<style>{kind_css()}</style>", ""))
    blocks.append(doc.table(["claim (family)", "source", "statement", "verdict (scope)", "method (time)",
                             "counterexample / proof summary", "as registered"], rows,
                            caption="Claims and mutants (each mutant right below its lemma); type in the "
                                    "box to filter, click 'evidence' for the full record",
                            filterable=True, cell_classes=classes))
    from clickbound.report.sections.front import claim_counts, evidence_ids

    cc = claim_counts(vs, evidence_ids(rctx.sections))
    unexpected = [v["claim_id"] for v in vs if v.get("matches_expectation") is False]
    count_rows = [["statements of the sources (lemmas, as-printed and repaired statements)", cc["claim"]["total"]],
                  ["mutants (deliberately wrong variants)", cc["mutant"]["total"]],
                  ["bound-violation instances (VIOL/…)", cc["violation"]["total"]],
                  *[[("  of which " if k in STATISTICAL else "") + k, c] for k, c in status_counts(vs).items()],
                  ["statements of the sources refuted", cc["claim"].get("refuted", 0)],
                  ["mutants refuted (caught)", cc["mutant"].get("refuted", 0)],
                  ["not as registered", len(unexpected)],
                  ["total checking time (s)", f"{sum(v['elapsed_s'] for v in vs):.1f}"]]
    blocks.append(doc.table(["count", "value"], count_rows, caption="Counts"))
    if unexpected:
        blocks.append(doc.notice("not as registered: " + ", ".join(unexpected)))
    refuted = [v for v in vs if v["status"] == "refuted" and v.get("counterexample")]
    if refuted:
        blocks.append(doc.h("Exact counterexamples", 3, anchor="claims-counterexamples"))
        for v in refuted:
            from clickbound.report import math as m

            st_text = v.get("statement") or ""
            cex = ", ".join(f"{k} = {val}" for k, val in v["counterexample"].items())
            notes = "".join(f"<br><small>note: {html.escape(n)}</small>" for n in v.get("notes", []))
            md = "\n".join([f"**{v['claim_id']}** ({v.get('source') or 'no source'})", "", st_text, "",
                             f"counterexample: {cex}", *[f"note: {n}" for n in v.get("notes", [])]])
            blocks.append(doc.raw_html(
                f'<div class="cex"><strong>{html.escape(v["claim_id"])}</strong> '
                f'({html.escape(v.get("source") or "no source")})'
                f'<div class="mathscroll">{m.statement_html(st_text)}</div>'
                f"counterexample: <code>{html.escape(cex)}</code>{notes}</div>", md))
    return blocks


SECTION = register_section(Section(
    name="claims", title="Claims: verdicts of the claims engine", order=10,
    compute=compute, render=render,
    description="lemmas.catalogue() decided by lemmas.check"))

#: no claim ID of its own (it reads every claim, erratum or ledger entry, or none)
SPEC_IDS = ()
