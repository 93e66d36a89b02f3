"""CascadeLinTS and CascadeLinUCB (ALG-CASLINTS, ALG-CASLINUCB, LIN-SM).

Source ``004_d9477b3ebe233f80.txt`` ("Linear Cascading Bandits", after Zong et al. 2016):
attraction ``w(e) ≈ x_eᵀ θ*`` with known item features ``x_e ∈ R^d`` (the rows of the
required parameter ``features``, shape ``L × d``), and the Gaussian posterior

    M_t = I_d + σ^{−2} Σ x xᵀ,   B_t = Σ x 1{clicked},   θ̂_t = σ^{−2} M_t^{−1} B_t,

over the observed positions — up to the first click, all K if none (cascade feedback;
the source's ``observe``).  ``M^{−1}`` is kept directly by Sherman–Morrison (LIN-SM):

    M_t^{−1} = M_{t−1}^{−1} − M_{t−1}^{−1} x xᵀ M_{t−1}^{−1} / (xᵀ M_{t−1}^{−1} x + σ²),

one observed item at a time in list order, as the source's code does.  σ = 1 default.

The small dense kernels below (Cholesky, products, the rank-one update) are shared by
the reference classes and the numba kernels: the agreement tests need the same
floating-point operations in the same order, which numpy's BLAS-backed products do
not promise; the policy logic (what is observed, what is updated) is written twice.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.kernels import topk_nb
from clickbound.sim.policies._params import check_LK, check_positive, reject_unknown
from clickbound.sim.policies.registry import Policy, register_policy
from clickbound.sim.ties import topk_random_ties

MODELS = ("cascade", "dcm")


# ----------------------------------------------------------------------------- dense kernels
@numba.njit
def cholesky_lower(A, out):
    """Lower-triangular ``out`` with ``out outᵀ = A`` (A symmetric positive definite)."""
    d = A.shape[0]
    for i in range(d):
        for j in range(d):
            out[i, j] = 0.0
    for j in range(d):
        acc = A[j, j]
        for k in range(j):
            acc -= out[j, k] * out[j, k]
        if acc <= 0.0:
            raise ValueError("M^-1 lost positive definiteness")
        out[j, j] = math.sqrt(acc)
        for i in range(j + 1, d):
            acc = A[i, j]
            for k in range(j):
                acc -= out[i, k] * out[j, k]
            out[i, j] = acc / out[j, j]


@numba.njit
def posterior_mean(Minv, B, sigma, out):
    """``θ̂ = σ^{−2} M^{−1} B``."""
    d = B.shape[0]
    s2 = 1.0 / (sigma * sigma)
    for i in range(d):
        acc = 0.0
        for j in range(d):
            acc += Minv[i, j] * B[j]
        out[i] = s2 * acc


@numba.njit
def sherman_morrison(Minv, x, sigma, v):
    """In place: ``M^{−1} ← M^{−1} − (M^{−1}x)(M^{−1}x)ᵀ / (xᵀ M^{−1} x + σ²)`` (LIN-SM).

    ``M^{−1}`` symmetric, so ``xᵀ M^{−1} = (M^{−1} x)ᵀ``; ``v`` is a work vector.  The
    update is symmetric entry by entry, so symmetry is kept exactly.
    """
    d = x.shape[0]
    for i in range(d):
        acc = 0.0
        for j in range(d):
            acc += Minv[i, j] * x[j]
        v[i] = acc
    den = sigma * sigma
    for i in range(d):
        den += x[i] * v[i]
    for i in range(d):
        for j in range(d):
            Minv[i, j] -= v[i] * v[j] / den


@numba.njit
def ts_scores(X, Minv, B, sigma, z, theta, chol, out):
    """Scores ``x_eᵀ θ̃`` with ``θ̃ = θ̂ + chol(M^{−1}) z ~ N(θ̂, M^{−1})``."""
    d = B.shape[0]
    posterior_mean(Minv, B, sigma, theta)
    cholesky_lower(Minv, chol)
    for i in range(d):
        acc = theta[i]
        for k in range(i + 1):
            acc += chol[i, k] * z[k]
        theta[i] = acc
    for e in range(X.shape[0]):
        acc = 0.0
        for i in range(d):
            acc += X[e, i] * theta[i]
        out[e] = acc


@numba.njit
def ucb_scores(X, Minv, B, sigma, c, theta, out):
    """Scores ``min(x_eᵀ θ̂ + c sqrt(x_eᵀ M^{−1} x_e), 1)`` (Zong et al. 2016, CascadeLinUCB)."""
    d = B.shape[0]
    posterior_mean(Minv, B, sigma, theta)
    for e in range(X.shape[0]):
        mean = 0.0
        quad = 0.0
        for i in range(d):
            mean += X[e, i] * theta[i]
            row = 0.0
            for j in range(d):
                row += Minv[i, j] * X[e, j]
            quad += X[e, i] * row
        out[e] = min(mean + c * math.sqrt(max(quad, 0.0)), 1.0)


# ----------------------------------------------------------------------------- shared logic
def _features(name, L, params):
    if "features" not in params:
        raise ValueError(f"{name} needs item features: policy_params={{'features': array of shape (L, d)}}")
    X = np.array(params["features"], dtype=float)
    if X.ndim != 2 or X.shape[0] != L or X.shape[1] < 1:
        raise ValueError(f"features must have shape (L={L}, d), got {X.shape}")
    if not np.isfinite(X).all():
        raise ValueError("features must be finite")
    return np.ascontiguousarray(X)


def _params(name, L, K, params, extra=()):
    reject_unknown(name, params, ("features", "sigma") + extra)
    check_LK(L, K)
    X = _features(name, L, params)
    sigma = check_positive("sigma", params.get("sigma", 1.0))
    return X, sigma


class _Linear(Policy):
    def _setup(self, L, K, pol_rng, X, sigma):
        Policy.__init__(self, L, K, pol_rng)
        self.X, self.sigma = X, sigma
        d = X.shape[1]
        self.Minv = np.eye(d)
        self.B = np.zeros(d)
        self._v = np.zeros(d)

    def update(self, t, A, obs):
        """Cascade feedback: positions up to the first click (all K if none)."""
        for k, e in enumerate(A):
            x = self.X[int(e)]
            sherman_morrison(self.Minv, x, self.sigma, self._v)
            if obs.clicks[k] == 1:
                self.B += x
                break


@numba.njit
def _update(state, t, A, clicks, depth):
    X, Minv, B, par, v = state[0], state[1], state[2], state[3], state[4]
    for k in range(A.shape[0]):
        sherman_morrison(Minv, X[A[k]], par[0], v)
        if clicks[k] == 1:
            for i in range(B.shape[0]):
                B[i] += X[A[k], i]
            break


def _state(X, sigma, extra):
    L, d = X.shape
    return (X, np.eye(d), np.zeros(d), np.array([sigma] + list(extra)), np.zeros(d), np.zeros(d),
            np.zeros(d), np.zeros((d, d)), np.zeros(L), np.zeros(L, dtype=np.int64))


# ----------------------------------------------------------------------------- CascadeLinTS
@numba.njit
def _ts_select(state, t, rng, A):
    X, Minv, B, par, _, theta, z, chol, idx, cand = state
    for i in range(z.shape[0]):
        z[i] = rng.standard_normal()
    ts_scores(X, Minv, B, par[0], z, theta, chol, idx)
    topk_nb(idx, A.shape[0], rng, A, cand)


@register_policy("CascadeLinTS", models=MODELS)
class CascadeLinTS(_Linear):
    r"""CascadeLinTS (ALG-CASLINTS; source ``004_d9477b3ebe233f80.txt``, Algorithms 1 and 3).

    Each round ``θ_t ~ N(θ̂_{t−1}, M_{t−1}^{−1})``; show the K items of largest
    ``x_eᵀ θ_t``.  Parameters: ``features`` (required, ``L × d``), ``sigma`` (default 1,
    the source's experiments).  The Gaussian draw is ``θ̂ + C z`` with ``C`` the Cholesky
    factor of ``M^{−1}`` (the source calls ``np.random.multivariate_normal``, which
    factors by SVD: same law, different numbers).  Policy stream: ``d`` standard
    normals per round, then tie-breaks (:mod:`clickbound.sim.ties`; items with equal features tie).
    """

    kernel_select = _ts_select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        X, sigma = _params("CascadeLinTS", L, K, params)
        self._setup(L, K, pol_rng, X, sigma)
        d = X.shape[1]
        self._theta, self._chol = np.zeros(d), np.zeros((d, d))

    @staticmethod
    def kernel_state(L, K, **params):
        X, sigma = _params("CascadeLinTS", L, K, params)
        return _state(X, sigma, ())

    def select(self, t):
        z = self.rng.standard_normal(self.X.shape[1])
        scores = np.zeros(self.L)
        ts_scores(self.X, self.Minv, self.B, self.sigma, z, self._theta, self._chol, scores)
        return topk_random_ties(scores, self.K, self.rng)


# ----------------------------------------------------------------------------- CascadeLinUCB
@numba.njit
def _ucb_select(state, t, rng, A):
    X, Minv, B, par, _, theta, _, _, idx, cand = state
    ucb_scores(X, Minv, B, par[0], par[1], theta, idx)
    topk_nb(idx, A.shape[0], rng, A, cand)


@register_policy("CascadeLinUCB", models=MODELS)
class CascadeLinUCB(_Linear):
    r"""CascadeLinUCB (ALG-CASLINUCB; named in source 004, Zong et al. 2016).

    ``U_t(e) = min(x_eᵀ θ̂_{t−1} + c sqrt(x_eᵀ M_{t−1}^{−1} x_e), 1)``; show the K items of
    largest ``U_t``.  Parameters: ``features`` (required), ``sigma`` (default 1), ``c``
    (default 1: an instance-free choice; the paper's theoretical ``c`` depends on the
    horizon and a confidence level).  Policy stream: tie-breaks only (:mod:`clickbound.sim.ties`;
    the cap at 1 and equal features make ties common early on).
    """

    kernel_select = _ucb_select
    kernel_update = _update

    def __init__(self, L, K, pol_rng, **params):
        X, sigma = _params("CascadeLinUCB", L, K, params, ("c",))
        self._setup(L, K, pol_rng, X, sigma)
        self.c = check_positive("c", params.get("c", 1.0), strict=False)
        self._theta = np.zeros(X.shape[1])

    @staticmethod
    def kernel_state(L, K, **params):
        X, sigma = _params("CascadeLinUCB", L, K, params, ("c",))
        c = check_positive("c", params.get("c", 1.0), strict=False)
        return _state(X, sigma, (c,))

    def select(self, t):
        scores = np.zeros(self.L)
        ucb_scores(self.X, self.Minv, self.B, self.sigma, self.c, self._theta, scores)
        return topk_random_ties(scores, self.K, self.rng)
