"""EXP-LECT-DISPLAY: cascading bandits showing the top K by ascending vs descending index (source 003).

Source ``003_f899901a464da92a.txt`` (lines 200-204, 513): "две стратегии … 1. По возрастанию UCB (первый — с
самой низкой UCB) 2. По убыванию … На симулированных экспериментах вариант 1 был лучше".  The two variants
choose the same set each round given the same history (:mod:`clickbound.sim.policies.display_order`); on a
cascade instance the order does not change the round's expected reward (CAS-OPT), only the feedback.
Common random numbers: both variants of a base policy share the seed of each replication; the test is a
one-sided paired t-test on final regret, Holm over the settings and bases.
"""
from __future__ import annotations

import math

import numpy as np

from clickbound.report import doc, lecture_sims, lecture_strip
from clickbound import stats as st
from clickbound.report.experiments import STRIP_MIN_N, Scope, setting_seed
from clickbound.report.sections import Section, register_section

ID = "EXP-LECT-DISPLAY"
#: the sentence reports the cited paper's (unspecified) experiment: our cascade instances stand in for it
SCOPES = {"display": Scope(quote="На симулированных экспериментах вариант 1 был лучше", source="003_f899901a464da92a.txt",
                           stand_in=True, reading="on the project's cascade instances (the paper's are not given)")}
PAIRS = (("CascadeUCB1", "CascadeUCB1-ascending"), ("CascadeKL-UCB", "CascadeKL-UCB-ascending"))
#: the lecture gives no size ("На симулированных экспериментах"); the verdict is 'reproduced' at every strip
#: point from n = 1,000 to 10^5 (30 runs, root seed 20160619), so the paper profile stops at 20,000
SIZES = {"dev": (5_000, 10), "paper": (20_000, 30), "asymptotic": (100_000, 30)}
#: (label, attractions, K): B_LB(L = 16, K = 4, p = 0.2, Δ = 0.15) and the blog's 10-item instance (source 004)
SETTINGS = (("B_LB(16, 4, 0.2, 0.15)", (0.2,) * 4 + (0.05,) * 12, 4),
            ("source 004's w̄, K = 3", (0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1), 3))


def jobs(ctx) -> list:
    """The engine runs (runner Jobs, computed in the section): both display orders of each base policy."""
    from clickbound import sim
    from clickbound.sim.runner import Job

    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    return [Job.of(sim.Cascade(list(w)), p, n=n, runs=runs, K=K, seed=setting_seed(ctx.seed, ID, i))
            for i, (_label, w, K) in enumerate(SETTINGS) for pair in PAIRS for p in pair]


def compute(ctx) -> dict:
    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    done = iter(lecture_sims.results(ctx, jobs(ctx)))
    out = []
    for i, (label, w, K) in enumerate(SETTINGS):
        seed = setting_seed(ctx.seed, ID, i)
        rec = {"label": label, "K": K, "L": len(w), "seed": seed, "regret": {}}
        for pair in PAIRS:
            for p in pair:
                res = next(done)
                keep = res.checkpoints >= min(STRIP_MIN_N, n)  # n < 1,000: the final point only
                rec["regret"][p] = {"checkpoints": res.checkpoints.tolist(), "mean": res.mean().tolist(),
                                    "final": res.regret[:, -1].tolist(), "strip_checkpoints":
                                    res.checkpoints[keep].tolist(), "strip": res.regret[:, keep].tolist()}
        out.append(rec)
    data = {"id": ID, "n": n, "runs": runs, "settings": out}
    data["verdicts"] = verdicts(data)
    cps = out[0]["regret"][PAIRS[0][0]]["strip_checkpoints"]
    data["verdict_strip"] = lecture_strip.strip(cps, runs, lambda j: verdicts(_cut(data, j)))
    return data


def _cut(data, j) -> dict:
    """``data`` as if the run had stopped at the ``j``-th strip checkpoint."""
    sets = [{**s, "regret": {p: {"final": np.asarray(r["strip"])[:, j].tolist()} for p, r in s["regret"].items()}}
            for s in data["settings"]]
    return {**data, "n": int(data["settings"][0]["regret"][PAIRS[0][0]]["strip_checkpoints"][j]), "settings": sets}


def verdicts(data) -> list[dict]:
    cs = []
    for s in data["settings"]:
        for desc, asc in PAIRS:
            a, d = np.asarray(s["regret"][asc]["final"]), np.asarray(s["regret"][desc]["final"])
            diff = a - d
            cs.append(st.from_summary(f"{asc} − {desc}, {s['label']}", diff.mean(),
                                      diff.std(ddof=1) / math.sqrt(diff.size), diff.size - 1, 0.0, "less",
                                      "one-sided paired t-test on per-replication final regret (common seeds)",
                                      st.PLANTED_EFFECT * abs(float(d.mean())), what="R(n) difference",
                                      difference=True))
    return [SCOPES["display"].apply(
        {"claim": "showing the top K in ascending index order gives smaller regret than descending (lines 202-204)",
         **st.verdict_row(st.decide(cs), data["n"], data["runs"])}, [s["label"] for s in data["settings"]])]


def render(data, rctx) -> list:
    rows = []
    for s in data["settings"]:
        for pair in PAIRS:
            for p in pair:
                x = np.asarray(s["regret"][p]["final"])
                rows.append([s["label"], p, f"{x.mean():.1f} ± {1.96 * x.std(ddof=1) / math.sqrt(x.size):.1f}"])
    return [doc.p(f"n = {data['n']:,}, {data['runs']} replications, cascade users; final cumulative pseudo-regret "
                  "with 95 % t intervals."),
            doc.table(["instance", "policy", "R(n)"], rows, "Ascending vs descending display of the same top K"),
            *lecture_strip.verdict_tables(data["verdicts"], "Statistical finding")
            ] + lecture_strip.blocks(ID, "exp_lecture_display", data, rctx)


SECTION = register_section(Section(
    name="exp_lecture_display", title=f"{ID}: ascending vs descending display of the UCB top K (source 003)",
    order=175, compute=compute, render=render,
    description="The lecture's display-order experiment, with CascadeUCB1 and CascadeKL-UCB."))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("CAS-OPT",)
