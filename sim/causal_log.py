"""A synthetic explicit-feedback recommendation log for the CausE experiment (source 002).

Source ``002_3ec5ec57f55c1fdf.txt``, article "Causal Embeddingsの解説と追試": users × items with a
deterministic true preference ``P_{u,i}``, "Y_{u,i}^{obs} = P_{u,i} \\cdot R_{u,i}", a logging policy
``E[R_{u,i}] = π_c(u,i)`` that depends on u and i (the log ``S_c``) and "学習データの約3%は
randomized policy ( \\pi_{rand}) によって生成" (the log ``S_t``).  The source's own generator ("設定に
関しては前回の実験と同じ": the previous article, not among the sources) is not given, so this one is
ours and every choice is a field of :class:`LogConfig`:

* ``P``: a rank-``rank`` Gaussian score ``θ_u^T β_i / sqrt(rank)`` plus item offsets, cut at its
  quantiles into ratings 1..5 with the shares ``rating_shares`` (MovieLens-like, explicit feedback),
  stored centred, ``P = rating − 3 ∈ {−2, …, 2}``, so that the source's ``θ_u^T β_i`` (no bias terms)
  starts from the scale's middle (a fixed shift, estimated from nothing; MSE and the relative
  improvement do not depend on it);
* ``π_c(u,i) = sigmoid(a + rating_bias·P_{u,i} + pop_bias·pop_i)`` — users see and rate what
  they like and what is popular (MNAR), ``a`` solved so that the mean of ``π_c`` is ``density_c``;
* ``π_rand`` constant, chosen so that the expected share of ``S_t`` in ``S = S_t ∪ S_c`` is
  ``random_share`` (the source's 3 %): ``π_rand / (π_rand + mean π_c) = random_share``;
* each pair goes to validation with probability ``val_share`` (one draw per pair, independent of
  everything else), so a logged pair is training or validation in both logs; a test log is drawn from a uniform policy (``test_density``) and
  pairs already logged for training or validation are held out of it.

Every draw comes from one ``numpy.random.SeedSequence(seed)``, spawned into named streams.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

STREAMS = ("preference", "exposure", "random", "split", "test")


@dataclass(frozen=True)
class LogConfig:
    n_users: int = 200
    n_items: int = 150
    rank: int = 4
    rating_shares: tuple[float, ...] = (0.06, 0.11, 0.27, 0.35, 0.21)
    item_offset_sd: float = 0.5
    density_c: float = 0.1
    random_share: float = 0.03
    rating_bias: float = 1.0
    pop_bias: float = 1.0
    val_share: float = 0.2
    test_density: float = 0.1

    def __post_init__(self):
        if not (0 < self.density_c < 1 and 0 < self.random_share < 1 and 0 <= self.val_share < 1
                and 0 < self.test_density <= 1):
            raise ValueError(f"densities and shares must lie in (0, 1): {self}")
        if len(self.rating_shares) != 5 or abs(sum(self.rating_shares) - 1) > 1e-12:
            raise ValueError("rating_shares: five shares summing to 1")

    @property
    def pi_rand(self) -> float:
        """π_rand with π_rand / (π_rand + density_c) = random_share."""
        return self.random_share * self.density_c / (1.0 - self.random_share)


@dataclass(frozen=True)
class CausalLog:
    """One drawn log.  Boolean masks are (U, I); ``P`` is float centred ratings in {−2..2} (rating − 3)."""

    config: LogConfig
    seed: int
    P: np.ndarray
    pi_c: np.ndarray
    pi_rand: float
    Rc: np.ndarray  # logged by π_c (training part): S_c
    Rt: np.ndarray  # logged by π_rand (training part): S_t
    Vc: np.ndarray  # validation part of the π_c log
    Vt: np.ndarray  # validation part of the π_rand log
    test: np.ndarray  # uniform-policy test log, training/validation pairs held out

    @property
    def train(self) -> np.ndarray:
        """S = S_t ∪ S_c (training)."""
        return self.Rc | self.Rt

    @property
    def val(self) -> np.ndarray:
        return self.Vc | self.Vt

    def p_logged(self) -> np.ndarray:
        """P((u,i) is logged by either policy) = 1 − (1 − π_c)(1 − π_rand) (the two logs are independent)."""
        return 1.0 - (1.0 - self.pi_c) * (1.0 - self.pi_rand)

    def p_train(self) -> np.ndarray:
        """P((u,i) ∈ S_train): logged, then kept for training (probability 1 − val_share)."""
        return self.p_logged() * (1.0 - self.config.val_share)

    def p_val(self) -> np.ndarray:
        return self.p_logged() * self.config.val_share

    def sizes(self) -> dict:
        return {"U": int(self.P.shape[0]), "I": int(self.P.shape[1]), "S_c": int(self.Rc.sum()),
                "S_t": int(self.Rt.sum()), "S": int(self.train.sum()), "V_c": int(self.Vc.sum()),
                "V_t": int(self.Vt.sum()), "test": int(self.test.sum()),
                "share S_t in S_t + S_c": float((self.Rt.sum() + self.Vt.sum())
                                                  / max(1, self.Rt.sum() + self.Vt.sum() + self.Rc.sum()
                                                        + self.Vc.sum()))}

    def describe(self) -> dict:
        return {"config": asdict(self.config), "seed": self.seed, "pi_rand": self.pi_rand,
                "mean pi_c": float(self.pi_c.mean()), **self.sizes()}


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _offset_for_mean(z: np.ndarray, target: float) -> float:
    """The ``a`` with mean(sigmoid(a + z)) = target (bisection; the mean is increasing in a)."""
    lo, hi = -50.0, 50.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if _sigmoid(mid + z).mean() < target:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def true_preference(cfg: LogConfig, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Centred ratings P in {−2..2} (float) and the item popularity score pop_i (standard normal)."""
    th = rng.standard_normal((cfg.n_users, cfg.rank))
    be = rng.standard_normal((cfg.n_items, cfg.rank))
    off = cfg.item_offset_sd * rng.standard_normal(cfg.n_items)
    pop = rng.standard_normal(cfg.n_items)
    z = th @ be.T / np.sqrt(cfg.rank) + off[None, :]
    cuts = np.quantile(z, np.cumsum(cfg.rating_shares)[:-1])
    P = -2.0 + np.searchsorted(cuts, z.ravel(), side="right").reshape(z.shape)
    return P.astype(float), pop


def logging_policy(cfg: LogConfig, P: np.ndarray, pop: np.ndarray) -> np.ndarray:
    z = cfg.rating_bias * P + cfg.pop_bias * pop[None, :]
    return _sigmoid(_offset_for_mean(z, cfg.density_c) + z)


def draw_log(cfg: LogConfig, seed: int) -> CausalLog:
    """Draw one log; ``seed`` is the root of every stream (``SeedSequence(seed).spawn``)."""
    rngs = dict(zip(STREAMS, (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(len(STREAMS)))))
    P, pop = true_preference(cfg, rngs["preference"])
    pi_c = logging_policy(cfg, P, pop)
    shape = P.shape
    Lc = rngs["exposure"].random(shape) < pi_c
    Lt = rngs["random"].random(shape) < cfg.pi_rand
    # one split draw per pair: a pair logged by both policies is training in both or validation in both
    to_val = rngs["split"].random(shape) < cfg.val_share
    T = (rngs["test"].random(shape) < cfg.test_density) & ~(Lc | Lt)
    return CausalLog(config=cfg, seed=int(seed), P=P, pi_c=pi_c, pi_rand=cfg.pi_rand,
                     Rc=Lc & ~to_val, Rt=Lt & ~to_val, Vc=Lc & to_val, Vt=Lt & to_val, test=T)
