"""Cascade-model claims CAS-OPT and CAS-EXAM (SPEC §2.5, CM-Cascade §1).

Sources: ``003_f899901a464da92a.txt``, section "Cascading bandits" (examination
probability ``∏_{j=1}^{i−1}(1 − p(d_j))``, click probability ``1 − ∏_{j=1}^{k}(1 − p(d_j))``,
and the exercise "можно показать, что этот набор — документы с наибольшей
вероятностью клика … упражнение по теор. веру"); ``004_d9477b3ebe233f80.txt`` (cascade model).

* **CAS-OPT**: ``max_{A ∈ Π_K(E)} V(w̄|_A)`` is attained by the K most attractive items in
  any order.  Proof: ``V`` is symmetric, and the exchange identity
  ``V(x + (x'_k − x_k) e_k) − V(x) = (x'_k − x_k) ∏_{j≠k}(1 − x_j)`` shows that swapping in a
  more attractive item never lowers ``V`` (strictly raises it when every other shown item has
  ``w̄ < 1``).  Backed by exact brute force over small random instances.
* **CAS-EXAM**: position i is examined iff no earlier item attracted the user, with
  probability ``∏_{j<i}(1 − w̄(a_j))``; enumerating the 2^K attraction vectors gives it exactly.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.bounds.click import V, cascade_reward, examination
from clickbound.lemmas._derive import Derivation, proved
from clickbound.lemmas.engine.claim import Outcome, ProcedureClaim
from clickbound.lemmas.engine.registry import register

SRC_003 = "003_f899901a464da92a.txt, section 'Cascading bandits'"
SRC_004 = "004_d9477b3ebe233f80.txt, cascade model"

#: brute-force instances for CAS-OPT (seeded; sizes keep Π_K(E) ≤ 720 lists)
OPT_SEED = 20260521
OPT_INSTANCES = 300
OPT_L_MAX = 6
#: CAS-EXAM / exchange identities are checked symbolically for K = 1..K_SYM
K_SYM = 6


def draw_attractions(rng: np.random.Generator, L: int) -> list[Fraction]:
    """Exact rationals in [0, 1] with many ties and both endpoints (small denominators on purpose)."""
    den = int(rng.integers(1, 7))
    out = [Fraction(int(rng.integers(0, den + 1)), den) for _ in range(L)]
    if rng.random() < 0.2:  # force an endpoint now and then
        out[int(rng.integers(0, L))] = Fraction(int(rng.integers(0, 2)))
    return out


def brute_force_opt(w: list[Fraction], K: int):
    """``(max value, all maximising lists)`` of ``V(w|_A)`` over ``Π_K(E)``, exactly."""
    best, arg = None, []
    for A in itertools.permutations(range(len(w)), K):
        val = Fraction(cascade_reward(A, w))
        if best is None or val > best:
            best, arg = val, [A]
        elif val == best:
            arg.append(A)
    return best, arg


def cas_opt_proof():
    d = Derivation("the K most attractive items, in any order, maximise V(w̄|_A) over Π_K(E)")
    for K in range(1, 5):
        x = sp.symbols(f"x0:{K}")
        d.holds(f"K={K}: V is symmetric (V(x) = V(πx) for all {len(list(itertools.permutations(x)))} "
                "permutations π)", all(sp.expand(V(x) - V(list(pi))) == 0 for pi in itertools.permutations(x)),
                "expand(V(x) − V(πx)) == 0")
    for K in range(1, K_SYM + 1):
        x = sp.symbols(f"x0:{K}")
        xp = sp.Symbol("xprime")
        for k in range(K):
            y = list(x)
            y[k] = xp
            rest = sp.Mul(*[1 - x[j] for j in range(K) if j != k])
            d.equal(f"K={K}, k={k}: V(x with x_k → x') − V(x) = (x' − x_k)∏_(j≠k)(1 − x_j)",
                    sp.expand(V(y) - V(x)), sp.expand((xp - x[k]) * rest))
    d.holds("∏_(j≠k)(1 − x_j) ≥ 0 on [0,1]^K: replacing a shown item by an unshown, more attractive one "
            "never lowers V; at most K such exchanges turn any list into a top-K list, so top-K lists "
            "(any order, by symmetry) are optimal; strict gain when all other shown w̄ < 1", True,
            "exchange argument")
    return d.artefact()


def _cas_opt_decide(budget_s: float) -> Outcome:
    art = cas_opt_proof()
    rng = np.random.default_rng(np.random.SeedSequence(OPT_SEED))
    n_unique_checked = 0
    for _ in range(OPT_INSTANCES):
        L = int(rng.integers(1, OPT_L_MAX + 1))
        K = int(rng.integers(1, L + 1))
        w = draw_attractions(rng, L)
        best, arg = brute_force_opt(w, K)
        top = sorted(range(L), key=lambda e: -w[e])[:K]
        top_vals = sorted((w[e] for e in top), reverse=True)
        if Fraction(cascade_reward(top, w)) != best:
            return Outcome("refuted", "exact brute force", evidence={"best": best},
                           counterexample={"w": w, "K": K, "top_K_list": top})
        for A in itertools.permutations(top):  # any order of the top K is optimal
            if Fraction(cascade_reward(A, w)) != best:
                return Outcome("refuted", "exact brute force", counterexample={"w": w, "K": K, "list": A})
        if all(x < 1 for x in w):  # then the optimal lists are exactly those with the top-K value multiset
            n_unique_checked += 1
            for A in arg:
                if sorted((w[a] for a in A), reverse=True) != top_vals:
                    return Outcome("refuted", "exact brute force",
                                   evidence={"note": "optimal list outside the top-K value multiset"},
                                   counterexample={"w": w, "K": K, "list": A})
    return proved(art, method="derivation + exact brute force", brute_force={
        "instances": OPT_INSTANCES, "seed": OPT_SEED, "L_max": OPT_L_MAX,
        "instances_with_all_w<1_uniqueness_checked": n_unique_checked})


def cas_exam_proof():
    d = Derivation("P(position i examined) = ∏_(j<i)(1 − w̄(a_j)); P(click at i) = w̄(a_i)∏_(j<i)(1 − w̄(a_j)); "
                   "Σ_i P(click at i) = V(w̄|_A)")
    for K in range(1, K_SYM + 1):
        w = sp.symbols(f"w0:{K}")
        exam = [0] * K
        click = [0] * K
        for att in itertools.product((0, 1), repeat=K):  # independent attractions, cascade scan
            pa = sp.Mul(*[w[k] if att[k] else 1 - w[k] for k in range(K)])
            first = next((k for k in range(K) if att[k]), K)  # the user clicks the first attractive item
            for i in range(K):
                if i <= first:
                    exam[i] += pa
                if i == first:
                    click[i] += pa
        for i in range(K):
            d.equal(f"K={K}, i={i + 1}: Σ_att P(att)·1[examined] = examination(A, w, {i})",
                    sp.expand(exam[i]), sp.expand(examination(list(range(K)), w, i)))
            d.equal(f"K={K}, i={i + 1}: P(click at i) = w_i·∏_(j<i)(1 − w_j)",
                    sp.expand(click[i]), sp.expand(w[i] * examination(list(range(K)), w, i)))
        d.equal(f"K={K}: Σ_i P(click at i) = V(w) (at most one click)", sp.expand(sum(click)),
                sp.expand(cascade_reward(range(K), w)))
    return d.artefact()


@register
def cascade_claims():
    return [
        ProcedureClaim(
            id="CAS-OPT", spec_id="CAS-OPT", source=f"{SRC_003}; {SRC_004}", kind="identity", expected=True,
            statement_text="argmax_{A ∈ Π_K(E)} V(w̄|_A) contains every ordering of the K most attractive "
                           "items (and, when all w̄ < 1, only lists with their attraction values)",
            decide=_cas_opt_decide,
            description="Exchange-argument derivation (sympy) + exact brute force on seeded rational instances."),
        ProcedureClaim(
            id="CAS-EXAM", spec_id="CAS-EXAM", source=SRC_003, kind="identity", expected=True,
            statement_text="P(position i examined) = ∏_{j<i}(1 − w̄(a_j)) in the cascade model",
            decide=lambda budget_s: proved(cas_exam_proof(), method="exact enumeration (symbolic)"),
            description=f"Enumerates the 2^K attraction vectors symbolically, K = 1..{K_SYM}."),
    ]
