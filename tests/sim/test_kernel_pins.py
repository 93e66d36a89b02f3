"""Pinned traces of the two kernels sped up for the default report (PBM-TS, RankedKL-UCB).

A speed-up of these kernels must not change a number the report shows: the same seed must give
bitwise the same lists and regret.  The hashes below were computed with the kernels as they were
before the speed-up (commit 0663f9e, `sim.simulate(..., runs=2, seed=11, trace=n)`; SHA-256 of the
int64 trace followed by the float64 regret checkpoints, little-endian), so any change of the
random stream, of a tie-break, of an accept/reject decision or of a float in the regret fails here.
Sizes: the report's instances (RecGaze stand-in L = 150, K = 15; EXP-DCM-3c L = 20, K = 10), short
horizons (~1 s CPU in all), plus a non-uniform PBM-TS prior and a cascade RankedKL-UCB.
"""
import hashlib

import numpy as np
import pytest

from clickbound import sim
from clickbound.bounds.depth import RECGAZE_P
from clickbound.report.depth_instances import recgaze_standin_theta
from clickbound.report.sections import exp_dcm_3c as d3

P_SHALLOW = [1.0, 0.55, 0.30, 0.15, 0.08]

CASES = {
    "pbmts-recgaze": ("PBM-TS", lambda: sim.Depth(recgaze_standin_theta(), RECGAZE_P),
                      {"policy_params": {"kappa": list(RECGAZE_P)}}, 1500,
                      "89a551d72b42628e714bc57987956468616dffd49b50d939170b9837fd5747dd"),
    "pbmts-prior": ("PBM-TS", lambda: sim.PBM(np.linspace(0.02, 0.6, 12), P_SHALLOW),
                    {"policy_params": {"kappa": P_SHALLOW, "a0": 2.0, "b0": 3.0}}, 3000,
                    "bbd52156ff84427dcbaba540240e6947152d5c75af7b2d27231b496811250a36"),
    "ranked-dcm3c": ("RankedKL-UCB", lambda: sim.DCM(list(d3.W), list(d3.V)), {}, 20000,
                     "6c8a6ce87cdfd4f224f9182d506a7bf3d31277799d6ee568ab70e0bf48215198"),
    "ranked-cascade": ("RankedKL-UCB", lambda: sim.Cascade([0.3, 0.3, 0.1, 0.1, 0.05]), {"K": 3}, 20000,
                       "3eab2415949020692135f644bc8f3814d6b0587b948ae6cf10e7200ae44400e8"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_trace_and_regret_are_pinned(case):
    policy, env, kw, n, want = CASES[case]
    r = sim.simulate(env(), policy, n=n, runs=2, seed=11, trace=n, **kw)
    got = hashlib.sha256(np.ascontiguousarray(r.config["trace"], dtype="<i8").tobytes()
                         + np.ascontiguousarray(r.regret, dtype="<f8").tobytes()).hexdigest()
    assert got == want, f"{case}: {policy}'s lists or regret changed (hash {got})"
