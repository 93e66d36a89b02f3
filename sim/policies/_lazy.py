"""Lazy top-K of KL-UCB indices: same list, same random draws, far fewer index evaluations.

For fixed ``(ŵ(e), T(e))`` the index ``U_t(e)`` is non-decreasing in ``t`` (the threshold
``log t + 3 log log t`` grows; KL-MONO), so an item whose statistics have not changed since
round ``s`` satisfies ``U_s(e) ≤ U_t(e) ≤ U_h(e)`` for ``s ≤ t ≤ h``.  Each item keeps a cached
bracket ``[lo(e), hi(e)]`` valid up to round ``hz(e)``: ``lo`` is an index value computed at
some round ``≤ t``, ``hi`` the index at the horizon ``h = t + ⌊t/HORIZON_DIV⌋ + 16``.

Round ``t``:

1. items whose statistics changed last round get their exact ``U_t`` (a point bracket, valid
   this round only); an expired bracket gets a new ``hi`` at the new horizon (``lo``, an earlier
   exact value with the same statistics, remains a lower bound): one evaluation each;
2. ``λ`` = the K-th largest lower bound: at least K items certainly have ``U_t ≥ λ``;
3. every item with upper bound ``≥ λ`` could be in the top K (a *candidate*); every other item
   certainly has ``U_t < λ ≤ τ`` (τ = the K-th largest exact value), so it can neither be
   shown nor tie at the boundary: it enters the tie rule as ``−∞``;
4. while some candidate's bracket ``[lo − M, hi + M]`` meets another candidate's bracket (or
   exact value), the one with the largest upper end gets its exact ``U_t`` and steps 2–3 are
   redone (λ only rises); an isolated bracket's order against every other candidate is then
   certain and it cannot tie, so ``lo`` stands in for its value;
5. :func:`sim.kernels.topk_nb` on the candidates' values (kept in increasing item order) — its
   candidate set (values ``≥ τ``), their order and its tie draws are exactly those of the eager
   computation over all L items.

``M = MARGIN`` absorbs floating-point error: the computed index is within ``ε ≤ 1e-12`` of the
true one (tests/sim/test_klucb_index.py), so computed values are monotone up to ``2ε < M``.
The exact values are ``klucb_index_level(S/T, g(t)/T)``, which is what
:func:`bounds.kl.klucb_index_scalar` (the reference path) computes, so they are the same floats.

Measured (benchmarks/run.py, B_LB, K = 4, n = 10^5): ~3.9 index evaluations per round instead
of 16 at L = 16 (about 3.1 of them for items whose statistics just changed, which no cached
bound can spare), ~7 instead of 128 at L = 128.
"""
from __future__ import annotations

import math

import numba

from bounds.kl import klucb_index_level, klucb_threshold
from sim.kernels import topk_nb

#: slack on cached bounds: > 2 × the index's absolute error (≤ 1e-12, KL-INDEX tests)
MARGIN = 1e-11
#: bracket horizon h = t + t // HORIZON_DIV + 16: short, because a suboptimal item's index climbs back
#: to the top-K boundary within Δlog t ≈ 0.1 (one KL-UCB exploration cycle); 256 measured best of 32…2048
HORIZON_DIV = 256


@numba.njit  # not cached: numba's cache misses changes in callees from other modules
def lazy_topk(S, T, t, K, rng, A, cand, val, lo, hi, hz, ex, stats, work):
    """Fill ``A[:K]`` with the eager KL-UCB top-K (random ties); ``hz[e] = 0`` marks changed stats.

    ``ex[e]`` is the round at which ``lo[e]`` is the exact index; ``stats`` counts index
    evaluations (total, after a change of statistics, bracket refreshes, overlap resolutions)
    for the benchmark.  ``val``, ``cand`` and ``work`` are buffers of length L.
    """
    L = S.shape[0]
    tf = float(t)
    h = t + t // HORIZON_DIV + 16
    n_eval = 0
    # klucb_index_scalar(w, T, t) is klucb_index_level(w, g(t)/T): hoisting g(t) gives the same floats
    g_t = klucb_threshold(tf)
    g_h = -1.0  # computed on the first expiry of the round
    buf = val  # scratch for the K largest lower bounds (val is refilled below)
    while True:
        nb = 0
        for e in range(L):
            if hz[e] == 0:  # statistics changed: exact value now (a point bracket for this round)
                lo[e] = klucb_index_level(S[e] / T[e], g_t / T[e])
                hi[e] = lo[e]
                hz[e] = t
                ex[e] = t
                n_eval += 1
                stats[1] += 1
            elif hz[e] < t:  # bracket expired: lo (an earlier exact value) stays a lower bound
                if g_h < 0.0:
                    g_h = klucb_threshold(float(h))
                hi[e] = klucb_index_level(S[e] / T[e], g_h / T[e])
                hz[e] = h
                n_eval += 1
                stats[2] += 1
            # λ: the K-th largest lower bound — at least K items are certainly >= λ
            x = lo[e] if ex[e] == t else lo[e] - MARGIN
            if nb < K:
                j = nb
                while j > 0 and buf[j - 1] < x:
                    buf[j] = buf[j - 1]
                    j -= 1
                buf[j] = x
                nb += 1
            elif x > buf[K - 1]:
                j = K - 1
                while j > 0 and buf[j - 1] < x:
                    buf[j] = buf[j - 1]
                    j -= 1
                buf[j] = x
        lam = buf[K - 1]
        nr = 0
        for e in range(L):  # candidates, in increasing item order, with their brackets
            up = lo[e] if ex[e] == t else hi[e] + MARGIN
            if up >= lam:
                cand[nr] = e
                nr += 1
        # the candidate bracket that meets another candidate's, with the largest upper end
        pick = -1
        best = -math.inf
        for i in range(nr):
            e = cand[i]
            if ex[e] == t:
                continue
            a = lo[e] - MARGIN
            b = hi[e] + MARGIN
            for j in range(nr):
                f = cand[j]
                if f == e:
                    continue
                if ex[f] == t:
                    c = lo[f]
                    d = c
                else:
                    c = lo[f] - MARGIN
                    d = hi[f] + MARGIN
                if not (b < c or d < a):
                    if b > best:
                        best = b
                        pick = e
                    break
        if pick < 0:
            break
        lo[pick] = klucb_index_level(S[pick] / T[pick], g_t / T[pick])
        ex[pick] = t
        n_eval += 1
        stats[3] += 1
    stats[0] += n_eval
    # exact values, or for isolated brackets a value inside: same order and ties as the eager
    # values; every non-candidate is certainly below τ, so the tie rule on the candidates alone
    # (kept in increasing item order) makes the same list and the same draws
    for i in range(nr):
        val[i] = lo[cand[i]]
    topk_nb(val[:nr], K, rng, A, work)
    for k in range(K):
        A[k] = cand[A[k]]
