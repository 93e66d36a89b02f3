"""report/lecture_sims.py: the lecture sections' runner jobs, computed in place."""
import numpy as np

from clickbound import sim
from clickbound.report import lecture_sims
from clickbound.report.sections import ComputeContext


def test_results_through_the_cache_equal_simulate(tmp_path):
    # the same job computed here (no cache), then loaded from a cache another run filled: both bitwise equal
    # to sim.simulate with the same arguments (replication r's seed does not depend on how runs are split)
    from clickbound.sim.runner import Job

    env = sim.Cascade([0.3, 0.2, 0.25, 0.1])
    job = Job.of(env, "CascadeUCB1", n=500, runs=12, K=2, seed=7)   # 12 runs: two runner chunks
    direct = sim.simulate(env, "CascadeUCB1", K=2, n=500, runs=12, seed=7)
    here = lecture_sims.results(ComputeContext(progress=False), [job])[0]
    ctx = ComputeContext(progress=False, cache_dir=tmp_path)
    first = lecture_sims.results(ctx, [job])[0]
    assert len(list(tmp_path.glob("*.npz"))) == 2
    again = lecture_sims.results(ctx, [job])[0]                       # loaded
    for r in (here, first, again):
        np.testing.assert_array_equal(r.checkpoints, direct.checkpoints)
        np.testing.assert_array_equal(r.regret, direct.regret)



def test_prefetch_leaves_the_lecture_sections_alone():
    # their kernels would be compiled again in every pool worker (report/lecture_sims.py): they compute in place
    from clickbound.report.prefetch import section_jobs

    names = ["exp_lecture_smab", "exp_lecture_k", "exp_lecture_display", "exp_lecture_ranked", "exp_lecture_dbgd",
             "exp_lecture_gittins"]
    assert section_jobs(ComputeContext(profile="paper", progress=False), names) == {}
