"""DCM-L1 — Lemma 1 of DCM bandits, with mutants.

Source ``000_0b27131c69d8f24c.txt``, 補題1 (slide 'DCM bandits 準備:2つの簡単な補題')::

    ∀ x, y ∈ [0,1]^K s.t. x ≥ y:   V(x) − V(y) ≤ Σ_k x_k − Σ_k y_k

Proof for every K (derived from DCM-TEL, :mod:`clickbound.lemmas.dcm.telescoping`):
``V(x) − V(y) = Σ_k (x_k − y_k) W_k`` with ``W_k = ∏_{j<k}(1 − y_j) ∏_{j>k}(1 − x_j)``.
Each factor lies in [0,1] (x, y ∈ [0,1]), so ``W_k ∈ [0,1]`` (induction on the number of
factors: ``1 − A f = (1 − A) + A (1 − f)``); with ``x_k − y_k ≥ 0`` each term is at most
``x_k − y_k``: ``(x_k − y_k) − (x_k − y_k) W_k = (x_k − y_k)(1 − W_k) ≥ 0``.  Summing gives L1.

The presenter asks (疑問点) whether the paper's proofs of Lemmas 1 and 2 need to show that an
auxiliary function d(x) is positive; this derivation uses only ``x_k − y_k ≥ 0`` and the bounds on
the weights, so no such positivity step enters (evidence that it is indeed not needed here).

Per-K claims ``DCM-L1[K=k]`` carry the instance of this derivation as ``proof=``: the TEL
instance, then a non-negativity certificate ``RHS − LHS = Σ_k (x_k − y_k) Σ_i (1 − f_i) ∏_{j<i} f_j``
whose atoms are the box bounds and the assumptions ``x_k >= y_k`` (checked by expansion).

Mutants (``expected=False``; which hypothesis / constant each one breaks):

* ``no-x>=y`` — drops ``x ≥ y``.  True at K = 1 (both sides equal ``x_1 − y_1``), false from K = 2
  (x = 0, y = (1, 1): −1 ≤ −2 fails).
* ``half`` — constant ``1/2`` on the right.  False at every K (x = e_1, y = 0).
* ``reversed`` — ``≥`` instead of ``≤``.  True at K = 1 (equality), false from K = 2.
* ``box[-1,1]`` — x, y range over [−1, 1] instead of [0, 1] (weights can exceed 1).  False from
  K = 2 (x = 0, y = (−1, −1): 3 ≤ 2 fails).
"""
from __future__ import annotations

from functools import cache

import sympy as sp

from clickbound.lemmas.dcm.telescoping import nonneg_sum_step, tel_general_proof, tel_lemma_instance_proof
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import Atom, V, add_c, one_minus_prod_cert, prod_c, vec
from clickbound.lemmas.support.dcm_family import check_variant, instance_claim, lemma_family
from clickbound.lemmas.support.kit import Claim, Derivation, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 7))
SOURCE_L1 = source("dcm").at("補題1 (slide 'DCM bandits 準備:2つの簡単な補題')")
STATEMENT_TEXT = "for all x, y in [0,1]^K with x >= y: V(x) - V(y) <= sum_k x_k - sum_k y_k"


def weight_factors(x, y, k):
    """Factors of the TEL weight ``W_k`` as ``(f, 1 − f)`` pairs: ``1 − y_j`` (j<k), ``1 − x_j`` (j>k)."""
    return [(1 - yj, yj) for yj in y[:k]] + [(1 - xj, xj) for xj in x[k + 1:]]


def l1_certificate(x, y, factors=weight_factors):
    """``Σ_k (x_k − y_k)(1 − W_k)`` written as a certificate (``factors`` injectable for tests)."""
    terms = []
    for k in range(len(x)):
        fs = factors(x, y, k)
        one_minus_w = one_minus_prod_cert([Atom(f, "weight factor") for f, _ in fs],
                                          [Atom(c, "1 - weight factor") for _, c in fs])
        terms.append(prod_c(Atom(x[k] - y[k], "x_k - y_k"), one_minus_w))
    return add_c(Atom(0, "zero"), *terms)


@cache
def l1_general_proof() -> ProofArtefact:
    """Lemma 1 for every K from DCM-TEL; each step an identity/certificate in abstract symbols."""
    d = Derivation("DCM-L1 holds for every K (derivation from DCM-TEL)")
    d.cite("DCM-TEL for every K", tel_general_proof())
    A, f, dk, W = sp.symbols("A f d W", real=True)
    facts = {sp.expand(e): why for e, why in [
        (A, "prefix product A >= 0 (IH)"), (1 - A, "prefix product A <= 1 (IH)"),
        (f, "factor f = 1 - z >= 0 since z <= 1"), (1 - f, "1 - f = z >= 0 since z >= 0")]}
    d.certificate("weights in [0,1] (induction on #factors): A f >= 0", A * f, prod_c(Atom(A), Atom(f)), facts)
    d.certificate("weights in [0,1] (induction on #factors): 1 - A f == (1-A) + A(1-f) >= 0",
                  1 - A * f, add_c(Atom(1 - A), prod_c(Atom(A), Atom(1 - f))), facts)
    facts_term = {sp.expand(dk): "d = x_k - y_k >= 0 (x >= y)", sp.expand(1 - W): "W_k <= 1 (above)"}
    d.certificate("each TEL term is <= x_k - y_k: d - d W == d (1 - W) >= 0",
                  dk - dk * W, prod_c(Atom(dk), Atom(1 - W)), facts_term)
    nonneg_sum_step(d, "sum over k: RHS - LHS = sum_k (d_k - d_k W_k), a sum of K terms >= 0"
                       " (each term >= 0 by the previous step; the decomposition is DCM-TEL, every K)")
    return d.artefact(method="derivation (DCM-TEL)")


def l1_instance_proof(K, statement, domain, assumptions, factors=weight_factors) -> ProofArtefact:
    """``proof=`` of ``DCM-L1[K=k]``: the general derivation instantiated at K and checked."""
    x, y = vec("x", K), vec("y", K)
    return tel_lemma_instance_proof(
        "DCM-L1", K, statement, domain, assumptions, general=l1_general_proof(), cert=l1_certificate(x, y, factors),
        certificate=f"K={K}: RHS - LHS == sum_k (x_k-y_k) sum_i (1-f_i) prod_(j<i) f_j")


def l1_claim(K: int, variant: str | None = None) -> Claim:
    """``DCM-L1[K=k]`` or one of its mutants (``variant`` in :data:`MUTANTS`)."""
    check_variant(variant, MUTANTS)
    x, y = vec("x", K), vec("y", K)
    lo = -1 if variant == "box[-1,1]" else 0
    dom = {s: (lo, 1) for s in (*x, *y)}
    assumptions = [] if variant == "no-x>=y" else [sp.Ge(xk, yk) for xk, yk in zip(x, y)]
    lhs, rhs = V(x) - V(y), sum(x) - sum(y)
    if variant == "half":
        rhs = sp.Rational(1, 2) * rhs
    statement = (sp.Ge(lhs, rhs, evaluate=False) if variant == "reversed"
                 else sp.Le(lhs, rhs, evaluate=False))
    return instance_claim("DCM-L1", "Lemma 1", K, variant, MUTANTS, statement=statement, domain=dom,
                          assumptions=assumptions, source=SOURCE_L1,
                          description=f"Lemma 1 at K={K}: {STATEMENT_TEXT}.", instance_proof=l1_instance_proof)


# variant -> (what it breaks, K values registered: each one where the mutant is false)
MUTANTS = {
    "no-x>=y": ("drops the hypothesis x >= y (true at K=1, where both sides are x1 - y1).", (2, 3)),
    "half": ("replaces the constant 1 by 1/2 on the right-hand side (false for every K).", (1, 3)),
    "reversed": ("reverses the inequality (true at K=1, where it is an equality).", (2, 3)),
    "box[-1,1]": ("widens the box to [-1,1]^K (needs x, y >= 0; true at K=1).", (2,)),
}


@register
def dcm_l1_claims():
    return lemma_family("DCM-L1", source=SOURCE_L1, statement_text=STATEMENT_TEXT, decide=derived(l1_general_proof, "derivation (DCM-TEL)"),
                        description="Lemma 1 for every K, derived from DCM-TEL (sympy-checked steps).",
                        claim=l1_claim, k_values=K_VALUES, mutants=MUTANTS)
