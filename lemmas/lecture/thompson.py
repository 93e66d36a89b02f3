"""Thompson sampling as the lecture describes it versus the algorithm people run (source 003).

Source ``003_f899901a464da92a.txt``, "#OLD > Thompson sampling" (lines 356-361): "выбираем ручку, у которая
наибольшая вероятность дать максимумальный профит: ∫_{E(r|a,x,θ) = max} P(θ|D) dθ" — a *deterministic* rule
(play the arm whose posterior probability of being optimal is largest; TS-RULE/as-printed refutes reading it
as Thompson sampling).  Here both rules run on two Bernoulli arms with Beta(1, 1) priors and fixed means, and
their expected regret is computed exactly (rational backward/forward dynamic programming over posterior
states; ``P(θ_1 > θ_2)`` in closed form for integer Beta parameters).

* **TS-PRINTED/regret** (expected false) — the printed rule has the same expected regret as Thompson
  sampling: refuted exactly (the values differ from ``T = 2``).  Evidence on means (3/5, 2/5): for
  ``T ≤ 12`` the printed rule's regret is *smaller* (it exploits more), but it locks on the worse arm: with
  probability ``P_T`` arm 1 is pulled first, fails, and is never pulled again up to round ``T`` (the rule then
  plays arm 2 while its success rate stays above ≈ 0.293, where ``P(Beta(1,2) > θ_2) = E(1 − θ_2)² < 1/2``);
  ``P_T`` decreases to 0.0558 at ``T = 32`` (0.0541 at ``T = 64``, 0.05359 at ``T = 256``, computed once), so the printed rule's
  regret grows like ``≥ P_∞ · (1/5) · T`` if ``P_∞ = lim P_T > 0`` — exact values, not a proof of the limit.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import ProcedureClaim, refuted, source

SRC = source("lecture")
LOC = SRC.at("'#OLD > Thompson sampling' (lines 356-361)")
MEANS = (Fraction(3, 5), Fraction(2, 5))
T_MAX = 12


def _beta_fn(x: int, y: int) -> Fraction:
    return Fraction(factorial(x - 1) * factorial(y - 1), factorial(x + y - 1))


@cache
def p_greater(a1: int, b1: int, a2: int, b2: int) -> Fraction:
    """``P(X_2 > X_1)`` for independent ``X_i ~ Beta(a_i, b_i)``, integer parameters (exact)."""
    tot = Fraction(0)
    for i in range(a2):
        tot += _beta_fn(a1 + i, b1 + b2) / ((b2 + i) * _beta_fn(1 + i, b2) * _beta_fn(a1, b1))
    return tot


def _play_arm1(rule: str, s1, f1, s2, f2) -> Fraction:
    """Probability that the rule plays arm 1 in posterior state (s1, f1, s2, f2), Beta(1, 1) priors."""
    p1 = 1 - p_greater(1 + s1, 1 + f1, 1 + s2, 1 + f2)   # P(θ_1 > θ_2 | data)
    if rule == "ts":
        return p1
    if p1 > Fraction(1, 2):
        return Fraction(1)
    if p1 < Fraction(1, 2):
        return Fraction(0)
    return Fraction(1, 2)


def expected_regret(rule: str, T: int, means=MEANS) -> Fraction:
    """Exact ``E Σ_(t≤T) (μ* − μ_(a(t)))`` of ``rule`` ("ts" or "printed"), by forward propagation of state masses."""
    best = max(means)
    dist = {(0, 0, 0, 0): Fraction(1)}
    reg = Fraction(0)
    for _ in range(T):
        nxt: dict = {}
        for (s1, f1, s2, f2), mass in dist.items():
            q1 = _play_arm1(rule, s1, f1, s2, f2)
            for arm, q in ((0, q1), (1, 1 - q1)):
                if q == 0:
                    continue
                mu = means[arm]
                reg += mass * q * (best - mu)
                for succ, pr in ((1, mu), (0, 1 - mu)):
                    st = [s1, f1, s2, f2]
                    st[2 * arm + (0 if succ else 1)] += 1
                    key = tuple(st)
                    nxt[key] = nxt.get(key, Fraction(0)) + mass * q * pr
        dist = nxt
    return reg


def lock_in_probability(T: int, means=MEANS) -> Fraction:
    """Probability that the printed rule plays arm 1 at round 1, it fails, and arm 1 is never played again up to T."""
    # after the failure arm 1 is Beta(1, 2); the printed rule plays arm 2 while P(θ_1 > θ_2) < 1/2
    mass = {(0, 0): Fraction(1, 2) * (1 - means[0])}  # (s2, f2) after round 1
    for _ in range(T - 1):
        nxt: dict = {}
        for (s2, f2), m in mass.items():
            if _play_arm1("printed", 0, 1, s2, f2) != 0:
                continue  # arm 1 may be played again: not in the event
            for succ, pr in ((1, means[1]), (0, 1 - means[1])):
                key = (s2 + succ, f2 + 1 - succ)
                nxt[key] = nxt.get(key, Fraction(0)) + m * pr
        mass = nxt
    return sum(mass.values(), Fraction(0))


def _decide(budget_s):
    rows = {T: (expected_regret("printed", T), expected_regret("ts", T)) for T in range(1, T_MAX + 1)}
    diff_at = next(T for T, (a, b) in rows.items() if a != b)
    lock = {T: lock_in_probability(T) for T in (2, 4, 8, 16, 32)}
    return refuted("exact rational dynamic programming over posterior states",
                   counterexample={"T": diff_at, "R(T) printed": str(rows[diff_at][0]),
                                   "R(T) Thompson sampling": str(rows[diff_at][1])},
                   **{"means": [str(m) for m in MEANS], "prior": "Beta(1,1) on both arms",
                      "R(T) printed rule": {T: float(a) for T, (a, _) in rows.items()},
                      "R(T) Thompson sampling": {T: float(b) for T, (_, b) in rows.items()},
                      "lock-in probability (arm 1 pulled once, fails, never again up to T)":
                          {T: float(p) for T, p in lock.items()},
                      "lock-in event costs μ_1 − μ_2 = 1/5 per round it lasts": "so R(T) ≥ P_T·(T − 1)/5",
                      "printed rule below TS for every T ≤ T_MAX": all(a < b for T, (a, b) in rows.items() if T > 1)})


@register
def lecture_ts_claims():
    return [ProcedureClaim(
        id="TS-PRINTED/regret", spec_id=None, source=LOC, kind="identity", expected=False,
        statement_text="the printed rule (play the arm with the largest posterior probability of being optimal) has "
                       "the same expected regret as Thompson sampling (play each arm with that probability)",
        decide=_decide,
        description="Two Bernoulli arms (3/5, 2/5), Beta(1,1) priors: exact R(T) of both rules, T ≤ 12, and the "
                    "probability of the printed rule's lock-in on the worse arm.")]
