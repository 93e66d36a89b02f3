"""Observable depth, deep P (SPEC §4.2, source ``001_eb740855b56fcd8b.txt``, 6.1)."""
from clickbound.report.depth_instances import depth_experiment, synthetic_theta
from clickbound.report.experiments import register_experiment

EXPERIMENT = register_experiment(depth_experiment(
    "exp_depth_deep", "EXP-OD-deep", 151, "OD-UCB/OD-TS vs PBM-UCB/PBM-TS/Cascade-UCB, deep P",
    "L=50, K=5, deep P", synthetic_theta(), (1.0, 0.80, 0.70, 0.60, 0.50)))

#: the SPEC/claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-EXP", "ALG-ODUCB", "ALG-ODTS", "ALG-PBMUCB", "ALG-PBMTS")
