"""The Lai–Robbins / Δ-factor experiment (DCM-FACT part (2); source ``000_0b27131c69d8f24c.txt``).

Theorem 3's proof cites Lai & Robbins *as printed*, ``liminf E[T_n(e)]/log n ≥ Δ/D_KL(p−Δ‖p)``;
the standard form is ``≥ 1/D_KL(p−Δ‖p)``.  An asymptotically optimal algorithm attains the
true constant, so its ``E[T_n(e)]/log n`` should approach ``1/D_KL`` — not ``Δ/D_KL`` — slowly:
KL-UCB's exploration threshold ``log n + 3 log log n`` gives the finite-n guide
``(log n + 3 log log n)/(D_KL · log n)``, which is still far above ``1/D_KL`` at n = 10^6.

:func:`lai_robbins` measures, over a grid of ``(p, Δ)``:

* **two arms** ``(p, p−Δ)``, KL-UCB (by default ``CascadeKL-UCB`` with K = 1, which *is* KL-UCB
  with one initial observation per arm and the conventional threshold): ``T_t(e)`` of the bad arm at
  every checkpoint, exactly ``R(t)/Δ`` (each pull of the bad arm costs Δ of pseudo-regret);
* **dcmKL-UCB on B_LB(L, [K], p, Δ, γ)** (DCM-BLB): the mean display count of the L−K
  suboptimal items at n, and ``R(n)/log n`` beside Theorem 3's constant ``γ α (L−K) Δ / D_KL``.

Confidence intervals are normal-approximation 95% intervals over replications
(mean ± 1.96 · sd/√R).  Runs go through :func:`clickbound.sim.runner.run_grid` (cache, processes, dask).
"""
from __future__ import annotations

import math

import numpy as np

from clickbound.bounds.kl import kl_bernoulli
from clickbound.stats import mean_interval, normal_quantile
from clickbound.sim.envs import DCM, Cascade
from clickbound.sim.runner import Job, run_grid

def _ci(samples: np.ndarray) -> tuple[float, float, float]:
    """Mean and two-sided 95 % normal-quantile interval (:func:`clickbound.stats.mean_interval`)."""
    return mean_interval(samples, 0.95, dist="normal")


def blb(L: int, K: int, p: float, delta: float, gamma: float) -> DCM:
    """``B_LB(L, A* = [K], p, Δ, γ)``: ``w = p`` on the first K items, ``p − Δ`` elsewhere, ``v ≡ γ``."""
    if not 0 < delta <= p <= 1:
        raise ValueError(f"need 0 < delta <= p <= 1, got p={p}, delta={delta}")
    return DCM([p] * K + [p - delta] * (L - K), [gamma] * K)


def lai_robbins(grid, n: int = 100_000, runs: int = 20, seed: int = 0, *, L: int = 8, K: int = 2,
                gamma: float = 0.8, two_arm_policy: str = "CascadeKL-UCB", dcm: bool = True,
                cache_dir=None, workers=None, scheduler=None, progress: bool = False) -> list[dict]:
    """Estimate ``E[T_n(e)]/log n`` (with 95% CIs) on a grid of ``(p, Δ)``; one dict per grid point.

    Keys: ``p``, ``delta``, ``kl`` (= D_KL(p−Δ‖p)), ``lr_true`` (= 1/kl), ``lr_as_printed``
    (= Δ/kl), ``checkpoints``, ``two_arm_ratio`` (mean, lo, hi arrays of T_t/log t at checkpoints
    t ≥ 3), ``two_arm_guide`` ((log t + 3 log log t)/(kl log t)); with ``dcm``: ``dcm_ratio`` (mean,
    lo, hi of the suboptimal items' mean T_n/log n), ``dcm_regret_ratio`` (R(n)/log n with CI) and
    ``thm3_constant`` (γ α (L−K) Δ / kl, α = (1−p)^{K−1}).
    """
    grid = [(float(p), float(d)) for p, d in grid]
    jobs = []
    for p, d in grid:
        jobs.append(Job.of(Cascade([p, p - d]), two_arm_policy, K=1, n=n, runs=runs, seed=seed, counts=True))
        if dcm:
            jobs.append(Job.of(blb(L, K, p, d, gamma), "dcmKL-UCB", n=n, runs=runs, seed=seed, counts=True))
    results = run_grid(jobs, cache_dir, workers=workers, scheduler=scheduler, progress=progress).results
    out = []
    it = iter(results)
    for p, d in grid:
        kl = float(kl_bernoulli(p - d, p))
        two = next(it)
        cps = two.checkpoints
        keep = cps >= 3  # log t > 1
        T_bad = two.regret[:, keep] / d  # pseudo-regret Δ per pull of the bad arm
        logt = np.log(cps[keep].astype(float))
        ratios = T_bad / logt
        mean = ratios.mean(axis=0)
        half = normal_quantile(0.975) * ratios.std(axis=0, ddof=1) / math.sqrt(runs) if runs > 1 else np.full(mean.size, np.nan)
        row = {"p": p, "delta": d, "kl": kl, "lr_true": 1 / kl, "lr_as_printed": d / kl,
               "checkpoints": cps[keep], "two_arm_ratio": (mean, mean - half, mean + half),
               "two_arm_final_counts": two.counts[:, 1],
               "two_arm_guide": (logt + 3 * np.log(logt)) / (kl * logt)}
        if dcm:
            res = next(it)
            sub = res.counts[:, K:].mean(axis=1) / math.log(n)  # per replication: mean over e > K
            alpha = (1 - p) ** (K - 1)
            row.update(dcm_ratio=_ci(sub), dcm_regret_ratio=_ci(res.regret[:, -1] / math.log(n)),
                       thm3_constant=gamma * alpha * (L - K) * d / kl, L=L, K=K, gamma=gamma)
        out.append(row)
    return out
