"""Pure-Python peers the benchmarks measure against (baselines, not project code).

* :class:`BlogCascadeUCB1Agent` / :class:`BlogCascadingModelEnv` / :func:`blog_simulate` — CascadeUCB1
  written the way source ``004_d9477b3ebe233f80.txt`` writes it (lists, ``math``, ``sorted`` per
  round; index ``w + sqrt(1.5 log(t−1) / T)``), with an explicit ``random.Random`` instead of
  the global ``np.random`` and one Bernoulli(0.2) start per item as in the blog.
* :func:`smpy_klucb_bern` — a faithful pure-Python re-implementation of SMPyBandits'
  ``Policies/kullback.py`` ``klucbBern`` (bisection; ``klBern`` with inputs clipped to
  ``[1e-15, 1 − 1e-15]``; upper bound ``min(1, x + sqrt(d/2))``).  Like the original, it passes
  ``precision`` positionally into ``klucb``'s ``lowerbound`` slot, so the bisection precision is
  always ``klucb``'s default 1e-6 unless ``bisection_precision`` is given (we add that knob to
  measure the peer at 1e-12 too).
"""
from __future__ import annotations

import math
import random

_EPS = 1e-15


def _kl_bern(x, y):
    x = min(max(x, _EPS), 1 - _EPS)
    y = min(max(y, _EPS), 1 - _EPS)
    return x * math.log(x / y) + (1 - x) * math.log((1 - x) / (1 - y))


def _klucb(x, d, kl, upperbound, lowerbound=float("-inf"), precision=1e-6, max_iterations=50):
    value = max(x, lowerbound)
    u = upperbound
    count = 0
    while count < max_iterations and u - value > precision:
        count += 1
        m = (value + u) / 2.0
        if kl(x, m) > d:
            u = m
        else:
            value = m
    return (value + u) / 2.0


def smpy_klucb_bern(x, d, precision=1e-6, bisection_precision=None):
    """SMPyBandits ``klucbBern(x, d, precision)``: the KL-UCB index for level ``d`` (= g(t)/T)."""
    upperbound = min(1.0, x + math.sqrt(abs(2 * 0.25 * d)))  # klucbGauss(x, d, sig2x=0.25)
    if bisection_precision is None:
        return _klucb(x, d, _kl_bern, upperbound, precision)  # sic: precision lands in lowerbound
    return _klucb(x, d, _kl_bern, upperbound, precision=bisection_precision, max_iterations=100)


class BlogCascadingModelEnv:
    def __init__(self, E, rng):
        self.E = E
        self.rng = rng

    def click(self, A):
        for i, item in enumerate(A):
            if self.E[item] > self.rng.random():
                return i + 1
        return -1

    def weights(self, A):
        return [self.E[i] for i in A]

    def optimal_weights(self, k):
        return sorted(self.E, reverse=True)[:k]


class BlogCascadeUCB1Agent:
    def __init__(self, E, p, rng):
        self.E = E
        self.t = 1
        self.counts = [1 for _ in range(len(E))]
        self.weights = [1 if rng.random() < p else 0 for _ in range(len(E))]

    def ucb(self, e):
        return self.weights[e] + math.sqrt(1.5 * math.log(self.t - 1) / self.counts[e])

    def get_list(self, k):
        self.t += 1
        ucbs = [self.ucb(e) for e in range(len(self.E))]
        return sorted(range(len(ucbs)), key=lambda i: ucbs[i], reverse=True)[:k]

    def observe(self, a, click):
        if click == -1:
            click = len(a)
        for i in range(min(len(a), click)):
            e = a[i]
            before = self.counts[e]
            self.counts[e] += 1
            self.weights[e] = ((before * self.weights[e]) + (1 if click == i + 1 else 0)) / self.counts[e]


def _f(weights):
    v = 1.0
    for w in weights:
        v *= 1 - w
    return 1 - v


def blog_simulate(E, k, steps, seed=0):
    """Source 004's ``simulate`` loop (cumulative regret history), pure Python."""
    rng = random.Random(seed)
    env = BlogCascadingModelEnv(E, rng)
    agent = BlogCascadeUCB1Agent(E, 0.2, rng)
    opt = env.optimal_weights(k)
    cum, hist = 0.0, []
    for _ in range(steps):
        a = agent.get_list(k)
        c = env.click(a)
        agent.observe(a, c)
        cum += _f(opt) - _f(env.weights(a))
        hist.append(cum)
    return hist
