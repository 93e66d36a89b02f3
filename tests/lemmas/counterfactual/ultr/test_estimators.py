"""Tests for ULTR-IPW, NAIVE, IRW, RAND, EM (source 002_3ec5ec57f55c1fdf.txt)."""
from fractions import Fraction

import numpy as np
import pytest

from clickbound.lemmas import check
from clickbound.lemmas.counterfactual.ultr.estimators import (
    REC_FAMILY_LEVEL,
    REC_TOL,
    recovery_standard_errors,
    ultr_claims,
)
from clickbound.lemmas.support.ultr_em import (
    compress_log,
    em_step,
    em_step_exact,
    em_step_mp,
    log_likelihood,
    posteriors_c0,
    random_log,
    run_em,
    simulate_pbm_log,
)

_CLAIMS = {c.id: c for c in ultr_claims()}


@pytest.mark.parametrize("cid", ["ULTR-IPW", "ULTR-NAIVE", "ULTR-IRW"])
def test_identities_are_proved_for_every_log_not_one_log(cid):
    # scope "all" rests on: one generic record enumerated, linearity over a symbolic number n of records;
    # the 3-record log is only a cross-check
    steps = check(_CLAIMS[cid], budget_s=10).evidence["proof"]["steps"]
    assert steps[0]["step"].startswith("one generic record")
    assert steps[1]["step"].startswith("(cited: linearity of expectation) linearity of expectation")
    assert "(r, 1, n)" in steps[2]["checked"]  # a sum over a symbolic number of records
    assert steps[-1]["step"].startswith("cross-check")
    assert "for every log" in _CLAIMS[cid].statement_text


def test_rand_is_proved_for_symbolic_N():
    steps = check(_CLAIMS["ULTR-RAND"], budget_s=10).evidence["proof"]["steps"]
    assert any("factorial(N - 1)/factorial(N) == 1/N" in s["checked"] for s in steps)
    assert any("(d, 1, N)" in s["checked"] for s in steps)


def test_recovery_is_statistical_with_test_and_level():
    v = check(_CLAIMS["ULTR-EM/recovery"], budget_s=10)
    assert v.status in ("consistent-in-simulation", "violated-in-simulation")
    assert "test" in v.evidence and 0 < v.evidence["level"] <= REC_FAMILY_LEVEL
    # the level is the Bonferroni bound recomputed from the standard errors
    se = np.array(v.evidence["standard_errors"])
    from scipy.stats import norm
    assert abs(v.evidence["level"] - np.sum(2 * norm.sf(REC_TOL / se))) < 1e-3 * v.evidence["level"]


def test_recovery_standard_errors_match_a_binomial_cell():
    # one position, one document: θ_1γ_1 is one cell's click rate, SE = sqrt(p(1−p)/n)
    se = recovery_standard_errors([1.0], [0.3], 10_000)
    assert se.shape == (1,) and abs(se[0] - np.sqrt(0.3 * 0.7 / 10_000)) < 1e-12


def test_naive_counterexample_rechecked_in_fractions():
    ce = check(_CLAIMS["ULTR-NAIVE/unbiased"], budget_s=10).counterexample
    th = [Fraction(str(ce["theta0"])), Fraction(str(ce["theta1"]))]
    ga = [Fraction(str(ce[f"gamma{r}"])) for r in range(3)]
    f = [Fraction(str(ce[f"f{r}"])) for r in range(3)]
    pos = (0, 1, 0)  # LOG_POSITIONS
    naive = sum(th[pos[r]] * ga[r] * f[r] for r in range(3))  # E[C] = θγ, by hand
    truth = sum(ga[r] * f[r] for r in range(3))
    assert naive != truth


def test_ipw_by_simulation():
    # Monte Carlo of the IPW estimator (seeded): mean within 5 standard errors of Σ γ f
    rng = np.random.default_rng(np.random.SeedSequence(11))
    theta, gamma, f = np.array([1.0, 0.5, 0.2]), np.array([0.8, 0.3, 0.6]), np.array([1.0, 2.0, 0.5])
    n = 200_000
    E = rng.random((n, 3)) < theta
    R = rng.random((n, 3)) < gamma
    ipw = ((E & R) / theta * f).sum(axis=1)
    se = ipw.std(ddof=1) / np.sqrt(n)
    assert abs(ipw.mean() - (gamma * f).sum()) < 5 * se
    naive = ((E & R) * f).sum(axis=1)
    assert abs(naive.mean() - (gamma * f).sum()) > 20 * se  # the naive loss is visibly biased


def test_posteriors_are_probabilities_on_a_grid_with_edges():
    g = np.array([0.0, 1e-9, 0.3, 0.5, 0.999999, 1.0])
    th, ga = np.meshgrid(g, g)
    ok = th * ga < 1  # 1 − θγ = 0 only at θ = γ = 1, where c = 0 has probability 0
    parts = posteriors_c0(th[ok], ga[ok])
    tol = 1e-9  # a few ulps (2.2e-16) amplified by 1/(1 − θγ) ≤ 1e6 on this grid: ~1e-10
    assert np.allclose(sum(parts), 1.0, rtol=0, atol=tol)
    assert all((p >= 0).all() and (p <= 1 + tol).all() for p in parts)


def test_em_step_matches_50_digit_step():
    rng = np.random.default_rng(np.random.SeedSequence(5))
    k, d, c = random_log(rng, 40, 3, 4, 0.4)
    th, ga = rng.uniform(0.1, 0.9, 3), rng.uniform(0.1, 0.9, 4)
    t2, g2 = em_step(k, d, c.astype(float), th, ga, 3, 4)
    before, after = em_step_mp(k, d, c, th, ga, 3, 4)
    assert abs(float(before) - log_likelihood(k, d, c, th, ga)) < 1e-10  # float LL of ~30 terms
    assert abs(float(after) - log_likelihood(k, d, c, t2, g2)) < 1e-10
    assert after >= before  # EM monotonicity, decided at 50 digits here


def test_exact_em_step_matches_float_and_50_digit_steps():
    rng = np.random.default_rng(np.random.SeedSequence(5))
    k, d, c = random_log(rng, 40, 3, 4, 0.4)
    th, ga = rng.uniform(0.1, 0.9, 3), rng.uniform(0.1, 0.9, 4)
    t2, g2 = em_step(k, d, c.astype(float), th, ga, 3, 4)
    lik0, lik1, te, ge = em_step_exact(k, d, c, th, ga, 3, 4)
    before, after = em_step_mp(k, d, c, th, ga, 3, 4)
    assert all(isinstance(x, Fraction) for x in (lik0, lik1, *te, *ge))
    assert np.allclose([float(x) for x in te], t2, rtol=1e-12) and np.allclose([float(x) for x in ge], g2, rtol=1e-12)
    # log of the exact likelihoods agrees with the 50-digit log-likelihoods
    import mpmath as mp
    with mp.workdps(50):
        assert abs(mp.log(mp.mpf(lik0.numerator) / lik0.denominator) - before) < mp.mpf(10) ** -40
        assert abs(mp.log(mp.mpf(lik1.numerator) / lik1.denominator) - after) < mp.mpf(10) ** -40
    assert lik1 >= lik0  # EM monotonicity, decided exactly


def test_exact_em_step_detects_a_decrease():
    # the exact comparison has teeth: an iterate that is *not* an EM step (θ pushed away from the MLE)
    # lowers the exact likelihood, and the comparison sees it
    k, d, c = np.array([0, 0, 0]), np.array([0, 0, 0]), np.array([1, 1, 0])
    lik_mle, _, _, _ = em_step_exact(k, d, c, [Fraction(2, 3)], [Fraction(1)], 1, 1)
    lik_off, _, _, _ = em_step_exact(k, d, c, [Fraction(1, 10)], [Fraction(1)], 1, 1)
    assert lik_off < lik_mle


def test_exact_em_step_refuses_undefined_posterior():
    with pytest.raises(ValueError, match="0/0"):
        em_step_exact([0], [0], [0], [Fraction(1)], [Fraction(1)], 1, 1)


def test_compressed_em_equals_plain_em():
    rng = np.random.default_rng(np.random.SeedSequence(6))
    k, d, c = simulate_pbm_log(rng, [0.9, 0.5], [0.7, 0.2, 0.4], 5000)
    a = run_em(k, d, c, 2, 3, [0.5, 0.5], [0.5] * 3, 50)
    b = run_em(k, d, c, 2, 3, [0.5, 0.5], [0.5] * 3, 50, compress=True)
    assert np.allclose(a[0], b[0], rtol=1e-12) and np.allclose(a[1], b[1], rtol=1e-12)
    kk, _, _, m = compress_log(k, d, c)
    assert m.sum() == 5000 and len(kk) <= 12


def test_monotonicity_check_has_teeth():
    # a broken M-step (θ_k ← click rate at k, i.e. P(E=1 | c=0) replaced by 0) lowers the
    # log-likelihood on some random log: the property really can fail
    rng = np.random.default_rng(np.random.SeedSequence(9))
    found = 0
    for _ in range(100):
        k, d, c = random_log(rng, 30, 2, 2, 0.5)
        th, ga = rng.uniform(0.1, 0.9, 2), rng.uniform(0.1, 0.9, 2)
        cf = c.astype(float)
        _, e01, _ = posteriors_c0(th[k], ga[d])
        nk, nd = np.bincount(k, minlength=2), np.bincount(d, minlength=2)
        bad_th = np.where(nk > 0, np.bincount(k, cf, minlength=2) / np.maximum(nk, 1), th)
        bad_ga = np.where(nd > 0, np.bincount(d, cf + (1 - cf) * e01, minlength=2) / np.maximum(nd, 1), ga)
        found += log_likelihood(k, d, c, bad_th, bad_ga) < log_likelihood(k, d, c, th, ga) - 1e-6
    assert found > 0


def test_recovery_evidence_within_tolerance():
    ev = check(_CLAIMS["ULTR-EM/recovery"], budget_s=10).evidence
    assert ev["max_err_theta_k/theta_1"] <= REC_TOL and ev["max_err_theta_1*gamma_d"] <= REC_TOL


def test_bad_inputs_raise():
    with pytest.raises(ValueError, match="positions"):
        run_em([0, 3], [0, 0], [1, 0], 2, 1, [0.5, 0.5], [0.5], 1)
    with pytest.raises(ValueError, match="theta0"):
        run_em([0], [0], [1], 1, 1, [0.0], [0.5], 1)
    with pytest.raises(ValueError, match="theta"):
        simulate_pbm_log(np.random.default_rng(0), [1.2], [0.5], 10)
