"""EXP-LECT-K: does cascading-bandit regret fall as K grows? (source 003, lines 198 and 511)

Source ``003_f899901a464da92a.txt``: "константы уменьшаются при увеличении k" (line 198) and "из полученных
оценок следует, что регрет будет уменьшатсья при увеличении K" (line 511).  CAS-UB-K/as-printed refutes the
bound-level statement on ``w̄ = (0.9, 0.5, 0.49, 0.1)``; CAS-UB-K/uniform-gaps proves it on B_LB.  Here the
regret itself: CascadeKL-UCB and CascadeUCB1 on both kinds of instance for consecutive K, one-sided Welch tests
of ``R_K+1(n) < R_K(n)`` (independent seeds per K), Holm over each family.
"""
from __future__ import annotations

import math

import numpy as np

from clickbound.report import doc, lecture_sims, lecture_strip
from clickbound import stats as st
from clickbound.report.experiments import STRIP_MIN_N, Scope, setting_seed
from clickbound.report.sections import Section, register_section

ID = "EXP-LECT-K"
#: the scope of the section's verdicts (the rule of clickbound.report.experiments.Scope): the sentence is general,
#: so every instance (the counterexample too) is its own family; it is about the log T constants, so the
#: large-n verdict is the one that bears on it (the strip shows where it settles)
SCOPES = {"K": Scope(quote="константы уменьшаются при увеличении $k$", source="003_f899901a464da92a.txt",
                     reading="'the constants fall' read as: the final regret falls at each step of K, per instance; "
                             "the verdict at the largest n is the one about the log T constants")}
POLICIES = ("CascadeKL-UCB", "CascadeUCB1")
#: the lecture gives no size.  On the strip of a 10^5-round run with 30 runs (root seed 20160619) the first
#: claim settles only from n ≈ 63,000 (contradicted; 'reproduced' at 4,000-25,000), so n stays 10^5; its first
#: 20 replications (the same seeds) give the same verdicts, contradicted from n ≈ 50,000, so the paper profile
#: runs 20; asymptotic keeps 30
SIZES = {"dev": (20_000, 10), "paper": (100_000, 20), "asymptotic": (100_000, 30)}
#: (label, attractions, Ks): CAS-UB-K's counterexample instance and B_LB(16, ·, 0.2, 0.15)
SETTINGS = (("w̄ = (0.9, 0.5, 0.49, 0.1) (CAS-UB-K/as-printed)", (0.9, 0.5, 0.49, 0.1), (1, 2, 3)),
            ("B_LB(L = 16, p = 0.2, Δ = 0.15), A* = the top K", None, (2, 4, 8)))


def _w(setting, K):
    _label, w, _ = setting
    return list(w) if w is not None else [0.2] * K + [0.05] * (16 - K)


def jobs(ctx) -> list:
    """The engine runs (runner Jobs, computed in the section): every policy at every K of every instance."""
    from clickbound import sim
    from clickbound.sim.runner import Job

    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    return [Job.of(sim.Cascade(_w(s, K)), p, n=n, runs=runs, K=K, seed=setting_seed(ctx.seed, ID, 10 * i + j))
            for i, s in enumerate(SETTINGS) for j, K in enumerate(s[2]) for p in POLICIES]


def compute(ctx) -> dict:
    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    done = iter(lecture_sims.results(ctx, jobs(ctx)))
    out = []
    for s in SETTINGS:
        rec = {"label": s[0], "Ks": list(s[2]), "final": {}}
        for K in s[2]:
            for p in POLICIES:
                res = next(done)
                keep = res.checkpoints >= min(STRIP_MIN_N, n)  # n < 1,000: the final point only
                rec["final"][f"{p}|{K}"] = res.regret[:, -1].tolist()
                rec.setdefault("regret", {})[f"{p}|{K}"] = res.regret[:, keep].tolist()
                rec["checkpoints"] = res.checkpoints[keep].tolist()
        out.append(rec)
    data = {"id": ID, "n": n, "runs": runs, "settings": out}
    data["verdicts"] = verdicts(data)
    data["verdict_strip"] = lecture_strip.strip(out[0]["checkpoints"], runs, lambda j: verdicts(_cut(data, j)))
    return data


def _cut(data, j) -> dict:
    """``data`` as if the run had stopped at the ``j``-th stored checkpoint."""
    sets = [{**s, "final": {k: np.asarray(r)[:, j].tolist() for k, r in s["regret"].items()}} for s in data["settings"]]
    return {**data, "n": int(data["settings"][0]["checkpoints"][j]), "settings": sets}


def verdicts(data) -> list[dict]:
    rows = []
    for s in data["settings"]:
        cs = []
        for p in POLICIES:
            for k1, k2 in zip(s["Ks"], s["Ks"][1:], strict=False):
                a, b = np.asarray(s["final"][f"{p}|{k2}"]), np.asarray(s["final"][f"{p}|{k1}"])
                cs.append(st.welch(a, b, "less", f"{p}: R(K = {k2}) − R(K = {k1})", what="R(n) difference"))
        rows.append(SCOPES["K"].apply({"claim": f"regret falls as K grows, {s['label']}",
                                       **st.verdict_row(st.decide(cs), data["n"], data["runs"])}, [s["label"]]))
    return rows


def render(data, rctx) -> list:
    rows = []
    for s in data["settings"]:
        for p in POLICIES:
            for K in s["Ks"]:
                x = np.asarray(s["final"][f"{p}|{K}"])
                rows.append([s["label"], p, K, f"{x.mean():.1f} ± {1.96 * x.std(ddof=1) / math.sqrt(x.size):.1f}"])
    return [doc.p(f"n = {data['n']:,}, {data['runs']} replications per K; final cumulative pseudo-regret, 95 % t "
                  "intervals."),
            doc.table(["instance", "policy", "K", "R(n)"], rows, "Regret against the list length K"),
            *lecture_strip.verdict_tables(data["verdicts"], "Statistical findings")
            ] + lecture_strip.blocks(ID, "exp_lecture_k", data, rctx)


SECTION = register_section(Section(
    name="exp_lecture_k", title=f"{ID}: cascading-bandit regret against K (source 003)", order=176,
    compute=compute, render=render,
    description="The lecture's 'regret falls as K grows' on B_LB and beyond it."))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("CAS-UB-K",)
