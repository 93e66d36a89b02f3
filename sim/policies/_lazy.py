"""Lazy top-K of KL-UCB indices: same list, same random draws, far fewer index evaluations.

KL-UCB index (KL-INDEX, SPEC §2.2; sources ``000_0b27131c69d8f24c.txt``, ``003_f899901a464da92a.txt``):
``U = klucb_index_level(ŵ, ℓ)``, the root ``q ≥ ŵ`` of ``f(q) = D_KL(ŵ‖q) = ℓ`` with level
``ℓ_t = g(t)/T`` (:func:`bounds.kl.klucb_index_scalar` computes exactly this float).

Two facts make most evaluations unnecessary while an item's statistics ``(ŵ, T)`` are unchanged:

* **monotone in t** (KL-MONO): ``g`` increases, so ``U_s ≤ U_t ≤ U_h`` for ``s ≤ t ≤ h``;
* **tangent bound** (no logarithm): ``f`` is convex and increasing on ``[ŵ, 1)`` (KL-MONO), so it
  lies above its tangent at the root ``q₀`` of level ``ℓ₀``, and the root at ``ℓ₁ ≥ ℓ₀`` obeys
  ``U(ℓ₁) ≤ q₀ + (ℓ₁ − ℓ₀) · s(q₀)``, ``s(q) = 1/f'(q) = q(1−q)/(q−ŵ)``.

Each item keeps ``lo`` (its exact index at round ``ex``, threshold ``gex = g(ex)``) and ``hi``, an
upper bound valid up to round ``hz``.  Round ``t``:

1. items whose statistics changed (``hz = 0``, set by the policy's update) get their exact ``U_t``
   (a point bracket); an expired bracket gets a new ``hi`` at the horizon ``h`` by the tangent bound
   from ``(lo, gex)`` — a few flops, no evaluation;
2. ``λ`` = the K-th largest lower end: at least K items certainly have ``U_t ≥ λ``;
3. every item with upper end ``≥ λ`` is a *candidate*; every other item certainly has
   ``U_t < λ ≤ τ`` (τ = the K-th largest exact value), so it is neither shown nor tied at the
   boundary: it enters the tie rule as ``−∞``;
4. while some candidate's bracket ``[lo − M, hi + M]`` meets another candidate's bracket (or exact
   value), the one with the largest upper end gets its exact ``U_t`` and steps 2–3 are redone over
   the candidates only (λ only rises, so non-candidates stay out); an isolated bracket's order
   against every other candidate is then certain and it cannot tie, so ``lo`` stands in for it;
5. the candidates' values (in increasing item order) go through the tie rule: if they are pairwise
   distinct, :func:`sim.kernels.topk_nb` would draw nothing and return them sorted, so they are
   sorted directly; otherwise :func:`sim.kernels.topk_nb` runs — its candidate set (values ``≥ τ``),
   their order and its tie draws are exactly those of the eager computation over all L items.

Floating point.  ``M = MARGIN`` absorbs the index's absolute error ``ε ≤ EPS_Q = 1e-12``
(tests/sim/test_klucb_index.py, tests/lemmas/test_klucb.py): exact values are monotone in ``t`` up
to ``2ε < M``.  The tangent bound is made safe against the stored ``lo = q̂`` (``|q̂ − q₀| ≤ ε``):
bounding ``s``'s numerator and denominator separately over ``q₀ ∈ [q̂−ε, q̂+ε]`` gives
``s(q₀) ≤ (q̂+ε)(1−q̂+ε)/(q̂−ε−ŵ)``; the slope is further multiplied by ``SLOPE_SLACK`` (covers the
≤ 5 roundings of its computation).  The level difference ``ℓ_h − ℓ_ex = fl(g_h/T) − fl(g_ex/T)``
is at most ``(g_h − g_ex)/T + 2⁻⁵² g_h/T``; using ``g_h · G_UP`` (``G_UP = 1 + 2⁻⁵⁰``) in place of
``g_h`` covers that and the rounding of the subtraction.  The computed ``hi`` is therefore at least
``U_h − ε − 2⁻⁵³``, and the eager value at any ``t ≤ h`` is ``≤ hi + 2ε + 2⁻⁵³ < hi + M``.  When
``q̂ − ε ≤ ŵ`` (level ≈ 0) no slope is available and ``hi = +∞``.

Horizon ``h``: on a grid of step ``s = max(16, 2^⌊log₂(t/2^HSHIFT)⌋)`` (``h = (⌊t/s⌋ + 2)s``,
so ``h − t ∈ (s, 2s]``), so that ``g(h)`` is computed once per grid point (cached in ``gc``), not
once per round.

Measured (benchmarks/run.py, B_LB, K = 4, n = 10^5): ~3.0 index evaluations per round instead
of 16 at L = 16 (2.95 of them for items whose statistics just changed, which no cached bound can
spare: they were in last round's top K and their order against the others is needed), ~4.6
instead of 128 at L = 128.
"""
from __future__ import annotations

import math

import numba

from bounds.kl import klucb_index_level, klucb_threshold
from sim.kernels import topk_nb

#: slack on cached bounds: > 2 × the index's absolute error (≤ 1e-12, KL-INDEX tests) + 2⁻⁵³
MARGIN = 1e-11
#: the index's absolute error bound used in the tangent slope (KL-INDEX: ≤ 1e-12 vs mpmath)
EPS_Q = 1e-12
#: relative slack on the tangent slope: covers its ≤ 5 roundings (each ≤ 2⁻⁵³ ≈ 1.1e-16)
SLOPE_SLACK = 1.0 + 1e-12
#: g(h) is rounded up by this factor: covers the rounding of fl(g/T) at both levels (≤ 2⁻⁵² g_h/T)
G_UP = 1.0 + 2.0 ** -50
#: horizon grid step ~ t/2^HSHIFT (at least 16): short, because a suboptimal item's index climbs back
#: to the top-K boundary within Δlog t ≈ 0.1; 9 measured best of 6…10 (tangent bounds are cheap)
HSHIFT = 9


@numba.njit(inline="always")
def horizon_step(t):
    """Grid step at round ``t``: ``s = max(16, 2^⌊log₂(t >> HSHIFT)⌋)`` (a multiple of the smaller steps)."""
    s = 16
    while s * 2 <= (t >> HSHIFT):
        s *= 2
    return s


@numba.njit(inline="always")
def horizon(t):
    """Bracket horizon for round ``t``: ``(⌊t/s⌋ + 2)s``; constant for ``t`` in ``[⌊t/s⌋s, (⌊t/s⌋+1)s)``."""
    s = horizon_step(t)
    return (t // s + 2) * s


@numba.njit(inline="always")
def tangent_upper(q, w, T, dg):
    """Safe upper bound of the index at level ``ℓ₀ + dg/T`` from its computed value ``q`` at ``ℓ₀``.

    ``dg ≥ 0`` is the (rounded-up) threshold difference; see the module docstring for why the
    result is ``≥`` the true index minus ``ε + 2⁻⁵³``.  ``+∞`` when no slope is available.
    """
    d = q - w - EPS_Q
    if d <= 0.0:
        return math.inf
    return q + dg * ((q + EPS_Q) * (1.0 - q + EPS_Q) / (d * T) * SLOPE_SLACK)


@numba.njit(inline="always")
def _push(buf, nb, K, x):
    """Keep ``buf[:K]`` the K largest values seen (decreasing); returns the new fill count."""
    if nb < K:
        j = nb
        while j > 0 and buf[j - 1] < x:
            buf[j] = buf[j - 1]
            j -= 1
        buf[j] = x
        return nb + 1
    if x > buf[K - 1]:
        j = K - 1
        while j > 0 and buf[j - 1] < x:
            buf[j] = buf[j - 1]
            j -= 1
        buf[j] = x
    return nb


@numba.njit(inline="always")
def _exact(S, T, e, g_t, t, lo, ex, gex):
    lo[e] = klucb_index_level(S[e] / T[e], g_t / T[e])
    ex[e] = t
    gex[e] = g_t
    return lo[e]


@numba.njit(inline="always")  # inlined: a call would pass (and reference-count) 15 arrays per round
def lazy_topk(S, T, t, K, rng, A, cand, val, lo, hi, hz, ex, stats, work, gex, gc):
    """Fill ``A[:K]`` with the eager KL-UCB top-K (random ties); ``hz[e] = 0`` marks changed stats.

    ``ex[e]`` is the round at which ``lo[e]`` is the exact index and ``gex[e]`` that round's
    threshold; ``gc = [h, g(h)·G_UP, first, last + 1 round of this grid step]`` caches the horizon; ``stats`` counts index
    evaluations (total, after a change of statistics, tangent refreshes (no evaluation),
    overlap resolutions) for the benchmark.  ``val``, ``cand`` and ``work`` are buffers of length L.
    """
    L = S.shape[0]
    if not (gc[2] <= t < gc[3]):  # a new grid step: new horizon and its threshold
        st = horizon_step(t)
        gc[0] = (t // st + 2) * st
        gc[1] = klucb_threshold(gc[0]) * G_UP
        gc[2] = (t // st) * st
        gc[3] = gc[2] + st
    h = int(gc[0])
    g_h = gc[1]
    # klucb_index_scalar(w, T, t) is klucb_index_level(w, g(t)/T): hoisting g(t) gives the same floats
    g_t = klucb_threshold(float(t))
    n1 = 0
    n2 = 0
    buf = val  # scratch for the K largest lower ends (val is refilled below)
    nb = 0
    nr = 0
    for e in range(L):
        z = hz[e]
        if z == 0:  # statistics changed: exact value now (a point bracket for this round)
            x = _exact(S, T, e, g_t, t, lo, ex, gex)
            hz[e] = t
            n1 += 1
            u = x
        else:
            if z < t:  # bracket expired: tangent bound at the horizon from the last exact value
                dg = g_h - gex[e]
                hi[e] = tangent_upper(lo[e], S[e] / T[e], T[e], dg) if dg > 0.0 else lo[e]
                hz[e] = h
                n2 += 1
            if ex[e] == t:
                x = lo[e]
                u = x
            else:
                x = lo[e] - MARGIN
                u = hi[e] + MARGIN
        nb = _push(buf, nb, K, x)  # λ: the K-th largest lower end — at least K items are >= λ
        if nb < K or u >= buf[K - 1]:  # the running λ only rises: every final candidate is noted here
            cand[nr] = e
            nr += 1
    lam = buf[K - 1]
    m = 0
    nn = 0  # candidates without an exact value this round
    for i in range(nr):  # candidates (upper end >= λ), in increasing item order
        e = cand[i]
        if ex[e] == t:
            if lo[e] >= lam:
                cand[m] = e
                m += 1
        elif hi[e] + MARGIN >= lam:
            cand[m] = e
            m += 1
            nn += 1
    nr = m
    n3 = 0
    while nn > 0:
        pick = _overlapping(cand, nr, lo, hi, ex, t)
        if pick < 0:
            break
        _exact(S, T, pick, g_t, t, lo, ex, gex)
        n3 += 1
        # λ only rises and non-candidates lie below the old λ, so λ is recomputed over the candidates
        nb = 0
        for i in range(nr):
            e = cand[i]
            nb = _push(buf, nb, K, lo[e] if ex[e] == t else lo[e] - MARGIN)
        lam = buf[K - 1]
        m = 0
        nn = 0
        for i in range(nr):
            e = cand[i]
            if ex[e] == t:
                if lo[e] >= lam:
                    cand[m] = e
                    m += 1
            elif hi[e] + MARGIN >= lam:
                cand[m] = e
                m += 1
                nn += 1
        nr = m
    stats[0] += n1 + n3
    stats[1] += n1
    stats[2] += n2
    stats[3] += n3
    _candidate_topk(cand, nr, lo, K, rng, A, val, work)


@numba.njit(inline="always")
def _overlapping(cand, nr, lo, hi, ex, t):
    """The inexact candidate whose bracket meets another candidate's, with the largest upper end (−1: none)."""
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
    return pick


@numba.njit(inline="always")
def _candidate_topk(cand, nr, lo, K, rng, A, val, work):
    """The tie rule on the candidates' values (exact, or for isolated brackets a value inside).

    Pairwise distinct values: :func:`sim.kernels.topk_nb` draws nothing and returns them sorted
    decreasingly, so an insertion sort gives its answer; any equal pair (or a NaN, which topk_nb
    reports) falls back to :func:`sim.kernels.topk_nb` itself.
    """
    distinct = True
    for i in range(nr):
        x = lo[cand[i]]
        j = i
        while j > 0 and val[j - 1] < x:
            val[j] = val[j - 1]
            work[j] = work[j - 1]
            j -= 1
        if (j > 0 and val[j - 1] == x) or math.isnan(x):
            distinct = False
            break
        val[j] = x
        work[j] = cand[i]
    if distinct:
        for k in range(K):
            A[k] = work[k]
        return
    for i in range(nr):
        val[i] = lo[cand[i]]
    topk_nb(val[:nr], K, rng, A, work)
    for k in range(K):
        A[k] = cand[A[k]]
