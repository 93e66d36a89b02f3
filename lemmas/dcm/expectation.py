"""DCM-EXP — the expected DCM reward is the reward at the means (CM-DCM).

Source ``000_0b27131c69d8f24c.txt`` (定理1 proof: ``E[R_t | H_t] = f(A*, w̄, v̄) − f(A_t, w̄, v̄)``,
"この期待値がかかるのは w_t と v_t のみなので計算可能")::

    E[f(A, w, v)] = f(A, w̄, v̄),   f(A, w, v) = 1 − ∏_k (1 − v(k) w(a_k)),
    w ~ ∏_e Ber(w̄(e)),  v ~ ∏_k Ber(v̄(k)),  A a list of K *distinct* items.

Per-K claims ``DCM-EXP[K=k]`` (k = 1..4) are sympy identities whose left side is the exact sum over
all ``2^K · 2^K`` outcomes; the engine (or the attached expansion) proves them.  ``DCM-EXP`` proves
every K by the product structure: the pairs ``(w(a_k), v(k))`` are independent across k (distinct
items, product measures), so ``E[∏_k (1 − v(k)w(a_k))] = ∏_k E[1 − v(k)w(a_k)]``, and each factor is
``1 − v̄(k) w̄(a_k)`` (a 4-outcome sum, checked).  The product structure is the slides' model
(確率分布の独立性の仮定 and the product forms of ``P_w``, ``P_v``, cited verbatim); the induction over K is
checked for symbolic K and symbolic outcome-set sizes by sympy (nested ``Sum`` factorised by
``factor_terms``, ``Product`` split at K+1 by ``product_simplify``).

Mutant ``DCM-EXP/repeated-item[K=2]``: the list shows the same item twice (``A = (e, e)``), so
``w(a_1) = w(a_2)`` — the independence the identity needs is gone, and
``E[f] = w̄ (1 − (1 − v̄_1)(1 − v̄_2)) ≠ 1 − (1 − v̄_1 w̄)(1 − v̄_2 w̄)``.
"""
from __future__ import annotations

from functools import cache, partial
from itertools import product

import sympy as sp
from sympy.simplify.simplify import product_simplify

from clickbound.bounds.click import dcm_reward
from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import prod, vec
from clickbound.lemmas.support.kit import Claim, Derivation, ProcedureClaim, ProofArtefact, derived, source

K_VALUES = (1, 2, 3, 4)
SRC = source("dcm")
SOURCE_EXP = SRC.at("CM-DCM and 定理1 proof "
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
    """Every K: independence makes E of the product the product of E; each factor by 4 outcomes.

    The model (the slides' 確率分布の独立性の仮定, quoted) gives the product mass; the rest is checked by
    sympy for symbolic sizes: E[G·h] = E[G]·E[h] under a product mass over finite outcome sets of any
    sizes (nested ``Sum`` pulled apart by ``factor_terms``), the split of the products at K+1
    (``product_simplify`` with symbolic K), and E[1 − G] = 1 − E[G] (``Sum`` expanded, total mass 1)."""
    w, v = sp.symbols("wbar vbar", real=True)
    d = Derivation("DCM-EXP for every K: E[f] = 1 - prod_k (1 - v-bar(k) w-bar(a_k))")
    d.equal("one position: sum over (w, v) in {0,1}^2 of P(w)P(v)(1 - v w) == 1 - vbar wbar",
            sum(bernoulli_mass((a,), (w,)) * bernoulli_mass((b,), (v,)) * (1 - a * b)
                for a in (0, 1) for b in (0, 1)), 1 - v * w)
    d.equal("one position: the masses P(w)P(v) of the 4 outcomes sum to 1",
            sum(bernoulli_mass((a,), (w,)) * bernoulli_mass((b,), (v,)) for a in (0, 1) for b in (0, 1)), 1)
    unit = [bernoulli_mass((a,), (w,)) for a in (0, 1)]
    d.holds("one coordinate: a Bernoulli mass sums to 1 (Ber(0; m) + Ber(1; m) = 1)", sp.expand(sum(unit)) == 1,
            f"sympy: expand({sp.sstr(unit[0])} + {sp.sstr(unit[1])}) = {sp.sstr(sp.expand(sum(unit)))}")
    d.cited("P_w is a product of one Bernoulli factor per item; A has distinct items, so the K positions read K "
            "different factors w(a_1), …, w(a_K) of it (a repeated item would share one: DCM-EXP/repeated-item)",
            SRC.assumption(r"P_{\mathbf{w}}(w) &= \prod\nolimits_{e \in E} \mathrm{Ber}(w(e); \bar{w}(e))"))
    d.cited("P_v is a product of one Bernoulli factor per position",
            SRC.assumption(r"P_{\mathbf{v}}(v) &= \prod\nolimits_{k \in [K]} \mathrm{Ber}(v(k); \bar{v}(k))"))
    d.cited("w and v are drawn independently: (w, v) has the mass P_w(w)·P_v(v), so the pairs (w(a_k), v(k)) "
            "have the mass ∏_k Ber(w(a_k); w-bar(a_k)) Ber(v(k); v-bar(k)) after the items outside A are summed "
            "out (the factorisation below with h ≡ 1 and the unit Bernoulli mass)",
            SRC.assumption("確率分布の独立性の仮定"))
    # E[G·h] = E[G]·E[h] under a product mass, for finite outcome sets of any sizes n and m
    ia, ib, kk = sp.symbols("a b k", integer=True, positive=True)
    n, m, K = sp.symbols("n m K", integer=True, positive=True)
    P, q, G, h = (sp.IndexedBase(s_) for s_ in ("P", "q", "G", "h"))
    inner = sp.factor_terms(sp.Sum(P[ia] * q[ib] * G[ia] * h[ib], (ib, 1, m)))
    Eh = sp.Sum(q[ib] * h[ib], (ib, 1, m))
    outer = sp.factor_terms(sp.Sum(inner, (ia, 1, n)))
    EG = sp.Sum(P[ia] * G[ia], (ia, 1, n))
    d.holds("product mass: Σ_(a≤n) Σ_(b≤m) P_a q_b G_a h_b = (Σ_a P_a G_a)(Σ_b q_b h_b) for symbolic n, m: "
            "E[G(X) h(Y)] = E[G(X)] E[h(Y)] when (X, Y) has the mass P_a q_b (X the first K pairs, Y pair K+1)",
            sp.expand(inner - P[ia] * G[ia] * Eh) == 0 and sp.expand(outer - EG * Eh) == 0,
            f"sympy, symbolic n, m: factor_terms(Sum(P[a]q[b]G[a]h[b], (b, 1, m))) = {sp.sstr(inner)}; "
            f"factor_terms(Sum(that, (a, 1, n))) = {sp.sstr(outer)}")
    mk, vb, wb, vv, ww = (sp.IndexedBase(s_) for s_ in ("mass", "vbar", "wbar", "v", "w"))

    def split(f):  # ∏_(k≤K) f_k · f_(K+1) merged by product_simplify, and whether it is ∏_(k≤K+1) f_k
        merged = product_simplify(sp.Product(f, (kk, 1, K)) * sp.Product(f, (kk, K + 1, K + 1)))
        return merged, merged == sp.Product(f, (kk, 1, K + 1))

    checks = [split(f) for f in (mk[kk], 1 - vv[kk] * ww[kk])]
    d.holds("the products split at K+1 for symbolic K: the mass of the first K+1 pairs is (mass of the first K)"
            "·(mass of pair K+1), and G_(K+1) = G_K·(1 − v(K+1) w(a_(K+1))) with G_K = ∏_(k≤K)(1 − v(k) w(a_k))", all(ok for _, ok in checks),
            "sympy, symbolic K: product_simplify(Product(f[k], (k, 1, K))·Product(f[k], (k, K+1, K+1))) = "
            + "; ".join(sp.sstr(mg) for mg, _ in checks))
    ones = sp.factor_terms(sp.Sum(sp.factor_terms(sp.Sum(P[ia] * q[ib], (ib, 1, m))), (ia, 1, n)))
    d.holds("total mass: the factorisation with G ≡ h ≡ 1 gives Σ_(a,b) P_a q_b = (Σ_a P_a)(Σ_b q_b); with the "
            "one-position total 1, the mass of the first K pairs sums to 1 for every K (induction from K = 1)",
            sp.expand(ones - sp.Sum(P[ia], (ia, 1, n)) * sp.Sum(q[ib], (ib, 1, m))) == 0,
            f"sympy, symbolic n, m: {sp.sstr(ones)}")
    lin = sp.factor_terms(sp.Sum(P[ia] * (1 - G[ia]), (ia, 1, n)).expand())
    d.holds("E[f] = E[1 − G_K] = Σ_a P_a − Σ_a P_a G_a = 1 − E[G_K] (total mass 1, above), symbolic n",
            sp.expand(lin - (sp.Sum(P[ia], (ia, 1, n)) - EG)) == 0,
            f"sympy: factor_terms(Sum(P[a](1 − G[a]), (a, 1, n)).expand()) = {sp.sstr(lin)}")
    ih = sp.Product(1 - vb[kk] * wb[kk], (kk, 1, K))
    one = sp.Product(1 - vb[kk] * wb[kk], (kk, K + 1, K + 1))  # the one-position value at K+1, as a product
    step = product_simplify(outer.subs({EG: ih, Eh: one}))
    d.holds("induction on K: E[G_(K+1)] = E[G_K]·E[1 − v(K+1) w(a_(K+1))] (product mass, the mass and G split above); "
            "with the hypothesis E[G_K] = ∏_(k≤K)(1 − v̄ w̄) and the one-position value, E[G_(K+1)] = "
            "∏_(k≤K+1)(1 − v̄(k) w̄(a_k)) for symbolic K; base K = 1 is the one-position identity",
            step == sp.Product(1 - vb[kk] * wb[kk], (kk, 1, K + 1))
            and sp.expand(one.doit() - (1 - vb[K + 1] * wb[K + 1])) == 0,
            f"sympy, symbolic K: product_simplify(E[G]·E[h] at E[G] = {sp.sstr(ih)}, E[h] = {sp.sstr(one)} "
            f"= {sp.sstr(one.doit())}) = {sp.sstr(step)}")
    return d.artefact(method="product structure")


@register
def dcm_exp_claims():
    general = ProcedureClaim(
        id="DCM-EXP", spec_id="DCM-EXP", kind="identity", expected=True, source=SOURCE_EXP,
        statement_text="for every K and distinct items A: E[f(A, w, v)] = f(A, w-bar, v-bar) under independence",
        decide=derived(exp_general_proof, "derivation (product structure)"), description="DCM-EXP for every K by the product structure of the measure.")
    return [general, *(exp_claim(K) for K in K_VALUES), exp_claim(2, "repeated-item")]
