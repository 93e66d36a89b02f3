"""Cascade bounds (sources 000_0b27131c69d8f24c.txt 命題1 / appendix, 003_f899901a464da92a.txt)."""
import math

import pytest

from clickbound.bounds import cascade, dcm

#: float64 arithmetic on a few logs; relative 1e-12 leaves margin
RTOL = 1e-12
W_BLOG = [0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1]  # the blog's w̄ (source 004)


def test_cascade_klucb_is_p1_at_K():
    r = cascade.cascade_klucb_bound(W_BLOG, 3, 10**5, eps=0.05)
    p1 = dcm.dcm_p1(W_BLOG, 3, 10**5, eps=0.05)
    assert r.value == pytest.approx(p1.value, rel=RTOL)
    assert r.log_coefficient == pytest.approx(p1.log_coefficient, rel=RTOL)
    assert r.asymptotic and any("C_2" in o for o in r.omitted)


def test_cascade_ucb1_has_no_constant_in_the_sources():
    r = cascade.cascade_ucb1_order(W_BLOG, 3, 10**5)
    assert math.isnan(r.log_coefficient) and r.asymptotic


def test_cascade_ucb1_recalled_hand_value_and_label():
    # w = (0.5, 0.3, 0.2), K = 1: 12/0.2 + 12/0.3 = 100; (π²/3)·3 = π²; n = 100
    r = cascade.cascade_ucb1_kveton_recalled([0.2, 0.5, 0.3], 1, 100)
    assert r.value == pytest.approx(100 * math.log(100) + math.pi ** 2, rel=RTOL)
    assert "NOT in the sources" in r.source


def test_cascade_lower_bound_is_t3_with_gamma_one():
    r = cascade.cascade_lower_bound(16, 4, 0.2, 0.15)
    # DCM-T3 is linear in γ: at γ = 1 it is twice its γ = 0.5 value 4.9051006711307172 (test_dcm)
    assert r.log_coefficient == pytest.approx(2 * 4.9051006711307172, rel=1e-10)
    assert r.kind == "lower"


def test_validation():
    with pytest.raises(ValueError, match="K must be"):
        cascade.cascade_klucb_bound([0.5, 0.2], 3, 100)
    with pytest.raises(ValueError, match="w must lie"):
        cascade.cascade_ucb1_kveton_recalled([0.5, 2.0], 1, 100)
