"""Synthetic ranker setting, PBM click logs and the ARP learners of source 002 (sim/ultr_logs.py, sim/ultr_learn.py)."""
import itertools
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import check_grad

from clickbound.sim import ultr_learn as ul
from clickbound.sim import ultr_logs as lg

#: finite-difference gradient check: relative error of a smooth loss in float64, step ~1.5e-8
GRAD_RTOL = 1e-5


def _setting(seed=0, Q=6, D=4, p=3, sessions=2, eta=1.0, noise=0.0):
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    co = lg.make_corpus(rng, Q, D, p)
    w_log = lg.logging_weights(rng, co.w_true, 0.5)
    theta = lg.examination(D, eta)
    return co, theta, lg.simulate_log(rng, co, theta, w_log, sessions, noise=noise)


def test_examination_joachims_form():
    th = lg.examination(5, 2.0)
    assert th[0] == 1.0 and np.all(np.diff(th) < 0)
    assert th[2] == pytest.approx(1 / 9)
    assert np.array_equal(lg.examination(4, 0.0), np.ones(4))
    with pytest.raises(ValueError):
        lg.examination(0, 1.0)
    with pytest.raises(ValueError):
        lg.examination(3, -0.5)


def test_logging_weights_have_the_stated_correlation():
    rng = np.random.default_rng(1)
    w = rng.standard_normal(7)
    w /= np.linalg.norm(w)
    v = lg.logging_weights(rng, w, 0.3)
    assert np.linalg.norm(v) == pytest.approx(1.0) and v @ w == pytest.approx(0.3)


def test_log_structure_and_pbm_mechanics():
    co, _theta, log = _setting(noise=1.0)
    Q, D = co.gamma.shape
    assert len(log) == Q * 2 * D
    # every session shows each document once, at distinct positions 0..D-1
    pos = log.k.reshape(-1, D)
    assert all(sorted(row) == list(range(D)) for row in pos)
    assert np.all(log.c <= log.r)          # C = E·R
    # with θ ≡ 1 (η = 0) every relevant document is clicked: C = R
    _, _, log0 = _setting(eta=0.0)
    assert np.array_equal(log0.c, log0.r)


def test_same_seed_same_log_and_deterministic_ranker():
    _, _, a = _setting(seed=3)
    _, _, b = _setting(seed=3)
    assert all(np.array_equal(getattr(a, f), getattr(b, f)) for f in "qdkcr")
    # noise = 0: both sessions of a query show the same ranking
    D = 4
    k = a.k.reshape(-1, 2, D)
    assert np.array_equal(k[:, 0], k[:, 1])


def test_ipw_moments_match_enumeration_naive_is_biased():
    # three records (θ, γ, f); all 2^6 outcomes of (E, R) enumerated in exact rationals
    th = (Fraction(1), Fraction(1, 2), Fraction(1, 5))
    ga = (Fraction(1, 3), Fraction(3, 4), Fraction(1, 2))
    f = (Fraction(1), Fraction(2), Fraction(3))
    tau = Fraction(1, 4)
    def moments(w):
        m1 = m2 = Fraction(0)
        for er in itertools.product((0, 1), repeat=6):
            pr, tot = Fraction(1), Fraction(0)
            for i in range(3):
                e, r = er[2 * i], er[2 * i + 1]
                pr *= (th[i] if e else 1 - th[i]) * (ga[i] if r else 1 - ga[i])
                tot += e * r * w(i) * f[i]
            m1 += pr * tot
            m2 += pr * tot * tot
        return m1, m2 - m1 * m1
    target = sum(g * x for g, x in zip(ga, f))
    ipw = moments(lambda i: 1 / th[i])
    clip = moments(lambda i: 1 / max(th[i], tau))
    naive = moments(lambda i: 1)
    assert ipw[0] == target and naive[0] != target       # IPW unbiased, naive biased (exact)
    assert clip[0] < target and clip[1] < ipw[1]          # clipping: biased down, smaller variance
    fl = [np.array([float(x) for x in a]) for a in (th, ga, f)]
    for (m, v), clipv in ((ipw, None), (clip, float(tau))):
        fm, fv = ul.ipw_moments(*fl, clip=clipv)
        assert fm == pytest.approx(float(m), rel=1e-12) and fv == pytest.approx(float(v), rel=1e-12)


def test_record_weights():
    _co, theta, log = _setting(Q=30, sessions=10, eta=2.0)
    assert np.any((log.c == 1) & (theta[log.k] < 0.2))  # some clicked record is clipped
    ipw = ul.record_weights(log, theta, "IPW")
    clip = ul.record_weights(log, theta, "clipped IPW", clip=0.2)
    assert np.allclose(ipw, log.c / theta[log.k])
    assert np.all(clip <= ipw) and np.any(clip < ipw)
    assert np.array_equal(ul.record_weights(log, theta, "naive"), log.c)
    assert np.array_equal(ul.record_weights(log, theta, "skyline"), log.r)
    with pytest.raises(ValueError):
        ul.record_weights(log, theta, "clipped IPW")
    with pytest.raises(ValueError):
        ul.record_weights(log, theta, "doubly robust")


def test_pairwise_loss_gradient_and_rank_bound():
    co, theta, log = _setting()
    W = ul.pair_weights(log, co.gamma.shape, ul.record_weights(log, theta, "IPW"))
    rng = np.random.default_rng(5)
    for _ in range(3):
        w = rng.standard_normal(co.X.shape[2])
        err = check_grad(lambda v: ul.pairwise_loss(v, co.X, W)[0], lambda v: ul.pairwise_loss(v, co.X, W)[1], w)
        assert err <= GRAD_RTOL * max(1.0, np.linalg.norm(ul.pairwise_loss(w, co.X, W)[1]))
    # 1 + Σ_(d'≠d) log2(1 + e^{s_d' − s_d}) bounds the rank of d from above (ties included)
    s = np.array([[0.3, 0.3, -1.0, 2.0]])
    bound = 1 + np.array([sum(np.log2(1 + np.exp(s[0, j] - s[0, i])) for j in range(4) if j != i) for i in range(4)])
    order = np.argsort(-s[0], kind="stable")
    rank = np.empty(4)
    rank[order] = np.arange(1, 5)
    assert np.all(bound >= rank)


def test_arp():
    gamma = np.array([[0.9, 0.1, 0.5]])
    best = ul.arp(gamma, gamma)
    assert best == pytest.approx((0.9 * 1 + 0.5 * 2 + 0.1 * 3) / 1.5)
    assert ul.arp(-gamma, gamma) > best


def test_fit_ranker_on_full_information_finds_relevance_direction():
    rng = np.random.default_rng(np.random.SeedSequence(11))
    co = lg.make_corpus(rng, 80, 6, 4, pair_noise=0.0)
    W = co.gamma * 5.0      # the expected skyline weights of 5 sessions
    w = ul.fit_ranker(co, W)
    assert w @ co.w_true / np.linalg.norm(w) > 0.95
