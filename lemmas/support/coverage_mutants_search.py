"""The search behind :mod:`clickbound.lemmas.studies.coverage_mutants` and the record it writes.

:func:`search` walks a check's candidate instances (smallest first) for one where the mutant's exact coverage is
below its nominal level while the check's own bound holds; :data:`REGISTERED` asks the same of the registered
catalogue claim's *own* instance set.  ``python -m clickbound.lemmas.support.coverage_mutants_search`` writes
``lemmas/data/coverage_mutants.json`` (seed, code hash of the check and search code, date); the claims of
:mod:`clickbound.lemmas.studies.coverage_mutants` re-decide the stored instances exactly and do not run this search.
Sources ``002_3ec5ec57f55c1fdf.txt`` (CONC-*, UCB1-CI) and ``001_eb740855b56fcd8b.txt`` (OD-L1).
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import numpy as np

from clickbound.lemmas.counterfactual.concentration import basic as cb
from clickbound.lemmas.counterfactual.concentration import hoeffding as ch
from clickbound.lemmas.counterfactual.concentration import martingale as cm
from clickbound.lemmas.counterfactual.learning_theory import rademacher as cr
from clickbound.lemmas.counterfactual.ucb1 import confidence as ucr
from clickbound.lemmas.counterfactual.ucb1 import proof as up
from clickbound.lemmas.depth.lemma1 import hoeffding as od
from clickbound.lemmas.depth.lemma1 import oducb
from clickbound.lemmas.studies import coverage_mutants as cmu
from clickbound.lemmas.studies import repair_weakest as rw
from clickbound.lemmas.studies.coverage_mutants import (
    CHECKS,
    DATA,
    MUTANTS,
    ONE,
    SEED,
    CoverageCheck,
    F,
    _ci_eval,
    _odrep_eval,
    _oducb_candidates,
    _oducb_eval,
    _peel_candidates,
    _peel_eval,
    _union_eval,
)

# ---------------------------------------------------------------- the registered checks' own instances

def _rad_registered(which: int):
    def rejects(rs: Fraction, ds: Fraction) -> bool:
        for D, G, n, M in cr.instances():
            for d in cr.DELTAS:
                cov = cr.coverages(D, G, n, M, d, rs, ds)[which]
                if cov < 1 - (d / 2 if which == 0 else d):
                    return True
        return False
    return rejects


def _hoeffding_registered_instances():
    """The instance list ``concentration_hoeffding.decide_hoeffding`` builds (same seed, same draws)."""
    rng = np.random.default_rng(np.random.SeedSequence(ch.SEED + 1))
    out = [ch._draw_instance(rng) for _ in range(ch.N_INSTANCES)]
    out.append(([{F(0): F(1, 2), F(2): F(1, 2)}] * 100, [F(2)] * 100))
    return out


def _ucb_grid_rejects(rs, ds):
    return any(not _ci_eval({"mu": str(mu), "T": n, "t": t, "alpha": str(a)}, rs, ds)["holds"]
               for mu, n, t, a in up.CI_GRID)


def _odrep_grid_rejects(rs, ds):
    return any(not _odrep_eval({"t": t, "alpha": str(a), "theta": str(th)}, rs, ds)["holds"]
               for t, a, th in od.REFUTE_GRID + od.REPAIRED_GRID if a.denominator == 1 or a == Fraction(3, 2))


#: check id -> (radius_scale, delta_scale) -> does the *registered* check's own instance set reject the mutant?
#: (UCB1-CI/union-over-counts is a derivation whose only exact instance is UCB1-CI/random-count's α = 2, t = 300.)
REGISTERED: dict[str, Callable[[Fraction, Fraction], bool]] = {
    "CONC-RADEMACHER/bound-1": _rad_registered(0),
    "CONC-RADEMACHER/bound-2": _rad_registered(1),
    "CONC-RADEMACHER/bound-3": _rad_registered(2),
    "CONC-HOEFFDING": lambda rs, ds: any(ch.worst_violation(d, r, True, rs, ds) is not None
                                         for d, r in _hoeffding_registered_instances()),
    "CONC-AZUMA": lambda rs, ds: any(cm.tail_violation(cm.azuma_distribution(c, q), sum(x * x for x in c), rs, ds)
                                     is not None for c, q in cm.azuma_instances()),
    "CONC-MCDIARMID": lambda rs, ds: any(cm.mcdiarmid_check(f, d, rs, ds)[1] is not None
                                         for _, f, d in cm.mcdiarmid_instances()),
    "CONC-MARKOV": lambda rs, ds: any(cb.markov_violation(d, p, rs ** p / ds) is not None
                                      for d in cb._instances(1, lo=0) for p in (1, 2, 3)),
    "CONC-CHEBYSHEV": lambda rs, ds: any(cb.chebyshev_violation(d, rs * rs / ds) is not None for d in cb._instances(2)),
    "UCB1-CI": _ucb_grid_rejects,
    "UCB1-CI/union-over-counts": lambda rs, ds: not _union_eval({"alpha": "2", "t": 300, "theta": "1/2"}, rs, ds)["holds"],
    "OD-L1/repaired": _odrep_grid_rejects,
    "OD-L1/peeling-exact": lambda rs, ds: any(not _peel_eval(i, rs, ds)["holds"] for i in _peel_candidates()),
    "OD-L1/od-ucb-exact": lambda rs, ds: any(not _oducb_eval(i, rs, ds)["holds"] for i in _oducb_candidates()),
}


# ---------------------------------------------------------------- search and record

def search(check: CoverageCheck, mutant: str) -> dict:
    """First candidate (in the check's size order) where the mutant fails and the check's own bound holds;
    otherwise what was tried and the slack.  Deterministic."""
    rs, ds = MUTANTS[mutant]
    tried, slack_cov, slack_ratio, closest = 0, None, None, None
    for inst in check.candidates():
        tried += 1
        m = check.evaluate(inst, rs, ds)
        if not m["holds"]:
            if check.evaluate(inst, ONE, ONE)["holds"]:
                return {"rejected": True, "instance": inst, "size": check.size(inst), "tried": tried,
                        "space": check.space}
            continue
        exact = isinstance(m.get("nominal_failure"), Fraction)
        ratio = m["failure"] / m["nominal_failure"] if exact else m.get("ratio")
        if ratio is not None and (slack_ratio is None or ratio > slack_ratio):
            slack_ratio, closest = ratio, inst
            slack_cov = m["nominal_failure"] - m["failure"] if exact else None
    last = check.size(inst)
    return {"rejected": False, "tried": tried, "largest": last, "space": check.space, "closest": closest,
            "max_failure_over_nominal": None if slack_ratio is None else str(slack_ratio),
            "slack_at_closest": None if slack_cov is None else str(slack_cov)}


def code_hash() -> str:
    mods = (cmu, sys.modules[__name__], cb, ch, cm, cr, od, oducb, rw, ucr, up)
    h = hashlib.sha256()
    for m in mods:
        h.update(Path(m.__file__).read_bytes())
    return h.hexdigest()[:16]


def build_record() -> dict:
    h = code_hash()  # of the code the search runs
    rows = {c.id: {name: {**search(c, name), "registered_check_rejects": REGISTERED[c.id](*MUTANTS[name])}
                   for name in MUTANTS} for c in CHECKS}
    return {"meta": {"seed": SEED, "code_hash": h, "date": datetime.now(UTC).isoformat(),
                     "script": "python -m clickbound.lemmas.support.coverage_mutants_search"}, "checks": rows}




if __name__ == "__main__":  # pragma: no cover - writes the record (minutes)
    DATA.write_text(json.dumps(build_record(), indent=1, ensure_ascii=False, default=str) + "\n")
