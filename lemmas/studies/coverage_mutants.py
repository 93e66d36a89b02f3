"""Coverage checks that can fail: every coverage-type check against its mutants.

"``CONC-RADEMACHER``'s coverage checks pass even when the confidence term is cut to a third: a
check that cannot fail on a wrong constant says nothing."  Every catalogue claim whose evidence is a
coverage probability or a tail bound ``P(deviation >= radius(δ)) <= δ`` is listed in :data:`CHECKS`, each
driven through *its own* code (the check function takes ``radius_scale`` / ``delta_scale``, default 1 =
the check itself).  Its three mutants (:data:`MUTANTS`):

* ``radius-half``, ``radius-third`` — the radius (the deviation / confidence term) divided by 2 and by 3;
  for a tail ``exp(−c ε²)`` this is the exponent times 4 and 9, for Markov/Chebyshev the bound times
  ``k^{−p}``; for a ``sqrt(α log t / n)`` band it is α/k²;
* ``delta-double`` — the radius computed at 2δ while the claimed level stays δ (the tail bound halved).

All checks here are exact (rational probabilities, ``exp_compare`` / certified arb or 50-digit mpmath
comparisons as in the check itself), so "rejected" means: an instance on which the mutant's exact coverage
is below its nominal level (the mutant bound is false there) while the check's own bound holds.
This module holds the checks, their mutants and the claims; the search (instances ordered by size) and the
record are in :mod:`clickbound.lemmas.support.coverage_mutants_search`, whose ``python -m`` writes
``lemmas/data/coverage_mutants.json`` (seed, code hash, date).  The claims ``<check>/mutant-<name>`` re-verify
the stored instance exactly through the check's own code and, for every check listed in
:data:`clickbound.lemmas.support.coverage_recheck.RECHECK` (all but UCB1-CI/union-over-counts and the OD-L1 checks), again
by a second route that shares none of it (enumerated laws, certified arb comparisons); a disagreement is an
error, never a verdict.  The search's ``REGISTERED`` asks the same of the registered check's *own*
instance set: before the coverage-mutant study CONC-RADEMACHER's instances rejected none of the nine
mutants of its three bounds, and UCB1-CI's grid (α >= 1) did not reject δ doubled; both now carry the
smallest rejecting instances found here (δ = 1/20 and two instances; α = 1/2).

A mutant that no instance rejects is a finding about the bound (it is loose by more than that factor on
everything searched), not a pass: :data:`LOOSE` lists them with why, the record keeps the sizes tried and
the *slack* (smallest coverage − nominal and largest failure probability / nominal failure probability
found), and those claims are registered ``expected=None`` (the mutant bound may well be true).

Not listed, because their evidence is a symbolic derivation rather than a coverage computation (a changed
constant breaks a sympy identity step, so they fail on it by construction): RAD-TAIL/mcdiarmid-inversion,
FIN-TAIL, UCBIDX-LEVEL, UCB1-SUM/peeling, RAD-LP/two-sided-repair (UCB1-CI/fixed-count and OD-L1/peeling are
derivations too; their exact counterparts UCB1-CI and OD-L1/peeling-exact are listed).
Expected-false claims (UCB1-CI/random-count, OD-L1/hoeffding-random-n, CONC-HOEFFDING-AS-PRINTED) already fail.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import mpmath
import numpy as np

from clickbound.lemmas.counterfactual.concentration import basic as cb
from clickbound.lemmas.counterfactual.concentration import hoeffding as ch
from clickbound.lemmas.counterfactual.concentration import martingale as cm
from clickbound.lemmas.counterfactual.learning_theory import rademacher as cr
from clickbound.lemmas.counterfactual.ucb1 import confidence as ucr
from clickbound.lemmas.counterfactual.ucb1 import proof as up
from clickbound.lemmas.depth.lemma1 import hoeffding as od
from clickbound.lemmas.depth.lemma1 import oducb
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.studies import repair_weakest as rw
from clickbound.lemmas.support.coverage_recheck import RECHECK
from clickbound.lemmas.support.kit import Outcome, ProcedureClaim, refuted, source, survived

DATA = Path(__file__).resolve().parent.parent / "data" / "coverage_mutants.json"
SEED = 20261122
ONE = Fraction(1)
#: name -> (radius_scale, delta_scale)
MUTANTS = {"radius-half": (Fraction(1, 2), ONE), "radius-third": (Fraction(1, 3), ONE),
           "delta-double": (ONE, Fraction(2))}
RAD_DELTAS = (Fraction(1, 20), Fraction(1, 4), Fraction(1, 2), Fraction(9, 10))


def F(*x) -> Fraction:
    return Fraction(*x)


def _res(holds: bool, value: Fraction, nominal: Fraction, **extra) -> dict:
    """``value`` is the exact failure probability (or tail), ``nominal`` the level it must not exceed."""
    return {"holds": bool(holds), "failure": value, "nominal_failure": nominal, **extra}


# ---------------------------------------------------------------- CONC-RADEMACHER (three bounds)

@lru_cache(maxsize=4096)
def _rad_cov(key: str, rs: Fraction, ds: Fraction):
    inst = json.loads(key)
    D, G = [F(x) for x in inst["D"]], [[F(v) for v in g] for g in inst["G"]]
    return cr.coverages(D, G, inst["n"], F(inst["M"]), F(inst["delta"]), rs, ds)


def _rad_eval(which: int):
    def ev(inst: dict, rs: Fraction, ds: Fraction) -> dict:
        cov = _rad_cov(json.dumps(inst, sort_keys=True), rs, ds)[which]
        d = F(inst["delta"])
        nominal = d / 2 if which == 0 else d  # bound 1 holds w.p. 1 − δ/2, bounds 2 and 3 w.p. 1 − δ
        return _res(1 - cov <= nominal, 1 - cov, nominal, coverage=cov)
    return ev


def _fr(xs) -> list[str]:
    return [str(x) for x in xs]


def _rad_candidates() -> Iterator[dict]:
    """Structured classes that make R̂_S swing (indicators, a zero function, the full cube), then seeded
    random classes with values in {0, 1/2, 1}; n grows slowest (the cost is 2^n per sample multiset)."""
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    one, zero, half = Fraction(1), Fraction(0), Fraction(1, 2)
    for n in range(1, 11):
        for nz in (2, 3):
            if nz == 3 and n > 6:
                continue
            fams = [[[one] + [zero] * (nz - 1)],
                    [[one] + [zero] * (nz - 1), [zero] * nz],
                    [[one] + [zero] * (nz - 1), [zero, one] + [zero] * (nz - 2)],
                    [[F(b) for b in bits] for bits in np.ndindex(*(2,) * nz)]]
            fams += [[[F(int(v), 2) for v in rng.integers(0, 3, size=nz)] for _ in range(int(rng.integers(1, 4)))]
                     for _ in range(3)]
            for p in (Fraction(1, 10), Fraction(1, 4), Fraction(2, 5), half, Fraction(3, 5), Fraction(3, 4),
                      Fraction(9, 10)):
                D = [p] + [(1 - p) / (nz - 1)] * (nz - 1)
                for G in fams:
                    for d in RAD_DELTAS:
                        yield {"D": _fr(D), "G": [_fr(g) for g in G], "n": n, "M": "1", "delta": str(d)}


def _rad_size(inst: dict) -> str:
    return f"n={inst['n']}, |Z|={len(inst['D'])}, |G|={len(inst['G'])}, δ={inst['delta']}"


# ---------------------------------------------------------------- CONC-HOEFFDING, AZUMA, MCDIARMID

def _bern(q: Fraction) -> dict:
    return {F(0): 1 - q, F(1): q} if 0 < q < 1 else {F(int(q)): F(1)}


def _hoeff_eval(inst, rs, ds):
    q, n = F(inst["q"]), inst["n"]
    bad = ch.worst_violation([_bern(q)] * n, [F(1)] * n, True, rs, ds)
    return {"holds": bad is None, "violation": None if bad is None else
            {"eps": bad[0], "tail": bad[1], "exponent": bad[2]}}


def _azuma_eval(inst, rs, ds):
    cs, qs = [F(c) for c in inst["c"]], [F(q) for q in inst["q"]]
    eps = cm.tail_violation(cm.azuma_distribution(cs, qs), sum(c * c for c in cs), rs, ds)
    return {"holds": eps is None, "violation": None if eps is None else {"eps": eps}}


_MCD_F = {"max": cm._maximum, "distinct": cm._distinct, "abs-sum": cm._abs_sum}


def _mcd_eval(inst, rs, ds):
    dist = {int(k): F(v) for k, v in inst["dist"].items()}
    cs, eps = cm.mcdiarmid_check(_MCD_F[inst["f"]], [dist] * inst["n"], rs, ds)
    return {"holds": eps is None, "c": cs, "violation": None if eps is None else {"eps": eps}}


_QS = (Fraction(1, 2), Fraction(1, 3), Fraction(1, 5), Fraction(1, 10), Fraction(2, 3))


def _hoeff_candidates():
    for n in range(1, 41):
        for q in _QS:
            yield {"n": n, "q": str(q)}


def _azuma_candidates():
    for n in range(1, 11):
        for q in _QS:
            yield {"c": ["1"] * n, "q": [str(q)]}


def _mcd_candidates():
    for n in range(1, 9):
        for f in ("max", "abs-sum", "distinct"):
            for q in _QS:
                yield {"f": f, "n": n, "dist": {"0": str(1 - q), "1": str(q)}}


# ---------------------------------------------------------------- CONC-MARKOV, CONC-CHEBYSHEV

def _markov_eval(inst, rs, ds):
    dist = {F(k): F(v) for k, v in inst["dist"].items()}
    p = inst["p"]
    bad = cb.markov_violation(dist, p, rs ** p / ds)  # P(X >= ε) <= E X^p/(ε/rs)^p · (1/ds)
    return {"holds": bad is None, "violation": None if bad is None else {"eps": bad[0]}}


def _cheb_eval(inst, rs, ds):
    dist = {F(k): F(v) for k, v in inst["dist"].items()}
    eps = cb.chebyshev_violation(dist, rs * rs / ds)
    return {"holds": eps is None, "violation": None if eps is None else {"eps": eps}}


def _markov_candidates():
    for p in (1, 2, 3):
        for q in _QS:
            yield {"p": p, "dist": {"0": str(1 - q), "1": str(q)}}


def _cheb_candidates():
    for q in _QS:
        yield {"dist": {"-1": str(q / 2), "0": str(1 - q), "1": str(q / 2)}}


# ---------------------------------------------------------------- UCB1-CI (fixed count), union over counts

def _pow_gt(prob: Fraction, t: int, e: Fraction) -> bool:
    """Exactly ``prob > t^{−e}`` for rational e = a/b > 0: ``prob^b · t^a > 1``."""
    return prob > 0 and prob ** e.denominator * Fraction(t) ** e.numerator > 1


def _ci_eval(inst, rs, ds):
    mu, n, t, a = F(inst["mu"]), inst["T"], inst["t"], F(inst["alpha"])
    tail = up.ci_tail(mu, n, t, a * rs * rs)  # radius sqrt(α log t/(2T)) · rs
    return _res(not _pow_gt(ds * tail, t, a), tail, f"t^(-{a})/{ds}",
                ratio=float(ds * tail) * float(t) ** float(a))


def _ci_candidates():
    """The check's own grid (α ∈ {1, 3/2, 2}), then small α: UCB1-CI/fixed-count states every α > 0."""
    for mu, n, tt, a in sorted(up.CI_GRID, key=lambda g: (g[1], g[2])):
        yield {"mu": str(mu), "T": n, "t": tt, "alpha": str(a)}
    for a in (Fraction(1, 2), Fraction(1, 4)):
        for n in (1, 2, 5, 10):
            for tt in (2, 3, 10):
                for mu in (Fraction(1, 2), Fraction(1, 3), Fraction(1, 10)):
                    yield {"mu": str(mu), "T": n, "t": tt, "alpha": str(a)}


def _union_eval(inst, rs, ds):
    a, t = F(inst["alpha"]), inst["t"]
    prob = ucr.random_count_instance(a * rs * rs, t, F(inst["theta"]))
    return _res(not _pow_gt(ds * prob, t, a - 1), prob, f"t^(1-{a})/{ds}",
                ratio=float(ds * prob) * float(t) ** float(a - 1))


def _union_candidates():
    for t in (2, 3, 5, 10, 20, 50, 100, 300):
        for a in (Fraction(3, 2), Fraction(2), Fraction(3)):
            yield {"alpha": str(a), "t": t, "theta": "1/2"}


# ---------------------------------------------------------------- OD-L1: repaired, peeling-exact, OD-UCB

def _odrep_eval(inst, rs, ds):
    t, a, th = inst["t"], F(inst["alpha"]), F(inst["theta"])
    prob = od.stop_rule_deviation_probability(t, a * rs * rs, th)
    bound = od.repaired_bound(t, a) / ds
    return _res(prob <= bound, prob, bound)


def _odrep_candidates():
    for t in (2, 3, 5, 10, 20, 50, 100, 300, 1000):
        for a in (ONE, Fraction(3, 2)):
            for th in (Fraction(1, 2), Fraction(1, 3), Fraction(1, 5)):
                yield {"t": t, "alpha": str(a), "theta": str(th)}


def _peel_eval(inst, rs, ds):
    t, a, eta, th = inst["t"], F(inst["alpha"]), F(inst["eta"]), F(inst["theta"])
    prob = od.stop_rule_deviation_probability(t, a * rs * rs, th)
    with mpmath.workdps(rw.DPS):
        margin = rw.peeling_bound_mp(t, a, eta) / (ds.numerator / mpmath.mpf(ds.denominator)) - (
            mpmath.mpf(prob.numerator) / prob.denominator)
        if abs(margin) < mpmath.mpf(10) ** -30:  # pragma: no cover - never met; refuse to guess
            raise ArithmeticError("peeling comparison undecided at 50 digits")
        prob_mp = mpmath.mpf(prob.numerator) / prob.denominator
        bound = margin + prob_mp
        return _res(margin > 0, prob, mpmath.nstr(bound, 20), ratio=float(prob_mp / bound))


def _peel_candidates():
    for a, eta, th, t in rw.EXACT_GRID:
        yield {"alpha": str(a), "eta": str(eta), "theta": str(th), "t": t}


def _oducb_eval(inst, rs, ds):
    theta, a, horizon = tuple(F(x) for x in inst["theta"]), F(inst["alpha"]), inst["horizon"]
    K, worst = len(theta), 0.0
    for t, bad in oducb.exact_bad_probabilities(theta, a, horizon, rs):
        worst = max(worst, float(ds * bad) / (2 * K * t ** (-2 * float(a))))  # for reading only
        # violation iff ds·Pr(E_t^c) − 2K t^{−2α} > 0, certified in arb as in the check itself
        if bad > 0 and oducb._sign(lambda bad=bad, t=t: oducb._q(ds * bad)
                                   - 2 * K * oducb.arb(t) ** (-2 * oducb._q(a))) > 0:
            return _res(False, bad, f"2K t^(-2α)/{ds}", t=t)
    return {"holds": True, "ratio": worst}


def _oducb_candidates():
    for theta, a in oducb.INSTANCES:
        yield {"theta": _fr(theta), "alpha": str(a), "horizon": oducb.HORIZON}


# ---------------------------------------------------------------- the list of coverage checks

@dataclass(frozen=True)
class CoverageCheck:
    """One coverage-type check: the catalogue claim(s) it decides, how to run it at a mutant, where to search."""

    id: str
    claims: tuple[str, ...]
    spec_id: str
    source: str
    statement: str  # with "radius" and "δ" the mutants act on
    evaluate: Callable[[dict, Fraction, Fraction], dict]
    candidates: Callable[[], Iterator[dict]]
    size: Callable[[dict], str] = lambda inst: json.dumps(inst, sort_keys=True)
    space: str = ""  # the candidate instances, in words (what "searched" covers)


S002 = source("counterfactual")
RAD_SPACE = ("M = 1; n = 1..10 with |Z| = 2 and n = 1..6 with |Z| = 3; classes: one indicator, indicator + zero, two "
             "disjoint indicators, the full {0,1}^Z cube, three seeded random classes with values in {0, 1/2, 1} per "
             "(n, |Z|); D(z_0) ∈ {1/10, 1/4, 2/5, 1/2, 3/5, 3/4, 9/10}, the rest uniform; δ ∈ {1/20, 1/4, 1/2, 9/10}")
S001 = source("depth")
CHECKS = (
    CoverageCheck("CONC-RADEMACHER/bound-1", ("CONC-RADEMACHER",), "CONC-RADEMACHER", S002.at(cr.LOC),
                  "R_n <= R̂_S + M r, r = sqrt(log(2/δ)/(2n)), w.p. >= 1 − δ/2", _rad_eval(0), _rad_candidates,
                  _rad_size, RAD_SPACE),
    CoverageCheck("CONC-RADEMACHER/bound-2", ("CONC-RADEMACHER",), "CONC-RADEMACHER", S002.at(cr.LOC),
                  "∀g: E g <= mean g + 2R̂_S + 3M r w.p. >= 1 − δ", _rad_eval(1), _rad_candidates, _rad_size,
                  RAD_SPACE),
    CoverageCheck("CONC-RADEMACHER/bound-3", ("CONC-RADEMACHER",), "CONC-RADEMACHER", S002.at(cr.LOC),
                  "R(ĥ) <= R(h*) + M sqrt((2/n) log(2|H|/δ)) w.p. >= 1 − δ", _rad_eval(2), _rad_candidates,
                  _rad_size, RAD_SPACE),
    CoverageCheck("CONC-HOEFFDING", ("CONC-HOEFFDING",), "CONC-HOEFFDING", S002.at(ch.LOC_INEQ),
                  "P(mean − E mean >= ε) <= exp(−2n²ε²/Σ(b_i − a_i)²) (radius ε(δ) = sqrt(Σ(b−a)² log(1/δ)/(2n²)))",
                  _hoeff_eval, _hoeff_candidates, space="n i.i.d. Bernoulli(q), n = 1..40, q ∈ {1/2, 1/3, 1/5, 1/10, 2/3}, every attained ε"),
    CoverageCheck("CONC-AZUMA", ("CONC-AZUMA",), "CONC-AZUMA", S002.at(cm.LOC_AZ),
                  "P(Σ V_i >= ε) <= exp(−2ε²/Σ c_i²)", _azuma_eval, _azuma_candidates, space="c_i = 1, q_i = q, n = 1..10, q as for Hoeffding, every attained ε"),
    CoverageCheck("CONC-MCDIARMID", ("CONC-MCDIARMID",), "CONC-MCDIARMID", S002.at(cm.LOC_MC),
                  "P(f − E f >= ε) <= exp(−2ε²/Σ c_i²)", _mcd_eval, _mcd_candidates, space="max, |sum − n/2|, distinct count of n = 1..8 Bernoulli(q); every attained ε"),
    CoverageCheck("CONC-MARKOV", ("CONC-MARKOV",), "CONC-MARKOV", S002.at(cb.LOC_M),
                  "P(X >= ε) <= E[X^p]/ε^p (radius (E X^p/δ)^(1/p)), p = 1, 2, 3", _markov_eval, _markov_candidates, space="two-point laws on {0, 1}, p = 1, 2, 3"),
    CoverageCheck("CONC-CHEBYSHEV", ("CONC-CHEBYSHEV",), "CONC-CHEBYSHEV", S002.at(cb.LOC_C),
                  "P(|Z − E Z| >= ε) <= V[Z]/ε² (radius sqrt(V/δ))", _cheb_eval, _cheb_candidates, space="symmetric laws on {−1, 0, 1}"),
    CoverageCheck("UCB1-CI", ("UCB1-CI", "UCB1-CI/fixed-count"), "UCB1-CI", S002.at(up.LOC_CI),
                  "fixed T: P(μ − μ̂_T >= sqrt(α log t/(2T))) <= t^{−α} (δ = t^{−α})", _ci_eval, _ci_candidates,
                  space="UCB1-CI's grid (μ ∈ {1/2, 1/10, 9/10, 1/3}, T = 1..120, t = 2..10^4, α ∈ {1, 3/2, 2}), then "
                        "α ∈ {1/2, 1/4}, T ∈ {1, 2, 5, 10}, t ∈ {2, 3, 10}, μ ∈ {1/2, 1/3, 1/10}"),
    CoverageCheck("UCB1-CI/union-over-counts", ("UCB1-CI/union-over-counts",), "UCB1-CI",
                  S002.at(ucr.LOC_PROOF), "data-dependent N <= t: P(μ − μ̂_N >= sqrt(α log t/(2N))) <= t^{1−α}",
                  _union_eval, _union_candidates, space="θ = 1/2, α ∈ {3/2, 2, 3}, t ∈ {2, …, 300}"),
    CoverageCheck("OD-L1/repaired", ("OD-L1/repaired",), "OD-L1", S001.at(od.LOC),
                  "any sampling rule: Pr(|θ̂(t) − θ| > sqrt(α log t/n(t))) <= 2 t^{1−2α}", _odrep_eval,
                  _odrep_candidates, space="α ∈ {1, 3/2}, θ ∈ {1/2, 1/3, 1/5}, t ∈ {2, …, 1000}"),
    CoverageCheck("OD-L1/peeling-exact", ("OD-L1/peeling-exact", "OD-L1/peeling"), "OD-L1", S001.at(rw.LOC_OD),
                  "Pr(|θ̂(t) − θ| > sqrt(α log t/n(t))) <= 2(⌊log t/log η⌋ + 1) t^{−2α/η}", _peel_eval,
                  _peel_candidates, space="OD-L1/peeling-exact's grid: (α, η) ∈ {(3/4, 5/4), (11/20, 21/20)}, "
                                          "θ = 1/2, t ∈ {100, 1000, 10^4}"),
    CoverageCheck("OD-L1/od-ucb-exact", ("OD-L1/od-ucb-exact",), "OD-L1", S001.at(oducb.LOC),
                  "OD-UCB: Pr(E_t^c) <= 2K t^{−2α}, E_t = {∀i: |θ̂_i − θ_i| <= sqrt(α log t/n_i)}", _oducb_eval,
                  _oducb_candidates, space="OD-L1/od-ucb-exact's four (θ, α), K = 2, one slot, t = 1..32"),
)
BY_ID = {c.id: c for c in CHECKS}

#: (check, mutant) pairs no searched instance rejects, with the reason the bound is loose there.
LOOSE = {
    ("CONC-RADEMACHER/bound-1", "radius-half"):
        "largest failure probability found is 2/3 of δ/2 (n = 1); the radius comes from McDiarmid with c_i = M/n "
        "for R̂_S, which these classes do not attain (not proved in general)",
    ("CONC-RADEMACHER/bound-2", "radius-half"):
        "for a one-function class (R̂_S = 0) even M r >= M sqrt(log(1/δ)/(2n)), Hoeffding's one-sided radius, "
        "covers; on the richer classes searched 2R̂_S absorbs the rest (largest failure 16/225 of δ)",
    ("CONC-RADEMACHER/bound-2", "radius-third"):
        "3M r/3 = M r >= Hoeffding's one-sided radius M sqrt(log(1/δ)/(2n)), so one-function classes cannot "
        "fail; largest failure found 1/3 of δ",
    ("CONC-RADEMACHER/bound-2", "delta-double"): "3M sqrt(log(1/δ)/(2n)) still exceeds Hoeffding's radius; "
                                                 "largest failure found 1/3 of δ",
    ("CONC-RADEMACHER/bound-3", "delta-double"):
        "the union bound over 2|H| one-sided events is loose for |H| = 2 (heuristic: the normal tail at "
        "M sqrt((2/n) log(2/δ)) is below δ/4); largest failure found ≈ 0.126 of δ",
    ("UCB1-CI/union-over-counts", "delta-double"):
        "the union over the t possible counts: the worst stopping rule's exact probability is at most 0.07 of "
        "t^{1−α} on the grid (largest at t = 5), smaller still at large t (OD-L1/peeling)",
    ("OD-L1/repaired", "delta-double"): "the same union bound over n <= t: worst stopping rule at most 1/9 of "
                                        "2t^{1−2α} (at t = 2), smaller at large t (OD-L1/peeling)",
    ("OD-L1/peeling-exact", "delta-double"): "the peeling bound is 75–160 times the exact supremum on its grid",
    ("OD-L1/od-ucb-exact", "delta-double"): "the union over the K items and the two tails is loose: worst "
                                            "Pr(E_t^c)/(2K t^{−2α}) = 1/4, at t = 1",
}


@lru_cache(maxsize=1)
def record() -> dict:
    return json.loads(DATA.read_text())


# ---------------------------------------------------------------- claims

def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return str(x) if isinstance(x, Fraction) else x


def _recheck(check_id: str, inst: dict, rs: Fraction, ds: Fraction) -> str | None:
    """The second route's verdict on a stored counterexample (None: no second route for this check)."""
    fn = RECHECK.get(check_id)
    got = None if fn is None else fn(inst, rs, ds)
    if got is None:
        return None
    mutant_fails, check_holds = got
    if not (mutant_fails and check_holds):
        raise ValueError(f"independent re-check disagrees on {check_id} at {inst}: mutant fails {mutant_fails}, "
                         f"check holds {check_holds}")
    return f"{RECHECK[check_id].__module__}.{RECHECK[check_id].__name__}: the mutant fails and the check holds"


def verify(check_id: str, mutant: str) -> Outcome:
    """Re-decide one (check, mutant) pair from the record, exactly."""
    c, row = BY_ID[check_id], record()["checks"][check_id][mutant]
    rs, ds = MUTANTS[mutant]
    if row["rejected"]:
        inst = row["instance"]
        m, orig = c.evaluate(inst, rs, ds), c.evaluate(inst, ONE, ONE)
        if m["holds"] or not orig["holds"]:
            raise ValueError(f"stale record {DATA.name}: {check_id} × {mutant} no longer separates "
                             f"(mutant holds: {m['holds']}, check holds: {orig['holds']})")
        again = _recheck(check_id, inst, rs, ds)
        return refuted("exact (the check's own code at radius_scale/delta_scale)"
                       + ("" if again is None else "; re-checked independently (math.comb laws, arb comparisons)"),
                       counterexample={"instance": inst, "size": row["size"], "mutant": _jsonable(m)},
                       check_itself_at_instance=_jsonable(orig), radius_scale=str(rs),
                       independent_recheck=again or "none written for this check (own code only)",
                       registered_check_rejects=row["registered_check_rejects"],
                       delta_scale=str(ds), record=f"lemmas/data/{DATA.name}")
    return survived("exact search over the check's instances, none rejects the mutant",
                    searched=row["tried"], space=row["space"], largest=row["largest"],
                    max_failure_over_nominal=row["max_failure_over_nominal"],
                    slack_at_closest=row["slack_at_closest"], closest=row["closest"],
                    why_loose=LOOSE.get((check_id, mutant), ""), record=f"lemmas/data/{DATA.name}",
                    registered_check_rejects=row["registered_check_rejects"])


@register
def claims():
    out = []
    for c in CHECKS:
        for name, (rs, ds) in MUTANTS.items():
            loose = (c.id, name) in LOOSE
            out.append(ProcedureClaim(
                id=f"{c.id}/mutant-{name}", spec_id=c.spec_id, source=c.source, kind="upper bound",
                expected=None if loose else False,
                statement_text=f"mutant of {c.id} (radius × {rs}, δ × {ds} inside the radius): {c.statement}",
                decide=lambda b, cid=c.id, name=name: verify(cid, name),
                description=("the check detects this mutant: an exact instance where the mutant fails and the "
                             "bound holds" if not loose else
                             f"no instance searched rejects this mutant: the bound is loose ({LOOSE[(c.id, name)]})")))
    return out

