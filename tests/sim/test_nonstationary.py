"""sim.nonstationary: kernel = reference, stationary case = the engine, phases and discount bookkeeping."""
import numpy as np
import pytest

from clickbound import sim
from clickbound.sim.envs_intent import Intent
from clickbound.sim.nonstationary import simulate_switching

A = Intent([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]], [0.6, 0.3, 0.1])
B = Intent(A.P, [0.1, 0.3, 0.6])


@pytest.mark.parametrize("name", ["RBA-UCB1", "RBA-Exp3", "RBA-KL-UCB"])
def test_kernel_matches_reference(name):
    kw = {"K": 2, "n": 300, "runs": 2, "seed": 1, "lam": 0.99}
    f = simulate_switching(A, B, 150, name, **kw)
    r = simulate_switching(A, B, 150, name, reference=True, **kw)
    for attr in ("regret", "gain", "discounted"):
        np.testing.assert_array_equal(getattr(f, attr), getattr(r, attr))


def test_no_switch_is_the_engine():
    f = simulate_switching(A, B, 10 ** 9, "RBA-TS", K=2, n=500, runs=2, seed=2)
    e = sim.simulate(A, "RBA-TS", K=2, n=500, runs=2, seed=2)
    np.testing.assert_array_equal(f.regret, e.regret)
    opt = A.expected_reward(A.optimal_list(2))
    np.testing.assert_allclose(f.gain, opt * f.checkpoints[None, :] - f.regret, rtol=0, atol=1e-9)


def test_discount_one_is_gain_and_lam_weights():
    f = simulate_switching(A, B, 50, "RBA-eps-greedy", K=2, n=100, runs=1, seed=3, lam=1.0)
    np.testing.assert_array_equal(f.gain, f.discounted)
    g = simulate_switching(A, B, 50, "RBA-eps-greedy", K=2, n=100, runs=1, seed=3, lam=0.5)
    assert (g.discounted[0] <= 1.0).all()       # Σ 0.5^t r_t ≤ Σ 0.5^t = 1


def test_bad_input():
    with pytest.raises(ValueError, match="share"):
        simulate_switching(A, sim.Cascade([0.1, 0.2, 0.3, 0.4]), 5, "RBA-TS", K=2, n=100)
    with pytest.raises(ValueError, match="lam"):
        simulate_switching(A, B, 5, "RBA-TS", K=2, n=100, lam=0.0)
