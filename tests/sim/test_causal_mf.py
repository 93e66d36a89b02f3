"""sim/causal_mf.py: naive / IPS / CausE objectives of the CausE experiment (source 002)."""
import dataclasses
import itertools

import numpy as np
import pytest

from clickbound.sim.causal_log import LogConfig, draw_log
from clickbound.sim.causal_mf import (
    MFConfig,
    init_params,
    loss_and_grads,
    rel_improvement,
    train,
    weights,
)

TINY = LogConfig(n_users=1, n_items=3, density_c=0.3, random_share=0.2, val_share=0.25)
SMALL = LogConfig(n_users=12, n_items=9, density_c=0.3, random_share=0.2)
#: central differences of a smooth objective at step 1e-6: truncation ~1e-12, rounding ~1e-10
FD_STEP, FD_RTOL = 1e-6, 1e-5


def _enumerate_train(log):
    """Every realisation of (logged by π_c, logged by π_rand, validation) per pair, with its probability:
    yields (train mask, probability)."""
    N = log.P.size
    pc, pr, v = log.pi_c.ravel(), log.pi_rand, log.config.val_share
    for bits in itertools.product((0, 1), repeat=3 * N):
        prob, mask = 1.0, np.zeros(N, bool)
        for j in range(N):
            c, t, val = bits[3 * j: 3 * j + 3]
            prob *= (pc[j] if c else 1 - pc[j]) * (pr if t else 1 - pr) * (v if val else 1 - v)
            mask[j] = (c or t) and not val
        yield mask.reshape(log.P.shape), prob


def test_ips_weights_give_an_unbiased_loss_on_an_enumerated_tiny_log():
    log = draw_log(TINY, 5)
    assert np.ptp(log.pi_c) > 0.05            # a (u,i)-dependent policy: the naive loss must be biased
    delta = np.array([[0.3, 1.7, 4.0]])       # any loss values
    L = delta.mean()
    e_ips = e_naive = p_nonempty = 0.0
    for realised, prob in _enumerate_train(log):
        # the realised training set as the log's S (weights() reads p_train from π_c, π_rand, val_share)
        w = weights(dataclasses.replace(log, Rc=realised, Rt=np.zeros_like(realised)), "ips")["main"]
        e_ips += prob * float((w * delta).sum())
        if realised.any():
            e_naive += prob * float(delta[realised].mean())
            p_nonempty += prob
    assert abs(e_ips - L) < 1e-12, (e_ips, L)
    assert abs(e_naive / p_nonempty - L) > 1e-3     # the naive loss is biased under this policy


def test_weights_match_the_objectives():
    log = draw_log(SMALL, 2)
    w = weights(log, "naive")["main"]
    assert np.isclose(w.sum(), 1.0) and np.all(w[~log.train] == 0)
    w = weights(log, "ips")["main"]
    assert np.allclose(w[log.train], 1.0 / (log.P.size * log.p_train()[log.train]))
    w = weights(log, "cause")
    assert np.isclose(w["t"].sum(), 1.0) and np.isclose(w["c"].sum(), 1.0)
    assert np.all(w["t"][~log.Rt] == 0) and np.all(w["c"][~log.Rc] == 0)
    with pytest.raises(ValueError):
        weights(log, "dr")


def _fd(params, key, idx, f):
    p1 = {k: v.copy() for k, v in params.items()}
    p2 = {k: v.copy() for k, v in params.items()}
    p1[key][idx] += FD_STEP
    p2[key][idx] -= FD_STEP
    return (f(p1) - f(p2)) / (2 * FD_STEP)


@pytest.mark.parametrize("method,tie", [("naive", "c"), ("ips", "c"), ("cause", "both"), ("cause", "c")])
def test_gradients_match_finite_differences(method, tie):
    log = draw_log(SMALL, 4)
    cfg = MFConfig(dim=3, l2=1e-2, lam=5e-2, tie=tie)
    params = init_params(log, method, cfg, [4, 1])
    rng = np.random.default_rng(0)
    for k in params:  # move t and c apart so that no component of θ_c − θ_t sits at the L1 kink
        params[k] = params[k] + 0.3 * rng.standard_normal(params[k].shape)
    _, g = loss_and_grads(params, log, method, cfg)
    no_tie = dataclasses.replace(cfg, lam=0.0)
    for key in params:
        for idx in [(0, 0), (3, 1), (params[key].shape[0] - 1, 2)]:
            if method == "cause" and tie == "c" and key.endswith("_t"):
                # the source's rule: term (3) does not move the t-embeddings
                f = lambda p: loss_and_grads(p, log, method, no_tie)[0]
            else:
                f = lambda p: loss_and_grads(p, log, method, cfg)[0]
            num = _fd(params, key, idx, f)
            assert abs(g[key][idx] - num) <= FD_RTOL * max(1.0, abs(num)), (key, idx, g[key][idx], num)


def test_cause_c_only_tie_differs_from_the_full_gradient_on_t():
    log = draw_log(SMALL, 4)
    cfg = MFConfig(dim=3, lam=5e-2)
    params = init_params(log, "cause", cfg, [4, 1])
    params["th_c"] = params["th_c"] + 0.5
    _, gc = loss_and_grads(params, log, "cause", cfg)
    _, gb = loss_and_grads(params, log, "cause", dataclasses.replace(cfg, tie="both"))
    assert np.allclose(gc["th_c"], gb["th_c"]) and np.allclose(gc["be_c"], gb["be_c"])
    assert np.allclose(gb["th_t"] - gc["th_t"], -cfg.lam * np.sign(params["th_c"] - params["th_t"]))
    with pytest.raises(ValueError):
        loss_and_grads(params, log, "cause", dataclasses.replace(cfg, tie="t"))


def test_cause_without_the_tie_trains_c_as_naive_mf_on_S_c():
    log = draw_log(SMALL, 6)
    cfg = MFConfig(dim=3, lam=0.0, epochs=30, eval_every=10)
    r_c = train(log, "cause", cfg, [6, 1])
    only_c = dataclasses.replace(log, Rt=np.zeros_like(log.Rt), Vt=log.Vt)
    # naive MF on S_c alone, same init and optimiser: the same predictions, hence the same test curve
    r_n = train(only_c, "naive", cfg, [6, 1])
    assert np.allclose(r_c["history"]["test"], r_n["history"]["test"], rtol=0, atol=1e-12)


def test_training_is_deterministic_and_improves_on_the_mean():
    log = draw_log(LogConfig(), 9)   # the experiment's log size: a smaller one is too sparse to learn
    cfg = MFConfig(epochs=200, eval_every=20)
    a, b = train(log, "ips", cfg, [9, 1]), train(log, "ips", cfg, [9, 1])
    assert a["history"] == b["history"]
    assert a["best_on_test"] >= a["best_on_val"]
    assert a["best_on_test"] > 0.0          # better than predicting the mean test rating


def test_rel_improvement_ends():
    P = np.array([[-2.0, 0.0, 1.0], [2.0, 1.0, -1.0]])
    mask = np.ones_like(P, bool)
    assert rel_improvement(P, P, mask) == 1.0
    assert abs(rel_improvement(np.full_like(P, P.mean()), P, mask)) < 1e-15
