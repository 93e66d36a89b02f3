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
    # what the registrations alone fix (source, spec_id, statement text, expectation)
    diffs = snap.registration_differences(golden)
    assert diffs == [], f"{len(diffs)} differences:\n" + "\n".join(diffs)
    assert snap.errata_records() == golden["errata"]
    # the ledger entries themselves (rests_on_argued needs the verdicts: the slow test compares it)
    assert [{k: v for k, v in e.items() if k != "rests_on_argued"} for e in golden["ledger"]] \
        == snap.ledger_records()


#: claims proved (or argued) on named instances only, not for every parameter: each is a statement about
#: the instances it names (the source's printed profiles, grid or example), so "instances" is its whole
#: scope.  A new entry needs the same reason; every other proof must cover every parameter.
INSTANCE_SCOPED = {
    "OD-EXP/P-profiles": "the shallow, deep and RecGaze P vectors the carousel paper prints",
    "OD-EXP/theta-grid": "the synthetic θ of the carousel paper's experiments",
    "UCB1-BOUND/corrected[exact]": "an exact cross-check on one instance, beside the general UCB1-BOUND claims",
    "UCB1-ESTIMATOR/corrected": "exhaustive on small histories (the general identity is UCB1-ESTIMATOR's algebra)",
}


def as_registered_failures(claim, v) -> list[str]:
    """What "comes out as registered" demands of one claim's verdict ``v``, as a list of failures:

    * the verdict matches the registration (``matches_expectation``);
    * a ``proved`` or ``argued`` verdict covers every parameter (``scope == "all"``) unless the claim is
      one of :data:`INSTANCE_SCOPED` (a claim registered true may also come out ``survived``, ``checked``
      or consistent in simulation: what its status says is the snapshot's business);
    * an argued verdict lists every argued step and is vouched for by its procedure;
    * no proof step records an empty or bare ``True`` check; a step resting on prose says so
      ("(argument) …"), a step resting on a reference names it ("(cited: …) …");
    * a claim registered false is refuted with a counterexample, or violated in simulation (a statistical
      finding, its test and level in the evidence).
    """
    out = []
    if v.matches_expectation is False:
        out.append(f"registered {claim.expected}, came out {v.status}")
    if v.status in ("proved", "argued") and v.scope != "all" and claim.id not in INSTANCE_SCOPED:
        out.append(f"{v.status} on instances only ({v.scope_detail}): not for every parameter")
    if v.status == "argued":
        listed = v.evidence.get("argued") or ()
        if not (v.argued_steps == len(listed) > 0):
            out.append(f"argued with {v.argued_steps} argued steps but {len(listed)} listed")
        if not v.vouched_by.startswith("procedure: "):
            out.append(f"argued but vouched by {v.vouched_by!r}")
    if claim.expected is False and v.status != "violated-in-simulation" and not (v.status == "refuted"
                                                                                 and v.counterexample):
        # false: refuted exactly with a counterexample, or a statistical finding (never called refuted)
        out.append(f"registered false but {v.status} without a counterexample")
    steps = (v.evidence.get("proof") or {}).get("steps", []) if isinstance(v.evidence, dict) else []
    for step in steps:
        checked, desc = str(step.get("checked", "")), str(step.get("step", ""))
        if checked.strip() in ("", "True", "true"):
            out.append(f"proof step {desc!r} records no checked object")
        if checked.startswith("rests on:") and not desc.startswith("(argument)"):
            out.append(f"proof step {desc!r} rests on prose but is not marked (argument)")
        if checked.startswith("reference:") and not desc.startswith("(cited"):
            out.append(f"proof step {desc!r} cites a reference but is not marked (cited: …)")
    return out


@pytest.mark.slow
def test_every_registered_claim_comes_out_as_registered():
    """The one catalogue test over the whole registry (:func:`as_registered_failures` for every claim of
    every module): a claim added to any catalogue module is checked here without a line in a per-module
    test file, which keeps only the module's own facts (a counterexample's values, a constant, a
    helper's behaviour).  Verdicts come from the same per-process cache as the snapshot test above, so
    nothing is decided twice."""
    failures = [f"{c.id}: {f}" for c in lemmas.catalogue() for f in as_registered_failures(c, verdict(c.id, snap.BUDGET_S))]
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)


@pytest.mark.slow
def test_every_erratum_rests_on_evidence_that_comes_out_as_registered():
    """Every erratum names a shipped source, cites evidence claims that exist and come out as registered,
    and says whether the source's conclusion survives."""
    from clickbound import sources

    failures = []
    for e in lemmas.errata():
        if e.source_file not in sources.BY_FILE:
            failures.append(f"{e.id}: unknown source file {e.source_file!r}")
        if not e.evidence_claims:
            failures.append(f"{e.id}: cites no evidence")
        if not e.conclusion_survives.strip():
            failures.append(f"{e.id}: does not say whether the conclusion survives")
        for cid in e.evidence_claims:
            if verdict(cid, snap.BUDGET_S).matches_expectation is not True:
                failures.append(f"{e.id}: evidence {cid} does not come out as registered")
    assert not failures, "\n".join(failures)
