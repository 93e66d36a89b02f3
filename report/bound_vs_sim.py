"""A closed-form bound against simulated regret, as a public API: :func:`compare_bound`.

``compare_bound(bound_fn, policy, env_family, n, runs, seed)`` simulates ``policy`` on an instance
of the click model ``env_family`` and decides, with the statistics the report and
``clickbound violations`` use (one implementation: :func:`clickbound.report.cmd_violations.confirm`
/ :func:`~clickbound.report.cmd_violations.decide`, :mod:`clickbound.stats`,
:mod:`clickbound.report.compare`), whether the regret contradicts the bound:

* a finite-time upper bound: one-sided t-tests of the mean regret against the bound at every
  checkpoint ``n ≥ 100``, Holm over the checkpoints;
* an asymptotic upper bound (``BoundResult.asymptotic``): the slope of ``R`` on ``log n`` over
  the last decade against the bound's, and ``R(n)`` against its known part, Holm over the two;
* a lower bound: the slope against its ``log n`` coefficient.

With ``search=`` (a :class:`clickbound.sim.violations.SearchSize` or its keyword dict) and an
``env_family`` that can draw instances, :func:`clickbound.sim.violations.search` first looks for
the instance closest to a violation, and that instance is the one confirmed.

``bound_fn(instance, n)`` returns a :class:`clickbound.bounds.result.BoundResult` (or a number: a
finite-time upper bound's value); ``instance`` is a dict such as ``{"w": [...], "K": 2}`` (``"v"``
for the DCM's termination probabilities, PBM's κ, the depth model's P).  :func:`target` builds the
:class:`clickbound.sim.violations.Target` a project's ``bounds.py`` lists in ``TARGETS`` for
``clickbound violations``.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from clickbound.bounds.result import BoundResult

MODELS = ("cascade", "dcm", "pbm", "depth")


def _as_bound(name: str, kind: str, fn: Callable) -> Callable:
    def bound(inst, n):
        b = fn(inst, n)
        if isinstance(b, BoundResult):
            return b
        v = float(b)
        if kind != "upper":
            raise ValueError(f"{name}: a lower bound must return a BoundResult with its log n coefficient")
        return BoundResult(theorem_id=name, source="user bound", kind="upper", n=int(n), value=v,
                           log_coefficient=math.nan, asymptotic=False)
    return bound


def target(name: str, bound_fn: Callable, policy: str, env_family, *, kind: str = "upper",
           instance: dict | None = None, about: str = ""):
    """A :class:`clickbound.sim.violations.Target` for ``bound_fn`` and ``policy``.

    ``env_family``: a model name (:data:`MODELS`; then the package's instance sampler and moves for
    that model, L ≤ 5 and K ≤ 3 on the search's grid) or a dict ``{"model": ..., "sample": rng ->
    instance, "neighbour": (instance, rng) -> instance | None}``; ``instance`` fixes the one instance
    (no search over instances).
    """
    from clickbound.sim import violations as sv

    if isinstance(env_family, str):
        model = env_family
        if model not in MODELS:
            raise ValueError(f"unknown model {model!r}; one of {MODELS}, or a dict with 'model', 'sample'")
        sample = {"cascade": sv._cascade_sampler, "dcm": sv._dcm_sampler()}.get(model)
        move = sv._dcm_move() if model in ("cascade", "dcm") else None
        if sample is None and instance is None:
            raise ValueError(f"no instance sampler for {model!r}: give instance= or a dict env_family")
    else:
        model, sample, move = env_family["model"], env_family.get("sample"), env_family.get("neighbour")
    if instance is not None:
        fixed = dict(instance)
        if "L" not in fixed:
            fixed["L"] = len(fixed["w"])
        sample, move = (lambda rng: dict(fixed)), (lambda inst, rng: None)
    if move is None:  # no local moves: the grid sample only
        def move(inst, rng):
            return None
    return sv.Target(name, name, policy, model, kind, sample, move, _as_bound(name, kind, bound_fn),
                     about=about or f"{policy} on the {model} model")


def compare_bound(bound_fn: Callable, policy: str, env_family, n: int, runs: int, seed: int = 0, *,
                  instance: dict | None = None, search=None, kind: str = "upper", name: str = "bound",
                  cache=None) -> dict:
    """Simulate and decide (module docstring); the statistics as the report records them (a JSON-able dict).

    Keys: ``status`` (``violated-in-simulation`` / ``consistent-in-simulation``), ``decision``
    (every test with its p-value, Holm), ``test``, ``level``, ``power_text``, ``checkpoints``,
    ``mean``, ``se``, ``bound``, ``score`` (bound / regret, < 1 where the regret passes it),
    ``instance``, ``n``, ``runs``, ``seed``, ``provenance``; with ``search``, ``search`` too.
    """
    from clickbound.report import cmd_violations as cv
    from clickbound.sim import violations as sv

    t = target(name, bound_fn, policy, env_family, kind=kind, instance=instance)
    searched = None
    if search is not None:
        size = search if isinstance(search, sv.SearchSize) else sv.SearchSize(**{"seed": seed, **dict(search)})
        res = sv.search(t, size)
        inst = res.best["instance"]
        searched = {"size": res.size, "evaluated": res.evaluated, "best": res.best,
                    "candidates": len(res.candidates)}
    elif instance is not None:
        inst = t.sample(None)
    else:
        raise ValueError("give instance= (one instance) or search= (look for the closest instance first)")
    out = cv.confirm(t, inst, n, runs, seed, cache)
    out["target"] = name
    out["policy"] = policy
    out["kind"] = kind
    if searched is not None:
        out["search"] = searched
    return cv._clean(out)
