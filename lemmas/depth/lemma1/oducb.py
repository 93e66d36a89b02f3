"""OD-L1 for OD-UCB itself: the exact Pr(E_t^c) of OD-UCB's own run against Lemma 1's 2K t^{−2α}.

Source ``001_eb740855b56fcd8b.txt``, 5 リグレット解析 > 補題 1 (``Pr(E_t^c) <= 2K t^{−2α}``; source
letters: K items, L slots).  ``ERR-OD-L1-RANDOM-N`` refutes the proof step (Hoeffding at a random count)
for a sampling rule built to break it, and leaves open whether OD-UCB's own allocation breaks the bound.

**OD-L1/od-ucb-exact** (checked on instances): the distribution of OD-UCB's statistics is propagated
exactly — probabilities in rationals, every index comparison and every deviation test decided in
python-flint arb balls (precision doubled until certain) — and ``Pr(E_t^c)`` (E_t as printed, on the
statistics after round t; items never shown impose nothing) is compared with ``2K t^{−2α}`` in arb.
On the instances below the bound holds with room (worst ratio 1/4, at t = 1), so nothing here contradicts
Lemma 1's statement for OD-UCB; its proof remains unjustified.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from flint import arb, ctx

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Outcome, ProcedureClaim, checked, refuted, source

SRC = source("depth")
LOC = "5 リグレット解析 > 補題 1 (Pr(E_t^c) <= 2K t^{-2α})"
HORIZON = 32
#: (θ per item, α); one slot, P = (1): every shown item is exposed
INSTANCES = (((Fraction(1, 2), Fraction(1, 2)), Fraction(3, 5)),
             ((Fraction(3, 5), Fraction(2, 5)), Fraction(3, 5)),
             ((Fraction(1, 2), Fraction(3, 10)), Fraction(1)),
             ((Fraction(1, 5), Fraction(1, 10)), Fraction(1)))
_PRECS = (128, 512, 2048)


def _q(x: Fraction) -> arb:
    return arb(x.numerator) / x.denominator


def _sign(f) -> int:
    """Certified sign of the arb value built by ``f()`` (raises if 0 cannot be excluded)."""
    old = ctx.prec
    try:
        for p in _PRECS:
            ctx.prec = p
            v = f()
            if v > 0:
                return 1
            if v < 0:
                return -1
        raise AssertionError("sign not certified")
    finally:
        ctx.prec = old


def _choose(st, t, alpha):
    """OD-UCB's item at round t (one slot): largest index, +∞ for unseen items, ties to the lowest index."""
    best = None
    for i in range(len(st) // 2):
        n, s = st[2 * i], st[2 * i + 1]
        if n == 0:
            return i  # the lowest-index unseen item (+∞)
        if best is None:
            best = i
            continue
        nb, sb = st[2 * best], st[2 * best + 1]
        if n == nb and s == sb:
            continue  # identical index: keep the lower index
        if t == 1:
            raise AssertionError("unreachable: every item unseen at t = 1")
        sg = _sign(lambda s=s, n=n, sb=sb, nb=nb: (_q(Fraction(s, n)) + (_q(alpha) * arb(t).log() / n).sqrt())
                   - (_q(Fraction(sb, nb)) + (_q(alpha) * arb(t).log() / nb).sqrt()))
        if sg > 0:
            best = i
    return best


def _deviates(n, s, theta, t, alpha) -> bool:
    """|s/n − θ| > sqrt(α log t / n)  ⇔  (s − nθ)²/n > α log t (decided exactly at t = 1, else in arb)."""
    q = (s - n * theta) ** 2 / n
    if t == 1:
        return q > 0
    return _sign(lambda: _q(q) - _q(alpha) * arb(t).log()) > 0


def exact_bad_probabilities(theta, alpha, horizon=HORIZON, radius_scale=Fraction(1)):
    """[(t, Pr(E_t^c))] for OD-UCB with one slot, exact rationals.

    ``radius_scale`` (default 1) cuts only E_t's radius to ``radius_scale · sqrt(α log t/n)`` (OD-UCB's
    index keeps α): the coverage mutants."""
    dev_alpha = alpha * radius_scale * radius_scale
    K = len(theta)
    dist = {(0,) * (2 * K): Fraction(1)}
    out = []
    for t in range(1, horizon + 1):
        new: dict = defaultdict(Fraction)
        for st, pr in dist.items():
            i = _choose(st, t, alpha)
            for c, pc in ((1, theta[i]), (0, 1 - theta[i])):
                nxt = list(st)
                nxt[2 * i] += 1
                nxt[2 * i + 1] += c
                new[tuple(nxt)] += pr * pc
        dist = new
        bad = sum((pr for st, pr in dist.items()
                   if any(st[2 * k] > 0 and _deviates(st[2 * k], st[2 * k + 1], theta[k], t, dev_alpha)
                          for k in range(K))), Fraction(0))
        out.append((t, bad))
    return out


def decide(budget_s: float) -> Outcome:
    rows = []
    for theta, alpha in INSTANCES:
        K = len(theta)
        worst = (None, 0.0)
        for t, bad in exact_bad_probabilities(theta, alpha):
            # bound 2K t^{−2α} in arb; violation iff bad − bound > 0
            sg = (_sign(lambda bad=bad, t=t, K=K, alpha=alpha: _q(bad) - 2 * K * arb(t) ** (-2 * _q(alpha)))
                  if bad > 0 else -1)
            if sg > 0:
                return refuted("exact DP over OD-UCB's statistics, certified comparisons",
                               counterexample={"theta": theta, "alpha": alpha, "t": t, "Pr(E_t^c)": bad})
            ratio = float(bad) / (2 * K * t ** (-2 * float(alpha)))
            if ratio > worst[1]:
                worst = (t, ratio)
        rows.append({"theta": [str(x) for x in theta], "alpha": str(alpha), "worst t": worst[0],
                     "worst Pr/bound (float, for reading)": round(worst[1], 4)})
    return checked("exact DP over OD-UCB's statistics (rationals), certified arb comparisons",
                   sample=f"K = 2 items, L = 1 slot, t = 1..{HORIZON}, (θ, α) in {len(INSTANCES)} named pairs",
                   rows=rows, slots=1, E_t="as printed (statistics after round t)")


@register
def claims():
    yield ProcedureClaim(
        id="OD-L1/od-ucb-exact", spec_id="OD-L1", source=SRC.at(LOC), kind="upper bound", expected=True,
        statement_text="for OD-UCB itself: Pr(E_t^c) <= 2K t^{−2α} (E_t as printed)",
        decide=decide,
        description="exact distribution of OD-UCB's statistics on small instances; certified comparisons")
