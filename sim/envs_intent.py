"""A user-intent population for Radlinski's ranked bandits (source 003, "Сведения задачи к MAB/SMAB").

Source ``003_f899901a464da92a.txt``: a user ``u_t`` arrives, is characterised by click probabilities
``p_t(d)`` ("вероятность пользователя кликнуть на документ d, если он до него дошел"), scans the list
top-down, clicks the first document that attracts him and leaves; the payoff is 1 if he clicked
anything (the abandonment problem).  The "идеальный" case has ``p_t(d) ∈ {0, 1}``: each document is
relevant to a set of users ``S_d`` and OPT is a maximum coverage.

Model ``"intent"`` (project letters, the project's notation: ``L`` documents, ``K`` positions): ``J`` intents with
probabilities ``pi`` (a user draws intent ``j`` i.i.d. each round) and a ``J × L`` matrix ``P`` of click
probabilities ``P[j, d]`` (0/1 rows: intent ``j`` is satisfied exactly by the documents relevant to it).
Given intent ``j`` the user is a cascade user with attractions ``P[j]``:

    E[g(A)] = Σ_j pi_j (1 − ∏_k (1 − P[j, a_k]))             (the exact expected satisfaction)

which does not depend on the order of ``A``.  ``f(S) = E[g]`` is monotone submodular in the set ``S``,
so the greedy list (largest marginal gain first) has ``f ≥ (1 − 1/e)·OPT`` (Nemhauser–Wolsey–Fisher;
RANKED-GREEDY/every-k for 0/1 users); OPT is found by brute force over the ``C(L, K)`` sets.

Uniforms per round (the environment stream, same in :func:`clickbound.sim.kernels.env_round`,
code ``INTENT``): one for the intent (inverse CDF over ``pi`` in intent order), then ``K``: the click is
at the first ``k`` with ``u_k < P[j, a_k]``.  The initial observation (KL-UCB-type policies, docs/conventions.md)
is ``L`` uniforms against the top-position click probability ``Σ_j pi_j P[j, d]``.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from clickbound.sim.envs import Observation, _Model, _prob_vector

#: numba model code of the intent population (sim.kernels.env_round / expected_reward_nb)
INTENT_CODE = 4
#: |Σ pi − 1| allowed (pi given as floats, e.g. thirds)
PI_SUM_TOL = 1e-12
#: largest number of K-subsets the brute-force optimum enumerates
MAX_SUBSETS = 2_000_000


class Intent(_Model):
    """User-intent population (see the module docstring).  ``P``: ``J × L`` click probabilities, ``pi``: ``J``.

    ``K`` is chosen by the caller (no per-position parameters).  Bad input → ``ValueError``.
    """

    model = "intent"
    _item_name, _position_name = "P", "pi"

    def __init__(self, P, pi):
        P = np.asarray(P, dtype=float)
        if P.ndim != 2 or P.size == 0:
            raise ValueError(f"P must be a non-empty J x L matrix of probabilities, got shape {P.shape}")
        rows = [_prob_vector(f"P[{j}]", P[j]) for j in range(P.shape[0])]
        self.P = np.array(rows)
        self.P.setflags(write=False)
        self.pi = _prob_vector("pi", pi)
        if self.pi.size != self.P.shape[0]:
            raise ValueError(f"pi has {self.pi.size} intents but P has {self.P.shape[0]} rows")
        if abs(float(self.pi.sum()) - 1.0) > PI_SUM_TOL:
            raise ValueError(f"pi must sum to 1, got sum {float(self.pi.sum())!r}")
        top = self.pi @ self.P
        self.attraction = np.minimum(top, 1.0)  # the click probability of a document shown first
        self.attraction.setflags(write=False)

    @property
    def J(self) -> int:
        return int(self.P.shape[0])

    # ------------------------------------------------------------------ closed forms
    def expected_reward(self, A) -> float:
        """``Σ_j pi_j (1 − ∏_k (1 − P[j, a_k]))`` with the kernel's float operations, in its order."""
        A = self.check_list(A)
        return _satisfaction(self.P, self.pi, A)

    def set_value(self, S) -> float:
        """Expected satisfaction of the set ``S`` (any order, any size ``≤ L``; the empty set gives 0)."""
        S = [int(e) for e in S]
        return _satisfaction(self.P, self.pi, S)

    def optimal_list(self, K: int | None = None) -> np.ndarray:
        """A maximiser of the expected satisfaction over K-sets, by brute force (first in lexicographic order)."""
        K = self.resolve_K(K)
        n = math.comb(self.L, K)
        if n > MAX_SUBSETS:
            raise ValueError(f"brute force over C({self.L}, {K}) = {n} sets exceeds {MAX_SUBSETS}")
        best, arg = -1.0, None
        for S in itertools.combinations(range(self.L), K):
            v = _satisfaction(self.P, self.pi, S)
            if v > best:
                best, arg = v, S
        return np.array(arg, dtype=np.int64)

    def greedy_list(self, K: int | None = None) -> np.ndarray:
        """Offline greedy: position k gets the document of largest marginal gain (ties: smallest id)."""
        K = self.resolve_K(K)
        S: list[int] = []
        for _ in range(K):
            base = _satisfaction(self.P, self.pi, S)
            gains = [(_satisfaction(self.P, self.pi, S + [d]) - base, -d) for d in range(self.L) if d not in S]
            S.append(-max(gains)[1])
        return np.array(S, dtype=np.int64)

    # ------------------------------------------------------------------ one round
    def draw_intent(self, rng: np.random.Generator) -> int:
        u = rng.random()
        j, acc = 0, self.pi[0]
        while u >= acc and j < self.J - 1:
            j += 1
            acc += self.pi[j]
        return j

    def observe(self, A, rng: np.random.Generator) -> Observation:
        A = np.asarray(A)
        j = self.draw_intent(rng)
        u = rng.random(A.size)
        hit = np.flatnonzero(u < self.P[j, A])
        clicks = np.zeros(A.size, dtype=np.int64)
        if hit.size:
            clicks[hit[0]] = 1
        return Observation(clicks, None, float(hit.size > 0))

    def spec(self) -> dict:
        return {"model": self.model, "P": self.P.tolist(), "pi": self.pi.tolist()}

    def kernel_params(self):
        """``(INTENT_CODE, P flattened row-major, pi)``: the kernel recovers ``L = len(P)/len(pi)``."""
        return INTENT_CODE, np.ascontiguousarray(self.P, dtype=float).ravel(), np.asarray(self.pi, dtype=float)

    def __repr__(self) -> str:
        return f"Intent(J={self.J}, L={self.L})"


def _satisfaction(P, pi, S) -> float:
    tot = 0.0
    for j in range(P.shape[0]):
        prod = 1.0
        for e in S:
            prod = prod * (1.0 - float(P[j, e]))
        tot = tot + float(pi[j]) * (1.0 - prod)
    return tot


def coverage_instance(sets, n_docs: int, weights=None) -> Intent:
    """The "идеальный" 0/1 population: intent ``j`` is satisfied by the documents ``d`` with ``j ∈ sets[d]``.

    ``sets[d]``: the intents (users) document ``d`` covers; ``weights`` the intent probabilities
    (default uniform over the intents ``0 … max+1``).
    """
    J = 1 + max((j for s in sets for j in s), default=-1)
    if J == 0:
        raise ValueError("sets cover no intent")
    if len(sets) != n_docs:
        raise ValueError(f"sets has {len(sets)} entries for {n_docs} documents")
    P = np.zeros((J, n_docs))
    for d, s in enumerate(sets):
        for j in s:
            P[j, d] = 1.0
    pi = np.full(J, 1.0 / J) if weights is None else np.asarray(weights, dtype=float)
    return Intent(P, pi)


def random_instance(rng: np.random.Generator, J: int, L: int, density: float = 0.3,
                    p_click: float | None = None) -> Intent:
    """A seeded random population: intent probabilities Dirichlet(1), relevance Bernoulli(density);
    click probability 1 on relevant documents (the ideal case) or ``p_click``."""
    pi = rng.dirichlet(np.ones(J))
    pi = pi / pi.sum()
    rel = rng.random((J, L)) < density
    P = rel * (1.0 if p_click is None else p_click)
    return Intent(P, pi)
