"""OD-EXP / OD-TS / PBM-TS / OD-INFO (source 001_eb740855b56fcd8b.txt, §4.3, §6)."""
from fractions import Fraction

import pytest

from clickbound.lemmas.depth import experiments as od


def test_theta_grid_ends_and_size():
    g = od.theta_grid()
    assert len(g) == 45 and g[0] == Fraction(9, 100) and g[-1] == Fraction(1, 50)


@pytest.mark.parametrize("kappa,theta", [(Fraction(8, 100), Fraction(18, 100)), (Fraction(1), Fraction(1, 2)),
                                         (Fraction(1, 1000), Fraction(99, 100))])
def test_fisher_ratio_bounds_at_points(kappa, theta):
    # the ratio (1 − κθ)/(1 − θ) of OD-INFO/fisher-ratio, exact at boundary-ish points
    r = (1 - kappa * theta) / (1 - theta)
    assert 1 <= r <= 1 / (1 - theta)
