"""Jensen, Markov and Chebyshev (CONC-JENSEN, CONC-MARKOV, CONC-CHEBYSHEV).

Source: ``002_3ec5ec57f55c1fdf.txt``, 有用な確率不等式のまとめ, sections "Jensen's inequality"
and "Markov's inequality / Chebyshev's inequality".

Each is checked exactly (Fractions) on finite distributions drawn from a fixed
``SeedSequence``; for step-function tails only the attained thresholds matter (the
tail ``P(X >= ε)`` is constant between support points while the bound decreases in ε),
so every attained ε is checked, which makes each instance an exhaustive check.
Verdict: survived (finite evidence, no general proof claimed here).
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.exact_prob import mean, tail_ge, validate_dist, variance
from clickbound.lemmas.support.kit import Outcome, ProcedureClaim, refuted, source, survived

SRC = source("counterfactual")
LOC_J = "有用な確率不等式のまとめ > Jensen's inequality"
LOC_M = "有用な確率不等式のまとめ > Markov's inequality / Chebyshev's inequality (Marcov's Inequality)"
LOC_C = "有用な確率不等式のまとめ > Markov's inequality / Chebyshev's inequality (Chebyshev's inequality)"
SEED = 20021121
N_INSTANCES = 60


def draw_distribution(rng: np.random.Generator, lo: int = -8, hi: int = 9, max_support: int = 6) -> dict:
    """A random finite distribution with rational values in [lo, hi) and rational probabilities."""
    m = int(rng.integers(1, max_support + 1))
    w = [int(x) for x in rng.integers(1, 10, size=m)]
    vals = [Fraction(int(x), int(rng.integers(1, 4))) for x in rng.integers(lo, hi, size=m)]
    d: dict = {}
    for v, wi in zip(vals, w):
        d[v] = d.get(v, Fraction(0)) + Fraction(wi, sum(w))
    return validate_dist(d)


# Convex functions with rational values at rational points (so every comparison is exact).
CONVEX: dict[str, Callable[[Fraction], Fraction]] = {
    "x^2": lambda x: x * x,
    "x^4 - 3x": lambda x: x ** 4 - 3 * x,
    "|x - 1/2|": lambda x: abs(x - Fraction(1, 2)),
    "max(0, x - 1)": lambda x: max(Fraction(0), x - 1),
    "max(2x, -x, 1)": lambda x: max(2 * x, -x, Fraction(1)),
}


def jensen_gap(f: Callable, dist: dict) -> Fraction:
    """``E f(X) − f(E X)`` (>= 0 by Jensen for convex f)."""
    return sum(p * f(v) for v, p in dist.items()) - f(mean(dist))


def markov_violation(dist: dict, p: int, factor: Fraction = Fraction(1)) -> tuple | None:
    """First attained ε > 0 with ``P(X >= ε) > factor·E[X^p]/ε^p`` (X >= 0), else None.

    ``factor`` < 1 gives deliberately wrong variants (tests use them to show the check can fail).
    """
    if min(dist) < 0:
        raise ValueError(f"dist must be non-negative for Markov, got min value {min(dist)}")
    moment = factor * sum(pr * v ** p for v, pr in dist.items())
    for eps in sorted(v for v in dist if v > 0):
        if tail_ge(dist, eps) * eps ** p > moment:
            return eps, p
    return None


def chebyshev_violation(dist: dict, factor: Fraction = Fraction(1)) -> Fraction | None:
    """First attained ε > 0 with ``P(|Z − EZ| >= ε) > factor·Var Z / ε²``, else None."""
    mu, var = mean(dist), factor * variance(dist)
    dev: dict = {}
    for v, pr in dist.items():
        dev[abs(v - mu)] = dev.get(abs(v - mu), Fraction(0)) + pr
    for eps in sorted(e for e in dev if e > 0):
        if tail_ge(dev, eps) * eps * eps > var:
            return eps
    return None


def _instances(offset: int, **kw):
    rng = np.random.default_rng(np.random.SeedSequence(SEED + offset))
    return [draw_distribution(rng, **kw) for _ in range(N_INSTANCES)]


def decide_jensen(budget_s: float) -> Outcome:
    for d in _instances(0):
        for name, f in CONVEX.items():
            if jensen_gap(f, d) < 0:
                return refuted("exact", counterexample={"dist": d, "f": name})
    return survived("exact on drawn finite distributions", instances=N_INSTANCES, functions=list(CONVEX), seed=SEED)


def decide_markov(budget_s: float) -> Outcome:
    checked = 0
    for d in _instances(1, lo=0):
        for p in (1, 2, 3):
            if (bad := markov_violation(d, p)) is not None:
                return refuted("exact", counterexample={"dist": d, "eps": bad[0], "p": p})
            checked += 1
        # p = 1/2 exactly: use the distribution of Y = X², so E[Y^{1/2}] = E[X] is rational
        sq = validate_dist({v * v: pr for v, pr in d.items()})
        root_moment = mean(d)
        for eps_root in sorted(v for v in d if v > 0):  # ε = eps_root² ranges over Y's support
            if tail_ge(sq, eps_root * eps_root) * eps_root > root_moment:
                return refuted("exact", counterexample={"dist_Y": sq, "eps": eps_root ** 2, "p": "1/2"})
        checked += 1
    return survived("exact on drawn non-negative finite distributions", checks=checked, p="1, 2, 3, 1/2",
                    seed=SEED + 1)


def decide_chebyshev(budget_s: float) -> Outcome:
    for d in _instances(2):
        if (eps := chebyshev_violation(d)) is not None:
            return refuted("exact", counterexample={"dist": d, "eps": eps})
    return survived("exact on drawn finite distributions", instances=N_INSTANCES, seed=SEED + 2)


@register
def claims():
    return [
        ProcedureClaim(id="CONC-JENSEN", spec_id="CONC-JENSEN", source=SRC.at(LOC_J),
                       statement_text="f convex ⇒ f(E[X]) <= E[f(X)]", decide=decide_jensen,
                       kind="inequality", expected=True,
                       description="exact on drawn finite distributions, five convex piecewise-polynomial f"),
        ProcedureClaim(id="CONC-MARKOV", spec_id="CONC-MARKOV", source=SRC.at(LOC_M),
                       statement_text="X >= 0, ε > 0, p > 0 ⇒ P(X >= ε) <= E[X^p]/ε^p", decide=decide_markov,
                       kind="upper bound", expected=True,
                       description="exact at every attained ε, p ∈ {1/2, 1, 2, 3}"),
        ProcedureClaim(id="CONC-CHEBYSHEV", spec_id="CONC-CHEBYSHEV", source=SRC.at(LOC_C),
                       statement_text="P(|Z − E Z| >= ε) <= V[Z]/ε²", decide=decide_chebyshev,
                       kind="upper bound", expected=True, description="exact at every attained ε"),
    ]
