"""Source 004's agents as the blog wrote them, beside the project's corrected ones.

Source ``004_d9477b3ebe233f80.txt``.  ``CascadeUCB1-blog`` and ``CascadeLinTS-blog``
(:mod:`clickbound.sim.policies.blog`) keep the blog's ``observe`` (a round without a click is
recorded as a click at position K), its initial counts (one ``Bernoulli(0.2)`` pseudo-observation
per item, count 1), its ranking (stable sort: ties to the smallest id) and its features; the
``-fixed-observe`` variants change the observe only, so every difference from the project's
``CascadeUCB1`` / ``CascadeLinTS`` is split in two measured parts: (observe) blog − blog-fixed and
(initialisation, ties) blog-fixed − project.  ``CascadeLinUCB`` (named by the blog, never run
there) runs on the same tag-feature items.

Two experiments: EXP-BLOG-w (the blog's first setting: L = 10, K = 3, its w̄, 10^5 steps) and
EXP-BLOG-tags (the blog's second: tag features, K = 4, σ = 1, L ∈ {16, 256, 3000}, 10^4 steps).
The blog's timing table is reproduced by :mod:`clickbound.report.blog_timing` (section EXP-BLOG-timing).
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from clickbound import stats as st
from clickbound.report.experiments import (
    Experiment,
    Qualitative,
    Setting,
    Sizes,
    beats,
    monotone_in,
    register_experiment,
    verdict,
)
from clickbound.report.sections import Section, register_section
from clickbound.report.sections.exp_cascade_blog import L_GRID, W_BLOG, tagged_items

SOURCE = "004_d9477b3ebe233f80.txt"
UCB = ("CascadeUCB1-blog", "CascadeUCB1-blog-fixed-observe", "CascadeUCB1")
LIN = ("CascadeLinTS-blog", "CascadeLinTS-blog-fixed-observe", "CascadeLinTS")
#: "converges" (リグレットが収束しています) read as: the mean regret per round over the last part of
#: the run is below this fraction of the mean per round over the first part (log regret gives about
#: log 2 / log(n/2) < 0.07 at n = 10^5; linear regret gives 1)
FLAT_FRACTION = 0.5
#: CascadeLinUCB's cost is O(L d²) a round (~0.3 s per 10^3 rounds at L = 3000): only the asymptotic
#: profile runs it at L = 3000
LINUCB_MAX_L = 256


def _split(checkpoints, n):
    """The largest checkpoint ≤ n/2 (log-spaced checkpoints: the first part of the run)."""
    cps = np.asarray(checkpoints)
    return int(cps[cps <= n // 2].max())


def flat_per_run(res) -> dict:
    """Per replication ``late − FLAT_FRACTION · early`` (mean regret per round in each part)."""
    cps = np.asarray(res.checkpoints)
    n = int(cps[-1])
    m = _split(cps, n)
    j = int(np.flatnonzero(cps == m)[0])
    early = res.regret[:, j] / m
    late = (res.regret[:, -1] - res.regret[:, j]) / (n - m)
    return {"m": m, "n": n, "early": early.tolist(), "late": late.tolist(),
            "d": (late - FLAT_FRACTION * early).tolist()}


def derive(setting: Setting, results: dict) -> dict:
    flat = {p: flat_per_run(r) for p, r in results.items()}
    rows = []
    pairs = [(a, b) for fam in (UCB, LIN) for a, b in itertools.pairwise(fam) if a in results and b in results]
    for a, b in pairs:
        c = st.paired(results[a].regret[:, -1], results[b].regret[:, -1], "greater", f"{a} − {b}")
        lo, hi = c.ci()
        what = ("observe (no-click round recorded as a click at K)" if "fixed" in b else
                "initial counts (a Bernoulli(0.2) pseudo-observation vs one real observation) and ties "
                "(smallest id vs random)" if "UCB1" in a else "ties (smallest id vs random)")
        rows.append([f"R({a}) − R({b})", what, f"{st.signed(c.estimate)} [{st.signed(lo)}, {st.signed(hi)}]"])
    for p, f in flat.items():
        e, late = np.mean(f["early"]), np.mean(f["late"])
        rows.append([f"{p}: regret per round, rounds 1–{f['m']:,} → {f['m'] + 1:,}–{f['n']:,}", "flattening",
                     f"{e:.4g} → {late:.4g} (ratio {late / e if e > 0 else math.nan:.3g})"])
    return {"columns": ["quantity", "what it measures", "mean [95 % CI] over the replications"], "rows": rows,
            "caption": "Where the blog's agents differ from the project's (paired: shared seeds)", "flat": flat}


def converges(policy: str, setting=0, expected: bool = True):
    """Qualitative test: ``policy``'s regret flattens (``expected``) or does not.

    One-sided one-sample t-test per setting on the per-replication ``late − FLAT_FRACTION·early``
    (claim < 0 when it converges, > 0 when it does not); Holm over the settings.
    """

    def test(data):
        idx = [setting] if isinstance(setting, int) else list(setting)
        comps, missing = [], []
        for i in idx:
            s = data["settings"][i]
            f = s["derived"].get("flat", {}).get(policy)
            if f is None:
                missing.append(f"{policy} was not run ({s['label']})")
                continue
            comps.append(st.one_sample(
                f["d"], 0.0, "less" if expected else "greater",
                f"{s['label']}: {policy}, per-round regret after round {f['m']:,} − {FLAT_FRACTION:g} × before",
                "one-sided one-sample t-test on per-replication per-round regret (late − 1/2 early)",
                effect=FLAT_FRACTION * 0.2 * float(np.mean(f["early"])),
                effect_text="a difference of 10 % of the early per-round regret", what="difference"))
        return verdict(data, st.decide(comps, missing=missing), idx)
    return test


def _w_settings(profile):
    def env():
        from clickbound import sim

        return sim.Cascade(list(W_BLOG))

    return [Setting(label="the blog's w̄, L = 10, K = 3", params={"w̄": str(W_BLOG)}, make_env=env, K=3,
                    policies=UCB)]


EXP_W = register_experiment(Experiment(
    name="exp_blog_as_written_w", id="EXP-BLOG-w", order=171,
    title="The blog's CascadeUCB1 as written vs the project's (L = 10, K = 3)",
    source=f"{SOURCE}, PythonによるCascadeUCB1の実装",
    setting_text=("CM-Cascade with the blog's w̄ = (0.3, 0.2, 0.25, 0.1, 0.1, 0.24, 0.2, 0.1, 0.21, 0.1), K = 3: "
                  "CascadeUCB1-blog (the blog's agent line by line), CascadeUCB1-blog-fixed-observe (the same with "
                  "a no-click round recorded as K zeros) and the project's CascadeUCB1 (one real observation per "
                  "item first, random ties)."),
    settings=_w_settings, policies=UCB,
    sizes={"dev": Sizes(n=100_000, runs=20), "paper": Sizes(n=100_000, runs=50)},
    source_n=100_000, source_text="the blog ran 10^5 steps, one run",
    derive=derive,
    notes=(("The blog plots one run and says 'リグレットが収束しています'; here 'converges' is read as: the regret "
           f"per round over the second half of the run is below {FLAT_FRACTION:g} × that of the first half."),),
    qualitative=(
        Qualitative("The blog's CascadeUCB1 regret converges", converges("CascadeUCB1-blog"),
                    quote="リグレットが収束しています。",
                    reading=f"'converges' read as: the per-round regret over the second half is below "
                            f"{FLAT_FRACTION:g} × that of the first half"),
        # evidence for the erratum on the blog's observe, not a statement of the blog
        Qualitative("The blog's observe raises the regret (CascadeUCB1-blog above CascadeUCB1-blog-fixed-observe)",
                    beats("CascadeUCB1-blog-fixed-observe", ("CascadeUCB1-blog",)), origin="project"),
        Qualitative("The project's CascadeUCB1 regret converges", converges("CascadeUCB1"), origin="project"),
    ),
))


def _tag_settings(profile):
    out = []
    for L in L_GRID:
        w, X = tagged_items(L)

        def env(w=w):
            from clickbound import sim

            return sim.Cascade(w)

        pols = UCB + LIN + (("CascadeLinUCB",) if profile == "asymptotic" or L <= LINUCB_MAX_L else ())
        feats = {"features": X.tolist(), "sigma": 1.0}
        out.append(Setting(label=f"tags: L = {L}, K = 4, d = 10", name=f"L = {L}", params={"L": L}, make_env=env, K=4,
                           policies=pols, policy_params={p: feats for p in LIN + ("CascadeLinUCB",)}))
    return out


#: how the tag-feature claims are decided
TAGS_READING = ("the blog's agents as written, on one fixed seeded draw of its item generator (the blog's own draw "
                "was unseeded)")

EXP_TAGS = register_experiment(Experiment(
    name="exp_blog_as_written_tags", id="EXP-BLOG-tags", order=172,
    title="The blog's CascadeUCB1 and CascadeLinTS as written vs the project's, and CascadeLinUCB (tag features)",
    source=f"{SOURCE}, CascadeLinTSのPython実装",
    setting_text=("CM-Cascade on tag-feature items (1–3 of 10 tags, multi-hot; attraction = Σ Normal(tag rate, "
                  "0.01) over the item's tags; the blog's second tags_with_weight), K = 4, σ = 1, "
                  "L ∈ {16, 256, 3000}: the blog's two agents as written, their fixed-observe variants, the "
                  "project's CascadeUCB1 and CascadeLinTS, and CascadeLinUCB (c = 1)."),
    stand_in="the items are drawn with a fixed seed (exp_cascade_blog.tagged_items); the blog's draw was unseeded.",
    settings=_tag_settings, policies=UCB + LIN + ("CascadeLinUCB",),
    sizes={"dev": Sizes(n=10_000, runs=6), "paper": Sizes(n=10_000, runs=20),
           "asymptotic": Sizes(n=10_000, runs=20)},
    source_n=10_000, source_text="the blog ran 10^4 steps, one run per L",
    derive=derive,
    notes=(f"CascadeLinUCB costs O(L d²) per round: it runs at L ≤ {LINUCB_MAX_L} (all L in the asymptotic profile).",
           ("With 10 tags there are only 175 distinct feature vectors: at L = 3000 many items share one, and the "
           "blog's stable sort then always shows the smallest ids among them; a linear model cannot tell such "
           "items apart, so the linear agents keep a regret floor set by the within-feature spread of w̄.")),
    qualitative=(
        # the blog's agents as written, on one seeded draw of its item generator (its own draw was unseeded)
        Qualitative("The blog's CascadeLinTS has lower regret than its CascadeUCB1",
                    beats("CascadeLinTS-blog", ("CascadeUCB1-blog",)), stand_in=True,
                    quote="アイテムの特徴量を取り入れたCascadeLinTSの方がリグレットが少ないことがわかります。",
                    reading=TAGS_READING),
        Qualitative("The blog's CascadeUCB1 regret grows with L",
                    monotone_in("L", "CascadeUCB1-blog", increasing=True), stand_in=True,
                    quote="特にLが大きいほどCascadeUCB1のリグレットが大きく", reading=TAGS_READING),
        Qualitative("The blog's CascadeUCB1 does not converge at L = 3000 within 10^4 steps",
                    converges("CascadeUCB1-blog", expected=False), settings=("L = 3000",), stand_in=True,
                    quote="特にLが大きいほどCascadeUCB1のリグレットが大きく、収束しない結果を確認できます。",
                    reading=TAGS_READING + f"; 'does not converge' read as: the per-round regret over the second half "
                                           f"is not below {FLAT_FRACTION:g} × that of the first half"),
        # the project's own findings (evidence for the observe erratum; the project's policies)
        Qualitative("The blog's observe raises CascadeLinTS's regret",
                    beats("CascadeLinTS-blog-fixed-observe", ("CascadeLinTS-blog",)), origin="project"),
        Qualitative("The project's CascadeLinTS has lower regret than the project's CascadeUCB1",
                    beats("CascadeLinTS", ("CascadeUCB1",)), origin="project"),
        Qualitative("The project's CascadeUCB1 regret grows with L", monotone_in("L", "CascadeUCB1", increasing=True),
                    origin="project"),
        # the blog's '論文内で評価の高かった' is said of Zong et al.'s experiments, not of this setting
        Qualitative("CascadeLinTS beats CascadeLinUCB (c = 1) on the blog's items",
                    beats("CascadeLinTS", ("CascadeLinUCB",)), settings=("L = 16", "L = 256"), origin="project"),
    ),
))


# ----------------------------------------------------------------------------- the timing table
#: steps timed per cell: dev and paper time the first steps and scale to 10^4 (the paper profile
#: keeps the section near a minute: the blog's LinTS at L = 3000 takes minutes); asymptotic runs 10^4
TIMING_STEPS = {"dev": {("CascadeUCB1", 16): 10_000, ("CascadeUCB1", 256): 2_000, ("CascadeUCB1", 3000): 300,
                        ("CascadeLinTS", 16): 300, ("CascadeLinTS", 256): 200, ("CascadeLinTS", 3000): 50},
                "paper": {("CascadeUCB1", 16): 10_000, ("CascadeUCB1", 256): 10_000, ("CascadeUCB1", 3000): 2_000,
                          ("CascadeLinTS", 16): 2_000, ("CascadeLinTS", 256): 1_000, ("CascadeLinTS", 3000): 200},
                "asymptotic": None}


def _timing_compute(ctx) -> dict:
    import pandas

    from clickbound.report import blog_timing as bt

    steps = TIMING_STEPS.get(ctx.profile, TIMING_STEPS["paper"])
    cells = [bt.time_cell(a, L, steps[(a, L)] if steps else bt.STEPS, ctx.seed)
             for a in ("CascadeUCB1", "CascadeLinTS") for L in L_GRID]
    import os
    import platform

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"cells": cells, "consistency": bt.consistency(cells), "profile": ctx.profile, "load_1min": load,
            "cpus": os.cpu_count(),
            "machine": f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
                       f"pandas {pandas.__version__}, numpy {np.__version__}"}


def _timing_render(data, rctx) -> list:
    from clickbound.report import doc

    rows = [[c["agent"], f"{c['L']:,}", f"{c['blog_s']:g} s", f"{c['steps']:,}", f"{c['wall_s']:.3g} s",
             f"{c['s_per_step'] * 1000:.3g} ms", f"{c['implied_10k_s']:.3g} s",
             f"{c['blog_s'] / c['implied_10k_s']:.3g}", f"{c['get_list_s'] * 1000:.3g} ms"] for c in data["cells"]]
    return [
        doc.p("Source 004's code as written (clickbound.report.blog_timing: gen_items, CascadingModelEnv, "
              "CascadeUCB1Agent, CascadeLinTSAgent with its pandas lookups, simulate with tqdm) run on this "
              f"machine ({data['machine']}); K = 4, the blog's tags_with_weight. Profile '{data['profile']}': "
              + ("each cell runs the first steps shown and scales the time per step to 10^4 steps (per-step cost "
                 "does not grow with t: get_list is O(L) every round; observe costs at most K lookups)."
                 if any(c["steps"] < 10_000 for c in data["cells"]) else "each cell runs the blog's 10^4 steps.")
              + f" Wall-clock times: measurements of one machine, not test assertions; load average "
              f"{data.get('load_1min', float('nan')):.1f} on {data.get('cpus', '?')} CPUs when timed (a loaded "
              "machine inflates every cell)."),
        doc.table(["agent", "L", "blog (10^4 steps)", "steps run here", "wall time here", "per step here",
                   "10^4 steps here", "ratio blog / here", "get_list alone here"], rows,
                  caption="The blog's timing table (10000stepの速度), every cell reproduced"),
        doc.table(["check", "value", "verdict"], data["consistency"],
                  caption="Internal consistency of the table and of the remarks after it (the project's reading of "
                          "loose, separately measured remarks: a finding of the project, not an erratum)"),
    ]


register_section(Section(name="exp_blog_timing", title="EXP-BLOG-timing: the blog's timing table, reproduced",
                         order=173, compute=_timing_compute, render=_timing_render,
                         description="source 004's code as written, timed per cell", needs=("pandas",)))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("BLOG-EXP", "BLOG-TIMING", "ALG-CASUCB1", "ALG-CASLINTS", "ALG-CASLINUCB")
