"""PBM-TS's sampler against its exact target posterior (sim/pbm_gof.py; ALG-PBMTS, source
001_eb740855b56fcd8b.txt §6.4 b): one-sample Kolmogorov–Smirnov tests on exact CDFs (quadrature of
the exact density), each with an exact lower bound on its power against stated perturbations."""
import numpy as np
import pytest
from scipy import stats

from clickbound.sim import pbm_gof as g

P_SHALLOW = [1.0, 0.55, 0.30, 0.15, 0.08]
#: counts of this shape come from a PBM-TS run on the shallow instance (20,000 rounds): a
#: well-shown item, a rarely shown one, and one with few displays and no click
STATES = [(838, [355, 1608, 12666, 2753, 729]), (3177, [13855, 795, 385, 268, 180]),
          (0, [24, 16, 27, 48, 39]), (2, [3, 1, 0, 0, 1])]
N_DRAWS = 20_000
#: family level of the KS tests below: 1e-3 over the states (Bonferroni), so a correct sampler fails
#: this file with probability ≤ 1e-3 (the seeds are fixed: the outcome is reproducible)
FAMILY_LEVEL = 1e-3
#: required power against the stated perturbations (exact lower bound at level FAMILY_LEVEL / m)
MIN_POWER = 0.99
GRID = np.linspace(0.0, 1.0, 4001)[1:-1]


@pytest.mark.parametrize("i", range(len(STATES)))
def test_sampler_fits_the_exact_posterior(i):
    S, F = STATES[i]
    x = g.draw(S, F, P_SHALLOW, N_DRAWS, np.random.default_rng([16, i]))
    d, p = g.ks(x, S, F, P_SHALLOW)
    assert p > FAMILY_LEVEL / len(STATES), (d, p)


@pytest.mark.parametrize("i", range(len(STATES)))
def test_the_test_has_power_against_the_naive_beta_posterior(i):
    """Beta(1 + S, 1 + ΣF) — every unclicked display read as an examination — is what a sampler
    that ignored κ would draw; the KS test at N_DRAWS detects it with power ≥ MIN_POWER (exact bound)."""
    S, F = STATES[i]
    F0 = g.exact_cdf(GRID, S, F, P_SHALLOW)
    naive = stats.beta(1 + S, 1 + sum(F)).cdf(GRID)
    assert g.power_lower_bound(F0, naive, N_DRAWS, FAMILY_LEVEL / len(STATES)) >= MIN_POWER


@pytest.mark.slow
def test_the_test_rejects_draws_from_a_perturbed_posterior():
    """Draws of the exact sampler for 0.9 F (10 % of the unclicked displays lost) fail the KS test
    against the posterior of F, as the power bound says they must (well-shown item)."""
    S, F = STATES[0]
    F0 = g.exact_cdf(GRID, S, F, P_SHALLOW)
    F9 = [0.9 * f for f in F]
    assert g.power_lower_bound(F0, g.exact_cdf(GRID, S, F9, P_SHALLOW), N_DRAWS, FAMILY_LEVEL) >= MIN_POWER
    x = g.draw(S, F9, P_SHALLOW, N_DRAWS, np.random.default_rng(7))
    assert g.ks(x, S, F, P_SHALLOW)[1] < FAMILY_LEVEL


def test_exact_cdf_is_the_beta_cdf_when_kappa_is_one():
    """κ ≡ 1: the target is Beta(1 + S, 1 + ΣF) exactly; the quadrature CDF agrees to 1e-9."""
    S, F = 7, [5, 7]
    np.testing.assert_allclose(g.exact_cdf(GRID[::40], S, F, [1.0, 1.0]),
                               stats.beta(1 + S, 1 + sum(F)).cdf(GRID[::40]), atol=1e-9)


def test_power_bound_is_the_level_when_the_alternative_is_the_null():
    F0 = stats.beta(3, 5).cdf(GRID)
    assert g.power_lower_bound(F0, F0, 1000, 0.05) <= 0.05
