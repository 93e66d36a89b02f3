"""Simulate a policy on a click model, or a TOML grid of jobs, and print the regret.

Examples::

    clickbound simulate --model dcm --w 0.2,0.2,0.2,0.2,0.05,0.05,0.05,0.05 --v 0.5,0.5,0.5,0.5 \\
        --policy dcmKL-UCB --n 100000 --runs 50 --seed 0
    clickbound simulate --model cascade --w 0.3 0.2 0.25 0.1 --K 2 --policy CascadeUCB1 --json
    clickbound simulate --grid experiments.toml --cache .cache/sim --scheduler tcp://host:8786
    clickbound simulate --list-policies      # every registered policy and the models it accepts

Runs go through :func:`clickbound.sim.runner.run_grid` (local processes by default, dask with
``--scheduler``); the table shows the mean cumulative pseudo-regret ± its standard error.
"""
from __future__ import annotations

import json
import sys

from clickbound.report.project_args import add_project_argument, project_of

#: model -> (item parameter, position parameter)
_PARAMS = {"cascade": ("w", None), "dcm": ("w", "v"), "pbm": ("theta", "kappa"), "depth": ("theta", "P"),
           "dueling": ("w", None)}


def _floats(values):
    if values is None:
        return None
    out = []
    for v in values:
        out += [float(x) for x in str(v).replace(",", " ").split()]
    return out


def add_arguments(p):
    p.add_argument("--list-policies", action="store_true",
                   help="list every registered policy with the click models it accepts (with --model: "
                        "those accepting it), and exit")
    p.add_argument("--grid", metavar="FILE.toml", help="run every [[job]] of a TOML grid instead of one job")
    p.add_argument("--model", choices=sorted(_PARAMS), help="click model")
    for name in ("w", "v", "theta", "kappa", "P"):
        p.add_argument(f"--{name}", nargs="+", metavar="X", help=f"model parameter {name} (commas or spaces)")
    p.add_argument("--features", metavar="JSON",
                   help="--model dueling: item features, an L x d JSON array (default: rows (w_e, 1))")
    p.add_argument("--policy", help="policy name, e.g. dcmKL-UCB (--list-policies lists them)")
    p.add_argument("--K", type=int, help="positions (fixed by v/kappa/P when the model has them)")
    p.add_argument("--n", type=int, default=10_000, help="rounds (default 10000)")
    p.add_argument("--runs", type=int, default=10, help="replications (default 10)")
    p.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                   help="policy parameter (repeatable), value parsed as JSON")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: all cores)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="dask.distributed scheduler address")
    p.add_argument("--cache", metavar="DIR", help="on-disk result cache (resumable)")
    p.add_argument("--out", metavar="FILE", help="write the results: .json (summary) or .npz (all arrays)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_project_argument(p)


def _single_job(args):
    from clickbound.sim.envs import from_spec
    from clickbound.sim.runner import Job

    if args.model is None or args.policy is None:
        raise ValueError("give --grid FILE.toml, or --model and --policy")
    item, pos = _PARAMS[args.model]
    spec = {"model": args.model, item: _floats(getattr(args, item))}
    if spec[item] is None:
        raise ValueError(f"model {args.model!r} needs --{item}")
    if pos is not None:
        spec[pos] = _floats(getattr(args, pos))
        if spec[pos] is None:
            raise ValueError(f"model {args.model!r} needs --{pos}")
    if getattr(args, "features", None) is not None:
        if args.model != "dueling":
            raise ValueError("--features belongs to --model dueling")
        spec["features"] = json.loads(args.features)
    extra = [n for n in ("w", "v", "theta", "kappa", "P") if n not in spec and getattr(args, n) is not None]
    if extra:
        raise ValueError(f"model {args.model!r} does not take --{', --'.join(extra)}")
    params = {}
    for kv in args.param:
        if "=" not in kv:
            raise ValueError(f"--param must be KEY=VALUE, got {kv!r}")
        k, v = kv.split("=", 1)
        params[k] = json.loads(v)
    env = from_spec(spec)
    return [Job.of(env, args.policy, n=args.n, runs=args.runs, K=args.K, seed=args.seed, policy_params=params)]


def summary(result) -> dict:
    return {"config": result.config, "checkpoints": result.checkpoints.tolist(),
            "mean_regret": result.mean().tolist(), "stderr": result.stderr().tolist()}


def list_policies(width: int | None = None, model: str | None = None) -> list[str]:
    """The lines of ``--list-policies``: each registered policy and the models it accepts (from the
    policy registry; with ``model``, those accepting it), then any policy module that failed to import."""
    from clickbound.report import termtable
    from clickbound.sim.policies.registry import import_errors, policies

    width = termtable.terminal_width(width)
    seen = model
    if model == "dueling":  # the dueling environment is a cascade with item features
        from clickbound.sim.envs_dueling import FeatureCascade

        seen = FeatureCascade.model
    pols = {k: c for k, c in policies().items() if model is None or seen in c.models}
    rows = [[name, ", ".join(cls.models)] for name, cls in sorted(pols.items(), key=lambda kv: kv[0].lower())]
    if rows:
        lines, _, _ = termtable.table(["policy", "models it accepts"], rows, width, minimum={"policy": 16})
        lines.append("")
    else:
        lines = []
    which = f" accepting --model {model}" + (f" (policies see model {seen!r})" if seen != model else "") if model else ""
    lines += termtable.wrap(f"{len(pols)} policies{which}; simulate takes --model "
                            f"{', '.join(sorted(_PARAMS))}", width)
    for mod, err in import_errors().items():
        lines += termtable.wrap(f"policy module {mod} failed to import: {err}", width)
    return lines


def run(args) -> int:
    project_of(args)  # a project's policies.py registers its policies before they are listed or named
    if args.list_policies:
        print("\n".join(list_policies(model=args.model)))
        return 0
    import numpy as np

    from clickbound.sim.runner import load_grid, run_grid

    jobs = load_grid(args.grid) if args.grid else _single_job(args)
    grid = run_grid(jobs, args.cache, workers=args.workers, scheduler=args.scheduler,
                    progress=not args.no_progress)
    sums = [summary(r) for r in grid.results]
    if args.out:
        if args.out.endswith(".npz"):
            arrays = {}
            for i, r in enumerate(grid.results):
                arrays[f"job{i}_checkpoints"] = r.checkpoints
                arrays[f"job{i}_regret"] = r.regret
            arrays["config"] = np.array(json.dumps([s["config"] for s in sums]))
            np.savez(args.out, **arrays)
        else:
            with open(args.out, "w") as f:
                json.dump(sums, f, indent=1)
    if args.json:
        json.dump(sums, sys.stdout, indent=1)
        print()
        return 0
    from clickbound.sim.envs import from_spec

    for s, r in zip(sums, grid.results):
        c = s["config"]
        env = from_spec(c["env"])
        print(f"{c['policy']} on {env.model} (L={env.L}, K={env.resolve_K(c['K'])}), "
              f"n={c['n']}, runs={c['runs']}, seed={c['seed']}")
        cps = r.checkpoints
        show = [i for i, t in enumerate(cps) if t == cps[-1] or str(t).strip("0") == "1"]
        print(f"  {'round':>10}  {'mean regret':>12}  {'stderr':>9}")
        for i in show:
            print(f"  {cps[i]:>10d}  {s['mean_regret'][i]:>12.3f}  {s['stderr'][i]:>9.3f}")
    print(f"({grid.computed} task(s) computed, {grid.cached} from cache)", file=sys.stderr)
    return 0
