"""Lazy top-K of KL-UCB indices: same list, same random draws, far fewer index evaluations.

KL-UCB index (KL-INDEX; sources ``000_0b27131c69d8f24c.txt``, ``003_f899901a464da92a.txt``):
``U(w, ℓ) = klucb_index_level(w, ℓ)``, the root ``q ≥ w`` of ``f(q) = D_KL(w‖q) = ℓ``, used at
``w = ŵ = S/T`` and level ``ℓ_t = fl(g(t)/T)`` (:func:`clickbound.bounds.kl.klucb_index_scalar` computes
exactly this float).  "True index" below means ``U`` at those float arguments; the computed value
is within ``ε ≤ EPS_Q = 1e-12`` of it (tests/sim/test_klucb_index.py, tests/lemmas/lecture/test_klucb.py).

Every item keeps a *bracket* of its index and the index is evaluated only when the brackets
cannot decide the list.  Facts used (``f`` is convex and increasing on ``[w, 1)``, KL-MONO):

* **level**: ``U`` is increasing and concave in ``ℓ`` with slope ``s(U)``, ``s(q) = 1/f'(q) =
  q(1−q)/(q−w)``, which *decreases* in ``q`` (``s' = −((q−w)² + w(1−w))/(q−w)² < 0``).  So
  tangents bound ``U`` from above at both ends of a level step, a lower bound of ``U`` gives an
  upper bound of its slope, and the chord from ``U(0) = w`` gives a lower bound;
* **mean**: ``∂U/∂w = (q/w)·φ(x)`` with ``x = (q−w)/(w(1−q))`` and ``φ(x) = log(1+x)/x``, which
  decreases, with ``1 − x/2 + x²/3 − x³/4 ≤ φ(x) ≤ 1 − x/2 + x²/3`` (Taylor, x ≥ 0).

Per item (rows of ``F``): ``LO``/``TOP``, the true index at mean ``W0`` and level ``LV`` lies in
``[LO − ε, TOP + ε]``; ``GX`` the threshold ``g`` of that round; ``IW = 1/W0``; ``HI`` an upper bound
of the computed index valid up to round ``I[HZ]``; ``I[EX]`` the round of the last exact value
(``LO = TOP =`` that value).  Round ``t``:

1. an item whose statistics changed (``I[HZ] = 0``, set by the policy's update: one new
   observation) is **re-bracketed without a logarithm** (:func:`rebracket`): step A moves the old
   bracket to the new level at the old mean (tangents, chord), step B to the new mean (``∂U/∂w``
   bounded over the box of means and index values the path crosses); the bracket is kept if its
   width is at most ``WCAP·(LO − ŵ)``, else (or when ``w`` is 0 or 1) the index is evaluated.  Either
   way it holds for this round only (``I[HZ] = t``);
2. an expired bracket (statistics unchanged) gets a new ``HI`` at the horizon ``h`` by the tangent
   from ``(LO, TOP)`` — a few flops, no evaluation;
3. ``λ`` = the K-th largest lower end: at least K items certainly have ``U_t ≥ λ``; every item
   with upper end ``≥ λ`` is a *candidate*; every other item certainly has ``U_t < λ ≤ τ``
   (τ = the K-th largest exact value), so it is neither shown nor tied at the boundary: it enters
   the tie rule as ``−∞``;
4. while some candidate's bracket ``[LO − M, HI + M]`` meets another candidate's bracket (or exact
   value), the one with the largest upper end gets its exact ``U_t`` and step 3 is redone over the
   candidates only (λ only rises, so non-candidates stay out); an isolated bracket's order against
   every other candidate is then certain and it cannot tie, so ``LO`` stands in for it;
5. the candidates' values (in increasing item order) go through the tie rule: if they are pairwise
   distinct, :func:`clickbound.sim.kernels.topk_nb` would draw nothing and return them sorted, so they are
   sorted directly; otherwise :func:`clickbound.sim.kernels.topk_nb` runs — its candidate set (values ``≥ τ``),
   their order and its tie draws are exactly those of the eager computation over all L items.

Floating point.  ``M = MARGIN`` absorbs the index's error: the eager value lies within ``ε`` of
the true index, hence in ``[LO − 2ε, HI + 2ε] ⊂ [LO − M, HI + M]``.  A re-bracketing works on
quantities whose roundings (≤ 15 per chain, each ≤ 2⁻⁵³ relative) are covered by moving both ends
out by ``SLOP·(1 + the size of the moves)`` (``SLOP = 1e-14``); levels are the very floats the
eager computation uses, so they carry no error.  The tangent bound at the horizon is safe against
``|q̂ − q₀| ≤ ε``: its slope is taken at ``LO − ε`` and bounded by ``(LO+ε)(1−LO+ε)/(LO−ε−w)``
times ``SLOPE_SLACK`` (its ≤ 5 roundings); ``g(h)`` is rounded up by ``G_UP = 1 + 2⁻⁵⁰``, which
covers the rounding of ``fl(g/T)`` at both levels and of the subtraction.  When ``LO − ε ≤ w``
no slope is available and ``HI = +∞``.  tests/sim/test_lazy.py checks both bounds against the
computed index and the 50-digit mpmath reference.

Horizon ``h``: on a grid of step ``s = max(16, 2^⌊log₂(t/2^HSHIFT)⌋)`` (``h = (⌊t/s⌋ + 2)s``,
so ``h − t ∈ (s, 2s]``), so that ``g(h)`` is computed once per grid point (cached in ``gc``),
not once per round.

Measured (benchmarks/run.py, B_LB, K = 4, n = 10^5): at L = 16, 0.41 index evaluations and 2.6
re-bracketings per round instead of 16 evaluations (CascadeKL-UCB; before re-bracketing, 3.0
evaluations, 2.95 of them for items whose statistics had just changed); at L = 128, 2.1 instead
of 128.  A re-bracketing costs about 60 % of an evaluation (≈ 30 flops and 4–5 divisions instead
of 4–6 logarithms and Halley steps).  The top items' indices sit within ~1e-5 of each other (the
algorithm keeps them level), so brackets must be ~1e-9 wide to order them: hence the
second-order bounds of step B rather than cruder ones (a first version with ~1e-6 brackets
resolved more overlaps than it saved).

Numba notes (each measured on the benchmark above).  Every array a kernel receives costs, per call,
seven argument words pushed on the stack and an atomic reference-count pair at entry, which
numba's pruning pass does not remove in a function this large (checked in the optimised IR, with
and without calls or raises in the body).  So the policy's statistics, the brackets and the
buffers are rows of two arrays ``F`` and ``I``: a DCM-family state of 5 arrays instead of 11 took
a lazy round from 413 to 323 ns and an eager one from 1223 to 1183 ns (dcmKL-UCB, L = 16).
Inside the kernel, an inlined helper that takes an array costs two atomic operations per call, so
the per-item λ insertion is written out; the index is called through
:data:`clickbound.bounds.kl.klucb_index_level_c` (a C function: no exception status to check) and
:func:`rebracket` is inlined; the lazy and eager selections are separate kernels
(``kernel_functions``); and the item loop is split in two passes that count in memory, because
one more live counter in it measured 25 % slower.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.bounds.kl import klucb_index_level_c, klucb_threshold
from clickbound.sim.kernels import topk_nb

#: slack on cached bounds: > 2 × the index's absolute error (≤ 1e-12, KL-INDEX tests) + 2⁻⁵³
MARGIN = 1e-11
#: the index's absolute error bound used in the tangent slope (KL-INDEX: ≤ 1e-12 vs mpmath)
EPS_Q = 1e-12
#: relative slack on the tangent slope: covers its ≤ 5 roundings (each ≤ 2⁻⁵³ ≈ 1.1e-16)
SLOPE_SLACK = 1.0 + 1e-12
#: g(h) is rounded up by this factor: covers the rounding of fl(g/T) at both levels (≤ 2⁻⁵² g_h/T)
G_UP = 1.0 + 2.0 ** -50
#: absolute slack of a re-bracketing, scaled by the size of its moves (covers ≤ 15 roundings of 2⁻⁵³)
SLOP = 1e-14
#: keep a re-bracketed item's bracket while narrower than WCAP × (index − ŵ); else evaluate
WCAP = 1e-5
#: horizon grid step ~ t/2^HSHIFT (at least 16): short, because a suboptimal item's index climbs back
#: to the top-K boundary within Δlog t ≈ 0.1; 9 measured best of 6…10 (tangent bounds are cheap)
HSHIFT = 9

#: rows of the per-item float state ``F``: the policy's statistics (sum of observed clicks ``SUM``,
#: observations ``OBS``), the bracket (see the module docstring) and a value buffer
SUM, OBS, LO, HI, TOP, GX, W0, LV, IW, VAL = range(10)
NF = 10
#: rows of the per-item integer state ``I``: bracket horizon, round of the last exact value, two buffers
HZ, EX, CAND, WORK = range(4)
NI = 4
#: counters in ``stats``: evaluations (all), of them for changed statistics, tangent refreshes,
#: overlap resolutions (re-bracketings are not counted: one more counter in the item loop
#: measured 25 % slower, from register pressure)
N_EVAL, N_CHANGED, N_TANGENT, N_OVERLAP = range(4)
#: position of ``stats`` in the tuple :func:`lazy_state` returns (policies put that tuple first in their state)
STATE_STATS = 2


def lazy_state(L: int, copies: int | None = None):
    """Fresh lazy state ``(F, I, stats, gc)`` for ``L`` items (``copies`` independent top-K's).

    ``F`` holds the float rows above (``LV = −1``: never bracketed), ``I`` the integer rows (``HZ``:
    the round up to which ``HI`` holds, 0 when the statistics changed; ``EX``: the round of the
    last exact value), ``stats`` the counters, ``gc = [h, g(h)·G_UP, first, last + 1 round of this
    grid step]`` (shared by copies).  The policy's own statistics are rows of ``F`` rather than
    arrays of their own: every array a kernel receives costs a dozen argument words and two atomic
    reference-count operations per call (two calls per round).
    """
    lead = () if copies is None else (copies,)
    F = np.zeros(lead + (NF, L))
    F[..., LV, :] = -1.0
    return F, np.zeros(lead + (NI, L), dtype=np.int64), np.zeros(4, dtype=np.int64), np.zeros(4)


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
def tangent_upper(lo, top, w, T, dg):
    """Safe upper bound of the index at level ``ℓ₀ + dg/T`` from its bracket ``[lo, top]`` at ``ℓ₀``.

    ``dg ≥ 0`` is the (rounded-up) threshold difference; the slope is taken at ``lo − ε`` (a lower
    bound of the index at ``ℓ₀``); see the module docstring for why the result is ``≥`` the true
    index minus ``ε + 2⁻⁵³``.  ``+∞`` when no slope is available.
    """
    d = lo - w - EPS_Q
    if d <= 0.0:
        return math.inf
    return top + dg * ((lo + EPS_Q) * (1.0 - lo + EPS_Q) / (d * T) * SLOPE_SLACK)


@numba.njit(inline="always", error_model="numpy")
def rebracket(lo, top, l0, w0, iw0, w1, l1):
    """``(a, b, 1/w1)``: bounds of the true index at ``(w1, l1)`` from ``[lo − ε, top + ε]`` at ``(w0, l0)``.

    No logarithm: step A moves the level at ``w0`` (``l1 ≤ l0``: tangent at ``l0`` for ``b``,
    tangent at ``l1`` with the chord's lower bound ``ql`` for ``a``; ``l1 > l0``: tangents, slopes
    at ``a0`` and at the new ``b``), step B the mean at ``l1`` with ``∂U/∂w = (q/w)·φ(x)`` bounded
    over the box ``[w0, w1] × [qa, qb]`` (``φ`` decreasing, ``x`` increasing in ``q`` and decreasing
    in ``w``; ``qb``/``qa`` from the crude ``∂U/∂w ≤ q/w``).  ``iw0 = 1/w0``.  Returns ``nan``
    bounds when ``w0`` or ``w1`` is 0 or 1, a level is not positive, or the bracket leaves ``(w0, 1)``.
    """
    iw1 = 1.0 / w1
    if not (0.0 < w0 < 1.0 and 0.0 < w1 < 1.0 and l0 > 0.0 and l1 > 0.0):
        return math.nan, math.nan, iw1
    a0 = lo - EPS_Q
    b0 = top + EPS_Q
    da = a0 - w0
    db = b0 - w0
    if not (da > 0.0 and b0 < 1.0):
        return math.nan, math.nan, iw1
    # A: the level, at w0
    if l1 <= l0:
        dl = l0 - l1
        inv = 1.0 / (l0 * l1 * da * db)  # one division for ql and both slopes
        ql = w0 + l1 * l1 * da * db * da * inv           # w0 + (l1/l0)·da <= U(w0, l1) (chord)
        a = a0 - dl * (ql * (1.0 - ql) * l0 * l0 * db * inv)  # s(ql) = ql(1−ql)·l0/(l1·da)
        b = b0 - dl * (b0 * (1.0 - b0) * l0 * l1 * da * inv)  # s(b0) = b0(1−b0)/db
    else:
        dl = l1 - l0
        b = b0 + dl * (a0 * (1.0 - a0) / da)
        a = a0 + dl * (b * (1.0 - b) / (b - w0))
    # B: the mean, at l1
    d = w1 - w0
    if d >= 0.0:  # q over [U(w0), U(w1)] ⊂ [a, qb], w over [w0, w1]
        r = d * iw0
        if r >= 1.0:
            return math.nan, math.nan, iw1
        qb = b / (1.0 - r)  # U(w1) <= b + d·U(w1)/w0
        qa = a
        wa, iwa, wb, iwb = w0, iw0, w1, iw1
    else:         # q over [U(w1), U(w0)] ⊂ [qa, b], w over [w1, w0]
        qb = b
        qa = a + d * b * iw1  # U(w1) >= a − |d|·b/w1
        wa, iwa, wb, iwb = w1, iw1, w0, iw0
    if not (qa > wb and qb < 1.0):
        return math.nan, math.nan, iw1
    inv = 1.0 / ((1.0 - qa) * (1.0 - qb))
    xmin = (qa - wb) * iwb * (1.0 - qb) * inv  # x at (qa, wb)
    xmax = (qb - wa) * iwa * (1.0 - qa) * inv  # x at (qb, wa)
    dmax = qb * iwa * (1.0 - xmin * (0.5 - xmin * (1.0 / 3.0)))
    dmin = qa * iwb * (1.0 - xmax * (0.5 - xmax * (1.0 / 3.0 - 0.25 * xmax)))
    mag = abs(a - a0) + abs(b - b0) + 2.0 * abs(d) * dmax
    if d >= 0.0:
        a = a + d * dmin
        b = b + d * dmax
    else:
        a = a + d * dmax
        b = b + d * dmin
    err = SLOP * (1.0 + mag)
    return a - err, b + err, iw1


@numba.njit(inline="always")
def _exact(F, I, e, g_t, t):
    """Evaluate item ``e``'s index at round ``t`` (threshold ``g_t``): a point bracket."""
    w = F[SUM, e] / F[OBS, e]
    lv = g_t / F[OBS, e]
    q = klucb_index_level_c(w, lv)
    F[LO, e] = q
    F[TOP, e] = q
    F[GX, e] = g_t
    F[W0, e] = w
    F[LV, e] = lv
    F[IW, e] = 1.0 / w if w > 0.0 else 0.0
    I[EX, e] = t
    return q


@numba.njit(inline="always")  # inlined: a call would pass (and reference-count) its arrays every round
def lazy_topk(t, K, rng, A, F, I, stats, gc):
    """Fill ``A[:K]`` with the eager KL-UCB top-K (random ties) of the statistics ``F[SUM]``, ``F[OBS]``.

    ``F, I, stats, gc`` come from :func:`lazy_state`; the policy's update sets ``I[HZ, e] = 0``
    when item ``e``'s statistics change.
    """
    L = F.shape[1]
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
    # pass 1: this round's brackets.  Kept apart from pass 2 and counting in memory: fewer values
    # live across the loop (one more counter here measured 25 % slower, from register spills)
    for e in range(L):
        z = I[HZ, e]
        if z == 0:  # statistics changed: re-bracket (or evaluate); a bracket for this round only
            I[HZ, e] = t
            w1 = F[SUM, e] / F[OBS, e]
            lv = g_t / F[OBS, e]
            a, b, iw = rebracket(F[LO, e], F[TOP, e], F[LV, e], F[W0, e], F[IW, e], w1, lv)
            if b - a <= WCAP * (a - w1):  # false for nan
                F[LO, e] = a
                F[HI, e] = b
                F[TOP, e] = b
                F[GX, e] = g_t
                F[W0, e] = w1
                F[LV, e] = lv
                F[IW, e] = iw
            else:
                _exact(F, I, e, g_t, t)
                stats[N_EVAL] += 1
                stats[N_CHANGED] += 1
        elif z < t:  # bracket expired: tangent bound at the horizon from the last bracket
            dg = g_h - F[GX, e]
            F[HI, e] = tangent_upper(F[LO, e], F[TOP, e], F[W0, e], F[OBS, e], dg) if dg > 0.0 else F[TOP, e]
            I[HZ, e] = h
            stats[N_TANGENT] += 1
    # pass 2: λ = the K-th largest lower end (at least K items are >= λ) and the candidates
    nb = 0
    nr = 0
    for e in range(L):
        if I[EX, e] == t:
            x = F[LO, e]
            u = x
        else:
            x = F[LO, e] - MARGIN
            u = F[HI, e] + MARGIN
        if nb < K or x > F[VAL, K - 1]:  # keep F[VAL, :K] the K largest lower ends seen (decreasing)
            j = nb if nb < K else K - 1
            while j > 0 and F[VAL, j - 1] < x:
                F[VAL, j] = F[VAL, j - 1]
                j -= 1
            F[VAL, j] = x
            if nb < K:
                nb += 1
        if nb < K or u >= F[VAL, K - 1]:  # the running λ only rises: every final candidate is noted here
            I[CAND, nr] = e
            nr += 1
    lam = F[VAL, K - 1]
    m = 0
    nn = 0  # candidates without an exact value this round
    for i in range(nr):  # candidates (upper end >= λ), in increasing item order
        e = I[CAND, i]
        if I[EX, e] == t:
            if F[LO, e] >= lam:
                I[CAND, m] = e
                m += 1
        elif F[HI, e] + MARGIN >= lam:
            I[CAND, m] = e
            m += 1
            nn += 1
    nr = m
    n3 = 0
    while nn > 0:
        pick = _overlapping(nr, F, I, t)
        if pick < 0:
            break
        _exact(F, I, pick, g_t, t)
        n3 += 1
        # λ only rises and non-candidates lie below the old λ, so λ is recomputed over the candidates.
        # This block and the filter below repeat pass 2's: folding them into one loop measured 3 %
        # slower at L = 16 (5 % when pass 2 was folded in too), on the path the benchmark times
        nb = 0
        for i in range(nr):
            e = I[CAND, i]
            x = F[LO, e] if I[EX, e] == t else F[LO, e] - MARGIN
            if nb < K or x > F[VAL, K - 1]:  # keep F[VAL, :K] the K largest lower ends seen (decreasing)
                j = nb if nb < K else K - 1
                while j > 0 and F[VAL, j - 1] < x:
                    F[VAL, j] = F[VAL, j - 1]
                    j -= 1
                F[VAL, j] = x
                if nb < K:
                    nb += 1
        lam = F[VAL, K - 1]
        m = 0
        nn = 0
        for i in range(nr):
            e = I[CAND, i]
            if I[EX, e] == t:
                if F[LO, e] >= lam:
                    I[CAND, m] = e
                    m += 1
            elif F[HI, e] + MARGIN >= lam:
                I[CAND, m] = e
                m += 1
                nn += 1
        nr = m
    stats[N_EVAL] += n3
    stats[N_OVERLAP] += n3
    _candidate_topk(nr, F, I, K, rng, A)


@numba.njit(inline="always")
def _overlapping(nr, F, I, t):
    """The inexact candidate whose bracket meets another candidate's, with the largest upper end (−1: none)."""
    pick = -1
    best = -math.inf
    for i in range(nr):
        e = I[CAND, i]
        if I[EX, e] == t:
            continue
        a = F[LO, e] - MARGIN
        b = F[HI, e] + MARGIN
        for j in range(nr):
            f = I[CAND, j]
            if f == e:
                continue
            if I[EX, f] == t:
                c = F[LO, f]
                d = c
            else:
                c = F[LO, f] - MARGIN
                d = F[HI, f] + MARGIN
            if not (b < c or d < a):
                if b > best:
                    best = b
                    pick = e
                break
    return pick


@numba.njit(inline="always")
def _candidate_topk(nr, F, I, K, rng, A):
    """The tie rule on the candidates' values (exact, or for isolated brackets a value inside).

    Pairwise distinct values: :func:`clickbound.sim.kernels.topk_nb` draws nothing and returns them sorted
    decreasingly, so an insertion sort gives its answer; any equal pair (or a NaN, which topk_nb
    reports) falls back to :func:`clickbound.sim.kernels.topk_nb` itself.
    """
    distinct = True
    for i in range(nr):
        x = F[LO, I[CAND, i]]
        j = i
        while j > 0 and F[VAL, j - 1] < x:
            F[VAL, j] = F[VAL, j - 1]
            I[WORK, j] = I[WORK, j - 1]
            j -= 1
        if (j > 0 and F[VAL, j - 1] == x) or math.isnan(x):
            distinct = False
            break
        F[VAL, j] = x
        I[WORK, j] = I[CAND, i]
    if distinct:
        for k in range(K):
            A[k] = I[WORK, k]
        return
    for i in range(nr):
        F[VAL, i] = F[LO, I[CAND, i]]
    topk_nb(F[VAL, :nr], K, rng, A, I[WORK])
    for k in range(K):
        A[k] = I[CAND, A[k]]


@numba.njit(inline="always")  # inlined: a call would pass (and reference-count) its arrays every round
def lazy_topk_ordered(t, g_t, K, rng, A, F, I, stats, gc):
    """:func:`lazy_topk` for RankedKL-UCB, whose ``K`` copies need their top ``k`` every round.

    Same list and draws as :func:`lazy_topk` and the eager loop; ``g_t = klucb_threshold(t)`` is
    passed in (computed once per round for all copies).  Passes 1 and 2 (steps 1–3) are
    :func:`lazy_topk`'s, written out again (an inlined helper taking the arrays would cost atomic
    reference counts per call, see the Numba notes).  Step 4 differs, because in RankedKL-UCB the
    top ``k`` items of a copy sit within ~1e-5 of each other and most of their brackets meet
    (:func:`lazy_topk` evaluated 37 indices per round at EXP-DCM-3c's L = 20, K = 10, one at a time
    with λ recomputed after each):

    * the candidates are sorted by lower end; candidate ``p`` meets a later one iff the next lower
      end is ``≤`` its upper end, an earlier one iff the running maximum of the earlier upper ends
      reaches its lower end (linear, instead of all pairs);
    * every inexact candidate that meets another is, if its bracket is a horizon bracket (its
      statistics unchanged since the bracket's anchor), first **re-bracketed at this round's level**
      by :func:`rebracket` (the mean unchanged, so step A alone: second order in the level change,
      no logarithm; kept under the same ``WCAP`` rule, the bracket then holds for this round only,
      like step 1's); a candidate that still meets another in the next sweep is evaluated;
    * λ and the candidates are then recomputed, and the sweep repeated until no inexact bracket
      meets another (an isolated bracket's order against every other candidate is certain and it
      cannot tie, step 4's argument).

    Which items get evaluated differs from :func:`lazy_topk`; the certified order of the candidates
    does not, hence neither do the list and the tie draws (``tests/sim/test_policies_ranked.py``
    compares with the eager kernel, ``tests/sim/test_kernel_pins.py`` pins the earlier kernel's
    traces).  Measured at EXP-DCM-3c (n = 10^5): 10 evaluations per round instead of 37, 5.7 of them
    for statistics that changed.
    """
    L = F.shape[1]
    if not (gc[2] <= t < gc[3]):  # a new grid step: new horizon and its threshold
        st = horizon_step(t)
        gc[0] = (t // st + 2) * st
        gc[1] = klucb_threshold(gc[0]) * G_UP
        gc[2] = (t // st) * st
        gc[3] = gc[2] + st
    h = int(gc[0])
    g_h = gc[1]
    for e in range(L):  # pass 1: this round's brackets (lazy_topk's)
        z = I[HZ, e]
        if z == 0:
            I[HZ, e] = t
            w1 = F[SUM, e] / F[OBS, e]
            lv = g_t / F[OBS, e]
            a, b, iw = rebracket(F[LO, e], F[TOP, e], F[LV, e], F[W0, e], F[IW, e], w1, lv)
            if b - a <= WCAP * (a - w1):  # false for nan
                F[LO, e] = a
                F[HI, e] = b
                F[TOP, e] = b
                F[GX, e] = g_t
                F[W0, e] = w1
                F[LV, e] = lv
                F[IW, e] = iw
            else:
                _exact(F, I, e, g_t, t)
                stats[N_EVAL] += 1
                stats[N_CHANGED] += 1
        elif z < t:
            dg = g_h - F[GX, e]
            F[HI, e] = tangent_upper(F[LO, e], F[TOP, e], F[W0, e], F[OBS, e], dg) if dg > 0.0 else F[TOP, e]
            I[HZ, e] = h
            stats[N_TANGENT] += 1
    nr = 0  # pass 2: λ and the candidates (lazy_topk's)
    nb = 0
    for e in range(L):
        if I[EX, e] == t:
            x = F[LO, e]
            u = x
        else:
            x = F[LO, e] - MARGIN
            u = F[HI, e] + MARGIN
        if nb < K or x > F[VAL, K - 1]:
            j = nb if nb < K else K - 1
            while j > 0 and F[VAL, j - 1] < x:
                F[VAL, j] = F[VAL, j - 1]
                j -= 1
            F[VAL, j] = x
            if nb < K:
                nb += 1
        if nb < K or u >= F[VAL, K - 1]:
            I[CAND, nr] = e
            nr += 1
    n3 = 0
    while True:
        lam = F[VAL, K - 1]
        m = 0
        for i in range(nr):  # keep the candidates whose upper end reaches λ
            e = I[CAND, i]
            if (F[LO, e] if I[EX, e] == t else F[HI, e] + MARGIN) >= lam:
                I[CAND, m] = e
                m += 1
        nr = m
        # brackets that meet another candidate's: sort the candidates by lower end (I[WORK]); then
        # candidate p meets a later one iff the next lower end is <= its upper end, an earlier one
        # iff the running maximum of the earlier upper ends reaches its lower end
        for i in range(nr):
            e = I[CAND, i]
            x = F[LO, e] if I[EX, e] == t else F[LO, e] - MARGIN
            j = i
            while j > 0 and (F[LO, I[WORK, j - 1]] if I[EX, I[WORK, j - 1]] == t else F[LO, I[WORK, j - 1]] - MARGIN) > x:
                I[WORK, j] = I[WORK, j - 1]
                j -= 1
            I[WORK, j] = e
        ne = 0
        top = -math.inf
        for p in range(nr):
            e = I[WORK, p]
            ex = I[EX, e] == t
            a = F[LO, e] if ex else F[LO, e] - MARGIN
            b = F[LO, e] if ex else F[HI, e] + MARGIN
            meets = top >= a
            top = max(top, b)
            if ex:
                continue
            if not meets and p + 1 < nr:
                f = I[WORK, p + 1]
                meets = (F[LO, f] if I[EX, f] == t else F[LO, f] - MARGIN) <= b
            if not meets:
                continue
            ne += 1
            if I[HZ, e] != t:  # a horizon bracket: first re-bracket at this round's level
                w = F[W0, e]  # statistics unchanged since the bracket's anchor (else HZ = t)
                lv = g_t / F[OBS, e]
                I[HZ, e] = t
                a, b, iw = rebracket(F[LO, e], F[TOP, e], F[LV, e], w, F[IW, e], w, lv)
                if b - a <= WCAP * (a - w):  # false for nan
                    F[LO, e] = a
                    F[HI, e] = b
                    F[TOP, e] = b
                    F[GX, e] = g_t
                    F[LV, e] = lv
                    F[IW, e] = iw
                    continue
            _exact(F, I, e, g_t, t)
            n3 += 1
        if ne == 0:
            break
        nb = 0  # λ over the candidates (it only rises: non-candidates stay out)
        for i in range(nr):
            e = I[CAND, i]
            x = F[LO, e] if I[EX, e] == t else F[LO, e] - MARGIN
            if nb < K or x > F[VAL, K - 1]:
                j = nb if nb < K else K - 1
                while j > 0 and F[VAL, j - 1] < x:
                    F[VAL, j] = F[VAL, j - 1]
                    j -= 1
                F[VAL, j] = x
                if nb < K:
                    nb += 1
    stats[N_EVAL] += n3
    stats[N_OVERLAP] += n3
    _candidate_topk(nr, F, I, K, rng, A)
