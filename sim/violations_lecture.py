"""Bound-violation search for the lecture's upper bounds (source 003; :mod:`clickbound.bounds.lecture`).

Source ``003_f899901a464da92a.txt``.  The search of :mod:`clickbound.sim.violations` (its :class:`Target`,
:func:`~clickbound.sim.violations.search`, :func:`~clickbound.sim.violations.evaluate` and
:func:`~clickbound.sim.violations.score`, its grids and moves) applied to the bounds added for the lecture:

* **EXP3-BOUND** (:func:`~clickbound.bounds.lecture.exp3_bound`, "В статье использовали Exp3 алгоритм для
  базовых бандитов (он adversarial)", line 155) for ``RankedExp3`` with ``K = 1`` — one Exp3 over the ``L``
  items, reward the click on the shown item, i.e. Exp3 on Bernoulli(w) arms.  Theorem 3.1 holds for every
  ``γ ∈ (0, 1]`` and every horizon ``t`` with ``g = t ≥ G_max``; so ``γ`` is part of the instance (a grid
  that contains the horizon-tuned values, Corollary 3.2: ``γ* ≈ 0.0068`` at ``n = 10^5``, ``0.0022`` at
  ``10^6`` for ``L = 5``) and the bound ``(e − 1)γt + L ln L/γ`` is compared at every checkpoint ``t``.
  The quantity is the pseudo-regret ``t·max w − E G(t)``, which is at most the weak regret
  ``E G_max(t) − E G(t)`` (``E G_max ≥ max_i E G_i``): a violation would be one of the theorem.
* **RBA-ONLINE/paper** (:func:`~clickbound.bounds.lecture.rba_shortfall_bound`; "G(T) = (1 - \\frac{1}{e})OPT -
  O(k\\sqrt{T\\log n})", line 134, and "O\\left(k\\sqrt{Tn\\log n}\\right)", line 459)
  for ``RBA-Exp3`` on user-intent populations (:class:`clickbound.sim.envs_intent.Intent`): the guarantee
  ``(1 − 1/e)·OPT − G(t) ≤ k·EXP3-BOUND(t, L, γ)`` is searched in its regret form
  ``R(t) = t f* − G(t) ≤ t f*/e + k·EXP3-BOUND(t, L, γ)`` (``f*`` the best fixed list's expected
  satisfaction, brute force; ``t f* ≤ E OPT`` of the realised users, so this form is implied by the
  theorem).  The shortfall itself is negative on most instances (no ratio); the regret form gives the
  tightness ratio ``(t f*/e + k·bound)/R(t)``, below 1 exactly when the shortfall passes the bound.
* **DBGD-BOUND** (:func:`~clickbound.bounds.lecture.dbgd_bound`, Yue & Joachims 2009 Theorem 2 as recalled)
  for DBGD (:func:`clickbound.sim.envs_dueling.simulate_dbgd`) on ranker balls with the strictly concave
  quadratic utility and the logistic link (every assumption of the theorem holds): ``d``, ``R``, ``a`` and
  ``‖w*‖/R`` on a grid.  The theorem's step sizes are tuned to the horizon ``T``, so the bound is compared
  at ``t = T`` only (``T`` is part of the instance: the search's ``n``, then the confirmation's).
* **RBA-ONLINE/lecture-new, lecture-old** (:func:`~clickbound.bounds.lecture.rba_lecture_shape`): shapes
  without a constant, not searched by value (see :data:`NOT_SEARCHED`); the confirmations of the RBA target
  record the constant they imply, ``max_t shortfall(t)/shape(t)``, for the reader.

**Confirmation and decision** (as :mod:`clickbound.report.cmd_violations` does it; ``sim`` may not import
``report``, so the test family is written out here with scipy and :mod:`clickbound.lemmas.studies.violations`
recomputes it from the record): the closest instance and up to ``confirm_max − 1`` candidates (ratio < 1)
are run at the profile's ``n`` and ``runs``; one-sided one-sample t-test of the mean quantity against
the bound at every checkpoint ``n ≥ 100`` where the bound is defined (H0 "mean ≤ bound"; violation:
rejected), Holm over the checkpoints at level 5 %.  Power: against a mean 10 % above the bound at the
checkpoint with the smallest ratio, at the strictest Holm level (normal approximation).

Randomness: one root seed; target ``i``'s seed is ``SeedSequence(seed, spawn_key=(i,))`` (as
``sim.violations.target_seed``), its search streams :func:`clickbound.sim.violations.streams`, its
confirmation seed ``SeedSequence(target seed, spawn_key=(1,))``.

The record: ``python -m clickbound.sim.violations_lecture --profile full lemmas/data/violations_lecture.json``.
"""
from __future__ import annotations

import json
import math

import numpy as np

from clickbound import stats as st
from clickbound.bounds import lecture as bl
from clickbound.sim import violations as sv

#: Exp3's γ (Theorem 3.1 holds for each; 0.002 and 0.005 are near Corollary 3.2's tuned γ at 10^6 and 10^5)
EXP3_GAMMAS = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)
#: intent populations: click-probability grid, intent weights (normalised), number of intents
P_GRID = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
PI_WEIGHTS = (1, 2, 3, 4, 5)
J_MAX = 4
#: DBGD: dimension, radius, curvature a of v(w) = −a‖w − w*‖², ‖w*‖/R
DBGD_D = (1, 2, 3, 5)
DBGD_R = (0.5, 1.0, 2.0, 4.0)
DBGD_A = (0.1, 0.3, 1.0, 3.0, 10.0)
DBGD_WFRAC = (0.0, 0.5, 0.8, 1.0)
#: level of every test (as clickbound.stats.ALPHA) and the effect the power is stated against
LEVEL = 0.05
EFFECT = 0.10
#: finite-time bounds are compared from this round on (as the existing search)
N_MIN = sv.N_MIN

PROFILES = {
    "ci": {"search": {"grid": 3, "n": 2_000, "runs": 2, "starts": 1, "local_steps": 2},
           "confirm": {"n": 5_000, "runs": 3}, "confirm_max": 1},
    "full": {"search": {"grid": 40, "n": 100_000, "runs": 4, "starts": 3, "local_steps": 16},
             "confirm": {"n": 1_000_000, "runs": 20}, "confirm_max": 2},
}
#: DBGD is a Python loop over rounds (all runs advance together): its search runs at this fraction of n
DBGD_SEARCH_FRACTION = {"ci": 1.0, "full": 0.5}

NOT_SEARCHED = {
    "RBA-ONLINE/lecture-new": "G(T) = (1 − 1/e)OPT − O(k sqrt(T log n)) (line 134): no constant, so no finite "
                              "search can violate it (for every curve on T ≤ N some C works). The RBA-Exp3 "
                              "confirmations record the constant it implies there, max_t shortfall(t) / "
                              "(k sqrt(t ln L)) (negative: the shortfall stays below 0).",
    "RBA-ONLINE/lecture-old": "(1 − 1/e)OPT − O(k sqrt(T n log n)) (line 459): as lecture-new, with the extra "
                              "sqrt(n) (n = L documents); the implied constant is recorded the same way.",
}


# ------------------------------------------------------------------ Exp3 on Bernoulli arms


def _exp3_sample(rng):
    L = int(rng.integers(2, sv.L_MAX + 1))
    return {"L": L, "K": 1, "w": sv._distinct(rng, L), "policy_params": {"gamma": float(rng.choice(EXP3_GAMMAS))}}


def _gamma_move(inner):
    def move(inst, rng):
        if rng.random() < 0.3:
            out = json.loads(json.dumps(inst))
            out["policy_params"]["gamma"] = sv._step(EXP3_GAMMAS, out["policy_params"]["gamma"], rng)
            return out
        return inner(inst, rng)
    return move


def exp3_bound_at(inst: dict, n: int):
    return bl.exp3_bound(n, inst["L"], gamma=inst["policy_params"]["gamma"])


# ------------------------------------------------------------------ RBA-Exp3 on intent populations


def intent_env(inst: dict):
    from clickbound.sim.envs_intent import Intent

    return Intent(inst["P"], inst["pi"])


def _with_intent_derived(inst: dict) -> dict:
    tot = float(sum(inst["pi_weights"]))
    inst["pi"] = [w / tot for w in inst["pi_weights"]]
    env = intent_env(inst)
    inst["f_opt"] = float(env.expected_reward(env.optimal_list(inst["K"])))
    return inst


def _intent_sample(rng):
    L, K = sv._LK(rng)
    J = int(rng.integers(2, J_MAX + 1))
    P = [[float(x) for x in rng.choice(P_GRID, size=L)] for _ in range(J)]
    inst = {"L": L, "K": K, "J": J, "P": P, "pi_weights": [int(x) for x in rng.choice(PI_WEIGHTS, size=J)],
            "policy_params": {"gamma": float(rng.choice(EXP3_GAMMAS))}}
    return _with_intent_derived(inst)


def _intent_move(inst, rng):
    out = json.loads(json.dumps(inst))
    u = rng.random()
    if u < 0.2:
        out["policy_params"]["gamma"] = sv._step(EXP3_GAMMAS, out["policy_params"]["gamma"], rng)
        return out
    if u < 0.4:
        j = int(rng.integers(out["J"]))
        out["pi_weights"][j] = int(sv._step(PI_WEIGHTS, out["pi_weights"][j], rng))
    else:
        j, d = int(rng.integers(out["J"])), int(rng.integers(out["L"]))
        out["P"][j][d] = sv._step(P_GRID, out["P"][j][d], rng)
    return _with_intent_derived(out)


class _Value:
    """A bound's value in the target's regret form (what :func:`clickbound.sim.violations.bound_curve` reads)."""

    def __init__(self, value, base):
        self.value, self.log_coefficient, self.asymptotic, self.base = value, base.log_coefficient, base.asymptotic, base


def rba_bound_at(inst: dict, n: int):
    """``n f*/e + k·EXP3-BOUND(n, L, γ)``: RBA-ONLINE/paper in regret form (module docstring)."""
    b = bl.rba_shortfall_bound(n, inst["K"], inst["L"], gamma=inst["policy_params"]["gamma"])
    return _Value(n * inst["f_opt"] / math.e + b.value, b)


# ------------------------------------------------------------------ DBGD on ranker balls


def dueling_env(inst: dict):
    from clickbound.sim.envs_dueling import Dueling

    w = np.zeros(inst["d"])
    w[0] = inst["w_frac"] * inst["R"]
    return Dueling(inst["d"], inst["R"], w_star=w, utility="quadratic", a=inst["a"])


def _dbgd_sampler(T: int):
    def sample(rng):
        return {"d": int(rng.choice(DBGD_D)), "R": float(rng.choice(DBGD_R)), "a": float(rng.choice(DBGD_A)),
                "w_frac": float(rng.choice(DBGD_WFRAC)), "T": int(T)}
    return sample


def _dbgd_move(inst, rng):
    out = dict(inst)
    key, grid = [("d", DBGD_D), ("R", DBGD_R), ("a", DBGD_A), ("w_frac", DBGD_WFRAC)][int(rng.integers(4))]
    out[key] = type(inst[key])(sv._step(grid, inst[key], rng))
    return out


def dbgd_runner(inst: dict, n: int, runs: int, seed: int):
    """DBGD's dueling regret Δ_t with the theorem's steps tuned to ``inst["T"]`` (which must be ``n``)."""
    from clickbound.sim.envs_dueling import simulate_dbgd

    if int(inst["T"]) != int(n):
        raise ValueError(f"the instance's horizon T = {inst['T']} differs from the run's n = {n}")
    res = simulate_dbgd(dueling_env(inst), n, runs=runs, seed=seed)
    return res.checkpoints, res.regret


def dbgd_bound_at(inst: dict, n: int):
    """DBGD-BOUND at ``n = T`` only (the steps are tuned to T); elsewhere ``ValueError`` (no bound there)."""
    if int(n) != int(inst["T"]):
        raise ValueError("DBGD-BOUND holds at the horizon its steps are tuned to")
    return bl.dbgd_bound(n, inst["d"], inst["R"], dueling_env(inst).lipschitz_eps())


# ------------------------------------------------------------------ targets


def targets(profile: str = "full") -> dict:
    """The searched targets; DBGD's instances carry the search horizon ``T`` of ``profile``."""
    T = dbgd_search_n(profile)
    out = [
        sv.Target("EXP3-BOUND", "EXP3-BOUND", "RankedExp3", "cascade", "upper", _exp3_sample,
                  _gamma_move(lambda inst, rng: sv._move(inst, rng, keys=("w",))), exp3_bound_at,
                  about="Exp3 (RankedExp3 with K = 1) on Bernoulli arms, γ on a grid"),
        sv.Target("RBA-ONLINE/paper", "RBA-ONLINE/paper", "RBA-Exp3", "intent", "upper", _intent_sample,
                  _intent_move, rba_bound_at, runner=_intent_runner("RBA-Exp3"),
                  about="RBA-Exp3 on user-intent populations (J ≤ 4, L ≤ 5, K ≤ 3), regret form "
                        "R(t) ≤ t f*/e + k·Exp3 bound"),
        sv.Target("DBGD-BOUND", "DBGD-BOUND", "DBGD", "dueling", "upper", _dbgd_sampler(T), _dbgd_move,
                  dbgd_bound_at, runner=dbgd_runner,
                  about="DBGD (Yue & Joachims' steps tuned to T) on a radius-R ball, v = −a‖w − w*‖², logistic link"),
    ]
    return {t.name: t for t in out}


def _intent_runner(policy):
    def run(inst, n, runs, seed):
        from clickbound.sim.engine import simulate

        res = simulate(intent_env(inst), policy, K=inst["K"], n=n, runs=runs, seed=seed,
                       policy_params=inst["policy_params"])
        return res.checkpoints, res.regret
    return run


def dbgd_search_n(profile: str) -> int:
    p = PROFILES[profile]
    return int(p["search"]["n"] * DBGD_SEARCH_FRACTION[profile])


# ------------------------------------------------------------------ decision


def decide_finite(checkpoints, regret, bvals, level=LEVEL) -> dict:
    """One-sided t-tests of H0 "mean ≤ bound" at every checkpoint ``n ≥ N_MIN`` with a bound; Holm."""
    cps = np.asarray(checkpoints)
    reg = np.asarray(regret, float)
    runs = reg.shape[0]
    mean = reg.mean(axis=0)
    se = reg.std(axis=0, ddof=1) / math.sqrt(runs)
    ok = np.flatnonzero((cps >= N_MIN) & np.isfinite(bvals))
    if ok.size == 0:
        raise ValueError("no checkpoint with a bound")
    tests = []
    for i in ok:
        d = mean[i] - bvals[i]
        p = st.t_pvalues(mean[i], se[i], runs - 1, bvals[i])[0]
        tests.append({"n": int(cps[i]), "mean": float(mean[i]), "se": float(se[i]), "bound": float(bvals[i]),
                      "p_violation": p})
    rej = st.holm([t["p_violation"] for t in tests], level)
    for t, r in zip(tests, rej):
        t["rejected"] = r
    # power against a mean 10 % above the bound where the ratio is smallest, at the strictest Holm level
    j = min(range(len(tests)), key=lambda k: tests[k]["bound"] / tests[k]["mean"] if tests[k]["mean"] > 0 else math.inf)
    tj = tests[j]
    crit = st.normal_quantile(1 - level / len(tests))
    power = 1.0 if tj["se"] == 0 else st.normal_cdf(EFFECT * tj["bound"] / tj["se"] - crit)
    return {"violated": any(rej), "tests": tests, "level": level, "m": len(tests),
            "power": power, "power_text": f"power {power:.2f} against a mean 10 % above the bound at n = "
                                          f"{tj['n']:,} (the smallest ratio), level {level}/{len(tests)} "
                                          "(normal approximation)"}


def confirm(t, inst, n, runs, seed, role="closest") -> dict:
    """Long runs of one instance, decided; the fields :mod:`clickbound.lemmas.studies.violations` reads."""
    import time

    t0 = time.process_time()
    if t.name == "DBGD-BOUND":
        inst = dict(inst, T=int(n))
    cps, reg = sv.simulate_target(t, inst, n, runs, seed)
    bvals, coef, asym = sv.bound_curve(t, inst, cps)
    s, vr, sr, slope = sv.score(t, cps, reg, bvals, coef, asym)
    dec = decide_finite(cps, reg, bvals)
    out = {
        "role": role, "instance": inst, "n": int(n), "runs": int(runs), "seed": int(seed),
        "status": "violated-in-simulation" if dec["violated"] else "consistent-in-simulation",
        "answer": "contradicted" if dec["violated"] else "not contradicted", "decision": dec,
        "test": ("one-sided one-sample t-test of the mean R(n) against the bound at every checkpoint n ≥ 100 "
                 "(violation: above it at some n); Holm over the checkpoints"),
        "level": LEVEL, "power_text": dec["power_text"], "score": s, "value_ratio": vr, "slope_ratio": sr,
        "slope": slope, "coefficient": coef, "bound_slope": coef, "asymptotic": asym,
        "checkpoints": [int(x) for x in cps], "mean": reg.mean(axis=0).tolist(),
        "se": (reg.std(axis=0, ddof=1) / math.sqrt(runs)).tolist(),
        "bound": [None if not math.isfinite(b) else float(b) for b in bvals],
        "final": reg[:, -1].tolist(), "slopes_last_decade": sv.per_run_slopes(cps, reg).tolist(),
        "provenance": {"quantity": "regret", "policy_params": t.policy_params(inst), "cpu_s": None},
    }
    if t.name == "RBA-ONLINE/paper":
        out["lecture_implied_constants"] = implied_constants(inst, cps, reg)
    out["provenance"]["cpu_s"] = time.process_time() - t0
    return out


def implied_constants(inst, cps, reg) -> dict:
    """``max_t mean shortfall(t) / shape(t)`` for the lecture's two shapes (t ≥ N_MIN), and at the last t."""
    cps = np.asarray(cps, float)
    short = reg.mean(axis=0) - cps * inst["f_opt"] / math.e  # (1 − 1/e) t f* − G(t) = R(t) − t f*/e
    ok = cps >= N_MIN
    out = {}
    for old in (False, True):
        shape = np.array([bl.rba_lecture_shape(int(x), inst["K"], inst["L"], old=old).value for x in cps[ok]])
        c = short[ok] / shape
        out["lecture-old" if old else "lecture-new"] = {"max_over_t": float(c.max()), "at_n": float(c[-1])}
    out["shortfall_at_n"] = float(short[-1])
    return out


# ------------------------------------------------------------------ the record


def run_target(index: int, t, profile: str, seed: int) -> dict:
    import time

    prof = PROFILES[profile]
    tseed = sv.target_seed(seed, index)
    sz = dict(prof["search"])
    if t.name == "DBGD-BOUND":
        sz["n"] = dbgd_search_n(profile)
    size = sv.SearchSize(**sz, seed=tseed)
    c0 = time.process_time()
    res = sv.search(t, size)
    search_cpu = time.process_time() - c0
    picks = res.picks(prof["confirm_max"])
    conf_seed = sv.confirm_seed(tseed)
    confs = [confirm(t, inst, prof["confirm"]["n"], prof["confirm"]["runs"], conf_seed, role)
             for role, inst in picks]
    violated = [c for c in confs if c["status"] == "violated-in-simulation"]
    closest = min(confs, key=lambda c: c["score"])
    return {
        "target": t.name, "theorem_id": t.theorem_id, "policy": t.policy, "model": t.model, "kind": t.kind,
        "about": t.about,
        "search": {"size": res.size, "rounds_simulated_at_most": size.cost(), "evaluated": res.evaluated,
                   "suspects": [], "best": res.best, "candidates": len(res.candidates), "cpu_s": search_cpu,
                   "target_seed": tseed, "trail": res.trail},
        "confirmations": confs, "confirm_seed": conf_seed,
        "unconfirmed_candidates": res.unconfirmed(picks),
        "verdict": "violated-in-simulation" if violated else "consistent-in-simulation",
        "closest": {"instance": closest["instance"], "score": closest["score"],
                    "value_ratio": closest["value_ratio"], "slope_ratio": closest["slope_ratio"]},
    }


def code_hash() -> str:
    import hashlib
    import pathlib

    h = hashlib.sha256()
    here = pathlib.Path(__file__).resolve().parent
    for f in ("violations_lecture.py", "violations.py"):
        h.update(f.encode())
        h.update((here / f).read_bytes())
    return h.hexdigest()


def build(profile: str = "full", seed: int = 20261122, only=None, progress=None) -> dict:
    import datetime
    import platform
    import time

    c0 = time.process_time()
    w0 = time.time()
    ts = targets(profile)
    out = {}
    for i, (name, t) in enumerate(ts.items()):
        if only and name not in only:
            continue
        out[name] = run_target(i, t, profile, seed)
        if progress:
            progress(f"{name}: {out[name]['verdict']} (closest ratio {out[name]['closest']['score']:.4g})")
    return {"meta": {"profile": profile, "sizes": PROFILES[profile],
                     "dbgd_search_n": dbgd_search_n(profile), "seed": seed,
                     "cpu_s": time.process_time() - c0, "wall_s": time.time() - w0,
                     "code_sha256 (sim/violations_lecture.py + sim/violations.py)": code_hash(),
                     "python": platform.python_version(), "numpy": np.__version__,
                     "written_utc": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                     "command": f"python -m clickbound.sim.violations_lecture --profile {profile} "
                                "lemmas/data/violations_lecture.json",
                     "grids": {"W": list(sv.W_GRID), "EXP3_GAMMAS": list(EXP3_GAMMAS), "P": list(P_GRID),
                               "PI_WEIGHTS": list(PI_WEIGHTS), "J_max": J_MAX, "L_max": sv.L_MAX,
                               "K_max": sv.K_MAX, "DBGD": {"d": list(DBGD_D), "R": list(DBGD_R),
                                                           "a": list(DBGD_A), "w_frac": list(DBGD_WFRAC)}},
                     "not_searched": NOT_SEARCHED},
            "targets": out}


def clean(x):
    """JSON without NaN/inf (stored as strings, as the existing record)."""
    if isinstance(x, float) and not math.isfinite(x):
        return "inf" if x > 0 else "-inf" if x < 0 else "nan"
    if isinstance(x, dict):
        return {str(k): clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    if isinstance(x, (np.floating, np.integer, np.bool_)):
        return clean(x.item())
    return x


def write(path, profile="full", seed=20261122, only=None) -> dict:
    import pathlib
    import sys

    rec = clean(build(profile, seed, only, progress=lambda s: print(s, file=sys.stderr, flush=True)))
    p = pathlib.Path(path)
    tmp = p.with_suffix(".json.part")
    tmp.write_text(json.dumps(rec, indent=1, allow_nan=False, ensure_ascii=False) + "\n")
    tmp.replace(p)
    return rec


if __name__ == "__main__":  # pragma: no cover - the record's generator
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="ci")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--only", action="append", default=None)
    a = ap.parse_args()
    write(a.out, a.profile, a.seed, a.only)
