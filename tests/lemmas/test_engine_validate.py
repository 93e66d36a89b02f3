"""Claim validation ("Each claim is checked by every method that applies").

Malformed claims give a ``ValueError`` naming the problem, never a verdict; assumptions
that no point satisfies are decided (``InfeasibleAssumptions``) or reported in ``notes``.
"""
import pytest
import sympy as sp

from clickbound.lemmas import Claim, check
from clickbound.lemmas.engine.validate import InfeasibleAssumptions, prepare

x, y = sp.symbols("x y", real=True)
BOX = {x: (0, 1), y: (0, 1)}


def _claim(statement=None, domain=None, assumptions=()):
    return Claim(id="V-1", statement=sp.Le(x * y, 1) if statement is None else statement, domain=BOX if domain is None else domain,
                 assumptions=list(assumptions))


@pytest.mark.parametrize("claim, fragment", [
    (_claim(domain={x: (0, 1)}), "without a domain: y"),
    (_claim(domain={x: (1, 0), y: (0, 1)}), "empty domain for x"),
    (_claim(domain={x: ("a", 1), y: (0, 1)}), "bound lo of x"),
    (_claim(domain={x: (0, sp.Symbol("z")), y: (0, 1)}), "bound hi of x"),
    (_claim(domain={x: (0, sp.I), y: (0, 1)}), "bound hi of x"),
    (_claim(domain={x: (float("nan"), 1), y: (0, 1)}), "bound lo of x"),
    (_claim(domain={x: (0, 1, 2), y: (0, 1)}), "pair (lo, hi)"),
    (_claim(domain={"x": (0, 1), y: (0, 1)}), "not a sympy Symbol"),
    (_claim(statement=x + y), "statement must be a sympy relational"),
    (_claim(statement=sp.Ne(x, y)), "Ne(...) is not supported"),
    (_claim(statement=sp.Le(x, x)), "evaluated to the constant"),
    (_claim(assumptions=[x - y]), "assumption 0 must be a sympy relational"),
    (_claim(assumptions=[sp.Ge(x, y), "x > y"]), "assumption 1 must be a sympy relational"),
])
def test_malformed_claims_raise_named_errors(claim, fragment):
    with pytest.raises(ValueError) as info:
        check(claim, budget_s=1.0)
    assert fragment in str(info.value)
    assert not isinstance(info.value, InfeasibleAssumptions)


def test_float_bound_means_its_decimal_and_irrational_bounds_are_bracketed():
    prep = prepare(_claim(domain={x: (0.1, 1), y: (0, sp.sqrt(2))}))
    assert prep.lo[0] == sp.Rational(1, 10)
    # inner rational box inside, outer box around the exact irrational bound
    assert prep.hi_in[1] < sp.sqrt(2) < prep.hi_out[1]
    assert not prep.rational_box


def test_infeasible_polynomial_assumptions_are_proven_and_raised():
    claim = _claim(assumptions=[sp.Ge(x, y + 2)])
    with pytest.raises(InfeasibleAssumptions, match="z3"):
        check(claim, budget_s=2.0)
    nonlinear = _claim(assumptions=[sp.Ge(x * y, sp.Rational(3, 2))])
    with pytest.raises(InfeasibleAssumptions):
        check(nonlinear, budget_s=2.0)


def test_undecided_infeasible_assumptions_never_give_a_proof():
    # exp(x) >= 10 has no point in [0, 1] (e < 10); it is not polynomial, so z3 cannot say so.
    # The statement is an identity symbolic could prove, but over an empty set that proof
    # would be vacuous: the verdict must stay "survived" and say why.
    claim = _claim(statement=sp.Eq((x + 1) ** 2, x ** 2 + 2 * x + 1), assumptions=[sp.Ge(sp.exp(x), 10)])
    v = check(claim, budget_s=2.0)
    assert v.status == "survived"
    assert any("feasibility" in n for n in v.notes)
    assert any("not claimed" in n for n in v.notes)


def test_feasible_assumptions_pass_quietly():
    v = check(_claim(statement=sp.Le(x * y, 1), assumptions=[sp.Ge(x, y)]), budget_s=2.0)
    assert v.status == "proved"
    assert not any("feasib" in n for n in v.notes)


def test_proof_claimed_once_a_search_example_shows_feasibility():
    # exp(x - y) <= 1 and exp(y - x) <= 1 leave only the diagonal x == y (measure zero,
    # not polynomial): the identity's proof is held back until an exact feasible point is seen.
    claim = _claim(statement=sp.Eq((x + 1) ** 2, x ** 2 + 2 * x + 1),
                   assumptions=[sp.Le(sp.exp(x - y), 1), sp.Le(sp.exp(y - x), 1)])
    v = check(claim, budget_s=5.0)
    assert (v.status, v.method) == ("proved", "symbolic")
    assert any("shown feasible by a search example" in n for n in v.notes)
    assert not any("no proof is claimed" in n for n in v.notes)
