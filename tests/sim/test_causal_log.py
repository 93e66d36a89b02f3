"""sim/causal_log.py: the CausE experiment's synthetic log (source 002)."""
import dataclasses
import itertools
import math

import numpy as np
import pytest

from clickbound.sim.causal_log import LogConfig, draw_log

SMALL = LogConfig(n_users=60, n_items=50, density_c=0.1)


def test_same_seed_same_log_other_seed_other_log():
    a, b, c = draw_log(SMALL, 7), draw_log(SMALL, 7), draw_log(SMALL, 8)
    for f in ("P", "pi_c", "Rc", "Rt", "Vc", "Vt", "test"):
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
    assert not np.array_equal(a.Rc, c.Rc) and not np.array_equal(a.P, c.P)


def test_policy_mean_ratings_and_masks():
    log = draw_log(SMALL, 3)
    assert abs(log.pi_c.mean() - SMALL.density_c) < 1e-9          # the bisection's target
    assert set(np.unique(log.P)) <= {-2.0, -1.0, 0.0, 1.0, 2.0}
    shares = np.array([(log.P == v).mean() for v in (-2, -1, 0, 1, 2)])
    # quantile cuts of a continuous score: each share is within one pair of its target
    assert np.all(np.abs(shares - np.array(SMALL.rating_shares)) <= 1.0 / log.P.size + 1e-12), shares
    # exposure rises with the rating (MNAR): mean pi_c per rating level is increasing
    per = [log.pi_c[log.P == v].mean() for v in (-2, -1, 0, 1, 2)]
    assert all(x < y for x, y in itertools.pairwise(per)), per
    assert not (log.Rc & log.Vc).any() and not (log.Rt & log.Vt).any()
    assert not (log.test & (log.train | log.val)).any()


def test_randomised_share_is_the_sources_three_percent():
    cfg = LogConfig(n_users=300, n_items=300, density_c=0.1)
    assert math.isclose(cfg.pi_rand / (cfg.pi_rand + cfg.density_c), 0.03, rel_tol=1e-12)
    log = draw_log(cfg, 11)
    n_t = int((log.Rt | log.Vt).sum())
    n_c = int((log.Rc | log.Vc).sum())
    # |S_t| ~ Binomial(U I, pi_rand): within 4 standard deviations of its mean
    N = log.P.size
    mu, sd = N * cfg.pi_rand, math.sqrt(N * cfg.pi_rand * (1 - cfg.pi_rand))
    assert abs(n_t - mu) < 4 * sd, (n_t, mu, sd)
    assert 0.02 < n_t / (n_t + n_c) < 0.04


def test_split_share_and_test_density():
    cfg = LogConfig(n_users=300, n_items=300, density_c=0.1)
    log = draw_log(cfg, 12)
    logged = (log.Rc | log.Rt | log.Vc | log.Vt)
    frac_val = (log.Vc | log.Vt).sum() / logged.sum()
    n = logged.sum()
    assert abs(frac_val - cfg.val_share) < 4 * math.sqrt(cfg.val_share * (1 - cfg.val_share) / n)
    free = ~logged
    dens = log.test.sum() / free.sum()
    assert abs(dens - cfg.test_density) < 4 * math.sqrt(cfg.test_density * (1 - cfg.test_density) / free.sum())


def test_bad_config_is_refused():
    with pytest.raises(ValueError):
        LogConfig(random_share=0.0)
    with pytest.raises(ValueError):
        dataclasses.replace(SMALL, rating_shares=(0.5, 0.5, 0.0, 0.0, 0.1))
