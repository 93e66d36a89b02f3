"""θ estimation for source 002's ULTR: Naive EM, regression EM, DLA (lemmas/support/ultr_regem.py) on PBM logs of
sim/ultr_logs.py — sparse vs dense pairs, DLA's gradients and its divergence (claims: tests/lemmas/counterfactual/ultr/test_experiments.py)."""
import numpy as np
import pytest
from scipy.optimize import check_grad, minimize

from clickbound.lemmas.support import ultr_regem as rg
from clickbound.sim import ultr_logs as lg

#: finite-difference gradient check tolerance (float64 smooth losses, scipy's default step)
GRAD_RTOL = 1e-5
D, P = 6, 4


def _log(seed, Q, S):
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    co = lg.make_corpus(rng, Q, D, P)
    theta = lg.examination(D, 1.0)
    log = lg.simulate_log(rng, co, theta, lg.logging_weights(rng, co.w_true, 0.5), S, noise=1.0)
    return rng, co, theta, log


def test_dla_gradients_match_finite_differences():
    _rng, co, theta, log = _log(1, 15, 4)
    cw = np.zeros(co.gamma.shape)
    cl = log.c == 1
    np.add.at(cw, (log.q[cl], log.d[cl]), 1.0 / theta[log.k[cl]])
    g = np.random.default_rng(2)
    for _ in range(3):
        phi = g.standard_normal(P)
        err = check_grad(lambda v: rg.dla_relevance_loss(v, co.X, cw)[0],
                         lambda v: rg.dla_relevance_loss(v, co.X, cw)[1], phi)
        assert err <= GRAD_RTOL * max(1.0, np.linalg.norm(rg.dla_relevance_loss(phi, co.X, cw)[1]))
        w = g.uniform(0.1, 3.0, D)
        psi = g.standard_normal(D)
        err = check_grad(lambda v, w=w: rg.dla_propensity_loss(v, w)[0],
                         lambda v, w=w: rg.dla_propensity_loss(v, w)[1], psi)
        assert err <= GRAD_RTOL * max(1.0, np.linalg.norm(rg.dla_propensity_loss(psi, w)[1]))


def test_dla_closed_form_propensity_step_is_the_minimiser():
    w = np.array([3.0, 1.0, 0.5, 0.25])
    num = minimize(lambda v: rg.dla_propensity_loss(v, w), np.zeros(4), jac=True, method="BFGS",
                   options={"gtol": 1e-10}).x
    s = np.exp(num - num.max())
    assert np.allclose(s / s.sum(), w / w.sum(), atol=1e-6)


def test_theta_error_is_scale_free():
    th = lg.examination(D, 1.0)
    assert rg.theta_error(3.0 * th, th) == pytest.approx(0.0, abs=1e-15)
    assert rg.theta_error(np.ones(D), th) == pytest.approx(1 - 1 / D)
    g = np.random.default_rng(0).uniform(0.1, 0.9, (4, D))
    assert rg.gamma_share_error(5 * g, g) == pytest.approx(0.0, abs=1e-12)


def test_naive_em_dense_beats_sparse_and_sparse_goes_flat():
    # same number of records (1200): sparse = 200 queries once each, dense = 4 queries x 50 sessions
    _, co_s, theta, log_s = _log(7, 200, 1)
    _, co_d, _, log_d = _log(8, 4, 50)
    err = {}
    for name, co, log in (("sparse", co_s, log_s), ("dense", co_d, log_d)):
        Q = co.gamma.shape[0]
        t, _ = rg.naive_em(log.k, log.q * D + log.d, log.c, D, Q * D)
        err[name] = rg.theta_error(t, theta)
        if name == "sparse":  # ULTR-EM/sparse-pairs: the MLE's θ is flat at clicked positions
            assert np.all(t / t[0] > 0.9)
    assert err["dense"] < 0.15
    assert err["sparse"] > 0.5


def test_regression_em_and_dla_generalise_over_sparse_pairs():
    rng, co, theta, log = _log(9, 300, 1)
    t_em, _ = rg.naive_em(log.k, log.q * D + log.d, log.c, D, co.gamma.size)
    t_re, predict = rg.regression_em(rng, co.X[log.q, log.d], log.k, log.c, D, n_rounds=15)
    t_dla, _phi = rg.dla(co.X, log.q, log.d, log.k, log.c, D, n_rounds=15)
    e_em, e_re, e_dla = (rg.theta_error(t, theta) for t in (t_em, t_re, t_dla))
    assert e_re < e_em / 2 and e_dla < e_em / 2
    g = predict(co.X.reshape(-1, P))
    assert np.all((g >= rg.GAMMA_EPS) & (g <= 1 - rg.GAMMA_EPS))
    # the regressor's γ tracks the truth better than a constant
    assert np.corrcoef(g, co.gamma.ravel())[0, 1] > 0.5


def test_regression_em_is_reproducible():
    out = []
    for _ in range(2):
        rng, co, _theta, log = _log(4, 40, 1)
        out.append(rg.regression_em(rng, co.X[log.q, log.d], log.k, log.c, D, n_rounds=3)[0])
    assert np.array_equal(out[0], out[1])
