"""Source 004's agents as the blog wrote them: CascadeUCB1-blog and CascadeLinTS-blog.

Source ``004_d9477b3ebe233f80.txt`` ("PythonによるCascadeUCB1の実装", "CascadeLinTSのPython実装").
The project's ``CascadeUCB1`` and ``CascadeLinTS`` (:mod:`clickbound.sim.policies.cascade`,
:mod:`clickbound.sim.policies.linear`) are corrected versions; these two keep the blog's code:

* **observe** (both agents, quoted)::

      def observe(self, a: list[int], click : int) -> None:
        if click == -1:
          click = len(a)
        for i in range(min(len(a), click)):
          ...  self.is_click(click, i+1) ...      # is_click: 1 if click == k else 0

  A round without a click is recorded as a click at position K: the item shown last gets a
  sample 1 although the user did not click it (the ledger's BLOG-UCB1/observe-records).
  Parameter ``observe="fixed"`` records that round as K zeros instead (Kveton et al.'s update),
  so the experiments can tell this difference from the others.
* **initial counts** (CascadeUCB1Agent)::

      self.counts = [1 for _ in range(len(E))]
      self.weights = [bernoulli.rvs(p=p) for _ in range(len(E))]      # p = 0.2 in the blog

  one *pseudo*-observation ``Bernoulli(p)`` per item, drawn by the agent (not the environment).
  Here it is drawn from the policy stream at the first ``select`` (L uniforms, ``u < p``), since
  the kernel's init receives no generator.
* **index**: ``self.weights[e] + math.sqrt(1.5*math.log(self.t - 1)/self.counts[e])`` with
  ``self.t += 1`` (from 1) before each list, so round r uses ``log r`` (``log 1 = 0`` first);
  **running mean**: ``((before_count * w) + is_click) / counts`` — the same floats here.
* **ranking**: ``sorted(range(len(ucbs)), key=lambda i: ucbs[i], reverse=True)[:k]``: Python's sort
  is stable under ``reverse=True``, so ties go to the *smallest item id* — no random tie-break,
  and the policy stream is used by nothing else (UCB1: the initial pseudo-observations; LinTS:
  the Gaussian draw).
* **CascadeLinTSAgent**: ``InvM = I``, ``B = 0``; each list draws
  ``theta ~ multivariate_normal(σ^{−2} InvM B, InvM)`` and ranks ``x_eᵀ theta``; ``observe`` applies
  ``InvM − InvM x xᵀ InvM / (xᵀ InvM x + σ²)`` to every recorded position and ``B += x`` where
  ``is_click``.  The draw is ``θ̂ + chol(InvM) z`` (numpy's ``multivariate_normal`` factors by
  SVD: same law, other numbers) with :mod:`clickbound.sim.policies.linear`'s helpers.

What the blog's *environment* does differently is not a policy matter: ``CascadingModelEnv.click``
draws uniforms only until the first click (same law as :class:`clickbound.sim.envs.Cascade`), and
``optimal_weights`` reads the global ``E`` (the ledger's BLOG-ENV/optimal-weights-global).

Kernels call jitted helpers from other files, so they are compiled without ``cache=True``
(``sim/README.md``).
"""
from __future__ import annotations

import math

import numba
import numpy as np

from clickbound.sim.policies._params import check_LK, check_positive, reject_unknown
from clickbound.sim.policies.linear import sherman_morrison, ts_scores
from clickbound.sim.policies.registry import Policy, register_policy

MODELS = ("cascade",)
#: the blog's ``CascadeUCB1Agent(E=E, p=0.2)``
BLOG_P = 0.2
OBSERVE = ("as-written", "fixed")


def _observe_flag(name, params) -> float:
    mode = params.get("observe", "as-written")
    if mode not in OBSERVE:
        raise ValueError(f"{name}: observe must be one of {OBSERVE}, got {mode!r}")
    return 1.0 if mode == "fixed" else 0.0


# ----------------------------------------------------------------------------- shared pieces
def blog_click(clicks) -> int:
    """The blog's ``C_t``: 1-based position of the click, ``-1`` if none (``CascadingModelEnv.click``)."""
    for k, c in enumerate(clicks):
        if c == 1:
            return k + 1
    return -1


def blog_recorded(clicks, fixed: bool) -> list[tuple[int, int]]:
    """``(position, recorded sample)`` pairs ``observe`` writes (0-based positions).

    As written: ``click = len(a)`` on a no-click round, then ``is_click(click, i+1)`` for
    ``i < min(K, click)``; fixed: a no-click round records K zeros.
    """
    K = len(clicks)
    click = blog_click(clicks)
    if click == -1:
        if fixed:
            return [(i, 0) for i in range(K)]
        click = K
    return [(i, 1 if click == i + 1 else 0) for i in range(min(K, click))]


def stable_topk(values, K) -> np.ndarray:
    """``sorted(range(L), key=values.__getitem__, reverse=True)[:K]`` (ties: smallest id first)."""
    return np.array(sorted(range(len(values)), key=lambda i: values[i], reverse=True)[:K], dtype=np.int64)


@numba.njit
def stable_topk_nb(values, A, taken):
    """Compiled :func:`stable_topk`: K passes, each the first (smallest id) maximum not yet taken."""
    L = values.shape[0]
    for e in range(L):
        taken[e] = 0
    for k in range(A.shape[0]):
        best = -1
        for e in range(L):
            if taken[e] == 0 and (best < 0 or values[e] > values[best]):
                best = e
        A[k] = best
        taken[best] = 1


@numba.njit
def _recorded_range(clicks, fixed):
    """``(number of recorded positions, recorded position of the '1' or -1)`` (see :func:`blog_recorded`)."""
    K = clicks.shape[0]
    for k in range(K):
        if clicks[k] == 1:
            return k + 1, k
    if fixed:
        return K, -1
    return K, K - 1


# ----------------------------------------------------------------------------- CascadeUCB1-blog
def _ucb_params(L, K, params):
    reject_unknown("CascadeUCB1-blog", params, ("p", "observe"))
    check_LK(L, K)
    p = check_positive("p", params.get("p", BLOG_P), strict=False)
    if p > 1:
        raise ValueError(f"p must lie in [0, 1], got {p!r}")
    return p, _observe_flag("CascadeUCB1-blog", params)


@numba.njit
def _ucb_select(state, t, rng, A):
    W, C, par, idx, taken = state
    if par[2] == 0.0:  # the blog's __init__: weights = [bernoulli.rvs(p=p) ...], counts = 1
        for e in range(W.shape[0]):
            W[e] = 1.0 if rng.random() < par[0] else 0.0
            C[e] = 1.0
        par[2] = 1.0
    lt = math.log(t)
    for e in range(W.shape[0]):
        idx[e] = W[e] + math.sqrt(1.5 * lt / C[e])
    stable_topk_nb(idx, A, taken)


@numba.njit
def _ucb_update(state, t, A, clicks, depth):
    W, C, par = state[0], state[1], state[2]
    m, one = _recorded_range(clicks, par[1] == 1.0)
    for i in range(m):
        e = A[i]
        before = C[e]
        C[e] += 1.0
        W[e] = ((before * W[e]) + (1.0 if i == one else 0.0)) / C[e]


@register_policy("CascadeUCB1-blog", models=MODELS)
class CascadeUCB1Blog(Policy):
    """Source 004's ``CascadeUCB1Agent`` as written (see the module docstring).

    ``U(e) = weights[e] + sqrt(1.5 log r / counts[e])`` at round r; ``counts`` start at 1 and
    ``weights`` at a ``Bernoulli(p)`` pseudo-observation (``p`` default 0.2, the blog's); ties to
    the smallest id; ``observe`` records a no-click round as a click at position K unless
    ``observe="fixed"``.  Policy stream: L uniforms at round 1 (the pseudo-observations), nothing else.
    """

    kernel_select = _ucb_select
    kernel_update = _ucb_update

    def __init__(self, L, K, pol_rng, **params):
        self.p, flag = _ucb_params(L, K, params)
        Policy.__init__(self, L, K, pol_rng)
        self.fixed = flag == 1.0
        self.counts = [1] * L
        self.weights = None  # drawn at the first select (policy stream)

    @staticmethod
    def kernel_state(L, K, **params):
        p, flag = _ucb_params(L, K, params)
        return (np.zeros(L), np.ones(L), np.array([p, flag, 0.0]), np.zeros(L), np.zeros(L, dtype=np.int64))

    def ucb(self, e, t):
        return self.weights[e] + math.sqrt(1.5 * math.log(t) / self.counts[e])

    def select(self, t):
        if self.weights is None:
            self.weights = [1.0 if self.rng.random() < self.p else 0.0 for _ in range(self.L)]
        return stable_topk([self.ucb(e, t) for e in range(self.L)], self.K)

    def update(self, t, A, obs):
        for i, sample in blog_recorded(obs.clicks, self.fixed):
            e = int(A[i])
            before_count = self.counts[e]
            self.counts[e] += 1
            self.weights[e] = ((before_count * self.weights[e]) + sample) / self.counts[e]


# ----------------------------------------------------------------------------- CascadeLinTS-blog
def _lints_params(L, K, params):
    reject_unknown("CascadeLinTS-blog", params, ("features", "sigma", "observe"))
    check_LK(L, K)
    if "features" not in params:
        raise ValueError("CascadeLinTS-blog needs item features: policy_params={'features': array (L, d)}")
    X = np.ascontiguousarray(np.array(params["features"], dtype=float))
    if X.ndim != 2 or X.shape[0] != L or X.shape[1] < 1 or not np.isfinite(X).all():
        raise ValueError(f"features must be a finite array of shape (L={L}, d), got shape {X.shape}")
    sigma = check_positive("sigma", params.get("sigma", 1.0))
    return X, sigma, _observe_flag("CascadeLinTS-blog", params)


@numba.njit
def _lints_select(state, t, rng, A):
    X, Minv, B, par, _v, theta, z, chol, idx, taken = state
    for i in range(z.shape[0]):
        z[i] = rng.standard_normal()
    ts_scores(X, Minv, B, par[0], z, theta, chol, idx)
    stable_topk_nb(idx, A, taken)


@numba.njit
def _lints_update(state, t, A, clicks, depth):
    X, Minv, B, par, v = state[0], state[1], state[2], state[3], state[4]
    m, one = _recorded_range(clicks, par[1] == 1.0)
    for i in range(m):
        sherman_morrison(Minv, X[A[i]], par[0], v)
        if i == one:
            for j in range(B.shape[0]):
                B[j] += X[A[i], j]


@register_policy("CascadeLinTS-blog", models=MODELS)
class CascadeLinTSBlog(Policy):
    """Source 004's ``CascadeLinTSAgent`` as written (see the module docstring).

    Parameters: ``features`` (required, ``L × d``), ``sigma`` (default 1, the blog's), ``observe``
    (``"as-written"`` default, or ``"fixed"``).  Policy stream: ``d`` standard normals per round;
    ties (items with equal features) go to the smallest id.
    """

    kernel_select = _lints_select
    kernel_update = _lints_update

    def __init__(self, L, K, pol_rng, **params):
        self.X, self.sigma, flag = _lints_params(L, K, params)
        Policy.__init__(self, L, K, pol_rng)
        self.fixed = flag == 1.0
        d = self.X.shape[1]
        self.InvM, self.B = np.eye(d), np.zeros(d)
        self._v, self._theta, self._chol = np.zeros(d), np.zeros(d), np.zeros((d, d))

    @staticmethod
    def kernel_state(L, K, **params):
        X, sigma, flag = _lints_params(L, K, params)
        d = X.shape[1]
        return (X, np.eye(d), np.zeros(d), np.array([sigma, flag]), np.zeros(d), np.zeros(d), np.zeros(d),
                np.zeros((d, d)), np.zeros(L), np.zeros(L, dtype=np.int64))

    def select(self, t):
        z = self.rng.standard_normal(self.X.shape[1])
        weights = np.zeros(self.L)
        ts_scores(self.X, self.InvM, self.B, self.sigma, z, self._theta, self._chol, weights)
        return stable_topk(weights, self.K)

    def update(self, t, A, obs):
        for i, sample in blog_recorded(obs.clicks, self.fixed):
            x = self.X[int(A[i])]
            sherman_morrison(self.InvM, x, self.sigma, self._v)
            if sample:
                self.B += x


# ----------------------------------------------------------------------------- ablations
def _fixed(params):
    if params.get("observe", "fixed") != "fixed":
        raise ValueError("the -fixed-observe variants take no other observe than 'fixed'")
    return {**params, "observe": "fixed"}


@register_policy("CascadeUCB1-blog-fixed-observe", models=MODELS)
class CascadeUCB1BlogFixed(CascadeUCB1Blog):
    """``CascadeUCB1-blog`` with ``observe="fixed"`` (a no-click round records K zeros); everything else as written.

    A name of its own so that one experiment setting can run it beside the blog's agent on shared seeds.
    """

    def __init__(self, L, K, pol_rng, **params):
        super().__init__(L, K, pol_rng, **_fixed(params))

    @staticmethod
    def kernel_state(L, K, **params):
        return CascadeUCB1Blog.kernel_state(L, K, **_fixed(params))


@register_policy("CascadeLinTS-blog-fixed-observe", models=MODELS)
class CascadeLinTSBlogFixed(CascadeLinTSBlog):
    """``CascadeLinTS-blog`` with ``observe="fixed"``; everything else as written (see :class:`CascadeUCB1BlogFixed`)."""

    def __init__(self, L, K, pol_rng, **params):
        super().__init__(L, K, pol_rng, **_fixed(params))

    @staticmethod
    def kernel_state(L, K, **params):
        return CascadeLinTSBlog.kernel_state(L, K, **_fixed(params))
