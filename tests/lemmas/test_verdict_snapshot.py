"""No change of layout changes a verdict: the whole catalogue against its committed snapshot.

Recomputes what ``clickbound claims --json``, ``clickbound errata --json`` and
``clickbound ledger --json`` give (every claim decided at the default 20 s budget; the fields
that make a verdict, see :mod:`snapshot_verdicts`) and compares it exactly with the golden file
``tests/lemmas/data/verdicts.json``, listing every claim ID, erratum ID or ledger entry that
differs.

Claims are decided through :func:`catalogue_kit.verdict`, the per-process cache the catalogue
modules' own test files use, so a claim another test of this process has decided is not decided
again.

The golden file changes only by a deliberate command, after a change that is meant to change
a verdict (and whose commit says so)::

    .venv/bin/python tests/lemmas/snapshot_verdicts.py --write --workers 2
"""
from __future__ import annotations

import pytest
import snapshot_verdicts as snap
from catalogue_kit import verdict

from clickbound import lemmas


@pytest.mark.slow
def test_every_verdict_erratum_and_ledger_entry_matches_the_snapshot():
    golden = snap.load_golden()
    now = snap.snapshot([verdict(c.id, snap.BUDGET_S) for c in lemmas.catalogue()])
    diffs = snap.differences(golden, now)
    assert diffs == [], f"{len(diffs)} differences:\n" + "\n".join(diffs)


def test_snapshot_covers_every_claim_and_erratum():
    # cheap (no claim decided): the golden file names exactly the registered claims and errata
    golden = snap.load_golden()
    assert set(golden["claims"]) == {c.id for c in lemmas.catalogue()}
    assert set(golden["errata"]) == {e.id for e in lemmas.errata()}
    # the ledger entries themselves (rests_on_argued needs the verdicts: the slow test compares it)
    assert [{k: v for k, v in e.items() if k != "rests_on_argued"} for e in golden["ledger"]] \
        == snap.ledger_records()


@pytest.mark.slow
def test_every_registered_claim_comes_out_as_registered():
    """The one catalogue test over the whole registry: what "comes out as registered" demands of every
    claim of every module — a claim added to any catalogue module is checked here without a line in a
    per-module test file (which keep the module-specific facts: which status, every-parameter scope,
    counterexample values).  Verdicts come from the same per-process cache as the snapshot test above,
    so nothing is decided twice."""
    failures = []
    for c in lemmas.catalogue():
        v = verdict(c.id, snap.BUDGET_S)
        if v.matches_expectation is False:
            failures.append(f"{c.id}: registered {c.expected}, came out {v.status}")
        if c.expected is False and v.status == "refuted" and not v.counterexample:
            failures.append(f"{c.id}: refuted without a counterexample")
        for step in (v.evidence.get("proof") or {}).get("steps", []) if isinstance(v.evidence, dict) else []:
            if str(step.get("checked", "")).strip() in ("", "True", "true"):
                failures.append(f"{c.id}: proof step {step.get('step')!r} records no checked object")
    assert not failures, f"{len(failures)} claims not as registered:\n" + "\n".join(failures)
