"""A claim's own derivation (``Claim(proof=...)``) is checked, not trusted.

* **Cheap refutation first** (:func:`cheap_refutation`): before any artefact is looked at, the
  engine's cheap refuters run — box corners (repaired onto linear assumptions), the exact
  decision (z3, confirmed by cvc5) for polynomial claims in at most
  :data:`CHEAP_Z3_MAX_VARS` variables, and a short property search.  A false claim comes out
  refuted whatever proof comes with it.
* **Steps are classified** (:func:`classify_steps`): a step whose checked object is an
  :class:`~clickbound.lemmas.engine.claim.Identity` is re-verified by the engine (``expand`` /
  ``simplify`` of ``lhs - rhs`` is 0: *checked*); a :class:`~clickbound.lemmas.engine.claim.Cites`
  step names a registered claim that the engine re-decides (*cited* when it comes out proved on
  no argued step); any other step is text the engine cannot check (*argued*).  The inference
  from the steps to the conclusion is itself an argued step unless the conclusion is one of the
  checked identities.  Only a derivation with no argued step can make a verdict "proved"; one
  with argued steps gives "argued" (each argued step listed in the evidence), and only when the
  engine's own methods neither prove nor refute the claim.
* Derivations built by the catalogue's own modules (``clickbound.lemmas.<module>``, any module
  of the package outside the engine: :func:`is_catalogue`) keep their verdicts: their steps were checked by the catalogue code
  that built them; ``vouched_by`` names that function, or the number of "(argument)" steps.
"""
from __future__ import annotations

import time

import numpy as np
import sympy as sp

from clickbound.lemmas.engine.claim import Cites, Identity
from clickbound.lemmas.engine.decide import z3_decide
from clickbound.lemmas.engine.property_search import Screen, corner_phase, hypothesis_phase

#: the cheap refuters take at most this share of the budget ... (each phase)
CHEAP_SHARE = 0.15
#: ... and at most this many seconds (each phase)
CHEAP_MAX_S = 1.0
#: box corners checked (all of them up to log2 of this many variables, else the all-lo, the
#: all-hi and random ones)
CHEAP_CORNERS = 64
#: exact decision among the cheap refuters only for polynomial claims this small
CHEAP_Z3_MAX_VARS = 4
CHEAP_Z3_MAX_S = 1.0
#: hypothesis examples of the short property search
CHEAP_EXAMPLES = 60
#: ... but the short property search may always take this long (its examples are few and fixed)
CHEAP_MIN_SEARCH_S = 0.4
#: an Identity step is simplified only when it has at most this many operations
IDENTITY_SIMPLIFY_MAX_OPS = 400
#: budget for re-deciding a cited catalogue claim
CITED_BUDGET_S = 10.0


def is_catalogue(origin: str) -> bool:
    """``origin`` (``module.qualname``) is a function of the project's own catalogue code: any
    module of the ``clickbound`` package outside the engine (so catalogue modules keep their
    verdicts wherever they move inside the package)."""
    return origin.startswith("clickbound.") and not origin.startswith("clickbound.lemmas.engine.")


def cheap_refutation(prep, sampler, budget_s, seed, t0):
    """``(report | None, evidence, z3_proof_evidence | None)`` from the cheap refuters."""
    share = min(CHEAP_SHARE * budget_s, CHEAP_MAX_S)
    screen = Screen(prep, floats=False)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 5]))
    ts = time.perf_counter()
    rep, n = corner_phase(prep, sampler, screen, ts + share, rng, max_corners=CHEAP_CORNERS)
    ev = {"corners_checked": n}
    if rep is not None:
        ev |= {"phase": "corners", "time_s": round(time.perf_counter() - ts, 4)}
        return rep, ev, None
    z3_proof = None
    if prep.in_z3_fragment and prep.n <= CHEAP_Z3_MAX_VARS:
        status, zev, zrep = z3_decide(prep, min(CHEAP_Z3_MAX_S, max(0.05, CHEAP_SHARE * budget_s)))
        ev["exact_decision"] = zev
        if status == "refuted":
            ev |= {"phase": "exact decision", "time_s": round(time.perf_counter() - ts, 4)}
            return zrep, ev, None
        if status == "proved":
            z3_proof = zev
    rep, stats = hypothesis_phase(prep, sampler, screen, CHEAP_EXAMPLES,
                                  time.perf_counter() + max(share, CHEAP_MIN_SEARCH_S), seed)
    ev["property_search"] = {k: v for k, v in stats.items() if k != "first_feasible_point"}
    ev["time_s"] = round(time.perf_counter() - ts, 4)
    if rep is not None:
        ev["phase"] = "hypothesis (shrunk)"
    return rep, ev, z3_proof


def check_identity(step: Identity):
    """``(ok, how)``: ``lhs - rhs`` expands (or simplifies) to 0."""
    try:
        diff = sp.sympify(step.lhs) - sp.sympify(step.rhs)
    except (sp.SympifyError, TypeError) as exc:
        return False, f"not expressions: {exc}"
    if not isinstance(diff, sp.Expr):
        return False, "not expressions"
    if sp.expand(diff) == 0:
        return True, "expand(lhs - rhs) == 0"
    if sp.count_ops(diff) <= IDENTITY_SIMPLIFY_MAX_OPS and sp.simplify(diff) == 0:
        return True, "simplify(lhs - rhs) == 0"
    return False, "lhs - rhs does not expand or simplify to 0"


def recheck_cited(claim_id: str, budget_s: float):
    """``(ok, how)``: the registered claim ``claim_id`` comes out proved, on no argued step."""
    from clickbound.lemmas.engine.check import check
    from clickbound.lemmas.engine.registry import get

    try:
        cited = get(claim_id)
    except KeyError as exc:
        return False, str(exc)
    v = check(cited, budget_s=min(budget_s, CITED_BUDGET_S))
    if v.status == "proved" and v.argued_steps == 0 and not v.vouched_by.startswith("argument"):
        return True, f"re-decided: proved ({v.vouched_by})"
    return False, f"re-decided: {v.status} ({v.vouched_by})"


def _same_relation(a, b) -> bool:
    """Two equations with the same ``lhs - rhs`` up to sign."""
    da, db = a.lhs - a.rhs, b.lhs - b.rhs
    return sp.expand(da - db) == 0 or sp.expand(da + db) == 0


def classify_steps(prep, artefact, budget_s):
    """``(steps, argued, failed)``: each step as ``{"step", "checked", "kind"}``, the argued steps'
    texts, and the description of a checked step that failed (else ``None``)."""
    steps, argued, identities = [], [], []
    for d, c in artefact.steps:
        if isinstance(c, Identity):
            ok, how = check_identity(c)
            if not ok:
                return steps, argued, f"{d!r} ({c.text()}: {how})"
            steps.append({"step": d, "checked": f"{c.text()} [{how}]", "kind": "checked"})
            identities.append(sp.Eq(sp.sympify(c.lhs), sp.sympify(c.rhs), evaluate=False))
        elif isinstance(c, Cites):
            ok, how = recheck_cited(c.claim_id, budget_s)
            steps.append({"step": d, "checked": f"{c.text()} [{how}]", "kind": "cited" if ok else "argued"})
            if not ok:
                argued.append(f"{d}: {c.text()} [{how}]")
        else:
            steps.append({"step": d, "checked": str(c), "kind": "argued"})
            argued.append(f"{d}: {c}")
    conc = artefact.conclusion
    concluded = isinstance(conc, sp.Eq) and any(_same_relation(conc, i) for i in identities)
    if not concluded:
        text = "(inference) the conclusion follows from the steps above"
        steps.append({"step": text, "checked": f"conclusion {sp.sstr(conc)}: not machine-checked",
                      "kind": "argued"})
        argued.append(f"{text}: {sp.sstr(conc)}")
    return steps, argued, None
