"""The bounds of "Cascading Bandits" (Kveton et al., ICML 2015), the targets of the violation search and the
report's comparisons.  The closed forms are the package's (:mod:`clickbound.bounds.cascade`), reused by name:

* Theorem 2 (CascadeUCB1): ``cascade_ucb1_kveton_recalled`` — ``Σ_{e>K} 12/Δ_{e,K} log n + (π²/3) L``,
  constants as recalled (finite-time upper bound);
* Theorem 3 (CascadeKL-UCB): ``cascade_klucb_bound`` — the ``log n + 3 log log n`` part at ε → 0 and
  ``7K log log n``; ``K L C_2(ε)/n^β(ε)`` is not given in closed form and is omitted (asymptotic comparison);
* Theorem 4 (lower bound): ``cascade_lower_bound`` — ``(L−K)Δ(1−p)^{K−1}/D(p−Δ‖p)`` on the family
  ``B_LB(L, K, p, Δ)`` (a liminf: the slope of R on log n is compared with it).
"""
from clickbound.bounds import cascade as bc
from clickbound.report.bound_vs_sim import target
from clickbound.sim import violations as sv


def theorem2(inst, n):
    return bc.cascade_ucb1_kveton_recalled(inst["w"], inst["K"], n)


def theorem3(inst, n):
    return bc.cascade_klucb_bound(inst["w"], inst["K"], n)


def theorem4(inst, n):
    return bc.cascade_lower_bound(inst["L"], inst["K"], inst["p"], inst["delta"], n)


BLB = {"model": "cascade", "sample": sv._blb_sampler("cascade"), "neighbour": sv._blb_move("cascade")}

TARGETS = [
    target("Theorem 2 vs CascadeUCB1", theorem2, "CascadeUCB1", "cascade"),
    target("Theorem 3 vs CascadeKL-UCB", theorem3, "CascadeKL-UCB", "cascade"),
    target("Theorem 4 vs CascadeKL-UCB", theorem4, "CascadeKL-UCB", BLB, kind="lower"),
]

_W = {"w": [0.5, 0.4, 0.3, 0.2, 0.1], "K": 2}
_B = sv._blb(4, 2, 0.3, 0.15, 1.0, "cascade")  # B_LB(L = 4, K = 2, p = 0.3, Δ = 0.15)
COMPARISONS = [
    {"title": "Theorem 2 against CascadeUCB1", "name": "Theorem 2", "bound_fn": theorem2, "policy": "CascadeUCB1",
     "env_family": "cascade", "instance": _W, "n": 5000, "runs": 4, "seed": 1},
    {"title": "Theorem 3 against CascadeKL-UCB", "name": "Theorem 3", "bound_fn": theorem3,
     "policy": "CascadeKL-UCB", "env_family": "cascade", "instance": _W, "n": 5000, "runs": 4, "seed": 1},
    {"title": "Theorem 4 against CascadeKL-UCB on B_LB(4, 2, 0.3, 0.15)", "name": "Theorem 4",
     "bound_fn": theorem4, "policy": "CascadeKL-UCB", "env_family": "cascade", "instance": _B, "kind": "lower",
     "n": 5000, "runs": 4, "seed": 1},
]
