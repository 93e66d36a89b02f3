"""DCM-T2 Abel summation — the rearrangement step of Theorem 2's proof (DCM-T2).

Source ``000_0b27131c69d8f24c.txt``, 定理2 proof (slide '定理2:証明のつづき')::

    Σ_{k=1}^{K} v̄(k) z_k = Σ_{i=1}^{K} [v̄(i) − v̄(i+1)] Σ_{k=1}^{i} z_k,      v̄(K+1) = 0,

with ``z_k = w̄(a*_k) − w̄(a^t_k)``.  Registered as sympy identities ``DCM-T2-ABEL[K=k]`` for
K = 1..8 (proved by expansion, attached as ``proof=``) and ``DCM-T2-ABEL`` for every K by induction:
with ``Z_i = Σ_{k≤i} z_k`` and ``R_K`` the right side,
``R_{K+1} = (R_K − v_K Z_K) + (v_K − v_{K+1}) Z_K + v_{K+1} Z_{K+1} = R_K + v_{K+1} z_{K+1}``
(the old last term ``v_K Z_K`` used ``v_{K+1} = 0``).  The split of ``R_{K+1}`` is checked for symbolic K
by sympy's sum rules (``sum_simplify`` and ``.doit()`` on ``Sum`` objects with symbolic bounds over indexed
``v``, ``z``); it is also re-checked by expansion at K = 1 … 8.

Mutants: ``no-v(K+1)=0`` (the boundary convention dropped: ``v(K+1)`` is a free symbol) and
``off-by-one`` (inner sum over ``k < i``); both false for every K >= 1.
"""
from __future__ import annotations

from functools import cache, partial

import sympy as sp
from sympy.simplify.simplify import sum_simplify

from clickbound.lemmas.engine.registry import register
from clickbound.lemmas.support.dcm_algebra import vec
from clickbound.lemmas.support.kit import Claim, Derivation, ProcedureClaim, ProofArtefact, derived, source

K_VALUES = tuple(range(1, 9))
SOURCE_ABEL = source("dcm").at("定理2 proof (slide '定理2:証明のつづき'), the step with v̄(K+1) = 0")


def abel_rhs(v, z, v_next=0, inner_shift=0):
    """``Σ_i (v_i − v_{i+1}) Σ_{k≤i} z_k`` with ``v_{K+1} = v_next`` (``inner_shift=1``: ``k < i``)."""
    vv = list(v) + [v_next]
    return sum(((vv[i] - vv[i + 1]) * sum(z[: i + 1 - inner_shift], sp.Integer(0)) for i in range(len(v))),
               sp.Integer(0))


def abel_claim(K: int, variant: str | None = None) -> Claim:
    v, z = vec("v", K), vec("z", K)
    dom = {**{s: (0, 1) for s in v}, **{s: (-1, 1) for s in z}}
    lhs = sum((vk * zk for vk, zk in zip(v, z)), sp.Integer(0))
    if variant is None:
        rhs = abel_rhs(v, z)
        return Claim(id=f"DCM-T2-ABEL[K={K}]", spec_id="DCM-T2", kind="identity", expected=True,
                     statement=sp.Eq(lhs, rhs, evaluate=False), domain=dom, source=SOURCE_ABEL,
                     description=(f"Abel summation of Theorem 2 at K={K}: sum_k v(k) z_k = sum_i (v(i) - v(i+1)) "
                                  "sum_{k<=i} z_k with v(K+1) = 0 (z_k = w(a*_k) - w(a^t_k) in [-1,1])."),
                     proof=partial(abel_instance_proof, K, lhs, rhs))
    if variant == "no-v(K+1)=0":
        vn = sp.Symbol(f"v{K + 1}", real=True)
        dom[vn] = (0, 1)
        rhs, why = abel_rhs(v, z, v_next=vn), "drops the convention v(K+1) = 0 (v(K+1) free in [0,1])"
    elif variant == "off-by-one":
        rhs, why = abel_rhs(v, z, inner_shift=1), "inner sum over k < i instead of k <= i"
    else:
        raise ValueError(f"variant must be None, 'no-v(K+1)=0' or 'off-by-one', got {variant!r}")
    return Claim(id=f"DCM-T2-ABEL/{variant}[K={K}]", spec_id="DCM-T2", kind="identity", expected=False,
                 statement=sp.Eq(lhs, rhs, evaluate=False), domain=dom, source=SOURCE_ABEL,
                 description=f"Mutant of the Theorem 2 Abel summation at K={K}: {why}.")


def abel_instance_proof(K, lhs, rhs) -> ProofArtefact:
    """``proof=`` of ``DCM-T2-ABEL[K=k]``: a polynomial identity, expanded; it holds for all real v, z
    (``domain=None``, no hypothesis)."""
    d = Derivation(f"Abel summation at K={K} by expansion")
    d.equal(f"K={K}: sum_k v_k z_k == sum_i (v_i - v_(i+1)) Z_i, v_(K+1) = 0", lhs, rhs)
    return d.artefact(conclusion=sp.Eq(lhs, rhs, evaluate=False), hypotheses=(), domain=None,
                      general_proof=abel_general_proof().summary)


@cache
def abel_general_proof() -> ProofArtefact:
    """The induction proof of DCM-T2-ABEL for every K; every step is a checked sympy identity or rule, the
    split of ``R_{K+1}`` included (symbolic K)."""
    v1, z1 = sp.symbols("v1 z1", real=True)
    R, vK, vN, Z, zN = sp.symbols("R_K v_K v_next Z_K z_next", real=True)
    d = Derivation("Abel summation of DCM-T2 for every K (induction on K)")
    d.equal("base K=1: v1 z1 == (v1 - 0) z1", v1 * z1, abel_rhs([v1], [z1]))
    d.equal("step: (R_K - v_K Z_K) + (v_K - v_K+1) Z_K + v_K+1 (Z_K + z_K+1) == R_K + v_K+1 z_K+1",
            (R - vK * Z) + (vK - vN) * Z + vN * (Z + zN), R + vN * zN)
    # The split of R_{K+1} behind the step, for symbolic K (sympy's sum rules on Sum objects with
    # symbolic bounds over the indexed families v, z; the convention v_{K+1} = 0 enters R_K only).
    i, k, n = sp.symbols("i k K", integer=True, positive=True)
    vs, zs = sp.IndexedBase("v"), sp.IndexedBase("z")

    def Z(top):  # Z_top = Σ_(k≤top) z_k
        return sp.Sum(zs[k], (k, 1, top))

    def term(ii):  # the i-th term of the right side, before the convention v_(K+1) = 0
        return (vs[ii] - vs[ii + 1]) * Z(ii)

    head = sp.Sum(term(i), (i, 1, n - 1))          # Σ_(i≤K−1): the terms of R_K that do not see v_(K+1)
    split = sum_simplify(head + sp.Sum(term(i), (i, n, n)))
    d.holds("Σ_(i≤K) (v_i − v_(i+1)) Z_i = Σ_(i≤K−1) (v_i − v_(i+1)) Z_i + (its term i = K), for symbolic K ≥ 1",
            split == sp.Sum(term(i), (i, 1, n)),
            f"sympy, symbolic K: sum_simplify(Sum(…, (i, 1, K−1)) + Sum(…, (i, K, K))) = {sp.sstr(split)}")
    last = sp.Sum(term(i), (i, n, n)).doit()
    d.holds("the term i = K is (v_K − v_(K+1)) Z_K; with v_(K+1) = 0 it is v_K Z_K, so R_K = Σ_(i≤K−1)(…) + v_K Z_K, "
            "i.e. R_K − v_K Z_K = Σ_(i≤K−1) (v_i − v_(i+1)) Z_i",
            sp.expand(last - (vs[n] - vs[n + 1]) * Z(n)) == 0 and sp.expand(last.subs(vs[n + 1], 0) - vs[n] * Z(n)) == 0,
            f"sympy: Sum(…, (i, K, K)).doit() = {sp.sstr(last)}; at v[K+1] = 0: {sp.sstr(last.subs(vs[n + 1], 0))}")
    up = sum_simplify(sp.Sum(term(i), (i, 1, n)) + sp.Sum(term(i), (i, n + 1, n + 1)))
    top = sp.Sum(term(i), (i, n + 1, n + 1)).doit().subs(vs[n + 2], 0)
    d.holds("the same two rules at K+1: R_(K+1) = Σ_(i≤K) (v_i − v_(i+1)) Z_i + v_(K+1) Z_(K+1) (v_(K+2) = 0); "
            "splitting its sum at i = K by the two steps above, R_(K+1) = (R_K − v_K Z_K) + (v_K − v_(K+1)) Z_K + "
            "v_(K+1) Z_(K+1) for every K",
            up == sp.Sum(term(i), (i, 1, n + 1)) and sp.expand(top - vs[n + 1] * Z(n + 1)) == 0,
            f"sympy, symbolic K: sum_simplify(Sum(…, (i, 1, K)) + Sum(…, (i, K+1, K+1))) = {sp.sstr(up)}; "
            f"Sum(…, (i, K+1, K+1)).doit() at v[K+2] = 0: {sp.sstr(top)}")
    zsplit = sum_simplify(Z(n) + sp.Sum(zs[k], (k, n + 1, n + 1)))
    d.holds("Z_(K+1) = Z_K + z_(K+1) (the step's v_(K+1)(Z_K + z_(K+1)))", zsplit == Z(n + 1)
            and sp.Sum(zs[k], (k, n + 1, n + 1)).doit() == zs[n + 1],
            f"sympy, symbolic K: sum_simplify(Sum(z[k], (k, 1, K)) + Sum(z[k], (k, K+1, K+1))) = {sp.sstr(zsplit)}")
    lsplit = sum_simplify(sp.Sum(vs[k] * zs[k], (k, 1, n)) + sp.Sum(vs[k] * zs[k], (k, n + 1, n + 1)))
    d.holds("the left side grows the same way: Σ_(k≤K+1) v_k z_k = Σ_(k≤K) v_k z_k + v_(K+1) z_(K+1), so R_K = "
            "Σ_(k≤K) v_k z_k gives R_(K+1) = Σ_(k≤K+1) v_k z_k", lsplit == sp.Sum(vs[k] * zs[k], (k, 1, n + 1)),
            f"sympy, symbolic K: sum_simplify(Sum(v[k]·z[k], (k, 1, K)) + Sum(v[k]·z[k], (k, K+1, K+1))) = "
            f"{sp.sstr(lsplit)}")
    # corroboration of the split by expansion at concrete K (not needed for the logic)
    splits = Derivation("the split of R_{K+1} at concrete K")
    for K in range(1, 9):
        v, z = vec("v", K + 1), vec("z", K + 1)
        splits.equal(f"R_{K + 1} split", abel_rhs(v, z),
                     abel_rhs(v[:K], z[:K]) - v[K - 1] * sum(z[:K]) + (v[K - 1] - v[K]) * sum(z[:K]) + v[K] * sum(z))
    d.cite("corroboration: the split of R_(K+1) expanded at K = 1..8", splits.artefact())
    return d.artefact(method="induction on K")


@register
def dcm_abel_claims():
    general = ProcedureClaim(
        id="DCM-T2-ABEL", spec_id="DCM-T2", kind="identity", expected=True, source=SOURCE_ABEL,
        statement_text="for every K: sum_k v(k) z_k = sum_i (v(i) - v(i+1)) sum_{k<=i} z_k, v(K+1) = 0",
        decide=derived(abel_general_proof, "derivation (induction on K)"), description="Abel summation used in the proof of Theorem 2, every K.")
    return [general, *(abel_claim(K) for K in K_VALUES),
            abel_claim(3, "no-v(K+1)=0"), abel_claim(3, "off-by-one")]
