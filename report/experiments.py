"""Experiment sections as declarative specs (SPEC §4), and their one generic compute function.

An :class:`Experiment` says *what* to run — the settings (each an environment
constructor, K, the bounds to compare), the policies, the sizes per profile, the
source's qualitative claims to test — and :func:`compute_experiment` runs it with
``sim.simulate`` and compares with ``report.compare``.  Rendering lives in
:mod:`clickbound.report.exp_render`.  Nothing here invents a number: a missing package makes
the section "not computed yet" (:class:`~clickbound.report.sections.NotReady`).

Seeds: setting ``i`` of experiment ``E`` uses the seed
``SeedSequence([root, crc32(E.id), i]).generate_state(1)[0]``; every policy of a
setting gets the same seed (common random numbers across policies).
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from clickbound.report.sections import ComputeContext, NotReady, Section, register_section

#: two-sided level of every confidence interval in the experiment sections
LEVEL = 0.95

_EXPERIMENTS: dict[str, Experiment] = {}


@dataclass(frozen=True)
class Sizes:
    n: int
    runs: int

    def __post_init__(self):
        if self.n < 100 or self.runs < 2:
            raise ValueError(f"sizes need n >= 100 and runs >= 2 (for CIs), got n={self.n}, runs={self.runs}")


@dataclass(frozen=True)
class BoundSpec:
    """A bound to compare with ``policy``'s regret: ``at(n)`` returns a ``bounds.result.BoundResult``."""

    policy: str
    at: Callable[[int], Any]


@dataclass(frozen=True)
class Setting:
    """One instance of an experiment's grid.

    ``params`` are shown in the settings table (and may be a figure's x axis);
    ``make_env`` builds the ``sim`` environment; ``policies`` overrides the
    experiment's list for this setting.
    """

    label: str
    params: Mapping[str, Any]
    make_env: Callable[[], Any]
    K: int | None = None
    bounds: tuple[BoundSpec, ...] = ()
    policy_params: Mapping[str, Mapping] = field(default_factory=dict)
    policies: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Qualitative:
    """A claim of the source about the experiment: ``test(data) -> (answer, detail)``.

    ``answer`` is "reproduced", "not reproduced" or "inconclusive"; ``data`` is the
    section's computed data (so the test reads exactly the numbers shown).
    """

    text: str
    test: Callable[[dict], tuple[str, str]]


@dataclass(frozen=True)
class Experiment:
    name: str
    id: str
    title: str
    source: str
    setting_text: str
    settings: Callable[[str], list[Setting]]
    policies: tuple[str, ...]
    sizes: Mapping[str, Sizes]
    qualitative: tuple[Qualitative, ...] = ()
    stand_in: str = ""
    order: int = 100
    grid_axis: str | None = None
    derive: Callable[[Setting, dict], dict] | None = None
    notes: tuple[str, ...] = ()
    extra_render: Callable[[dict, Any], list] | None = None

    def __post_init__(self):
        if set(self.sizes) != {"quick", "paper"}:
            raise ValueError(f"{self.id}: sizes must give 'quick' and 'paper', got {sorted(self.sizes)}")


def register_experiment(exp: Experiment) -> Experiment:
    from clickbound.report.exp_render import render_experiment

    _EXPERIMENTS[exp.name] = exp
    register_section(Section(name=exp.name, title=f"{exp.id}: {exp.title}", order=exp.order,
                             compute=partial(compute_experiment, exp),
                             render=partial(render_experiment, exp),
                             description=exp.setting_text, needs=("clickbound.sim", "clickbound.bounds", "clickbound.report.compare")))
    return exp


def experiment_sections() -> dict[str, Experiment]:
    from clickbound.report.sections import sections

    sections()  # loads every section module
    return dict(_EXPERIMENTS)


def setting_seed(root: int, exp_id: str, i: int) -> int:
    ss = np.random.SeedSequence([int(root), zlib.crc32(exp_id.encode()), int(i)])
    return int(ss.generate_state(1)[0])


def _require():
    try:
        import clickbound.bounds.result  # noqa: F401
        from clickbound import sim  # noqa: F401
        from clickbound.report import compare  # noqa: F401
    except ImportError as exc:
        raise NotReady(f"needs sim/bounds/report.compare ({exc})") from exc


def bound_record(bspec: BoundSpec, checkpoints, regret) -> dict:
    """Evaluate a bound at every checkpoint and compare it with the regret (report.compare)."""
    from clickbound.report import compare

    n = np.asarray(checkpoints)
    res_last = bspec.at(int(n[-1]))
    vals = []
    for x in n:
        try:
            vals.append(float(bspec.at(int(x)).value))
        except ValueError:  # e.g. a bound needing n >= 2 or 3: undefined there, not invented
            vals.append(math.nan)
    rec = {"theorem_id": res_last.theorem_id, "source": res_last.source, "kind": res_last.kind,
           "policy": bspec.policy, "asymptotic": bool(res_last.asymptotic),
           "log_coefficient": float(res_last.log_coefficient), "value_at_n": float(res_last.value),
           "omitted": list(res_last.omitted), "notes": list(res_last.notes), "values": vals}
    coef = float(res_last.log_coefficient)
    if res_last.asymptotic or res_last.kind == "lower":
        if math.isnan(coef):
            rec["comparison"] = {"verdict": "no constant", "detail": "the sources give no constant"}
            return rec
        c = compare.compare_asymptotic(n, regret, coef, res_last.kind, level=LEVEL)
        rec["comparison"] = {"verdict": c.verdict, "slope": c.slope.slope, "slope_lower": c.slope.lower,
                             "slope_upper": c.slope.upper, "window": list(c.slope.n_window),
                             "ratio": c.ratio, "how": "slope of R(n) on log n over the last decade"}
    else:
        fin = np.array(vals)
        if np.isnan(fin).any():  # compare only where the bound is defined
            keep = ~np.isnan(fin)
            n, regret, fin = n[keep], np.asarray(regret)[:, keep], fin[keep]
        c = compare.compare_finite(n, regret, fin, level=LEVEL)
        rec["comparison"] = {"verdict": c.verdict, "tightness": c.tightness, "max_excess": c.max_excess,
                             "first_violation_n": c.first_violation_n,
                             "how": "simultaneous band vs the bound at every checkpoint"}
    return rec


def _run(ctx: ComputeContext, jobs: list, sizes: Sizes) -> tuple[list, dict]:
    """Simulate every ``(env, policy, setting, seed)`` through the sim runner (cache, dask)."""
    try:
        from clickbound.sim.runner import Job, run_grid
    except ImportError:  # runner not there: the same simulations, uncached, in this process
        from clickbound import sim

        if ctx.scheduler:
            raise NotReady("--scheduler needs clickbound.sim.runner, which is not available")
        out = [sim.simulate(env, p, K=s.K, n=sizes.n, runs=sizes.runs, seed=seed,
                            policy_params=dict(s.policy_params.get(p, {})), counts=True)
               for env, p, s, seed in jobs]
        return out, {"runner": "sim.simulate (no cache)", "computed": len(jobs), "cached": 0}
    grid = [Job.of(env, p, n=sizes.n, runs=sizes.runs, K=s.K, seed=seed,
                   policy_params=dict(s.policy_params.get(p, {})), counts=True)
            for env, p, s, seed in jobs]
    gr = run_grid(grid, cache_dir=ctx.cache_dir, workers=ctx.workers, scheduler=ctx.scheduler,
                  progress=ctx.progress)
    return gr.results, {"runner": "clickbound.sim.runner.run_grid", "computed": gr.computed, "cached": gr.cached,
                        "cache_dir": str(ctx.cache_dir) if ctx.cache_dir else None}


def policy_record(res) -> dict:
    from clickbound.report import compare

    band = compare.confidence_band(res.checkpoints, res.regret, level=LEVEL, simultaneous=False)
    rec = {"checkpoints": res.checkpoints, "mean": band.mean, "lower": band.lower, "upper": band.upper,
           "final": res.regret[:, -1]}
    if res.counts is not None:
        rec["counts_mean"] = res.counts.mean(axis=0)
    return rec


def compute_experiment(exp: Experiment, ctx: ComputeContext) -> dict:
    """Run every (setting, policy) of ``exp`` at ``ctx.profile``'s sizes; compare with its bounds."""
    _require()
    from clickbound import sim

    sizes = exp.sizes[ctx.profile]
    try:
        settings = exp.settings(ctx.profile)
    except ImportError as exc:  # e.g. a bounds module not landed yet
        raise NotReady(f"needs {exc.name or exc}") from exc
    known = set(sim.available_policies())
    missing = sorted({p for s in settings for p in (s.policies or exp.policies)} - known)
    settings = [dataclasses.replace(s, policies=tuple(p for p in (s.policies or exp.policies) if p in known),
                                    bounds=tuple(b for b in s.bounds if b.policy in known))
                for s in settings]
    envs = [s.make_env() for s in settings]
    seeds = [setting_seed(ctx.seed, exp.id, i) for i in range(len(settings))]
    keys = [(i, p) for i, s in enumerate(settings) for p in s.policies]
    t0 = time.perf_counter()
    results, run_info = _run(ctx, [(envs[i], p, settings[i], seeds[i]) for i, p in keys], sizes)
    by_key = dict(zip(keys, results))
    out_settings = []
    for i, s in enumerate(settings):
        res = {p: by_key[(i, p)] for p in s.policies}
        brecs = [bound_record(b, res[b.policy].checkpoints, res[b.policy].regret) for b in s.bounds]
        out_settings.append({"label": s.label, "params": dict(s.params), "K": envs[i].resolve_K(s.K),
                             "L": envs[i].L, "seed": seeds[i],
                             "policies": {p: policy_record(r) for p, r in res.items()},
                             "bounds": brecs, "derived": exp.derive(s, res) if exp.derive else {}})
    run_info["sim_wall_s"] = round(time.perf_counter() - t0, 3)
    data = {"id": exp.id, "source": exp.source, "setting_text": exp.setting_text,
            "stand_in": exp.stand_in, "notes": list(exp.notes), "profile": ctx.profile,
            "missing_policies": missing, "run": run_info,
            "n": sizes.n, "runs": sizes.runs, "level": LEVEL, "settings": out_settings}
    from clickbound.report.results import jsonable

    data = jsonable(data)
    data["qualitative"] = [dict(zip(("claim", "answer", "detail"), (q.text, *q.test(data))))
                           for q in exp.qualitative]
    return data


# ------------------------------------------------------------ qualitative tests


def _t(df: int) -> float:
    from scipy import stats

    return float(stats.t.ppf(0.5 + LEVEL / 2.0, df=df))


def mean_ci(x) -> tuple[float, float, float]:
    x = np.asarray(x, dtype=float)
    m = float(x.mean())
    h = _t(x.size - 1) * float(x.std(ddof=1)) / math.sqrt(x.size)
    return m, m - h, m + h


def diff_ci(a, b, paired: bool) -> tuple[float, float, float]:
    """CI of mean(a) − mean(b): paired t (same seeds) or Welch-style normal-t with min df."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if paired:
        return mean_ci(a - b)
    d = a.mean() - b.mean()
    se = math.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size)
    h = _t(min(a.size, b.size) - 1) * se
    return float(d), float(d - h), float(d + h)


def beats(policy: str, others: tuple[str, ...] | None = None, setting=None):
    """Qualitative test: ``policy``'s final regret is below each of ``others`` (default: all).

    ``setting``: one index, a tuple of indices, or None for every setting.
    """

    def test(data):
        idx = (range(len(data["settings"])) if setting is None else
               [setting] if isinstance(setting, int) else list(setting))
        parts, answers = [], []
        for i in idx:
            pol = data["settings"][i]["policies"]
            if policy not in pol:
                return "inconclusive", f"{policy} was not run"
            for other in (others or [p for p in pol if p != policy]):
                if other not in pol:
                    answers.append("inconclusive")
                    parts.append(f"{other} was not run")
                    continue
                d, lo, hi = diff_ci(pol[policy]["final"], pol[other]["final"], paired=True)
                answers.append("reproduced" if hi < 0 else "not reproduced" if lo > 0 else "inconclusive")
                parts.append(f"R({policy}) − R({other}) = {d:.4g} [{lo:.4g}, {hi:.4g}]")
        return _combine(answers), "; ".join(parts)
    return test


def bound_verdicts(theorem_id: str, want: str = "consistent"):
    """Qualitative test: every setting's comparison with ``theorem_id`` has verdict ``want``."""

    def test(data):
        vs = [(s["label"], b["comparison"]["verdict"]) for s in data["settings"] for b in s["bounds"]
              if b["theorem_id"] == theorem_id]
        if not vs:
            return "inconclusive", f"{theorem_id} not compared"
        ans = ("reproduced" if all(v == want for _, v in vs) else
               "not reproduced" if any(v == "inconsistent" or v == "violated" for _, v in vs)
               else "inconclusive")
        return ans, "; ".join(f"{lab}: {v}" for lab, v in vs)
    return test


def best_policy(policy: str, setting: int | None = None):
    """Qualitative test: ``policy`` has the smallest final regret (paired CIs vs every other policy)."""
    return beats(policy, None, setting)


def worst_policy(policy: str, setting: int | None = None):
    """Qualitative test: ``policy`` has the largest final regret."""

    def test(data):
        idx = range(len(data["settings"])) if setting is None else [setting]
        parts, answers = [], []
        for i in idx:
            pol = data["settings"][i]["policies"]
            for other in pol:
                if other == policy:
                    continue
                d, lo, hi = diff_ci(pol[policy]["final"], pol[other]["final"], paired=True)
                answers.append("reproduced" if lo > 0 else "not reproduced" if hi < 0 else "inconclusive")
                parts.append(f"R({policy}) − R({other}) = {d:.4g} [{lo:.4g}, {hi:.4g}]")
        return _combine(answers), "; ".join(parts)
    return test


def ratio_about(num: str, den: str, factor: float, within: float, setting: int = 0):
    """Qualitative test: ``R(num)/R(den)`` at the final n is "about" ``factor``.

    "About" is read as within a factor ``within`` of ``factor`` (the caller states why);
    the ratio's CI comes from the delta method on the two means.
    """

    def test(data):
        pol = data["settings"][setting]["policies"]
        a, b = np.asarray(pol[num]["final"], float), np.asarray(pol[den]["final"], float)
        r = a.mean() / b.mean()
        rel = math.sqrt((a.std(ddof=1) / a.mean()) ** 2 / a.size + (b.std(ddof=1) / b.mean()) ** 2 / b.size)
        h = _t(min(a.size, b.size) - 1) * rel * r
        lo, hi = factor / within, factor * within
        ans = ("reproduced" if lo <= r - h and r + h <= hi else
               "not reproduced" if r + h < lo or r - h > hi else "inconclusive")
        return ans, (f"R({num})/R({den}) = {r:.3g} [{r - h:.3g}, {r + h:.3g}] at n = {data['n']:,}; "
                     f"'about {factor:g}' read as [{lo:.3g}, {hi:.3g}]")
    return test


def monotone_in(param: str, policy: str, increasing: bool):
    """Qualitative test: ``policy``'s final regret moves with ``param`` when the other params are fixed."""

    def test(data):
        groups: dict[tuple, list] = {}
        for s in data["settings"]:
            if param not in s["params"] or policy not in s["policies"]:
                continue
            key = tuple(sorted((k, v) for k, v in s["params"].items() if k != param and k != "order"))
            groups.setdefault(key, []).append(s)
        parts, answers = [], []
        for key, ss in groups.items():
            ss = sorted(ss, key=lambda s: s["params"][param])
            for s0, s1 in itertools.pairwise(ss):
                d, lo, hi = diff_ci(s1["policies"][policy]["final"], s0["policies"][policy]["final"],
                                    paired=False)
                if not increasing:
                    d, lo, hi = -d, -hi, -lo
                answers.append("reproduced" if lo > 0 else "not reproduced" if hi < 0 else "inconclusive")
                parts.append(f"{s0['label']} → {param}={s1['params'][param]}: change {d:+.4g} "
                             f"[{lo:+.4g}, {hi:+.4g}]")
        if not answers:
            return "inconclusive", f"no pair of settings differs only in {param}"
        return _combine(answers), "; ".join(parts)
    return test


def _combine(answers: list[str]) -> str:
    if not answers:
        return "inconclusive"
    if "not reproduced" in answers:
        return "not reproduced"
    return "reproduced" if all(a == "reproduced" for a in answers) else "inconclusive"
