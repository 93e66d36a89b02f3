"""CONC-AZUMA, CONC-MCDIARMID and the Z_k erratum (source 002_3ec5ec57f55c1fdf.txt)."""
from fractions import Fraction as F

from catalogue_kit import verdict

from clickbound.lemmas.counterfactual.concentration import martingale as cm

HALF = F(1, 2)


def test_zk_counterexample_by_hand():
    # f = X1 + X2, X_i ~ Ber(1/2): E[f|X1=x] = x + 1/2, so Z_1 = inf_x = 1/2; V_1 = X1 − 1/2 = −1/2 at X1 = 0.
    cx = verdict("CONC-MCDIARMID/Zk-as-printed").counterexample
    assert (cx["k"], cx["x_k"], cx["Z_k"], cx["V_k"]) == (1, 0, HALF, -HALF)
    e_f_given = {x: x + HALF for x in (0, 1)}
    z1 = min(e_f_given.values())
    v1_at_0 = e_f_given[0] - sum(HALF * e for e in e_f_given.values())
    assert z1 > v1_at_0
    assert z1 - sum(HALF * e for e in e_f_given.values()) <= v1_at_0  # centred Z_1 = −1/2 brackets it


def test_checkers_can_fail():
    # Halving Σc² (a too-strong Azuma) is violated by the simple random walk of 10 ±1/2 steps.
    dist = cm.azuma_distribution([F(1)] * 10, [HALF])
    assert cm.tail_violation(dist, F(10)) is None
    assert cm.tail_violation(dist, F(5)) is not None


def test_azuma_laws_are_mean_zero_distributions():
    for cs, qs in cm.azuma_instances():
        d = cm.azuma_distribution(cs, qs)
        assert sum(d.values()) == 1 and sum(v * p for v, p in d.items()) == 0


def test_bounded_differences_known_values():
    sup = [(0, 1, 2)] * 4
    assert cm.bounded_differences(cm._distinct, sup) == [1] * 4
    assert cm.bounded_differences(cm._maximum, [(0, 1)] * 3) == [1] * 3
    assert cm.bounded_differences(lambda a, b: F(3 * a + b), [(0, 1)] * 2) == [3, 1]
