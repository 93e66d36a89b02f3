"""Cascade-model claims CAS-OPT and CAS-EXAM (CM-Cascade §1).

Sources: ``003_f899901a464da92a.txt``, section "Cascading bandits" (examination
probability ``∏_{j=1}^{i−1}(1 − p(d_j))``, click probability ``1 − ∏_{j=1}^{k}(1 − p(d_j))``,
and the exercise "можно показать, что этот набор — документы с наибольшей
вероятностью клика … упражнение по теор. веру"); ``004_d9477b3ebe233f80.txt`` (cascade model).

* **CAS-OPT**: ``max_{A ∈ Π_K(E)} V(w̄|_A)`` is attained by the K most attractive items in
  any order.  Proof for every L, K (:func:`cas_opt_proof`): group ``V(x) = 1 − (1 − x_k) R_k`` with
  ``R_k = ∏_{j≠k}(1 − x_j) ∈ [0, 1]``; the exchange identity
  ``V(x + (x'_k − x_k) e_k) − V(x) = (x'_k − x_k) R_k`` (abstract symbols, every K) shows V is
  non-decreasing in each coordinate, strictly when every other shown ``w̄ < 1`` (then ``R_k > 0``).
  ``V`` depends on the list only through the multiset of shown values (the product commutes), and
  the j-th largest shown value is at most the j-th largest ``w̄``; raising the shown values one
  coordinate at a time to the top-K values never lowers V.  Backed by exact brute force over
  small random instances and by the exchange identities expanded at K = 1..6.
* **CAS-EXAM**: position i is examined iff no earlier item attracted the user, with
  probability ``∏_{j<i}(1 − w̄(a_j))``; proved for every i by induction on i (independent
  attractions: the event for i + 1 is the event for i intersected with an independent event of
  probability ``1 − w̄(a_i)``), and cross-checked by enumerating the 2^K attraction vectors
  symbolically for K = 1..6.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy as sp

from clickbound.bounds.click import V, cascade_reward, examination
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.kit import Derivation, Outcome, ProcedureClaim, derived, proved, refuted, source

SRC_003 = source("lecture").at("section 'Cascading bandits'")
SRC_004 = source("cascade_blog").at("cascade model")

#: brute-force instances for CAS-OPT (seeded; sizes keep Π_K(E) ≤ 720 lists)
OPT_SEED = 20260521
OPT_INSTANCES = 300
OPT_L_MAX = 6
#: CAS-EXAM / exchange identities are cross-checked symbolically for K = 1..K_SYM
K_SYM = 6


def draw_attractions(rng: np.random.Generator, L: int) -> list[Fraction]:
    """Exact rationals in [0, 1] with many ties and both endpoints (small denominators on purpose)."""
    den = int(rng.integers(1, 7))
    out = [Fraction(int(rng.integers(0, den + 1)), den) for _ in range(L)]
    if rng.random() < 0.2:  # force an endpoint now and then
        out[int(rng.integers(0, L))] = Fraction(int(rng.integers(0, 2)))
    return out


def argmax_lists(L: int, k: int, value):
    """``(max value, set of maximising lists)`` of ``value(A)`` over the lists A of k distinct items out of
    ``range(L)`` (Π_k([L])), by exhaustion; ``value`` should be exact."""
    best, arg = None, []
    for A in itertools.permutations(range(L), k):
        v = value(A)
        if best is None or v > best:
            best, arg = v, [A]
        elif v == best:
            arg.append(A)
    return best, set(arg)


def brute_force_opt(w: list[Fraction], K: int):
    """``(max value, all maximising lists)`` of ``V(w|_A)`` over ``Π_K(E)``, exactly; the lists in
    lexicographic order."""
    best, arg = argmax_lists(len(w), K, lambda A: Fraction(cascade_reward(A, w)))
    return best, sorted(arg)


def cas_opt_proof():
    """CAS-OPT for every L, K (source 003, 'Cascading bandits', the exercise "упражнение по теор. веру")."""
    from clickbound.lemmas.support.dcm_algebra import Atom, add_c, prod_c, verify_certificate

    d = Derivation("the K most attractive items, in any order, maximise V(w̄|_A) over Π_K(E), every L and K; "
                   "when all w̄ < 1 only lists with the top-K attraction values do")
    xk, xp, R, A, f = sp.symbols("x_k xprime R A f", real=True)
    d.equal("every K: V(x) = 1 − (1 − x_k)R with R = ∏_(j≠k)(1 − x_j); raising x_k to x' adds (x' − x_k)R",
            (1 - (1 - xp) * R) - (1 - (1 - xk) * R), (xp - xk) * R)
    facts = {sp.expand(e): why for e, why in [
        (A, "A >= 0 (product of the factors so far, IH)"), (1 - A, "A <= 1 (IH)"),
        (f, "f = 1 - x_j >= 0 (x_j <= 1)"), (1 - f, "1 - f = x_j >= 0")]}
    d.steps.append(verify_certificate("R ∈ [0,1] by induction on its number of factors: A f >= 0",
                                      A * f, prod_c(Atom(A), Atom(f)), facts))
    d.steps.append(verify_certificate("R ∈ [0,1] by induction on its number of factors: 1 − A f == (1 − A) + "
                                      "A(1 − f) >= 0", 1 - A * f, add_c(Atom(1 - A), prod_c(Atom(A), Atom(1 - f))),
                                      facts))
    d.argument("so V is non-decreasing in each coordinate on [0,1]^K (gain (x' − x_k)R ≥ 0 for x' ≥ x_k), and "
               "strictly increasing in x_k when every other shown value is < 1 (then each factor 1 − x_j > 0 "
               "and R > 0)", "the exchange identity and R ∈ [0,1] above")
    d.argument("V(w̄|_A) depends on A only through the multiset of shown values (∏_k (1 − x_k) commutes): every "
               "ordering of a list has the same value", "commutativity of the product in V")
    d.argument("let v_1 ≥ … ≥ v_K be the shown values of any list A, u_1 ≥ … ≥ u_K the K largest w̄: v_j ≤ u_j "
               "for every j (at least j shown values, hence j values of w̄, are ≥ v_j). Raising v_1, …, v_K to "
               "u_1, …, u_K one coordinate at a time never lowers V, so V(w̄|_A) ≤ V(u) = V of every ordering of "
               "the top-K items. If all w̄ < 1 and the multisets differ, some v_j < u_j and that raise is strict",
               "monotonicity and symmetry above; the j-th order statistic of a sub-multiset is at most that of "
               "the whole")
    for K in range(1, 5):
        x = sp.symbols(f"x0:{K}")
        d.holds(f"cross-check K={K}: V is symmetric (V(x) = V(πx) for all {len(list(itertools.permutations(x)))} "
                "permutations π)", all(sp.expand(V(x) - V(list(pi))) == 0 for pi in itertools.permutations(x)),
                f"expand(V(x) − V(πx)) == 0 for every π of {sp.sstr(x)}")
    for K in range(1, K_SYM + 1):
        x = sp.symbols(f"x0:{K}")
        for k in range(K):
            y = list(x)
            y[k] = xp
            rest = sp.Mul(*[1 - x[j] for j in range(K) if j != k])
            d.equal(f"cross-check K={K}, k={k}: V(x with x_k → x') − V(x) = (x' − x_k)∏_(j≠k)(1 − x_j)",
                    sp.expand(V(y) - V(x)), sp.expand((xp - x[k]) * rest))
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
            return refuted("exact brute force", best=best, counterexample={"w": w, "K": K, "top_K_list": top})
        for A in itertools.permutations(top):  # any order of the top K is optimal
            if Fraction(cascade_reward(A, w)) != best:
                return refuted("exact brute force", counterexample={"w": w, "K": K, "list": A})
        if all(x < 1 for x in w):  # then the optimal lists are exactly those with the top-K value multiset
            n_unique_checked += 1
            for A in arg:
                if sorted((w[a] for a in A), reverse=True) != top_vals:
                    return refuted("exact brute force", note="optimal list outside the top-K value multiset",
                                   counterexample={"w": w, "K": K, "list": A})
    return proved(art, method="derivation (every L, K) + exact brute force", scope="all", brute_force={
        "instances": OPT_INSTANCES, "seed": OPT_SEED, "L_max": OPT_L_MAX,
        "instances_with_all_w<1_uniqueness_checked": n_unique_checked})


def cas_exam_proof():
    """CAS-EXAM for every position i (source 003, 'Cascading bandits': examination ∏_{j<i}(1 − p(d_j)))."""
    d = Derivation("P(position i examined) = ∏_(j<i)(1 − w̄(a_j)); P(click at i) = w̄(a_i)∏_(j<i)(1 − w̄(a_j)); "
                   "Σ_i P(click at i) = V(w̄|_A); every i and K (induction on i)")
    d.argument("cascade rule: the user clicks the first attractive item and stops, so position i is examined "
               "iff att_j = 0 for every j < i, and clicked iff examined and att_i = 1",
               "the definition of the cascade model (docs/conventions.md; source 003)")
    p, q = sp.symbols("p0 p1", real=True), sp.symbols("q0 q1", real=True)
    g, h = sp.symbols("g0 g1", real=True), sp.symbols("h0 h1", real=True)
    d.equal("independent blocks (att_1..att_(i−1)) and att_i: Σ_(a,b) p_a q_b g_a h_b == (Σ p g)(Σ q h) "
            "(product measure, abstract masses and indicator values)",
            sp.expand(sum(p[a] * q[b] * g[a] * h[b] for a in (0, 1) for b in (0, 1))),
            sp.expand(sum(p[a] * g[a] for a in (0, 1)) * sum(q[b] * h[b] for b in (0, 1))))
    E, w = sp.symbols("E_i w_i", real=True)  # E_i = P(examined at i)
    d.argument("induction on i: P(examined at 1) = 1 (empty event, empty product); {examined at i+1} = "
               "{examined at i} ∩ {att_i = 0}, two events of independent blocks, so P(examined at i+1) = "
               "P(examined at i)·(1 − w̄(a_i)) and the product gains exactly the factor (1 − w̄(a_i)); likewise "
               "P(click at i) = P(examined at i)·w̄(a_i)",
               "the cascade rule and the product-measure step above")
    d.equal("induction on K for Σ_(i≤K) P(click at i) = 1 − ∏_(i≤K)(1 − w_i): if S_i = 1 − E_i then "
            "S_(i+1) = S_i + w_i E_i = 1 − E_i(1 − w_i) = 1 − E_(i+1)", (1 - E) + w * E, 1 - E * (1 - w))
    for K in range(1, K_SYM + 1):
        ws = sp.symbols(f"w0:{K}")
        exam = [0] * K
        click = [0] * K
        for att in itertools.product((0, 1), repeat=K):  # independent attractions, cascade scan
            pa = sp.Mul(*[ws[k] if att[k] else 1 - ws[k] for k in range(K)])
            first = next((k for k in range(K) if att[k]), K)  # the user clicks the first attractive item
            for i in range(K):
                if i <= first:
                    exam[i] += pa
                if i == first:
                    click[i] += pa
        for i in range(K):
            d.equal(f"cross-check K={K}, i={i + 1}: Σ_att P(att)·1[examined] = examination(A, w, {i})",
                    sp.expand(exam[i]), sp.expand(examination(list(range(K)), ws, i)))
            d.equal(f"cross-check K={K}, i={i + 1}: P(click at i) = w_i·∏_(j<i)(1 − w_j)",
                    sp.expand(click[i]), sp.expand(ws[i] * examination(list(range(K)), ws, i)))
        d.equal(f"cross-check K={K}: Σ_i P(click at i) = V(w) (at most one click)", sp.expand(sum(click)),
                sp.expand(cascade_reward(range(K), ws)))
    return d.artefact()


@register
def cascade_claims():
    return [
        ProcedureClaim(
            id="CAS-OPT", spec_id="CAS-OPT", source=f"{SRC_003}; {SRC_004}", kind="identity", expected=True,
            statement_text="for every L, K ≤ L and w̄ ∈ [0,1]^L: argmax_{A ∈ Π_K(E)} V(w̄|_A) contains every "
                           "ordering of the K most attractive items (and, when all w̄ < 1, only lists with "
                           "their attraction values)",
            decide=_cas_opt_decide,
            description="Exchange-argument derivation for every L, K (sympy identities and certificates, "
                        "argument steps marked) + exact brute force on seeded rational instances."),
        ProcedureClaim(
            id="CAS-EXAM", spec_id="CAS-EXAM", source=SRC_003, kind="identity", expected=True,
            statement_text="for every K and position i ≤ K: P(position i examined) = ∏_{j<i}(1 − w̄(a_j)) in "
                           "the cascade model",
            decide=derived(cas_exam_proof, "derivation (induction on i)"),
            description=("Induction on i with independent attractions (every K); cross-check: the 2^K "
                         f"attraction vectors enumerated symbolically, K = 1..{K_SYM}.")),
    ]
