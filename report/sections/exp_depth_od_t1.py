"""OD-T1 against simulated OD-UCB where the theorem applies (claim OD-T1; source ``001_eb740855b56fcd8b.txt``, 定理1).

The source's experiments run OD-UCB at α = 1/2, outside Theorem 1 (α > 1/2), so the other
observable-depth sections cannot compare it.  Here OD-UCB runs at α = 1 and α = 3/2, inside the
printed theorem and inside the repaired Lemma 1 (the peeling repair holds for every α > 1/2, the
union-bound repair for α > 1; ``od_t1_bound(repaired="best")`` takes the smaller valid constant),
on the shallow and deep instances of the paper's experiments; OD-T1 is a finite-time explicit
bound, so it "holds" only if the mean regret is significantly under it at every checkpoint
(one-sided t-tests, Holm).
"""
from __future__ import annotations

from clickbound.report.depth_instances import SOURCE, synthetic_theta
from clickbound.report.experiments import (
    BoundSpec,
    Experiment,
    Qualitative,
    Setting,
    Sizes,
    bound_verdicts,
    register_experiment,
)

INSTANCES = {"shallow": (1.0, 0.55, 0.30, 0.15, 0.08), "deep": (1.0, 0.80, 0.70, 0.60, 0.50)}
ALPHAS = (1.0, 1.5)


def od_t1_setting(name: str, P, alpha: float) -> Setting:
    from clickbound.bounds.depth import od_t1_bound

    theta, P = synthetic_theta(), tuple(P)

    def env():
        from clickbound import sim

        return sim.Depth(theta, P)

    bounds = [BoundSpec("OD-UCB", lambda n: od_t1_bound(theta, P, n, alpha)),
              BoundSpec("OD-UCB", lambda n: od_t1_bound(theta, P, n, alpha, repaired="best"))]
    return Setting(label=f"{name} P, OD-UCB α = {alpha:g}", params={"P": name, "α": alpha}, make_env=env,
                   K=len(P), policies=("OD-UCB",), policy_params={"OD-UCB": {"alpha": alpha}},
                   bounds=tuple(bounds))


EXPERIMENT = register_experiment(Experiment(
    name="exp_depth_od_t1", id="EXP-OD-T1", order=158,
    title="OD-T1 (Theorem 1) vs OD-UCB where the theorem applies (α = 1, 3/2)",
    source=f"{SOURCE}, 定理1, 補題1",
    setting_text=("CM-Depth, L = 50 items (the synthetic θ of the paper's section 6.1), K = 5 slots, shallow and "
                  "deep P; OD-UCB with α = 1 and α = 3/2 (printed theorem: α > 1/2; repaired Lemma 1: peeling "
                  "for α > 1/2, the union bound for α > 1)."),
    settings=lambda profile: [od_t1_setting(n, P, a) for n, P in INSTANCES.items() for a in ALPHAS],
    policies=("OD-UCB",),
    sizes={"dev": Sizes(n=20_000, runs=8), "paper": Sizes(n=200_000, runs=20)},
    notes=(("OD-T1 as printed rests on Hoeffding at a random count (erratum ERR-OD-L1-RANDOM-N). The repaired "
           "bound's constant is the smaller valid one: K L C(α, η) from peeling (OD-L1/peeling-constant; "
           "α = 1: η optimised) or 2KLζ(2α−1) from the union bound over counts (α = 3/2)."),),
    qualitative=(
        Qualitative("OD-T1 as printed holds for OD-UCB (α = 1, 3/2)", bound_verdicts("OD-T1/as-printed"),
                    quote="定理 1. $\\alpha > 1/2$ とする。OD-UCB に関し、任意の自然数 $1 \\leq d \\leq L$ に対して",
                    reading="at α = 1 and 3/2 on the shallow and deep instances (inside the theorem's α > 1/2), "
                            "the synthetic θ of the source's 6.1"),
        # the repaired Lemma 1 is the project's, not the source's
        Qualitative("OD-T1 with the union-bound repair of Lemma 1 holds for OD-UCB (α = 3/2)",
                    bound_verdicts("OD-T1/repaired"), origin="project"),
        Qualitative("OD-T1 with the peeling repair of Lemma 1 holds for OD-UCB (α = 1)",
                    bound_verdicts("OD-T1/repaired-peeling"), origin="project"),
    ),
))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("OD-T1", "OD-L1", "ALG-ODUCB")
