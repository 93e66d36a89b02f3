"""Observable depth, RecGaze P (source ``001_eb740855b56fcd8b.txt``, 6.4).

P is the source's RecGaze-derived vector; θ came from the RecGaze logs, which are not
available, so a documented synthetic θ stands in (:func:`recgaze_standin_theta`).
"""
from clickbound.bounds.depth import RECGAZE_P
from clickbound.report.depth_instances import (
    BEST,
    OD_UCB_BEATS,
    SECOND,
    WORST,
    depth_experiment,
    recgaze_standin_theta,
)
from clickbound.report.experiments import Qualitative, Sizes, register_experiment

#: every verdict here is on the synthetic θ: the source's θ came from the RecGaze logs
_ON = {"stand_in": True}

EXPERIMENT = register_experiment(depth_experiment(
    "exp_depth_recgaze", "EXP-OD-RecGaze", 152,
    "OD-UCB/OD-TS vs PBM-UCB/PBM-TS/Cascade-UCB, RecGaze P (L = 150, K = 15)",
    "L=150, K=15, RecGaze P", recgaze_standin_theta(), RECGAZE_P,
    stand_in="θ from the RecGaze logs is not available: the top fifteen items are evenly spaced on "
             "[0.10, 0.30] and the other 135 on [0.01, 0.09], shuffled with a fixed seed.",
    dev=Sizes(n=10_000, runs=6),
    qualitative=(
        Qualitative(*BEST, quote="RecGaze を用いた実験 (図 4) においても、OD-TS が最小", **_ON),
        Qualitative(*SECOND, quote="PBM-TS が次点であり",
                    reading="'次点' (runner-up) read as: PBM-TS beats each of the three UCB policies", **_ON),
        Qualitative(*OD_UCB_BEATS, quote="OD-UCB は PBM-UCB および Cascade-UCB を大きく上回った", **_ON),
        Qualitative(*WORST, quote="特に PBM-UCB は最も大きい累積擬似リグレットを示し", **_ON),
    )))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-EXP", "ALG-ODUCB", "ALG-ODTS", "ALG-PBMUCB", "ALG-PBMTS")
