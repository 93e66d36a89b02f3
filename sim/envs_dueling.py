"""A ranker space for dueling bandits and DBGD (source 003, "Dueling bandits"; Yue & Joachims 2009).

Source ``003_f899901a464da92a.txt`` (lines 210-243, 534-565): rankers ``w`` in a set ``𝕎 ⊂ ℝ^d``; a
comparison ``P(w_1 ≻ w_2) = 1/2 + ε(w_1, w_2)``; the assumptions of the regret theorem: a differentiable
utility ``v`` (the notes say "строго выпуклая"; it must be strictly *concave*, ERR-003-DUEL-CONVEX-UTILITY),
a link ``σ`` with ``P(w_1 ≻ w_2) = σ(v(w_1) − v(w_2))`` (logistic in the notes), ``σ``, ``v``, ``σ'``
Lipschitz, ``𝕎`` containing 0, compact, convex, bounded.

:class:`Dueling`: ``𝕎`` = the ball of radius ``R`` in ``ℝ^d``; linear rankers score item ``x`` by ``w·x``;
two utilities:

* ``"quadratic"``: ``v(w) = −a ‖w − w*‖²`` — strictly concave, differentiable, ``L_v = 2a (R + ‖w*‖)`` on
  ``𝕎``; with the logistic link (``L_σ = 1/4``, ``σ'`` ``√3/18``-Lipschitz: DUEL-LOGISTIC) every assumption
  holds, ``L = L_σ L_v`` (DUEL-LIPSCHITZ);
* ``"ranking"``: ``v(w) = scale · E[cascade satisfaction of the top-K items by w·x]`` with item features
  ``X`` and attractions ``attr`` — what an interleaving experiment on linear rankers compares.  It is
  piecewise constant in ``w`` (constant wherever the top-K set does not change), so it is neither
  differentiable everywhere nor strictly concave: :meth:`assumptions` says which assumption fails, with the
  witness.

:func:`simulate_dbgd` runs Dueling Bandit Gradient Descent (Yue & Joachims 2009, Algorithm 1, as recalled;
the notes show it as an image, ``img/dbgd.png``): ``u_t`` uniform on the unit sphere, ``w'_t = P(w_t + δ u_t)``,
one duel ``w'_t`` vs ``w_t`` with probability ``σ(v(w'_t) − v(w_t))``, and ``w_(t+1) = P(w_t + γ u_t)`` if
``w'_t`` wins, else ``w_t``.  It records the dueling regret ``Δ_T = Σ_t ε(w*, w_t) + ε(w*, w'_t)``
(DUEL-REGRET, the repaired display of lines 220/542).  All runs advance together (arrays ``runs × d``);
replication ``r``'s stream is ``SeedSequence(seed).spawn(runs)[r]``, drawn in blocks of ``BLOCK`` rounds
(normals for the directions, then uniforms for the duels).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from clickbound.sim.envs import Cascade

UTILITIES = ("quadratic", "ranking")
#: the feature map of FeatureCascade when none is given: (attraction, 1)
DEFAULT_FEATURES = "attraction, 1"
#: rounds drawn at once per replication (normals, then uniforms): results do not depend on it
BLOCK = 4096


class FeatureCascade(Cascade):
    """Cascade users on items with features: the click environment of DBGD/MGD (``--model dueling``).

    Clicks follow CM-Cascade with attractions ``w`` (so every cascade policy runs on it, ``model ==
    "cascade"``); the items also carry features ``x_e`` (rows of ``features``, ``L × d``), which the engine
    hands to a linear-ranker policy given none (``env_params``).  Without ``features`` the map is
    ``x_e = (w_e, 1)``: a linear ranker with a positive first weight orders the items by attraction, so the
    optimal list is reachable by the ranker space.  Pass other features to make it harder (the ranker space
    may then not contain the optimal list, and regret against it grows linearly).
    """

    def __init__(self, w, features=None):
        Cascade.__init__(self, w)
        if features is None:
            X = np.column_stack([self.attraction, np.ones(self.L)])
        else:
            X = np.array(features, dtype=float)
            if X.ndim != 2 or X.shape[0] != self.L or X.shape[1] < 1 or not np.isfinite(X).all():
                raise ValueError(f"features must be a finite {self.L} x d array, got shape {X.shape}")
        X.setflags(write=False)
        self.features = X

    def spec(self) -> dict:
        return {"model": "dueling", "w": self.attraction.tolist(), "features": self.features.tolist()}


def sigma(x):
    """The logistic link ``1/(1 + e^(−x))`` (source 003, line 234)."""
    return 1.0 / (1.0 + np.exp(-x))


class Dueling:
    """Ranker space ``{w ∈ ℝ^d : ‖w‖ ≤ R}`` with a utility and the logistic link (module docstring)."""

    def __init__(self, d: int, R: float = 1.0, w_star=None, utility: str = "quadratic", a: float = 1.0,
                 X=None, attr=None, K: int = 1, scale: float = 1.0):
        if isinstance(d, bool) or int(d) != d or d < 1:
            raise ValueError(f"d must be a positive integer, got {d!r}")
        if not R > 0:
            raise ValueError(f"R must be > 0, got {R!r}")
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
        self.d, self.R, self.utility, self.a, self.K, self.scale = int(d), float(R), utility, float(a), int(K), float(scale)
        self.w_star = np.zeros(self.d) if w_star is None else np.asarray(w_star, dtype=float)
        if self.w_star.shape != (self.d,) or np.linalg.norm(self.w_star) > self.R + 1e-12:
            raise ValueError(f"w_star must be a point of the radius-{R} ball in R^{d}, got {w_star!r}")
        if utility == "quadratic" and not self.a > 0:
            raise ValueError(f"a must be > 0, got {a!r}")
        if utility == "ranking":
            self.X = np.asarray(X, dtype=float)
            self.attr = np.asarray(attr, dtype=float)
            if self.X.ndim != 2 or self.X.shape[1] != self.d or self.attr.shape != (self.X.shape[0],):
                raise ValueError("ranking utility needs X (L x d) and attr (L) of matching sizes")
            if ((self.attr < 0) | (self.attr > 1)).any():
                raise ValueError("attr must lie in [0, 1]")
            if not 1 <= self.K <= self.X.shape[0]:
                raise ValueError(f"K must lie in 1..{self.X.shape[0]}, got {K!r}")

    # ------------------------------------------------------------------ utility and preferences
    def v(self, W) -> np.ndarray:
        """Utility of each row of ``W`` (shape ``(..., d)``)."""
        W = np.asarray(W, dtype=float)
        if self.utility == "quadratic":
            return -self.a * np.sum((W - self.w_star) ** 2, axis=-1)
        scores = W @ self.X.T                                     # (..., L)
        top = np.argsort(-scores, axis=-1, kind="stable")[..., : self.K]
        return self.scale * (1.0 - np.prod(1.0 - self.attr[top], axis=-1))

    def best(self) -> np.ndarray:
        """``w*`` (quadratic) or a maximiser among the features' directions and w* (ranking)."""
        if self.utility == "quadratic":
            return self.w_star
        cand = np.vstack([self.w_star, self.X / np.linalg.norm(self.X, axis=1, keepdims=True) * self.R])
        return cand[int(np.argmax(self.v(cand)))]

    def prefer(self, W1, W2) -> np.ndarray:
        """``P(w_1 ≻ w_2) = σ(v(w_1) − v(w_2))``."""
        return sigma(self.v(W1) - self.v(W2))

    def eps_star(self, W) -> np.ndarray:
        """``ε(w*, w) = σ(v(w*) − v(w)) − 1/2`` (≥ 0)."""
        return sigma(self.v(self.best()) - self.v(W)) - 0.5

    def project(self, W) -> np.ndarray:
        """Euclidean projection onto the ball of radius R."""
        W = np.asarray(W, dtype=float)
        nrm = np.linalg.norm(W, axis=-1, keepdims=True)
        return np.where(nrm > self.R, W * (self.R / np.maximum(nrm, 1e-300)), W)

    # ------------------------------------------------------------------ the theorem's constants
    def lipschitz_v(self) -> float:
        if self.utility != "quadratic":
            return math.inf
        return 2.0 * self.a * (self.R + float(np.linalg.norm(self.w_star)))

    def lipschitz_eps(self) -> float:
        """``L = L_σ L_v`` with ``L_σ = 1/4`` (DUEL-LIPSCHITZ, DUEL-LOGISTIC)."""
        return 0.25 * self.lipschitz_v()

    def assumptions(self) -> dict:
        """Each assumption of the regret theorem (lines 227-238) with whether it holds here and why."""
        ball = {"holds": True, "why": f"W = ball of radius {self.R} in R^{self.d}: contains 0, compact, convex"}
        link = {"holds": True, "why": "logistic σ: 1/4-Lipschitz, σ' (√3/18)-Lipschitz (DUEL-LOGISTIC)"}
        if self.utility == "quadratic":
            return {"W": ball, "link": link,
                    "v strictly concave": {"holds": True, "why": f"Hessian −2a·I = {-2 * self.a}·I"},
                    "v differentiable": {"holds": True, "why": "polynomial"},
                    "v Lipschitz": {"holds": True, "why": f"‖∇v‖ = 2a‖w − w*‖ ≤ L_v = {self.lipschitz_v():.6g}"}}
        rng = np.random.default_rng(np.random.SeedSequence(2))
        w1 = self.project(rng.normal(size=self.d))
        w2 = 0.5 * w1  # a positive rescaling keeps every score order, hence the top-K set
        vals = self.v(np.vstack([w1, w2, 0.5 * (w1 + w2)]))
        flat = bool(vals[2] <= 0.5 * (vals[0] + vals[1]))
        jump = _find_jump(self)
        return {"W": ball, "link": link,
                "v strictly concave": {"holds": not flat,
                                       "why": f"w2 = w1/2 ≠ w1 keep the top-K set: v(w1) = v(w2) = v(midpoint) = "
                                              f"{vals[0]:.6g} (equality on the chord)"},
                "v differentiable": {"holds": jump is None, "why": "v jumps where the top-K set changes"
                                     + (f": {jump}" if jump else " (no jump found on 200 random segments)")},
                "v Lipschitz": {"holds": jump is None, "why": "a jump is not Lipschitz"}}


def _find_jump(env) -> str | None:
    rng = np.random.default_rng(np.random.SeedSequence(1))
    for _ in range(200):
        w = env.project(rng.normal(size=env.d))
        u = rng.normal(size=env.d)
        u /= np.linalg.norm(u)
        ts = np.linspace(0.0, 0.5, 51)
        vals = env.v(env.project(w[None, :] + ts[:, None] * u[None, :]))
        if np.ptp(vals) > 0:
            i = int(np.flatnonzero(np.diff(vals))[0])
            return (f"v jumps by {abs(vals[i + 1] - vals[i]):.3g} between two points 0.01 apart on a segment from "
                    f"w = {np.round(w, 4).tolist()}")
    return None


@dataclass
class DBGDResult:
    checkpoints: np.ndarray
    regret: np.ndarray      # runs × checkpoints: Δ_t = Σ_(s≤t) ε(w*, w_s) + ε(w*, w'_s)
    final_w: np.ndarray     # runs × d
    config: dict


def simulate_dbgd(env: Dueling, n: int, runs: int = 1, seed: int = 0, delta: float | None = None,
                  gamma: float | None = None, checkpoints=None) -> DBGDResult:
    """DBGD on ``env`` (module docstring); ``delta``/``gamma`` default to the theorem's
    :func:`clickbound.bounds.lecture.dbgd_steps` at horizon ``n`` (quadratic utility)."""
    from clickbound.bounds.lecture import dbgd_steps
    from clickbound.sim.engine import log_checkpoints

    if isinstance(n, bool) or int(n) != n or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    if delta is None or gamma is None:
        L = env.lipschitz_eps()
        if not math.isfinite(L):
            raise ValueError("give delta and gamma: the theorem's step sizes need a Lipschitz utility")
        d0, g0 = dbgd_steps(n, env.d, env.R, L)
        delta = d0 if delta is None else delta
        gamma = g0 if gamma is None else gamma
    cps = log_checkpoints(n) if checkpoints is None else np.asarray(checkpoints, dtype=np.int64)
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(runs)]
    v_best = env.v(env.best())  # the same values prefer() and eps_star() compute, each evaluated once a round
    W = np.zeros((runs, env.d))
    cum = np.zeros(runs)
    out = np.zeros((runs, cps.size))
    ci = 0
    for start in range(0, n, BLOCK):  # each replication draws its block: normals (B × d), then B uniforms
        B = min(BLOCK, n - start)
        G = np.stack([r.standard_normal((B, env.d)) for r in rngs])
        V = np.stack([r.random(B) for r in rngs])
        G /= np.linalg.norm(G, axis=2, keepdims=True)
        for b in range(B):
            t = start + b + 1
            U = G[:, b]
            Wp = env.project(W + delta * U)
            vW, vWp = env.v(W), env.v(Wp)
            win = V[:, b] < sigma(vWp - vW)
            cum += (sigma(v_best - vW) - 0.5) + (sigma(v_best - vWp) - 0.5)
            W = np.where(win[:, None], env.project(W + gamma * U), W)
            if ci < cps.size and t == cps[ci]:
                out[:, ci] = cum
                ci += 1
    return DBGDResult(cps, out, W, {"n": n, "runs": runs, "seed": seed, "delta": delta, "gamma": gamma,
                                    "d": env.d, "R": env.R, "utility": env.utility})
