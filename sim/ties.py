"""Top-K selection with ties broken uniformly at random (the policy conventions, docs/conventions.md), reference version.

The one rule, used identically by every policy's reference class and numba kernel
(:func:`clickbound.sim.kernels.topk_nb` is the compiled twin, tested to agree draw for draw):

1. ``tau`` = the K-th largest value (with multiplicity);
2. ``above`` = items with value ``> tau`` (fewer than K), in increasing item order, stably
   sorted by decreasing value; ``at`` = items with value ``== tau``, in increasing item order;
3. each run of ``g`` equal values is permuted by a forward Fisher–Yates pass that stops once
   the ``m`` positions the list needs are drawn: ``for s in 0 … min(m, g−1)−1:
   r = s + floor(u·(g−s)), swap(s, r)`` with ``u = rng.random()`` — runs in ``above`` are
   wholly shown (``m = g``); for the ``at`` run, ``m = K − |above|``;
4. the list is ``above`` followed by the first ``m`` of ``at``.

So the list is the top K by (value descending, uniformly random order among equals), and the
policy stream is used only when a tie is actually visible in the list — at most ``K`` draws
per round, however many items tie (thousands of untried items at the start of a run).
"""
from __future__ import annotations

import numpy as np


def _partial_shuffle(run: np.ndarray, m: int, rng: np.random.Generator) -> None:
    g = run.size
    for s in range(min(m, g - 1)):
        r = s + int(rng.random() * (g - s))
        run[s], run[r] = run[r], run[s]


def topk_random_ties(values: np.ndarray, K: int, rng: np.random.Generator) -> np.ndarray:
    """The K items of largest value, in decreasing value, ties in uniformly random order."""
    values = np.asarray(values, dtype=float)
    L = values.size
    if not 1 <= K <= L:
        raise ValueError(f"K must lie in 1..{L}, got {K}")
    if np.isnan(values).any():
        raise ValueError(f"index values contain NaN at items {np.flatnonzero(np.isnan(values)).tolist()}")
    tau = np.partition(values, L - K)[L - K]
    above = np.flatnonzero(values > tau)
    above = above[np.argsort(-values[above], kind="stable")]
    i = 0
    while i < above.size:  # runs of equal values above tau: all shown, fully shuffled
        j = i
        while j + 1 < above.size and values[above[j + 1]] == values[above[i]]:
            j += 1
        run = above[i:j + 1]  # a view: shuffles in place
        _partial_shuffle(run, run.size, rng)
        i = j + 1
    at = np.flatnonzero(values == tau)
    m = K - above.size
    _partial_shuffle(at, m, rng)
    return np.concatenate([above, at[:m]]).astype(np.int64)
