"""Click-model reward functions shared by lemmas, bounds and sim (the project's notation, §1).

Each function works on plain numbers, numpy arrays *and* sympy expressions, so
that the symbolic lemmas and the numeric simulator use one definition.

* ``V(x) = 1 − ∏_{k=1}^{K} (1 − x_k)`` (source ``000_0b27131c69d8f24c.txt``, 補題 notation)
* DCM reward ``f(A, w, v) = 1 − ∏_k (1 − v(k) w(a_k)) = V(w|_A ⊙ v)`` (CM-DCM)
* cascade reward ``f_K(A, w) = V(w|_A)`` (CM-Cascade), examination ``∏_{j<i}(1 − w(a_j))`` (CAS-EXAM)
* observable-depth reward ``Σ_j P_j θ_{a_j}`` (CM-Depth, OD-REWARD, source ``001_eb740855b56fcd8b.txt``)
"""
from __future__ import annotations

from typing import Sequence


def _prod(xs):
    out = 1
    for x in xs:
        out = out * x
    return out


def V(x: Sequence):
    """``V(x) = 1 − ∏_k (1 − x_k)`` — the probability that at least one of K independent events occurs."""
    return 1 - _prod(1 - xk for xk in x)


def dcm_reward(A: Sequence[int], w: Sequence, v: Sequence):
    """``f(A, w, v) = V(w|_A ⊙ v)``; ``v`` is indexed by position (length ≥ len(A))."""
    return V([v[k] * w[a] for k, a in enumerate(A)])


def cascade_reward(A: Sequence[int], w: Sequence):
    """``f_K(A, w) = V(w|_A)``: probability of a click in the cascade model."""
    return V([w[a] for a in A])


def examination(A: Sequence[int], w: Sequence, i: int):
    """Cascade examination probability of (0-based) position ``i``: ``∏_{j<i}(1 − w(a_j))``."""
    return _prod(1 - w[a] for a in A[:i])


def depth_reward(A: Sequence[int], theta: Sequence, P: Sequence):
    """Observable-depth expected clicks ``Σ_j P_j θ_{a_j}``."""
    return sum(P[j] * theta[a] for j, a in enumerate(A))
