"""``check(claim, budget_s)`` — the engine's entry point.

Methods, cheapest first, each only where it applies (see the method modules): cheap
refutation and derivation (a claim's own ``proof``), symbolic, exact decision, property search,
adversarial search.  Floats search; exact arithmetic decides.  Every number of the claim is
read at the value written (:mod:`clickbound.lemmas.engine.reading`).  ``budget_s`` must be a
positive finite number of seconds (``ValueError`` otherwise).  Each verdict says who vouches
for it (``Verdict.vouched_by``: engine method, catalogue procedure, kernel proof, or "argument: N
steps"); a catalogue proof that rests on argued steps is ``argued``, not ``proved``
(:func:`catalogue_outcome`).

``budget_s`` sets the work and is enforced by a hard cap on time and memory
(:mod:`clickbound.lemmas.engine.cap`): a :class:`Claim` is decided in a child process that is
stopped at :data:`CAP_FACTOR` × ``budget_s`` (plus :data:`CAP_GRACE_S` for starting and stopping
it) or when it allocates more than ``mem_mb`` MiB; the verdict is then ``survived`` (method
``budget exhausted``) with the search record up to that point.  The factor leaves room for a
loaded machine, which slows every step: work that fits the budget on an idle machine gets the
same verdict there, while runaway work is still stopped.  ProcedureClaims (the catalogue's own exact procedures)
run in-process: their work is fixed by the procedure, not by the budget.
"""
from __future__ import annotations

import dataclasses
import math
import numbers
import os
import time
from collections.abc import Mapping

from clickbound.lemmas.engine.cap import DEFAULT_MEM_MB, Capped, run_capped
from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim, function_name
from clickbound.lemmas.engine.verdict import Verdict, _step_kind, argued_steps

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


#: whether :func:`catalogue_outcome` asks the Coq build for kernel proofs (``CLICKBOUND_KERNEL=0``
#: turns it off: the verdicts are then the same on a machine with and without ``coqc``)
def _kernel_enabled() -> bool:
    return os.environ.get("CLICKBOUND_KERNEL", "1").strip().lower() not in ("0", "no", "off", "false")


def catalogue_builder(claim, outcome: Outcome) -> str | None:
    """``module.function`` of the catalogue code behind ``outcome`` — a ProcedureClaim's decide
    function, or the catalogue derivation a Claim's proof built — or ``None`` when the outcome is
    not the catalogue's own (the engine decided it, or the claim is not from the catalogue)."""
    from clickbound.lemmas.engine.derivation import is_catalogue

    if isinstance(claim, ProcedureClaim):
        fn = function_name(claim.decide)
        return fn if is_catalogue(fn) else None
    if isinstance(claim, Claim) and claim.proof is not None and outcome.method == "derivation":
        fn = function_name(claim.proof)
        return fn if is_catalogue(fn) else None
    return None


def _argued_list(evidence) -> list:
    """The argued steps of ``evidence["proof"]``, each as ``{"step": …, "rests_on": …}``."""
    proof = evidence.get("proof") if isinstance(evidence, Mapping) else None
    out = []
    for s in (proof.get("steps", []) if isinstance(proof, Mapping) else []):
        if isinstance(s, Mapping) and _step_kind(s) == "argued":
            out.append({"step": str(s.get("step", "")), "rests_on": str(s.get("checked", ""))})
    return out


def catalogue_outcome(claim, outcome: Outcome) -> Outcome:
    """The catalogue's verdict rule, applied once to every outcome (here, before it becomes a Verdict).

    A catalogue proof (:func:`catalogue_builder`) is vouched for by ``"procedure: <module.function>"``;
    if its steps include argued ones (prose nothing checks, ``Derivation.argument``) the status is
    ``argued`` with ``evidence["argued"]`` listing them — unless ``clickbound.proofs.kernel_checked``
    returns a kernel proof of the claim that built and uses only the allowed axioms: then the status is
    ``proved``, vouched for by ``"kernel: coq <file>:<theorem>"``, the derivation kept in the evidence.
    Outcomes the engine decided itself keep ``"engine: <method>"``."""
    builder = catalogue_builder(claim, outcome)
    if builder is None:
        return outcome
    vouched = f"procedure: {builder}"
    if outcome.status != "proved" or not argued_steps(outcome.evidence):
        return dataclasses.replace(outcome, vouched_by=vouched)
    argued = _argued_list(outcome.evidence)
    evidence = dict(outcome.evidence)
    kp = _kernel_proof(claim.id)
    if kp is not None:
        evidence["kernel"] = {"file": kp.file, "theorem": kp.theorem, "statement": kp.statement,
                              "axioms": list(kp.axioms or ()),
                              "replaces_argued_steps": [a["step"] for a in argued]}
        return dataclasses.replace(outcome, evidence=evidence, vouched_by=kp.vouched_by)
    evidence["argued"] = argued
    n = len(argued)
    return Outcome("argued", outcome.method, evidence, outcome.counterexample,
                   tuple(outcome.notes) + (f"proved up to {n} argued step{'s' if n != 1 else ''} "
                                           f"(prose, not machine-checked)",),
                   scope=outcome.scope, scope_detail=outcome.scope_detail, vouched_by=vouched)


def _kernel_proof(claim_id: str):
    """A build-OK kernel proof of ``claim_id`` using only the allowed axioms, else ``None`` (also when
    no theorem is tagged with it, when ``coqc`` is missing, or with ``CLICKBOUND_KERNEL=0``)."""
    if not _kernel_enabled():
        return None
    from clickbound.proofs import kernel_checked

    try:
        if kernel_checked(claim_id, build=False) is None:  # no tagged theorem: no build needed
            return None
        kp = kernel_checked(claim_id)
    except Exception:  # noqa: BLE001 - a broken Coq setup leaves the sympy verdict standing
        return None
    return kp if kp is not None and kp.ok else None


def _verdict(claim, outcome: Outcome, elapsed: float, tried=()) -> Verdict:
    outcome = catalogue_outcome(claim, outcome)
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
