"""DCM-ORDER and the 'WLOG v̄ decreasing' claims (lemmas/dcm/order.py; source ``000_0b27131c69d8f24c.txt``).

The brute force covers strict instances (uniqueness exercised); the mutant's counterexample is re-checked
here by code that does not share the catalogue's evaluation (its own product formula in ``Fraction``s).
"""
import json
from fractions import Fraction
from itertools import permutations

from catalogue_kit import verdict

from clickbound.lemmas.dcm import order as dcm_order


def _f(A, w, v):
    """DCM reward 1 - prod_k (1 - v_k w(a_k)), written out independently in Fractions."""
    q = Fraction(1)
    for k, a in enumerate(A):
        q *= 1 - Fraction(v[k]) * Fraction(w[a])
    return 1 - q


def test_order_brute_force_covers_strict_instances():
    # uniqueness is exercised wherever distinct values can occur (L=3, K=2 draws too few for a guarantee)
    for L, K in dcm_order.SIZES:
        if (L, K) != (3, 2):
            assert verdict(f"DCM-ORDER[L={L},K={K}]").evidence["strict_instances"] > 0, (L, K)


def test_order_mutant_counterexample_is_exact():
    v = verdict("DCM-ORDER/v-increasing[L=4,K=3]")
    assert v.status == "refuted"
    cex = v.counterexample
    w = [Fraction(str(x)) for x in cex["w"]]
    vt = [Fraction(str(x)) for x in cex["v"]]
    assert all(0 <= x <= 1 for x in w + vt) and vt == sorted(vt)  # the mutant's own domain
    A = tuple(cex["sorted_list"])
    assert A == tuple(sorted(range(len(w)), key=lambda e: (-w[e], e))[: len(vt)])
    best = max(_f(B, w, vt) for B in permutations(range(len(w)), len(vt)))
    assert _f(tuple(cex["better_or_tied_list"]), w, vt) == best > _f(A, w, vt)
    as_json = json.loads(json.dumps(v.as_dict()))["counterexample"]
    assert all("/" in x or x.lstrip("-").isdigit() for x in as_json["w"])  # exact rationals as strings


def test_order_brute_force_matches_independent_reward():
    w = [Fraction(1, 2), Fraction(1, 5), Fraction(3, 4), Fraction(0)]
    v = [Fraction(1), Fraction(1, 2), Fraction(1, 3)]
    best, argmax = dcm_order.brute_force(w, v)
    assert argmax == [(2, 0, 1)] and best == _f((2, 0, 1), w, v)
    assert dcm_order.check_instance(w, v) is None


def test_exchange_walk_is_recorded_with_its_count():
    d = dcm_order.Derivation("walk")
    dcm_order.exchange_walk_check(d, max_l=3)
    (step,) = d.steps
    # lists of K distinct items of [L], L <= 3: 1 + (2 + 2) + (3 + 6 + 6)
    assert step[1] == "exhaustive run over 20 lists"
