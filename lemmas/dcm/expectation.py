"""DCM-EXP — the expected DCM reward is the reward at the means (CM-DCM).

Source ``000_0b27131c69d8f24c.txt`` (定理1 proof: ``E[R_t | H_t] = f(A*, w̄, v̄) − f(A_t, w̄, v̄)``,
"この期待値がかかるのは w_t と v_t のみなので計算可能")::

    E[f(A, w, v)] = f(A, w̄, v̄),   f(A, w, v) = 1 − ∏_k (1 − v(k) w(a_k)),
    w ~ ∏_e Ber(w̄(e)),  v ~ ∏_k Ber(v̄(k)),  A a list of K *distinct* items.

Per-K claims ``DCM-EXP[K=k]`` (k = 1..4) are sympy identities whose left side is the exact sum over
all ``2^K · 2^K`` outcomes; the engine (or the attached expansion) proves them.  ``DCM-EXP`` proves
every K by the product structure: the pairs ``(w(a_k), v(k))`` are independent across k (distinct
items, product measures), so ``E[∏_k (1 − v(k)w(a_k))] = ∏_k E[1 − v(k)w(a_k)]``, and each factor is
``1 − v̄(k) w̄(a_k)`` (a 4-outcome sum, checked).

Mutant ``DCM-EXP/repeated-item[K=2]``: the list shows the same item twice (``A = (e, e)``), so
``w(a_1) = w(a_2)`` — the independence the identity needs is gone, and
``E[f] = w̄ (1 − (1 − v̄_1)(1 − v̄_2)) ≠ 1 − (1 − v̄_1 w̄)(1 − v̄_2 w̄)``.
"""
from __future__ import annotations

from functools import cache, partial
from itertools import product

import sympy as sp

from clickbound.bounds.click import dcm_reward
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import prod, vec
from clickbound.lemmas.support.kit import Claim, Derivation, ProcedureClaim, ProofArtefact, derived, source

K_VALUES = (1, 2, 3, 4)
SOURCE_EXP = source("dcm").at("CM-DCM and 定理1 proof "
                              "('E[R_t | H_t] = f(A*, w̄, v̄) − f(A_t, w̄, v̄)', 'この期待値がかかるのは w_t と v_t のみ')")


def bernoulli_mass(bits, means):
    """``∏ m^b (1 − m)^{1−b}`` for a 0/1 outcome vector."""
    return prod(m if b else 1 - m for b, m in zip(bits, means))


def expected_reward_enumerated(wbar, vbar, items):
    """``Σ_{w, v} P(w) P(v) f(items, w, v)`` over all outcomes of the *distinct* entries of ``wbar``."""
    K = len(items)
    total = sp.Integer(0)
    for wb in product((0, 1), repeat=len(wbar)):
        for vb in product((0, 1), repeat=K):
            total += bernoulli_mass(wb, wbar) * bernoulli_mass(vb, vbar) * dcm_reward(items, list(wb), list(vb))
    return total


def exp_claim(K: int, variant: str | None = None) -> Claim:
    vbar = vec("vb", K)
    if variant is None:
        wbar, items = vec("wb", K), tuple(range(K))
    elif variant == "repeated-item":
        wbar, items = vec("wb", 1), (0,) * K
    else:
        raise ValueError(f"variant must be None or 'repeated-item', got {variant!r}")
    lhs = expected_reward_enumerated(wbar, vbar, items)
    rhs = dcm_reward(items, wbar, vbar)
    dom = {s: (0, 1) for s in (*wbar, *vbar)}
    st = sp.Eq(lhs, rhs, evaluate=False)
    if variant is None:
        return Claim(id=f"DCM-EXP[K={K}]", spec_id="DCM-EXP", kind="identity", expected=True, statement=st,
                     domain=dom, source=SOURCE_EXP,
                     description=(f"E[f(A, w, v)] = f(A, w-bar, v-bar) at K={K}: the left side is the exact "
                                  f"sum over all 2^{K} x 2^{K} outcomes of independent Bernoullis."),
                     proof=partial(exp_instance_proof, K, lhs, rhs))
    return Claim(id=f"DCM-EXP/{variant}[K={K}]", spec_id="DCM-EXP", kind="identity", expected=False,
                 statement=st, domain=dom, source=SOURCE_EXP,
                 description=("Mutant: the list repeats one item, so w(a_1) = w(a_2) are not independent; "
                              "drops the distinct-items hypothesis of the identity."))


def exp_instance_proof(K, lhs, rhs) -> ProofArtefact:
    """``proof=`` of ``DCM-EXP[K=k]``: both sides are polynomials in the means and expand to the same one,
    so the identity holds for all real means (``domain=None``, no hypothesis)."""
    d = Derivation(f"DCM-EXP at K={K} by exact enumeration")
    d.equal(f"K={K}: sum over 2^{2 * K} outcomes of P(w)P(v) f == f(A, w-bar, v-bar)", lhs, rhs)
    return d.artefact(conclusion=sp.Eq(lhs, rhs, evaluate=False), hypotheses=(), domain=None,
                      general_proof=exp_general_proof().summary)


@cache
def exp_general_proof() -> ProofArtefact:
    """Every K: independence makes E of the product the product of E; each factor by 4 outcomes."""
    w, v = sp.symbols("wbar vbar", real=True)
    d = Derivation("DCM-EXP for every K: E[f] = 1 - prod_k (1 - v-bar(k) w-bar(a_k))")
    d.equal("one position: sum over (w, v) in {0,1}^2 of P(w)P(v)(1 - v w) == 1 - vbar wbar",
            sum(bernoulli_mass((a,), (w,)) * bernoulli_mass((b,), (v,)) * (1 - a * b)
                for a in (0, 1) for b in (0, 1)), 1 - v * w)
    # Product measure: E[g(first K pairs) h(pair K+1)] = E[g] E[h] since the measure factorises;
    # checked here on a 2 x 4 outcome table with abstract masses and values.
    g = sp.symbols("g0 g1", real=True)
    h = sp.symbols("h0:4", real=True)
    pg = sp.symbols("pg0 pg1", real=True)
    ph = sp.symbols("ph0:4", real=True)
    joint = sum(pg[i] * ph[j] * g[i] * h[j] for i in range(2) for j in range(4))
    d.equal("product measure: sum_{i,j} p_i q_j g_i h_j == (sum p g)(sum q h)",
            joint, sum(pg[i] * g[i] for i in range(2)) * sum(ph[j] * h[j] for j in range(4)))
    d.argument("the pairs (w(a_k), v(k)) are independent across k",
               "A has distinct items, P_w = prod_e Ber(w-bar(e)), P_v = prod_k Ber(v-bar(k))")
    d.argument("induction on K: E[prod_{k<=K+1}(1 - v w)] = E[prod_{k<=K}] E[1 - v_{K+1} w_{K+1}] "
               "= prod_{k<=K+1}(1 - vbar wbar); E[f] = 1 - E[prod]",
               "the two checked identities above (one position; product measure); instances "
               "K=1..4 enumerated (DCM-EXP[K=k])")
    return d.artefact(method="product structure")


@register
def dcm_exp_claims():
    general = ProcedureClaim(
        id="DCM-EXP", spec_id="DCM-EXP", kind="identity", expected=True, source=SOURCE_EXP,
        statement_text="for every K and distinct items A: E[f(A, w, v)] = f(A, w-bar, v-bar) under independence",
        decide=derived(exp_general_proof, "derivation (product structure)"), description="DCM-EXP for every K by the product structure of the measure.")
    return [general, *(exp_claim(K) for K in K_VALUES), exp_claim(2, "repeated-item")]
