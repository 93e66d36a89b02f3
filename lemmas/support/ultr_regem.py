"""Regression-based EM and the Dual Learning Algorithm on PBM click logs (helpers; registers no claims).

Source ``002_3ec5ec57f55c1fdf.txt``, "因果推論で検索システムを問い直す(2)":

* **Regression-based EM** (Wang et al. 2018, Algorithm 1 as the source walks through it): "(3).
  E-step: … 条件付き … 確率を推定", "(4)-(8). E-stepで得られた条件付き確率を用いてrelevance labelを
  サンプリングし", "(9). 一回前の推定結果とcontextをinputとして, サンプリングしたrelevance labelに対して
  fit", "(10)-(11). θ_kはNaive EMと同じ式で更新, γ_{q,d}は予測器の出力によって更新".  The learner
  is a gradient-boosted regressor (the source: "論文では, GBDT"; here scikit-learn's
  ``HistGradientBoostingRegressor``, squared loss on the sampled 0/1 labels); "starting from the
  previous estimate" is boosting continued: each EM round adds ``trees_per_round`` trees fitted to
  the residuals of the new labels against the previous F (what ``warm_start`` does, without
  re-predicting every earlier tree each round).
* **DLA** (Ai et al. 2018): the two list-wise losses as printed::

      M̂_IPW(φ) = −Σ_(q,d,k,c=1) 1/θ_k · log softmax_(d∈Ω_q)(f_φ(x_{q,·}))_d
      M̂_IRW(ψ) = −Σ_(q,d,k,c=1) 1/γ_{q,d} · log softmax_k(g_ψ)_k

  with ``θ_k ≈ softmax_k(g_ψ)`` and ``γ_{q,d} ≈ softmax_(d∈Ω_q)(f_φ)`` in the weights (the sums run over
  the click log L, erratum ERR-ULTR-IRW-INDEXSET).  ``f_φ(x) = φ·x`` (linear), ``g_ψ(k) = ψ_k`` (free
  logits).  Training alternates exact best responses with the weights held fixed (the stop-gradient
  of the source's "同時に最適化"): ψ in closed form (the minimiser of ``−Σ_r w_r log softmax(ψ)_(k_r)``
  is ``softmax(ψ)_k = Σ_(r: k_r = k) w_r / Σ_r w_r``, ULTR-DLA/expected-minimiser's Gibbs step), φ by
  L-BFGS.  A fixed point of the alternation is a fixed point of simultaneous gradient descent.

Scale: under the PBM only the products θ_k γ_{q,d} are identified (θ → sθ, γ → γ/s).  Recovery is
measured on ``θ_k/θ_1`` (normalisation θ_1 = 1) and on ``θ_1 γ_{q,d}``; DLA's softmax θ is only
proportional to θ (ERR-ULTR-DLA-SHARE) and its softmax γ only to γ within a query, so DLA is
compared on ``θ_k/θ_1`` and on the within-query shares ``γ_{q,d}/Σ_(d'∈Ω_q) γ_{q,d'}``.
"""
from __future__ import annotations

import numpy as np
from scipy.optimize import minimize

from clickbound.lemmas.support.ultr_em import em_step, run_em

#: γ from the regressor is clipped into [GAMMA_EPS, 1 − GAMMA_EPS]: the E-step divides by 1 − θγ
GAMMA_EPS = 1e-3


def regression_em(rng: np.random.Generator, x, k, c, K: int, n_rounds: int = 25, trees_per_round: int = 5,
                  theta0=None, gamma0: float = 0.5, max_leaf_nodes: int = 15, learning_rate: float = 0.1):
    """Regression-based EM; returns ``(theta, predict)`` with ``predict(X) -> γ`` (clipped regressor).

    ``x[r]`` is record r's feature vector (the query–document pair's), ``k[r]`` its 0-based position.
    Per round: E-step posteriors from the current θ and γ = F(x); labels ``r ~ Ber(P(R=1 | c))``
    drawn from ``rng``; F continues from the previous round's F (boosting: ``F ← F + h`` with ``h`` a
    ``HistGradientBoostingRegressor`` of ``trees_per_round`` trees fitted, squared loss, to the residuals
    ``r − F(x)``); θ by the naive-EM M-step.
    """
    from sklearn.ensemble import HistGradientBoostingRegressor
    from threadpoolctl import threadpool_limits

    x, k, c = np.asarray(x, float), np.asarray(k, np.int64), np.asarray(c)
    theta = np.full(K, 0.5) if theta0 is None else np.asarray(theta0, float).copy()
    F = np.full(len(k), float(gamma0))
    records = np.arange(len(k))
    stages = []
    with threadpool_limits(limits=1):  # one core: the CPU budget is per process, shared machine
        for _ in range(n_rounds):
            gamma = np.clip(F, GAMMA_EPS, 1 - GAMMA_EPS)
            # Naive EM's step with each record its own "pair": the θ update is the source's (10), and the
            # per-record γ update is P(R=1 | c), the label law of (4)-(8)
            theta_next, p_rel = em_step(k, records, c, theta, gamma, K, len(k))
            labels = (rng.random(len(k)) < p_rel).astype(float)
            h = HistGradientBoostingRegressor(max_iter=trees_per_round, learning_rate=learning_rate,
                                              max_leaf_nodes=max_leaf_nodes, early_stopping=False,
                                              random_state=int(rng.integers(2 ** 31)))
            h.fit(x, labels - F)
            F = F + h.predict(x)
            stages.append(h)
            theta = theta_next

    def predict(X):
        X = np.asarray(X, float)
        with threadpool_limits(limits=1):
            out = np.full(len(X), float(gamma0)) + sum(h.predict(X) for h in stages)
        return np.clip(out, GAMMA_EPS, 1 - GAMMA_EPS)

    return theta, predict


def naive_em(k, pair, c, K: int, n_pairs: int, n_iter: int = 200):
    """Naive EM (one γ per query–document pair) from θ = γ = 1/2: :func:`clickbound.lemmas.support.ultr_em.run_em`."""
    theta, gamma, _ = run_em(k, pair, c, K, n_pairs, np.full(K, 0.5), np.full(n_pairs, 0.5), n_iter,
                             track_ll=False, compress=True)
    return theta, gamma


# ----------------------------------------------------------------------------- DLA

def _log_softmax(z, axis=-1):
    z = z - z.max(axis=axis, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=axis, keepdims=True))


def dla_relevance_loss(phi, X, clicks_w):
    """``M̂_IPW(φ) = −Σ_(q,d) clicks_w[q,d] · log softmax_d(X[q] φ)`` and its gradient in φ.

    ``clicks_w[q, d] = Σ_(records of (q,d), c=1) 1/θ_k`` (the weights held fixed).
    """
    s = X @ phi
    ls = _log_softmax(s, axis=1)
    loss = -float(np.sum(clicks_w * ls))
    p = np.exp(ls)
    g_s = p * clicks_w.sum(axis=1, keepdims=True) - clicks_w     # ∂/∂s of −Σ w log softmax(s)
    return loss, np.einsum("qd,qdp->p", g_s, X)


def dla_propensity_loss(psi, pos_w):
    """``M̂_IRW(ψ) = −Σ_k pos_w[k] · log softmax(ψ)_k`` and its gradient, ``pos_w[k] = Σ_(c=1 at k) 1/γ``."""
    ls = _log_softmax(psi)
    return -float(pos_w @ ls), np.exp(ls) * pos_w.sum() - pos_w


def dla(X, q, d, k, c, K: int, n_rounds: int = 30, phi0=None, psi0=None, weight_cap: float | None = None):
    """Alternating best responses on the two DLA losses; returns ``(theta_softmax, phi)``.

    ``X[q, d, :]`` features; records ``(q[r], d[r], k[r], c[r])``.  ``theta_softmax = softmax(ψ)``
    (sums to 1: proportional to θ at best), ``γ ≈ softmax_d(X[q] φ)`` within each query.
    ``weight_cap = None`` is the source's losses as printed.  A number caps the relative weights,
    ``max_k θ̂_k / θ̂_k`` and ``1/(|Ω_q| γ̂_{q,d})``, at ``weight_cap`` (a stabiliser the source does not
    have: without it the two weightings can feed each other — a click on a document with tiny γ̂
    inflates its position's θ̂, the others' small θ̂ inflate 1/θ̂ — and θ̂ collapses on small logs).
    """
    p = X.shape[2]
    phi = np.zeros(p) if phi0 is None else np.asarray(phi0, float).copy()
    psi = np.zeros(K) if psi0 is None else np.asarray(psi0, float).copy()
    cl = np.asarray(c) == 1
    qc, dc, kc = q[cl], d[cl], k[cl]
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):  # divergence is reported, not hidden
        return _dla_rounds(X, qc, dc, kc, K, n_rounds, phi, psi, weight_cap)


def _dla_rounds(X, qc, dc, kc, K, n_rounds, phi, psi, weight_cap):
    Q, D, _ = X.shape
    for _ in range(n_rounds):
        theta_hat = np.exp(_log_softmax(psi))
        w_rel = 1.0 / theta_hat[kc]
        if weight_cap is not None:
            w_rel = np.minimum(w_rel * theta_hat.max(), weight_cap)
        clicks_w = np.zeros((Q, D))
        np.add.at(clicks_w, (qc, dc), w_rel)
        phi = minimize(dla_relevance_loss, phi, args=(X, clicks_w), jac=True, method="L-BFGS-B",
                       options={"maxiter": 50}).x
        gamma_hat = np.exp(_log_softmax(X @ phi, axis=1))
        w_pos = 1.0 / gamma_hat[qc, dc]
        if weight_cap is not None:
            w_pos = np.minimum(w_pos / D, weight_cap)
        pos_w = np.bincount(kc, w_pos, minlength=K)
        psi = np.log(pos_w / pos_w.sum())       # closed-form minimiser (Gibbs); no clicks at k: θ̂_k = 0
    return np.exp(_log_softmax(psi)), phi


# ----------------------------------------------------------------------------- recovery metrics

def theta_error(theta_hat, theta):
    """``max_k |θ̂_k/θ̂_1 − θ_k/θ_1|`` (normalisation θ_1 = 1; the PBM identifies θ up to scale)."""
    th, t = np.asarray(theta_hat, float), np.asarray(theta, float)
    return float(np.max(np.abs(th / th[0] - t / t[0])))


def gamma_share_error(gamma_hat, gamma):
    """Mean over pairs of ``|ĝ_{q,d} − g_{q,d}|`` with ``g = γ/Σ_(d'∈Ω_q) γ`` (arrays ``[Q, D]``), times D
    (so 1 is the size of an average share)."""
    gh, g = np.asarray(gamma_hat, float), np.asarray(gamma, float)
    sh, s = gh / gh.sum(axis=1, keepdims=True), g / g.sum(axis=1, keepdims=True)
    return float(np.mean(np.abs(sh - s)) * g.shape[1])


def gamma_abs_error(gamma_hat, theta_hat, gamma, theta):
    """Mean ``|θ̂_1 γ̂_{q,d} − θ_1 γ_{q,d}|`` (the identified product at the top position)."""
    return float(np.mean(np.abs(theta_hat[0] * np.asarray(gamma_hat) - theta[0] * np.asarray(gamma))))
