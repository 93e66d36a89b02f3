"""The constant of the carousel paper's Lemma 1 after the peeling repair (source 001_eb740855b56fcd8b.txt, 補題 1, 定理 1)."""
import math
from fractions import Fraction as F

import pytest

from clickbound.bounds import depth
from clickbound.lemmas.depth.lemma1 import peeling as pl


@pytest.mark.parametrize("eta,T", [(F(3, 2), 100), (F(5, 4), 1000), (F(2), 64), (F(11, 10), 500)])
def test_block_starts_count_the_blocks(eta, T):
    starts = pl.block_starts(eta, T)
    assert starts[0] == 1 and starts == sorted(starts) and starts[-1] <= T
    # ⌊log_η t⌋ + 1 = #{k : ⌈η^k⌉ ≤ t}, checked here with floating logs away from the integer powers
    for t in range(2, T + 1):
        x = math.log(t) / math.log(eta)
        if abs(x - round(x)) > 1e-9:
            assert math.floor(x) + 1 == sum(c <= t for c in starts), t


def test_a_wrong_constant_would_be_caught():
    """Power: the check compares bounds.depth.peeling_series with exact partial sums, so a constant
    without its log factor (the printed 2ζ(2α/η)-type value) fails it."""
    from scipy.special import zeta

    rows = pl._identity_rows()
    r = next(r for r in rows if r["alpha"] == "1")
    a, eta = float(F(r["alpha"])), float(F(r["eta"]))
    assert 2 * zeta(2 * a / eta) < float(r["partial_sum"]) < depth.peeling_series(a, eta)


def test_constant_is_an_upper_bound_of_the_series():
    alpha, beta = 0.75, 1.2
    s = 2 * alpha / beta
    partial = sum(2 * (math.floor(math.log(t) / math.log(beta) + 1e-12) + 1) * t ** (-s) for t in range(1, 200_001))
    c = depth.peeling_series(alpha, beta)
    assert partial < c
    # the rest of the series from t = 200,001 on is below 2(log_β T + 2) ∫ ... ; a crude bound
    T = 200_000
    rest = 2 * (math.log(T) / math.log(beta) + 2) * T ** (1 - s) / (s - 1) + 2 * T ** (1 - s) / ((s - 1) ** 2 * math.log(beta))
    assert c < partial + rest


def test_constant_finite_on_the_whole_range_and_decreasing():
    vals = [depth.lemma1_peeling_constant(a)[0] for a in (0.51, 0.6, 0.75, 1.0, 1.5, 2.0)]
    assert all(math.isfinite(v) for v in vals)
    assert all(x > y for x, y in zip(vals, vals[1:]))
    with pytest.raises(ValueError, match="alpha > 1/2"):
        depth.lemma1_peeling_constant(0.5)
    with pytest.raises(ValueError, match="1 < beta < 2\\*alpha"):
        depth.peeling_series(0.75, 1.5)


def test_theorem1_with_each_repair():
    th, P = [0.5, 0.3, 0.1], [1.0, 0.5]
    peel = depth.od_t1_bound(th, P, 1000, 0.6, repaired="peeling")
    assert peel.theorem_id == "OD-T1/repaired-peeling" and math.isfinite(peel.value)
    assert peel.details["constant_term"] == pytest.approx(len(P) * len(th) * depth.lemma1_peeling_constant(0.6)[0])  # K L C
    with pytest.raises(ValueError, match="union-bound repair"):
        depth.od_t1_bound(th, P, 1000, 0.6, repaired="union")
    with pytest.raises(ValueError, match="alpha must be"):
        depth.od_t1_bound(th, P, 1000, 0.5, repaired="peeling")
    # for α > 1 both repairs are valid; "best" takes the smaller constant (the union bound at α = 2)
    best = depth.od_t1_bound(th, P, 1000, 2.0, repaired="best")
    union = depth.od_t1_bound(th, P, 1000, 2.0, repaired=True)
    assert best.theorem_id == union.theorem_id == "OD-T1/repaired" and best.value == union.value
    assert depth.od_t1_bound(th, P, 1000, 1.0, repaired="best").theorem_id == "OD-T1/repaired-peeling"
    with pytest.raises(ValueError, match="repaired must be one of"):
        depth.od_t1_bound(th, P, 1000, 1.0, repaired="peel")
