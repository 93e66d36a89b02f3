"""Click-model environments (CM-Cascade, CM-DCM, CM-PBM, CM-Depth).

Letters follow the project (the project's notation): ``L`` items, ``K`` positions.  Each model

* validates its parameters (``ValueError`` naming the parameter and value; nothing clipped);
* offers the closed forms ``expected_reward(A)``, ``optimal_list(K)``, ``gap(A)`` built on
  :mod:`clickbound.bounds.click` (the project's one ``V``);
* draws one round with ``observe(A, rng) -> Observation`` from a fixed number of uniforms,
  whatever the list and the outcome, so that the environment stream is position-independent
  and the numba kernel (:func:`clickbound.sim.kernels.env_round`) consumes exactly the same numbers:

  ======== ================================================================================
  model    uniforms per round (in this order)
  ======== ================================================================================
  cascade  ``K``: click at the first ``k`` with ``u_k < w(a_k)`` (then the user stops)
  dcm      ``K`` attraction ``u_k < w(a_k)``, then ``K`` satisfaction ``s_k < v(k)``
  pbm      ``K``: click at ``k`` iff ``u_k < kappa_k theta(a_k)``
  depth    ``1`` for the depth ``V = #{j : u < P_j}``, then ``K``: click iff ``j ≤ V`` and ``u_j < theta(a_j)``
  ======== ================================================================================

* draws the initial observation of every item (KL-UCB-type policies, docs/conventions.md; dcmKL-UCB
  "Observe w_0 ~ P_w", source ``000_0b27131c69d8f24c.txt``) with
  ``initial_observation(rng)``: ``L`` uniforms, item ``e`` clicked iff ``u_e < top(e)``, the
  click probability of ``e`` shown at the top position.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from clickbound.bounds import click

#: numba model codes (see :mod:`clickbound.sim.kernels`)
MODEL_CODES = {"cascade": 0, "dcm": 1, "pbm": 2, "depth": 3}


@dataclass(frozen=True)
class Observation:
    """What the learner sees in one round.

    ``clicks``: int array of length K, 1 where the shown item was clicked;
    ``depth``: the browsing depth ``V(t)`` for CM-Depth, else ``None``;
    ``reward``: the realised reward (any click / satisfied stop / number of clicks) — engine
    bookkeeping only: a policy must not read it (for DCM the learner does not see it).
    """

    clicks: np.ndarray
    depth: int | None = None
    reward: float = 0.0


def _prob_vector(name: str, x) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D sequence of probabilities, got {x!r}")
    bad = ~np.isfinite(arr) | (arr < 0.0) | (arr > 1.0)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name} must lie in [0, 1]; {name}[{i}] = {float(arr[i])!r}")
    arr = arr.copy()
    arr.setflags(write=False)
    return arr


class _Model:
    """Shared list checks and closed forms; subclasses set ``model``, ``attraction``, ``position_weight``."""

    model = ""
    #: per-position parameter array (None for cascade)
    position: np.ndarray | None = None

    @property
    def L(self) -> int:
        return int(self.attraction.size)

    @property
    def K(self) -> int | None:
        """Number of positions fixed by the model's parameters (None: chosen by the caller)."""
        return None if self.position is None else int(self.position.size)

    def resolve_K(self, K: int | None) -> int:
        """The list length to use: the model's own ``K`` or the caller's; ``ValueError`` if they clash."""
        if K is None:
            if self.K is None:
                raise ValueError(f"K must be given for model {self.model!r} (it has no per-position parameters)")
            K = self.K
        if isinstance(K, bool) or int(K) != K or K < 1:
            raise ValueError(f"K must be a positive integer, got {K!r}")
        K = int(K)
        if self.K is not None and K != self.K:
            raise ValueError(f"K = {K} but model {self.model!r} has {self.K} positions")
        if K > self.L:
            raise ValueError(f"K = {K} exceeds L = {self.L} items")
        return K

    def check_list(self, A) -> np.ndarray:
        """``A`` as an int array of distinct valid items of admissible length (``ValueError`` otherwise)."""
        arr = np.asarray(A)
        if arr.ndim != 1 or arr.size == 0:
            raise ValueError(f"A must be a non-empty list of items, got {A!r}")
        if not np.issubdtype(arr.dtype, np.integer):
            raise ValueError(f"A must hold integer item ids, got {A!r}")
        arr = arr.astype(np.int64)
        if (arr < 0).any() or (arr >= self.L).any():
            raise ValueError(f"A = {A!r} has items outside 0..{self.L - 1}")
        if np.unique(arr).size != arr.size:
            raise ValueError(f"A = {A!r} has duplicate items")
        self.resolve_K(arr.size)
        return arr

    def position_weights(self, K: int) -> np.ndarray:
        """Per-position multipliers used to place items optimally (all ones for cascade)."""
        return np.ones(K) if self.position is None else np.asarray(self.position)

    def optimal_list(self, K: int | None = None) -> np.ndarray:
        """An optimal list: the K largest-attraction items, the largest on the position of largest weight.

        For cascade any order of the top K is optimal (CAS-OPT); for DCM with non-increasing
        ``v`` this is DCM-ORDER; for general ``v``/``kappa`` the pairing of sorted items with
        sorted position weights is optimal by the two-position exchange argument
        (``(1−v_1w_1)(1−v_2w_2) ≤ (1−v_1w_2)(1−v_2w_1)`` iff ``(v_1−v_2)(w_1−w_2) ≥ 0``).
        """
        K = self.resolve_K(K)
        items = np.argsort(-self.attraction, kind="stable")[:K]
        slots = np.argsort(-self.position_weights(K), kind="stable")
        A = np.empty(K, dtype=np.int64)
        A[slots] = items
        return A

    def gap(self, A) -> float:
        """``r(A*) − r(A)`` (pseudo-regret of one round with list ``A``)."""
        A = self.check_list(A)
        return float(self.expected_reward(self.optimal_list(A.size)) - self.expected_reward(A))

    def initial_observation(self, rng: np.random.Generator) -> np.ndarray:
        """One observation of every item at the top position (``L`` uniforms; see module docstring)."""
        return (rng.random(self.L) < self.top_probability()).astype(np.int64)

    def top_probability(self) -> np.ndarray:
        return self.attraction

    def spec(self) -> dict:
        """Plain-data description (model name + parameter lists): JSON/TOML-able, inverse of :func:`from_spec`."""
        out = {"model": self.model, self._item_name: self.attraction.tolist()}
        if self.position is not None:
            out[self._position_name] = self.position.tolist()
        return out

    def kernel_params(self) -> tuple[int, np.ndarray, np.ndarray]:
        """``(model code, item parameters, position parameters)`` for :func:`clickbound.sim.kernels.env_round`."""
        pos = np.zeros(0) if self.position is None else np.asarray(self.position, dtype=float)
        return MODEL_CODES[self.model], np.asarray(self.attraction, dtype=float), pos

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.model}, L={self.L}, K={self.K})"


class Cascade(_Model):
    """CM-Cascade (Craswell et al. 2008; sources 000, 003, 004): at most one click, reward = any click.

    ``E[reward] = 1 − ∏_k (1 − w(a_k))``.  With ``K = 1`` it is the Bernoulli bandit (:func:`Bernoulli`).
    """

    model = "cascade"
    _item_name, _position_name = "w", None

    def __init__(self, w):
        self.attraction = _prob_vector("w", w)
        self.w = self.attraction

    def expected_reward(self, A) -> float:
        return float(click.cascade_reward(self.check_list(A), self.w))

    def observe(self, A, rng: np.random.Generator) -> Observation:
        A = np.asarray(A)
        u = rng.random(A.size)
        hit = np.flatnonzero(u < self.w[A])
        clicks = np.zeros(A.size, dtype=np.int64)
        if hit.size:
            clicks[hit[0]] = 1
        return Observation(clicks, None, float(hit.size > 0))


def Bernoulli(mu) -> Cascade:
    """A single-arm Bernoulli bandit with means ``mu``: ``Cascade(w=mu)`` played with ``K = 1``."""
    return Cascade(w=mu)


class DCM(_Model):
    """CM-DCM (Guo et al. 2009; source ``000_0b27131c69d8f24c.txt``).

    At position k the item is attractive with prob. ``w(a_k)`` (then clicked); after a click the
    user is satisfied and stops with prob. ``v(k)``.  Reward ``f(A, w, v) = 1 − ∏_k (1 − v(k) w(a_k))``
    (the realised reward is 1 iff the user stopped satisfied; the learner does not see it).
    """

    model = "dcm"
    _item_name, _position_name = "w", 'v'

    def __init__(self, w, v):
        self.attraction = _prob_vector("w", w)
        self.position = _prob_vector("v", v)
        self.w, self.v = self.attraction, self.position
        if self.K > self.L:
            raise ValueError(f"v has {self.K} positions but there are only L = {self.L} items")

    def expected_reward(self, A) -> float:
        return float(click.dcm_reward(self.check_list(A), self.w, self.v))

    def observe(self, A, rng: np.random.Generator) -> Observation:
        A = np.asarray(A)
        K = A.size
        attractive = rng.random(K) < self.w[A]
        satisfied = rng.random(K) < self.v[:K]
        clicks = np.zeros(K, dtype=np.int64)
        stopped = False
        for k in range(K):
            if attractive[k]:
                clicks[k] = 1
                if satisfied[k]:
                    stopped = True
                    break
        return Observation(clicks, None, float(stopped))


class PBM(_Model):
    """CM-PBM (source 002, source 001 §2.4): click at position k w.p. ``kappa_k · theta(a_k)``, independently.

    Reward = number of clicks, ``E = Σ_k kappa_k theta(a_k)``.
    """

    model = "pbm"
    _item_name, _position_name = "theta", 'kappa'

    def __init__(self, theta, kappa):
        self.attraction = _prob_vector("theta", theta)
        self.position = _prob_vector("kappa", kappa)
        self.theta, self.kappa = self.attraction, self.position
        if self.K > self.L:
            raise ValueError(f"kappa has {self.K} positions but there are only L = {self.L} items")

    def expected_reward(self, A) -> float:
        A = self.check_list(A)
        return float(sum(self.kappa[k] * self.theta[a] for k, a in enumerate(A)))

    def top_probability(self) -> np.ndarray:
        return self.kappa[0] * self.theta

    def observe(self, A, rng: np.random.Generator) -> Observation:
        A = np.asarray(A)
        u = rng.random(A.size)
        clicks = (u < self.kappa[: A.size] * self.theta[A]).astype(np.int64)
        return Observation(clicks, None, float(clicks.sum()))


class Depth(_Model):
    """CM-Depth, the cutoff model with observable depth (source ``001_eb740855b56fcd8b.txt``).

    ``V(t)`` with ``P_j = Pr(V ≥ j)``, ``1 = P_1 ≥ … ≥ P_K > 0``; positions ``j ≤ V`` are clicked
    w.p. ``theta(a_j)`` independently; ``V`` is observed.  ``E[r] = Σ_j P_j theta(a_j)`` (OD-REWARD).
    """

    model = "depth"
    _item_name, _position_name = "theta", 'P'

    def __init__(self, theta, P):
        self.attraction = _prob_vector("theta", theta)
        self.position = _prob_vector("P", P)
        self.theta, self.P = self.attraction, self.position
        if self.P[0] != 1.0:
            raise ValueError(f"P[0] must equal 1 (P_1 = Pr(V >= 1)), got P = {list(self.P)}")
        if (np.diff(self.P) > 0).any():
            raise ValueError(f"P must be non-increasing, got P = {list(self.P)}")
        if self.P[-1] <= 0.0:
            raise ValueError(f"P_K must be > 0, got P = {list(self.P)}")
        if self.K > self.L:
            raise ValueError(f"P has {self.K} positions but there are only L = {self.L} items")

    def expected_reward(self, A) -> float:
        return float(click.depth_reward(self.check_list(A), self.theta, self.P))

    def observe(self, A, rng: np.random.Generator) -> Observation:
        A = np.asarray(A)
        K = A.size
        depth = int(np.count_nonzero(rng.random() < self.P[:K]))
        u = rng.random(K)
        clicks = ((u < self.theta[A]) & (np.arange(K) < depth)).astype(np.int64)
        return Observation(clicks, depth, float(clicks.sum()))


def from_spec(spec: dict) -> _Model:
    """Build an environment from :meth:`_Model.spec` data, e.g. ``{"model": "dcm", "w": [...], "v": [...]}``."""
    spec = dict(spec)
    model = spec.pop("model", None)
    from clickbound.sim.envs_dueling import FeatureCascade  # these modules import this one
    from clickbound.sim.envs_intent import Intent

    classes = {"cascade": Cascade, "dcm": DCM, "pbm": PBM, "depth": Depth, "intent": Intent,
               "dueling": FeatureCascade}
    if model not in classes:
        raise ValueError(f"model must be one of {sorted(classes)}, got {model!r}")
    try:
        return classes[model](**spec)
    except TypeError as exc:  # wrong parameter names: say which ones the model takes
        raise ValueError(f"bad parameters {sorted(spec)} for model {model!r}: {exc}") from None
