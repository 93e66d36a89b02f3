"""EXP-DCM-3c stand-in (source ``000_0b27131c69d8f24c.txt``, 実験3, Figures 2c/3c).

The source fitted a DCM per query to Yandex click logs (K = 10, v̄ not monotone:
"場所1はクリック後ほぼ確実に満足するが、それ以降は降順でない"; L not stated,
"Lは未記入").  The logs are not available here, so this section runs a documented
synthetic stand-in with the same shape, and says so in the report.  No DCM bound
applies: Theorems 1 and 2 assume v̄ constant or non-increasing.
"""
from __future__ import annotations

import numpy as np

from clickbound.report.experiments import (
    BoundSpec,
    Experiment,
    Qualitative,
    Setting,
    Sizes,
    best_policy,
    register_experiment,
)

L, K = 20, 10
#: attraction probabilities of the stand-in: evenly spaced from 0.35 down to 0.02 (no data behind them)
W = tuple(np.round(np.linspace(0.35, 0.02, L), 4).tolist())
#: termination probabilities: position 1 near 1, the rest not in decreasing order (Figure 2c's shape)
V = (0.95, 0.35, 0.50, 0.30, 0.45, 0.40, 0.55, 0.35, 0.50, 0.60)
#: the same termination probabilities in non-increasing order: the case Theorem 2 covers
V_SORTED = tuple(sorted(V, reverse=True))


def settings(profile: str):
    def env():
        from clickbound import sim

        return sim.DCM(list(W), list(V))

    def env_sorted():
        from clickbound import sim

        return sim.DCM(list(W), list(V_SORTED))

    from clickbound.bounds.dcm import dcm_t2

    return [Setting(label=f"stand-in: L={L}, K={K}, v̄ non-monotone", params={"v̄": str(V)},
                    make_env=env, K=K, name="non-monotone v̄"),
            Setting(label=f"the same with v̄ sorted (DCM-T2 applies): L={L}, K={K}",
                    params={"v̄": str(V_SORTED)}, make_env=env_sorted, K=K, name="sorted v̄",
                    bounds=(BoundSpec("dcmKL-UCB", lambda n: dcm_t2(list(W), list(V_SORTED), n)),))]


EXPERIMENT = register_experiment(Experiment(
    name="exp_dcm_3c", id="EXP-DCM-3c", order=140,
    title="dcmKL-UCB and baselines with non-monotone termination probabilities (stand-in for Yandex)",
    source="000_0b27131c69d8f24c.txt, 実験3 (Figures 2c, 3c)",
    setting_text=f"DCM with L = {L}, K = {K}; w̄ evenly spaced on [0.02, 0.35]; v̄ = {V}.",
    stand_in="the source's Yandex-fitted DCMs are not available; w̄ and v̄ here are synthetic, chosen "
             "only to share the described shape (v̄(1) near 1, later positions not decreasing).",
    notes=(("No bound applies to the first setting: DCM-T1/T2 assume v̄ constant or non-increasing, "
            "which fails there (the point of the source's experiment). The second setting sorts the "
            "same v̄ so that DCM-T2 applies, and compares it."),),
    settings=settings, policies=("dcmKL-UCB", "First-click", "Last-click", "RankedKL-UCB"),
    sizes={"dev": Sizes(n=10_000, runs=8), "paper": Sizes(n=100_000, runs=20)},
    # 実験3 does not state n; read as the deck's 10^5 (実験1 fixes it), so that a shorter run never
    # contradicts it
    source_n=100_000, source_text="not stated for 実験3; the deck's other experiments fix n = 10^5",
    qualitative=(
        # the sentence speaks of data where the ordering assumption fails: the non-monotone v̄ setting
        # only (pooling the sorted-v̄ setting into its family once made it "contradicted" there)
        Qualitative("dcmKL-UCB achieves the smallest regret even though v̄ is not monotone",
                    best_policy("dcmKL-UCB"), settings=("non-monotone v̄",), stand_in=True,
                    quote="提案したdcmKL-UCBが最小のRegretを達成!…Termination確率の順序についての仮定が満たされていない "
                          "実データでも、うまくいっている!",
                    reading="the Yandex-fitted DCMs are replaced by a synthetic DCM of the described shape; "
                            "'うまくいっている' read as 'smallest regret', as the slide's heading says"),
        Qualitative("with v̄ sorted (DCM-T2's assumption holds) dcmKL-UCB achieves the smallest regret",
                    best_policy("dcmKL-UCB"), settings=("sorted v̄",), origin="project"),
    ),
))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("DCM-T2", "ALG-DCMKLUCB")
