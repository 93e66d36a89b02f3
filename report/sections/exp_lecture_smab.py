"""EXP-LECT-SMAB: the lecture's single-arm strategies against the Lai–Robbins constant (source 003).

Source ``003_f899901a464da92a.txt``: UCB ``q(a) = μ̂(a) + sqrt(α log t / n_a(t))`` (line 50), KL-UCB "для
выигрышей, распределенных по бернулли, достигает нижней границы" (line 52), ``liminf ER(T)/log T ≥ C(μ)``
(line 54; for consistent policies, ERR-003-LAI-ROBBINS-CONSISTENCY), ε-greedy (lines 346-348) and Thompson
sampling (lines 350-361).  Two Bernoulli arms; ``C = Σ_(a: Δ_a>0) Δ_a / D_KL(μ_a‖μ*)``
(:func:`clickbound.bounds.single_arm.lai_robbins`).  Reported: ``R(n)/log n`` and the slope of ``R`` against
``log t`` over the last decade, per replication (95 % t intervals).  UCB1 is the project's
``μ̂ + sqrt(α log t/(2T))`` with ``α = 2``, i.e. the lecture's index with its ``α = 1``.
"""
from __future__ import annotations

import math

import numpy as np

from clickbound.report import doc, lecture_sims, lecture_strip
from clickbound import stats as st
from clickbound.report.experiments import Scope, setting_seed
from clickbound.report.sections import Section, register_section

ID = "EXP-LECT-SMAB"
#: neither row is a sentence of the notes: line 52 says KL-UCB attains C and nothing of UCB1 or ε-greedy
SCOPES = {"eps": Scope(origin="project"), "ucb1": Scope(origin="project")}
POLICIES = ("KL-UCB", "TS", "UCB1", "eps-greedy")
MEANS = ((0.6, 0.4), (0.2, 0.1))
#: the lecture gives no size; both verdicts settle by n = 1,585 on the strip of a 10^6-round run (20 runs,
#: root seed 20160619), so the paper profile stops at 10^5 (over a decade past that); asymptotic keeps 10^6
SIZES = {"dev": (20_000, 10), "paper": (100_000, 20), "asymptotic": (1_000_000, 20)}
#: checkpoints kept per replication: from n = 100, so that the strip's first slope (n = 1,000) has its decade
STRIP_FROM = 100


def jobs(ctx) -> list:
    """The engine runs (runner Jobs, computed in the section: :mod:`clickbound.report.lecture_sims`)."""
    from clickbound import sim
    from clickbound.sim.runner import Job

    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    return [Job.of(sim.Bernoulli(list(mu)), p, n=n, runs=runs, K=1, seed=setting_seed(ctx.seed, ID, i))
            for i, mu in enumerate(MEANS) for p in POLICIES]


def compute(ctx) -> dict:
    from clickbound.bounds.single_arm import lai_robbins

    n, runs = SIZES.get(ctx.profile, SIZES["paper"])
    done = iter(lecture_sims.results(ctx, jobs(ctx)))
    out = []
    for i, mu in enumerate(MEANS):
        seed = setting_seed(ctx.seed, ID, i)
        rec = {"mu": list(mu), "C": lai_robbins(list(mu), n).log_coefficient, "seed": seed, "policies": {}}
        for p in POLICIES:
            res = next(done)
            cps = res.checkpoints
            keep = cps >= STRIP_FROM
            rec["policies"][p] = {**_at(cps, res.regret, cps.size - 1), "checkpoints": cps[keep].tolist(),
                                  "regret": res.regret[:, keep].tolist()}
        out.append(rec)
    data = {"id": ID, "n": n, "runs": runs, "settings": out}
    data["verdicts"] = verdicts(data)
    cps = np.asarray(out[0]["policies"][POLICIES[0]]["checkpoints"])
    data["verdict_strip"] = lecture_strip.strip(cps, runs, lambda j: verdicts(_cut(data, j)))
    return data


def _at(cps, regret, j) -> dict:
    """Final regret and the slope of R against log t over the decade ending at ``cps[j]``."""
    cps, regret = np.asarray(cps), np.asarray(regret)
    lo = int(np.searchsorted(cps, cps[j] // 10))
    slope = (regret[:, j] - regret[:, lo]) / (math.log(cps[j]) - math.log(cps[lo]))
    return {"final": regret[:, j].tolist(), "slope": slope.tolist(), "from": int(cps[lo])}


def _cut(data, j) -> dict:
    """``data`` as if the run had stopped at the ``j``-th stored checkpoint."""
    sets = [{**s, "policies": {p: _at(r["checkpoints"], r["regret"], j) for p, r in s["policies"].items()}}
            for s in data["settings"]]
    return {**data, "n": int(data["settings"][0]["policies"][POLICIES[0]]["checkpoints"][j]), "settings": sets}


def verdicts(data) -> list[dict]:
    n = data["n"]
    cs_lin = [st.one_sample(s["policies"]["eps-greedy"]["slope"], s["C"], "greater", f"μ = {tuple(s['mu'])}",
                            "one-sided one-sample t-test on the last decade's slope of R against log t", what="slope")
              for s in data["settings"]]
    cs_ucb = [st.one_sample(s["policies"]["UCB1"]["slope"], s["C"], "greater", f"μ = {tuple(s['mu'])}",
                            "one-sided one-sample t-test on the last decade's slope of R against log t", what="slope")
              for s in data["settings"]]
    return [SCOPES["eps"].apply({"claim": "ε-greedy (ε = 0.1): its slope against log t exceeds the Lai–Robbins constant "
                                          "(its regret is linear in t)",
                                 **st.verdict_row(st.decide(cs_lin), n, data["runs"])}),
            SCOPES["ucb1"].apply({"claim": "UCB1's slope against log t exceeds the Lai–Robbins constant C (line 52 names "
                                           "KL-UCB as attaining C; this bears at most on line 320's loose 'the family "
                                           "reaching the bound — UCB')",
                                  **st.verdict_row(st.decide(cs_ucb), n, data["runs"])})]


def render(data, rctx) -> list:
    rows = []
    for s in data["settings"]:
        for p in POLICIES:
            r = s["policies"][p]
            f, sl = np.asarray(r["final"]), np.asarray(r["slope"])
            h = 1.96 / math.sqrt(f.size)
            rows.append([str(tuple(s["mu"])), p, f"{f.mean():.1f} ± {h * f.std(ddof=1):.1f}",
                         f"{f.mean() / math.log(data['n']):.2f}", f"{sl.mean():.2f} ± {h * sl.std(ddof=1):.2f}",
                         f"{s['C']:.3f}"])
    return [doc.p(f"n = {data['n']:,}, {data['runs']} replications; slope = (R(n) − R(n/10))/log 10 per replication."),
            doc.table(["means", "policy", "R(n)", "R(n)/log n", "slope vs log t (last decade)", "Lai–Robbins C"],
                      rows, "Single-arm strategies of the lecture against the Lai–Robbins constant"),
            *lecture_strip.verdict_tables(data["verdicts"], "Statistical findings")
            ] + lecture_strip.blocks(ID, "exp_lecture_smab", data, rctx)


SECTION = register_section(Section(
    name="exp_lecture_smab", title=f"{ID}: UCB1, KL-UCB, TS and ε-greedy against the Lai–Robbins constant (source 003)",
    order=171, compute=compute, render=render,
    description="The lecture's single-arm strategies on two Bernoulli arms, R(n)/log n and slopes against C."))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("SMAB-LAI-ROBBINS", "LAI-ROBBINS", "ALG-UCB1", "ALG-KLUCB", "ALG-TS")
