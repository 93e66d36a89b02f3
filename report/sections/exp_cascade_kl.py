"""CascadeKL-UCB on a cascade B_LB instance against its upper and lower bounds.

Upper: source ``000_0b27131c69d8f24c.txt``, 命題1 with i = K and the appendix
"Cascade KL-UCBの証明" (DCM-P1 at i = K; ``C_2(ε)``, ``β(ε)`` unknown, so the
comparison is on the log n slope).  Lower: DCM-T3 at γ = 1 (a DCM that always stops
after a click is the cascade model), ``(1−p)^{K−1}(L−K)Δ/D_KL(p−Δ‖p)`` (see
:mod:`clickbound.bounds.cascade`).  Not an experiment of the sources: it exercises the bounds
they state for CascadeKL-UCB (sources 000, 003).
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

GRID = ((16, 4, 0.2, 0.15), (8, 2, 0.5, 0.2))


def settings(profile: str):
    from clickbound.bounds.cascade import cascade_klucb_bound, cascade_lower_bound
    from clickbound.bounds.dcm import blb_attractions

    out = []
    for L, K, p, d in GRID:
        w = blb_attractions(L, K, p, d)

        def env(w=w):
            from clickbound import sim

            return sim.Cascade(w)

        out.append(Setting(
            label=f"cascade B_LB(L={L}, [K={K}], p={p}, Δ={d})", params={"p": p, "Δ": d}, make_env=env,
            K=K, bounds=(BoundSpec("CascadeKL-UCB", lambda n, w=w, K=K: cascade_klucb_bound(w, K, n)),
                         BoundSpec("CascadeKL-UCB",
                                   lambda n, L=L, K=K, p=p, d=d: cascade_lower_bound(L, K, p, d, n)))))
    return out


EXPERIMENT = register_experiment(Experiment(
    name="exp_cascade_kl", id="EXP-CAS-KL", order=175,
    title="CascadeKL-UCB against its upper bound (DCM-P1 at i = K) and the cascade lower bound",
    source="000_0b27131c69d8f24c.txt, 命題1 and appendix 'Cascade KL-UCBの証明'; 003_f899901a464da92a.txt",
    setting_text="CascadeKL-UCB on cascade instances with w̄ = p on K items and p − Δ on the rest.",
    settings=settings, policies=("CascadeKL-UCB",),
    sizes={"dev": Sizes(n=20_000, runs=10), "paper": Sizes(n=200_000, runs=20)},
    qualitative=(
        # no source ran this experiment: the project exercises the bounds the sources state
        Qualitative("CascadeKL-UCB's log n slope sits below its upper bound's coefficient",
                    bound_verdicts("CASCADE-KLUCB"), origin="project"),
        Qualitative("CascadeKL-UCB's log n slope sits above the cascade lower bound",
                    bound_verdicts("CASCADE-LB"), origin="project"),
    ),
))

#: the claim IDs this section reads (``clickbound explain`` lists the section under them)
SPEC_IDS = ("DCM-P1", "DCM-T3", "CASCADE-KLUCB", "CASCADE-LB", "ALG-CASKLUCB")
