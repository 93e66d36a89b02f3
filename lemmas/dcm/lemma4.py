"""DCM-L4 — Lemma 4 of DCM bandits, with mutants.

Source ``000_0b27131c69d8f24c.txt``, 補題4 (slide '準備:下限を示すための補題')::

    ∀ x, y ∈ [0,1]^K s.t. x ≥ y, γ ∈ [0,1]:   V(γx) − V(γy) ≥ γ [V(x) − V(y)]

Symbols ``x1..xK, y1..yK`` and ``g`` (γ), all in [0, 1].

Proof for every K (derived from DCM-TEL, which holds for all real vectors, so also for γx, γy):
``V(γx) − V(γy) = Σ_k γ(x_k − y_k) W'_k`` and ``γ[V(x) − V(y)] = Σ_k γ(x_k − y_k) W_k`` where
``W'_k`` has the factors ``1 − γz`` and ``W_k`` the factors ``1 − z`` (same z).  Each
``(1 − γz) − (1 − z) = z(1 − γ) ≥ 0`` and ``1 − γz = (1 − γ) + γ(1 − z) ≥ 0``, so by induction
on the number of factors (``A'F − Af = (A' − A)F + A(F − f)``) ``W'_k ≥ W_k``: the weights of
γx, γy dominate those of x, y termwise, and each difference term ``γ(x_k − y_k)(W'_k − W_k) ≥ 0``.

Mutants (``expected=False``):

* ``gamma<=2`` — lets γ range over [0, 2].  True at K = 1 (equality for every γ); false from K = 2
  (γ = 2, x = (1, 1), y = 0: 0 ≥ 2 fails).
* ``reversed`` — ``≤`` instead of ``≥``.  True at K = 1 (equality); false from K = 2.
* ``no-x>=y`` — drops ``x ≥ y``.  True at K = 1; false from K = 2 (γ = 1/2, x = 0, y = (1, 1)).
* ``no-gamma`` — drops the factor γ on the right (``V(γx) − V(γy) ≥ V(x) − V(y)``).  False at every
  K (K = 1: γ(x − y) ≥ x − y fails for γ < 1, x > y).
"""
from __future__ import annotations

from functools import cache

import sympy as sp

from clickbound.lemmas.dcm.lemma1 import weight_factors
from clickbound.lemmas.dcm.telescoping import nonneg_sum_step, tel_general_proof, tel_lemma_instance_proof
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import Atom, V, add_c, prod_c, prod_minus_prod_cert, vec
from clickbound.lemmas.support.dcm_family import check_variant, instance_claim, lemma_family
from clickbound.lemmas.support.kit import Claim, Derivation, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 7))
SOURCE_L4 = source("dcm").at("補題4 (slide '準備:下限を示すための補題')")
STATEMENT_TEXT = "for all x, y in [0,1]^K with x >= y, g in [0,1]: V(g x) - V(g y) >= g [V(x) - V(y)]"
G = sp.Symbol("g", real=True)


def l4_certificate(x, y, g, factors=weight_factors):
    """``Σ_k γ(x_k − y_k)(W'_k − W_k)`` as a certificate (``factors`` injectable for tests).

    ``factors(x, y, k)`` gives the unscaled weight factors ``(1 − z, z)``; the scaled factor is
    ``1 − γz`` and the gap ``(1 − γz) − (1 − z) = z (1 − γ)``.
    """
    terms = []
    for k in range(len(x)):
        fs = factors(x, y, k)
        small = [Atom(f, "1 - z") for f, _ in fs]
        big = [add_c(Atom(1 - g, "1 - g"), prod_c(Atom(g, "g"), Atom(f, "1 - z"))) for f, _ in fs]
        gap = [prod_c(Atom(z, "z"), Atom(1 - g, "1 - g")) for _, z in fs]
        terms.append(prod_c(Atom(g, "g"), Atom(x[k] - y[k], "x_k - y_k"),
                            prod_minus_prod_cert(big, small, gap)))
    return add_c(Atom(0, "zero"), *terms)


@cache
def l4_general_proof() -> ProofArtefact:
    """Lemma 4 for every K from DCM-TEL; each step an identity/certificate in abstract symbols."""
    dv = Derivation("DCM-L4 holds for every K (derivation from DCM-TEL)")
    A, Ap, f, F, z, d, W, Wp = sp.symbols("A A' f F z d W W'", real=True)
    g = G
    dv.cite("DCM-TEL for every K (a polynomial identity, so valid for the vectors g x, g y)", tel_general_proof())
    box = {sp.expand(e): why for e, why in [(z, "z >= 0"), (1 - z, "z <= 1"), (g, "g >= 0"), (1 - g, "g <= 1")]}
    dv.certificate("scaled factor dominates: (1 - g z) - (1 - z) == z (1 - g) >= 0",
                   (1 - g * z) - (1 - z), prod_c(Atom(z), Atom(1 - g)), box)
    dv.certificate("scaled factor is >= 0: 1 - g z == (1 - g) + g (1 - z)",
                   1 - g * z, add_c(Atom(1 - g), prod_c(Atom(g), Atom(1 - z))), box)
    facts = {sp.expand(e): why for e, why in [
        (Ap - A, "IH: A' >= A"), (F, "F = 1 - g z >= 0 (above)"), (A, "A >= 0 (product of factors >= 0)"),
        (F - f, "F - f >= 0 (above)")]}
    dv.certificate("induction on #factors: A'F - A f == (A' - A) F + A (F - f) >= 0",
                   Ap * F - A * f, add_c(prod_c(Atom(Ap - A), Atom(F)), prod_c(Atom(A), Atom(F - f))), facts)
    x1, y1 = sp.symbols("x1 y1", real=True)
    dv.equal("TEL term of (g x, g y) is g (x_k - y_k) W'_k", (g * x1 - g * y1) * Wp, g * (x1 - y1) * Wp)
    facts_term = {sp.expand(e): why for e, why in [
        (g, "g >= 0"), (d, "d = x_k - y_k >= 0 (x >= y)"), (Wp - W, "W'_k >= W_k (above)")]}
    dv.certificate("each term: g d W' - g d W == g d (W' - W) >= 0",
                   g * d * Wp - g * d * W, prod_c(Atom(g), Atom(d), Atom(Wp - W)), facts_term)
    nonneg_sum_step(dv, "sum over k: V(gx) - V(gy) - g[V(x) - V(y)] = sum_k g d_k (W'_k - W_k) >= 0"
                        " (each term >= 0 by the previous step; the decomposition is DCM-TEL, every K)")
    return dv.artefact(method="derivation (DCM-TEL)")


def l4_instance_proof(K, statement, domain, assumptions, factors=weight_factors) -> ProofArtefact:
    """``proof=`` of ``DCM-L4[K=k]``: the general derivation instantiated at K and checked."""
    x, y = vec("x", K), vec("y", K)
    gx, gy = [G * xi for xi in x], [G * yi for yi in y]
    return tel_lemma_instance_proof(
        "DCM-L4", K, statement, domain, assumptions, general=l4_general_proof(), cert=l4_certificate(x, y, G, factors),
        tel_for=("(g x, g y)", gx, gy),
        certificate=f"K={K}: V(gx)-V(gy) - g[V(x)-V(y)] == sum_k g (x_k-y_k) (W'_k - W_k), W' >= W factorwise")


# variant -> (what it breaks, K values registered: each one where the mutant is false)
MUTANTS = {
    "gamma<=2": ("lets gamma range over [0,2] (needs gamma <= 1; true at K=1, where it is an equality).", (2, 3)),
    "reversed": ("reverses the inequality (true at K=1, where it is an equality).", (2, 3)),
    "no-x>=y": ("drops the hypothesis x >= y (true at K=1, where it is an equality).", (2,)),
    "no-gamma": ("drops the factor gamma on the right-hand side (false for every K).", (1, 3)),
}


def l4_claim(K: int, variant: str | None = None) -> Claim:
    """``DCM-L4[K=k]`` or one of its mutants (``variant`` in :data:`MUTANTS`)."""
    check_variant(variant, MUTANTS)
    x, y = vec("x", K), vec("y", K)
    dom = {s: (0, 1) for s in (*x, *y)}
    dom[G] = (0, 2) if variant == "gamma<=2" else (0, 1)
    assumptions = [] if variant == "no-x>=y" else [sp.Ge(xk, yk) for xk, yk in zip(x, y)]
    lhs = V([G * xi for xi in x]) - V([G * yi for yi in y])
    rhs = (1 if variant == "no-gamma" else G) * (V(x) - V(y))
    statement = (sp.Le(lhs, rhs, evaluate=False) if variant == "reversed"
                 else sp.Ge(lhs, rhs, evaluate=False))
    return instance_claim("DCM-L4", "Lemma 4", K, variant, MUTANTS, statement=statement, domain=dom,
                          assumptions=assumptions, source=SOURCE_L4,
                          description=f"Lemma 4 at K={K}: {STATEMENT_TEXT}.", instance_proof=l4_instance_proof)


@register
def dcm_l4_claims():
    return lemma_family("DCM-L4", source=SOURCE_L4, statement_text=STATEMENT_TEXT, decide=derived(l4_general_proof, "derivation (DCM-TEL)"),
                        description="Lemma 4 for every K, derived from DCM-TEL (sympy-checked steps).",
                        claim=l4_claim, k_values=K_VALUES, mutants=MUTANTS)
