"""DCM-TEL — the telescoping identity behind DCM Lemmas 1, 2 and 4.

Statement (not in the source; the natural proof of 補題1, 補題2, 補題4 of
``000_0b27131c69d8f24c.txt``, slides 'DCM bandits 準備:2つの簡単な補題' and '下限を示すための補題')::

    V(x) − V(y) = Σ_{k=1}^{K} (x_k − y_k) ∏_{j<k} (1 − y_j) ∏_{j>k} (1 − x_j)      for all x, y, K

with ``V(x) = 1 − ∏_k (1 − x_k)`` (:func:`clickbound.bounds.click.V`).

Proof for every K (by induction on K), checked by sympy in :func:`tel_general_proof`:

* base case K = 1: ``V(x_1) − V(y_1) = x_1 − y_1`` (empty products are 1);
* inductive step: write ``P_x = ∏_{j≤K}(1 − x_j)``, ``P_y = ∏_{j≤K}(1 − y_j)`` and ``S_K`` for
  the K-sum.  By the definitions of V and of the weights,
  ``V_{K+1}(x) = 1 − P_x (1 − x_{K+1})`` and ``S_{K+1} = S_K (1 − x_{K+1}) + (x_{K+1} − y_{K+1}) P_y``
  (every old weight gains the factor ``1 − x_{K+1}``; the new weight is ``P_y``).  With the
  induction hypothesis ``S_K = P_y − P_x`` the claim at K+1 is an identity in the abstract
  symbols ``P_x, P_y, x_{K+1}, y_{K+1}``.  The two decompositions are checked for symbolic K by
  sympy's product and sum rules (``product_simplify``, ``sum_simplify``, ``factor_terms`` on
  ``Product``/``Sum`` objects with symbolic bounds); they are also re-checked by expansion at K = 1 … 8.

Registered claims: ``DCM-TEL`` (a procedure that runs the general-K proof) and
``DCM-TEL[K=k]`` for k = 1 … 6 (sympy identities, each proved by its instance check).
"""
from __future__ import annotations

from functools import cache, partial

import sympy as sp
from sympy.simplify.simplify import product_simplify, sum_simplify

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import V, nonneg_facts, prod, relation_target, tel_rhs, tel_weight, vec
from clickbound.lemmas.support.kit import Claim, Derivation, ProcedureClaim, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 7))
# The structural recurrences are re-checked by expansion up to this K (cheap, corroboration only).
K_RECURRENCE_CHECK = 8
SRC = source("dcm")
SOURCE_TEL = SRC.at("proof device for 補題1, 補題2, 補題4 "
                    "(slides 'DCM bandits 準備:2つの簡単な補題', '準備:下限を示すための補題')")


def tel_instance_step(d: Derivation, K: int, weight=tel_weight) -> None:
    """Check DCM-TEL at one K by expansion and record it in ``d`` (``weight`` is injectable so tests can
    break it)."""
    x, y = vec("x", K), vec("y", K)
    d.equal(f"DCM-TEL at K={K}: V(x) - V(y) == sum_k (x_k - y_k) w_k", V(x) - V(y), tel_rhs(x, y, weight))


def nonneg_sum_step(d: Derivation, description: str) -> None:
    """Record in ``d`` the checked step that a sum of K terms, each >= 0, is >= 0 for symbolic K (sympy's
    sign rules on ``Sum(t_k, (k, 1, K))`` with ``t_k`` declared non-negative); ``description`` says which
    sum (the last step of the derivations of DCM Lemmas 1, 2 and 4 from DCM-TEL)."""
    k, K = sp.symbols("k K", integer=True, positive=True)
    t = sp.IndexedBase("t", nonnegative=True)
    d.holds(description, sp.Sum(t[k], (k, 1, K)).is_nonnegative,
            "sympy: Sum(t[k], (k, 1, K)).is_nonnegative = True for t[k] >= 0, symbolic K")


def tel_lemma_instance_proof(lemma: str, K: int, statement, domain, assumptions, *, certificate: str, cert,
                             general: ProofArtefact, tel_for: tuple | None = None) -> ProofArtefact:
    """The ``proof=`` of ``lemma[K=k]`` (DCM Lemmas 1, 2, 4) derived from DCM-TEL: the TEL identity at K (for
    the vectors ``tel_for = (label, x', y')`` when the lemma applies it to other vectors than x, y), then the
    non-negativity certificate ``cert`` of RHS − LHS from the box and ``assumptions`` (step ``certificate``).
    It concludes ``statement`` under ``assumptions`` on ``domain``, which the engine's link check compares."""
    d = Derivation(f"{lemma} at K={K}: derivation (DCM-TEL) instantiated and checked")
    if tel_for is None:
        tel_instance_step(d, K)
    else:
        label, xs, ys = tel_for
        d.equal(f"DCM-TEL at K={K} for {label}", V(xs) - V(ys), tel_rhs(xs, ys))
    d.certificate(certificate, relation_target(statement), cert, nonneg_facts(domain, assumptions))
    return d.artefact(conclusion=statement, hypotheses=assumptions, domain=dict(domain), general_proof=general.summary)


@cache
def tel_general_proof() -> ProofArtefact:
    """The induction proof of DCM-TEL for every K; every step is a checked sympy identity or rule, the
    recurrences of V and S included (symbolic K)."""
    d = Derivation("DCM-TEL holds for every K: induction on K, base case and step are sympy identities")
    x1, y1 = sp.symbols("x1 y1", real=True)
    d.equal("base case K=1: V(x1) - V(y1) == (x1 - y1) * (empty products = 1)", V([x1]) - V([y1]), (x1 - y1) * 1)
    Px, Py, u, v = sp.symbols("P_x P_y x_next y_next", real=True)
    S_K = Py - Px  # induction hypothesis: V_K(x) - V_K(y) = (1 - P_x) - (1 - P_y) = S_K
    d.equal("induction hypothesis rewritten: V_K(x) - V_K(y) == P_y - P_x", (1 - Px) - (1 - Py), S_K)
    lhs = (1 - Px * (1 - u)) - (1 - Py * (1 - v))  # V_{K+1}(x) - V_{K+1}(y)
    rhs = S_K * (1 - u) + (u - v) * Py              # S_{K+1} from S_K
    d.equal("inductive step: [1 - P_x(1-x_{K+1})] - [1 - P_y(1-y_{K+1})] == S_K (1-x_{K+1}) "
            "+ (x_{K+1}-y_{K+1}) P_y, using S_K = P_y - P_x", lhs, rhs)
    # The two recurrences behind the step, for symbolic K (sympy's product and sum rules on
    # Product/Sum objects with symbolic bounds, x and y indexed families).
    i, j, k = sp.symbols("i j K", integer=True, positive=True)
    xs, ys = sp.IndexedBase("x"), sp.IndexedBase("y")

    def px(lo, hi):
        return sp.Product(1 - xs[j], (j, lo, hi))

    def py(lo, hi):
        return sp.Product(1 - ys[j], (j, lo, hi))

    def term(ii, top):  # (x_i − y_i) times the DCM-TEL weight of position i in a list of length top
        return (xs[ii] - ys[ii]) * py(1, ii - 1) * px(ii + 1, top)

    def s_sum(top):
        return sp.Sum(term(i, top), (i, 1, top))

    merged = product_simplify(px(1, k) * px(k + 1, k + 1))
    last = px(k + 1, k + 1).doit()
    d.holds("V's recurrence for every K: ∏_(j≤K+1)(1 − x_j) = ∏_(j≤K)(1 − x_j)·(1 − x_(K+1)), so "
            "V_(K+1)(x) = 1 − P_x (1 − x_(K+1))", merged == px(1, k + 1) and sp.expand(last - (1 - xs[k + 1])) == 0,
            f"sympy, symbolic K: product_simplify(Product(1 − x[j], (j, 1, K))·Product(1 − x[j], (j, K+1, K+1))) "
            f"= {sp.sstr(merged)}; Product(1 − x[j], (j, K+1, K+1)).doit() = {sp.sstr(last)}")
    split = sum_simplify(sp.Sum(term(i, k + 1), (i, 1, k)) + sp.Sum(term(i, k + 1), (i, k + 1, k + 1)))
    d.holds("S_(K+1) = Σ_(i≤K) (x_i − y_i) w_i^(K+1) + the term of position K+1 (the sum split at its last term)",
            split == s_sum(k + 1), f"sympy, symbolic K: sum_simplify(Sum(…, (i, 1, K)) + Sum(…, (i, K+1, K+1))) "
                                   f"= {sp.sstr(split)}")
    grown = product_simplify(px(i + 1, k) * px(k + 1, k + 1))
    d.holds("every old weight gains the factor 1 − x_(K+1): ∏_(i<j≤K+1)(1 − x_j) = ∏_(i<j≤K)(1 − x_j)(1 − x_(K+1)) "
            "for symbolic i ≤ K", grown == px(i + 1, k + 1),
            f"sympy, symbolic i and K: product_simplify(Product(1 − x[j], (j, i+1, K))·Product(1 − x[j], (j, K+1, K+1)))"
            f" = {sp.sstr(grown)}")
    new_term = term(k + 1, k + 1).doit()
    d.holds("the new weight is P_y: the term of position K+1 is (x_(K+1) − y_(K+1)) ∏_(j≤K)(1 − y_j) (an empty product "
            "of x-factors)", sp.simplify(new_term - (xs[k + 1] - ys[k + 1]) * py(1, k).doit()) == 0,
            f"sympy: term(K+1, K+1).doit() = {sp.sstr(new_term)}")
    old = sp.Sum(term(i, k) * (1 - xs[k + 1]), (i, 1, k))
    pulled = sp.factor_terms(old)
    d.holds("Σ_(i≤K) (x_i − y_i) w_i^K (1 − x_(K+1)) = S_K (1 − x_(K+1)) (a constant factor leaves the sum), so "
            "S_(K+1) = S_K (1 − x_(K+1)) + (x_(K+1) − y_(K+1)) P_y", sp.expand(pulled - (1 - xs[k + 1]) * s_sum(k)) == 0,
            f"sympy: factor_terms(Sum(… (1 − x[K+1]), (i, 1, K))) = {sp.sstr(pulled)}")
    # corroboration of both recurrences by expansion at concrete K (not needed for the logic)
    recurrences = Derivation("the recurrences of V and S at concrete K")
    for K in range(1, K_RECURRENCE_CHECK + 1):
        x, y = vec("x", K + 1), vec("y", K + 1)
        recurrences.equal(f"V_{K+1}(x) == 1 - (1 - V_{K}(x_1..{K}))(1 - x_{K+1})",
                          V(x), 1 - (1 - V(x[:K])) * (1 - x[K]))
        recurrences.equal(f"S_{K+1} == S_{K}(1 - x_{K+1}) + (x_{K+1} - y_{K+1}) P_y",
                          tel_rhs(x, y), tel_rhs(x[:K], y[:K]) * (1 - x[K]) + (x[K] - y[K]) * prod(1 - yj for yj in y[:K]))
    d.cite(f"corroboration: both recurrences expanded at K = 1..{K_RECURRENCE_CHECK}", recurrences.artefact())
    return d.artefact(method="induction on K")


def tel_statement(K: int):
    """``V(x) − V(y) = Σ_k (x_k − y_k) w_k`` at K (the statement of ``DCM-TEL[K=k]``)."""
    x, y = vec("x", K), vec("y", K)
    return sp.Eq(V(x) - V(y), tel_rhs(x, y), evaluate=False)


def tel_instance_proof(K: int) -> ProofArtefact:
    """``proof=`` of ``DCM-TEL[K=k]``: the identity expanded at K.  A polynomial identity, so its
    conclusion holds for all real x, y (``domain=None``) and needs no hypothesis."""
    general = tel_general_proof()
    d = Derivation(f"DCM-TEL instance at K={K} (derivation DCM-TEL)")
    tel_instance_step(d, K)
    return d.artefact(conclusion=tel_statement(K), hypotheses=(), domain=None, general_proof=general.summary)


def tel_claim(K: int) -> Claim:
    x, y = vec("x", K), vec("y", K)
    dom = {s: (0, 1) for s in (*x, *y)}
    return Claim(
        id=f"DCM-TEL[K={K}]", spec_id="DCM-TEL", kind="identity", expected=True,
        statement=tel_statement(K), domain=dom,
        source=SOURCE_TEL,
        description=(f"Telescoping identity at K={K}: V(x) - V(y) = sum_k (x_k - y_k) "
                     "prod_{j<k}(1 - y_j) prod_{j>k}(1 - x_j); a polynomial identity, so it holds "
                     "for all real x, y (the box [0,1] is the lemmas' domain)."),
        proof=partial(tel_instance_proof, K))


@register
def dcm_tel_claims():
    general = ProcedureClaim(
        id="DCM-TEL", spec_id="DCM-TEL", kind="identity", expected=True, source=SOURCE_TEL,
        statement_text=("for every K and all x, y: V(x) - V(y) = sum_k (x_k - y_k) "
                        "prod_{j<k}(1 - y_j) prod_{j>k}(1 - x_j)"),
        decide=derived(tel_general_proof, "derivation (induction on K)"),
        description="Telescoping identity for all K, proved by induction on K (sympy-checked steps).")
    return [general, *(tel_claim(K) for K in K_VALUES)]
