"""CONC-HLEMMA, CONC-HOEFFDING, CONC-HOEFFDING-AS-PRINTED (source 002_3ec5ec57f55c1fdf.txt)."""
import math
from fractions import Fraction as F

import mpmath
from catalogue_kit import verdict

from clickbound.lemmas.counterfactual.concentration import hoeffding as ch

# mpmath at 60 digits: any margin above 1e-40 is far beyond its rounding error.
MP_MARGIN = mpmath.mpf(10) ** -40


def test_hoeffding_as_printed_counterexample_independently():
    # P(Bin(100, 1/2) >= 60) from the raw binomial sum, compared at 60 digits with e^{-4} and e^{-2}.
    with mpmath.workdps(60):
        tail = mpmath.fsum(mpmath.mpf(math.comb(100, k)) for k in range(60, 101)) / mpmath.mpf(2) ** 100
        assert tail - mpmath.exp(-4) > MP_MARGIN          # the printed bound fails
        assert mpmath.exp(-2) - tail > MP_MARGIN          # the squared bound holds
    v = verdict("CONC-HOEFFDING-AS-PRINTED")
    assert F(str(v.evidence["exact_tail"])) == F(sum(math.comb(100, k) for k in range(60, 101)), 2 ** 100)
    # the rounded values ERR-HOEFFDING-SQUARE quotes (≈ 0.02844 > e^{-4} ≈ 0.01832)
    assert round(float(tail), 3) == 0.028 and round(float(mpmath.exp(-4)), 3) == 0.018


def test_taylor_counterexample_independently():
    # p = 1/2, u = 2: φ(2) = log(e/2 + e^{-1}/2) while the printed right side is u²·p(1−p)/2 = 1/2.
    with mpmath.workdps(60):
        phi2 = mpmath.log(mpmath.e / 2 + mpmath.exp(-1) / 2)
        assert mpmath.mpf(1) / 2 - phi2 > MP_MARGIN
        # and the correct remainder form holds for some v in [0, 2]: φ''(v) = 2φ(2)/4 is attained
        rho = lambda v: mpmath.exp(v) / (1 + mpmath.exp(v))
        target = phi2 / 2
        v = mpmath.findroot(lambda x: rho(x) * (1 - rho(x)) - target, 1)
        assert 0 <= v <= 2


def test_worst_violation_detects_the_printed_form_and_passes_the_true_form():
    dists = [{F(0): F(1, 2), F(2): F(1, 2)}] * 100
    ranges = [F(2)] * 100
    assert ch.worst_violation(dists, ranges, squared=True) is None
    eps, tail, q = ch.worst_violation(dists, ranges, squared=False)
    assert tail > 0 and eps > 0 and q < 0


def test_ranges_at_most_one_make_printed_form_true():
    # For b − a <= 1 the printed denominator Σ(b−a) >= Σ(b−a)², so the printed bound is weaker: no violation.
    dists = [{F(0): F(1, 3), F(1): F(2, 3)}] * 30
    assert ch.worst_violation(dists, [F(1)] * 30, squared=False) is None


def test_hlemma_proof_steps_are_checked():
    art = ch.hlemma_proof()
    assert len(art.steps) >= 7 and "ρ(1−ρ)" in art.steps[5][0]
    # the convexity step the source uses is recorded, and reasoning steps are marked as such
    assert art.steps[0][0].startswith("chord of x ↦ e^{sx}")
    assert all(d.startswith("(argument)") == c.startswith("rests on:") for d, c in art.steps)
