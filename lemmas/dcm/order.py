"""DCM-ORDER — the optimal DCM list is the top-K items sorted by attraction.

Source ``000_0b27131c69d8f24c.txt``: the slides assume the order of ``v̄`` is known
("v の順序が分かっているという仮定") and dcmKL-UCB recommends
``A_t = argmax_{A ∈ Π_K(E)} f(A, U_t, ṽ)`` (Algorithm 1); the presenter asks (疑問点)
"Algorithm 内で実際に f の値を計算する必要はあるのか — UCBの順序とvの順序を合わせるだけでよいのでは".

Claim: for every ``w ∈ [0,1]^L`` and every non-increasing ``ṽ ∈ [0,1]^K``, the list of the K items
of largest ``w`` placed in decreasing order of ``w`` maximises ``f(A, w, ṽ) = V(ṽ ⊙ w|_A)`` over
``Π_K(E)``; it is the *unique* maximiser when the ``w`` values are distinct and in [0, 1) and ``ṽ`` is
strictly decreasing and positive.  With ``w = U_t`` this answers the presenter: dcmKL-UCB never needs
to evaluate f — sorting the items by ``U_t`` gives ``A_t``, for any ``ṽ`` with the order of ``v̄``.

Proof for every L, K (:func:`order_general_proof`): (i) *selection* — ``V(c ⊙ x)`` is
non-decreasing in each ``x_k`` (raising ``a`` to ``a' ≥ a`` at one position adds
``P Q c_k (a' − a) ≥ 0``), so replacing an item outside the top-K set by an unused top-K item in the
same position never lowers f; (ii) *order* — swapping an adjacent out-of-order pair adds
``P Q (c_k − c_{k+1})(b − a) ≥ 0`` (the swap identity of DCM-L3); bubble sort finishes.  Strictness
of both increments under the stated conditions gives uniqueness.

Corroboration: exact brute force over all ``L!/(L−K)!`` lists in rationals on seeded random instances
(:func:`brute_force`), including ties and the boundary values 0 and 1, and on KL-UCB indices computed
by :func:`clickbound.bounds.kl.klucb_index` (each float is an exact binary rational).  The mutant
``DCM-ORDER/v-increasing`` (ṽ in the opposite order) is refuted by an exact counterexample.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache, partial
from itertools import pairwise, permutations

import numpy as np
import sympy as sp

from clickbound.bounds.click import dcm_reward
from clickbound.lemmas.engine.registry import Erratum, register, register_erratum
from clickbound.lemmas.support.dcm_algebra import Atom, prod_c
from clickbound.lemmas.support.kit import (
    Claim,
    Derivation,
    ProcedureClaim,
    ProofArtefact,
    derived,
    proved,
    refuted,
    source,
    survived,
)

SRC = source("dcm")
SOURCE_ORDER = SRC.at("Algorithm 1 (dcmKL-UCB, A_t = argmax f(A, U_t, v~)), "
                      "'v の順序が分かっているという仮定', 疑問点 'Algorithm内で実際にfの値を計算する必要はあるのか'")
# (L, K) sizes brute-forced, and random instances per size (exact enumeration of all lists).
SIZES = ((3, 2), (4, 2), (4, 3), (5, 3), (6, 4))
INSTANCES = 60
DENOMINATOR = 6  # random values are j / DENOMINATOR: small denominators make ties and 0/1 common
STRICT_DENOMINATOR = 97  # every other instance: distinct values j / 97 (uniqueness is then checked)
SEED = 20160601  # ICML 2016, the paper's venue: any fixed seed would do


def top_k_sorted(w, K):
    """Items of the K largest ``w`` in decreasing order of ``w`` (ties by item index)."""
    return tuple(sorted(range(len(w)), key=lambda e: (-w[e], e))[:K])


def brute_force(w, v):
    """``(max f, maximisers)`` over all lists of ``len(v)`` distinct items, in exact arithmetic."""
    vals = {A: dcm_reward(A, w, v) for A in permutations(range(len(w)), len(v))}
    best = max(vals.values())
    return best, [A for A, f in vals.items() if f == best]


def _draw(rng, L, K, increasing=False, strict=False):
    """Seeded exact instance: small denominators (ties, 0 and 1 common) or, if ``strict``,
    distinct ``w`` in [0,1) and strictly monotone positive ``v~`` (the uniqueness case)."""
    if strict:
        w = [Fraction(int(j), STRICT_DENOMINATOR) for j in rng.choice(STRICT_DENOMINATOR, size=L, replace=False)]
        v = [Fraction(int(j), STRICT_DENOMINATOR)
             for j in rng.choice(np.arange(1, STRICT_DENOMINATOR + 1), size=K, replace=False)]
    else:
        w = [Fraction(int(j), DENOMINATOR) for j in rng.integers(0, DENOMINATOR + 1, size=L)]
        v = [Fraction(int(j), DENOMINATOR) for j in rng.integers(0, DENOMINATOR + 1, size=K)]
    return w, sorted(v, reverse=not increasing)


def _strict(w, v):
    return (len(set(w)) == len(w) and max(w) < 1 and v[-1] > 0
            and all(a > b for a, b in pairwise(v)))


def check_instance(w, v):
    """``None`` if the sorted top-K list is a maximiser (the unique one when strict), else a report."""
    K = len(v)
    A = top_k_sorted(w, K)
    best, argmax = brute_force(w, v)
    fA = dcm_reward(A, w, v)
    if fA != best or (_strict(w, v) and argmax != [A]):
        better = next(B for B in argmax if B != A)
        return {"w": [sp.Rational(x) for x in w], "v": [sp.Rational(x) for x in v],
                "sorted_list": list(A), "f_sorted": sp.Rational(fA),
                "better_or_tied_list": list(better), "f_max": sp.Rational(best)}
    return None


def _decide_brute(L, K, increasing, budget_s):
    rng = np.random.default_rng(np.random.SeedSequence([SEED, L, K, int(increasing)]))
    n_strict = 0
    for i in range(INSTANCES):
        w, v = _draw(rng, L, K, increasing, strict=bool(i % 2))
        n_strict += _strict(w, v)
        bad = check_instance(w, v)
        if bad is not None:
            return refuted("exact brute force", counterexample=bad, instance=i, instances_run=i + 1)
    evidence = {"instances": INSTANCES, "strict_instances": n_strict,
                "lists_per_instance": len(list(permutations(range(L), K))), "seed": SEED}
    if increasing:  # the mutant: the derivation needs v~ non-increasing, so a clean search proves nothing
        return survived("exact brute force (search)", **evidence)
    # the attached derivation covers every w, v~ at every L, K: the brute force is a cross-check
    return proved(order_general_proof(), "derivation (every L, K) + exact brute force", scope="all", **evidence,
                  notes=((f"every list of {K} of {L} items compared exactly on {INSTANCES} seeded "
                           "instances; the all-L,K statement is the derivation in 'proof'"),))


def _decide_ucb(L, K, budget_s):
    """dcmKL-UCB: A_t = argmax_A f(A, U_t, v~) is 'sort by U_t', on real KL-UCB indices."""
    from clickbound.bounds.kl import klucb_index

    rng = np.random.default_rng(np.random.SeedSequence([SEED, L, K, 7]))
    for i in range(INSTANCES):
        t = int(rng.integers(1, 10_000))
        T = rng.integers(1, t + 1, size=L).astype(float)
        w_hat = rng.integers(0, T + 1) / T
        U = [Fraction(float(u)) for u in klucb_index(w_hat, T, float(t))]  # exact binary rationals
        _, v = _draw(rng, L, K)
        bad = check_instance(U, v)
        if bad is not None:
            return refuted("exact brute force", counterexample=bad, instance=i, t=t)
    # U_t ∈ [0,1]^L (KL-MONO), so DCM-ORDER's derivation applies with w = U_t: every t, every index value
    return proved(order_general_proof(), "derivation (DCM-ORDER with w = U_t ∈ [0,1]^L) + exact brute force",
                  scope="all", instances=INSTANCES, seed=SEED,
                  notes=(("A_t = argmax over all lists equals sorting by the KL-UCB index U_t: f need "
                           "not be evaluated (presenter's question answered: matching the order suffices)"),))


#: the cited fact behind sorting by adjacent swaps
BUBBLE_SORT = ("adjacent transpositions of out-of-order pairs sort every finite sequence (bubble sort; Knuth, "
               "The Art of Computer Programming, vol. 3, §5.2.2)")
#: list sizes of the exhaustive exchange-walk check
WALK_L = 5


def exchange_walk_check(d: Derivation, max_l: int = WALK_L) -> None:
    """Record in ``d``: for every L ≤ max_l, K ≤ L and list A of K distinct items of [L] (item i has the i-th
    largest weight), selection steps (replace a shown item by a larger unshown one) then out-of-order adjacent
    swaps reach (0, 1, …, K−1), and a list other than that one always admits a step of either kind."""
    n, failures = 0, []
    for L in range(1, max_l + 1):
        for K in range(1, L + 1):
            for A in permutations(range(L), K):
                a = list(A)
                while True:
                    out = [k for k, e in enumerate(a) if e >= K]
                    free = [e for e in range(K) if e not in a]
                    if not out:
                        break
                    a[out[0]] = free[0]  # free[0] < K <= a[out[0]]: a larger-weight item comes in
                for _ in range(K):
                    for k in range(K - 1):
                        if a[k] > a[k + 1]:
                            a[k], a[k + 1] = a[k + 1], a[k]
                if a != list(range(K)):
                    failures.append(f"the exchange walk from {A} ends at {a}")
                other = list(A) != list(range(K))
                step = any(e >= K for e in A) or any(x > y for x, y in pairwise(A))
                if other and not step:
                    failures.append(f"{A} admits no selection or order step")
                n += 1
    d.holds(f"exchange walk, every L <= {max_l}, K <= L, every list: selection steps then out-of-order adjacent "
            "swaps reach the sorted top-K list, and every other list admits a selection or an order step"
            + (f" (fails: {'; '.join(failures[:3])})" if failures else ""),
            not failures, f"exhaustive run over {n} lists")


@cache
def order_general_proof() -> ProofArtefact:
    """Selection (monotonicity) and order (swap identity) steps for every L, K."""
    P, Q, a, a2, b, ck, cn = sp.symbols("P Q a a' b c_k c_next", real=True)
    facts = {sp.expand(e): why for e, why in [
        (P, "P >= 0 (factors 1 - c x in [0,1])"), (Q, "Q >= 0"), (ck, "c_k >= 0"),
        (a2 - a, "replacement item has larger w"), (ck - cn, "v~ non-increasing"), (b - a, "out-of-order pair")]}
    d = Derivation("DCM-ORDER for every L, K: the sorted top-K list maximises f(., w, v~)")
    d.certificate("selection: [1 - P(1 - c a)Q] - ... raising a to a' adds P Q c (a' - a) >= 0",
                  (1 - P * (1 - ck * a2) * Q) - (1 - P * (1 - ck * a) * Q),
                  prod_c(Atom(P), Atom(Q), Atom(ck), Atom(a2 - a)), facts)
    d.certificate("order: swapping an adjacent out-of-order pair adds P Q (c_k - c_k+1)(b - a) >= 0",
                  (1 - P * (1 - ck * b) * (1 - cn * a) * Q) - (1 - P * (1 - ck * a) * (1 - cn * b) * Q),
                  prod_c(Atom(P), Atom(Q), Atom(ck - cn), Atom(b - a)), facts)
    d.equal("f(A, w, v~) = V(v~ * w|_A) (CM-DCM reward, bounds.click.dcm_reward)",
            dcm_reward((1, 0), [a, b], [ck, cn]), 1 - (1 - ck * b) * (1 - cn * a))
    exchange_walk_check(d)
    d.cited("exchange: any list reaches a list of the top-K set by selection steps (replace a shown "
            "item by a larger unshown one; the number of top-K items shown rises each time and is "
            "at most K, so at most K steps), for every L, K",
            "well-ordering of the natural numbers (a strictly increasing count bounded by K stops)")
    d.cited("then bubble sort: the top-K set reaches its sorted order by order steps (out-of-order "
            "adjacent swaps); each selection or order step weakly increases f (the two certificates "
            "above; P, Q >= 0 because every factor 1 - c x lies in [0,1]), so the sorted top-K list "
            "is a maximiser", BUBBLE_SORT)
    Pp, Qp, ckp = sp.symbols("P Q c_k", positive=True)
    da, dc = sp.symbols("delta_a delta_c", positive=True)  # a' − a > 0, b − a > 0; c_k − c_next > 0
    sel, order = Pp * Qp * ckp * da, Pp * Qp * dc * da
    d.holds("strict case: with P, Q > 0 (factors 1 - c x > 0 as x < 1), c_k > 0, a' - a > 0, "
            "c_k - c_k+1 > 0, b - a > 0 both increments P Q c_k (a' - a) and P Q (c_k - c_k+1)(b - a) are > 0",
            sel.is_positive is True and order.is_positive is True,
            f"sympy: ({sp.sstr(sel)}).is_positive = {sel.is_positive}, "
            f"({sp.sstr(order)}).is_positive = {order.is_positive}")
    d.cited("uniqueness in the strict case (w distinct in [0,1), v~ strictly decreasing and > 0): "
            "a list other than the sorted top-K list shows a non-top-K item (a selection step "
            "applies) or has an adjacent inversion (an order step applies), each with a strictly "
            "positive gain (checked exhaustively for small L above)",
            "a sequence with no adjacent inversion is sorted (Knuth, The Art of Computer "
            "Programming, vol. 3, §5.1.1, inversions)")
    return d.artefact(method="derivation (monotonicity + swap identity)")


@register
def dcm_order_claims():
    out = [ProcedureClaim(
        id="DCM-ORDER", spec_id="DCM-ORDER", kind="inequality", expected=True, source=SOURCE_ORDER,
        decide=derived(order_general_proof, "derivation (monotonicity + swap identity)"),
        statement_text=("for every L, K, w in [0,1]^L and non-increasing v~ in [0,1]^K: the top-K items sorted "
                        "by w maximise f(A, w, v~) over all lists (uniquely in the strict case)"),
        description="DCM-ORDER for every L, K by exchange (monotonicity) and adjacent swaps (sympy-checked).")]
    for L, K in SIZES:
        out.append(ProcedureClaim(
            id=f"DCM-ORDER[L={L},K={K}]", spec_id="DCM-ORDER", kind="computation", expected=True,
            source=SOURCE_ORDER, decide=partial(_decide_brute, L, K, False),
            statement_text=(f"L={L}, K={K}: for w in [0,1]^L and non-increasing v~ in [0,1]^K, the top-K items "
                            "sorted by w maximise f(A, w, v~) over all lists (uniquely in the strict case)"),
            description=("DCM-ORDER by exact brute force over all lists on seeded instances with ties and 0/1 "
                         "values; the all-L,K proof is attached.")))
    out.append(ProcedureClaim(
        id="DCM-ORDER/ucb[L=6,K=3]", spec_id="DCM-ORDER", kind="computation", expected=True,
        source=SOURCE_ORDER, decide=partial(_decide_ucb, 6, 3),
        statement_text="dcmKL-UCB (L=6, K=3): argmax_A f(A, U_t, v~) = the items sorted by the KL-UCB index U_t, "
                       "for every index vector U_t ∈ [0,1]^L and non-increasing v~",
        description="The consequence for Algorithm 1: A_t is a sort by U_t; f never needs evaluating."))
    out.append(ProcedureClaim(
        id="DCM-ORDER/v-increasing[L=4,K=3]", spec_id="DCM-ORDER", kind="computation", expected=False,
        source=SOURCE_ORDER, decide=partial(_decide_brute, 4, 3, True),
        statement_text="mutant: with v~ non-decreasing, the top-K items sorted decreasingly by w maximise f",
        description="Mutant: v~ in the opposite order to the list; drops the 'same order as v' hypothesis."))
    return out


# The slide's remark 'WLOG v̄ decreasing' ('v̄(1) ≥ … ≥ v̄(K) としても一般性は失われない').
LOC_WLOG = SRC.at("Partial monitoring問題へのアプローチ ('v̄(1) ≥ … ≥ v̄(K) としても一般性は失われない')")


def _wlog_claims():
    v1, v2, w1, w2 = sp.symbols("v1 v2 w1 w2")
    f12 = 1 - (1 - v1 * w1) * (1 - v2 * w2)
    f21 = 1 - (1 - v1 * w2) * (1 - v2 * w1)
    box = {s: (0, 1) for s in (v1, v2, w1, w2)}
    yield Claim(id="DCM-WLOG/swap-identity", spec_id="DCM-ORDER", source=LOC_WLOG, kind="identity", expected=True,
                statement=sp.Eq(f12 - f21, (v1 - v2) * (w1 - w2)), domain=box,
                description="swapping the two items changes f by (v1 − v2)(w1 − w2): the better item belongs at "
                            "the position with the larger termination probability")
    yield Claim(id="DCM-WLOG/unordered-v[K=2]", spec_id="DCM-ORDER", source=LOC_WLOG, kind="inequality",
                expected=False, statement=sp.Ge(f12, f21), domain=box, assumptions=[sp.Ge(w1, w2)],
                description="without v̄(1) ≥ v̄(2), putting the more attractive item first is not optimal")


@register
def dcm_wlog_claims():
    """``DCM-WLOG/swap-identity`` — ``f((1,2), w, v) − f((2,1), w, v) = (v1 − v2)(w1 − w2)``;
    ``DCM-WLOG/unordered-v[K=2]`` (expected false) — "better item first" is optimal only when v̄ decreases."""
    return list(_wlog_claims())


ERRATUM_1 = register_erratum(Erratum(
    id="ERR-DCM-VTILDE-INDEX", source_file=SRC.file,
    location="Partial monitoring問題へのアプローチ, display '∀ṽ ∈ [0,1]^K s.t. ṽ(1) ≥ … ≥ ṽ(k)'",
    source_says="∀ṽ ∈ [0,1]^K s.t. ṽ(1) ≥ … ≥ ṽ(k): A* = argmax_{A ∈ Π_K(E)} f(A, w̄, ṽ)",
    truth="the order must run to the last position, ṽ(1) ≥ … ≥ ṽ(K); ordering only the first k < K entries "
          "does not suffice (K = 2, k = 1: ṽ = (0, 1/2) makes the w̄-sorted list suboptimal), and with ṽ(K) the "
          "statement holds for every L, K (A* a maximiser)",
    evidence_claims=("DCM-WLOG/unordered-v[K=2]", "DCM-ORDER"),
    conclusion_survives="yes: with ṽ(K) the optimal list is the w̄-sorted top K for every non-increasing ṽ",
    spec_id="DCM-ORDER",
    severity="notation", quotes=(
        r"$$egin{aligned} & orall ilde{v} \in [0,1]^K \text{ s.t. } il",
    )))

#: this module's errata (the tests re-check their evidence)
ERRATA = (ERRATUM_1,)
