"""The deciding pipeline behind ``lemmas.check`` for :class:`~clickbound.lemmas.engine.claim.Claim`.

``decide_claim(claim, budget_s, seed)`` validates the claim
(:mod:`clickbound.lemmas.engine.validate`; ``ValueError`` for malformed claims,
``InfeasibleAssumptions`` when z3 proves that no point meets the assumptions) and runs
the methods cheapest first, each only where it applies, stopping at the first verdict:

0. ``cheap-refutation`` then ``derivation`` — only when ``claim.proof`` is given: the cheap
   refuters (corners, exact decision of small polynomial claims, a short property search;
   :mod:`clickbound.lemmas.engine.derivation`) run first, so no artefact saves a false claim.
   A returned :class:`~clickbound.lemmas.engine.claim.ProofArtefact` counts only when the
   engine has checked that its conclusion implies the statement on the claim's box
   (:mod:`clickbound.lemmas.engine.link`); an ``AssertionError`` is a failed step, recorded in
   ``notes``, never a proof.  A catalogue module's derivation then proves the claim (vouched
   by that function).  Any other derivation proves it only when every step is an object the
   engine checks (``Identity`` re-verified, ``Cites`` re-decided) and the conclusion is one
   of them; with argued (text) steps the remaining methods run, and only if none decides
   does the verdict become ``argued``, listing each argued step.
1. ``symbolic`` — identities by ``expand``/``simplify``; inequalities by sign
   certificates of the factors of ``g`` (Bernstein coefficients on the box, sympy
   assumptions).  Evidence: the artefact listing each factor and its certificate.
2. ``exact-decision`` — z3 ``QF_NRA`` on box ∧ assumptions ∧ ¬statement for polynomial
   claims with at most :data:`Z3_MAX_VARS` variables.  ``unsat`` proves the instance
   (evidence: solver, query size, time); ``sat`` gives a model rationalised and
   re-verified exactly (evidence: the model check).
3. ``property-search`` — box corners, then hypothesis with boundary values and
   ``x == y`` edges, exact screening.  Evidence: examples run, corners, time.
4. ``adversarial-search`` — multi-start SLSQP on the slack, snapped to rationals and
   re-verified exactly.  Evidence: starts run, best float slack, points snapped.

A proof is claimed only when (a) some point meets the assumptions (shown exactly), and (b)
the statement is defined at every such point (:mod:`clickbound.lemmas.engine.defined`,
certified once a method has found a proof); a statement defined nowhere on the feasible
set is a ``ValueError``.  An ``unsat`` that z3 and cvc5 disagree on is never a proof: it
is recorded under ``errors`` and the search goes on.

Every refutation's counterexample maps each of the claim's own symbols to a sympy ``Rational``, has
passed :func:`clickbound.lemmas.engine.exact.verify_counterexample` on the normal form and
:func:`clickbound.lemmas.engine.exact.refutes_as_written` on the claim as the user wrote it.  "survived" carries the
record of every method tried.  ``budget_s`` is a cap: each method does a fixed,
seed-determined amount of work and stops early when its share of the budget is spent
(then the evidence says ``stopped_early``, and the result may depend on machine speed).
"""
from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.adversarial import adversarial_search
from clickbound.lemmas.engine.claim import Outcome, ProofArtefact, function_name
from clickbound.lemmas.engine.decide import z3_decide, z3_feasible
from clickbound.lemmas.engine.defined import certify_defined, nowhere_defined
from clickbound.lemmas.engine.derivation import cheap_refutation, classify_steps, is_catalogue
from clickbound.lemmas.engine.exact import feasible_exact, refutes_as_written
from clickbound.lemmas.engine.link import check_link
from clickbound.lemmas.engine.property_search import Screen, property_search
from clickbound.lemmas.engine.sampling import Sampler
from clickbound.lemmas.engine.symbolic import symbolic_prove
from clickbound.lemmas.engine.validate import InfeasibleAssumptions, prepare
from clickbound.lemmas.engine.verdict import argued_steps

# z3 is tried on polynomial claims with at most this many variables (nlsat rarely
# finishes beyond; DCM lemmas at K=6 have 12-13 and would only burn the budget).
Z3_MAX_VARS = 8
# Budget fractions (cumulative deadlines) for the methods, and absolute caps in seconds.
# They reach past budget_s (the hard cap, lemmas/engine/check.py, is twice the budget): every
# method's work is bounded by its own limits (terms, boxes, examples, starts), and the deadlines
# only stop it when a slow or loaded machine would otherwise run into the cap, so the verdict
# depends on the work done, not on the machine's speed, unless the cap is reached.
SYMBOLIC_SHARE, Z3_SHARE, PROPERTY_SHARE, ADVERSARIAL_SHARE = 0.5, 0.7, 1.1, 1.6
Z3_MAX_S = 1.5
FEASIBILITY_MAX_S = 2.0
# Time for certifying that the statement is defined on the feasible set (once, at a proof).
DEFINEDNESS_MAX_S = 3.0
# Fixed amounts of search work (deterministic for a seed).
PROPERTY_EXAMPLES = 600
# ... but at most PROPERTY_WORK / n examples, so a run costs about the same for any n
# (hypothesis' drawing is ~linear in n).
PROPERTY_WORK = 2400
ADVERSARIAL_STARTS = 32
# Exact random points drawn to establish feasibility when z3 cannot.
FEASIBILITY_SAMPLES = 200


def _find_feasible_point(prep, sampler, seed):
    """A rational point of box ∧ assumptions found by sampling, or None."""
    screen = Screen(prep)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 1]))
    for _ in range(FEASIBILITY_SAMPLES):
        vals = []
        for i in range(prep.n):
            lo, hi = sampler.interval(i, vals)
            if lo > hi:
                break
            vals.append(lo + (hi - lo) * Fraction(int(rng.integers(0, 1025)), 1024))
        else:
            pt = dict(zip(prep.symbols, vals))
            if screen.feasible(vals) and feasible_exact(prep, pt):
                return pt
    return None


def _feasibility(prep, sampler, budget_s, seed):
    """``(known_feasible: bool, note)``; raises InfeasibleAssumptions when proven empty."""
    if not prep.assumptions:
        return True, None
    verdict, witness = None, None
    if prep.in_z3_fragment:
        verdict, witness = z3_feasible(prep, min(FEASIBILITY_MAX_S, 0.1 * budget_s))
        if verdict is False:
            raise InfeasibleAssumptions(
                "no point of the box satisfies the assumptions (z3 QF_NRA: unsat): "
                + ", ".join(str(a.original) for a in prep.assumptions))
        if witness is not None and feasible_exact(prep, witness):
            return True, None
    pt = _find_feasible_point(prep, sampler, seed)
    if pt is not None:
        return True, None
    how = "z3 undecided" if prep.in_z3_fragment else "assumptions are not polynomial"
    return False, (f"feasibility of the assumptions undecided ({how}) and no feasible point was found "
                   f"by {FEASIBILITY_SAMPLES} exact samples; no proof is claimed")


def decide_claim(claim, budget_s: float, seed: int = 0, progress=None):
    """Decide a :class:`Claim`; returns ``(Outcome, methods_tried)`` (see module docstring).

    ``progress(record)``, if given, is called with the search record after each method (the
    budget cap reports it when it has to stop the work)."""
    t0 = time.perf_counter()
    prep = prepare(claim)
    sampler = Sampler(prep)
    feasible, feas_note = _feasibility(prep, sampler, budget_s, seed)
    if feasible and prep.in_z3_fragment and nowhere_defined(prep, min(FEASIBILITY_MAX_S, 0.1 * budget_s)):
        raise ValueError(f"{claim.id}: the statement is undefined at every point of the box that meets "
                         f"the assumptions (a denominator vanishes or a root/log argument leaves its "
                         f"domain there; z3 and cvc5 agree)")
    notes: list[str] = [feas_note] if feas_note else []
    if not prep.rational_box:
        notes.append("irrational box bounds: proofs use an outer rational box, search an inner one")
    tried: list[str] = []
    record: dict = {}
    unclaimed_proof = None
    definedness: list = []  # [(answer, record)] once computed

    def report_progress():
        if progress is not None:
            progress({"methods_tried": list(tried), "record": record})

    def defined_everywhere():
        if not definedness:
            deadline = time.perf_counter() + min(DEFINEDNESS_MAX_S, max(0.5, 0.5 * budget_s))
            definedness.append(certify_defined(prep, deadline))
            record["definedness"] = definedness[0][1] | {"answer": definedness[0][0]}
        return definedness[0][0] == "defined"

    def proved(method, artefact_or_ev, extra=None, vouched=""):
        nonlocal unclaimed_proof
        ev = {"proof": artefact_or_ev.as_dict() if isinstance(artefact_or_ev, ProofArtefact) else artefact_or_ev}
        if extra:
            ev.update(extra)
        if not defined_everywhere():
            ans, rec = definedness[0]
            why = (f"the statement is undefined at a feasible point ({rec.get('broken')} at {rec.get('where')})"
                   if ans == "undefined" else "definedness on the feasible set not certified "
                   f"({rec.get('unknown_operations') or rec.get('uncertified') or rec.get('stopped')})")
            msg = f"{method} found a proof of the statement where it is defined, not claimed: {why}"
            if msg not in notes:
                notes.append(msg)
            return None
        ev["definedness"] = definedness[0][1]
        if not feasible:
            unclaimed_proof = (method, ev, vouched)
            return None
        return Outcome("proved", method, ev, None, tuple(notes), scope="all",
                       vouched_by=vouched or f"engine: {method}"), tuple(tried)

    def refuted(method, report, ev):
        """The refutation, once the counterexample is re-checked against the claim as the user
        wrote it; ``None`` (recorded as an error) when that re-check does not confirm it."""
        cex = prep.to_original(report.pop("counterexample"))
        why = refutes_as_written(claim, cex)
        if why is not None:
            msg = f"ERROR: {method} found {cex}, which the re-check on the claim as written rejects: {why}"
            notes.append(msg)
            record.setdefault("errors", []).append(msg)
            return None
        ev = dict(ev)
        ev["verification"] = report
        ev["recheck_as_written"] = "the counterexample refutes the claim as written (its own symbols, bounds, " \
                                   "assumptions and statement; exact or certified arithmetic)"
        earlier = {k: v for k, v in record.items() if k != method}
        if earlier:
            ev["earlier_methods"] = earlier
        return Outcome("refuted", method, ev, cex, tuple(notes), vouched_by=f"engine: {method}"), tuple(tried)

    # 0. the claim's own derivation: the engine's cheap refuters first (a supplied proof never
    # stops them), then the derivation, accepted only through a checked link to the statement
    argued_candidate = None
    if claim.proof is not None:
        tried.append("cheap-refutation")
        rep, ev, z3_proof = cheap_refutation(prep, sampler, budget_s, seed, t0)
        record["cheap-refutation"] = ev
        if rep is not None:
            out = refuted("cheap-refutation", rep, ev)
            if out:
                return out
        tried.append("derivation")
        origin = function_name(claim.proof)
        try:
            art = claim.proof()
        except AssertionError as exc:
            notes.append(f"derivation failed a step: {exc or 'AssertionError'}")
            record["derivation"] = {"result": "failed step", "error": str(exc)}
        except MemoryError:
            raise  # the memory cap's business (lemmas/engine/cap.py)
        except Exception as exc:  # noqa: BLE001 - the claim's own code failed: no proof, named in the notes
            notes.append(f"the derivation raised {type(exc).__name__}: {exc}; not used")
            record["derivation"] = {"result": "raised", "error": f"{type(exc).__name__}: {exc}"}
        else:
            if not isinstance(art, ProofArtefact):
                raise TypeError(f"{claim.id}: proof() must return a ProofArtefact, got {type(art).__name__}")
            linked, link = check_link(prep, art, t0 + SYMBOLIC_SHARE * budget_s)
            record["derivation"] = {"result": "linked" if linked else "not linked", "origin": origin, **link}
            if linked and is_catalogue(origin):
                # a catalogue derivation: its steps were checked by the catalogue code that built it
                argued = argued_steps({"proof": art.as_dict()})
                out = proved("derivation", art, link,
                             vouched=(f"argument: {argued} step{'s' if argued != 1 else ''}" if argued
                                      else f"procedure: {origin}"))
                if out:
                    return out
            elif linked:
                steps, argued, failed = classify_steps(prep, art, budget_s)
                proof_ev = art.as_dict() | {"steps": steps}
                record["derivation"]["step_kinds"] = {k: sum(1 for x in steps if x["kind"] == k)
                                                      for k in ("checked", "cited", "argued")}
                if failed:
                    notes.append(f"the derivation was not used: step {failed} does not check")
                    record["derivation"]["result"] = f"failed step: {failed}"
                elif not argued:
                    out = proved("derivation", proof_ev, link,
                                 vouched=f"engine: derivation ({len(steps)} checked step{'s' if len(steps) != 1 else ''})")
                    if out:
                        return out
                else:
                    argued_candidate = (proof_ev, link, argued)
                    notes.append(f"the derivation rests on {len(argued)} argued step(s) the engine did not "
                                 f"check; the engine's own methods were tried as well")
            else:
                notes.append(f"the derivation was not used: {link['link']}")
        if z3_proof is not None and argued_candidate is not None:
            out = proved("exact-decision", z3_proof)
            if out:
                return out
        report_progress()

    # 1. symbolic
    tried.append("symbolic")
    ts = time.perf_counter()
    art, ev = symbolic_prove(prep, t0 + SYMBOLIC_SHARE * budget_s)
    ev["time_s"] = round(time.perf_counter() - ts, 4)
    record["symbolic"] = ev
    if art is not None:
        out = proved("symbolic", art, {"time_s": ev["time_s"]})
        if out:
            return out
    report_progress()

    # 2. exact decision
    if prep.in_z3_fragment and prep.n <= Z3_MAX_VARS:
        tried.append("exact-decision")
        timeout = min(Z3_MAX_S, max(0.05, t0 + Z3_SHARE * budget_s - time.perf_counter()))
        status, ev, report = z3_decide(prep, timeout)
        record["exact-decision"] = ev
        if status == "proved":
            out = proved("exact-decision", ev)
            if out:
                return out
        elif status == "refuted":
            out = refuted("exact-decision", report, ev)
            if out:
                return out
        elif status == "disagreement":
            notes.append(f"ERROR: the exact solvers disagree, no proof claimed: {ev['error']}")
            record.setdefault("errors", []).append(ev["error"])
    else:
        record["exact-decision"] = {"skipped": "not polynomial" if not prep.in_z3_fragment
                                    else f"{prep.n} variables > Z3_MAX_VARS={Z3_MAX_VARS}"}

    # 3. property search
    tried.append("property-search")
    n_examples = min(PROPERTY_EXAMPLES, max(1, PROPERTY_WORK // max(1, prep.n)))
    report, ev = property_search(prep, sampler, n_examples,
                                 max(time.perf_counter(), t0 + PROPERTY_SHARE * budget_s), seed)
    record["property-search"] = ev
    report_progress()
    if report is not None:
        out = refuted("property-search", report, ev)
        if out:
            return out
    if unclaimed_proof is not None and "first_feasible_point" in ev:
        # a search example met every assumption: re-check it exactly, then the proof stands
        pt = {s: sp.Rational(v) for s, v in zip(prep.symbols, ev["first_feasible_point"].values())}
        if feasible_exact(prep, pt):
            feasible = True
            if feas_note in notes:
                notes.remove(feas_note)
            notes.append("assumptions shown feasible by a search example (re-checked exactly)")
            method, ev_proof, vouched = unclaimed_proof
            out = proved(method, ev_proof["proof"], {k: v for k, v in ev_proof.items() if k != "proof"}, vouched)
            if out:
                return out

    # 4. adversarial search
    tried.append("adversarial-search")
    report, ev = adversarial_search(prep, sampler, ADVERSARIAL_STARTS,
                                    max(time.perf_counter(), t0 + ADVERSARIAL_SHARE * budget_s), seed)
    record["adversarial-search"] = ev
    report_progress()
    if report is not None:
        out = refuted("adversarial-search", report, ev)
        if out:
            return out

    if unclaimed_proof is not None:
        notes.append(f"{unclaimed_proof[0]} found a proof, not claimed: feasibility undecided")
        record["unclaimed_proof"] = unclaimed_proof[1]
    ps, ad = record["property-search"], record["adversarial-search"]
    record["summary"] = (
        f"{ps.get('corners_checked', 0)} corners and {ps.get('examples_run', 0)} hypothesis examples "
        f"({ps.get('feasible_examples', 0)} feasible) checked exactly; {ad.get('starts_run', 0)} optimiser "
        f"starts, best float slack {ad.get('best_float_slack')}; seed {seed}; "
        f"{time.perf_counter() - t0:.2f} s for a budget of {budget_s} s")
    if any(isinstance(e, dict) and "stopped_early" in e for e in record.values()):
        record["summary"] += "; stopped early at the time cap"
    if ps.get("feasible_examples", 0) == 0 and prep.assumptions and not feasible:
        notes.append("no point meeting the assumptions was found by any search")
    if argued_candidate is not None:
        proof_ev, link, argued = argued_candidate
        stopped = [m for m in ("property-search", "adversarial-search")
                   if "stopped_early" in record[m] or record[m].get("stopped_at_deadline")]
        if not feasible:
            notes.append("the argued derivation is not claimed: feasibility undecided")
        elif stopped:
            notes.append(f"the argued derivation is not claimed: {' and '.join(stopped)} stopped early at the "
                         f"time cap (raise budget_s): an argued verdict needs the engine's full search first")
        elif defined_everywhere():
            ev = {"proof": proof_ev, **link, "argued": argued, "definedness": definedness[0][1],
                  "search": record}
            n = len(argued)
            return Outcome("argued", "derivation", ev, None, tuple(notes), scope="all",
                           vouched_by=f"argument: {n} step{'s' if n != 1 else ''}"), tuple(tried)
        else:
            notes.append("the argued derivation is not claimed: definedness on the feasible set not certified")
    return Outcome("survived", "search", record, None, tuple(notes), vouched_by="engine: search"), tuple(tried)
