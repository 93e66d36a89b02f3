"""Every registered erratum rests on exact evidence that re-checks (issues 12 and 18).

For each erratum of ``lemmas.errata()``: its evidence claims are registered (a claim ID, or a
claim family ID whose expected-true instances stand for it), each comes out as registered, and at
least one is decided exactly — refuted with a re-verified counterexample, or proved — never
only "survived" or a statistical finding.
"""
from __future__ import annotations

import pytest

from clickbound import lemmas

BUDGET_S = 20.0


def _evidence_claims(cid):
    try:
        return [lemmas.get(cid)]
    except KeyError:
        return [c for c in lemmas.catalogue() if c.spec_id == cid and c.expected is not False]


@pytest.fixture(scope="module")
def verdicts():
    ids = sorted({cid for e in lemmas.errata() for cid in e.evidence_claims})
    return {cid: [lemmas.check(c, budget_s=BUDGET_S) for c in _evidence_claims(cid)] for cid in ids}


@pytest.mark.slow
def test_every_erratum_rests_on_exact_evidence_that_rechecks(verdicts):
    problems = []
    for e in lemmas.errata():
        if not e.evidence_claims:
            problems.append(f"{e.id}: no evidence claims")
            continue
        vs = [v for cid in e.evidence_claims for v in verdicts[cid]]
        missing = [cid for cid in e.evidence_claims if not verdicts[cid]]
        if missing:
            problems.append(f"{e.id}: evidence not registered: {missing}")
        wrong = [v.claim_id for v in vs if v.matches_expectation is False]
        if wrong:
            problems.append(f"{e.id}: evidence does not come out as registered: {wrong}")
        if not any(v.status in ("refuted", "proved") for v in vs):
            problems.append(f"{e.id}: no evidence claim is decided exactly ({[v.status for v in vs]})")
    assert problems == []
