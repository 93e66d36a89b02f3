"""Naive MF, propensity (IPS) MF and Causal Embeddings (CausE) on a :class:`~clickbound.sim.causal_log.CausalLog`.

Source ``002_3ec5ec57f55c1fdf.txt``, "Causal Embeddingsの解説と追試".  Predictions are
``\\hat{P}_{u,i} = θ_u^T β_i`` (no bias terms, as the source writes them) and δ is the squared error
(the source's table reports MSE).  The objectives, dense over the U × I matrix with a weight matrix W
(``Σ W ⊙ δ``):

* **naive** — "\\hat{\\mathcal{L}}_{naive} = \\frac{1}{|S|} \\sum_{(u,i) \\in S} δ(Y^{obs}_{u,i}, \\hat{P}_{u,i})" on
  the whole training log S = S_t ∪ S_c: ``W = 1_S / |S|``;
* **ips** — Propensity MF (the previous article's "傾向スコアで補正した損失関数"; its formula is not in
  the source): ``W = 1_S / (U·I·p)`` with ``p(u,i) = P((u,i) ∈ S)`` the true logging probability
  (:meth:`CausalLog.p_train`), so that ``E[Σ W δ] = L(\\hat{P})`` (exact: claim CAUSE-IPS/unbiased);
* **cause** — "\\hat{\\mathcal{L}}_{CausE} = (1) + (2) + (3)": (1) the naive loss of the t-embeddings on S_t,
  (2) the naive loss of the c-embeddings on S_c, (3) ``λ (Σ_u ‖θ_{u,t} − θ_{u,c}‖_1 + Σ_i ‖β_{i,t} −
  β_{i,c}‖_1)`` (the source's L1 choice), taken into account "θ_{u,c}, β_{i,c} を更新するときのみ": its
  gradient goes to the c-embeddings only.  Prediction "\\hat{P}_{CausE} = \\{θ_{u,c}^T β_{i,c}\\}".

Every method adds the same ``l2 (Σ‖θ‖² + Σ‖β‖²)`` (ours: the source names no L2 term) and is trained
by full-batch Adam (ours: the source used mini-batch momentum, lr 0.1 with exponential decay), from
an initialisation drawn from the seed (CausE's t and c embeddings start equal).  Evaluation follows
the source's: the relative MSE improvement over predicting the mean test rating, at the epoch best on
each method's validation metric ("Best on Val": naive MSE on the validation log for naive MF, the
IPS-weighted validation loss for IPS MF, the MSE on the randomised validation part V_t for CausE) and
at the epoch best on test ("Best on Test").
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
from scipy import sparse

from clickbound.sim.causal_log import CausalLog

METHODS = ("naive", "ips", "cause")
LABELS = {"naive": "Naive MF", "ips": "Propensity MF", "cause": "Causal Embeddings (CausE)"}


@dataclass(frozen=True)
class MFConfig:
    dim: int = 8
    l2: float = 3e-4
    lam: float = 1e-4  # CausE's λ (term (3))
    #: where term (3)'s gradient goes: "c" (the source: "θ_{u,c}, β_{i,c} を更新するときのみ") or "both"
    tie: str = "c"
    lr: float = 0.1
    epochs: int = 1000
    eval_every: int = 20
    init_sd: float = 0.7
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8


def weights(log: CausalLog, method: str) -> dict[str, np.ndarray]:
    """The weight matrices of the data terms (``Σ W ⊙ δ``): ``{"main": W}`` or, for CausE, ``{"t": W_t, "c": W_c}``."""
    if method == "naive":
        S = log.train
        return {"main": S / max(1, S.sum())}
    if method == "ips":
        return {"main": log.train / (log.P.size * log.p_train())}
    if method == "cause":
        return {"t": log.Rt / max(1, log.Rt.sum()), "c": log.Rc / max(1, log.Rc.sum())}
    raise ValueError(f"method must be one of {METHODS}, got {method!r}")


def init_params(log: CausalLog, method: str, cfg: MFConfig, seed) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    U, I = log.P.shape
    th = cfg.init_sd * rng.standard_normal((U, cfg.dim))
    be = cfg.init_sd * rng.standard_normal((I, cfg.dim))
    if method == "cause":
        return {"th_t": th, "be_t": be, "th_c": th.copy(), "be_c": be.copy()}
    return {"th": th, "be": be}


class _Obs:
    """The nonzero pattern of one weight matrix, so the data term and its gradient cost O(|S|·dim) instead
    of O(U·I·dim); the dense form is ``Σ W ⊙ δ``.  ``np.nonzero`` returns the pairs row-major, which is
    CSR's order, so the CSR matrix's data is the per-pair gradient as it stands; its transpose takes the
    same values through ``perm``.  The two matrices are built once and their data overwritten per call."""

    def __init__(self, W: np.ndarray, P: np.ndarray):
        self.r, self.c = np.nonzero(W)
        self.w, self.y = W[self.r, self.c], P[self.r, self.c]
        self.M = sparse.csr_matrix((np.ones(self.r.size), (self.r, self.c)), shape=W.shape)
        self.perm = np.lexsort((self.r, self.c))  # the pairs column-major: the order of M.T in CSR
        self.MT = sparse.csr_matrix((np.ones(self.r.size), (self.c[self.perm], self.r[self.perm])),
                                    shape=W.shape[::-1])
        if not (np.array_equal(self.M.indices, self.c) and np.array_equal(self.MT.indices, self.r[self.perm])):
            raise AssertionError("sparse layout differs from np.nonzero's order")

    def term(self, th, be):
        e = np.einsum("ij,ij->i", th[self.r], be[self.c]) - self.y
        g = 2.0 * self.w * e
        self.M.data[:] = g
        self.MT.data[:] = g[self.perm]
        return float((self.w * e * e).sum()), self.M @ be, self.MT @ th


def observations(log: CausalLog, method: str) -> dict[str, _Obs]:
    """:func:`weights` in the sparse form the objective uses."""
    return {k: _Obs(W, log.P) for k, W in weights(log, method).items()}


def loss_and_grads(params: dict, log: CausalLog, method: str, cfg: MFConfig, obs=None):
    """Objective value and the update directions (for CausE with ``tie="c"``, the source's reading, the
    t-gradient omits term (3); with ``tie="both"`` every direction is the objective's gradient)."""
    obs = observations(log, method) if obs is None else obs
    if method != "cause":
        th, be = params["th"], params["be"]
        f, gth, gbe = obs["main"].term(th, be)
        f += cfg.l2 * (float((th * th).sum()) + float((be * be).sum()))
        return f, {"th": gth + 2 * cfg.l2 * th, "be": gbe + 2 * cfg.l2 * be}
    tt, bt, tc, bc = params["th_t"], params["be_t"], params["th_c"], params["be_c"]
    f1, g_tt, g_bt = obs["t"].term(tt, bt)
    f2, g_tc, g_bc = obs["c"].term(tc, bc)
    dth, dbe = tc - tt, bc - bt
    f3 = cfg.lam * (float(np.abs(dth).sum()) + float(np.abs(dbe).sum()))
    l2 = cfg.l2 * sum(float((x * x).sum()) for x in (tt, bt, tc, bc))
    if cfg.tie not in ("c", "both"):
        raise ValueError(f"tie must be 'c' or 'both', got {cfg.tie!r}")
    pull = cfg.lam if cfg.tie == "both" else 0.0
    grads = {"th_t": g_tt - pull * np.sign(dth) + 2 * cfg.l2 * tt, "be_t": g_bt - pull * np.sign(dbe) + 2 * cfg.l2 * bt,
             "th_c": g_tc + cfg.lam * np.sign(dth) + 2 * cfg.l2 * tc,
             "be_c": g_bc + cfg.lam * np.sign(dbe) + 2 * cfg.l2 * bc}
    return f1 + f2 + f3 + l2, grads


def predict(params: dict) -> np.ndarray:
    if "th" in params:
        return params["th"] @ params["be"].T
    return params["th_c"] @ params["be_c"].T


def rel_improvement(pred: np.ndarray, P: np.ndarray, mask: np.ndarray) -> float:
    """1 − MSE(pred)/MSE(mean rating) on ``mask`` (the source's "相対改善度", baseline: the mean test rating)."""
    y = P[mask]
    base = float(((y - y.mean()) ** 2).mean())
    return 1.0 - float(((pred[mask] - y) ** 2).mean()) / base


def val_metric(pred: np.ndarray, log: CausalLog, method: str) -> float:
    """Each method's validation loss (smaller is better), as the source pairs them."""
    P = log.P
    if method == "naive":
        V = log.val
        return float(((pred - P) ** 2)[V].mean())
    if method == "ips":
        return float((((pred - P) ** 2) * log.val / log.p_val()).sum() / P.size)
    if method == "cause":
        return float(((pred - P) ** 2)[log.Vt].mean())
    raise ValueError(method)


def train(log: CausalLog, method: str, cfg: MFConfig, seed) -> dict:
    """Full-batch Adam; every ``eval_every`` epochs record the validation metric and the test/full improvement."""
    params = init_params(log, method, cfg, seed)
    obs = observations(log, method)
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(x) for k, x in params.items()}
    hist = {"epoch": [], "val": [], "test": [], "full": [], "train_loss": []}
    full = np.ones_like(log.train)
    for ep in range(1, cfg.epochs + 1):
        f, g = loss_and_grads(params, log, method, cfg, obs)
        b1t, b2t = 1 - cfg.beta1 ** ep, 1 - cfg.beta2 ** ep
        for k in params:
            m[k] = cfg.beta1 * m[k] + (1 - cfg.beta1) * g[k]
            v[k] = cfg.beta2 * v[k] + (1 - cfg.beta2) * g[k] * g[k]
            params[k] = params[k] - cfg.lr * (m[k] / b1t) / (np.sqrt(v[k] / b2t) + cfg.eps)
        if ep % cfg.eval_every == 0:
            pred = predict(params)
            hist["epoch"].append(ep)
            hist["train_loss"].append(f)
            hist["val"].append(val_metric(pred, log, method))
            hist["test"].append(rel_improvement(pred, log.P, log.test))
            hist["full"].append(rel_improvement(pred, log.P, full))
    iv = int(np.argmin(hist["val"]))
    it = int(np.argmax(hist["test"]))
    return {"method": method, "config": asdict(cfg), "history": hist,
            "best_on_val": hist["test"][iv], "best_on_test": hist["test"][it],
            "best_on_val_full": hist["full"][iv], "epoch_best_val": hist["epoch"][iv],
            "epoch_best_test": hist["epoch"][it]}
