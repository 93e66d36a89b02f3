"""OD-SECOND-BEST: the second-best ranking a** and its gap Δ_{a**} (source 001, 3.5).

Source ``001_eb740855b56fcd8b.txt``, 3.5 最適ランキングとリグレット:
``a** = max_{a ∈ A, E[r(a)] < E[r(a*)]} E[r(a)]`` — a ranking set equal to a number (max for argmax);
Theorem 1 uses ``Δ_{a**} = E[r(a*)] − E[r(a**)]``, i.e. the smallest positive gap.
(Source letters: K items, L slots.)

* **OD-SECOND-BEST/exists-as-printed** (expected false): the set ``{a : E[r(a)] < E[r(a*)]}`` is never
  empty.  With as many items as slots and every slot always seen (P = (1, 1)) every ranking is optimal,
  so a** and the ``L/Δ_{a**}`` of Theorem 1 are undefined.
* **OD-SECOND-BEST/min-positive-gap** (checked on drawn instances): reading argmax, ``Δ_{a**}`` is the
  least positive ``Σ_j P_j(θ_(j) − θ_{a_j})``; with ``θ_(1) > … > θ_(L+1)`` it equals
  ``min_j {(P_j − P_{j+1})(θ_(j) − θ_(j+1)) > 0}`` (``P_{L+1} = 0``), the closed form
  ``bounds.depth.second_best_gap`` uses.  Exact enumeration of every ranking in rationals.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np

from clickbound.bounds.click import depth_reward
from clickbound.bounds.depth import second_best_gap
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.kit import Outcome, checked, claim_family, refuted, source, survived

SRC = source("depth")
LOC = "3.5 最適ランキングとリグレット (a** の定義)"
SEED = 20011122
N_INSTANCES = 30
#: bounds.depth works in floats; agreement with the exact rational gap up to double rounding
FLOAT_REL_TOL = 1e-9


def gaps(theta, P):
    """Every gap Δ_a (exact) over the rankings of len(P) of the items."""
    best = depth_reward(sorted(range(len(theta)), key=lambda i: -theta[i])[:len(P)], theta, P)
    return {a: best - depth_reward(list(a), theta, P) for a in itertools.permutations(range(len(theta)), len(P))}


def closed_form(theta, P):
    th = sorted(theta, reverse=True)
    Pn = list(P) + [Fraction(0)]
    terms = [(Pn[j] - Pn[j + 1]) * (th[j] - th[j + 1]) for j in range(min(len(P), len(th) - 1))]
    pos = [x for x in terms if x > 0]
    return min(pos) if pos else None


def draw(rng):
    n_items = int(rng.integers(2, 7))
    n_slots = int(rng.integers(1, min(n_items, 4) + 1))
    theta = [Fraction(int(x), 97) for x in rng.choice(np.arange(1, 97), size=n_items, replace=False)]
    steps = sorted((Fraction(int(x), 20) for x in rng.integers(1, 21, size=n_slots - 1)), reverse=True)
    return theta, [Fraction(1)] + steps


def decide_exists(budget_s: float) -> Outcome:
    theta, P = [Fraction(1, 2), Fraction(1, 3)], [Fraction(1), Fraction(1)]
    g = gaps(theta, P)
    if any(x > 0 for x in g.values()):
        return survived("exact enumeration", gaps={str(k): str(v) for k, v in g.items()})
    return refuted("exact enumeration of every ranking",
                   counterexample={"items": 2, "slots": 2, "theta": tuple(theta), "P": tuple(P),
                                   "gaps": {str(k): v for k, v in g.items()}},
                   note="every ranking has Δ_a = 0: no a with E[r(a)] < E[r(a*)]")


def decide_min_gap(budget_s: float) -> Outcome:
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    rows = []
    for _ in range(N_INSTANCES):
        theta, P = draw(rng)
        pos = [x for x in gaps(theta, P).values() if x > 0]
        exact = min(pos) if pos else None
        cf = closed_form(theta, P)
        flt = None
        if exact is not None:
            flt = second_best_gap([float(x) for x in theta], [float(x) for x in P])
        ok = exact == cf and (exact is None or abs(flt - float(exact)) <= FLOAT_REL_TOL * float(exact))
        rows.append({"items": len(theta), "slots": len(P), "min positive gap": str(exact), "closed form": str(cf),
                     "bounds.depth": flt})
        if not ok:
            return refuted("exact enumeration", counterexample={"theta": tuple(theta), "P": tuple(P), "exact": exact,
                                                                "closed form": cf, "bounds.depth": flt})
    return checked("exact enumeration of every ranking (rationals)", rows=rows,
                   sample=f"{N_INSTANCES} drawn instances with distinct θ, 2–6 items, 1–4 slots (seed {SEED})")


@register
def claims():
    claim = claim_family(spec_id="OD-T1", source=SRC.at(LOC))
    yield claim(
        id="OD-SECOND-BEST/exists-as-printed", kind="computation", expected=False,
        statement_text="for every instance some ranking a has E[r(a)] < E[r(a*)] (so a** and Δ_{a**} exist)",
        decide=decide_exists, description="2 items, 2 slots, P = (1, 1): every ranking is optimal")
    yield claim(
        id="OD-SECOND-BEST/min-positive-gap", kind="identity", expected=True,
        statement_text="Δ_{a**} (argmax reading) = least positive Δ_a = min_j {(P_j − P_{j+1})(θ_(j) − θ_(j+1)) > 0} "
                       "for distinct θ; bounds.depth.second_best_gap agrees",
        decide=decide_min_gap, description="exact enumeration on drawn instances")


register_erratum(Erratum(
    id="ERR-OD-SECOND-BEST-DEF", spec_id="OD-T1", source_file=SRC.file, location=LOC,
    source_says="a** = max_{a ∈ A, E[r(a)] < E[r(a*)]} E[r(a)] (2 番目に最適なランキング)",
    truth="max gives a number, not a ranking: meant is argmax, so Δ_{a**} = the least positive gap "
          "(= min_j {(P_j − P_{j+1})(θ_(j) − θ_(j+1)) > 0} for distinct θ); and the set can be empty (as many "
          "items as slots, P = (1, 1): every ranking optimal), leaving a** and Theorem 1's L/Δ_{a**} undefined",
    evidence_claims=("OD-SECOND-BEST/exists-as-printed", "OD-SECOND-BEST/min-positive-gap"),
    conclusion_survives="yes, reading argmax and assuming some ranking is suboptimal (otherwise Reg(T) = 0 and "
                        "Theorem 1 is vacuous)",
    severity="notation", quotes=(
        r"$$\mathbf{a}^{**} = \max_{\mathbf{a} \in \mathcal{A}, \mathbb{E}[r(\mathbf{a})] < \mathbb{E}[r(\mathbf{a}^*)]} \mathbb{E}[r(\mathbf{a})]$$",
    )))
