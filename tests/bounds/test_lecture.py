"""bounds/lecture.py: Exp3, ranked bandits and DBGD bounds (source 003)."""
import math

import pytest

from clickbound.bounds import lecture as lb


@pytest.mark.parametrize("n,K", [(10, 2), (1000, 10), (10 ** 6, 50)])
def test_exp3_tuned_meets_corollary(n, K):
    b = lb.exp3_bound(n, K)
    # Theorem 3.1 at the tuned γ < 1 equals 2 sqrt(e − 1) sqrt(g K ln K) exactly; at γ = 1 it is smaller
    assert b.value <= b.details["corollary_value"] * (1 + 1e-12)
    if b.details["gamma"] < 1:
        assert b.value == pytest.approx(b.details["corollary_value"], rel=1e-12)


def test_exp3_untuned_and_minimiser():
    n, K = 10_000, 5
    best = lb.exp3_bound(n, K).value
    for g in (0.01, 0.05, 0.2, 1.0):
        assert lb.exp3_bound(n, K, gamma=g).value >= best * (1 - 1e-12)   # the tuned γ minimises Theorem 3.1


def test_rba_bound_is_k_times_exp3_and_shapes():
    b = lb.rba_shortfall_bound(1000, 3, 10)
    assert b.value == pytest.approx(3 * lb.exp3_bound(1000, 10).value)
    new, old = lb.rba_lecture_shape(1000, 3, 10), lb.rba_lecture_shape(1000, 3, 10, old=True)
    assert old.value == pytest.approx(math.sqrt(10) * new.value) and new.asymptotic


def test_dbgd_bound_formula():
    b = lb.dbgd_bound(10 ** 4, 2, 1.0, 0.25)
    assert b.value == pytest.approx(2 * 1000 * math.sqrt(26 * 2 * 0.25))
    d, g = lb.dbgd_steps(10 ** 4, 2, 1.0, 0.25)
    assert g == pytest.approx(0.01) and d == pytest.approx(math.sqrt(4 / (math.sqrt(13) * 0.25)) / 10)


@pytest.mark.parametrize("call", [lambda: lb.exp3_bound(0, 3), lambda: lb.exp3_bound(10, 1),
                                  lambda: lb.exp3_bound(10, 3, gamma=0), lambda: lb.rba_shortfall_bound(10, 4, 3),
                                  lambda: lb.dbgd_bound(10, 2, -1, 1)])
def test_bad_input(call):
    with pytest.raises(ValueError):
        call()
