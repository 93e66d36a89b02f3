"""``check(claim, budget_s)`` — the engine's entry point (issue 2 contract).

Methods, cheapest first, each only where it applies (see the method modules): cheap
refutation and derivation (a claim's own ``proof``), symbolic, exact decision, property search,
adversarial search.  Floats search; exact arithmetic decides.  Every number of the claim is
read at the value written (:mod:`clickbound.lemmas.engine.reading`).  ``budget_s`` must be a
positive finite number of seconds (``ValueError`` otherwise).  Each verdict says who vouches
for it (``Verdict.vouched_by``: engine method, catalogue procedure, or "argument: N steps").

``budget_s`` sets the work and is enforced by a hard cap on time and memory
(:mod:`clickbound.lemmas.engine.cap`): a :class:`Claim` is decided in a child process that is
stopped at :data:`CAP_FACTOR` × ``budget_s`` (plus :data:`CAP_GRACE_S` for starting and stopping
it) or when it allocates more than ``mem_mb`` MiB; the verdict is then ``survived`` (method
``budget exhausted``) with the search record up to that point.  The factor leaves room for a
loaded machine, which slows every step: work that fits the budget on an idle machine gets the
same verdict there (issue 18), while runaway work is still stopped.  ProcedureClaims (the catalogue's own exact procedures)
run in-process: their work is fixed by the procedure, not by the budget.
"""
from __future__ import annotations

import math
import numbers
import time

from clickbound.lemmas.engine.cap import DEFAULT_MEM_MB, Capped, run_capped
from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim, function_name
from clickbound.lemmas.engine.verdict import Verdict, argued_steps

#: the hard cap is this many budgets (see the module docstring) ...
CAP_FACTOR = 2.0
#: ... plus seconds for forking the checking process and returning its result
CAP_GRACE_S = 0.5


def vouched_by(claim, outcome: Outcome) -> str:
    """Who vouches for ``outcome`` (see :class:`Verdict`): the outcome's own word if it gives one;
    else "argument: N steps" for a proof resting on argued steps, "procedure: <module.function>"
    for a ProcedureClaim, "engine: <method>" for the engine's own methods."""
    if outcome.vouched_by:
        return outcome.vouched_by
    n = argued_steps(outcome.evidence) if outcome.status in ("proved", "argued") else 0
    if n:
        return f"argument: {n} step{'s' if n != 1 else ''}"
    if isinstance(claim, ProcedureClaim):
        return f"procedure: {function_name(claim.decide)}"
    return f"engine: {outcome.method}"


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
        vouched_by=vouched_by(claim, outcome),
    )


def check(claim, budget_s: float = 20.0, *, seed: int = 0, mem_mb: int = DEFAULT_MEM_MB) -> Verdict:
    """Decide ``claim`` within ``budget_s`` seconds and ``mem_mb`` MiB (see the module docstring).

    Returns a :class:`~clickbound.lemmas.engine.verdict.Verdict`; raises ``ValueError`` (with a
    message naming the problem) for malformed claims.
    """
    if (isinstance(budget_s, bool) or not isinstance(budget_s, numbers.Real)
            or not math.isfinite(float(budget_s)) or not float(budget_s) > 0):
        raise ValueError(f"budget_s must be a positive finite number of seconds, got {budget_s!r}")
    budget_s = float(budget_s)
    t0 = time.perf_counter()
    if isinstance(claim, ProcedureClaim):
        out = claim.decide(budget_s)
        if not isinstance(out, Outcome):
            raise TypeError(f"{claim.id}: decide() must return an Outcome, got {type(out).__name__}")
        return _verdict(claim, out, time.perf_counter() - t0)
    if isinstance(claim, Claim):
        from clickbound.lemmas.engine.pipeline import decide_claim

        res = run_capped(lambda progress: decide_claim(claim, budget_s, seed=seed, progress=progress),
                         time_s=CAP_FACTOR * budget_s + CAP_GRACE_S, mem_mb=mem_mb)
        if isinstance(res, Capped):
            done = res.last_progress
            out = Outcome("survived", "budget exhausted",
                          {"cap": {"reason": res.reason, "budget_s": budget_s, "mem_mb": mem_mb,
                                   "elapsed_s": round(res.elapsed_s, 3)},
                           "done_before_the_cap": done.get("record", {})},
                          notes=(f"stopped at the cap ({res.reason}) after: "
                                 f"{', '.join(done.get('methods_tried', [])) or 'validation'}",))
            return _verdict(claim, out, time.perf_counter() - t0, done.get("methods_tried", ()))
        out, tried = res
        return _verdict(claim, out, time.perf_counter() - t0, tried)
    raise TypeError(f"check() takes a Claim or ProcedureClaim, got {type(claim).__name__}")
