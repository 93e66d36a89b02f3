"""Synthetic ranker setting and PBM click logs for unbiased learning to rank (source 002).

Source ``002_3ec5ec57f55c1fdf.txt``, "因果推論で検索システムを問い直す(1)": the click log
``L = {(q, d, k, c)}`` of a logging ranker under the position-based model
"(1) C = E·R, (2) P(C=1 | q, d, k) = θ_k · γ_{q,d}".  The source gives no form for θ_k; its
experiment section reproduces Joachims et al. (2017, Figure 2), "PBMに従う人工データを生成し",
whose horizontal axis ("横軸が大きな値をとるほど, Positionごとのexamination確率の変化が激しく")
is the severity η of ``θ_k = (1/k)^η`` — the form used here (:func:`examination`).

The setting (every draw from an explicit ``numpy.random.Generator``; callers derive it from one
``SeedSequence``):

* a corpus (:func:`make_corpus`): ``Q`` queries with ``D`` documents each, features
  ``x_{q,d} ~ N(0, I_p)``, true relevance ``γ_{q,d} = σ(a·w*·x_{q,d} + b + ε_{q,d})`` with a
  per-pair logit noise ``ε ~ N(0, s²)`` (so features do not determine γ exactly);
* a logging ranker (:func:`logging_weights`): a linear scorer whose weight vector has
  correlation ``ρ`` with ``w*``; each session shows all ``D`` documents (``K = D`` positions)
  sorted by the logging score plus ``noise ×`` a standard Gumbel draw per document and session
  (``noise = 0``: one deterministic ranking per query, as a production ranker);
* clicks (:func:`simulate_log`): ``E ~ Ber(θ_k)``, ``R ~ Ber(γ_{q,d})`` independent, ``C = E·R``.
  The log keeps ``R`` too, only for the full-information reference learner ("skyline").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def examination(K: int, eta: float) -> np.ndarray:
    """``θ_k = (1/k)^η``, k = 1..K (Joachims et al. 2017's position-bias severity η; θ_1 = 1)."""
    if K < 1 or eta < 0:
        raise ValueError(f"need K >= 1 and eta >= 0, got K={K}, eta={eta}")
    return (1.0 / np.arange(1, K + 1)) ** float(eta)


@dataclass(frozen=True)
class Corpus:
    """Features ``X[q, d, :]``, true relevance ``gamma[q, d]`` and the relevance direction ``w_true``."""

    X: np.ndarray
    gamma: np.ndarray
    w_true: np.ndarray

    @property
    def n_queries(self) -> int:
        return self.X.shape[0]

    @property
    def n_docs(self) -> int:
        return self.X.shape[1]


def make_corpus(rng: np.random.Generator, n_queries: int, n_docs: int, n_features: int,
                w_true: np.ndarray | None = None, slope: float = 2.0, offset: float = -1.5,
                pair_noise: float = 0.5) -> Corpus:
    """``γ_{q,d} = σ(slope · w*·x + offset + ε)``, ``ε ~ N(0, pair_noise²)``; ``w*`` a random unit vector
    unless given (train and test corpora share it)."""
    if min(n_queries, n_docs, n_features) < 1:
        raise ValueError("n_queries, n_docs and n_features must be >= 1")
    if w_true is None:
        w_true = rng.standard_normal(n_features)
        w_true /= np.linalg.norm(w_true)
    X = rng.standard_normal((n_queries, n_docs, n_features))
    logit = slope * (X @ w_true) + offset + pair_noise * rng.standard_normal((n_queries, n_docs))
    return Corpus(X=X, gamma=1.0 / (1.0 + np.exp(-logit)), w_true=np.asarray(w_true, float))


def logging_weights(rng: np.random.Generator, w_true: np.ndarray, rho: float) -> np.ndarray:
    """A unit vector with inner product ``rho`` with the unit vector ``w_true`` (a mediocre production ranker)."""
    if not -1 <= rho <= 1:
        raise ValueError(f"rho must lie in [-1, 1], got {rho}")
    z = rng.standard_normal(w_true.size)
    z -= (z @ w_true) * w_true
    z /= np.linalg.norm(z)
    return rho * w_true + np.sqrt(1 - rho ** 2) * z


@dataclass(frozen=True)
class ClickLog:
    """One record per (session, document): query ``q``, document ``d`` (index within the query),
    position ``k`` (0-based; θ index), click ``c``, and the drawn relevance ``r`` (skyline only)."""

    q: np.ndarray
    d: np.ndarray
    k: np.ndarray
    c: np.ndarray
    r: np.ndarray

    def __len__(self) -> int:
        return self.q.size


def simulate_log(rng: np.random.Generator, corpus: Corpus, theta: np.ndarray, w_log: np.ndarray,
                 sessions, noise: float = 0.0) -> ClickLog:
    """PBM clicks for ``sessions[q]`` sessions of query ``q`` (an int: the same for every query).

    Each session ranks the query's ``D`` documents by ``x·w_log + noise·Gumbel`` and shows all of them
    (``len(theta) == D``); ``E ~ Ber(θ_k)`` and ``R ~ Ber(γ_{q,d})`` are independent, ``C = E·R``.
    """
    Q, D = corpus.gamma.shape
    theta = np.asarray(theta, float)
    if theta.size != D:
        raise ValueError(f"theta has {theta.size} positions, the corpus shows {D} documents per query")
    sessions = np.broadcast_to(np.asarray(sessions, dtype=np.int64), (Q,))
    if (sessions < 0).any():
        raise ValueError("sessions must be >= 0")
    qs = np.repeat(np.arange(Q), sessions)                         # one entry per session
    score = corpus.X[qs] @ w_log                                   # [S, D]
    if noise > 0:
        score = score + noise * rng.gumbel(size=score.shape)
    order = np.argsort(-score, axis=1, kind="stable")              # order[s, k] = document at position k
    pos = np.empty_like(order)
    np.put_along_axis(pos, order, np.arange(D)[None, :].repeat(len(qs), 0), axis=1)
    e = rng.random(pos.shape) < theta[pos]
    r = rng.random(pos.shape) < corpus.gamma[qs]
    q = np.repeat(qs, D)
    d = np.tile(np.arange(D), len(qs))
    return ClickLog(q=q, d=d, k=pos.ravel(), c=(e & r).ravel().astype(np.int8), r=r.ravel().astype(np.int8))
