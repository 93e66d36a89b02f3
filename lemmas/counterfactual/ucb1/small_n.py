"""UCB1-BOUND at small T with zero Monte Carlo error (source ``002_3ec5ec57f55c1fdf.txt``).

UCB1 with the source's index ``μ̂_a + sqrt(α log t/(2T_a))`` (+∞ for an unplayed arm; ``sim.policies.
single_arm.UCB1``) on two *deterministic* arms ``μ = (1, 0)`` (Bernoulli(1) and Bernoulli(0)): after the
two unplayed arms are tried (a fair tie at t = 1, so E[R(1)] = 1/2), every choice is a comparison of two
reals, decided here at 50 digits with a certified margin (no tie occurs).  The regret is the number of
pulls of the bad arm (Δ = 1), exactly.

* ``UCB1-BOUND/as-printed[exact]`` — the printed ``R(T) ≤ 2Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1))`` at α = 100, every
  T ≤ 30: false from T = 23 on (the α dropped from the log term, ERR-UCB1-COUNT-ALPHA, is not only a gap
  in the derivation: the printed bound fails for UCB1);
* ``UCB1-BOUND/corrected[exact]`` — ``2Σ_{a≠1}(α log T/Δ_a + αΔ_a/(α−1))`` holds at every T ≤ 30.

The same numbers come out of the simulator's policy by the exact DP ``sim/exact_regret.py`` (instance
``ucb1-2arm-alpha100-deterministic``; the lemmas package may not import sim, so that comparison is the
test ``tests/sim/test_exact_regret.py``), which also shows α = 1000 on μ = (9/10, 1/10) exceeding the
printed bound from T = 27 on.

ERR-UCB1-BOUND-PRINTED-FALSE merged into ERR-UCB1-COUNT-ALPHA (errata review): both are the α dropped in
'T_{a,t} ≦ 2Δ_a^{−2} log(t)'; the exact counterexample UCB1-BOUND/as-printed[exact] (regret 9 > 8.29 at μ =
(1, 0), α = 100, T = 23) is now that erratum's evidence and makes it wrong-result.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.engine.require import require
from clickbound.lemmas.support.kit import Derivation, Outcome, claim_family, proved, refuted, source

SRC = source("counterfactual")
LOC = "リグレット上界の導出 (R(T) <= 2Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1)))"
ALPHA = Fraction(100)
HORIZON = 30
DPS = 50
#: a comparison closer than this at DPS digits would be undecided (raise, never guess)
MARGIN = mpmath.mpf(10) ** -30


def regret_path(alpha: Fraction = ALPHA, horizon: int = HORIZON) -> list[Fraction]:
    """Exact E[R(T)], T = 1..horizon, of UCB1 on μ = (1, 0) (see the module docstring)."""
    out = [Fraction(1, 2)]  # t = 1: both indices +∞, a fair tie; t = 2: the other arm
    n = [1, 1]
    if horizon >= 2:
        out.append(Fraction(1))
    with mpmath.workdps(DPS):
        a = mpmath.mpf(alpha.numerator) / alpha.denominator
        for t in range(3, horizon + 1):
            lt = mpmath.log(t)
            i0 = 1 + mpmath.sqrt(a * lt / (2 * n[0]))
            i1 = mpmath.sqrt(a * lt / (2 * n[1]))
            require(abs(i0 - i1) > MARGIN, f"index tie at t = {t}")
            n[1 if i1 > i0 else 0] += 1
            out.append(Fraction(n[1]))
    return out


def _bound(T: int, alpha: Fraction, corrected: bool):
    with mpmath.workdps(DPS):
        a = mpmath.mpf(alpha.numerator) / alpha.denominator
        lead = a if corrected else 1
        return 2 * (lead * mpmath.log(T) + a / (a - 1))  # one suboptimal arm, Δ = 1


def _decide(corrected: bool):
    def decide(budget_s: float) -> Outcome:
        reg = regret_path()
        rows = []
        for T, r in enumerate(reg, 1):
            b = _bound(T, ALPHA, corrected)
            with mpmath.workdps(DPS):
                diff = b - mpmath.mpf(r.numerator) / r.denominator
            require(abs(diff) > MARGIN, f"undecided at T = {T}")
            rows.append((T, r, b, diff))
        bad = [(T, r, b) for T, r, b, dd in rows if dd < 0]
        if bad:
            T, r, b = bad[0]
            return refuted("exact UCB1 path (50-digit comparisons, certified margins)", counterexample={
                "mu": "(1, 0)", "alpha": str(ALPHA), "T": T, "regret": str(r), "bound": mpmath.nstr(b, 15),
                "violated_at": [x[0] for x in bad]})
        d = Derivation(f"UCB1 on μ = (1, 0), α = {ALPHA}: E[R(T)] ≤ the corrected bound for T = 1..{HORIZON}")
        d.holds("every T: exact regret vs the bound at 50 digits", all(dd > 0 for *_, dd in rows),
                ", ".join(f"T={T}: {r} ≤ {mpmath.nstr(b, 6)}" for T, r, b, _ in rows[::5]))
        return proved(d.artefact(), method="exact UCB1 path", scope="instances",
                      scope_detail=f"μ = (1, 0), α = {ALPHA}, T = 1..{HORIZON}")
    return decide


@register
def ucb1_small_n_claims():
    exact = claim_family(spec_id="UCB1-BOUND", source=SRC.at(LOC), kind="upper bound")
    return [
        exact(id="UCB1-BOUND/as-printed[exact]", expected=False,
              statement_text=f"UCB1 (index μ̂ + sqrt(α log t/(2T))) on μ = (1, 0), α = {ALPHA}: E[R(T)] ≤ "
                             f"2(log T/Δ + αΔ/(α−1)) for every T ≤ {HORIZON} (as printed)",
              decide=_decide(False), description="exact path; fails from T = 23 (R = 9 > 8.29)"),
        exact(id="UCB1-BOUND/corrected[exact]", expected=True,
              statement_text=f"UCB1 on μ = (1, 0), α = {ALPHA}: E[R(T)] ≤ 2(α log T/Δ + αΔ/(α−1)) for every "
                             f"T ≤ {HORIZON} (corrected)",
              decide=_decide(True), description="exact path"),
    ]
