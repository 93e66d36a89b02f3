"""Observable depth, deep P (source ``001_eb740855b56fcd8b.txt``, 6.1; claims: 6.5, deep paragraph)."""
from clickbound.report.depth_instances import (
    BEST,
    OD_UCB_BEATS,
    SECOND,
    WORST,
    depth_experiment,
    synthetic_theta,
)
from clickbound.report.experiments import Qualitative, register_experiment

EXPERIMENT = register_experiment(depth_experiment(
    "exp_depth_deep", "EXP-OD-deep", 151, "OD-UCB/OD-TS vs PBM-UCB/PBM-TS/Cascade-UCB, deep P",
    "L=50, K=5, deep P", synthetic_theta(), (1.0, 0.80, 0.70, 0.60, 0.50),
    qualitative=(
        Qualitative(*BEST, quote="deep 設定 (図 3) でも、OD-TS が一貫して最良であり"),
        Qualitative(*SECOND, quote="PBM-TS が次点となった",
                    reading="'次点' (runner-up) read as: PBM-TS beats each of the three UCB policies"),
        Qualitative(*OD_UCB_BEATS,
                    quote="OD-UCB は TS 系に比べると大きいものの、PBM-UCB および Cascade-UCB より小さい累積リグレットを示し"),
        # the deep paragraph says nothing of PBM-UCB being worst (the shallow and RecGaze ones do)
        Qualitative(*WORST, origin="project"),
    )))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-EXP", "ALG-ODUCB", "ALG-ODTS", "ALG-PBMUCB", "ALG-PBMTS")
