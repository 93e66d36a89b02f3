"""sim/exact_regret.py: the exact DP against the simulator, and the small-n bound checks.

Monte Carlo: every instance of ``exact_regret.INSTANCES`` is simulated with ``RUNS`` replications
(seed ``SEED``) and the mean regret at ``n/2`` and ``n`` is z-tested against the exact value,
two-sided, family-wise level ``FWER`` with a Bonferroni correction over all (instance, checkpoint)
pairs; for K = 1 the standard error is the exact one (the DP gives the regret's variance), so that a
rare event missing from the sample (UCB1 with α = 1000) does not make the sample variance 0.  The bound checks have no Monte Carlo error (exact regret, float bounds with slack ≫ rounding).
"""
import itertools
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import norm

from clickbound import sim
from clickbound.sim import exact_regret as er

#: replications per instance (n ≤ 30: about 1–6 s each with the numba kernels)
RUNS = 20_000
SEED = 13
#: family-wise level of the z-tests
FWER = 0.001
#: tolerance when the simulated regret has zero variance (deterministic instance): float sums of gaps
DET_TOL = 1e-9


def _ztest(exact, mean, se, m):
    z_crit = norm.isf(FWER / (2 * m))
    if se == 0:
        return abs(mean - exact) < DET_TOL, 0.0, z_crit
    z = (mean - exact) / se
    return abs(z) < z_crit, z, z_crit


def test_list_law_is_uniform_over_tie_orders():
    law = er.list_law(np.array([1.0, 2.0, 2.0, 0.5]), 2)
    assert law == {(1, 2): Fraction(1, 2), (2, 1): Fraction(1, 2)}
    law = er.list_law(np.array([np.inf, np.inf, np.inf]), 1)
    assert law == {(0,): Fraction(1, 3), (1,): Fraction(1, 3), (2,): Fraction(1, 3)}
    law = er.list_law(np.array([3.0, 1.0, 1.0, 1.0]), 2)
    assert law == {(0, 1): Fraction(1, 3), (0, 2): Fraction(1, 3), (0, 3): Fraction(1, 3)}


def test_outcome_laws_sum_to_one():
    R = Fraction
    for model, y in (("cascade", None), ("dcm", [R(1, 2), R(1, 3)]), ("pbm", [R(3, 4), R(1, 2)]),
                     ("depth", [R(1), R(1, 2)])):
        assert sum(p for p, _, _ in er.outcome_law(model, [R(1, 3), R(3, 5)], y)) == 1


def _paths(model, w, y, policy, K, n, prm):
    """Regret by enumerating every path (no merging of states): the DP's independent check."""
    cls = sim.policies.registry.get_policy(policy)
    L = len(w)
    opt = max(er.reward(model, [w[e] for e in A], y) for A in itertools.permutations(range(L), K))
    total = Fraction(0)

    def go(pol_state, t, p):
        nonlocal total
        if t > n:
            return
        pol = cls(L, K, np.random.default_rng(0), **(prm or {}))
        a, b = er.STATS[policy]
        getattr(pol, a)[:], getattr(pol, b)[:] = pol_state
        for A, pa in er.list_law(np.asarray(pol.index(t), dtype=float), K).items():
            total += p * pa * (opt - er.reward(model, [w[e] for e in A], y))
            for po, clicks, depth in er.outcome_law(model, [w[e] for e in A], y):
                getattr(pol, a)[:], getattr(pol, b)[:] = pol_state
                pol.update(t, np.array(A), sim.envs.Observation(np.array(clicks), depth, 0.0))
                go((getattr(pol, a).copy(), getattr(pol, b).copy()), t + 1, p * pa * po)

    if cls.needs_init:
        for x0 in itertools.product((0, 1), repeat=L):
            p = np.prod([w[e] if x0[e] else 1 - w[e] for e in range(L)])
            go((np.ones(L), np.array(x0, dtype=float)), 1, Fraction(p))
    else:
        go((np.zeros(L), np.zeros(L)), 1, Fraction(1))
    return total


@pytest.mark.parametrize("policy,K,model,y", [("UCB1", 1, "cascade", None), ("CascadeUCB1", 2, "cascade", None),
                                              ("dcmKL-UCB", 2, "dcm", (Fraction(1, 2), Fraction(1, 4)))])
def test_dp_equals_path_enumeration(policy, K, model, y):
    w = [Fraction(1, 2), Fraction(2, 5), Fraction(1, 10)]
    n = 3
    prm = {"alpha": 2.0} if policy == "UCB1" else None
    reg, _ = er.exact_regret(model, w, y, policy=policy, K=K, n=n, policy_params=prm)
    assert reg[-1] == _paths(model, w, list(y) if y else None, policy, K, n, prm)


def test_floats_are_refused():
    with pytest.raises(TypeError):
        er.exact_regret("cascade", [0.5, 0.2], policy="UCB1", K=1, n=2)


@pytest.fixture(scope="module")
def report():
    return er.report()


@pytest.mark.slow
def test_dp_agrees_with_the_simulator(report):
    m = 2 * len(er.INSTANCES)
    bad = []
    for row, inst in zip(report["rows"], er.INSTANCES):
        name, model, w, y, policy, K, n, prm = inst
        res = sim.simulate(er.env_for(model, w, y), policy, K=K, n=n, runs=RUNS, seed=SEED, policy_params=prm,
                           checkpoints=[n // 2, n])
        for j, t in enumerate((n // 2, n)):
            # K = 1: the exact standard error (the DP knows the regret's law); else the sample one
            se = (np.sqrt(row["variance_by_t"][t - 1] / RUNS) if "variance_by_t" in row else res.stderr()[j])
            ok, z, zc = _ztest(row["regret_by_t"][t - 1], res.mean()[j], se, m)
            if not ok:
                bad.append((name, t, row["regret_by_t"][t - 1], res.mean()[j], res.stderr()[j], z, zc))
    assert not bad, bad


def test_exact_variance_for_one_position():
    _, info = er.exact_regret("cascade", ["1/2", "1/5"], policy="UCB1", K=1, n=3, policy_params={"alpha": 2.0})
    # two arms, Δ = 3/10, regret = Δ·(pulls of arm 1); at t = 1 both indices are +∞: a fair coin, Var = Δ²/4
    assert info["variance_by_t"][0] == Fraction(9, 100) * Fraction(1, 4)
    assert all(v >= 0 for v in info["variance_by_t"])


@pytest.mark.slow
def test_ucb1_bounds_at_small_n(report):
    rows = {r["instance"]: r for r in report["rows"]}
    # the corrected UCB1-BOUND holds at every T ≤ n on every UCB1 instance
    for r in rows.values():
        if r["policy"] == "UCB1":
            assert r["violated_at_corrected"] == [], r["instance"]
    # the printed one (α dropped) holds for α ∈ {1.1, 2} but not for α = 100 and 1000, exactly
    for name in ("ucb1-2arm-far", "ucb1-2arm-near", "ucb1-2arm-alpha1.1", "ucb1-3arm", "ucb1-4arm"):
        assert rows[name]["violated_at_as_printed"] == []
    det = rows["ucb1-2arm-alpha100-deterministic"]
    assert det["regret_exact"] == "11" and det["violated_at_as_printed"][0] == 23
    big = rows["ucb1-2arm-alpha1000"]
    assert big["violated_at_as_printed"] and big["violated_at_as_printed"][0] == 27
    for r in rows.values():
        if "violated_at_kveton_recalled" in r:
            assert r["violated_at_kveton_recalled"] == []


@pytest.mark.slow
def test_lemmas_exact_ucb1_path_is_the_simulators(report):
    """lemmas.counterfactual.ucb1.small_n computes UCB1 on μ = (1, 0) without sim; the DP of sim's UCB1 gives the same."""
    from clickbound.lemmas.counterfactual.ucb1 import small_n as ucb1_small_n

    row = {r["instance"]: r for r in report["rows"]}["ucb1-2arm-alpha100-deterministic"]
    assert [Fraction(v) for v in row["regret_by_t"]] == ucb1_small_n.regret_path()
