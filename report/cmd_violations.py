"""Search every bound of ``bounds/`` for an instance where it fails, confirm with long runs, write the record.

Examples::

    clickbound violations                          # ci profile, every target -> out/violations.json
    clickbound violations --only DCM-T2 --merge out/violations.json   # update one target, keep the rest
    clickbound violations --project my_paper       # the project's own TARGETS -> my_paper/out/violations.json
    clickbound violations --profile full --update-package-record      # the committed record (git checkout only)

Where it writes: ``--out FILE``, else ``out/violations.json`` of the project (``--project`` or the
nearest ``project.toml``), else ``./out/violations.json``: never into the installed package.  The
package's committed record ``lemmas/data/violations.json`` (read by the VIOL/* claims and the
report) changes only with ``--update-package-record``, which is refused outside a git checkout of
clickbound and merges into that record (targets not searched are kept).  ``--merge FILE`` keeps
the other targets of ``FILE``; ``--only X`` without ``--merge`` writes a record of ``X`` alone and
says so.

For each target of :data:`clickbound.sim.violations.TARGETS` (a bound and the policy it is
about): the search of :func:`clickbound.sim.violations.search` at the profile's size, then
confirmation runs of the closest instance and of every candidate (score < 1, at most
``confirm_max`` per target) at the profile's ``n`` and ``runs``, and the statistical decision
with the report's one implementation (:mod:`clickbound.stats`,
:mod:`clickbound.report.compare`):

* finite-time upper bound: one-sided one-sample t-test of the mean regret against the bound at
  every checkpoint ``n ≥ 100`` (claim "mean < bound"), Holm over the checkpoints;
* asymptotic upper bound: one-sided one-sample t-test of the per-run slopes of ``R`` on
  ``log n`` over the last decade against the slope of the bound's known part over the same
  window (:func:`clickbound.sim.violations.bound_slope`: the coefficient plus what its
  ``log log n`` terms add there; claim "slope < bound slope") and of
  the final regret against the known part (claim "R(n) < known part"), Holm over the two;
* lower bound: the slope test with claim "slope > coefficient".

Level :data:`clickbound.stats.ALPHA` (5 %); "contradicted" (Holm rejects an opposite-side
null) is recorded as ``violated-in-simulation``, anything else as ``consistent-in-simulation``
with the power of the test against a 10 % effect.  A finite-``n`` slope cannot refute a limit
statement by itself; the record says at which ``n`` and ``runs`` every verdict was decided.

The output (the package's record, ``lemmas/data/violations.json``, is the file the claims of
:mod:`clickbound.lemmas.studies.violations` and the report section read) carries the provenance: the
profile, every seed, the code version of the simulated policy (:func:`clickbound.sim.runner.code_version`)
and the SHA-256 of the search modules.
"""
from __future__ import annotations

import hashlib
import json
import math
import platform
import sys
import time
from pathlib import Path

import numpy as np

from clickbound.report.project_args import add_project_argument, project_of

#: search and confirmation sizes per profile (the "full" profile is the committed record)
PROFILES = {
    "ci": {"search": {"grid": 3, "n": 2_000, "runs": 2, "starts": 1, "local_steps": 2},
           "confirm": {"n": 5_000, "runs": 3}, "confirm_max": 1},
    "full": {"search": {"grid": 20, "n": 100_000, "runs": 4, "starts": 2, "local_steps": 10},
             "confirm": {"n": 1_000_000, "runs": 20}, "confirm_max": 2},
}
#: the package's committed record (written only with --update-package-record)
PACKAGE_RECORD = Path(__file__).resolve().parent.parent / "lemmas" / "data" / "violations.json"
_SEARCH_FILES = ("sim/violations.py", "sim/violations_loop.py", "report/cmd_violations.py")
_ROOT = Path(__file__).resolve().parent.parent


def add_arguments(p):
    p.add_argument("--profile", choices=sorted(PROFILES), default="ci",
                   help="search and confirmation sizes (default ci: seconds; full: the committed record)")
    p.add_argument("--seed", type=int, default=20260613, help="root seed of every search and run")
    p.add_argument("--only", action="append", default=None, metavar="TARGET",
                   help="search only this target (repeatable); default: all")
    p.add_argument("--out", default=None, metavar="FILE.json",
                   help="where to write the record (default out/violations.json of the project, else ./out/)")
    p.add_argument("--cache", default=None, metavar="DIR",
                   help="sim runner cache for the confirmation runs (default out/cache of the project, else "
                        "./out/cache; '' disables)")
    p.add_argument("--merge", default=None, metavar="FILE.json",
                   help="start from the record FILE: keep its other targets (update only the ones searched); "
                        "their violating instances are tried as suspects")
    p.add_argument("--update-package-record", action="store_true",
                   help="write the package's committed record lemmas/data/violations.json (merging into it); "
                        "only from a git checkout of clickbound")
    add_project_argument(p)
    p.add_argument("--confirm-max", type=int, default=None, metavar="N",
                   help="confirm at most N instances per target (the closest first, then every candidate "
                        "with ratio < 1 in order); default: the profile's; 0 = all")
    p.add_argument("--json", action="store_true", help="print the record as JSON")


def search_code_hash() -> str:
    h = hashlib.sha256()
    for f in _SEARCH_FILES:
        h.update(f.encode())
        h.update((_ROOT / f).read_bytes())
    return h.hexdigest()


def decide(t, cps, regret, bvals, coef, asymptotic):
    """The family of one-sided tests of the module docstring, decided by Holm at 5 %."""
    import dataclasses

    from clickbound.lemmas.studies.violations import test_text
    from clickbound.report import compare as cmp
    from clickbound import stats as st

    cps = np.asarray(cps)
    text = test_text(t.kind, asymptotic)
    if t.kind == "lower" or asymptotic:
        from clickbound.sim.violations import bound_slope

        slope = cmp.log_slope(cps, regret, 1.0)
        comps = [dataclasses.replace(
            cmp.slope_comparison(slope, bound_slope(cps, bvals, coef) if t.kind == "upper" else coef, t.kind),
            test=text)]
        if t.kind == "upper":
            comps.append(st.one_sample(regret[:, -1], float(bvals[-1]), "less",
                                       f"known part at n = {int(cps[-1]):,}", text, what="mean R(n)"))
        return st.decide(comps)
    ok = (cps >= 100) & np.isfinite(bvals)
    return cmp.finite_decision(cps[ok], regret[:, ok], bvals[ok])


def _run(t, inst, n, runs, seed, cache):
    from clickbound.sim import violations as sv

    if t.quantity or not cache:
        return sv.simulate_target(t, inst, n, runs, seed)
    from clickbound.sim.runner import Job, run_grid

    job = Job.of(t.env(inst), t.policy, n=n, runs=runs, K=t.K(inst), seed=seed,
                 policy_params=t.policy_params(inst))
    res = run_grid([job], cache, workers=1, progress=False).results[0]
    return res.checkpoints, res.regret


def confirm(t, inst, n, runs, seed, cache=None, role="closest") -> dict:
    """Long runs of one instance, decided (module docstring); JSON-able."""
    from clickbound.sim import violations as sv
    from clickbound.sim.runner import code_version

    t0 = time.time()
    cps, reg = _run(t, inst, n, runs, seed, cache)
    bvals, coef, asym = sv.bound_curve(t, inst, cps)
    s, vr, sr, slope = sv.score(t, cps, reg, bvals, coef, asym)
    dec = decide(t, cps, reg, bvals, coef, asym)
    prev = cps <= cps[-1] / 10
    slopes_prev = (sv.per_run_slopes(cps[prev], reg[:, prev]).tolist()
                   if prev.sum() >= 3 else [])
    status = "violated-in-simulation" if dec.answer == "contradicted" else "consistent-in-simulation"
    return {
        "role": role, "instance": inst, "n": int(n), "runs": int(runs), "seed": int(seed),
        "status": status, "answer": dec.answer, "decision": dec.as_dict(),
        "test": dec.test, "level": dec.alpha, "power_text": dec.power_text,
        "score": s, "value_ratio": vr, "slope_ratio": sr, "slope": slope, "coefficient": coef,
        "bound_slope": sv.bound_slope(cps, bvals, coef) if t.kind == "upper" else coef,
        "asymptotic": asym, "checkpoints": [int(x) for x in cps],
        "mean": reg.mean(axis=0).tolist(), "se": (reg.std(axis=0, ddof=1) / math.sqrt(runs)).tolist(),
        "bound": [None if not math.isfinite(b) else float(b) for b in bvals],
        "final": reg[:, -1].tolist(), "slopes_last_decade": sv.per_run_slopes(cps, reg).tolist(),
        "slopes_previous_decade": slopes_prev,
        "provenance": {"policy_code_version": code_version(t.policy), "quantity": t.quantity or "regret",
                       "policy_params": t.policy_params(inst), "wall_s": time.time() - t0},
    }


def suspects_for(t, records) -> list[dict]:
    """Violating instances of other targets about the same policy and model that ``t`` accepts.

    Only between bounds of the same kind: a lower bound's instances are its own family (``B_LB``'s
    ``p``, ``Δ``), which an upper bound's violating instance does not carry."""
    out = []
    for r in records:
        if r["policy"] != t.policy or r["model"] != t.model or r["target"] == t.name:
            continue
        if r.get("kind", "upper") != t.kind:
            continue
        for c in r["confirmations"]:
            inst = {k: c["instance"][k] for k in ("L", "K", "w", "v") if k in c["instance"]}
            if c["status"] != "violated-in-simulation" or inst in out:
                continue
            if t.theorem_id == "DCM-T1" and len(set(inst.get("v", []))) != 1:
                continue  # DCM-T1 is about v̄ ≡ γ only
            out.append(inst)
    return out


def run_target(index: int, t, profile: str, seed: int, cache, suspects=(), confirm_max=None) -> dict:
    from clickbound.sim import violations as sv

    prof = dict(PROFILES[profile])
    if confirm_max is not None:
        prof["confirm_max"] = confirm_max if confirm_max > 0 else 10 ** 9
    tseed = sv.target_seed(seed, index)
    size = sv.SearchSize(**prof["search"], seed=tseed)
    t0 = time.time()
    res = sv.search(t, size, suspects)
    search_s = time.time() - t0
    picks = res.picks(prof["confirm_max"])
    conf_seed = sv.confirm_seed(tseed)
    confs = [confirm(t, inst, prof["confirm"]["n"], prof["confirm"]["runs"], conf_seed, cache, role)
             for role, inst in picks]
    violated = [c for c in confs if c["status"] == "violated-in-simulation"]
    finite = [c for c in confs if math.isfinite(c["score"])]
    closest = min(finite, key=lambda c: c["score"]) if finite else confs[0]
    return {
        "target": t.name, "theorem_id": t.theorem_id, "policy": t.policy, "model": t.model, "kind": t.kind,
        "about": t.about,
        "search": {"size": res.size, "rounds_simulated_at_most": size.cost() + len(suspects) * size.n * size.runs,
                   "evaluated": res.evaluated, "suspects": list(suspects),
                   "best": res.best, "candidates": len(res.candidates), "wall_s": search_s,
                   "target_seed": tseed},
        "confirmations": confs, "confirm_seed": conf_seed,
        "unconfirmed_candidates": res.unconfirmed(picks),
        "verdict": "violated-in-simulation" if violated else "consistent-in-simulation",
        "closest": {"instance": closest["instance"], "score": closest["score"],
                    "value_ratio": closest["value_ratio"], "slope_ratio": closest["slope_ratio"]},
    }


def build(profile: str, seed: int, only=None, cache=None, progress=None, previous=None,
          confirm_max=None, targets=None) -> dict:
    """Search and confirm every target (or ``only`` those); ``previous``: targets of an earlier record
    whose violating instances are tried as suspects (:func:`suspects_for`); ``targets``: name ->
    :class:`~clickbound.sim.violations.Target` (default: the package's, ``sim.violations.TARGETS``)."""
    from clickbound.sim import violations as sv

    targets = sv.TARGETS if targets is None else targets
    names = list(targets)
    if only:
        bad = [o for o in only if o not in targets]
        if bad:
            raise ValueError(f"unknown target(s) {bad}; known: {names}")
    t0 = time.time()
    out = {}
    for i, name in enumerate(names):
        if only and name not in only:
            continue
        done = list((previous or {}).values()) + list(out.values())
        out[name] = run_target(i, targets[name], profile, seed, cache,
                               suspects_for(targets[name], done), confirm_max)
        if progress:
            progress(f"{name}: {out[name]['verdict']} (closest score {out[name]['closest']['score']:.3g})")
    return {
        "meta": {"profile": profile, "sizes": PROFILES[profile], "confirm_max_override": confirm_max,
                 "seed": seed, "wall_s": time.time() - t0,
                 "search_code_sha256": search_code_hash(), "python": platform.python_version(),
                 "numpy": np.__version__, "written_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                 "grids": {"W": list(sv.W_GRID), "V": list(sv.V_GRID), "L_max": sv.L_MAX, "K_max": sv.K_MAX},
                 "not_searched": sv.NOT_SEARCHED},
        "targets": out,
    }


def _clean(x):
    if isinstance(x, float) and not math.isfinite(x):
        return "inf" if x > 0 else "-inf" if x < 0 else "nan"
    if isinstance(x, dict):
        return {str(k): _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    if isinstance(x, (np.floating, np.integer)):
        return _clean(x.item())
    return x


def in_git_checkout(root: Path = _ROOT) -> bool:
    """Whether ``root`` is the top of a git checkout of clickbound (not an installed copy)."""
    import subprocess

    if not (root / ".git").exists():
        return False
    try:
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], check=False,
                             capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return False
    return top.returncode == 0 and Path(top.stdout.strip()).resolve() == root.resolve()


def output_plan(args, project=None) -> tuple[Path, Path | None, str]:
    """``(file written, record merged into it or None, what the output holds)`` (module docstring)."""
    if args.update_package_record:
        if project is not None:
            raise ValueError("--update-package-record writes the package's own record: not with a project")
        if args.out not in (None, str(PACKAGE_RECORD)):
            raise ValueError("--update-package-record writes lemmas/data/violations.json: drop --out")
        if not in_git_checkout():
            raise ValueError(f"--update-package-record refused: {_ROOT} is not a git checkout of clickbound "
                             "(an installed package's data is not a record to rewrite); run it in a clone")
        base = Path(args.merge) if args.merge else PACKAGE_RECORD
        return PACKAGE_RECORD, base if base.is_file() else None, "the package's committed record (merged)"
    from clickbound.project import default_out_dir

    out = Path(args.out) if args.out else default_out_dir(project) / "violations.json"
    if out.resolve() == PACKAGE_RECORD.resolve():
        raise ValueError("refusing to write the package's committed record lemmas/data/violations.json "
                         "through --out; use --update-package-record (from a git checkout)")
    if args.merge:
        base = Path(args.merge)
        if not base.is_file():
            raise ValueError(f"--merge {base}: no such record")
        return out, base, f"the targets searched merged into {base}"
    what = (f"only the targets searched ({', '.join(args.only)}): no --merge, other targets not kept"
            if args.only else "every target")
    return out, None, what


def run(args) -> int:
    project = project_of(args)
    targets = None
    if project is not None:
        targets = project.targets()
        if not targets:
            raise ValueError(f"project {project.name!r} defines no TARGETS in bounds.py")
    out, base, what = output_plan(args, project)
    from clickbound.project import default_out_dir

    # the runner's cache goes beside the outputs (the project's out/, or ./out/), never into the package
    cache = (Path(args.cache) if args.cache else None) if args.cache is not None else default_out_dir(project) / "cache"
    old = json.loads(base.read_text()) if base is not None else None
    previous = old["targets"] if old is not None else None
    rec = build(args.profile, args.seed, args.only, cache,
                progress=lambda s: print(s, file=sys.stderr, flush=True), previous=previous,
                confirm_max=args.confirm_max, targets=targets)
    if project is not None:
        rec["meta"]["project"] = {"name": project.name, "root": str(project.root)}
        rec["meta"]["grids"] = None  # the project's targets draw their own instances
    if old is not None:
        old["targets"].update(_clean(rec["targets"]))
        old["meta"].setdefault("merged", []).append(_clean(rec["meta"]))
        rec = old
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".json.part")
    tmp.write_text(json.dumps(_clean(rec), indent=1, allow_nan=False))
    tmp.replace(out)
    if args.json:
        print(json.dumps(_clean(rec), indent=1, allow_nan=False))
    else:
        for name, r in rec["targets"].items():
            print(f"{name:40s} {r['verdict']:26s} closest score {r['closest']['score']}")
    print(f"wrote {out}: {what}", file=sys.stderr)
    return 0
