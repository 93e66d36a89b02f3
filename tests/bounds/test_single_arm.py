"""Single-arm bounds: Lai–Robbins, KL-UCB, UCB1 as printed / corrected (UCB1-BOUND, DCM-FACT;
sources 002_3ec5ec57f55c1fdf.txt, 003_f899901a464da92a.txt, 000_0b27131c69d8f24c.txt)."""
import math

import mpmath as mp
import pytest

from clickbound.bounds import single_arm as sa

#: float64 evaluation of a handful of logs and quotients; 1e-12 relative leaves margin
RTOL = 1e-12


@pytest.fixture(autouse=True)
def _mp50():
    """The mpmath reference values at 50 digits, restored after each test (mpmath's precision is global:
    setting it at import would change every later test of the same process)."""
    with mp.workdps(50):
        yield


def test_ucb1_as_printed_hand_value():
    # mu = (0.9, 0.8, 0.5), T = 1000, α = 2: gaps 0.1, 0.4
    # 2[(log 1000/0.1 + 2·0.1/1) + (log 1000/0.4 + 2·0.4/1)]  (mpmath dps=50)
    # -> 174.69388197455342630134935910132731557008261164716
    r = sa.ucb1_bound_as_printed([0.9, 0.8, 0.5], 1000, 2.0)
    assert r.value == pytest.approx(174.69388197455343, rel=RTOL)
    assert not r.asymptotic and r.kind == "upper"


def test_ucb1_corrected_multiplies_the_log_term_by_alpha():
    mu, T, alpha = [0.9, 0.8, 0.5], 1000, 2.0
    p = sa.ucb1_bound_as_printed(mu, T, alpha)
    c = sa.ucb1_bound_corrected(mu, T, alpha)
    # corrected − printed = 2(α−1) Σ log T/Δ_a = 2·1·(log 1000)(1/0.1 + 1/0.4) = 25 log 1000
    assert c.value - p.value == pytest.approx(25 * math.log(1000), rel=RTOL)
    assert c.log_coefficient == pytest.approx(alpha * p.log_coefficient, rel=RTOL)


def test_ucb1_tied_second_arm_is_vacuous():
    r = sa.ucb1_bound_corrected([0.7, 0.7, 0.2], 100, 1.5)
    assert math.isinf(r.value)


def test_lai_robbins_and_klucb():
    # mpmath: 0.1 / KL(0.4 || 0.5) -> 4.9663496164754543224568625814822122820559682938975
    lr = sa.lai_robbins([0.5, 0.4], n=10**6)
    assert lr.log_coefficient == pytest.approx(4.9663496164754543, rel=RTOL)
    assert lr.kind == "lower" and lr.asymptotic
    kl = sa.klucb_asymptotic([0.5, 0.4, 0.4, 0.5])
    # asymptotic optimality: KL-UCB's constant equals Lai–Robbins'; tied best arms add nothing
    assert kl.log_coefficient == pytest.approx(2 * lr.log_coefficient, rel=RTOL)


def test_lai_robbins_pulls_fact_as_printed():
    std = sa.lai_robbins_pulls([0.2, 0.05, 0.1])
    printed = sa.lai_robbins_pulls([0.2, 0.05, 0.1], as_printed=True)
    assert std[0] == 0.0
    assert std[1] == pytest.approx(float(1 / (mp.mpf("0.05") * mp.log(mp.mpf("0.05") / mp.mpf("0.2"))
                                               + mp.mpf("0.95") * mp.log(mp.mpf("0.95") / mp.mpf("0.8")))),
                                   rel=1e-10)  # KL of close-ish arguments: a few digits of cancellation
    assert printed[1:] == pytest.approx([0.15 * std[1], 0.1 * std[2]], rel=RTOL)


@pytest.mark.parametrize("call, match", [
    (lambda: sa.ucb1_bound_as_printed([0.5, 0.4], 100, 1.0), "alpha"),
    (lambda: sa.ucb1_bound_as_printed([0.5, 0.4], 0, 2.0), "T must be"),
    (lambda: sa.ucb1_bound_as_printed([0.5], 100, 2.0), "two arms"),
    (lambda: sa.lai_robbins([0.5, -0.1]), "mu must lie"),
    (lambda: sa.klucb_asymptotic([0.5, 0.4], n=1), "n must be"),
])
def test_validation(call, match):
    with pytest.raises(ValueError, match=match):
        call()
