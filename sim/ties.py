"""Top-K selection with ties broken uniformly at random (SPEC §3 convention), reference version.

The one rule, used identically by every policy's reference class and numba kernel
(:func:`sim.kernels.topk_nb` is the compiled twin, tested to agree draw for draw):

1. ``tau`` = the K-th largest value (with multiplicity);
2. candidates = items with value ``>= tau``, in increasing item order, stably sorted by
   decreasing value;
3. every maximal run of equal values among the candidates is shuffled by Fisher–Yates,
   ``for i = g−1 … 1: j = floor(u·(i+1)), swap(i, j)`` with ``u = rng.random()``
   (``g − 1`` uniforms per run of length ``g``; no draw at all when there is no tie);
4. the list is the first K candidates.

So the result is the top K by (value descending, uniformly random order among equals), and
the policy stream is consumed only when a tie actually occurs — cheap when indices are
continuous, exact when they are not (all ``+inf`` at the start, equal empirical means).
"""
from __future__ import annotations

import numpy as np


def topk_random_ties(values: np.ndarray, K: int, rng: np.random.Generator) -> np.ndarray:
    """The K items of largest value, in decreasing value, ties in uniformly random order."""
    values = np.asarray(values, dtype=float)
    L = values.size
    if not 1 <= K <= L:
        raise ValueError(f"K must lie in 1..{L}, got {K}")
    if np.isnan(values).any():
        raise ValueError(f"index values contain NaN at items {np.flatnonzero(np.isnan(values)).tolist()}")
    tau = np.partition(values, L - K)[L - K]
    cand = np.flatnonzero(values >= tau)
    order = cand[np.argsort(-values[cand], kind="stable")]
    i = 0
    while i < K:
        j = i
        while j + 1 < order.size and values[order[j + 1]] == values[order[i]]:
            j += 1
        g = j - i + 1
        for s in range(g - 1, 0, -1):  # Fisher–Yates on order[i : i + g]
            r = int(rng.random() * (s + 1))
            order[i + s], order[i + r] = order[i + r], order[i + s]
        i = j + 1
    return order[:K].astype(np.int64)
