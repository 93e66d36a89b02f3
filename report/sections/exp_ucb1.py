"""UCB1's bound from source 002, as printed and corrected, against simulated UCB1 (UCB1-BOUND).

Source ``002_3ec5ec57f55c1fdf.txt`` ("Upper Confidence Boundアルゴリズム"): index
``μ̂ + sqrt(α log t/(2T))``; the printed bound ``R(T) ≤ 2 Σ_{a≠1}(log T/Δ_a + αΔ_a/(α−1))``
drops an α (UCB1-COUNT-AS-PRINTED); the corrected one is
``2 Σ_{a≠1}(α log T/Δ_a + αΔ_a/(α−1))``.  Both are finite-time bounds, compared at
every checkpoint.  A large α makes UCB1 explore more (its regret grows like α log T),
which is where the dropped α should show.
"""
from __future__ import annotations

from clickbound.report.experiments import (
    BoundSpec,
    Experiment,
    Qualitative,
    Setting,
    Sizes,
    bound_verdicts,
    register_experiment,
)

MU = (0.9, 0.8)
ALPHAS = (2.0, 8.0)


def settings(profile: str):
    from clickbound.bounds.single_arm import ucb1_bound_as_printed, ucb1_bound_corrected

    def env():
        from clickbound import sim

        return sim.Bernoulli(list(MU))

    out = []
    for a in ALPHAS:
        out.append(Setting(
            label=f"two arms {MU}, α = {a:g}", params={"α": a}, make_env=env, K=1,
            policy_params={"UCB1": {"alpha": a}},
            bounds=(BoundSpec("UCB1", lambda n, a=a: ucb1_bound_as_printed(list(MU), n, a)),
                    BoundSpec("UCB1", lambda n, a=a: ucb1_bound_corrected(list(MU), n, a)))))
    return out


EXPERIMENT = register_experiment(Experiment(
    name="exp_ucb1", id="EXP-UCB1", order=165,
    title="UCB1's regret against source 002's bound, as printed and corrected",
    source="002_3ec5ec57f55c1fdf.txt, Upper Confidence Boundアルゴリズム (UCB1-BOUND)",
    setting_text=f"UCB1 with index μ̂ + sqrt(α log t/(2T)) on two Bernoulli arms {MU}, α ∈ {ALPHAS}.",
    settings=settings, policies=("UCB1",),
    sizes={"dev": Sizes(n=100_000, runs=20), "paper": Sizes(n=1_000_000, runs=50)},
    qualitative=(
        # the source ran no experiment: a pass at these two settings says nothing of the printed bound at
        # other α (it is false at α = 100, exactly: UCB1-COUNT-AS-PRINTED)
        Qualitative(f"UCB1's regret stays under the bound as printed (the project's check at μ = {MU}, "
                    f"α ∈ {{{', '.join(f'{a:g}' for a in ALPHAS)}}} only)",
                    bound_verdicts("UCB1-BOUND/as-printed"), origin="project"),
        Qualitative(f"UCB1's regret stays under the corrected bound (the project's check at μ = {MU}, "
                    f"α ∈ {{{', '.join(f'{a:g}' for a in ALPHAS)}}} only)",
                    bound_verdicts("UCB1-BOUND/corrected"), origin="project"),
    ),
))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("UCB1-BOUND", "UCB1-COUNT-AS-PRINTED", "ALG-UCB1")
