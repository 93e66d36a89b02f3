"""Exact expected regret of count-based index policies on small instances.

A forward dynamic programme over the policy's sufficient statistics: per item the number of
observations and the click sum (the arrays the reference class keeps).  At round ``t`` every
reachable statistics state carries its exact probability (:class:`fractions.Fraction`); the
policy's list law, the model's outcome law and the update give the states of round ``t + 1``,
merged when equal.  The expected pseudo-regret ``E[Σ_{s≤t} r(A*) − r(A_s)]`` is accumulated
exactly (rational model parameters; the reward ``r`` and ``r(A*)`` by brute force over lists).

**Same policy, not a re-implementation.**  The index of a state is computed by the policy's own
reference class (:mod:`clickbound.sim.policies`) with its arrays set to the state, and the update
by its own ``update`` — so the floating-point indices, hence the order and the ties, are exactly
the simulator's (the kernels are tested to agree with the reference classes draw for draw).

**Ties.**  :mod:`clickbound.sim.ties` shows the top K by (value descending, uniformly random order
among equal values): each run of equal values is permuted by a Fisher–Yates pass.  The DP uses the
law of that rule: every order of each tie group equally likely, truncated to K.  (The simulator's
``floor(u·g)`` with a 53-bit uniform ``u`` departs from uniform by at most ``2^-53`` per draw for
g ≤ 4; the DP uses the exact uniform law.)

Supported: the count policies with a deterministic index — UCB1 and KL-UCB (K = 1), CascadeUCB1,
CascadeKL-UCB, First-click, dcmKL-UCB, Last-click, Cascade-UCB last-click, OD-UCB.  Randomised
policies (TS, ε-greedy, Exp3) are not.  Cost grows like the number of reachable states: L ≤ 4,
K ≤ 2, n ≤ 30 run in seconds to a minute (``tests/sim/test_exact_regret.py``).
"""
from __future__ import annotations

import itertools
import math
from collections import defaultdict
from fractions import Fraction

import numpy as np

from clickbound.bounds.cascade import cascade_ucb1_kveton_recalled
from clickbound.bounds.single_arm import ucb1_bound_as_printed, ucb1_bound_corrected
from clickbound.sim.envs import Observation
from clickbound.sim.policies.registry import get_policy

#: (observation-count attribute, click-sum attribute) of each supported reference class
STATS = {"UCB1": ("n", "s"), "KL-UCB": ("n", "s"), "CascadeUCB1": ("T", "S"), "CascadeKL-UCB": ("T", "S"),
         "First-click": ("T", "S"), "dcmKL-UCB": ("T", "S"), "Last-click": ("T", "S"),
         "CascadeUCB-last-click": ("T", "C"), "OD-UCB": ("n", "s")}


def _fr(x) -> Fraction:
    if isinstance(x, float):
        raise TypeError(f"parameters must be exact (Fraction, int or 'p/q' string), got the float {x!r}")
    return Fraction(x)


def outcome_law(model: str, x, y=None):
    """``[(probability, clicks, depth)]`` of one round, ``x`` the item parameters of the list in order."""
    K = len(x)
    if model == "cascade":
        out, stay = [], Fraction(1)
        for k in range(K):
            out.append((stay * x[k], tuple(int(j == k) for j in range(K)), None))
            stay *= 1 - x[k]
        return out + [(stay, (0,) * K, None)]
    law = defaultdict(Fraction)
    if model == "dcm":
        for att in itertools.product((0, 1), repeat=K):
            for sat in itertools.product((0, 1), repeat=K):
                p = Fraction(1)
                for k in range(K):
                    p *= (x[k] if att[k] else 1 - x[k]) * (y[k] if sat[k] else 1 - y[k])
                clicks, go = [0] * K, True
                for k in range(K):
                    if go and att[k]:
                        clicks[k] = 1
                        go = not sat[k]
                law[(tuple(clicks), None)] += p
    elif model == "pbm":
        for c in itertools.product((0, 1), repeat=K):
            p = Fraction(1)
            for k in range(K):
                p *= y[k] * x[k] if c[k] else 1 - y[k] * x[k]
            law[(c, None)] += p
    elif model == "depth":
        P = list(y) + [Fraction(0)]
        for V in range(1, K + 1):
            for c in itertools.product((0, 1), repeat=V):
                p = P[V - 1] - P[V]
                for k in range(V):
                    p *= x[k] if c[k] else 1 - x[k]
                law[(tuple(c) + (0,) * (K - V), V)] += p
    else:
        raise ValueError(f"model must be cascade, dcm, pbm or depth, got {model!r}")
    return [(p, c, d) for (c, d), p in law.items() if p]


def reward(model: str, x, y=None) -> Fraction:
    if model == "cascade":
        return 1 - math.prod((1 - a for a in x), start=Fraction(1))
    if model == "dcm":
        return 1 - math.prod((1 - b * a for a, b in zip(x, y)), start=Fraction(1))
    return sum((b * a for a, b in zip(x, y)), Fraction(0))


def top_probability(model: str, w, y):
    """Click probability of each item shown at the top (the initial observation's law, ``sim.envs``)."""
    return [y[0] * a for a in w] if model == "pbm" else list(w)


def list_law(values: np.ndarray, K: int) -> dict[tuple, Fraction]:
    """Law of :func:`clickbound.sim.ties.topk_random_ties`: top K, ties in uniformly random order."""
    groups = []
    for v in sorted(set(values.tolist()), reverse=True):
        groups.append([e for e in range(values.size) if values[e] == v])
    need, used = K, []
    for g in groups:  # only the groups that reach the list matter
        used.append(g)
        need -= len(g)
        if need <= 0:
            break
    law: dict[tuple, Fraction] = defaultdict(Fraction)
    perms = [list(itertools.permutations(g)) for g in used]
    total = math.prod(len(p) for p in perms)
    for combo in itertools.product(*perms):
        order = [e for part in combo for e in part]
        law[tuple(order[:K])] += Fraction(1, total)
    return law


def exact_regret(model: str, w, y=None, *, policy: str, K: int, n: int, policy_params: dict | None = None):
    """Exact expected cumulative pseudo-regret after rounds ``1 … n`` (list of Fractions) and DP size.

    ``w`` item parameters and ``y`` position parameters (``v``, ``κ`` or ``P``), exact rationals.
    Returns ``(regret, info)``; ``info["states"]`` is the number of (round, state) pairs visited; for
    K = 1 ``info["variance_by_t"]`` is the exact variance of the regret (a function of the pull counts).
    """
    if policy not in STATS:
        raise ValueError(f"exact_regret supports {sorted(STATS)}, got {policy!r}")
    w = [_fr(a) for a in w]
    y = None if y is None else [_fr(b) for b in y]
    L = len(w)
    cls = get_policy(policy)
    if model not in cls.models:
        raise ValueError(f"{policy} does not run on {model}")
    pol = cls(L, K, np.random.default_rng(0), **(policy_params or {}))
    a_obs, a_sum = STATS[policy]
    opt = max(reward(model, [w[e] for e in A], y) for A in itertools.permutations(range(L), K))
    # initial distribution over statistics: one top observation per item when the policy needs it
    states: dict[tuple, Fraction] = {}
    if cls.needs_init:
        top = top_probability(model, w, y)
        for x0 in itertools.product((0, 1), repeat=L):
            p = math.prod((top[e] if x0[e] else 1 - top[e] for e in range(L)), start=Fraction(1))
            if p:
                states[(1,) * L + tuple(x0)] = states.get((1,) * L + tuple(x0), Fraction(0)) + p
    else:
        states[(0,) * (2 * L)] = Fraction(1)
    gap_cache: dict[tuple, Fraction] = {}
    law_cache: dict[tuple, list] = {}
    cum, out, visited, variance = Fraction(0), [], 0, []
    for t in range(1, n + 1):
        nxt: dict[tuple, Fraction] = defaultdict(Fraction)
        step = Fraction(0)
        for st, p in states.items():
            visited += 1
            getattr(pol, a_obs)[:] = st[:L]
            getattr(pol, a_sum)[:] = st[L:]
            for A, pa in list_law(np.asarray(pol.index(t), dtype=float), K).items():
                if A not in gap_cache:
                    gap_cache[A] = opt - reward(model, [w[e] for e in A], y)
                    law_cache[A] = outcome_law(model, [w[e] for e in A], y)
                step += p * pa * gap_cache[A]
                Aarr = np.array(A, dtype=np.int64)
                for po, clicks, depth in law_cache[A]:
                    getattr(pol, a_obs)[:] = st[:L]
                    getattr(pol, a_sum)[:] = st[L:]
                    pol.update(t, Aarr, Observation(np.array(clicks, dtype=np.int64), depth, 0.0))
                    new = tuple(int(v) for v in getattr(pol, a_obs)) + tuple(int(v) for v in getattr(pol, a_sum))
                    nxt[new] += p * pa * po
        cum += step
        out.append(cum)
        states = dict(nxt)
        if K == 1:  # single list position: the regret is Σ_a Δ_a (pulls of a), a function of the state
            n0 = 1 if cls.needs_init else 0
            gaps = [opt - reward(model, [w[e]], y) for e in range(L)]
            m2 = sum((p * sum((g * (st[e] - n0) for e, g in enumerate(gaps)), Fraction(0)) ** 2
                      for st, p in states.items()), Fraction(0))
            variance.append(m2 - cum * cum)
    info = {"states": visited, "final_states": len(states)}
    if K == 1:
        info["variance_by_t"] = variance
    return out, info


def env_for(model: str, w, y=None):
    """The float environment of ``sim.envs`` for the same instance (for the Monte Carlo comparison)."""
    from clickbound.sim import envs

    wf = [float(_fr(a)) for a in w]
    yf = None if y is None else [float(_fr(b)) for b in y]
    return {"cascade": lambda: envs.Cascade(wf), "dcm": lambda: envs.DCM(wf, yf),
            "pbm": lambda: envs.PBM(wf, yf), "depth": lambda: envs.Depth(wf, yf)}[model]()


#: the instances of the report and the tests: (name, model, w, y, policy, K, n, policy_params)
INSTANCES = (
    ("ucb1-2arm-far", "cascade", ("9/10", "1/10"), None, "UCB1", 1, 30, {"alpha": 2.0}),
    ("ucb1-2arm-near", "cascade", ("3/5", "2/5"), None, "UCB1", 1, 30, {"alpha": 2.0}),
    ("ucb1-2arm-alpha1.1", "cascade", ("7/10", "1/2"), None, "UCB1", 1, 30, {"alpha": 1.1}),
    ("ucb1-3arm", "cascade", ("4/5", "1/2", "1/5"), None, "UCB1", 1, 30, {"alpha": 2.0}),
    ("ucb1-4arm", "cascade", ("9/10", "7/10", "1/2", "1/10"), None, "UCB1", 1, 20, {"alpha": 2.0}),
    ("klucb-2arm", "cascade", ("7/10", "3/10"), None, "KL-UCB", 1, 30, None),
    ("klucb-3arm", "cascade", ("4/5", "1/2", "1/5"), None, "KL-UCB", 1, 20, None),
    ("cascadeucb1-L3K1", "cascade", ("3/5", "1/2", "1/5"), None, "CascadeUCB1", 1, 20, None),
    ("cascadeucb1-L3K2", "cascade", ("1/2", "2/5", "1/10"), None, "CascadeUCB1", 2, 14, None),
    ("cascadeucb1-L4K2", "cascade", ("1/2", "2/5", "3/10", "1/10"), None, "CascadeUCB1", 2, 10, None),
    ("cascadeucb1-dcm-L3K2", "dcm", ("1/2", "2/5", "1/10"), ("1/2", "1/4"), "CascadeUCB1", 2, 10, None),
    ("dcmklucb-L3K2", "dcm", ("1/2", "2/5", "1/10"), ("1/2", "1/4"), "dcmKL-UCB", 2, 10, None),
    ("dcmklucb-L2K2", "dcm", ("4/5", "7/10"), ("1/2", "0"), "dcmKL-UCB", 2, 20, None),
    # large α: the printed UCB1-BOUND (α dropped from the log term) is exceeded before n = 30
    ("ucb1-2arm-alpha100-deterministic", "cascade", ("1", "0"), None, "UCB1", 1, 30, {"alpha": 100.0}),
    ("ucb1-2arm-alpha1000", "cascade", ("9/10", "1/10"), None, "UCB1", 1, 30, {"alpha": 1000.0}),
)


def report(instances=INSTANCES) -> dict:
    """Report-ready JSON: exact regret per instance and, for UCB1, the bounds of ``bounds.single_arm``.

    For UCB1 the printed and corrected bounds (UCB1-BOUND) are evaluated at every ``T = 1 … n``
    with zero Monte Carlo error; ``violated_at`` lists the T where the exact regret exceeds one
    (the bounds are floats; every reported violation and slack is far above their rounding).
    CascadeUCB1 on cascade: the recalled Kveton et al. bound (``bounds.cascade``, finite-time).
    The other bounds of ``bounds/`` are asymptotic or have unknown constants (KL-UCB, DCM-P1/T1/T2:
    ``C_2(ε)/n^β(ε)``) and are not compared at small n.
    """
    rows = []
    for name, model, w, y, policy, K, n, prm in instances:
        reg, info = exact_regret(model, w, y, policy=policy, K=K, n=n, policy_params=prm)
        row = {"instance": name, "model": model, "w": list(w), "y": None if y is None else list(y),
               "policy": policy, "K": K, "n": n, "policy_params": prm or {},
               "regret_exact": str(reg[-1]), "regret": float(reg[-1]),
               "regret_by_t": [float(r) for r in reg], "dp_states": info["states"]}
        if "variance_by_t" in info:
            row["variance_by_t"] = [float(v) for v in info["variance_by_t"]]
        if policy == "UCB1":
            mu = [float(Fraction(a)) for a in w]
            for kind, fn in (("as_printed", ucb1_bound_as_printed), ("corrected", ucb1_bound_corrected)):
                vals = [fn(mu, T, prm["alpha"]).value for T in range(1, n + 1)]
                row[f"ucb1_bound_{kind}"] = vals
                row[f"violated_at_{kind}"] = [T for T, (r, b) in enumerate(zip(reg, vals), 1) if float(r) > b]
                row[f"min_slack_{kind}"] = min(b - float(r) for r, b in zip(reg, vals))
        if policy == "CascadeUCB1" and model == "cascade":
            vals = [cascade_ucb1_kveton_recalled([float(Fraction(a)) for a in w], K, T).value for T in range(1, n + 1)]
            row["kveton_recalled_bound"] = vals
            row["violated_at_kveton_recalled"] = [T for T, (r, b) in enumerate(zip(reg, vals), 1) if float(r) > b]
        rows.append(row)
    return {"what": "exact expected pseudo-regret by DP over sufficient statistics (sim/exact_regret.py)",
            "tie_rule": "uniformly random order among equal index values (the law of sim.ties)",
            "rows": rows}
