"""Bound-violation search: is there a small instance on which a bound of ``bounds/`` fails?

For every upper bound of :mod:`clickbound.bounds` and the policy it is about (a :class:`Target`),
:func:`search` looks over small instances (L ≤ 5 items, K ≤ 3 positions, parameters on a grid)
for the one where the simulated regret comes closest to — or passes — the bound:

1. **grid**: ``size.grid`` instances drawn from the target's parameter grid;
2. **local search**: from the ``size.starts`` best of them, ``size.local_steps`` moves of one
   coordinate to a neighbouring grid value, each kept when it lowers the score (hill climbing);
3. every instance is simulated with ``size.runs`` replications for ``size.n`` rounds, all with
   the same simulation seed (common random numbers: the comparison between instances is not
   blurred by independent noise).

**Score** (the tightness ratio; smaller is closer to a violation, < 1 is a candidate):

* finite-time upper bound (UCB1, OD-T1, CascadeUCB1 as recalled): ``min_n bound(n)/mean R(n)``
  over the checkpoints ``n ≥ N_MIN``;
* asymptotic upper bound (DCM-P1/T1/T2, CascadeKL-UCB, KL-UCB, PBM-UCB: unknown constants):
  the smaller of ``known part(n)/mean R(n)`` at the final ``n`` and ``bound slope/slope``, the
  slopes of the known part and of ``R`` on ``log n`` over the last decade of ``n`` (the rate
  test; :func:`bound_slope`);
* lower bound (DCM-T3, the cascade lower bound, Lai–Robbins): ``slope/coefficient`` — a value
  below 1 means a policy the theorem covers beats the constant at these ``n``.

The search decides nothing statistically: it proposes instances.  Confirmation (long runs,
n ≥ 10^6, ≥ 20 replications, seeds recorded) and the tests are done by
``clickbound violations`` (:mod:`clickbound.report.cmd_violations`), which uses the report's one
statistics implementation.  Randomness: one root seed; ``SeedSequence(seed).spawn`` gives the
instance sampler, the local search and the simulation seed (:func:`streams`).
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import numpy as np

from clickbound import stats as st
from clickbound.bounds import cascade as bc
from clickbound.bounds import dcm as bd
from clickbound.bounds import depth as bdp
from clickbound.bounds import single_arm as bs
from clickbound.sim import envs
from clickbound.sim.engine import simulate

#: attraction / click-rate grid (distinct values are drawn: tied optimal items make DCM/cascade bounds +∞)
W_GRID = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
#: termination (DCM v̄) and examination (PBM κ, depth P) grid
V_GRID = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
#: exploration parameters searched for UCB1 (α > 1, UCB1-SUM) and OD-UCB (α > 1/2; repaired α > 1)
UCB1_ALPHAS = (1.1, 1.5, 2.0, 4.0, 8.0, 16.0)
OD_ALPHAS = (0.51, 0.6, 0.75, 1.0, 1.5, 2.0)
OD_ALPHAS_REPAIRED = (1.01, 1.1, 1.5, 2.0, 4.0)
#: PBM-UCB: α = (1 + ε)/2 in the policy's parametrisation (``sim/policies/pbm.py``)
PBM_EPS = (0.0, 0.2, 1.0)
#: B_LB grid (DCM-T3 and the cascade lower bound)
BLB_P = (0.1, 0.2, 0.3, 0.5, 0.7, 0.9)
BLB_DELTA = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5)
#: largest problem the search visits (L ≤ 5, K ≤ 3)
L_MAX, K_MAX = 5, 3
#: finite-time bounds are compared from this round on (the first rounds show every item)
N_MIN = 100


@dataclass(frozen=True)
class SearchSize:
    """Explicit sizes of one search (the CI profile uses a few seconds' worth)."""

    grid: int = 40
    n: int = 100_000
    runs: int = 4
    starts: int = 2
    local_steps: int = 20
    seed: int = 0

    def cost(self) -> int:
        """Simulated rounds, the unit of the search's size (an upper bound: memo hits are free)."""
        return (self.grid + self.starts * self.local_steps) * self.n * self.runs


@dataclass(frozen=True)
class Target:
    """A bound, the policy it is about, the model and how instances are drawn and moved."""

    name: str
    theorem_id: str
    policy: str
    model: str
    kind: str  # "upper" | "lower"
    sample: Callable[[np.random.Generator], dict]
    neighbour: Callable[[dict, np.random.Generator], dict | None]
    bound: Callable[[dict, int], object]  # (instance, n) -> BoundResult
    quantity: int = 0  # 0: the model's pseudo-regret; i ≥ 1: DCM-P1's cascade regret R_i
    about: str = ""
    #: ``(instance, n, runs, seed) -> (checkpoints, runs × checkpoints)`` for a target the engine does not run
    #: (e.g. DBGD's dueling regret, :mod:`clickbound.sim.violations_lecture`); None: :func:`simulate_target`'s own
    runner: Callable | None = None

    def env(self, inst: dict):
        return make_env(self.model, inst)

    def policy_params(self, inst: dict) -> dict:
        return dict(inst.get("policy_params", {}))

    def K(self, inst: dict) -> int | None:
        return inst.get("K")


def make_env(model: str, inst: dict):
    if model == "dcm":
        return envs.DCM(w=inst["w"], v=inst["v"])
    if model == "cascade":
        return envs.Cascade(w=inst["w"])
    if model == "pbm":
        return envs.PBM(theta=inst["w"], kappa=inst["v"])
    if model == "depth":
        return envs.Depth(theta=inst["w"], P=inst["v"])
    raise ValueError(f"unknown model {model!r}")


# ------------------------------------------------------------------ instance grids and moves


def _distinct(rng, L) -> list[float]:
    return sorted((float(x) for x in rng.choice(W_GRID, size=L, replace=False)), reverse=True)


def _nonincreasing(rng, K, first_one=False) -> list[float]:
    v = sorted((float(x) for x in rng.choice(V_GRID, size=K, replace=True)), reverse=True)
    if first_one:
        v[0] = 1.0
    return v


def _step(grid, x, rng) -> float:
    i = grid.index(x) if x in grid else int(np.argmin([abs(g - x) for g in grid]))
    j = min(max(i + (1 if rng.random() < 0.5 else -1), 0), len(grid) - 1)
    return float(grid[j])


def _move(inst: dict, rng, keys=("w", "v"), first_one=False) -> dict | None:
    """Move one coordinate of ``w`` or ``v`` to a neighbouring grid value; None if it breaks the rules."""
    out = json.loads(json.dumps(inst))
    key = keys[int(rng.integers(len(keys)))]
    if key not in out or not out[key]:
        return None
    vec = out[key]
    j = int(rng.integers(len(vec)))
    if key == "w":
        vec[j] = _step(W_GRID, vec[j], rng)
        if len(set(vec)) < len(vec):
            return None
        out["w"] = sorted(vec, reverse=True)
    else:
        if first_one and j == 0:
            return None
        vec[j] = _step(V_GRID, vec[j], rng)
        if any(vec[k] < vec[k + 1] for k in range(len(vec) - 1)):
            return None
    return out


def _LK(rng, k_min=1, k_max=K_MAX, l_min=2):
    """``L`` in ``[l_min, L_MAX]``, ``K`` in ``[k_min, min(k_max, L)]`` (K = L included: order only)."""
    L = int(rng.integers(max(l_min, k_min), L_MAX + 1))
    K = int(rng.integers(k_min, min(k_max, L) + 1))
    return L, K


def _dcm_sampler(k_min=1, constant_v=False):
    def sample(rng):
        L, K = _LK(rng, k_min=k_min, l_min=k_min + 1)
        v = [float(rng.choice(V_GRID))] * K if constant_v else _nonincreasing(rng, K)
        return {"L": L, "K": K, "w": _distinct(rng, L), "v": v}
    return sample


def _dcm_move(constant_v=False):
    def move(inst, rng):
        if constant_v and rng.random() < 0.5:
            out = json.loads(json.dumps(inst))
            g = _step(V_GRID, out["v"][0], rng)
            out["v"] = [g] * out["K"]
            return out
        return _move(inst, rng, keys=("w",) if constant_v else ("w", "v"))
    return move


def _cascade_sampler(rng):
    L, K = _LK(rng)
    return {"L": L, "K": K, "w": _distinct(rng, L)}


def _bernoulli_sampler(alphas=None):
    def sample(rng):
        L = int(rng.integers(2, L_MAX + 1))
        inst = {"L": L, "K": 1, "w": _distinct(rng, L)}
        if alphas:
            inst["policy_params"] = {"alpha": float(rng.choice(alphas))}
        return inst
    return sample


def _alpha_move(alphas):
    def move(inst, rng):
        if alphas and rng.random() < 0.3:
            out = json.loads(json.dumps(inst))
            out["policy_params"]["alpha"] = _step(alphas, out["policy_params"]["alpha"], rng)
            return out
        return _move(inst, rng, keys=("w",))
    return move


def _depth_sampler(alphas, model="depth", eps_grid=None):
    def sample(rng):
        L, K = _LK(rng, l_min=2)
        inst = {"L": L, "K": K, "w": _distinct(rng, L), "v": _nonincreasing(rng, K, first_one=True)}
        if eps_grid is not None:
            eps = float(rng.choice(eps_grid))
            inst["eps"] = eps
            inst["policy_params"] = {"alpha": (1.0 + eps) / 2.0, "kappa": list(inst["v"])}
        else:
            inst["policy_params"] = {"alpha": float(rng.choice(alphas))}
        return inst
    return sample


def _depth_move(alphas, eps_grid=None):
    def move(inst, rng):
        out = json.loads(json.dumps(inst))
        if rng.random() < 0.25:
            if eps_grid is not None:
                out["eps"] = _step(eps_grid, out["eps"], rng)
                out["policy_params"]["alpha"] = (1.0 + out["eps"]) / 2.0
            else:
                out["policy_params"]["alpha"] = _step(alphas, out["policy_params"]["alpha"], rng)
            return out
        out = _move(out, rng, keys=("w", "v"), first_one=True)
        if out is not None and eps_grid is not None:
            out["policy_params"]["kappa"] = list(out["v"])
        return out
    return move


def _blb_sampler(model):
    def sample(rng):
        L, K = _LK(rng)
        p = float(rng.choice(BLB_P))
        d = float(rng.choice([x for x in BLB_DELTA if x < p] or [p / 2]))
        g = 1.0 if model == "cascade" else float(rng.choice(V_GRID))
        return _blb(L, K, p, d, g, model)
    return sample


def _blb(L, K, p, d, g, model):
    w = bd.blb_attractions(L, K, p, d).tolist()
    inst = {"L": L, "K": K, "w": w, "p": p, "delta": d, "gamma": g}
    if model == "dcm":
        inst["v"] = [g] * K
    return inst


def _blb_move(model):
    def move(inst, rng):
        p, d, g, L, K = inst["p"], inst["delta"], inst["gamma"], inst["L"], inst["K"]
        c = int(rng.integers(4 if model == "dcm" else 3))
        if c == 0:
            p = _step(BLB_P, p, rng)
        elif c == 1:
            d = _step(BLB_DELTA, d, rng)
        elif c == 2:
            L = min(max(L + (1 if rng.random() < 0.5 else -1), K + 1), L_MAX)
        else:
            g = _step(V_GRID, g, rng)
        if not 0 < d < p:
            return None
        return _blb(L, K, p, d, g, model)
    return move


# ------------------------------------------------------------------ the targets


def _targets() -> dict[str, Target]:
    out = []
    for i in (1, 2, 3):
        out.append(Target(
            f"DCM-P1[i={i}]", "DCM-P1", "dcmKL-UCB", "dcm", "upper", _dcm_sampler(k_min=i), _dcm_move(),
            lambda inst, n, i=i: bd.dcm_p1(inst["w"], i, n), quantity=i,
            about=f"cascade regret R_{i}(n) of dcmKL-UCB's first {i} positions on the DCM"))
    out += [
        Target("DCM-T1", "DCM-T1", "dcmKL-UCB", "dcm", "upper", _dcm_sampler(constant_v=True),
               _dcm_move(constant_v=True), lambda inst, n: bd.dcm_t1(inst["w"], inst["K"], inst["v"][0], n),
               about="dcmKL-UCB on a DCM with v̄ ≡ γ"),
        Target("DCM-T2", "DCM-T2", "dcmKL-UCB", "dcm", "upper", _dcm_sampler(), _dcm_move(),
               lambda inst, n: bd.dcm_t2(inst["w"], inst["v"], n),
               about="dcmKL-UCB on a DCM with non-increasing v̄"),
        Target("CASCADE-KLUCB", "CASCADE-KLUCB", "CascadeKL-UCB", "cascade", "upper", _cascade_sampler,
               _dcm_move(), lambda inst, n: bc.cascade_klucb_bound(inst["w"], inst["K"], n),
               about="CascadeKL-UCB on the cascade model"),
        Target("CASCADE-UCB1/kveton2015a-recalled", "CASCADE-UCB1/kveton2015a-recalled", "CascadeUCB1",
               "cascade", "upper", _cascade_sampler, _dcm_move(),
               lambda inst, n: bc.cascade_ucb1_kveton_recalled(inst["w"], inst["K"], n),
               about="CascadeUCB1 on the cascade model (constant recalled, not in the sources)"),
        Target("UCB1-BOUND/as-printed", "UCB1-BOUND/as-printed", "UCB1", "cascade", "upper",
               _bernoulli_sampler(UCB1_ALPHAS), _alpha_move(UCB1_ALPHAS),
               lambda inst, n: bs.ucb1_bound_as_printed(inst["w"], n, inst["policy_params"]["alpha"]),
               about="UCB1 (index μ̂ + sqrt(α log t/(2T))) on Bernoulli arms"),
        Target("UCB1-BOUND/corrected", "UCB1-BOUND/corrected", "UCB1", "cascade", "upper",
               _bernoulli_sampler(UCB1_ALPHAS), _alpha_move(UCB1_ALPHAS),
               lambda inst, n: bs.ucb1_bound_corrected(inst["w"], n, inst["policy_params"]["alpha"]),
               about="UCB1 (index μ̂ + sqrt(α log t/(2T))) on Bernoulli arms"),
        Target("KLUCB-ASYMP", "KLUCB-ASYMP", "KL-UCB", "cascade", "upper", _bernoulli_sampler(),
               _alpha_move(()), lambda inst, n: bs.klucb_asymptotic(inst["w"], n),
               about="KL-UCB on Bernoulli arms"),
        Target("OD-T1/as-printed", "OD-T1/as-printed", "OD-UCB", "depth", "upper",
               _depth_sampler(OD_ALPHAS), _depth_move(OD_ALPHAS),
               lambda inst, n: bdp.od_t1_bound(inst["w"], inst["v"], n, inst["policy_params"]["alpha"]),
               about="OD-UCB on the observable-depth model"),
        Target("OD-T1/repaired", "OD-T1/repaired", "OD-UCB", "depth", "upper",
               _depth_sampler(OD_ALPHAS_REPAIRED), _depth_move(OD_ALPHAS_REPAIRED),
               lambda inst, n: bdp.od_t1_bound(inst["w"], inst["v"], n, inst["policy_params"]["alpha"],
                                               repaired=True),
               about="OD-UCB on the observable-depth model, repaired Lemma 1 (α > 1)"),
        Target("PBM-UCB", "PBM-UCB", "PBM-UCB", "pbm", "upper", _depth_sampler((), "pbm", PBM_EPS),
               _depth_move((), PBM_EPS),
               lambda inst, n: bdp.pbm_ucb_bound(inst["w"], inst["v"], n, inst["eps"]),
               about="PBM-UCB (known κ, α = (1+ε)/2) on the PBM with κ_1 = 1"),
        # lower bounds: a policy the theorem covers (strongly consistent) beating the constant
        Target("DCM-T3 vs dcmKL-UCB", "DCM-T3", "dcmKL-UCB", "dcm", "lower", _blb_sampler("dcm"),
               _blb_move("dcm"),
               lambda inst, n: bd.dcm_t3(inst["L"], inst["K"], inst["p"], inst["delta"], inst["gamma"], n),
               about="dcmKL-UCB on B_LB(L, [K], p, Δ, γ)"),
        Target("DCM-T3 vs CascadeKL-UCB", "DCM-T3", "CascadeKL-UCB", "dcm", "lower", _blb_sampler("dcm"),
               _blb_move("dcm"),
               lambda inst, n: bd.dcm_t3(inst["L"], inst["K"], inst["p"], inst["delta"], inst["gamma"], n),
               about="CascadeKL-UCB (first-click records, unbiased on the DCM) on B_LB(L, [K], p, Δ, γ)"),
        Target("CASCADE-LB vs CascadeKL-UCB", "CASCADE-LB", "CascadeKL-UCB", "cascade", "lower",
               _blb_sampler("cascade"), _blb_move("cascade"),
               lambda inst, n: bc.cascade_lower_bound(inst["L"], inst["K"], inst["p"], inst["delta"], n),
               about="CascadeKL-UCB on the cascade B_LB(L, [K], p, Δ)"),
        Target("LAI-ROBBINS vs KL-UCB", "LAI-ROBBINS", "KL-UCB", "cascade", "lower", _bernoulli_sampler(),
               _alpha_move(()), lambda inst, n: bs.lai_robbins(inst["w"], n),
               about="KL-UCB on Bernoulli arms"),
    ]
    return {t.name: t for t in out}


TARGETS = _targets()
#: bounds of ``bounds/`` not searched, and why (the report lists them)
NOT_SEARCHED = {
    "CASCADE-UCB1/order": "no constant: the sources give only R(T) = O(L log T) (log_coefficient = nan). An O(·) "
                          "bound has no finite-n content: for every regret curve on n ≤ N there is a C with "
                          "R(n) ≤ C·L·log n there, so no finite search can violate it; only its rate is testable "
                          "(order_slope_test: the local growth exponent of R over the last two decades; the "
                          "constant of Kveton et al. 2015a Theorem 2, Σ_(e>K) 12/Δ_(e,K) log n + (π²/3)L, is "
                          "searched as CASCADE-UCB1/kveton2015a-recalled, recalled and not in the sources)",
    "DCM-FACT/as-printed": "not a theorem's bound: the Fact as printed chained literally (decided exactly "
                           "in lemmas/dcm/theorem3/lower_bound.py)",
}


# ------------------------------------------------------------------ evaluation


@dataclass
class Evaluation:
    """One instance simulated: regret per replication at the checkpoints, the bound there, the score."""

    instance: dict
    n: int
    runs: int
    seed: int
    checkpoints: np.ndarray
    regret: np.ndarray  # runs × checkpoints (the target's quantity)
    bound_value: np.ndarray  # known part at each checkpoint (nan where undefined)
    coefficient: float
    asymptotic: bool
    score: float
    value_ratio: float
    slope_ratio: float
    slope: float

    def summary(self) -> dict:
        return {"instance": self.instance, "n": self.n, "runs": self.runs, "seed": self.seed,
                "score": self.score, "value_ratio": self.value_ratio, "slope_ratio": self.slope_ratio,
                "slope": self.slope, "coefficient": self.coefficient,
                "mean_final": float(self.regret[:, -1].mean())}


def simulate_target(t: Target, inst: dict, n: int, runs: int, seed: int):
    """``(checkpoints, runs × checkpoints)`` of the target's quantity."""
    if t.runner is not None:
        return t.runner(inst, n, runs, seed)
    env = t.env(inst)
    if t.quantity:
        from clickbound.sim.violations_loop import run_with_cascade_regrets

        cps, _reg, casc = run_with_cascade_regrets(env, t.policy, n, runs, seed, t.policy_params(inst))
        return cps, casc[:, t.quantity - 1, :]
    res = simulate(env, t.policy, K=t.K(inst), n=n, runs=runs, seed=seed, policy_params=t.policy_params(inst))
    return res.checkpoints, res.regret


def bound_curve(t: Target, inst: dict, checkpoints) -> tuple[np.ndarray, float, bool]:
    """Known part of the bound at each checkpoint (nan where the bound needs a larger n), coefficient."""
    vals = []
    last = None
    for x in checkpoints:
        try:
            b = t.bound(inst, int(x))
        except ValueError:
            vals.append(math.nan)
            continue
        vals.append(float(b.value))
        last = b
    if last is None:
        raise ValueError(f"{t.name}: the bound is undefined at every checkpoint for {inst!r}")
    return np.array(vals), float(last.log_coefficient), bool(last.asymptotic)


def per_run_slopes(checkpoints, regret, decades: float = 1.0) -> np.ndarray:
    """Least-squares slope of each run's quantity on ``log n`` over the last ``decades`` of n."""
    n = np.asarray(checkpoints, float)
    mask = n >= n[-1] / 10.0 ** decades
    x = np.log(n[mask])
    xc = x - x.mean()
    Y = np.asarray(regret, float)[:, mask]
    return (Y - Y.mean(axis=1, keepdims=True)) @ xc / float(xc @ xc)


def bound_slope(checkpoints, bvals, coef: float, decades: float = 1.0) -> float:
    """Slope of the bound's known part on ``log n`` over the same window as :func:`per_run_slopes`.

    For ``c·(log n + 3 log log n) + b·log log n`` (DCM-P1/T1/T2, CascadeKL-UCB) this is
    ``c(1 + 3/log n) + b/log n`` on average over the window, not ``c``: the rate test compares the
    regret's slope with the slope of what the bound itself allows there.  Falls back to ``coef``
    where the known part is not finite over the window.
    """
    b = np.asarray(bvals, float)[None, :]
    if not np.all(np.isfinite(b[0, np.asarray(checkpoints, float) >= float(checkpoints[-1]) / 10.0 ** decades])):
        return float(coef)
    return float(per_run_slopes(checkpoints, b, decades)[0])


def score(t: Target, checkpoints, regret, bvals, coef, asymptotic) -> tuple[float, float, float, float]:
    """``(score, value ratio, slope ratio, mean slope)`` (module docstring)."""
    mean = regret.mean(axis=0)
    slope = float(per_run_slopes(checkpoints, regret).mean())
    if t.kind == "lower":
        sr = slope / coef if coef > 0 and math.isfinite(coef) else math.inf
        return sr, math.nan, sr, slope
    if math.isinf(coef) or (math.isnan(coef) and asymptotic):
        # a vacuous bound, or an asymptotic one without a log n coefficient; a finite-time bound that is not
        # of order log n (nan coefficient: Exp3, DBGD) is compared by its value below
        return math.inf, math.inf, math.inf, slope
    if asymptotic:
        vr = float(bvals[-1] / mean[-1]) if mean[-1] > 0 else math.inf
        bs_ = bound_slope(checkpoints, bvals, coef)
        sr = bs_ / slope if slope > 0 else math.inf
        return min(vr, sr), vr, sr, slope
    ok = (np.asarray(checkpoints) >= N_MIN) & (mean > 0) & np.isfinite(bvals)
    vr = float(np.min(bvals[ok] / mean[ok])) if ok.any() else math.inf
    return vr, vr, math.nan, slope


def evaluate(t: Target, inst: dict, n: int, runs: int, seed: int) -> Evaluation:
    cps, reg = simulate_target(t, inst, n, runs, seed)
    bvals, coef, asym = bound_curve(t, inst, cps)
    s, vr, sr, slope = score(t, cps, reg, bvals, coef, asym)
    return Evaluation(inst, n, runs, seed, cps, reg, bvals, coef, asym, s, vr, sr, slope)


# ------------------------------------------------------------------ the search


def streams(seed: int) -> tuple[np.random.Generator, np.random.Generator, int]:
    """``(instance sampler, local search, simulation seed)`` from one root seed."""
    a, b, c = np.random.SeedSequence(seed).spawn(3)
    return (np.random.Generator(np.random.PCG64(a)), np.random.Generator(np.random.PCG64(b)),
            int(c.generate_state(1, dtype=np.uint32)[0]))


@dataclass
class SearchResult:
    target: str
    theorem_id: str
    policy: str
    model: str
    kind: str
    size: dict
    evaluated: int
    best: dict  # Evaluation.summary() of the instance with the smallest score
    candidates: list = field(default_factory=list)  # summaries with score < 1
    trail: list = field(default_factory=list)  # every evaluated (instance key, score), for the record

    def as_dict(self) -> dict:
        return asdict(self)

    def picks(self, confirm_max: int) -> list[tuple[str, dict]]:
        """The instances to confirm: the closest, then distinct candidates, ``confirm_max`` at most."""
        out = [("closest", self.best["instance"])]
        seen = {_key(self.best["instance"])}
        for c in self.candidates:
            if len(out) >= confirm_max:
                break
            k = _key(c["instance"])
            if k not in seen:
                seen.add(k)
                out.append(("candidate", c["instance"]))
        return out

    def unconfirmed(self, picks) -> list[dict]:
        """The candidates :meth:`picks` left out."""
        picked = {_key(inst) for _, inst in picks}
        return [c for c in self.candidates if _key(c["instance"]) not in picked]


def _key(inst: dict) -> str:
    return json.dumps(inst, sort_keys=True)


def target_seed(seed: int, index: int) -> int:
    """The root seed of target ``index``: ``SeedSequence(seed).spawn`` (one per target)."""
    return int(np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1, dtype=np.uint32)[0])


def confirm_seed(tseed: int) -> int:
    """The seed of a target's confirmation runs, spawned from its root seed ``tseed``."""
    return int(np.random.SeedSequence(tseed, spawn_key=(1,)).generate_state(1, dtype=np.uint32)[0])


def search(t: Target, size: SearchSize, suspects=()) -> SearchResult:
    """Grid sample, then hill climbing from the best ``size.starts`` (module docstring).

    ``suspects``: instances to evaluate besides the grid's (e.g. where another bound about the same
    policy and model was violated: DCM-T1/T2 are derived from DCM-P1); they join the pool that the
    local search starts from.
    """
    rng_grid, rng_local, sim_seed = streams(size.seed)
    memo: dict[str, Evaluation] = {}

    def ev(inst):
        k = _key(inst)
        if k not in memo:
            try:
                memo[k] = evaluate(t, inst, size.n, size.runs, sim_seed)
            except ValueError:  # an instance the bound or the model rejects (e.g. an undefined gap)
                memo[k] = None
        return memo[k]

    pool = []
    for _ in range(size.grid):
        e = ev(t.sample(rng_grid))
        if e is not None:
            pool.append(e)
    for inst in suspects:
        e = ev(inst)
        if e is not None:
            pool.append(e)
    pool.sort(key=lambda e: e.score)
    for start in pool[: size.starts]:
        cur = start
        for _ in range(size.local_steps):
            nxt = t.neighbour(cur.instance, rng_local)
            if nxt is None:
                continue
            e = ev(nxt)
            if e is not None and e.score < cur.score:
                cur = e
    done = [e for e in memo.values() if e is not None]
    if not done:
        raise ValueError(f"{t.name}: no instance of the search could be evaluated")
    done.sort(key=lambda e: e.score)
    return SearchResult(t.name, t.theorem_id, t.policy, t.model, t.kind, asdict(size) | {"sim_seed": sim_seed},
                        len(done), done[0].summary(), [e.summary() for e in done if e.score < 1.0],
                        [(_key(e.instance), e.score) for e in done])


# ------------------------------------------------------------------ the rate of an order-only bound
#: CASCADE-UCB1/order's rate test: instances (the closest of the Kveton-constant search first), size, seed
ORDER_INSTANCES = ({"L": 3, "K": 1, "w": [0.7, 0.25, 0.05]}, {"L": 5, "K": 2, "w": [0.5, 0.4, 0.3, 0.2, 0.1]},
                   {"L": 4, "K": 3, "w": [0.9, 0.6, 0.3, 0.2]})
ORDER_N, ORDER_RUNS, ORDER_SEED = 1_000_000, 20, 20261122
#: local growth exponent tested against: R growing at least like n^A0 over the last two decades is rejected
ORDER_A0 = 0.25
ORDER_LEVEL = 0.05


def window_slopes(checkpoints, regret, lo: float, hi: float) -> np.ndarray:
    """Least-squares slope of each run's regret on ``log n`` over the checkpoints ``lo ≤ n ≤ hi``."""
    n = np.asarray(checkpoints, float)
    mask = (n >= lo) & (n <= hi)
    x = np.log(n[mask])
    xc = x - x.mean()
    Y = np.asarray(regret, float)[:, mask]
    return (Y - Y.mean(axis=1, keepdims=True)) @ xc / float(xc @ xc)


def order_slope_stats(checkpoints, regret, n: int, a0: float = ORDER_A0, level: float = ORDER_LEVEL,
                      m: int = 1) -> dict:
    """The rate test of an O(log n) bound on one instance (statistical, never a proof).

    Per run, the slopes ``s_prev``, ``s_last`` of R on ``log n`` over ``[n/100, n/10]`` and ``[n/10, n]``.
    If ``R ≍ c·n^a`` locally, ``s_last / s_prev = 10^a``; logarithmic growth has ``a → 0``.  H0: ``a ≥ a0``,
    i.e. ``E[s_last − 10^a0 s_prev] ≥ 0``; one-sided one-sample t-test of ``D = s_last − 10^a0 s_prev`` at
    ``level/m`` (Bonferroni over the ``m`` instances).  Rejecting H0 says R grows more slowly than ``n^a0``
    over these decades — necessary for O(log n), not sufficient.  Power: against ``a = 0`` with the observed
    ``s_prev`` (``E[D] = (1 − 10^a0) s_prev``) and the observed standard deviation of D (normal approximation).
    """
    prev = window_slopes(checkpoints, regret, n / 100, n / 10)
    last = window_slopes(checkpoints, regret, n / 10, n)
    D = last - 10 ** a0 * prev
    runs = D.size
    sd = float(D.std(ddof=1))
    se = sd / math.sqrt(runs)
    t = float(D.mean() / se) if se > 0 else math.copysign(math.inf, float(D.mean()))
    p = st.t_pvalues(float(D.mean()), se, runs - 1)[1]
    alpha = level / m
    eff = (1 - 10 ** a0) * float(prev.mean())
    power = st.normal_cdf(-eff / se - st.normal_quantile(1 - alpha)) if se > 0 else 1.0
    ratio = float(last.mean() / prev.mean()) if prev.mean() > 0 else math.inf
    return {"slope_prev_decade": float(prev.mean()), "slope_last_decade": float(last.mean()),
            "slope_ratio": ratio, "growth_exponent_estimate": math.log10(ratio) if 0 < ratio < math.inf else math.nan,
            "test": f"one-sided one-sample t-test of D = s_last − 10^{a0}·s_prev < 0 (H0: local growth exponent "
                    f"≥ {a0})", "level": level, "correction": f"Bonferroni over m = {m} instances",
            "t": t, "p_value": p, "rejects_H0": bool(p < alpha),
            "power": power, "power_text": f"power {power:.2f} against a = 0 at the observed s_prev and sd(D)",
            "status": "consistent-in-simulation" if p < alpha else "inconclusive",
            "per_run_slope_prev": prev.tolist(), "per_run_slope_last": last.tolist()}


def order_slope_test(instances=ORDER_INSTANCES, n: int = ORDER_N, runs: int = ORDER_RUNS,
                     seed: int = ORDER_SEED) -> dict:
    """CASCADE-UCB1/order's rate test: CascadeUCB1 on the cascade model at each instance (seed per instance
    ``SeedSequence(seed).spawn(len(instances))[i]``), :func:`order_slope_stats`, and the last-decade slope
    against the Kveton-constant coefficient ``Σ 12/Δ`` (the rate the recalled bound allows)."""
    rows = []
    seeds = [int(s.generate_state(1, dtype=np.uint32)[0]) for s in np.random.SeedSequence(seed).spawn(len(instances))]
    for inst, sd in zip(instances, seeds):
        res = simulate(envs.Cascade(w=inst["w"]), "CascadeUCB1", K=inst["K"], n=n, runs=runs, seed=sd)
        st = order_slope_stats(res.checkpoints, res.regret, n, m=len(instances))
        coef = bc.cascade_ucb1_kveton_recalled(inst["w"], inst["K"], n).log_coefficient
        rows.append({"instance": inst, "n": n, "runs": runs, "seed": sd, **st,
                     "kveton_recalled_log_coefficient": coef,
                     "last_decade_slope_over_kveton_coefficient": st["slope_last_decade"] / coef,
                     "mean_final_regret": float(res.regret[:, -1].mean())})
    return {"target": "CASCADE-UCB1/order", "policy": "CascadeUCB1", "model": "cascade",
            "why": NOT_SEARCHED["CASCADE-UCB1/order"], "root_seed": seed, "rows": rows}


def write_order_record(path) -> dict:
    """Run :func:`order_slope_test` and write it with its provenance (``python -m clickbound.sim.violations``)."""
    import datetime
    import hashlib
    import pathlib
    import time

    t0 = time.process_time()
    rec = order_slope_test()
    # an inconclusive instance is run ten times longer (same root seed + 1): a transient or a faster growth?
    again = [r["instance"] for r in rec["rows"] if r["status"] != "consistent-in-simulation"]
    if again:
        rec["extended"] = order_slope_test(again, n=10 * ORDER_N, seed=ORDER_SEED + 1)["rows"]
    rec["meta"] = {"written_utc": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "code_sha256 (sim/violations.py)": hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest(),
                   "numpy": np.__version__, "cpu_s": time.process_time() - t0,
                   "command": "python -m clickbound.sim.violations lemmas/data/cascade_ucb1_order_slope.json"}
    pathlib.Path(path).write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
    return rec


if __name__ == "__main__":  # pragma: no cover - the record's generator
    import sys

    write_order_record(sys.argv[1])
