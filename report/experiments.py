"""Experiment sections as declarative specs, and their one generic compute function.

An :class:`Experiment` says *what* to run — the settings (each an environment
constructor, K, the bounds to compare), the policies, the sizes per profile, the
source's qualitative claims to test — and :func:`compute_experiment` runs it with
``sim.simulate`` and compares with ``report.compare``; every verdict — a bound comparison
or a qualitative claim — is a family of one-sided tests decided by :mod:`clickbound.stats`
(level ``stats.ALPHA``, Holm–Bonferroni over the family).  Every such verdict is judged in its own
scope (:class:`Scope`): the family is built over the settings the source's sentence speaks of only, a
claim of the source carries its words verbatim, a comparison the source does not make is shown apart as the
project's own finding, and a verdict on a synthetic stand-in says "… on the stand-in".  Rendering lives in
:mod:`clickbound.report.exp_render`.  Nothing here invents a number, and nothing degrades
silently: a module that cannot be imported is an error, never a placeholder.

Seeds: setting ``i`` of experiment ``E`` uses the seed
``SeedSequence([root, crc32(E.id), i]).generate_state(1)[0]``; every policy of a
setting gets the same seed (common random numbers across policies).
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import re
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from clickbound import stats as st
from clickbound.report.sections import PROFILES, ComputeContext, Section, register_section

#: two-sided level of every confidence interval in the experiment sections; the tests run at
#: 1 − LEVEL = stats.ALPHA
LEVEL = 1.0 - st.ALPHA

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
    experiment's list for this setting; ``source_n`` the experiment's ``source_n`` (when the
    source ran this setting at another horizon).
    """

    label: str
    params: Mapping[str, Any]
    make_env: Callable[[], Any]
    K: int | None = None
    bounds: tuple[BoundSpec, ...] = ()
    policy_params: Mapping[str, Mapping] = field(default_factory=dict)
    policies: tuple[str, ...] | None = None
    source_n: int | None = None
    #: the setting's stable name (the same at every profile), what a claim's ``settings=`` names;
    #: None: the label
    name: str | None = None

    @property
    def key(self) -> str:
        return self.name or self.label


# ------------------------------------------------------------ the scope of a verdict
#: where a claim comes from: a sentence of the source, or the project's own comparison
ORIGINS = ("source", "project")
#: the headings the two kinds of claim are shown under (tables, strips, the front page's matrix)
SOURCE_HEADING = "The source's claims, tested"
PROJECT_HEADING = "The project's own findings (not claims of the source)"
STAND_IN_SUFFIX = " on the stand-in"


def quote_found(source: str, quote: str) -> bool:
    """Whether ``quote`` stands verbatim in the source text ``source`` (any name
    :func:`clickbound.sources.resolve` accepts).  Runs of white space count as one space (the texts
    break lines inside sentences); an ellipsis "…" marks an elision: the pieces around it must stand
    in the text in this order, each verbatim."""
    from clickbound import sources

    def norm(t: str) -> str:
        return re.sub(r"\s+", " ", t).strip()

    text = norm(sources.text(source))
    pos = 0
    for piece in (norm(x) for x in quote.split("…")):
        if not piece:
            continue
        k = text.find(piece, pos)
        if k < 0:
            return False
        pos = k + len(piece)
    return True


def source_files(text: str) -> tuple[str, ...]:
    """The source files (``NNN_<hash>.txt``) named in an experiment's ``source`` text, in order."""
    return tuple(re.findall(r"\d{3}_[0-9a-f]+\.txt", text or ""))


@dataclass(frozen=True)
class Scope:
    """What a verdict speaks of — the rule every experimental verdict of the report follows.

    * ``settings``: the settings of the experiment the claim speaks of (their :attr:`Setting.key`;
      None: every setting).  The claim's family of tests is built over these settings only: the test
      sees nothing else (:func:`scoped_data`), so a setting the sentence does not speak of can never
      decide it — e.g. EXP-DCM-3c's "うまくいっている" is decided on the non-monotone v̄ setting only.
    * ``origin``: ``"source"`` — a sentence of the source, quoted verbatim in ``quote`` (tested against
      the text, :func:`quote_found`; ``reading`` says how the project turns it into a test when that
      is a choice); ``"project"`` — a comparison the source does not make: the project's own finding,
      shown under its own heading (:data:`PROJECT_HEADING`), never counted as a verdict on the source,
      and never "contradicted" *as a claim of the source*.
    * ``stand_in``: the verdict comes from a synthetic stand-in for the source's data or setting; its
      status reads "… on the stand-in" wherever it is shown, and summaries count it apart.

    A source claim without a quote and an unknown origin are ``ValueError`` here; unknown setting names
    are a ``ValueError`` when the :class:`Experiment` is defined.
    """

    origin: str = "source"
    quote: str = ""
    stand_in: bool = False
    settings: tuple[str, ...] | None = None
    reading: str = ""
    #: the source file the quote is from (filled from :attr:`Experiment.source` when empty)
    source: str = ""

    def __post_init__(self):
        if self.origin not in ORIGINS:
            raise ValueError(f"origin must be one of {ORIGINS}, got {self.origin!r}")
        if self.origin == "source" and not self.quote.strip():
            raise ValueError("a claim of the source needs the source's sentence, quoted verbatim (quote=...)")
        if self.settings is not None:
            if isinstance(self.settings, str) or not self.settings:
                raise ValueError(f"settings must be a non-empty tuple of setting names, got {self.settings!r}")
            object.__setattr__(self, "settings", tuple(self.settings))

    def status(self, answer: str) -> str:
        """The short status shown for a test's ``answer``."""
        s = answer + (STAND_IN_SUFFIX if self.stand_in else "")
        return f"project's finding: {s}" if self.origin == "project" else s

    def apply(self, row: dict, settings: list[str] | None = None) -> dict:
        """``row`` (a :func:`clickbound.stats.verdict_row` dict with ``claim``) with its scope: ``origin``,
        ``stand_in``, ``settings`` (the labels of the settings it was decided on), ``quote``,
        ``source_file``, ``reading``, ``status``; on a stand-in the verdict text says so."""
        out = dict(row)
        answer = out.get("answer", "inconclusive")
        verdict = str(out.get("verdict", answer))
        if self.stand_in and STAND_IN_SUFFIX not in verdict:
            head = answer if verdict.startswith(answer) else ""
            verdict = head + STAND_IN_SUFFIX + verdict[len(head):] if head else verdict + STAND_IN_SUFFIX
        out.update(verdict=verdict, origin=self.origin, stand_in=bool(self.stand_in),
                   settings=list(settings) if settings is not None else
                   (list(self.settings) if self.settings is not None else None),
                   quote=self.quote, source_file=self.source, reading=self.reading,
                   status=self.status(answer))
        return out


def scoped_data(data: dict, settings: tuple[str, ...] | None) -> dict:
    """``data`` with only the named settings (the family of a claim is built over them alone)."""
    if settings is None:
        return data
    keep = [s for s in data["settings"] if s.get("name", s["label"]) in settings]
    found = {s.get("name", s["label"]) for s in keep}
    if found != set(settings):
        raise ValueError(f"{data.get('id')}: settings {sorted(set(settings) - found)} not in the data")
    return {**data, "settings": keep}


def is_project(row: dict) -> bool:
    """Whether a verdict row is the project's own finding (rows written before the rule count as the source's)."""
    return row.get("origin", "source") == "project"


def split_rows(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """``(the source's claims, the project's findings)``, each in its order."""
    return [r for r in rows if not is_project(r)], [r for r in rows if is_project(r)]


def status_of(row: dict) -> str:
    """A row's status as shown (rows written before the rule: the answer)."""
    return row.get("status") or row.get("answer", "inconclusive")


@dataclass(frozen=True)
class Qualitative:
    """A claim about the experiment: ``test(data) -> row``, with its :class:`Scope`.

    ``row`` is :func:`clickbound.stats.verdict_row`'s dict: ``answer`` ("reproduced",
    "contradicted" or "inconclusive"), the verdict text, the test, its level, the correction,
    n and runs (and the source's n), the numbers.  ``data`` is the section's computed data
    restricted to ``settings`` (so the test reads exactly the numbers shown, and only those of
    the settings the claim speaks of).  ``settings``, ``origin``, ``quote``, ``stand_in`` and
    ``reading`` are the claim's :class:`Scope` (the rule, documented there).
    """

    text: str
    test: Callable[[dict], tuple[str, str]]
    settings: tuple[str, ...] | None = None
    origin: str = "source"
    quote: str = ""
    stand_in: bool = False
    reading: str = ""
    source: str = ""

    def __post_init__(self):
        object.__setattr__(self, "settings", self.scope.settings)

    @property
    def scope(self) -> Scope:
        return Scope(origin=self.origin, quote=self.quote, stand_in=self.stand_in, settings=self.settings,
                     reading=self.reading, source=self.source)


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
    #: the horizon the source ran (None: the source ran no such experiment); a shorter run never
    #: contradicts the source; ``source_text`` says where the number comes from
    source_n: int | None = None
    source_text: str = ""

    def __post_init__(self):
        if "paper" not in self.sizes or not ({"dev", "quick"} & set(self.sizes)):
            raise ValueError(f"{self.id}: sizes must give 'paper' and 'dev', got {sorted(self.sizes)}")
        unknown = set(self.sizes) - set(PROFILES) - {"quick"}
        if unknown:
            raise ValueError(f"{self.id}: sizes for unknown profiles {sorted(unknown)}; known: {PROFILES}")
        files = source_files(self.source)
        quals = []
        for q in self.qualitative:
            if q.origin == "source" and not q.source:
                if not files:
                    raise ValueError(f"{self.id}: claim {q.text!r} quotes the source, but the experiment "
                                     "names no source file")
                q = dataclasses.replace(q, source=files[0])
            quals.append(q)
        object.__setattr__(self, "qualitative", tuple(quals))
        named = [q for q in self.qualitative if q.settings is not None]
        if named:
            for key in sorted(set(self.sizes)):
                keys = [s.key for s in self.settings(key)]
                if len(set(keys)) != len(keys):
                    raise ValueError(f"{self.id}: setting names repeat at profile {key!r}: {keys}")
                for q in named:
                    bad = sorted(set(q.settings) - set(keys))
                    if bad:
                        raise ValueError(f"{self.id}: claim {q.text!r} names unknown settings {bad} "
                                         f"(profile {key!r} has {keys})")


def profile_key(exp: Experiment, profile: str) -> str:
    """The key of ``exp.sizes`` (and the argument of ``exp.settings``) a profile runs.

    ``paper`` and ``dev`` are given by every experiment ("quick", the development profile's old
    name, is read as ``dev``); a profile of one experiment's own (``asymptotic``) runs the
    others at ``paper``.
    """
    if profile in exp.sizes:
        return profile
    if profile in ("dev", "quick"):
        return "dev" if "dev" in exp.sizes else "quick"
    return "paper"


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
    """Import what every experiment needs; an ImportError here is a broken installation and propagates."""
    import clickbound.bounds.result  # noqa: F401
    from clickbound import sim  # noqa: F401
    from clickbound.report import compare  # noqa: F401


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
                             "ratio": c.ratio, "how": "slope of R(n) on log n over the last decade",
                             **_decision_fields(c.decision)}
    else:
        fin = np.array(vals)
        if np.isnan(fin).any():  # compare only where the bound is defined
            keep = ~np.isnan(fin)
            n, regret, fin = n[keep], np.asarray(regret)[:, keep], fin[keep]
        c = compare.compare_finite(n, regret, fin, level=LEVEL)
        rec["comparison"] = {"verdict": c.verdict, "tightness": c.tightness, "max_excess": c.max_excess,
                             "first_violation_n": c.first_violation_n,
                             "how": "one-sided t-test against the bound at every checkpoint",
                             **_decision_fields(c.decision)}
    return rec


def _decision_fields(d: st.Decision) -> dict:
    return {"test": d.test, "level": d.alpha, "correction": d.correction, "power": d.power,
            "power_text": d.power_text, "decision": d.as_dict()}


def _run(ctx: ComputeContext, jobs: list, sizes: Sizes) -> tuple[list, dict]:
    """Simulate every ``(env, policy, setting, seed)`` through the sim runner (cache, dask)."""
    from clickbound.sim.runner import Job, run_grid

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


@dataclass
class Plan:
    """What :func:`compute_experiment` runs: the settings (unknown policies dropped), their
    environments and seeds, the ``(setting index, policy)`` keys and the sizes."""

    sizes: Sizes
    settings: list
    envs: list
    seeds: list
    keys: list
    missing: list

    def jobs(self) -> list:
        """``(env, policy, setting, seed)`` per key, in key order (what :func:`_run` takes)."""
        return [(self.envs[i], p, self.settings[i], self.seeds[i]) for i, p in self.keys]

    def runner_jobs(self) -> list:
        """The same as :class:`clickbound.sim.runner.Job` objects (what the cache is keyed by)."""
        from clickbound.sim.runner import Job

        return [Job.of(env, p, n=self.sizes.n, runs=self.sizes.runs, K=s.K, seed=seed,
                       policy_params=dict(s.policy_params.get(p, {})), counts=True)
                for env, p, s, seed in self.jobs()]


def plan(exp: Experiment, ctx: ComputeContext) -> Plan:
    """The simulations ``exp`` needs at ``ctx.profile`` (also used to prefetch every section's at once)."""
    _require()
    from clickbound import sim

    key = profile_key(exp, ctx.profile)
    sizes = exp.sizes[key]
    settings = exp.settings(key)
    known = set(sim.available_policies())
    missing = sorted({p for s in settings for p in (s.policies or exp.policies)} - known)
    settings = [dataclasses.replace(s, policies=tuple(p for p in (s.policies or exp.policies) if p in known),
                                    bounds=tuple(b for b in s.bounds if b.policy in known))
                for s in settings]
    envs = [s.make_env() for s in settings]
    seeds = [setting_seed(ctx.seed, exp.id, i) for i in range(len(settings))]
    keys = [(i, p) for i, s in enumerate(settings) for p in s.policies]
    return Plan(sizes, settings, envs, seeds, keys, missing)


def compute_experiment(exp: Experiment, ctx: ComputeContext) -> dict:
    """Run every (setting, policy) of ``exp`` at ``ctx.profile``'s sizes; compare with its bounds."""
    pl = plan(exp, ctx)
    sizes, settings, envs, seeds, keys, missing = pl.sizes, pl.settings, pl.envs, pl.seeds, pl.keys, pl.missing
    t0 = time.perf_counter()
    results, run_info = _run(ctx, pl.jobs(), sizes)
    by_key = dict(zip(keys, results))
    out_settings = []
    for i, s in enumerate(settings):
        res = {p: by_key[(i, p)] for p in s.policies}
        brecs = [bound_record(b, res[b.policy].checkpoints, res[b.policy].regret) for b in s.bounds]
        out_settings.append({"label": s.label, "name": s.key, "params": dict(s.params), "K": envs[i].resolve_K(s.K),
                             "L": envs[i].L, "seed": seeds[i],
                             "source_n": s.source_n if s.source_n is not None else exp.source_n,
                             "policies": {p: policy_record(r) for p, r in res.items()},
                             "bounds": brecs, "derived": exp.derive(s, res) if exp.derive else {}})
    run_info["sim_wall_s"] = round(time.perf_counter() - t0, 3)
    data = {"id": exp.id, "source": exp.source, "setting_text": exp.setting_text,
            "stand_in": exp.stand_in, "notes": list(exp.notes), "profile": ctx.profile,
            "missing_policies": missing, "run": run_info,
            "n": sizes.n, "runs": sizes.runs, "level": LEVEL, "alpha": st.ALPHA,
            "source_n": exp.source_n, "source_text": exp.source_text, "settings": out_settings}
    from clickbound.report.results import jsonable

    data = jsonable(data)
    data["qualitative"] = [jsonable(qualitative_row(q, data)) for q in exp.qualitative]
    data["verdict_strip"] = jsonable(verdict_strip(exp, data, pl, by_key))
    return data


def qualitative_row(q: Qualitative, data: dict) -> dict:
    """The verdict row of ``q``: its test run on the settings it speaks of only, with its scope."""
    view = scoped_data(data, q.settings)
    return q.scope.apply({"claim": q.text, **q.test(view)}, [s["label"] for s in view["settings"]])


def strip_label(q) -> str:
    """A claim's name in a verdict strip (a :class:`Qualitative` or a scoped row): the project's findings
    and stand-in verdicts say so."""
    get = q.get if isinstance(q, dict) else (lambda k, d=None: getattr(q, k, d))
    text = get("claim") if isinstance(q, dict) else q.text
    tags = (["project's finding"] if get("origin", "source") == "project" else []) + (
        ["stand-in"] if get("stand_in", False) else [])
    return f"[{', '.join(tags)}] {text}" if tags else text


# ------------------------------------------------------------ verdicts against n
#: the strip starts here: below it the slope tests have less than a decade of n to work with
STRIP_MIN_N = 1_000


def strip_checkpoints(checkpoints) -> list[int]:
    """Indices of the checkpoints the strip decides at: every other log-spaced checkpoint from
    :data:`STRIP_MIN_N` on (five per decade), always including the last (the reported verdict)."""
    cps = np.asarray(checkpoints)
    last = len(cps) - 1
    return sorted(j for j in range(last, -1, -2) if cps[j] >= STRIP_MIN_N) or [last]


def _memo(at):
    seen = {}

    def f(n):
        if n not in seen:
            try:
                seen[n] = at(n)
            except ValueError as exc:
                seen[n] = exc
        if isinstance(seen[n], ValueError):
            raise seen[n]
        return seen[n]
    return f


def verdict_strip(exp: Experiment, data: dict, pl: Plan, by_key: dict) -> dict:
    """Every qualitative claim decided again at earlier checkpoints, as if the run had stopped there.

    At checkpoint ``n_j`` each policy's per-replication regret at ``n_j`` stands in for the final
    regret, the bounds are compared on the checkpoints up to ``n_j`` and ``derive`` sees the
    runs cut at ``n_j``; the claim's own test (the same function, the same level and Holm family)
    then decides.  ``answers`` are the tests' own outcomes; ``reported`` what a verdict row would
    say at that n (a run shorter than the source's never says "contradicted").
    """
    from clickbound.report.results import jsonable
    from clickbound.sim.engine import Result

    if not exp.qualitative or not by_key:
        return {}
    cps = np.asarray(next(iter(by_key.values())).checkpoints)
    idx = strip_checkpoints(cps)
    bounds = [[dataclasses.replace(b, at=_memo(b.at)) for b in s.bounds] for s in pl.settings]
    claims = [{"claim": strip_label(q), "origin": q.origin, "stand_in": bool(q.stand_in),
               "answers": [], "reported": []} for q in exp.qualitative]
    for j in idx:
        sets = []
        for i, s in enumerate(pl.settings):
            cut = {p: Result(cps[:j + 1], by_key[(i, p)].regret[:, :j + 1], by_key[(i, p)].replications)
                   for p in s.policies}
            sets.append({"label": s.label, "name": s.key, "params": dict(s.params),
                         "source_n": data["settings"][i]["source_n"],
                         "policies": {p: {"final": r.regret[:, -1]} for p, r in cut.items()},
                         "bounds": [bound_record(b, cps[:j + 1], cut[b.policy].regret) for b in bounds[i]],
                         "derived": exp.derive(s, cut) if exp.derive else {}})
        d = {k: data[k] for k in ("id", "source_n", "source_text", "level", "alpha", "runs")}
        d.update(n=int(cps[j]), settings=jsonable(sets))
        for q, c in zip(exp.qualitative, claims):
            try:
                row = q.test(scoped_data(d, q.settings))
                c["answers"].append(row.get("decision", {}).get("answer", row["answer"]))
                c["reported"].append(row["answer"])
            except Exception as exc:  # noqa: BLE001 - a test that cannot run this early says so
                c["answers"].append(f"not decided ({type(exc).__name__})")
                c["reported"].append("not decided")
    sn = [x for x in [data.get("source_n")] + [s.get("source_n") for s in data["settings"]] if x is not None]
    return {"n": [int(cps[j]) for j in idx], "runs": int(data["runs"]),
            "source_n": max(sn) if sn else None, "claims": claims}


# ------------------------------------------------------------ qualitative tests
# Each returns a test(data) -> stats.verdict_row(...) built from one family of comparisons.


def _indices(data, setting) -> list[int]:
    return (list(range(len(data["settings"]))) if setting is None else
            [setting] if isinstance(setting, int) else list(setting))


def verdict(data: dict, decision: st.Decision, idx, note: str = "") -> dict:
    """The row of a decision over the settings ``idx``: with n, runs and the longest source n among them."""
    sn = [data["settings"][i].get("source_n") for i in idx]
    sn = [int(x) for x in sn if x is not None]
    return st.verdict_row(decision, int(data["n"]), int(data["runs"]), max(sn) if sn else None,
                          data.get("source_text", ""), note)


def _label(data, i, idx, text):
    return f"{data['settings'][i]['label']}: {text}" if len(idx) > 1 else text


def _ordering(policy: str, others, setting, claim: str):
    """Paired one-sided t-tests of ``policy``'s final regret against each other policy's (shared seeds)."""

    def test(data):
        idx = _indices(data, setting)
        comps, missing = [], []
        for i in idx:
            pol = data["settings"][i]["policies"]
            if policy not in pol:
                missing.append(f"{policy} was not run ({data['settings'][i]['label']})")
                continue
            for other in (others or [p for p in pol if p != policy]):
                if other not in pol:
                    missing.append(f"{other} was not run")
                    continue
                comps.append(st.paired(pol[policy]["final"], pol[other]["final"], claim,
                                       _label(data, i, idx, f"{policy} vs {other}"),
                                       what=f"R({policy}) − R({other})"))
        return verdict(data, st.decide(comps, missing=missing), idx)
    return test


def beats(policy: str, others: tuple[str, ...] | None = None, setting=None):
    """Qualitative test: ``policy``'s final regret is below each of ``others`` (default: all).

    One-sided paired t-test per pair (every policy of a setting runs on the same seeds),
    Holm over the pairs and settings.  ``setting``: one index, a tuple of indices, or None
    for every setting.
    """
    return _ordering(policy, others, setting, "less")


def best_policy(policy: str, setting: int | None = None):
    """Qualitative test: ``policy`` has the smallest final regret (paired tests vs every other policy)."""
    return _ordering(policy, None, setting, "less")


def worst_policy(policy: str, setting: int | None = None):
    """Qualitative test: ``policy`` has the largest final regret (paired tests vs every other policy)."""
    return _ordering(policy, None, setting, "greater")


def bound_verdicts(theorem_id: str):
    """Qualitative test: ``theorem_id`` is respected in every setting where it was compared.

    The family is every test the bound rows made (every checkpoint of a finite-time bound,
    the slope test of an asymptotic one) over every setting, decided together with Holm;
    a row without a test (no constant) makes the claim inconclusive.
    """

    def test(data):
        comps, missing, idx, rows = [], [], [], []
        for i, s in enumerate(data["settings"]):
            for b in s["bounds"]:
                if b["theorem_id"] != theorem_id:
                    continue
                c = b["comparison"]
                rows.append(f"{s['label']}: {c['verdict']}")
                if "decision" not in c:
                    missing.append(f"{s['label']}: not tested ({c.get('detail') or c['verdict']})")
                    continue
                idx.append(i)
                comps += [dataclasses.replace(st.Comparison.from_dict(x),
                                              label=f"{s['label']}, {x['label']}")
                          for x in c["decision"]["comparisons"]]
        if not rows:
            return st.undecided_row(f"{theorem_id} not compared", data["n"], data["runs"])
        return verdict(data, st.decide(comps, missing=missing), idx or range(len(data["settings"])),
                       note="each setting's own row: " + "; ".join(rows))
    return test


def ratio_about(num: str, den: str, factor: float, within: float, setting: int = 0):
    """Qualitative test: ``R(num)/R(den)`` at the final n is "about" ``factor``.

    "About" is read as within a factor ``within`` of ``factor`` (the caller states why): an
    equivalence test, two one-sided paired t-tests on the log ratio of the mean final regrets
    (delta method: per replication ``a_r/mean(a) − b_r/mean(b)``, shared seeds), "ratio >
    factor/within" and "ratio < factor·within", Holm over the two.
    """

    def test(data):
        pol = data["settings"][setting]["policies"]
        if num not in pol or den not in pol:
            return st.undecided_row(f"{num if num not in pol else den} was not run", data["n"], data["runs"])
        a, b = np.asarray(pol[num]["final"], float), np.asarray(pol[den]["final"], float)
        if not (a.mean() > 0 and b.mean() > 0):
            return st.undecided_row("a mean regret is not positive: no ratio", data["n"], data["runs"])
        z = a / a.mean() - b / b.mean()
        se, df = float(z.std(ddof=1) / math.sqrt(z.size)), z.size - 1
        lr = math.log(a.mean() / b.mean())
        lo, hi = factor / within, factor * within
        name = f"log(R({num})/R({den}))"
        kw = {"test": "one-sided paired t-test on the log ratio of mean final regrets (delta method)",
              "effect": math.log(within), "effect_text": f"ratio of exactly {factor:g}", "what": name}
        comps = [st.from_summary(f"ratio > {lo:.3g}", lr, se, df, math.log(lo), "greater", **kw),
                 st.from_summary(f"ratio < {hi:.3g}", lr, se, df, math.log(hi), "less", **kw)]
        h = float(_t(df)) * se
        note = (f"R({num})/R({den}) = {math.exp(lr):.3g} [{math.exp(lr - h):.3g}, {math.exp(lr + h):.3g}] "
                f"at n = {data['n']:,}; 'about {factor:g}' read as [{lo:.3g}, {hi:.3g}]")
        return verdict(data, st.decide(comps), [setting], note=note)
    return test


def _t(df: int) -> float:
    from scipy import stats

    return float(stats.t.ppf(0.5 + LEVEL / 2.0, df=df))


def monotone_in(param: str, policy: str, increasing: bool):
    """Qualitative test: ``policy``'s final regret moves with ``param`` when the other params are fixed.

    Every pair of settings adjacent in ``param`` (the other parameters equal) is one one-sided
    Welch t-test (settings use different seeds: independent samples) of the change
    ``mean R(later) − mean R(earlier)``, claimed ``> 0`` (increasing) or ``< 0`` (decreasing);
    Holm over the pairs.  The change is printed as measured, with its own sign.
    """

    def test(data):
        groups: dict[tuple, list] = {}
        for i, s in enumerate(data["settings"]):
            if param not in s["params"] or policy not in s["policies"]:
                continue
            key = tuple(sorted((k, str(v)) for k, v in s["params"].items() if k != param and k != "order"))
            groups.setdefault(key, []).append(i)
        comps, idx, ties = [], [], []
        claim = "greater" if increasing else "less"
        for members in groups.values():
            members = sorted(members, key=lambda i: data["settings"][i]["params"][param])
            for i0, i1 in itertools.pairwise(members):
                s0, s1 = data["settings"][i0], data["settings"][i1]
                if s0["params"][param] == s1["params"][param]:
                    ties.append(f"{s0['label']} and {s1['label']} share {param} = {s0['params'][param]}")
                    continue
                f0, f1 = s0["policies"][policy]["final"], s1["policies"][policy]["final"]
                comps.append(st.welch(
                    f1, f0, claim, f"{s0['label']} → {param} = {s1['params'][param]}: mean R(n) "
                                   f"{np.mean(f0):.4g} → {np.mean(f1):.4g}", what="change"))
                idx += [i0, i1]
        if not comps:
            return st.undecided_row(f"no pair of settings differs only in {param}", data["n"], data["runs"])
        note = ("not compared (equal " + param + "): " + "; ".join(ties)) if ties else ""
        return verdict(data, st.decide(comps), sorted(set(idx)), note=note)
    return test
