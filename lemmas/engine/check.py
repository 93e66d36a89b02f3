"""``check(claim, budget_s)`` — the engine's entry point (issue 2 contract).

Methods, cheapest first, each only where it applies (see the method modules):
derivation (a claim's own ``proof``), symbolic, exact decision, property search,
adversarial search.  Floats search; exact arithmetic decides.
"""
from __future__ import annotations

import time

from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim
from clickbound.lemmas.engine.verdict import Verdict


def _verdict(claim, outcome: Outcome, elapsed: float, tried=()) -> Verdict:
    return Verdict(
        claim_id=claim.id,
        status=outcome.status,
        method=outcome.method,
        elapsed_s=elapsed,
        evidence=dict(outcome.evidence),
        counterexample=None if outcome.counterexample is None else dict(outcome.counterexample),
        expected=claim.expected,
        spec_id=claim.spec_id,
        source=claim.source,
        statement=claim.text(),
        notes=tuple(outcome.notes),
        methods_tried=tuple(tried) or (outcome.method,),
        scope=outcome.scope,
        scope_detail=outcome.scope_detail,
    )


def check(claim, budget_s: float = 20.0, *, seed: int = 0) -> Verdict:
    """Decide ``claim`` within about ``budget_s`` seconds of search.

    Returns a :class:`~clickbound.lemmas.engine.verdict.Verdict`; raises ``ValueError`` (with a
    message naming the problem) for malformed claims.
    """
    if budget_s <= 0:
        raise ValueError(f"budget_s must be positive, got {budget_s}")
    t0 = time.perf_counter()
    if isinstance(claim, ProcedureClaim):
        out = claim.decide(budget_s)
        if not isinstance(out, Outcome):
            raise TypeError(f"{claim.id}: decide() must return an Outcome, got {type(out).__name__}")
        return _verdict(claim, out, time.perf_counter() - t0)
    if isinstance(claim, Claim):
        from clickbound.lemmas.engine.pipeline import decide_claim

        out, tried = decide_claim(claim, budget_s, seed=seed)
        return _verdict(claim, out, time.perf_counter() - t0, tried)
    raise TypeError(f"check() takes a Claim or ProcedureClaim, got {type(claim).__name__}")
