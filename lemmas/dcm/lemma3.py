"""DCM-L3 — Lemma 3 of DCM bandits, with mutants.

Source ``000_0b27131c69d8f24c.txt``, 補題3 (slide '準備:一般形の上限を示すための補題')::

    ∀ x ∈ [0,1]^K, ∀ c ∈ [0,1]^K s.t. c_1 ≥ … ≥ c_K:
        V(c ⊙ x') − V(c ⊙ x) ≤ Σ_k c_k x'_k − Σ_k c_k x_k,      x' = x sorted in decreasing order.

In a claim, ``x'_k`` (the k-th largest entry) is the exact expression
``Max_{|S|=k} Min_{i∈S} x_i`` (flat, no nested sorting network); the per-K derivation checks
that these expressions sort, on one interior point of every one of the K! order regions (on
each region the expression is a single coordinate, so this is a complete check).

Proof for every K (adjacent transpositions + bubble sort).  Put ``G(x) = Σ_k c_k x_k − V(c ⊙ x)``;
the lemma says ``G(x') ≥ G(x)``.  Swap an adjacent out-of-order pair ``a = x_k ≤ b = x_{k+1}``
(giving ``x̃``), and let ``P = ∏_{j<k}(1 − c_j x_j)``, ``Q = ∏_{j>k+1}(1 − c_j x_j)``:

* the right-hand side grows by ``(c_k − c_{k+1})(b − a)``,
* the left-hand side grows by ``PQ (c_k − c_{k+1})(b − a)``,

so ``G(x̃) − G(x) = (c_k − c_{k+1})(b − a)(1 − PQ) ≥ 0`` (``c`` non-increasing, ``b ≥ a``, and
``P, Q ∈ [0,1]`` because every factor ``1 − c_j x_j = (1 − c_j) + c_j(1 − x_j)`` lies in [0,1]).
Bubble sort reaches ``x'`` from ``x`` by such swaps only; summing the increments gives the lemma.
For K = 2 there is no other factor, ``PQ = 1``, and the lemma is an *equality* (both sides are
``(c_1 − c_2)(x_2 − x_1)`` when ``x_1 < x_2``): a float checker sees ~1e-16 "violations" there,
which is why refutations must be exact.

Notational point (presenter's question, 疑問点: 「補題3の "Then" 直後の x_k' は \\tilde{x}_k では?」):
in the paper's proof the vector right after "Then" is, on the presenter's reading, a vector one
swap away from ``x`` — the role played here by ``x̃`` — not the fully sorted ``x'``.  The slides
alone cannot settle what the paper meant; the proof above needs both objects (``x̃`` for each
swap, ``x'`` at the end of the chain), and the lemma as stated (with ``x'``) is what is checked.

Mutants (``expected=False``):

* ``c-unsorted`` — drops ``c_1 ≥ … ≥ c_K``.  True at K = 2 (equality for every c, since PQ = 1);
  false at K = 3 (e.g. c = (0, 1, 1), x = (1/2, 1, 1/4)).
* ``reversed`` — ``≥`` instead of ``≤``.  True at K = 2 (equality); false at K = 3.
* ``ascending`` — ``x'`` sorted increasingly.  True at K = 2 (the single swap again changes both
  sides by the same amount, PQ = 1); false at K = 3 (e.g. c = (1, 1/2, 0), x = (1, 1, 0)).
* ``half`` — constant 1/2 on the right.  False already at K = 2 (c = (1, 0), x = (0, 1): 1 ≤ 1/2).
"""
from __future__ import annotations

from functools import cache
from itertools import combinations, permutations

import sympy as sp

from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.dcm_algebra import (
    Atom,
    V,
    add_c,
    nonneg_facts,
    one_minus_prod_cert,
    prod,
    prod_c,
    relation_target,
    vec,
)
from clickbound.lemmas.support.dcm_family import check_variant, instance_claim, lemma_family
from clickbound.lemmas.support.kit import Claim, Derivation, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 7))
# Bubble sort is re-run exhaustively on every order pattern up to this K (combinatorial check).
K_BUBBLE_CHECK = 7
SRC = source("dcm")
SOURCE_L3 = SRC.at("補題3 (slide '準備:一般形の上限を示すための補題')")
STATEMENT_TEXT = ("for all x, c in [0,1]^K with c_1 >= ... >= c_K, x' = x sorted decreasingly: "
                  "V(c*x') - V(c*x) <= sum_k c_k x'_k - sum_k c_k x_k")


def sorted_desc(x):
    """``x'_k = Max_{|S|=k} Min_{i∈S} x_i`` — the k-th largest entry, as exact expressions."""
    K = len(x)
    return [sp.Max(*[sp.Min(*S) for S in combinations(x, k)]) for k in range(1, K + 1)]


def sorted_asc(x):
    """``Min_{|S|=k} Max_{i∈S} x_i`` — the k-th smallest entry (used by the ``ascending`` mutant)."""
    K = len(x)
    return [sp.Min(*[sp.Max(*S) for S in combinations(x, k)]) for k in range(1, K + 1)]


def G(c, x):
    """``G(x) = Σ_k c_k x_k − V(c ⊙ x)``; Lemma 3 says ``G(x') ≥ G(x)``."""
    return sum((ck * xk for ck, xk in zip(c, x)), sp.Integer(0)) - V([ck * xk for ck, xk in zip(c, x)])


def factor_cert(cj, xj):
    """Certificates that ``1 − c_j x_j`` and ``c_j x_j`` are ``>= 0``."""
    f = add_c(Atom(1 - cj, "1 - c_j"), prod_c(Atom(cj, "c_j"), Atom(1 - xj, "1 - x_j")))
    comp = prod_c(Atom(cj, "c_j"), Atom(xj, "x_j"))
    return f, comp


def swap_step(d: Derivation, c, x, k, domain, assumptions, increment=None) -> None:
    """Check, and record in ``d``, the swap identity and its sign at (0-based) adjacent pair ``k, k+1``
    for concrete K.

    ``increment`` (injectable so tests can break it) is the claimed ``G(x̃) − G(x)``.
    """
    xt = list(x)
    xt[k], xt[k + 1] = x[k + 1], x[k]
    others = [j for j in range(len(x)) if j not in (k, k + 1)]
    PQ = prod(1 - c[j] * x[j] for j in others)
    inc = (c[k] - c[k + 1]) * (x[k + 1] - x[k]) * (1 - PQ) if increment is None else increment
    d.equal(f"swap at positions {k + 1},{k + 2}: G(x~) - G(x) == (c_k - c_k+1)(x_k+1 - x_k)(1 - PQ)",
            G(c, xt) - G(c, x), inc)
    pairs = [factor_cert(c[j], x[j]) for j in others]
    cert = prod_c(Atom(c[k] - c[k + 1], "c_k - c_k+1"), Atom(x[k + 1] - x[k], "out-of-order pair"),
                  one_minus_prod_cert([f for f, _ in pairs], [g for _, g in pairs]))
    facts = nonneg_facts(domain, assumptions, extra=[sp.Ge(x[k + 1], x[k])])
    d.certificate(f"swap at positions {k + 1},{k + 2} increases G when x_k <= x_k+1", G(c, xt) - G(c, x), cert, facts)


def bubble_sort_sorts(K: int) -> bool:
    """Every order pattern of K entries reaches decreasing order by out-of-order adjacent swaps
    (an exhaustive run over the K! permutations of ``range(K)``)."""
    for perm in permutations(range(K)):
        a = list(perm)
        for _ in range(K):
            for k in range(K - 1):
                if a[k] < a[k + 1]:
                    a[k], a[k + 1] = a[k + 1], a[k]  # only out-of-order pairs are swapped
        if a != sorted(perm, reverse=True):
            return False
    return True


def bubble_sort_step(d: Derivation, Ks) -> None:
    """Record in ``d`` the exhaustive bubble-sort run for each K of ``Ks`` (one K, or a range ``1..n``)."""
    Ks = tuple(Ks)
    text = (f"bubble sort with out-of-order adjacent swaps sorts all {Ks[-1]}! order patterns decreasingly",
            f"exhaustive run over the {Ks[-1]}! permutations of range({Ks[-1]})")
    if len(Ks) > 1:
        text = (f"{text[0]} (K = {Ks[0]}..{Ks[-1]})", f"{text[1]}, for each K = {Ks[0]}..{Ks[-1]}")
    d.holds(text[0], all(bubble_sort_sorts(K) for K in Ks), text[1])


def sort_expr_check(d: Derivation, x, xs_expr, descending=True) -> None:
    """Record in ``d`` that the claim's ``x'`` expressions equal the sorted vector on every order region
    (one point each)."""
    K = len(x)
    f = sp.lambdify(x, xs_expr, modules=[{"Max": max, "Min": min}])
    wrong = [perm for perm in permutations(range(1, K + 1)) if list(f(*perm)) != sorted(perm, reverse=descending)]
    d.holds(f"x' = (Max over k-subsets of Min) is the decreasing sort on all {K}! order regions", not wrong,
            "exact evaluation at one interior point per region (each region: a single coordinate)")


#: the cited fact behind every sorting-by-swaps argument of this module
BUBBLE_SORT = ("adjacent transpositions of out-of-order pairs sort every finite sequence (bubble sort; Knuth, "
               "The Art of Computer Programming, vol. 3, §5.2.2)")


def telescoping_step(d: Derivation) -> None:
    """Record in ``d``: Σ_{i<n} (g_{i+1} − g_i) = g_n − g_0 for every n (sympy's closed form of the
    symbolic sum)."""
    i, n = sp.symbols("i n", integer=True, nonnegative=True)
    g = sp.Function("g")
    total = sp.Sum(g(i + 1) - g(i), (i, 0, n - 1)).doit()
    d.equal("telescoping: sum_(i<n) (g_(i+1) - g_i) == g_n - g_0 for every chain length n", total, g(n) - g(0))


def longest_chain_check(d: Derivation, c, x) -> None:
    """Record in ``d``: on the order region x_1 <= … <= x_K (the longest bubble-sort chain, K(K−1)/2 swaps),
    the sum of the swap increments (c_k − c_(k+1))(b − a)(1 − PQ) along the chain equals G(x') − G(x)
    exactly."""
    K = len(x)
    cur, total, n = list(x), sp.Integer(0), 0
    for _ in range(K):
        for k in range(K - 1):
            a, b = cur[k], cur[k + 1]
            if x.index(a) < x.index(b):  # out of order on this region (a <= b): swap
                PQ = prod(1 - c[j] * cur[j] for j in range(K) if j not in (k, k + 1))
                total += (c[k] - c[k + 1]) * (b - a) * (1 - PQ)
                cur[k], cur[k + 1] = b, a
                n += 1
    d.equal(f"on x_1 <= ... <= x_K ({n} swaps): sum of the swap increments == G(x reversed) - G(x)",
            total, G(c, list(reversed(x))) - G(c, x))


def l3_instance_proof(K, statement, domain, assumptions, increment=None) -> ProofArtefact:
    """``proof=`` of ``DCM-L3[K=k]``: swap identities at this K, bubble sort, telescoping."""
    x, c = vec("x", K), vec("c", K)
    xs = sorted_desc(x)
    d = Derivation(f"DCM-L3 at K={K}: adjacent transpositions + bubble sort, checked")
    sort_expr_check(d, x, xs)
    for k in range(K - 1):
        swap_step(d, c, x, k, domain, assumptions, None if increment is None else increment(c, x, k))
    bubble_sort_step(d, [K])
    d.equal("RHS - LHS == G(x') - G(x) (definition of G)", relation_target(statement), G(c, xs) - G(c, x))
    longest_chain_check(d, c, x)
    telescoping_step(d)
    d.cited("G(x') - G(x) = sum of the swap increments along the bubble-sort chain >= 0: each "
            "intermediate vector is a permutation of x (in [0,1]^K), each swap exchanges an "
            "out-of-order adjacent pair, so the swap steps above apply to it (their identities "
            "are polynomial identities, kept under renaming the variables) and every increment "
            "is >= 0; the telescoping step sums them", BUBBLE_SORT)
    return d.artefact(conclusion=statement, hypotheses=assumptions, domain=dict(domain),
                      general_proof=l3_general_proof().summary)


@cache
def l3_general_proof() -> ProofArtefact:
    """Lemma 3 for every K: the swap identity in abstract prefix/suffix products P, Q."""
    P, Q, a, b, ck, cn = sp.symbols("P Q a b c_k c_next", real=True)
    d = Derivation("DCM-L3 holds for every K (adjacent transpositions + bubble sort)")
    V_x = 1 - P * (1 - ck * a) * (1 - cn * b) * Q
    V_xt = 1 - P * (1 - ck * b) * (1 - cn * a) * Q
    d.equal("LHS increment: V(c*x~) - V(c*x) == PQ (c_k - c_k+1)(b - a)", V_xt - V_x, P * Q * (ck - cn) * (b - a))
    d.equal("RHS increment: (c_k b + c_k+1 a) - (c_k a + c_k+1 b) == (c_k - c_k+1)(b - a)",
            (ck * b + cn * a) - (ck * a + cn * b), (ck - cn) * (b - a))
    facts = {sp.expand(e): why for e, why in [
        (ck - cn, "c non-increasing"), (b - a, "out-of-order pair a <= b"), (1 - P, "P <= 1"),
        (P, "P >= 0"), (1 - Q, "Q <= 1")]}
    inc = (ck - cn) * (b - a) - P * Q * (ck - cn) * (b - a)
    d.certificate("RHS increment - LHS increment == (c_k - c_k+1)(b - a)((1 - P) + P(1 - Q)) >= 0",
                  inc, prod_c(Atom(ck - cn), Atom(b - a), add_c(Atom(1 - P), prod_c(Atom(P), Atom(1 - Q)))), facts)
    cj, xj = sp.symbols("c_j x_j", real=True)
    box = {sp.expand(e): "box [0,1]" for e in (cj, 1 - cj, xj, 1 - xj)}
    f, comp = factor_cert(cj, xj)
    d.certificate("factors of P, Q: 1 - c_j x_j >= 0", 1 - cj * xj, f, box)
    d.certificate("factors of P, Q: 1 - (1 - c_j x_j) = c_j x_j >= 0", cj * xj, comp, box)
    A, fj = sp.symbols("A f", real=True)
    unit = {sp.expand(e): "in [0,1]" for e in (A, 1 - A, fj, 1 - fj)}
    d.certificate("induction step for products: A, f in [0,1] give 1 - A f = (1 - A) + A(1 - f) >= 0",
                  1 - A * fj, add_c(Atom(1 - A), prod_c(Atom(A), Atom(1 - fj))), unit)
    d.certificate("induction step for products: A, f in [0,1] give A f >= 0", A * fj, prod_c(Atom(A), Atom(fj)), unit)
    d.cited("P, Q in [0,1]: products of factors in [0,1], by induction on the number of factors "
            "(empty product 1; the two induction-step certificates above)",
            "mathematical induction on the number of factors")
    bubble_sort_step(d, range(1, K_BUBBLE_CHECK + 1))
    d.cited("bubble sort reaches x' from x by out-of-order adjacent swaps (each removes one "
            "inversion, so it stops after finitely many), for every K", BUBBLE_SORT)
    telescoping_step(d)
    d.cited("telescoping the increments along the chain, each >= 0 by the per-swap inequality "
            "above: G(x') - G(x) >= 0, i.e. Lemma 3", BUBBLE_SORT)
    return d.artefact(method="derivation (swap identity)", equality_case="K=2: PQ = 1, both sides equal")


# variant -> (what it breaks, K values registered: each one where the mutant is false)
MUTANTS = {
    "c-unsorted": ("drops c_1 >= ... >= c_K (true at K=2, where the lemma is an equality for every c).", (3,)),
    "reversed": ("reverses the inequality (true at K=2, where it is an equality).", (3,)),
    "ascending": ("uses x sorted increasingly instead of decreasingly (true at K=2).", (3,)),
    "half": ("puts the constant 1/2 on the right-hand side (false from K=2).", (2, 3)),
}


def l3_claim(K: int, variant: str | None = None) -> Claim:
    """``DCM-L3[K=k]`` or one of its mutants (``variant`` in :data:`MUTANTS`)."""
    check_variant(variant, MUTANTS)
    x, c = vec("x", K), vec("c", K)
    dom = {s: (0, 1) for s in (*x, *c)}
    assumptions = [] if variant == "c-unsorted" else [sp.Ge(c[k], c[k + 1]) for k in range(K - 1)]
    xs = sorted_asc(x) if variant == "ascending" else sorted_desc(x)
    lhs = V([ck * xk for ck, xk in zip(c, xs)]) - V([ck * xk for ck, xk in zip(c, x)])
    rhs = sum(ck * xk for ck, xk in zip(c, xs)) - sum(ck * xk for ck, xk in zip(c, x))
    if variant == "half":
        rhs = sp.Rational(1, 2) * rhs
    statement = (sp.Ge(lhs, rhs, evaluate=False) if variant == "reversed"
                 else sp.Le(lhs, rhs, evaluate=False))
    return instance_claim("DCM-L3", "Lemma 3", K, variant, MUTANTS, statement=statement, domain=dom,
                          assumptions=assumptions, source=SOURCE_L3,
                          description=(f"Lemma 3 at K={K}: {STATEMENT_TEXT}. x'_k is written as "
                                       "Max over k-subsets of Min. " + ("Equality case (K=2). " if K == 2 else "")
                                       + "Presenter's note: 'x'_k right after Then' may mean x~_k (one swap)."),
                          instance_proof=l3_instance_proof)


@register
def dcm_l3_claims():
    return lemma_family("DCM-L3", source=SOURCE_L3, statement_text=STATEMENT_TEXT, decide=derived(l3_general_proof, "derivation (swap identity + bubble sort)"),
                        description=("Lemma 3 for every K: adjacent transpositions (sympy swap identity) "
                                     "and bubble sort. K=2 is an exact equality case."),
                        claim=l3_claim, k_values=K_VALUES, mutants=MUTANTS)



ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-L3-ORDER-SYMBOL", source_file=SRC.file, location="補題3 (slide '準備:一般形の上限を示すための補題')",
    source_says="∀x ∈ [0,1]^K, ∀c ∈ [0,1]^K s.t. c_1 ≥ … c_K",
    truth="a relation is missing before c_K: the hypothesis is c_1 ≥ … ≥ c_K, and it is needed (Lemma 3 fails "
          "for unsorted c at K = 3); with it Lemma 3 holds for every K",
    evidence_claims=("DCM-L3", "DCM-L3/c-unsorted[K=3]"),
    conclusion_survives="yes: the intended hypothesis is clear and Lemma 3 holds under it",
    spec_id="DCM-L3",
    severity="notation", quotes=(
        r"c_1 \ge \dots c_K,$$",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1,)
