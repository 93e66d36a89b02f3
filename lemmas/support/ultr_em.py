"""EM for the position-based model on click logs (ULTR-EM helper; registers no claims).

Source ``002_3ec5ec57f55c1fdf.txt``, section "EM Algorithm / Naive EM": log-likelihood
``log P(L) = Σ c log θ_k γ_{q,d} + (1 − c) log(1 − θ_k γ_{q,d})``; E-step posteriors
(c = 0)::

    P(E=1, R=0 | C=0) = θ(1−γ)/(1−θγ),  P(E=0, R=1 | C=0) = (1−θ)γ/(1−θγ),
    P(E=0, R=0 | C=0) = (1−θ)(1−γ)/(1−θγ),  and P(E=1, R=1 | C=1) = 1;

M-step ``θ_k ← mean over records at k of c + (1−c) P(E=1 | c=0)``,
``γ_d ← mean over records of d of c + (1−c) P(R=1 | c=0)``.  A query–document pair is
one index ``d`` here.  Every random draw takes an explicit ``numpy.random.Generator``.
The float path searches; :func:`em_step_exact` re-does a step in exact rational arithmetic
(the E- and M-steps are rational functions of rational data, and the likelihood
``∏ (θγ)^c (1 − θγ)^{1−c}`` is a rational number, so "the log-likelihood dropped" is decided
exactly); :func:`em_step_mp` is the same step at 50 digits, kept as a cross-check.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath as mp
import numpy as np


def _validate_log(k, d, c, K, D):
    k, d, c = np.asarray(k), np.asarray(d), np.asarray(c)
    if not (k.shape == d.shape == c.shape and k.ndim == 1):
        raise ValueError(f"k, d, c must be 1-D of equal length, got shapes {k.shape}, {d.shape}, {c.shape}")
    if k.size and (k.min() < 0 or k.max() >= K):
        raise ValueError(f"positions k must lie in [0, {K}), got range [{k.min()}, {k.max()}]")
    if d.size and (d.min() < 0 or d.max() >= D):
        raise ValueError(f"documents d must lie in [0, {D}), got range [{d.min()}, {d.max()}]")
    if not np.isin(c, (0, 1)).all():
        raise ValueError("clicks c must be 0 or 1")
    return k.astype(np.int64), d.astype(np.int64), c.astype(float)


def posteriors_c0(theta, gamma):
    """The three c = 0 E-step posteriors ``(P(E=1,R=0), P(E=0,R=1), P(E=0,R=0))`` (source's formulas)."""
    den = 1 - theta * gamma
    return theta * (1 - gamma) / den, (1 - theta) * gamma / den, (1 - theta) * (1 - gamma) / den


def log_likelihood(k, d, c, theta, gamma, mult=None) -> float:
    """``Σ c log θ_k γ_d + (1 − c) log(1 − θ_k γ_d)``; ``mult`` = record multiplicities (default 1)."""
    pr = theta[k] * gamma[d]
    with np.errstate(divide="ignore"):
        terms = np.where(c == 1, np.log(pr), np.log1p(-np.where(c == 1, 0.0, pr)))
    return float(np.sum(terms if mult is None else mult * terms))


def compress_log(k, d, c):
    """Distinct ``(k, d, c)`` records and their multiplicities: EM depends on the log only through them."""
    keys, mult = np.unique(np.stack([k, d, c]), axis=1, return_counts=True)
    return keys[0].astype(np.int64), keys[1].astype(np.int64), keys[2].astype(float), mult.astype(float)


def em_step(k, d, c, theta, gamma, K, D, mult=None):
    """One EM step (E-step posteriors, then the source's M-step); returns new ``(theta, gamma)``.

    ``mult`` gives record multiplicities (see :func:`compress_log`); the default is 1 each.
    """
    mult = np.ones(len(k)) if mult is None else mult
    th, ga = theta[k], gamma[d]
    # c = 0 posteriors only where c = 0: a clicked record may sit at θ_k = γ_d = 1 (boundary MLE),
    # where the c = 0 formula is 0/0 but is never used
    unclicked = c == 0
    e10, e01, _ = posteriors_c0(np.where(unclicked, th, 0.5), np.where(unclicked, ga, 0.5))
    ex = np.where(unclicked, e10, 1.0)   # P(E = 1 | c): 1 if clicked, θ(1−γ)/(1−θγ) otherwise
    rel = np.where(unclicked, e01, 1.0)  # P(R = 1 | c)
    nk = np.bincount(k, mult, minlength=K)
    nd = np.bincount(d, mult, minlength=D)
    new_theta = np.where(nk > 0, np.bincount(k, mult * ex, minlength=K) / np.maximum(nk, 1), theta)
    new_gamma = np.where(nd > 0, np.bincount(d, mult * rel, minlength=D) / np.maximum(nd, 1), gamma)
    return new_theta, new_gamma


def run_em(k, d, c, K, D, theta0, gamma0, n_iter: int, track_ll: bool = True, compress: bool = False):
    """EM from ``(theta0, gamma0)``; returns ``(theta, gamma, [LL_0, …, LL_n_iter])``
    (only ``[LL_0, LL_n_iter]`` when ``track_ll`` is False).  ``compress`` runs EM on the
    distinct records with multiplicities (same iterates up to float summation order)."""
    k, d, c = _validate_log(k, d, c, K, D)
    mult = None
    if compress:
        k, d, c, mult = compress_log(k, d, c)
    theta, gamma = np.asarray(theta0, float).copy(), np.asarray(gamma0, float).copy()
    # (0, 1]: an M-step returns θ_k = 1 exactly when every record at k was clicked (then no c = 0
    # record meets θ_k γ_d = 1, so the E-step stays defined)
    if not ((theta > 0) & (theta <= 1)).all() or not ((gamma > 0) & (gamma <= 1)).all():
        raise ValueError(f"theta0 and gamma0 must lie in (0, 1], got {theta}, {gamma}")
    lls = [log_likelihood(k, d, c, theta, gamma, mult)]
    for _ in range(n_iter):
        theta, gamma = em_step(k, d, c, theta, gamma, K, D, mult)
        if track_ll:
            lls.append(log_likelihood(k, d, c, theta, gamma, mult))
    if not track_ll:
        lls.append(log_likelihood(k, d, c, theta, gamma, mult))
    return theta, gamma, lls


def em_step_mp(k, d, c, theta, gamma, K, D, dps: int = 50):
    """The same EM step and both log-likelihoods at ``dps`` digits: ``(LL_before, LL_after)``."""
    with mp.workdps(dps):
        th = [mp.mpf(float(x)) for x in theta]
        ga = [mp.mpf(float(x)) for x in gamma]

        def ll(th, ga):
            return mp.fsum(mp.log(th[a] * ga[b]) if ci else mp.log(1 - th[a] * ga[b])
                           for a, b, ci in zip(k, d, c))

        before = ll(th, ga)
        ex_s, rel_s = [mp.mpf(0)] * K, [mp.mpf(0)] * D
        nk, nd = [0] * K, [0] * D
        for a, b, ci in zip(k, d, c):
            den = 1 - th[a] * ga[b]
            ex_s[a] += 1 if ci else th[a] * (1 - ga[b]) / den
            rel_s[b] += 1 if ci else (1 - th[a]) * ga[b] / den
            nk[a] += 1
            nd[b] += 1
        th2 = [ex_s[i] / nk[i] if nk[i] else th[i] for i in range(K)]
        ga2 = [rel_s[j] / nd[j] if nd[j] else ga[j] for j in range(D)]
        return before, ll(th2, ga2)


def em_step_exact(k, d, c, theta, gamma, K, D):
    """The same EM step in exact rationals: ``(lik_before, lik_after, theta2, gamma2)``.

    ``theta``, ``gamma`` are read exactly (a float is the binary rational it stores);
    ``lik = ∏_r (θ_k γ_d)^{c_r} (1 − θ_k γ_d)^{1−c_r}`` (a :class:`~fractions.Fraction`), so
    ``log(lik_after) < log(lik_before)`` iff ``lik_after < lik_before`` — no rounding anywhere.
    Raises ``ValueError`` if an unclicked record has ``θ_k γ_d = 1`` (the c = 0 posterior is 0/0).
    """
    th = [x if isinstance(x, Fraction) else Fraction(float(x)) for x in theta]
    ga = [x if isinstance(x, Fraction) else Fraction(float(x)) for x in gamma]
    recs = [(int(a), int(b), int(ci)) for a, b, ci in zip(k, d, c)]

    def lik(th, ga):
        out = Fraction(1)
        for a, b, ci in recs:
            pr = th[a] * ga[b]
            out *= pr if ci else 1 - pr
        return out

    ex_s, rel_s = [Fraction(0)] * K, [Fraction(0)] * D
    nk, nd = [0] * K, [0] * D
    for a, b, ci in recs:
        if ci:
            ex_s[a] += 1
            rel_s[b] += 1
        else:
            den = 1 - th[a] * ga[b]
            if den == 0:
                raise ValueError(f"unclicked record at theta[{a}]*gamma[{b}] = 1: the c = 0 posterior is 0/0")
            ex_s[a] += th[a] * (1 - ga[b]) / den
            rel_s[b] += (1 - th[a]) * ga[b] / den
        nk[a] += 1
        nd[b] += 1
    th2 = [ex_s[i] / nk[i] if nk[i] else th[i] for i in range(K)]
    ga2 = [rel_s[j] / nd[j] if nd[j] else ga[j] for j in range(D)]
    return lik(th, ga), lik(th2, ga2), th2, ga2


def random_log(rng: np.random.Generator, n: int, K: int, D: int, click_rate: float):
    """An arbitrary click log (not PBM-generated): EM monotonicity must hold for any data."""
    return (rng.integers(0, K, n), rng.integers(0, D, n), (rng.random(n) < click_rate).astype(int))


def simulate_pbm_log(rng: np.random.Generator, theta, gamma, n: int):
    """PBM log with uniformly random position and document per record: ``c ~ Ber(θ_k γ_d)``."""
    theta, gamma = np.asarray(theta, float), np.asarray(gamma, float)
    if not (((theta >= 0) & (theta <= 1)).all() and ((gamma >= 0) & (gamma <= 1)).all()):
        raise ValueError(f"theta and gamma must lie in [0, 1], got {theta}, {gamma}")
    k = rng.integers(0, theta.size, n)
    d = rng.integers(0, gamma.size, n)
    c = (rng.random(n) < theta[k] * gamma[d]).astype(int)
    return k, d, c
