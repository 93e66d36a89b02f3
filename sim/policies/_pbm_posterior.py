"""Exact sampler for the PBM-TS posterior (ALG-PBMTS; source ``001_eb740855b56fcd8b.txt`` §6.4).

Under the PBM with known examination ``κ`` the posterior of an item's attraction θ
given ``S`` clicks and ``F_j`` unclicked displays at position j (prior Beta(a0, b0)) is

    π(θ) ∝ θ^{a0−1+S} (1−θ)^{b0−1} ∏_j (1 − κ_j θ)^{F_j},   θ ∈ [0, 1],

not a Beta law (source 001: "事後分布が Beta に閉じず … 棄却サンプリング").  For
``a0, b0 ≥ 1`` its log ``h`` is concave, so every tangent line of ``h`` lies above it:
the minimum of the tangents at three abscissae (the mode and one curvature scale on
each side) is a piecewise-exponential envelope that we sample by inversion and
accept with probability ``exp(h(θ) − envelope(θ))``.  This is exact rejection
sampling (Gilks & Wild 1992, with fixed abscissae), unlike the Beta proposal with a
grid-estimated bound used in public PBM-TS code.  Acceptance is high (≈ 0.8 for a
near-Gaussian posterior) because the envelope is tangent at the mode.

Layout of one item's envelope: one row of a float table ``G`` (``W`` columns, offsets below):
``x[0:n]`` abscissae (``X``), ``hx`` their ``h − h_max`` (``HX``), ``dx`` slopes (``DX``),
``z[0:n+1]`` piece bounds (``Z``; ``z[0] = 0``, ``z[n] = 1``), ``cm[0:n]`` cumulative piece
masses (``CM``), the per-piece exponentials of :func:`piece_constants` (``E``), the squeeze
constants (``AX``, ``BX``, ``BL``, ``BR``, ``QC``; :func:`squeeze_constants`), ``h_max``
(``HMAX``) and ``n`` (``NP``).  :func:`build_row` fills a row, :func:`sample_rows` draws from every row;
the kernel keeps one row per item and indexes it directly (an array view per item and round cost
two atomic reference-count operations each: 37 % of a sampling round before), the reference
class builds a fresh row per draw.  :func:`build_envelope` / :func:`sample_envelope` are the same
computations on separate arrays (``x, hx, dx, z, cm`` of length 4), for tests and
:mod:`clickbound.sim.pbm_gof`.

Squeeze (speed only: the decisions, hence the draws, are those of the test on ``h``).  On piece
``i`` the envelope is the tangent at ``x_i``, so by Taylor's theorem the log acceptance ratio is
``D(θ) = h(θ) − env(θ) = −½ |h''(ξ)| (θ − x_i)²`` for some ``ξ`` between ``x_i`` and ``θ``.  With
``c = S + a0 − 1``, ``|h''| = A + B``, ``A(θ) = c/θ²`` decreasing and ``B(θ) = (b0−1)/(1−θ)² +
Σ_j F_j κ_j²/(1−κ_j θ)²`` increasing in θ, so for ``θ ≤ x_i``: ``A(x_i) + B(θ) ≤ |h''(ξ)| ≤ A(θ) +
B(x_i)`` and for ``θ ≥ x_i``: ``A(θ) + B(x_i) ≤ |h''(ξ)| ≤ A(x_i) + B(θ)``.  A trial computes
``A(θ)`` (one division) and bounds ``B(θ)`` by ``B`` at the neighbouring abscissa (``B(0)`` left
of the first; right of the last, ``B`` at :data:`CAP_SPACINGS` spacings, beyond which the squeeze
only rejects).  It accepts when ``log u ≤ −½ max (θ−x_i)² − SQUEEZE_MARGIN``, rejects when
``log u > −½ min (θ−x_i)² + SQUEEZE_MARGIN``, and only otherwise evaluates ``h`` (a log per
position).  The margin covers the float error of ``h``, the tangent and the bounds (≤ ~1e-9 even
for counts of 10^6; the slopes' and the mode's rounding enter multiplied by ``|θ − x_i|``), so
every decision is the one the test on ``h`` makes.  At the RecGaze sizes (L = 150, K = 15, round
20,000): 0.52 evaluations of ``h`` per draw with the chord squeeze used before, 0.07 now.
"""
from __future__ import annotations

import math

import numba
import numpy as np

#: Newton/bisection stop for the mode: the mode only sets the envelope's shape, so
#: its accuracy affects speed, never exactness.
MODE_TOL = 1e-12
#: rejection loop guard; reaching it means a bug (acceptance is ≥ ~0.5 by design).
MAX_TRIALS = 1_000_000
#: a draw is decided by the squeeze (without evaluating ``h``) only when it clears the squeeze's
#: bound by this much: ``h``, the tangent and the bounds are computed in floats (absolute error
#: ~1e-10 even for counts of 10^6), so the margin keeps every accept/reject decision exactly the
#: one the test on ``h`` makes, and the samples identical to a sampler without the squeeze
SQUEEZE_MARGIN = 1e-6
#: relative slack on the squeeze's curvature bounds (their float rounding is ≤ ~20 × 2⁻⁵³)
CURV_SLACK = 1e-12
UP, DOWN = 1.0 + CURV_SLACK, 1.0 - CURV_SLACK

#: columns of an envelope row (see the module docstring); at most 3 abscissae, 4 piece bounds
X, HX, DX, Z, CM, E, AX, BX, BL, BR, QC = 0, 3, 6, 9, 13, 16, 19, 22, 25, 28, 31
HMAX, NP = 34, 35
W = 36
#: the last piece's squeeze stops accepting (it still rejects) this many abscissa spacings beyond it
CAP_SPACINGS = 3.0


@numba.njit(cache=True, inline="always")
def log_post(theta, S, F, kappa, a0, b0):
    """``h(θ)`` up to a constant, with ``0·log 0 = 0``."""
    c = S + a0 - 1.0
    out = 0.0
    if c > 0.0:
        if theta <= 0.0:
            return -math.inf
        out += c * math.log(theta)
    if b0 > 1.0:
        if theta >= 1.0:
            return -math.inf
        out += (b0 - 1.0) * math.log1p(-theta)
    for j in range(F.shape[0]):
        if F[j] > 0.0:
            y = 1.0 - kappa[j] * theta
            if y <= 0.0:
                return -math.inf
            out += F[j] * math.log(y)
    return out


@numba.njit(cache=True)
def _d1(theta, S, F, kappa, a0, b0):
    """``h'(θ)`` on (0, 1)."""
    out = (S + a0 - 1.0) / theta - (b0 - 1.0) / (1.0 - theta)
    for j in range(F.shape[0]):
        out -= F[j] * kappa[j] / (1.0 - kappa[j] * theta)
    return out


@numba.njit(cache=True)
def _d2(theta, S, F, kappa, a0, b0):
    """``h''(θ)`` on (0, 1) (≤ 0: log-concavity)."""
    out = -(S + a0 - 1.0) / (theta * theta) - (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta))
    for j in range(F.shape[0]):
        y = 1.0 - kappa[j] * theta
        out -= F[j] * kappa[j] * kappa[j] / (y * y)
    return out


@numba.njit(cache=True, inline="always")
def _d12(theta, S, F, kappa, a0, b0):
    """``(h'(θ), h''(θ))`` in one pass over the positions: the very floats of :func:`_d1` and
    :func:`_d2` (the same operations in the same order, ``1 − κ_j θ`` computed once)."""
    c = S + a0 - 1.0
    g = c / theta - (b0 - 1.0) / (1.0 - theta)
    d = -c / (theta * theta) - (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta))
    for j in range(F.shape[0]):
        y = 1.0 - kappa[j] * theta
        fk = F[j] * kappa[j]
        g -= fk / y
        d -= fk * kappa[j] / (y * y)
    return g, d


@numba.njit(cache=True, inline="always")
def _d1b(theta, S, F, kappa, a0, b0):
    """``(h'(θ), B(θ))`` on (0, 1): :func:`_d1`'s float and :func:`_curv_b` in one pass."""
    out = (S + a0 - 1.0) / theta - (b0 - 1.0) / (1.0 - theta)
    bb = 0.0
    if b0 > 1.0:
        bb += (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta))
    for j in range(F.shape[0]):
        y = 1.0 - kappa[j] * theta
        fk = F[j] * kappa[j]
        out -= fk / y
        bb += fk * kappa[j] / (y * y)
    return out, bb


@numba.njit(cache=True, inline="always")
def _d2b(theta, S, F, kappa, a0, b0):
    """``(h''(θ), B(θ))`` on (0, 1): :func:`_d2`'s float and :func:`_curv_b` in one pass."""
    out = -(S + a0 - 1.0) / (theta * theta) - (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta))
    bb = 0.0
    if b0 > 1.0:
        bb += (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta))
    for j in range(F.shape[0]):
        y = 1.0 - kappa[j] * theta
        t = F[j] * kappa[j] * kappa[j] / (y * y)
        out -= t
        bb += t
    return out, bb


@numba.njit(cache=True)
def _slope_at(theta, S, F, kappa, a0, b0):
    """``h'`` including the finite one-sided values at the ends used as abscissae."""
    if theta <= 0.0:  # only reached when S + a0 − 1 = 0
        out = -(b0 - 1.0)
        for j in range(F.shape[0]):
            out -= F[j] * kappa[j]
        return out
    if theta >= 1.0:  # only reached when b0 = 1 and no κ_j = 1 carries failures
        out = S + a0 - 1.0
        for j in range(F.shape[0]):
            if F[j] > 0.0:
                out -= F[j] * kappa[j] / (1.0 - kappa[j])
        return out
    return _d1(theta, S, F, kappa, a0, b0)


@numba.njit(cache=True, inline="always")
def mode(S, F, kappa, a0, b0):
    """Maximiser of ``h`` on [0, 1] (``h'`` is decreasing).

    Newton steps safeguarded by bisection.  (When a Newton step returns its own point, the
    safeguard bisects from there, ~40 more steps, which :func:`_d12` makes cheaper; changing the
    rule would change the envelopes, hence the draws.)
    """
    c = S + a0 - 1.0
    if c <= 0.0 and _slope_at(0.0, S, F, kappa, a0, b0) <= 0.0:
        return 0.0
    open_right = b0 > 1.0
    for j in range(F.shape[0]):
        if F[j] > 0.0 and kappa[j] >= 1.0:
            open_right = True
    if not open_right and _slope_at(1.0, S, F, kappa, a0, b0) >= 0.0:
        return 1.0
    lo, hi = 0.0, 1.0
    den = c + (b0 - 1.0)
    for j in range(F.shape[0]):
        den += F[j] * kappa[j]
    x = c / den if den > 0.0 else 0.5
    if not (0.0 < x < 1.0):
        x = 0.5
    for _ in range(200):
        g, d2 = _d12(x, S, F, kappa, a0, b0)
        if g > 0.0:
            lo = x
        else:
            hi = x
        if hi - lo <= MODE_TOL:
            break
        nx = x - g / d2
        if not (lo < nx < hi):
            nx = 0.5 * (lo + hi)
        if abs(nx - x) <= MODE_TOL * 0.25:
            x = nx
            break
        x = nx
    return x


@numba.njit(cache=True, inline="always")
def build_row(S, F, kappa, a0, b0, G, r):
    """Fill row ``r`` of the envelope table ``G`` for counts ``(S, F)`` (see the module docstring)."""
    m = mode(S, F, kappa, a0, b0)
    hmax = log_post(m, S, F, kappa, a0, b0)
    s = 1.0
    bm = 0.0
    if 0.0 < m < 1.0:
        d2m, bm = _d2b(m, S, F, kappa, a0, b0)
        curv = -d2m
        if curv > 1.0:
            s = 1.0 / math.sqrt(curv)
    n = 0
    if m > 0.0:
        G[r, X + n] = m - s if m - s > 0.0 else 0.5 * m
        n += 1
    G[r, X + n] = m
    n += 1
    if m < 1.0:
        G[r, X + n] = m + s if m + s < 1.0 else 0.5 * (m + 1.0)
        n += 1
    for i in range(n):
        xi = G[r, X + i]
        if xi == m:  # log_post(m) is hmax: the same float without evaluating it again
            G[r, HX + i] = hmax - hmax
        else:
            G[r, HX + i] = log_post(xi, S, F, kappa, a0, b0) - hmax
        if xi == m and 0.0 < m < 1.0:
            G[r, DX + i] = 0.0
            G[r, BX + i] = bm
        elif 0.0 < xi < 1.0:
            G[r, DX + i], G[r, BX + i] = _d1b(xi, S, F, kappa, a0, b0)  # _slope_at's float
        else:
            G[r, DX + i] = _slope_at(xi, S, F, kappa, a0, b0)
            G[r, BX + i] = _curv_b(xi, F, kappa, b0)
    G[r, Z] = 0.0
    G[r, Z + n] = 1.0
    for i in range(n - 1):
        x0, x1 = G[r, X + i], G[r, X + i + 1]
        d0, d1 = G[r, DX + i], G[r, DX + i + 1]
        dd = d0 - d1
        if dd > 1e-300:
            zi = (G[r, HX + i + 1] - G[r, HX + i] - d1 * x1 + d0 * x0) / dd
        else:  # equal slopes: h is linear there and both tangents coincide
            zi = 0.5 * (x0 + x1)
        G[r, Z + i + 1] = min(max(zi, x0), x1)  # guard round-off only
    total = 0.0
    for i in range(n):
        total += _piece_mass(G[r, HX + i], G[r, DX + i], G[r, X + i], G[r, Z + i], G[r, Z + i + 1])
        G[r, CM + i] = total
    G[r, HMAX] = hmax
    G[r, NP] = n
    piece_constants(G, r)
    squeeze_constants(S, F, kappa, a0, b0, G, r)


@numba.njit(cache=True)
def build_envelope(S, F, kappa, a0, b0, x, hx, dx, z, cm):
    """Fill one item's envelope into ``x, hx, dx, z, cm`` (length ≥ 4; :func:`build_row`'s floats);
    returns ``(n_pieces, h_max)``."""
    G = np.zeros((1, W))
    build_row(S, F, kappa, a0, b0, G, 0)
    n = int(G[0, NP])
    for i in range(n):
        x[i] = G[0, X + i]
        hx[i] = G[0, HX + i]
        dx[i] = G[0, DX + i]
        cm[i] = G[0, CM + i]
    for i in range(n + 1):
        z[i] = G[0, Z + i]
    return n, G[0, HMAX]


@numba.njit(cache=True, inline="always")
def _piece_mass(hxi, b, xi, z0, z1):
    w = z1 - z0
    u0 = hxi + b * (z0 - xi)
    if abs(b * w) < 1e-12:
        return math.exp(u0) * w
    if b > 0.0:
        return math.exp(u0 + b * w) * (-math.expm1(-b * w)) / b
    return math.exp(u0) * (-math.expm1(b * w)) / (-b)


@numba.njit(cache=True, inline="always")
def piece_constants(G, r):
    """``E[i]``: the exponential each draw from piece ``i`` needs (``exp(−b w)`` for a rising piece,
    ``expm1(b w)`` for a falling one), computed once per envelope instead of once per trial."""
    for i in range(int(G[r, NP])):
        b = G[r, DX + i]
        w = G[r, Z + i + 1] - G[r, Z + i]
        if abs(b * w) < 1e-12:
            G[r, E + i] = 0.0
        elif b > 0.0:
            G[r, E + i] = math.exp(-b * w)
        else:
            G[r, E + i] = math.expm1(b * w)


@numba.njit(cache=True, inline="always")
def _curv_a(c, theta):
    """``A(θ) = c/θ²`` (decreasing; 0 when ``c = 0``)."""
    tt = theta * theta
    return (c / tt if tt > 0.0 else math.inf) if c > 0.0 else 0.0


@numba.njit(cache=True, inline="always")
def _curv_b(theta, F, kappa, b0):
    """``B(θ) = (b0−1)/(1−θ)² + Σ_j F_j κ_j²/(1−κ_j θ)²`` (increasing; ``+∞`` where a term's base is ≤ 0)."""
    out = 0.0
    if b0 > 1.0:
        out += (b0 - 1.0) / ((1.0 - theta) * (1.0 - theta)) if theta < 1.0 else math.inf
    for j in range(F.shape[0]):
        if F[j] > 0.0:
            y = 1.0 - kappa[j] * theta
            out += F[j] * kappa[j] * kappa[j] / (y * y) if y > 0.0 else math.inf
    return out


@numba.njit(cache=True, inline="always")
def squeeze_constants(S, F, kappa, a0, b0, G, r):
    """Per piece ``i`` (with ``BX_i = B(x_i)`` filled in): ``AX_i = A(x_i)``; ``BL_i ≤ B`` on the piece
    left of ``x_i`` (``B(x_{i−1}) ≤ B(z_i)``, ``B(0)`` for the first piece); ``BR_i ≥ B`` on the piece
    right of ``x_i`` up to ``QC_i`` (``B(x_{i+1}) ≥ B(z_{i+1})``; the last piece: ``B`` at
    ``CAP_SPACINGS`` spacings beyond ``x_i``).  See :func:`sample_rows` for their use."""
    n = int(G[r, NP])
    c = S + a0 - 1.0
    for i in range(n):
        xi = G[r, X + i]
        G[r, AX + i] = _curv_a(c, xi)
        if i == 0:  # B(0) = (b0 − 1) + Σ_j F_j κ_j² (no division)
            b_0 = b0 - 1.0 if b0 > 1.0 else 0.0
            for j in range(F.shape[0]):
                if F[j] > 0.0:
                    b_0 += F[j] * kappa[j] * kappa[j]
            G[r, BL + i] = b_0
        else:
            G[r, BL + i] = G[r, BX + i - 1]
        if i < n - 1:
            G[r, BR + i] = G[r, BX + i + 1]
            G[r, QC + i] = G[r, Z + i + 1]
        else:
            q = 0.5 * (xi + 1.0)
            if n > 1:
                q = min(q, xi + CAP_SPACINGS * (xi - G[r, X + n - 2]))
            G[r, QC + i] = q
            # B(q) <= B(x_i)·((1 − x_i)/(1 − q))²: each term's (1 − κx)/(1 − κq) increases in κ <= 1
            # (no division per position; +∞, hence no squeeze acceptance, when x_i = q = 1)
            if q < 1.0:
                rq = (1.0 - xi) / (1.0 - q)
                G[r, BR + i] = G[r, BX + i] * (rq * rq)
            else:
                G[r, BR + i] = math.inf


@numba.njit(cache=True)
def sample_rows(rng, G, S, F, kappa, a0, b0, out):
    """One exact posterior draw per envelope row ``r`` of ``G`` (counts ``S[r]``, ``F[r]``) into
    ``out[r]``, rows in order; per trial three uniforms: piece, position, acceptance.  ``h`` is
    evaluated only when the squeeze cannot decide.

    One call draws every row: the loop is written here rather than calling an inlined per-row
    sampler, which cost 26 % of a sampling round (its array arguments' reference counts, see
    :mod:`clickbound.sim.policies._lazy`'s Numba notes).
    """
    for r in range(G.shape[0]):
        n = int(G[r, NP])
        top = G[r, CM + n - 1]
        c = S[r] + a0 - 1.0
        res = math.nan
        for _ in range(MAX_TRIALS):
            u = rng.random() * top
            i = 0
            while i < n - 1 and u > G[r, CM + i]:
                i += 1
            v = rng.random()
            acc = rng.random()
            z0, z1, b = G[r, Z + i], G[r, Z + i + 1], G[r, DX + i]
            w = z1 - z0
            if abs(b * w) < 1e-12:
                th = z0 + v * w
            elif b > 0.0:
                th = z1 + math.log(v + (1.0 - v) * G[r, E + i]) / b
            else:
                th = z0 + math.log1p(v * G[r, E + i]) / b
            th = min(max(th, z0), z1)
            if acc <= 0.0:
                res = th
                break
            la = math.log(acc)
            d = th - G[r, X + i]
            # |h''| on [θ, x_i] (or [x_i, θ]) lies in [mn, mx] (module docstring): A(θ) = c/θ² exactly,
            # B from the piece's constants
            tt = th * th
            at = (c / tt if tt > 0.0 else math.inf) if c > 0.0 else 0.0  # θ = 0 (u = 0 exactly): h = −∞
            if d <= 0.0:
                mx = at + G[r, BX + i]
                mn = G[r, AX + i] + G[r, BL + i]
            else:
                mx = G[r, AX + i] + G[r, BR + i] if th <= G[r, QC + i] else math.inf
                mn = at + G[r, BX + i]
            hd2 = 0.5 * d * d
            if la <= -(mx * hd2) * UP - SQUEEZE_MARGIN:
                res = th  # below the squeeze's lower bound of log(h/envelope): the test on h accepts
                break
            if la > -(mn * hd2) * DOWN + SQUEEZE_MARGIN:
                continue  # above its upper bound: the test on h rejects
            env = G[r, HX + i] + b * d
            h = log_post(th, S[r], F[r], kappa, a0, b0) - G[r, HMAX]
            if la <= h - env:
                res = th
                break
        if math.isnan(res):  # the trials ran out (acceptance is ≥ ~0.5 by design: a bug)
            raise RuntimeError("PBM-TS rejection sampler exceeded MAX_TRIALS")
        out[r] = res


@numba.njit(cache=True)
def sample_envelope(rng, n, hmax, x, hx, dx, z, cm, S, F, kappa, a0, b0):
    """One exact posterior draw from an envelope given as arrays (:func:`build_envelope`'s):
    :func:`sample_rows` on a row made of them."""
    G = np.zeros((1, W))
    for i in range(n):
        G[0, X + i] = x[i]
        G[0, HX + i] = hx[i]
        G[0, DX + i] = dx[i]
        G[0, CM + i] = cm[i]
    for i in range(n + 1):
        G[0, Z + i] = z[i]
    G[0, HMAX] = hmax
    G[0, NP] = n
    for i in range(n):
        G[0, BX + i] = _curv_b(x[i], F, kappa, b0)
    piece_constants(G, 0)
    squeeze_constants(S, F, kappa, a0, b0, G, 0)
    F2 = np.empty((1, F.shape[0]))
    F2[0, :] = F
    out = np.empty(1)
    sample_rows(rng, G, np.array([S]), F2, kappa, a0, b0, out)
    return out[0]
