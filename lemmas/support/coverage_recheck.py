"""Independent re-checks of the coverage mutants' counterexamples (:mod:`clickbound.lemmas.studies.coverage_mutants`).

Sources: ``002_3ec5ec57f55c1fdf.txt`` — CONC-RADEMACHER (the three "with probability at least 1 − δ" bounds),
CONC-HOEFFDING, CONC-AZUMA, CONC-MCDIARMID, CONC-MARKOV, CONC-CHEBYSHEV and UCB1-CI (the confidence term ``sqrt(α log t/(2T))``),
at the locations the checks cite (``concentration_*.LOC_*``, ``ucb1_proof.LOC_CI``).

A mutant ``<check>/mutant-<name>`` is refuted by an instance on which the mutant bound fails while the check's own
bound holds, both computed by the check's *own* code (that is the point: the check must be able to fail).  Here
the same two facts are recomputed by a second route that shares none of that code: the law of a sum of
Bernoulli variables from ``math.comb`` (not ``sum_distribution`` / ``binomial_pmf``), tails summed directly, and
the transcendental comparisons in python-flint's certified ball arithmetic (``arb``, 200 bits; a comparison the
ball cannot decide raises, it is never guessed) instead of ``exp_compare``.  Covered: CONC-HOEFFDING (n i.i.d.
Bernoulli(q)), CONC-AZUMA (c_i = 1, one q: the sum is Binomial(n, q) − nq), CONC-MARKOV, CONC-CHEBYSHEV (finite
laws), UCB1-CI (one Bernoulli(μ) mean, fixed count), CONC-RADEMACHER's three bounds (ordered samples and every
sign vector enumerated, where ``concentration_rademacher.coverages`` uses multisets).  Not covered (no second route
written): UCB1-CI/union-over-counts and the OD-L1 checks (their exact laws are worst-case stopping-rule DPs).
CONC-MCDIARMID: max, |sum − n/2| and the number of distinct values of n i.i.d. Bernoulli(q), c_i by flipping each
coordinate at every point.

Each function returns ``(mutant_fails, check_holds)`` for an instance in the record's JSON form.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from flint import arb, ctx

BITS = 200


def _arb(x: Fraction) -> arb:
    return arb(x.numerator) / arb(x.denominator)


def _gt(a: arb, b: arb) -> bool:
    """``a > b`` certified; raises when the balls overlap (never a guess)."""
    if a > b:
        return True
    if a < b:
        return False
    raise ArithmeticError(f"undecided at {BITS} bits: {a} vs {b}")


def _binomial(n: int, q: Fraction) -> list[Fraction]:
    return [comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)]


def _upper_tail_fails(n: int, q: Fraction, scale_sq: Fraction, rs: Fraction, ds: Fraction) -> bool:
    """Is there an attained deviation ``ε = k − nq > 0`` of ``S ~ Binomial(n, q)`` with
    ``ds·P(S − nq >= ε) > exp(−2ε²/(scale_sq·rs²))``?  (Hoeffding for the mean: scale_sq = n with ε in sum units.)"""
    pmf = _binomial(n, q)
    with ctx.workprec(BITS):
        for k in range(n + 1):
            eps = k - n * q
            if eps <= 0:
                continue
            tail = sum(pmf[k:], Fraction(0))
            if _gt(_arb(ds * tail), (-_arb(2 * eps * eps / (scale_sq * rs * rs))).exp()):
                return True
    return False


def hoeffding(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
    n, q = inst["n"], Fraction(inst["q"])
    return _upper_tail_fails(n, q, Fraction(n), rs, ds), not _upper_tail_fails(n, q, Fraction(n), 1, Fraction(1))


def azuma(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool] | None:
    cs, qs = [Fraction(c) for c in inst["c"]], inst["q"]
    if len(qs) != 1 or any(c != 1 for c in cs):
        return None  # only the i.i.d. case has a binomial second route
    n, q = len(cs), Fraction(qs[0])
    return _upper_tail_fails(n, q, Fraction(n), rs, ds), not _upper_tail_fails(n, q, Fraction(n), 1, Fraction(1))


def _law(inst: dict) -> dict[Fraction, Fraction]:
    law = {Fraction(k): Fraction(v) for k, v in inst["dist"].items()}
    if sum(law.values()) != 1:
        raise ValueError(f"not a law: {inst}")
    return law


def markov(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
    """``P(X >= ε) <= E[X^p]/(ε/rs)^p / ds`` at every attained ε > 0 (the mutant's bound; rs = ds = 1: Markov)."""
    law, p = _law(inst), inst["p"]
    m = sum(pr * v ** p for v, pr in law.items())

    def fails(r, d):
        return any(sum(pr for v, pr in law.items() if v >= e) > m * r ** p / (e ** p * d) for e in law if e > 0)
    return fails(rs, ds), not fails(Fraction(1), Fraction(1))


def chebyshev(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
    law = _law(inst)
    mu = sum(pr * v for v, pr in law.items())
    var = sum(pr * (v - mu) ** 2 for v, pr in law.items())

    def fails(r, d):
        return any(sum(pr for v, pr in law.items() if abs(v - mu) >= e) > var * r * r / (e * e * d)
                   for e in {abs(v - mu) for v in law} if e > 0)
    return fails(rs, ds), not fails(Fraction(1), Fraction(1))


def ucb1_ci(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
    """``P(μ − μ̂_T >= rs·sqrt(α log t/(2T))) <= t^{−α}/ds``: the qualifying counts by an arb comparison of
    ``2T d²`` with ``rs²α log t`` (log t is transcendental for t >= 2, so only d = 0 can tie, and it does not
    qualify), the level exactly: ``(ds·tail)^b t^a > 1`` for α = a/b."""
    mu, T, t, a = Fraction(inst["mu"]), inst["T"], inst["t"], Fraction(inst["alpha"])
    pmf = _binomial(T, mu)

    def fails(r, d):
        with ctx.workprec(BITS):
            logt = arb(t).log()
            tail = sum((pmf[k] for k in range(T + 1) if mu - Fraction(k, T) > 0
                        and _gt(_arb(2 * T * (mu - Fraction(k, T)) ** 2), _arb(r * r * a) * logt)), Fraction(0))
        x = d * tail
        return x > 0 and x ** a.denominator * Fraction(t) ** a.numerator > 1
    return fails(rs, ds), not fails(Fraction(1), Fraction(1))


def _within(lhs: Fraction, coef: Fraction, scale: Fraction, arg: Fraction) -> bool:
    """``lhs <= coef·sqrt(scale·log arg)`` (coef, scale > 0, arg > 1 rational ≠ 1: log arg is transcendental, so
    only lhs = 0 could tie a zero radius, and the radius is positive), certified in arb."""
    if arg <= 1:
        raise ValueError(f"radius undefined or zero: log({arg})")
    if lhs <= 0:
        return True
    with ctx.workprec(BITS):
        return not _gt(_arb(lhs * lhs), _arb(coef * coef * scale) * _arb(arg).log())


def _rademacher(inst: dict, rs: Fraction, ds: Fraction, which: int) -> bool:
    """Does bound ``which`` (0, 1, 2) fail at level δ with its radius × rs, δ × ds inside?  Ordered samples
    z ∈ Z^n (not multisets) and every sign vector σ ∈ {±1}^n enumerated directly."""
    from itertools import product

    D, G = [Fraction(x) for x in inst["D"]], [[Fraction(v) for v in g] for g in inst["G"]]
    n, M, delta = inst["n"], Fraction(inst["M"]), Fraction(inst["delta"])
    d_in = delta * ds

    def rhat(zs):
        return sum((max(sum(s * g[z] for s, z in zip(sig, zs)) for g in G) for sig in product((-1, 1), repeat=n)),
                   Fraction(0)) / (n * 2 ** n)

    samples = []
    for zs in product(range(len(D)), repeat=n):
        pr = Fraction(1)
        for z in zs:
            pr *= D[z]
        samples.append((zs, pr, rhat(zs)))
    Rn = sum(pr * rh for _, pr, rh in samples)
    risk = [sum(D[z] * g[z] for z in range(len(D))) for g in G]
    cov = Fraction(0)
    for zs, pr, rh in samples:
        emp = [sum(g[z] for z in zs) / n for g in G]
        if which == 0:
            ok = _within(Rn - rh, rs * M, Fraction(1, 2 * n), 2 / d_in)
        elif which == 1:
            ok = all(_within(risk[j] - emp[j] - 2 * rh, rs * 3 * M, Fraction(1, 2 * n), 2 / d_in)
                     for j in range(len(G)))
        else:
            lo = min(emp)
            erm = max(risk[j] for j in range(len(G)) if emp[j] == lo)  # ties against the bound
            ok = _within(erm - min(risk), rs * M, Fraction(2, n), 2 * len(G) / d_in)
        cov += pr if ok else 0
    return 1 - cov > (delta / 2 if which == 0 else delta)


def rademacher(which: int):
    def recheck(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
        return _rademacher(inst, rs, ds, which), not _rademacher(inst, Fraction(1), Fraction(1), which)
    recheck.__name__ = f"rademacher_bound_{which + 1}"
    return recheck


_MCD = {"max": lambda x: Fraction(max(x)), "abs-sum": lambda x: abs(Fraction(sum(x)) - Fraction(len(x), 2)),
        "distinct": lambda x: Fraction(len(set(x)))}


def _mcdiarmid_fails(inst: dict, rs: Fraction, ds: Fraction) -> bool:
    """f of n i.i.d. Bernoulli(q) on {0, 1}^n: c_i by flipping coordinate i at every point, the law of f − E f
    enumerated, every attained ε > 0 checked against exp(−2ε²/(Σc_i² rs²))/ds in arb."""
    from itertools import product

    f, n = _MCD[inst["f"]], inst["n"]
    q = Fraction(inst["dist"]["1"])
    if Fraction(inst["dist"]["0"]) != 1 - q:
        raise ValueError(f"not a Bernoulli law: {inst}")
    pts = list(product((0, 1), repeat=n))
    c = [max(abs(f(x) - f(x[:i] + (1 - x[i],) + x[i + 1:])) for x in pts) for i in range(n)]
    law: dict = {}
    for x in pts:
        law[f(x)] = law.get(f(x), Fraction(0)) + q ** sum(x) * (1 - q) ** (n - sum(x))
    mu = sum(v * p for v, p in law.items())
    csq = sum(ci * ci for ci in c)
    with ctx.workprec(BITS):
        for v in law:
            eps = v - mu
            if eps > 0:
                tail = sum((p for u, p in law.items() if u - mu >= eps), Fraction(0))
                if _gt(_arb(ds * tail), (-_arb(2 * eps * eps / (csq * rs * rs))).exp()):
                    return True
    return False


def mcdiarmid(inst: dict, rs: Fraction, ds: Fraction) -> tuple[bool, bool]:
    return _mcdiarmid_fails(inst, rs, ds), not _mcdiarmid_fails(inst, Fraction(1), Fraction(1))


RECHECK = {"CONC-HOEFFDING": hoeffding, "CONC-AZUMA": azuma, "CONC-MARKOV": markov, "CONC-CHEBYSHEV": chebyshev,
           "CONC-MCDIARMID": mcdiarmid,
           "UCB1-CI": ucb1_ci, **{f"CONC-RADEMACHER/bound-{w + 1}": rademacher(w) for w in range(3)}}
