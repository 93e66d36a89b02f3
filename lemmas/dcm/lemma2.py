"""DCM-L2 — Lemma 2 of DCM bandits, with mutants.

Source ``000_0b27131c69d8f24c.txt``, 補題2 (slide 'DCM bandits 準備:2つの簡単な補題')::

    ∀ x, y ∈ [0, p_max]^K s.t. x ≥ y:   α [Σ_k x_k − Σ_k y_k] ≤ V(x) − V(y),   α = (1 − p_max)^{K−1}

Symbols: ``x1..xK, y1..yK`` and ``p`` (p_max), all in the box [0, 1]; the bound ``x_k, y_k <= p``
depends on the symbol ``p`` and is therefore an assumption, not a box.

Proof for every K (derived from DCM-TEL): ``V(x) − V(y) = Σ_k (x_k − y_k) W_k`` and each weight
``W_k = ∏_{j<k}(1 − y_j) ∏_{j>k}(1 − x_j)`` has exactly ``(k−1) + (K−k) = K−1`` factors, each
``≥ 1 − p ≥ 0`` because ``x_j, y_j ≤ p ≤ 1``.  By induction on the number of factors,
``A f − q^{m+1} = (A − q^m) f + q^m (f − q) ≥ 0`` (q = 1 − p), so ``W_k ≥ (1 − p)^{K−1} = α``,
and ``(x_k − y_k)(W_k − α) ≥ 0``.  Summing gives L2.

As for Lemma 1, no positivity of an auxiliary d(x) (presenter's 疑問点) is used.

Per-K claims ``DCM-L2[K=k]`` carry the instance of the derivation as ``proof=``: the TEL instance
and the certificate ``V(x) − V(y) − αΣ(x − y) = Σ_k (x_k − y_k) Σ_i q^{i} (p − z_i) ∏_{j>i} f_j``.

Mutants (``expected=False``):

* ``no-x>=y`` — drops ``x ≥ y``.  True at K = 1 (α = 1, equality); false from K = 2
  (x = 0, y = (p, p): −2p(1−p) ≤ −(2p − p²) fails for p > 0).
* ``no-x<=p`` — drops ``x, y ≤ p`` (x, y range over [0,1] while α still uses p).  True at K = 1;
  false from K = 2 (p = 0, x = (1, 1), y = 0: 2 ≤ 1 fails).
* ``alpha-K-2`` — ``α = (1 − p)^{K−2}``.  False at K = 2 (x = (p, p), y = 0) and K = 3
  (x = (p, p, p), y = (p, 0, p): p(1−p) ≤ p(1−p)² fails for 0 < p < 1); at K = 1 it divides by
  1 − p, so it is not registered there.
* ``reversed`` — ``≥`` instead of ``≤``.  True at K = 1 (equality); false from K = 2.

Erratum ``ERR-DCM-PMAX-ARGMAX``: the slide defines ``p_max = arg max_e w̄(e)`` — an item, not a
probability.  ``DCM-L2/p=argmax-e3[K=3]`` reads it literally (the best item numbered 3) and is
refuted; the lemma needs ``p_max = max_e w̄(e)``.
"""
from __future__ import annotations

from functools import cache

import sympy as sp

from clickbound.lemmas.dcm.lemma1 import weight_factors
from clickbound.lemmas.dcm.telescoping import nonneg_sum_step, tel_general_proof, tel_lemma_instance_proof
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.dcm_algebra import Atom, V, add_c, prod_c, prod_minus_prod_cert, vec
from clickbound.lemmas.support.dcm_family import check_variant, instance_claim, lemma_family
from clickbound.lemmas.support.kit import Claim, Derivation, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 7))
SRC = source("dcm")
SOURCE_L2 = SRC.at("補題2 (slide 'DCM bandits 準備:2つの簡単な補題')")
STATEMENT_TEXT = ("for all x, y in [0,p]^K with x >= y, p in [0,1]: "
                  "(1-p)^(K-1) [sum_k x_k - sum_k y_k] <= V(x) - V(y)")
P = sp.Symbol("p", real=True)


def l2_certificate(x, y, p, factors=weight_factors):
    """``Σ_k (x_k − y_k)(W_k − (1−p)^{K−1})`` as a certificate (``factors`` injectable for tests)."""
    q = 1 - p
    terms = []
    for k in range(len(x)):
        fs = factors(x, y, k)
        big = [Atom(f, "weight factor 1 - z") for f, _ in fs]
        gap = [Atom(f - q, "factor minus (1-p) = p - z") for f, _ in fs]
        small = [Atom(q, "1 - p")] * len(fs)
        terms.append(prod_c(Atom(x[k] - y[k], "x_k - y_k"), prod_minus_prod_cert(big, small, gap)))
    return add_c(Atom(0, "zero"), *terms)


@cache
def l2_general_proof() -> ProofArtefact:
    """Lemma 2 for every K from DCM-TEL; each step an identity/certificate in abstract symbols."""
    dv = Derivation("DCM-L2 holds for every K (derivation from DCM-TEL)")
    dv.cite("DCM-TEL for every K", tel_general_proof())
    A, f, Q, q, d, W, al, k, K = sp.symbols("A f Q q d W alpha k K", real=True)
    dv.equal("W_k has (k-1) + (K-k) = K-1 factors", (k - 1) + (K - k), K - 1)
    facts = {sp.expand(e): why for e, why in [
        (A - Q, "IH: product of m factors A >= Q = (1-p)^m"), (f, "f = 1 - z >= 0 (z <= 1)"),
        (Q, "Q = (1-p)^m >= 0 (p <= 1)"), (f - q, "f - q = (1-z) - (1-p) = p - z >= 0 (z <= p)")]}
    dv.equal("factor gap: (1 - z) - (1 - p) == p - z", (1 - sp.Symbol("z")) - (1 - P), P - sp.Symbol("z"))
    dv.certificate("induction on #factors: A f - Q q == (A - Q) f + Q (f - q) >= 0",
                   A * f - Q * q, add_c(prod_c(Atom(A - Q), Atom(f)), prod_c(Atom(Q), Atom(f - q))), facts)
    facts_term = {sp.expand(d): "d = x_k - y_k >= 0 (x >= y)", sp.expand(W - al): "W_k >= alpha (above)"}
    dv.certificate("each TEL term is >= alpha (x_k - y_k): d W - alpha d == d (W - alpha)",
                   d * W - al * d, prod_c(Atom(d), Atom(W - al)), facts_term)
    nonneg_sum_step(dv, "sum over k: V(x) - V(y) - alpha sum_k d_k = sum_k d_k (W_k - alpha) >= 0"
                        " (each term >= 0 by the previous step; the decomposition is DCM-TEL, every K)")
    return dv.artefact(method="derivation (DCM-TEL)")


def l2_instance_proof(K, statement, domain, assumptions, factors=weight_factors) -> ProofArtefact:
    """``proof=`` of ``DCM-L2[K=k]``: the general derivation instantiated at K and checked."""
    x, y = vec("x", K), vec("y", K)
    return tel_lemma_instance_proof(
        "DCM-L2", K, statement, domain, assumptions, general=l2_general_proof(), cert=l2_certificate(x, y, P, factors),
        certificate=f"K={K}: V(x)-V(y) - alpha sum(x-y) == sum_k (x_k-y_k) sum_i q^i (p - z_i) prod_(j>i) f_j")


# variant -> (what it breaks, K values registered: each one where the mutant is false)
MUTANTS = {
    "no-x>=y": ("drops the hypothesis x >= y (true at K=1, where alpha = 1 and both sides agree).", (2, 3)),
    "no-x<=p": ("drops x, y <= p_max (x, y in [0,1] while alpha still uses p; true at K=1).", (2, 3)),
    "alpha-K-2": ("uses alpha = (1-p)^(K-2), one factor too few (false at K=2 and K=3).", (2, 3)),
    "reversed": ("reverses the inequality (true at K=1, where it is an equality).", (2,)),
}


def l2_claim(K: int, variant: str | None = None) -> Claim:
    """``DCM-L2[K=k]`` or one of its mutants (``variant`` in :data:`MUTANTS`)."""
    check_variant(variant, MUTANTS)
    x, y = vec("x", K), vec("y", K)
    dom = {s: (0, 1) for s in (*x, *y, P)}
    assumptions = [] if variant == "no-x>=y" else [sp.Ge(xk, yk) for xk, yk in zip(x, y)]
    if variant != "no-x<=p":
        assumptions += [sp.Le(z, P) for z in (*x, *y)]
    alpha = (1 - P) ** (K - 2 if variant == "alpha-K-2" else K - 1)
    lhs, rhs = alpha * (sum(x) - sum(y)), V(x) - V(y)
    statement = (sp.Ge(lhs, rhs, evaluate=False) if variant == "reversed"
                 else sp.Le(lhs, rhs, evaluate=False))
    return instance_claim("DCM-L2", "Lemma 2", K, variant, MUTANTS, statement=statement, domain=dom,
                          assumptions=assumptions, source=SOURCE_L2,
                          description=f"Lemma 2 at K={K}: {STATEMENT_TEXT}.", instance_proof=l2_instance_proof)


# The slide defines p_max = arg max_e w̄(e) (an item), where the lemma needs the largest attraction
# probability max_e w̄(e).  Read literally, the lemma depends on how items are numbered.
ARGMAX_ITEM = 3  # the best item numbered 3: alpha = (1 - 3)^(K-1), box [0, 3]


def l2_argmax_claim(K: int = 3, e: int = ARGMAX_ITEM) -> Claim:
    """``DCM-L2`` with ``p_max`` read literally as the index ``e`` of the most attractive item."""
    if e < 1:
        raise ValueError(f"e must be an item index >= 1, got {e}")
    x, y = vec("x", K), vec("y", K)
    dom = {s: (0, e) for s in (*x, *y)}
    lhs = sp.Integer(1 - e) ** (K - 1) * (sum(x) - sum(y))
    return Claim(
        id=f"DCM-L2/p=argmax-e{e}[K={K}]", spec_id="DCM-L2", kind="inequality", expected=False,
        statement=sp.Le(lhs, V(x) - V(y), evaluate=False), domain=dom,
        assumptions=[sp.Ge(xk, yk) for xk, yk in zip(x, y)], source=SOURCE_L2,
        description=(f"The slide's p_max = arg max_e w(e) read literally as an item index (e = {e}): "
                     f"alpha = (1 - {e})^{K - 1}, x, y in [0, {e}]^{K}.  False, so p_max must be max_e w(e)."))


ERRATUM_PMAX = register_erratum(Erratum(
    id="ERR-DCM-PMAX-ARGMAX", spec_id="DCM-L2", source_file=SRC.file,
    location="準備:2つの簡単な補題 (definitions before 補題1, 補題2)",
    source_says="p_max = arg max_{e ∈ [L]} w̄(e),  α = (1 − p_max)^{K−1}",
    truth=("p_max must be the largest attraction probability max_e w̄(e) (the project's notation), not the item attaining "
           "it: read as an item index the lemma depends on the numbering of the items (vacuous with the best "
           "item numbered 1, where α = 0; false with it numbered 3, e.g. x = (1/2, 0, 0), y = 0 gives 2 <= 1/2)"),
    evidence_claims=(f"DCM-L2/p=argmax-e{ARGMAX_ITEM}[K=3]", "DCM-L2"),
    conclusion_survives="yes: with p_max = max_e w̄(e) Lemma 2 is proved for every K (DCM-TEL derivation)",
    severity="notation", quotes=(
        r"$$p_{ ext{max}} = rg \max_{e \in [L]} ar{w}(e)$$",
    )))


@register
def dcm_l2_claims():
    return [*lemma_family("DCM-L2", source=SOURCE_L2, statement_text=STATEMENT_TEXT, decide=derived(l2_general_proof, "derivation (DCM-TEL)"),
                          description="Lemma 2 for every K, derived from DCM-TEL (sympy-checked steps).",
                          claim=l2_claim, k_values=K_VALUES, mutants=MUTANTS),
            l2_argmax_claim()]
