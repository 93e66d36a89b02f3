"""Observable depth, RecGaze P (SPEC §4.2, source ``001_eb740855b56fcd8b.txt``, 6.4).

P is the source's RecGaze-derived vector; θ came from the RecGaze logs, which are not
available, so a documented synthetic θ stands in (:func:`recgaze_standin_theta`).
"""
from clickbound.bounds.depth import RECGAZE_P
from clickbound.report.depth_instances import depth_experiment, recgaze_standin_theta
from clickbound.report.experiments import Sizes, register_experiment

EXPERIMENT = register_experiment(depth_experiment(
    "exp_depth_recgaze", "EXP-OD-RecGaze", 152,
    "OD-UCB/OD-TS vs PBM-UCB/PBM-TS/Cascade-UCB, RecGaze P (L = 150, K = 15)",
    "L=150, K=15, RecGaze P", recgaze_standin_theta(), RECGAZE_P,
    stand_in="θ from the RecGaze logs is not available: the top fifteen items are evenly spaced on "
             "[0.10, 0.30] and the other 135 on [0.01, 0.09], shuffled with a fixed seed.",
    dev=Sizes(n=10_000, runs=6)))

#: the SPEC/claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-EXP", "ALG-ODUCB", "ALG-ODTS", "ALG-PBMUCB", "ALG-PBMTS")
