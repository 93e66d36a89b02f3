"""DCM bounds (DCM-P1, DCM-T1, DCM-T2, DCM-T3, DCM-FACT; source 000_0b27131c69d8f24c.txt)."""
import math

import mpmath as mp
import numpy as np
import pytest

from clickbound.bounds import dcm

#: float64 KL of close arguments loses ~log10(1/Δ) digits to cancellation; 1e-10 leaves margin
RTOL = 1e-10


@pytest.fixture(autouse=True)
def _mp50():
    """The mpmath reference values at 50 digits, restored after each test (mpmath's precision is global:
    setting it at import would change every later test of the same process)."""
    with mp.workdps(50):
        yield


def kl_mp(p, q):
    """Independent 50-digit Bernoulli KL (0 log 0 = 0), the reference route."""
    p, q = mp.mpf(p), mp.mpf(q)
    out = mp.mpf(0)
    if p > 0:
        out += p * mp.log(p / q)
    if p < 1:
        out += (1 - p) * mp.log((1 - p) / (1 - q))
    return out


def c_mp(we, wi):
    d = mp.mpf(wi) - mp.mpf(we)
    return d * (1 + mp.log(1 / d)) / kl_mp(we, wi)


def test_p1_hand_value():
    # mpmath (dps=50): s = c(0.3,0.5)+c(0.2,0.5); (1+0.1)*s*(log n+3 log log n)+7 log log n, n=1000
    # -> 150.11853671787091420104131086869532471121415250995
    r = dcm.dcm_p1([0.2, 0.5, 0.3], i=1, n=1000, eps=0.1)  # unsorted on purpose
    assert r.value == pytest.approx(150.11853671787091, rel=RTOL)
    assert r.log_coefficient == pytest.approx(float(1.1 * (c_mp("0.3", "0.5") + c_mp("0.2", "0.5"))), rel=RTOL)
    assert r.asymptotic and r.kind == "upper"
    assert any("C_2" in o for o in r.omitted)


def test_t1_blb_hand_value_and_chain():
    # B_LB(16, [4], p=0.2, Δ=0.15, γ=0.5) (EXP-DCM-3ab); mpmath: 0.5/0.8^3 * 12 * c(0.05, 0.2)
    # -> 54.20938561328868708977702300772389215545894710622
    w = dcm.blb_attractions(16, 4, 0.2, 0.15)
    r = dcm.dcm_t1(w, 4, 0.5, 10**5)
    assert r.log_coefficient == pytest.approx(54.209385613288687, rel=RTOL)
    p1 = dcm.dcm_p1(w, 4, 10**5)
    # DCM-T1 = (γ/α) · DCM-P1(i=K), known parts included (source 000, 定理1:証明のつづき)
    assert r.value == pytest.approx(0.5 / 0.8**3 * p1.value, rel=RTOL)


def test_t2_with_constant_v_is_t1():
    w = [0.5, 0.45, 0.4, 0.2, 0.15, 0.1]
    t1 = dcm.dcm_t1(w, 3, 0.7, 5000, eps=0.2)
    t2 = dcm.dcm_t2(w, [0.7, 0.7, 0.7], 5000, eps=0.2)
    assert t2.log_coefficient == pytest.approx(t1.log_coefficient, rel=RTOL)
    assert t2.value == pytest.approx(t1.value, rel=RTOL)
    # only the i = K term survives
    assert [t[3] > 0 for t in t2.details["terms"]] == [False, False, True]


def test_t2_general_v_against_reference():
    w = [0.5, 0.45, 0.4, 0.2, 0.15, 0.1]
    v = [0.9, 0.6, 0.2]
    alpha = mp.mpf("0.5") ** 2
    ws = [mp.mpf(x) for x in ["0.5", "0.45", "0.4", "0.2", "0.15", "0.1"]]
    vv = [mp.mpf(x) for x in ["0.9", "0.6", "0.2", "0"]]
    ref = sum((vv[i] - vv[i + 1]) / alpha * sum(c_mp(ws[e], ws[i]) for e in range(i + 1, 6))
              for i in range(3))
    r = dcm.dcm_t2(w, v, 10**4)
    assert r.log_coefficient == pytest.approx(float(ref), rel=RTOL)


def test_t2_on_blb_with_decreasing_v_is_vacuous():
    # pairs inside A* have Δ = 0 on B_LB, so any positive weight at i < K gives +inf
    w = dcm.blb_attractions(10, 3, 0.2, 0.1)
    r = dcm.dcm_t2(w, [0.8, 0.5, 0.3], 10**4)
    assert math.isinf(r.log_coefficient)
    assert any("vacuous" in note for note in r.notes)


def test_presenter_g_abel_identity():
    # Σ_i (v(i)−v(i+1))(L−i) = v(1)(L − g(K)), g(K) = Σ v(k)/v(1)  (module docstring finding 1)
    rng = np.random.default_rng(np.random.SeedSequence(20261121))
    for _ in range(50):
        K = int(rng.integers(1, 8))
        L = K + int(rng.integers(0, 10))
        v = np.sort(rng.uniform(0.01, 1, K))[::-1]
        g = dcm.dcm_t2_presenter_g(v)
        assert dcm.dcm_t2_equal_constant_count(v, L) == pytest.approx(v[0] * (L - g), rel=1e-12)
        assert 1 - 1e-12 <= g <= K + 1e-12
        # g is non-decreasing along prefixes (adding a position never lowers it)
        gs = [dcm.dcm_t2_presenter_g(v[:k]) for k in range(1, K + 1)]
        assert all(b >= a for a, b in zip(gs, gs[1:]))
    assert dcm.dcm_t2_presenter_g([0.4] * 5) == 5.0  # g = K iff v̄ constant (Theorem 1's γ(L−K))


def test_t3_and_fact_as_printed():
    # mpmath: 0.5 * 0.8^3 * 12 * 0.15 / KL(0.05 || 0.2) -> 4.9051006711307171802947518492988659995609385248223
    r = dcm.dcm_t3(16, 4, 0.2, 0.15, 0.5, n=10**5)
    assert r.log_coefficient == pytest.approx(4.9051006711307172, rel=RTOL)
    assert r.kind == "lower" and r.asymptotic
    f = dcm.dcm_t3_fact_as_printed(16, 4, 0.2, 0.15, 0.5)
    assert f.log_coefficient == pytest.approx(0.15 * r.log_coefficient, rel=RTOL)


def test_pair_constant_edges():
    assert math.isinf(dcm.pair_constant(0.3, 0.3))  # Δ = 0: limit is +inf
    assert dcm.pair_constant(0.3, 1.0) == 0.0        # D_KL(w‖1) = +inf
    with pytest.raises(ValueError, match="sorted"):
        dcm.pair_constant(0.5, 0.3)


@pytest.mark.parametrize("call, match", [
    (lambda: dcm.dcm_p1([0.5, 1.2], 1, 100), "w must lie"),
    (lambda: dcm.dcm_p1([0.5, 0.2], 3, 100), "i must be"),
    (lambda: dcm.dcm_p1([0.5, 0.2], 1, 2), "n must be"),
    (lambda: dcm.dcm_p1([0.5, 0.2], 1, 100, eps=-0.1), "eps"),
    (lambda: dcm.dcm_t1([0.5, 0.2], 3, 0.5, 100), "K must be"),
    (lambda: dcm.dcm_t1([0.5, 0.2], 1, 1.5, 100), "gamma"),
    (lambda: dcm.dcm_t1([1.0, 0.2, 0.1], 2, 0.5, 100), "α"),
    (lambda: dcm.dcm_t2([0.5, 0.2, 0.1], [0.3, 0.6], 100), "non-increasing"),
    (lambda: dcm.dcm_t2([0.5, 0.2], [0.3, 0.2, 0.1], 100), "K = len"),
    (lambda: dcm.dcm_t3(10, 3, 0.2, 0.3, 0.5), "delta"),
    (lambda: dcm.dcm_t3(10, 11, 0.2, 0.1, 0.5), "K must be"),
    (lambda: dcm.dcm_t3(10, 3, 0.0, 0.1, 0.5), "p must"),
    (lambda: dcm.dcm_p1([], 1, 100), "non-empty"),
])
def test_validation(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_t2_graded_instance():
    # module docstring finding 2: with distinct optimal attractions 0.01 apart the i < K terms
    # (pairs inside A*) dominate and the coefficient grows with K; numbers from dcm_t2_terms,
    # cross-checked for K = 3 against the 50-digit reference below.
    coefs, shares = [], []
    for K in range(1, 6):
        w = [0.2 - 0.01 * k for k in range(K)] + [0.05] * (10 - K)
        v = np.linspace(0.8, 0.8 - 0.1 * (K - 1), K)
        terms = dcm.dcm_t2_terms(w, v)
        coef = sum(t[3] for t in terms)
        coefs.append(coef)
        shares.append(1 - terms[-1][3] / coef)
    assert all(b > a for a, b in zip(coefs, coefs[1:]))
    assert shares[0] == 0 and all(b > a for a, b in zip(shares, shares[1:])) and shares[4] > 0.9
    ws = [mp.mpf("0.2"), mp.mpf("0.19"), mp.mpf("0.18")] + [mp.mpf("0.05")] * 7
    vv = [mp.mpf("0.8"), mp.mpf("0.7"), mp.mpf("0.6"), mp.mpf(0)]
    alpha = (1 - mp.mpf("0.2")) ** 2
    ref = sum((vv[i] - vv[i + 1]) / alpha * sum(c_mp(ws[e], ws[i]) for e in range(i + 1, 10))
              for i in range(3))
    assert coefs[2] == pytest.approx(float(ref), rel=RTOL)
