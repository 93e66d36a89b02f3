"""OD-L1 (source 001_eb740855b56fcd8b.txt, 補題 1): Hoeffding at a random sample size."""
import functools
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest

from clickbound.lemmas import check
from clickbound.lemmas.depth.lemma1 import hoeffding as od

# float64 DP over 10^4 steps: accumulated relative rounding ~ 1e4 · 1e-16, so 1e-9 is generous.
FLOAT_DP_RTOL = 1e-9

CLAIMS = {c.id: c for c in od.claims()}  # this module's claims only: other catalogue modules may be mid-edit


@functools.cache
def verdict(cid):
    return check(CLAIMS[cid], budget_s=60)


def _independent_exact(t, alpha, theta):
    """Dict-of-Fractions DP; survival decided per state with mpmath at 60 digits (not via isqrt)."""
    with mpmath.workdps(60):
        r2 = lambda n: mpmath.mpf(alpha.numerator) / alpha.denominator * n * mpmath.log(t)
        th = mpmath.mpf(theta.numerator) / theta.denominator
        alive, crossed = {0: F(1)}, F(0)
        for n in range(1, t + 1):
            nxt = {}
            for k, p in alive.items():
                for dk, pk in ((0, 1 - theta), (1, theta)):
                    nxt[k + dk] = nxt.get(k + dk, F(0)) + p * pk
            alive = {}
            for k, p in nxt.items():
                if (k - n * th) ** 2 <= r2(n):
                    alive[k] = p
                else:
                    crossed += p
    return crossed


@pytest.mark.parametrize("t,alpha", [(100, F(1, 2)), (400, F(1))])
def test_refutation_rechecked_with_an_independent_exact_dp(t, alpha):
    pr = _independent_exact(t, alpha, F(1, 2))
    assert pr == od.stop_rule_deviation_probability(t, alpha, F(1, 2))
    assert pr > 2 * F(t) ** (-int(2 * alpha))  # exceeds the step's bound 2 t^{-2α}
    assert pr <= t * 2 * F(t) ** (-int(2 * alpha))  # but not the repaired 2 t^{1-2α}


def test_t_ten_thousand_against_a_float_dp():
    t = 10_000
    lo_hi = [od.sqrt_log_band(n, t, F(1, 2), F(1, 2)) for n in range(1, t + 1)]
    w = np.zeros(t + 2)
    w[0] = 1.0
    for n, (lo, hi) in enumerate(lo_hi, start=1):
        w[1:n + 1] = 0.5 * (w[1:n + 1] + w[0:n])
        w[0] *= 0.5
        w[:lo] = 0.0
        w[hi + 1:] = 0.0
    exact = od.stop_rule_deviation_probability(t, F(1, 2), F(1, 2))
    assert np.isclose(1.0 - w.sum(), float(exact), rtol=FLOAT_DP_RTOL, atol=0)
    assert exact > F(2, t)


def test_counterexample_in_verdict_is_exact():
    cx = verdict("OD-L1/hoeffding-random-n").counterexample
    assert cx["probability"] == od.stop_rule_deviation_probability(cx["t"], cx["alpha"], cx["theta"])
    assert cx["probability"] > cx["bound"] == od.hoeffding_step_bound(cx["t"], cx["alpha"])


def test_erratum_rows_and_first_exceeding_t():
    e = od.ERRATUM
    assert e.id == "ERR-OD-L1-RANDOM-N" and e.source_file == "001_eb740855b56fcd8b.txt"
    for t, row in e.extra["rows"].items():
        pr = od.stop_rule_deviation_probability(int(t), F(1, 2), F(1, 2))
        assert od._digits(pr) == row["exact_probability"]
        assert od._digits(od.hoeffding_step_bound(int(t), F(1, 2))) == row["bound_2t^-2alpha"]
    for a, row in e.extra["rows_inside_hypothesis_t1000"].items():
        pr = od.stop_rule_deviation_probability(1000, F(a), F(1, 2))
        assert od._digits(pr) == row["exact_probability"]
        assert pr > od.hoeffding_step_bound(1000, F(a))
        assert od._digits(od.hoeffding_step_bound(1000, F(a))) == row["bound_2t^-2alpha"]
    first = next(t for t in range(2, 201) if od.stop_rule_deviation_probability(t, F(1, 2), F(1, 2)) > F(2, t))
    assert first == e.extra["first_t_exceeding_at_alpha_half"] == 81
    # the peeling evidence merged in from lemmas/studies/repair_weakest.py is re-checked by its own tests
    assert set(e.evidence_claims) - set(CLAIMS) == {"OD-L1/peeling", "OD-L1/peeling-exact"}


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="alpha"):
        od.stop_rule_deviation_probability(10, F(0), F(1, 2))
    with pytest.raises(ValueError, match="theta"):
        od.stop_rule_deviation_probability(10, F(1, 2), F(3, 2))
    with pytest.raises(ValueError, match="alpha"):
        od.hoeffding_step_bound(10, F(1, 3))
