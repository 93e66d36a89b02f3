"""The project's statistics: one implementation that every package calls.

It sits at the bottom of the package (``clickbound.stats``; it imports nothing of ours), so
``lemmas``, ``sim`` and ``report`` all use the same t-tests, intervals and Holm correction:
if this module changes, every published verdict changes with it, never one copy alone.

The primitives — :func:`t_pvalues` (both one-sided p-values of a t statistic),
:func:`mean_interval`, :func:`t_quantile`, :func:`normal_quantile`,
:func:`normal_cdf` and :func:`holm` — serve the violation searches, the bound comparisons and
the experiments; the rest of the module is the report's verdict machinery:

A verdict of the report — a source's qualitative claim ("OD-TS is best", "regret falls as Δ
grows"), a bound held against the empirical regret — is a *family* of one-sided tests:

* a :class:`Comparison` is one one-sided t-test of an estimate against a null value in the
  direction the claim names (``claim="greater"``: the claim says estimate > null; ``"less"``:
  estimate < null).  It carries both one-sided p-values: ``p_claim`` (the null "the claim's
  inequality is false" — rejecting it supports the claim) and ``p_opposite`` (the null "the
  opposite inequality is false" — rejecting it goes against the claim).  Constructors:
  :func:`paired` (paired t on per-replication differences: policies of one setting share
  their seeds), :func:`welch` (Welch t: independent samples, e.g. two settings),
  :func:`one_sample` (one-sample t: per-run slopes against a coefficient, the regret at a
  checkpoint against a bound).
* :func:`decide` decides a family at level :data:`ALPHA` with the Holm–Bonferroni
  correction over its ``m`` comparisons, in each direction:

  - **reproduced** — Holm rejects every claim-side null: every comparison goes the claimed
    way, with family-wise error rate ≤ α (were the claim false in any comparison, the chance
    of saying "reproduced" is ≤ α);
  - **contradicted** — Holm rejects at least one opposite-side null: some comparison goes
    significantly against the claim (family-wise error rate ≤ α when the claim holds);
  - **inconclusive** — neither; the verdict states its power: the smallest, over the
    comparisons, of the power of the one-sided test at the strictest Holm level α/m
    against the stated effect (:data:`PLANTED_EFFECT` of the reference value unless the
    comparison names another).

  A conjunction ("every comparison goes the claimed way") would already be a level-α test
  without any correction (an intersection–union test); Holm makes "reproduced" slightly
  conservative and is what makes "contradicted" — a union — hold its level.

:func:`verdict_row` turns a decision into the row the report shows, with the horizon and
number of runs it was decided at, and the rule that a run shorter than the source's never
yields "contradicted" — it is "inconclusive at n < source n".
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import cached_property

import numpy as np
from scipy import special

#: level of every test: the conventional 5 %; after Holm it bounds each verdict's family-wise
#: chance of a wrong "reproduced" (or a wrong "contradicted") by 5 %
ALPHA = 0.05
#: the effect each stated power is computed against: a mean, bound or constant off by 10 %
#: (the planted error the power checks use), relative to the comparison's reference value
PLANTED_EFFECT = 0.10
EFFECT_TEXT = f"{PLANTED_EFFECT * 100:g} % effect"
CLAIMS = ("greater", "less")
#: a verdict row prints at most this many of its family's tests (results.json keeps them all)
MAX_SHOWN = 8
ANSWERS = ("reproduced", "contradicted", "inconclusive")


def t_pvalues(estimate: float, se: float, df: float, null: float = 0.0) -> tuple[float, float]:
    """Both one-sided p-values of the t statistic ``(estimate − null)/se`` with ``df`` degrees of freedom:
    ``(p of H0 "true ≤ null" against "true > null", p of H0 "true ≥ null" against "true < null")``.

    ``se == 0`` (a sample without spread) decides by the sign of ``estimate − null``: ``(0, 1)`` above,
    ``(1, 0)`` below, ``(1, 1)`` at the null.  ``se`` must be finite and ``≥ 0``, ``df > 0``.
    """
    se, df, d = float(se), float(df), float(estimate) - float(null)
    if not (math.isfinite(se) and se >= 0) or not df > 0 or math.isnan(d):
        raise ValueError(f"t test needs a finite se >= 0, df > 0 and a number, got se={se!r}, df={df!r}, "
                         f"estimate - null = {d!r}")
    if se == 0:
        return (0.0, 1.0) if d > 0 else (1.0, 0.0) if d < 0 else (1.0, 1.0)
    t = d / se
    return float(special.stdtr(df, -t)), float(special.stdtr(df, t))


def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom."""
    return float(special.stdtrit(df, q))


def normal_quantile(q: float) -> float:
    """The ``q`` quantile of the standard normal distribution."""
    return float(special.ndtri(q))


def normal_cdf(x: float) -> float:
    """The standard normal distribution function at ``x``."""
    return float(special.ndtr(x))


def mean_interval(x, level: float = 0.95, dist: str = "t") -> tuple[float, float, float]:
    """``(mean, lower, upper)``: the two-sided ``level`` interval of the mean of ``x``, Student-t
    (``dist="t"``) or normal (``dist="normal"``) quantile; a single value has a nan interval."""
    if not 0 < level < 1:
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    if dist not in ("t", "normal"):
        raise ValueError(f"dist must be 't' or 'normal', got {dist!r}")
    x = np.asarray(x, dtype=float).ravel()
    m = float(np.mean(x))
    if x.size < 2:
        return m, math.nan, math.nan
    q = t_quantile(0.5 + level / 2, x.size - 1) if dist == "t" else normal_quantile(0.5 + level / 2)
    half = q * float(np.std(x, ddof=1)) / math.sqrt(x.size)
    return m, m - half, m + half


def signed(x: float, digits: int = 4) -> str:
    """``+68.9`` / ``−68.9`` (a true minus sign) / ``+0``: a change printed with its own sign."""
    x = float(x)
    if math.isnan(x):
        return "n/a"
    s = f"{abs(x):.{digits}g}"
    return ("−" if x < 0 else "+") + s


def num(x: float, digits: int = 4) -> str:
    """A number with a true minus sign."""
    x = float(x)
    return "n/a" if math.isnan(x) else f"{x:.{digits}g}".replace("-", "−")


def p_text(p: float) -> str:
    return "p < 1e-6" if p < 1e-6 else f"p = {p:.2g}"


@dataclass(frozen=True)
class Comparison:
    """One one-sided t-test (see the module docstring); build it with :func:`paired`,
    :func:`welch`, :func:`one_sample` or :func:`from_summary`.

    ``estimate`` is the quantity in its natural orientation (``mean(a) − mean(b)``, a mean
    regret, a slope) — never flipped to suit the claim; ``null`` the value it is tested
    against; ``effect`` the (positive) distance from ``null`` at which :meth:`power` is stated.
    """

    label: str
    test: str
    estimate: float
    null: float
    claim: str
    se: float
    df: float
    effect: float
    effect_text: str = EFFECT_TEXT
    what: str = ""  # how the estimate reads ("R(A) − R(B)", "slope", "mean R(n)")
    difference: bool = False  # a change or difference: printed with its own sign (+68.9 / −68.9)

    def __post_init__(self):
        if self.claim not in CLAIMS:
            raise ValueError(f"claim must be one of {CLAIMS}, got {self.claim!r}")
        if not (self.se >= 0) or not (self.df > 0):
            raise ValueError(f"{self.label}: need se >= 0 and df > 0, got se={self.se!r}, df={self.df!r}")

    @property
    def t(self) -> float:
        d = self.estimate - self.null
        if self.se > 0:
            return d / self.se
        return math.inf if d > 0 else -math.inf if d < 0 else math.nan

    def _p_greater(self) -> float:
        """p-value of H0: true ≤ null against H1: true > null (Student t with ``df`` degrees of freedom)."""
        t = self.t
        return 1.0 if math.isnan(t) else float(special.stdtr(self.df, -t))

    def _p_less(self) -> float:
        t = self.t
        return 1.0 if math.isnan(t) else float(special.stdtr(self.df, t))

    @cached_property
    def p_claim(self) -> float:
        return self._p_greater() if self.claim == "greater" else self._p_less()

    @cached_property
    def p_opposite(self) -> float:
        return self._p_less() if self.claim == "greater" else self._p_greater()

    def ci(self, alpha: float = ALPHA) -> tuple[float, float]:
        """Two-sided ``1 − alpha`` interval of the estimate (for display)."""
        h = float(special.stdtrit(self.df, 1 - alpha / 2)) * self.se
        return self.estimate - h, self.estimate + h

    def power(self, alpha: float) -> float:
        """Power of the claim-side one-sided test at ``alpha`` when the truth is ``effect`` past null."""
        if self.effect <= 0 or math.isnan(self.effect):
            return math.nan
        if self.se == 0:
            return 1.0
        crit = float(special.stdtrit(self.df, 1 - alpha))
        power = float(1.0 - special.nctdtr(self.df, self.effect / self.se, crit))
        # scipy's noncentral t gives nan far in its tail (a noncentrality of ~1e15 when the sample
        # varies by rounding only): there the power is 1 to every digit shown
        return power if math.isfinite(power) else 1.0

    def text(self, alpha: float = ALPHA) -> str:
        lo, hi = self.ci(alpha)
        what = f"{self.what} " if self.what else ""
        fmt = signed if self.difference else num
        rel = ">" if self.claim == "greater" else "<"
        return (f"{self.label}: {what}{fmt(self.estimate)} [{fmt(lo)}, {fmt(hi)}] "
                f"(claim {rel} {num(self.null)}: {p_text(self.p_claim)})")

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(p_claim=self.p_claim, p_opposite=self.p_opposite)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Comparison:
        keys = cls.__dataclass_fields__
        floats = ("estimate", "null", "se", "df", "effect")  # "inf"/"nan" strings read back as floats
        return cls(**{k: (float(v) if k in floats else v) for k, v in d.items() if k in keys})


def from_summary(label: str, estimate: float, se: float, df: float, null: float, claim: str,
                 test: str, effect: float, effect_text: str | None = None, what: str = "",
                 difference: bool = False) -> Comparison:
    return Comparison(label=label, test=test, estimate=float(estimate), null=float(null), claim=claim,
                      se=float(se), df=float(df), effect=float(effect),
                      effect_text=effect_text or EFFECT_TEXT, what=what,
                      difference=difference)


def _sample(x, name: str) -> np.ndarray:
    x = np.asarray(x, dtype=float).ravel()
    if x.size < 2 or not np.all(np.isfinite(x)):
        raise ValueError(f"{name} needs at least 2 finite values, got {x.tolist()!r}")
    return x


def paired(a, b, claim: str, label: str, rel_effect: float = PLANTED_EFFECT, what: str = "") -> Comparison:
    """Paired t on ``a_r − b_r`` (replication ``r`` of ``a`` and ``b`` share a seed); null: no difference.

    Power is stated against a difference of ``rel_effect`` × |mean(b)|.
    """
    a, b = _sample(a, "a"), _sample(b, "b")
    if a.size != b.size:
        raise ValueError(f"paired samples need equal sizes, got {a.size} and {b.size}")
    d = a - b
    return from_summary(label, d.mean(), d.std(ddof=1) / math.sqrt(d.size), d.size - 1, 0.0, claim,
                        "one-sided paired t-test on per-replication final regret",
                        rel_effect * abs(b.mean()), what=what, difference=True)


def welch(a, b, claim: str, label: str, rel_effect: float = PLANTED_EFFECT, what: str = "") -> Comparison:
    """Welch t on ``mean(a) − mean(b)`` (independent samples, unequal variances); null: no difference.

    Degrees of freedom by Welch–Satterthwaite; power against ``rel_effect`` × |mean(b)|.
    """
    a, b = _sample(a, "a"), _sample(b, "b")
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (a.size - 1) + vb ** 2 / (b.size - 1)) if se > 0 else a.size + b.size - 2
    return from_summary(label, a.mean() - b.mean(), se, df, 0.0, claim,
                        "one-sided Welch t-test on per-replication final regret",
                        rel_effect * abs(b.mean()), what=what, difference=True)


def one_sample(x, value: float, claim: str, label: str, test: str, effect: float | None = None,
               effect_text: str | None = None, what: str = "") -> Comparison:
    """One-sample t of ``mean(x)`` against ``value``; power against ``effect`` (default 10 % of |value|)."""
    x = _sample(x, label)
    eff = PLANTED_EFFECT * abs(float(value)) if effect is None else float(effect)
    return from_summary(label, x.mean(), x.std(ddof=1) / math.sqrt(x.size), x.size - 1, value, claim, test,
                        eff, effect_text, what=what)


def holm(pvalues, alpha: float = ALPHA) -> list[bool]:
    """Holm–Bonferroni step-down: which of the nulls are rejected at family-wise level ``alpha``."""
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    reject = [False] * m
    for k, i in enumerate(np.argsort(p, kind="stable")):
        if p[i] <= alpha / (m - k):
            reject[int(i)] = True
        else:
            break
    return reject


@dataclass(frozen=True)
class Decision:
    """A family of comparisons decided by :func:`decide`."""

    answer: str
    alpha: float
    comparisons: tuple[Comparison, ...]
    rejected_claim: tuple[bool, ...]
    rejected_opposite: tuple[bool, ...]
    missing: tuple[str, ...] = ()

    @property
    def m(self) -> int:
        return len(self.comparisons)

    @property
    def test(self) -> str:
        return "; ".join(dict.fromkeys(c.test for c in self.comparisons)) or "no test (nothing to compare)"

    @property
    def correction(self) -> str:
        if self.m == 0:
            return "none (nothing tested)"
        if self.m == 1:
            return "none (a single test)"
        return f"Holm–Bonferroni over m = {self.m} one-sided tests (each direction)"

    @cached_property
    def power(self) -> float:
        """Smallest per-comparison power at the strictest Holm level α/m (nan: nothing compared)."""
        if not self.comparisons:
            return math.nan
        return min(c.power(self.alpha / self.m) for c in self.comparisons)

    @property
    def effect_text(self) -> str:
        return " / ".join(dict.fromkeys(c.effect_text for c in self.comparisons))

    @property
    def power_text(self) -> str:
        if not self.comparisons:
            return "nothing compared"
        weakest = f"weakest of {self.m} tests, each at α/{self.m}" if self.m > 1 else f"at α = {self.alpha:g}"
        return f"power {self.power:.2f} against a {self.effect_text} ({weakest})"

    def text(self) -> str:
        if self.answer != "inconclusive":
            return self.answer
        miss = f"; {'; '.join(self.missing)}" if self.missing else ""
        return f"inconclusive ({self.power_text}{miss})"

    def detail(self, max_shown: int = MAX_SHOWN) -> str:
        """The comparisons' numbers; of a large family, those nearest to deciding against the
        claim (every opposite-side rejection, then the largest claim-side p-values)."""
        keep = range(self.m)
        if self.m > max_shown:
            rank = sorted(range(self.m), key=lambda i: (not self.rejected_opposite[i],
                                                        -self.comparisons[i].p_claim))
            keep = sorted(rank[:max_shown])
        parts = [self.comparisons[i].text(self.alpha) for i in keep]
        if self.m > max_shown:
            parts.append(f"({len(keep)} of {self.m} tests shown: those nearest to going against the "
                         "claim; all are in results.json)")
        return "; ".join(parts + list(self.missing))

    def as_dict(self) -> dict:
        return {"answer": self.answer, "verdict": self.text(), "test": self.test, "level": self.alpha,
                "correction": self.correction, "m": self.m, "power": self.power,
                "power_text": self.power_text, "missing": list(self.missing),
                "comparisons": [dict(c.as_dict(), rejected_claim=rc, rejected_opposite=ro)
                                for c, rc, ro in zip(self.comparisons, self.rejected_claim,
                                                     self.rejected_opposite)]}


def decide(comparisons, alpha: float = ALPHA, missing=()) -> Decision:
    """Holm at ``alpha`` in each direction (module docstring).  ``missing`` says which comparisons
    the claim needs could not be made ("KL-UCB was not run"): then never "reproduced"."""
    if not (0 < alpha < 1):
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    cs = tuple(comparisons)
    rc = tuple(holm([c.p_claim for c in cs], alpha))
    ro = tuple(holm([c.p_opposite for c in cs], alpha))
    if any(ro):
        answer = "contradicted"
    elif cs and all(rc) and not missing:
        answer = "reproduced"
    else:
        answer = "inconclusive"
    return Decision(answer, alpha, cs, rc, ro, tuple(missing))


def verdict_row(decision: Decision, n: int, runs: int, source_n: int | None = None,
                source_text: str = "", note: str = "") -> dict:
    """The row a qualitative claim shows: verdict, test, level, correction, n and runs, the numbers.

    When ``n < source_n`` a "contradicted" decision becomes "inconclusive at n < source n"
    (a run shorter than the source's never refutes it), and every verdict says
    that the run was shorter.
    """
    answer, text = decision.answer, decision.text()
    short = source_n is not None and n < source_n
    if short and answer == "contradicted":
        answer = "inconclusive"
        text = (f"inconclusive at n = {n:,} < source n = {source_n:,} (at this n the data go against "
                f"the claim; a shorter run than the source's decides nothing against it)")
    elif short:
        text += f" (at n = {n:,} < source n = {source_n:,})"
    at = f"n = {n:,}, {runs} runs"
    if source_n is not None:
        at += f"; source: n = {source_n:,}" + (f" ({source_text})" if source_text else "")
        if short:
            at += " — shorter than the source's"
    detail = decision.detail()
    if note:
        detail = f"{detail}; {note}" if detail else note
    return {"answer": answer, "verdict": text, "test": decision.test, "level": decision.alpha,
            "correction": decision.correction, "n": int(n), "runs": int(runs), "source_n": source_n,
            "decided_at": at, "power": decision.power, "power_text": decision.power_text,
            "detail": detail, "decision": decision.as_dict()}


def undecided_row(reason: str, n: int, runs: int, source_n: int | None = None) -> dict:
    """A claim that could not be tested at all (nothing to compare)."""
    return verdict_row(decide([], missing=(reason,)), n, runs, source_n)
