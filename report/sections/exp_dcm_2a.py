"""EXP-DCM-2a (source ``000_0b27131c69d8f24c.txt``, 実験1, Figure 2a).

``B_LB(L, A* = [K], p = 0.2, Δ, γ = 0.8)`` over a grid of L, K, Δ; dcmKL-UCB's
regret against the Theorem 1 order ``γ(L−K) Δ(1+log(1/Δ))/D_KL(p−Δ‖p) log n``
(the slides' "上限") and against the Theorem 3 lower bound.  The slides' reading:
"上限のO(L-K)部分が反映" and "∆とは逆相関".  The source does not list its grid
values; ours are stated in the settings table.
"""
from __future__ import annotations

import dataclasses

from clickbound.report.experiments import (
    Experiment,
    Qualitative,
    Sizes,
    bound_verdicts,
    monotone_in,
    register_experiment,
)
from clickbound.report.sections.exp_dcm_3ab import blb_setting

P, GAMMA = 0.2, 0.8
# The slides (Figure 2a) vary L, K and Δ without listing the values; B_LB needs 0 < Δ <= p = 0.2.
GRID = {"dev": {"L": (8, 16), "K": (2, 4), "delta": (0.075, 0.15)},
        "paper": {"L": (8, 16, 32), "K": (2, 4), "delta": (0.075, 0.1, 0.15)}}
#: every verdict of this section holds on the project's grid
GRID_READING = ("on the project's grid (the slides list no grid values): a re-simulation of the sentence, not a "
                "reading of Figure 2a")


def settings(profile: str):
    g = GRID[profile]
    out = []
    for L in g["L"]:
        for K in g["K"]:
            for d in g["delta"]:
                s = blb_setting(L, K, P, d, GAMMA, order_param=True)
                out.append(dataclasses.replace(s, params={"L": L, "K": K, **s.params}))
    return out


EXPERIMENT = register_experiment(Experiment(
    name="exp_dcm_2a", id="EXP-DCM-2a", order=110,
    title="dcmKL-UCB regret vs the Theorem 1 order on B_LB (γ = 0.8; L, K, Δ varied)",
    source="000_0b27131c69d8f24c.txt, 実験1 (Figure 2a)",
    setting_text="B_LB(L, A* = [K], p = 0.2, Δ, γ = 0.8); the source fixes n = 10^5. 'order' in the "
                 "settings table is γ(L−K)Δ(1+log(1/Δ))/D_KL(p−Δ‖p), the slides' upper-bound order.",
    settings=settings, policies=("dcmKL-UCB",),
    sizes={"dev": Sizes(n=10_000, runs=10), "paper": Sizes(n=100_000, runs=20)},
    grid_axis="order", source_n=100_000, source_text="実験1: ステップ数は n = 10^5で固定",
    qualitative=(
        Qualitative("the O(L−K) part of the bound shows: regret grows with L at fixed K, Δ",
                    monotone_in("L", "dcmKL-UCB", increasing=True), quote="上限のO(L-K)部分が反映",
                    reading=GRID_READING),
        Qualitative("regret is inversely related to Δ", monotone_in("Δ", "dcmKL-UCB", increasing=False),
                    quote="∆とは逆相関", reading=GRID_READING),
        Qualitative("Theorem 1's bound holds (empirical log n slope below the DCM-T1 coefficient)",
                    bound_verdicts("DCM-T1"), quote="定理1で示したバウンドの正しさをある程度確認できた",
                    reading=GRID_READING),
    ),
))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("DCM-T1", "ALG-DCMKLUCB")
