"""Verdict-vs-n strips for the lecture's custom experiment sections (source 003; issue 15).

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
    from clickbound.report.experiments import strip_checkpoints

    cps = np.asarray(checkpoints)
    idx = strip_checkpoints(cps)
    claims: dict[str, list] = {}
    for j in idx:
        for row in verdicts_at(j):
            claims.setdefault(row["claim"], []).append(row.get("decision", {}).get("answer", row["answer"]))
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


def verdict_table(verdicts: list[dict], caption: str) -> dict:
    """The lecture sections' table of statistical findings: claim, verdict, test with level and correction,
    power and the numbers behind it (one row per entry of a section's ``verdicts``)."""
    from clickbound.report import doc
    from clickbound.report.exp_render import tests_cell

    return doc.table(["claim", "verdict", "test, level, correction", "power", "numbers"],
                     [[r["claim"], r["verdict"], f"{r['test']}; α = {r['level']}; {r['correction']}",
                       r["power_text"], tests_cell(r)] for r in verdicts], caption)
