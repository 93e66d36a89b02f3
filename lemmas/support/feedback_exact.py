"""Exact expected records of a feedback rule under a click model (shared by feedback_bias / feedback_fixed_point).

The four models of the click models (docs/conventions.md) on one round with the list fixed, enumerated outcome by outcome
(sympy expressions: symbols or rationals).  ``x[k]`` is the item parameter of the item at
position k (``w̄`` for cascade and DCM, ``θ`` for PBM and CM-Depth), ``y[k]`` the position
parameter (DCM ``v(k)``, PBM ``κ_k``, CM-Depth ``P_k`` with ``P_1 = 1``; unused for cascade).
Positions are 0-based here, 1-based in texts.

The user-intent population (``"intent"``, :mod:`clickbound.sim.envs_intent`; source 003, Radlinski et al.
2008): ``y = (π_1 … π_J)`` are the intent probabilities and ``x[k] = (P[1, a_k] … P[J, a_k])`` the click
probabilities of the item at position k under each intent; a user draws intent j with probability π_j and
is then a cascade user with attractions ``P[j, ·]`` (clicks the first attractive item, abandons otherwise).
"""
from __future__ import annotations

import itertools

import sympy as sp

from clickbound.lemmas.support.feedback_rules import FeedbackRule, record


def outcomes(model: str, x, y=None):
    """``[(probability, clicks, depth)]`` of one round: every outcome of the model, exactly."""
    K = len(x)
    out = []
    if model == "cascade":
        stay = sp.Integer(1)
        for k in range(K):
            out.append((stay * x[k], tuple(int(j == k) for j in range(K)), None))
            stay *= 1 - x[k]
        out.append((stay, (0,) * K, None))
    elif model == "dcm":
        for att in itertools.product((0, 1), repeat=K):
            for sat in itertools.product((0, 1), repeat=K):
                p = sp.Integer(1)
                for k in range(K):
                    p *= (x[k] if att[k] else 1 - x[k]) * (y[k] if sat[k] else 1 - y[k])
                clicks, examined = [0] * K, True
                for k in range(K):
                    if examined and att[k]:
                        clicks[k] = 1
                        if sat[k]:
                            examined = False
                    elif not examined:
                        break
                out.append((p, tuple(clicks), None))
    elif model == "pbm":
        for c in itertools.product((0, 1), repeat=K):
            p = sp.Integer(1)
            for k in range(K):
                q = y[k] * x[k]
                p *= q if c[k] else 1 - q
            out.append((p, c, None))
    elif model == "depth":
        P = list(y) + [sp.Integer(0)]
        for V in range(1, K + 1):
            pv = P[V - 1] - P[V]
            for c in itertools.product((0, 1), repeat=V):
                p = pv
                for k in range(V):
                    p *= x[k] if c[k] else 1 - x[k]
                out.append((p, tuple(c) + (0,) * (K - V), V))
    elif model == "intent":
        merged = {}
        for j, pj in enumerate(y):
            for p, c, _ in outcomes("cascade", [xk[j] for xk in x]):
                merged[c] = merged.get(c, 0) + pj * p
        out = [(p, c, None) for c, p in merged.items()]
    else:
        raise ValueError(f"model must be cascade, dcm, pbm, depth or intent, got {model!r}")
    return out


def expected_records(rule: FeedbackRule, model: str, x, y=None):
    """``(obs, clk)``: per position, the expected number of observations and credited clicks per round."""
    K = len(x)
    obs = [sp.Integer(0)] * K
    clk = [sp.Integer(0)] * K
    for p, clicks, depth in outcomes(model, x, y):
        for k, o, c in record(rule, clicks, depth):
            obs[k] += p * o
            clk[k] += p * c
    return [sp.factor(sp.expand(o)) for o in obs], [sp.factor(sp.expand(c)) for c in clk]


def symbols(model: str, K: int, J: int = 2):
    """Symbolic ``(x, y)`` for ``K`` positions (CM-Depth: ``P_1 = 1``; intent: ``J`` intents, ``x[k]`` a tuple)."""
    if model == "intent":
        x = [tuple(sp.symbols(f"P{j + 1}_{k + 1}", positive=True) for j in range(J)) for k in range(K)]
        pi = list(sp.symbols(f"pi1:{J}", positive=True))
        return x, pi + [1 - sp.Add(*pi)]  # the intent probabilities sum to 1
    x = list(sp.symbols(f"x1:{K + 1}", positive=True))
    if model == "cascade":
        y = None
    elif model == "depth":
        y = [sp.Integer(1)] + list(sp.symbols(f"P2:{K + 1}", positive=True))
    else:
        name = "v" if model == "dcm" else "kappa"
        y = list(sp.symbols(f"{name}1:{K + 1}", positive=True))
    return x, y


def target(rule: FeedbackRule, model: str, x, y):
    """Per position, what the rule's index assumes the recorded mean is (see ``FeedbackRule.target``)."""
    if model == "intent":  # the marginal gain of the item at k given the items above (Radlinski et al.)
        return [sp.factor(sp.expand(reward(model, x[:k + 1], y) - reward(model, x[:k], y))) for k in range(len(x))]
    if rule.window == "top":
        return [{"cascade": x[0], "dcm": y[0] * x[0] if y else x[0], "pbm": y[0] * x[0] if y else x[0],
                 "depth": x[0]}[model]]
    return list(x)


def reward(model: str, x, y=None):
    """Expected reward of the list: any click / satisfied stop / number of clicks (intent: satisfaction)."""
    if model == "cascade":
        return 1 - sp.Mul(*[1 - a for a in x])
    if model == "dcm":
        return 1 - sp.Mul(*[1 - b * a for a, b in zip(x, y)])
    if model == "intent":
        return sp.Add(*[pj * (1 - sp.Mul(*[1 - xk[j] for xk in x])) for j, pj in enumerate(y)])
    return sp.Add(*[b * a for a, b in zip(x, y)])
