"""DCM-L3 (source ``000_0b27131c69d8f24c.txt``, 補題3).

The instance derivation refuses a wrong swap increment, unsorted c and a wrong sort.  K = 2 is an
exact equality case: the engine, run without the derivation, must not report a float artefact.
"""
import dataclasses
from fractions import Fraction
from itertools import product

import pytest
import sympy as sp

from clickbound.lemmas import check
from clickbound.lemmas.dcm import lemma3 as L3

# Budget for the equality-case search without the derivation: enough for the engine's fixed
# corner + hypothesis + optimiser work on 4 variables; a regression would show as "refuted".
EQUALITY_SEARCH_BUDGET_S = 6.0


def test_k2_equality_case_is_not_refuted_by_float_artefacts():
    claim = dataclasses.replace(L3.l3_claim(2), proof=None)
    v = check(claim, budget_s=EQUALITY_SEARCH_BUDGET_S)
    assert v.status != "refuted", v.counterexample


def _exact_sides(claim, point):
    st = claim.statement
    return st.lhs.subs(point), st.rhs.subs(point)


@pytest.mark.parametrize("variant", [None, "c-unsorted", "reversed", "ascending"])
def test_k2_is_an_equality_for_the_lemma_and_the_mutants_true_there(variant):
    # On an exact grid (including boundary values and ties) both sides agree at K = 2.
    claim = L3.l3_claim(2, variant)
    x1, x2, c1, c2 = sp.symbols("x1 x2 c1 c2", real=True)
    grid = [sp.Rational(v) for v in (0, Fraction(1, 3), Fraction(1, 2), 1)]
    for a, b, p, q in product(grid, repeat=4):
        lhs, rhs = _exact_sides(claim, {x1: a, x2: b, c1: p, c2: q})
        assert lhs == rhs


def test_swap_step_refuses_a_wrong_increment():
    K = 3
    c = L3.l3_claim(K)
    # Claim the increment is (c_k - c_k+1)(x_k+1 - x_k) without the (1 - PQ) factor: wrong for K >= 3.
    wrong = lambda cc, x, k: (cc[k] - cc[k + 1]) * (x[k + 1] - x[k])
    with pytest.raises(AssertionError, match="step failed: swap at positions"):
        L3.l3_instance_proof(K, c.statement, c.domain, tuple(c.assumptions), increment=wrong)


def test_swap_sign_needs_sorted_c():
    m = L3.l3_claim(3, "c-unsorted")
    with pytest.raises(AssertionError, match="not known >= 0"):
        L3.l3_instance_proof(3, m.statement, m.domain, tuple(m.assumptions))


def test_sort_expressions_checked_and_wrong_sort_refused():
    x = L3.vec("x", 4)
    d = L3.Derivation("sort")
    L3.sort_expr_check(d, x, L3.sorted_desc(x))
    assert len(d.steps) == 1
    with pytest.raises(AssertionError, match="step failed: x' = "):
        L3.sort_expr_check(d, x, L3.sorted_asc(x))


def test_notational_point_recorded():
    assert "tilde" in L3.__doc__ and "x~" in L3.l3_claim(3).description
