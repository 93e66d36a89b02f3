"""Decide the catalogue and render verdicts as text / Markdown tables.

Deciding is data (``Verdict`` objects); this module only loops and formats.
"""
from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from clickbound import lemmas
from clickbound.lemmas.engine.verdict import STATISTICAL

EXPECT_MARK = {True: "ok", False: "UNEXPECTED", None: "-"}


def _check_by_id(args):
    claim_id, budget_s = args
    # lemmas.get builds the catalogue once per (worker) process and indexes it by id
    return lemmas.check(lemmas.get(claim_id), budget_s=budget_s)


def decide_catalogue(budget_s: float = 20.0, id_filter: str | None = None,
                     progress: bool = True, workers: int | None = None, claims: list | None = None) -> list:
    """Check every registered claim (optionally those whose id contains ``id_filter``), or the
    catalogue claims given as ``claims``.

    Runs claims in ``workers`` processes (default: all cores); the verdicts come
    back in catalogue order whatever the split.
    """
    claims = [c for c in (lemmas.catalogue() if claims is None else claims)
              if id_filter is None or id_filter in c.id]
    if id_filter is not None and not claims:
        raise ValueError(f"no registered claim id contains {id_filter!r}")
    jobs = [(c.id, budget_s) for c in claims]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(jobs), desc="deciding claims", unit="claim", file=sys.stderr)
    out = []
    if workers == 1 or len(jobs) <= 1:
        for j in jobs:
            out.append(_check_by_id(j))
            if bar:
                bar.update()
    else:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for v in ex.map(_check_by_id, jobs):
                out.append(v)
                if bar:
                    bar.update()
    if bar:
        bar.close()
    return out


def _cex_text(v) -> str:
    if not v.counterexample:
        return ""
    return ", ".join(f"{k}={val}" for k, val in v.as_dict()["counterexample"].items())


def _test_text(v) -> str:
    """A statistical verdict's test and level (its evidence must name them)."""
    if v.status not in STATISTICAL:
        return ""
    return f"{v.evidence.get('test')}, level {v.evidence.get('level')}"


def verdict_cell(v) -> str:
    """The table's verdict cell: the scope text, but ``argued (N)`` for a proof (of every parameter)
    resting on N argued steps, so the column stays narrow."""
    if v.status == "argued" and v.scope == "all":
        return f"argued ({v.argued_steps})"
    return v.scope_text


def rows(verdicts) -> list[dict]:
    return [{
        "id": v.claim_id,
        "status": v.status,
        "verdict (scope)": verdict_cell(v),
        "method": v.method,
        "expected": {True: "true", False: "false", None: "?"}[v.expected],
        "as registered": EXPECT_MARK[v.matches_expectation],
        "time (s)": f"{v.elapsed_s:.2f}",
        "counterexample / test": _cex_text(v) or _test_text(v),
        "source": v.source,
    } for v in verdicts]


#: the kinds of verdict the summary counts, in this order: a proof's scope told apart, proofs up to
#: argued steps apart from checked proofs, the two statistical statuses together (each also counted on
#: its own)
SUMMARY_KINDS = ("proved (every parameter)", "proved (instances)", "argued", "checked", "refuted", "survived",
                 "statistical")


def verdict_kind(status: str, scope: str | None) -> str:
    if status == "proved":
        return "proved (every parameter)" if scope == "all" else "proved (instances)"
    if status == "argued":
        return "argued"
    return "statistical" if status in STATISTICAL else status


def status_counts(verdicts) -> dict[str, int]:
    """Counts by :data:`SUMMARY_KINDS` (then any status not known here, never dropped), then each
    statistical status.  ``verdicts``: Verdict objects or their ``as_dict()``."""
    pairs = [(v["status"], v.get("scope")) if isinstance(v, dict) else (v.status, v.scope) for v in verdicts]
    kinds = Counter(verdict_kind(s, sc) for s, sc in pairs)
    out = {k: kinds.pop(k, 0) for k in SUMMARY_KINDS}
    out.update(sorted(kinds.items()))
    out.update({s: sum(st == s for st, _ in pairs) for s in STATISTICAL})
    return out


def summary_text(verdicts) -> str:
    """``151 claims: 40 proved (every parameter), 12 proved (instances), 3 checked, …``."""
    c = status_counts(verdicts)
    main = [f"{c[k]} {k}" for k in c if k not in STATISTICAL]
    stat = ", ".join(f"{c[s]} {s}" for s in STATISTICAL)
    return f"{len(verdicts)} claims: " + ", ".join(main) + f" ({stat})"


#: rows ``clickbound claims`` hides unless asked: row class -> (plural noun, the flag that shows them)
HIDDEN_BY_DEFAULT = {"mutant": ("mutants", "--mutants"), "violation": ("violation instances", "--violations")}


def row_class(claim_id: str, expected: bool | None, erratum_evidence: frozenset | set = frozenset()) -> str:
    """``"violation"`` for a bound-violation instance (``VIOL/…``); ``"mutant"`` for a coverage
    mutant (``…/mutant-…``) or a variant registered expected-false that no erratum cites as its
    evidence (a deliberately wrong variant, not a statement the source makes); else ``"claim"``.

    The as-printed statements registered false (the source's misprints, e.g. the cascade blog's
    ``LINTS-THETA-HAT/as-printed``) are errata evidence and stay ``"claim"``: they are findings.
    """
    if claim_id.startswith("VIOL/"):
        return "violation"
    if "/mutant-" in claim_id or (expected is False and claim_id not in erratum_evidence):
        return "mutant"
    return "claim"


def erratum_evidence() -> frozenset:
    """Every claim id some registered erratum cites as evidence."""
    return frozenset(c for e in lemmas.errata() for c in e.evidence_claims)


def from_source(source_text: str, source_file: str) -> bool:
    """Whether a claim's ``source`` text (file name and location) names ``source_file``."""
    return source_file.removesuffix(".txt") in (source_text or "")


def select(items, *, source_file: str | None = None, kind: str | None = None, status: str | None = None,
           show: frozenset | set = frozenset(), evidence: frozenset | None = None):
    """``(kept, hidden)``: the claims (or verdicts) matching the filters, and a ``Counter`` of the
    matching rows left out because their class (:func:`row_class`) is not in ``show``.

    ``kind`` applies to claims (verdicts carry none), ``status`` to verdicts.
    """
    evidence = erratum_evidence() if evidence is None else evidence
    kept, hidden = [], Counter()
    for x in items:
        cid = getattr(x, "claim_id", None) or x.id
        if source_file is not None and not from_source(x.source, source_file):
            continue
        if kind is not None and getattr(x, "kind", kind) != kind:
            continue
        if status is not None and getattr(x, "status", status) != status:
            continue
        cls = row_class(cid, x.expected, evidence)
        if cls != "claim" and cls not in show:
            hidden[cls] += 1
            continue
        kept.append(x)
    return kept, hidden


def hidden_rows_line(hidden: Counter) -> str:
    """``"232 rows hidden: 119 mutants (--mutants), 113 violation instances (--violations); --all shows every row"``."""
    n = sum(hidden.values())
    if not n:
        return ""
    parts = [f"{hidden[c]} {noun} ({flag})" for c, (noun, flag) in HIDDEN_BY_DEFAULT.items() if hidden[c]]
    return f"{n} row{'s' if n != 1 else ''} hidden: {', '.join(parts)}; --all shows every row"


#: the terminal table's columns, their narrowest widths (cells wrap down to them) and which go first
#: when even those do not fit (the last named first); a counterexample or a statistical test is
#: printed under its row, across the whole width
TEXT_COLUMNS = ["id", "verdict (scope)", "method", "registered", "time (s)"]
TEXT_MIN = {"id": 20, "verdict (scope)": 15, "method": 12, "registered": 10, "time (s)": 5}
TEXT_DROPPABLE = ("method", "time (s)")


def render_text(verdicts, width: int = 100, hidden: Counter | None = None) -> str:
    """The verdict table in at most ``width`` columns: cells wrap, columns that cannot fit are named
    in a footer, rows hidden by class (``hidden``, from :func:`select`) are counted in one."""
    from clickbound.report import termtable

    rs = rows(verdicts)
    cells = [[r["id"], r["verdict (scope)"], r["method"],
              f"{r['expected']}, {r['as registered']}" if r["expected"] != "?" else "?",
              r["time (s)"]] for r in rs]
    details = [(("test: " if v.status in STATISTICAL else "counterexample: ") + r["counterexample / test"])
               if r["counterexample / test"] else "" for v, r in zip(verdicts, rs)]
    lines, cols_hidden, full = termtable.table(TEXT_COLUMNS, cells, width, minimum=TEXT_MIN,
                                               droppable=TEXT_DROPPABLE, right=("time (s)",), details=details)
    bad = sum(v.matches_expectation is False for v in verdicts)
    footer = [(f"{summary_text(verdicts)}; {bad} not as registered; "
               f"{sum(v.elapsed_s for v in verdicts):.1f} s of checking"),
              ("registered: the truth value the catalogue registers, and whether the verdict agrees "
               "(ok) or not (UNEXPECTED)"),
              hidden_rows_line(hidden or Counter()), termtable.hidden_columns_line(cols_hidden, full)]
    lines.append("")
    for f in filter(None, footer):
        lines += termtable.wrap(f, width)
    return "\n".join(lines)


def render_markdown(verdicts) -> str:
    rs = rows(verdicts)
    cols = ["id", "verdict (scope)", "method", "expected", "as registered", "time (s)", "counterexample / test",
            "source"]
    esc = lambda s: s.replace("|", "\\|")
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(esc(r[c]) for c in cols) + " |" for r in rs]
    return "\n".join(out)


def render_verdict(v, width: int | None = None) -> str:
    """``clickbound check``'s text: every field of the verdict, the evidence as indented JSON; lines
    wider than ``width`` (default: the terminal's, 100 off a terminal) wrap, none is cut."""
    from clickbound.report import termtable

    d = v.as_dict()
    lines = [f"claim     : {v.claim_id}" + (f"  (family {v.spec_id})" if v.spec_id and v.spec_id != v.claim_id else ""),
             f"source    : {v.source}",
             f"statement : {v.statement}",
             f"verdict   : {v.scope_text}  by {v.method}  in {v.elapsed_s:.2f} s",
             f"scope     : {scope_words(v.status, v.scope, v.scope_detail)}",
             f"vouched by: {v.vouched_by or '(not recorded)'}",
             f"expected  : {d['expected']}  (as registered: {EXPECT_MARK[v.matches_expectation]})",
             f"tried     : {', '.join(v.methods_tried)}"]
    if v.status in STATISTICAL:
        lines.insert(4, f"test      : {_test_text(v)} (a statistical finding, not a proof or a refutation)")
    if v.status in ("proved", "argued"):
        k = v.step_kinds
        lines.append(f"steps     : {k['checked']} checked, {k['cited']} cited, {k['argued']} argued")
        for a in v.evidence.get("argued") or []:
            lines.append(f"argued    : {a.get('step', a) if isinstance(a, dict) else a}")
    if v.counterexample:
        lines.append("counterexample (exact):")
        lines += [f"    {k} = {val}" for k, val in d["counterexample"].items()]
    for n in v.notes:
        lines.append(f"note      : {n}")
    lines.append("evidence  :")
    import json

    lines += ["    " + ln for ln in json.dumps(d["evidence"], indent=2, ensure_ascii=False).splitlines()]
    return "\n".join(termtable.fit_lines(lines, termtable.terminal_width(width)))


def scope_words(status: str, scope: str | None, detail: str = "") -> str:
    """The ``scope`` line of ``clickbound check``: what a verdict covers, in words."""
    if status == "proved":
        return ("every parameter value the statement quantifies over" if scope == "all"
                else f"only the instances {detail} (no proof beyond them)")
    if status == "argued":
        return ("every parameter value, up to the argued steps listed below (prose nothing checks)"
                if scope == "all" else f"the instances {detail}, up to the argued steps listed below")
    return {"checked": f"exact checks on {detail} only (no proof for the statement's whole range)",
            "refuted": "one exact counterexample (below) refutes the statement",
            "survived": "no counterexample in the search recorded below (not a proof)"}.get(
        status, "the simulation named in the evidence, at its level (statistical)" if status in STATISTICAL
        else status)
