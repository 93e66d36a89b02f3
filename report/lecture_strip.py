"""Verdict-vs-n strips for the lecture's custom experiment sections (source 003).

The lecture gives almost no sizes for its experiments, so the paper profile of ``exp_lecture_*`` uses a
horizon at which each verdict has settled.  This module gives those sections what
:func:`clickbound.report.experiments.verdict_strip` gives the ``Experiment`` sections: every claim decided
again, by the section's own ``verdicts`` function (the same test, level and Holm family), on the runs cut
at earlier checkpoints (:func:`clickbound.report.experiments.strip_checkpoints`: five per decade from
n = 1,000, always including the last), and the strip figure of
:func:`clickbound.report.exp_render._strip_blocks`.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np


def strip(checkpoints, runs: int, verdicts_at, source_n: int | None = None) -> dict:
    """``verdicts_at(j)`` returns the verdict rows had the run stopped at ``checkpoints[j]``."""
    from clickbound.report.experiments import strip_checkpoints, strip_label

    cps = np.asarray(checkpoints)
    idx = strip_checkpoints(cps)
    claims: dict[str, list] = {}
    for j in idx:
        for row in verdicts_at(j):
            claims.setdefault(strip_label(row), []).append(row.get("decision", {}).get("answer", row["answer"]))
    return {"n": [int(cps[j]) for j in idx], "runs": int(runs), "source_n": source_n,
            "claims": [{"claim": c, "answers": a} for c, a in claims.items()]}


def settled(strip_data: dict) -> dict[str, int]:
    """Each claim's smallest strip ``n`` from which its answer no longer changes."""
    n = strip_data["n"]
    return {c["claim"]: next(n[k] for k in range(len(n)) if len(set(c["answers"][k:])) == 1)
            for c in strip_data["claims"]}


def blocks(exp_id: str, name: str, data: dict, rctx) -> list:
    """The strip figure with its caption (nothing when ``data`` has no strip)."""
    from clickbound.report.exp_render import _strip_blocks

    return _strip_blocks(SimpleNamespace(id=exp_id, name=name), data, rctx)


def verdict_tables(verdicts: list[dict], caption: str) -> list:
    """The lecture sections' tables of statistical findings: claim, verdict, test with level and correction,
    power and the numbers behind it (one row per entry of a section's ``verdicts``); the source's claims
    (with the words quoted) under :data:`~clickbound.report.experiments.SOURCE_HEADING`, the project's own
    findings apart under :data:`~clickbound.report.experiments.PROJECT_HEADING` (the rule of
    :class:`clickbound.report.experiments.Scope`)."""
    from clickbound.report import doc
    from clickbound.report.exp_render import quote_cell, tests_cell
    from clickbound.report.experiments import PROJECT_HEADING, SOURCE_HEADING, split_rows

    def row(r, quote):
        return ([r["claim"]] + ([quote_cell(r)] if quote else [])
                + [r["verdict"], f"{r['test']}; α = {r['level']}; {r['correction']}", r["power_text"], tests_cell(r)])

    src, own = split_rows(verdicts)
    out = []
    if src:
        out.append(doc.table(["claim of the source", "the source's words", "verdict", "test, level, correction",
                              "power", "numbers"], [row(r, True) for r in src], f"{SOURCE_HEADING}. {caption}"))
    if own:
        out.append(doc.table(["the project's finding", "verdict", "test, level, correction", "power", "numbers"],
                             [row(r, False) for r in own], f"{PROJECT_HEADING}. {caption}"))
    return out
