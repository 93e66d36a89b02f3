"""Learning a linear ranker from a PBM click log: naive, IPW and clipped-IPW ARP losses (source 002).

Source ``002_3ec5ec57f55c1fdf.txt``, "因果推論で検索システムを問い直す(1)": the loss to minimise is
``M = Σ_(q,d,r) r · f(q, d, Ω_q)`` with ``f = rank`` for ARP ("ARP = Σ r · rank(q, d, Ω_q)"), and
from clicks ``M̂_naive = Σ_L c · f`` or ``M̂_IPW = Σ_L c/θ_k · f``.  Its experiment (Joachims et al.
2017, Figure 2) optimises both with Ranking SVM and scores the learnt ranker by ARP on test data.

Here ``rank`` is replaced by the usual convex upper bound of a pairwise ranker (the role Ranking
SVM's hinge plays in Joachims et al.; the logistic form keeps the objective smooth for L-BFGS)::

    rank(q, d) = 1 + Σ_(d'≠d) 1[s_{q,d'} ≥ s_{q,d}] ≤ 1 + Σ_(d'≠d) log2(1 + exp(s_{q,d'} − s_{q,d}))

so each record ``(q, d, k, c)`` contributes ``w(k) · c · Σ_(d'≠d) log2(1 + e^{s_{q,d'} − s_{q,d}})``
with the record weight ``w(k) = 1`` (naive), ``1/θ_k`` (IPW), ``1/max(θ_k, τ)`` (clipped IPW, the
project's addition: the source does not clip) or ``r`` in place of ``c`` with ``w = 1`` (skyline:
the drawn relevance itself, what ``M`` would use).  Scorer ``s = x·w``, ridge ``λ|w|²/2``.
"""
from __future__ import annotations

import numpy as np
from scipy.optimize import minimize

from clickbound.sim.ultr_logs import ClickLog, Corpus

#: ridge strength on the per-query-normalised loss (fixed, not tuned on test data)
RIDGE = 1e-3
METHODS = ("skyline", "naive", "IPW", "clipped IPW")
LN2 = float(np.log(2.0))


def record_weights(log: ClickLog, theta: np.ndarray, method: str, clip: float | None = None) -> np.ndarray:
    """Per-record weight times label: ``c``, ``c/θ_k``, ``c/max(θ_k, τ)`` or ``r`` (skyline)."""
    theta = np.asarray(theta, float)
    if method == "skyline":
        return log.r.astype(float)
    if method == "naive":
        return log.c.astype(float)
    if method == "IPW":
        return log.c / theta[log.k]
    if method == "clipped IPW":
        if clip is None or not 0 < clip <= 1:
            raise ValueError(f"clipped IPW needs 0 < clip <= 1, got {clip}")
        return log.c / np.maximum(theta[log.k], clip)
    raise ValueError(f"unknown method {method!r}; expected one of {METHODS}")


def pair_weights(log: ClickLog, shape: tuple[int, int], weights: np.ndarray) -> np.ndarray:
    """``W[q, d] = Σ_records of (q, d) weight``: the loss depends on the log only through ``W``."""
    W = np.zeros(shape)
    np.add.at(W, (log.q, log.d), weights)
    return W


def pairwise_loss(w: np.ndarray, X: np.ndarray, W: np.ndarray, ridge: float = RIDGE):
    """``(L, ∇L)`` with ``L = (1/Q) Σ_q Σ_d W[q,d] Σ_(d'≠d) log2(1 + e^{s_{q,d'} − s_{q,d}}) + ridge|w|²/2``."""
    Q = X.shape[0]
    s = X @ w                                          # [Q, D]
    delta = s[:, None, :] - s[:, :, None]              # delta[q, d, d'] = s_{q,d'} − s_{q,d}
    D = s.shape[1]
    wo = W[:, :, None] * (1.0 - np.eye(D)) / (Q * LN2)  # the d' = d term is excluded
    L = float(np.sum(wo * np.logaddexp(0.0, delta))) + 0.5 * ridge * float(w @ w)
    g_delta = wo * (0.5 + 0.5 * np.tanh(0.5 * delta))  # ∂L/∂delta[q, d, d'] (logistic σ, overflow-free)
    g_s = g_delta.sum(axis=1) - g_delta.sum(axis=2)    # ∂/∂s_{q,d'} (+) and ∂/∂s_{q,d} (−)
    grad = np.einsum("qd,qdp->p", g_s, X) + ridge * w
    return L, grad


def fit_ranker(corpus: Corpus, W: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Minimise :func:`pairwise_loss` over the linear weights (L-BFGS from 0); returns ``w``."""
    p = corpus.X.shape[2]
    res = minimize(pairwise_loss, np.zeros(p), args=(corpus.X, W, ridge), jac=True, method="L-BFGS-B",
                   options={"maxiter": 200, "gtol": 1e-6})
    return res.x


def arp(scores: np.ndarray, gamma: np.ndarray) -> float:
    """Average relevance position ``Σ_(q,d) γ_{q,d} rank_{q,d} / Σ γ`` (ranks 1..D by descending score;
    the source's ARP with the expected relevance γ as r, normalised by Σ γ).  Lower is better."""
    order = np.argsort(-scores, axis=1, kind="stable")
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(1, scores.shape[1] + 1)[None, :].repeat(scores.shape[0], 0), axis=1)
    return float(np.sum(gamma * rank) / np.sum(gamma))


def ipw_moments(theta, gamma, f, clip: float | None = None):
    """Exact mean and variance of ``Σ_r c_r w(k_r) f_r`` over the PBM clicks of a fixed log.

    ``theta``, ``gamma``, ``f`` are per-record arrays (examination of the record's position, its
    relevance, its loss weight); ``w = 1/θ`` (``clip=None``) or ``1/max(θ, τ)``.  Records are
    independent Bernoulli(θγ) clicks, so mean ``Σ θγ w f`` and variance ``Σ θγ(1 − θγ) w² f²``.
    """
    theta, gamma, f = (np.asarray(a, float) for a in (theta, gamma, f))
    w = 1.0 / (theta if clip is None else np.maximum(theta, clip))
    p = theta * gamma
    return float(np.sum(p * w * f)), float(np.sum(p * (1 - p) * (w * f) ** 2))
