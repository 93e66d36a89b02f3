"""Observable depth, shallow P (source ``001_eb740855b56fcd8b.txt``, 6.1; claims: 6.5, shallow paragraph)."""
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
    "exp_depth_shallow", "EXP-OD-shallow", 150, "OD-UCB/OD-TS vs PBM-UCB/PBM-TS/Cascade-UCB, shallow P",
    "L=50, K=5, shallow P", synthetic_theta(), (1.0, 0.55, 0.30, 0.15, 0.08),
    qualitative=(
        Qualitative(*BEST, quote="shallow 設定 (図 2) では、OD-TS が最小の累積リグレットを達成し"),
        Qualitative(*SECOND, quote="PBM-TS がこれに僅差で続いた",
                    reading="'続いた' (came next) read as: PBM-TS beats each of the three UCB policies"),
        Qualitative(*OD_UCB_BEATS, quote="OD-UCB は PBM-UCB および Cascade-UCB を大きく上回り"),
        Qualitative(*WORST, quote="一方で UCB 系は全体に大きく、特に PBM-UCB (閲覧確率 P 既知) は大きなリグレットを示した",
                    reading="'特に … 大きなリグレット' read as: PBM-UCB has the largest regret of the five"),
    )))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-EXP", "ALG-ODUCB", "ALG-ODTS", "ALG-PBMUCB", "ALG-PBMTS")
