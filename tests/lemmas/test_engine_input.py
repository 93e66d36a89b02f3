"""The engine takes every number at the value written, and "proved" means checked from its input on.

Each class of input an independent attack found mishandled (numbers rounded through a double,
consumed generator assumptions, constants sympy cannot sign, bounds beyond the double range,
unevaluated sympy objects, non-finite budgets, proofs taken on trust, hypothesis' files in the
current directory) with the exact answer the engine must now give.
"""
from __future__ import annotations

import decimal
import math
import os
import pickle

import mpmath
import numpy as np
import pytest
import sympy as sp

from clickbound.lemmas import Claim, Outcome, ProcedureClaim, ProofArtefact, Verdict, check
from clickbound.lemmas.engine.cap import portable, run_capped
from clickbound.lemmas.engine.exact import refutes_as_written
from clickbound.lemmas.engine.reading import brackets, float_value, number

R = sp.Rational
a, b, x, y = sp.symbols("a b x y")


def _v(statement, domain, assumptions=(), budget_s=3.0, proof=None, cid="IN"):
    return check(Claim(id=cid, statement=statement, domain=domain, assumptions=assumptions, proof=proof),
                 budget_s=budget_s)


# --- the attack's two examples --------------------------------------------------------------
def test_bogus_proof_of_a_false_claim_is_refuted():
    stmt = sp.Ge(1 - (1 - a) * (1 - b), a + b)  # false: V(a, b) <= a + b
    bogus = lambda: ProofArtefact(summary="trust me", steps=[("hand-wave", "by inspection")],  # noqa: E731
                                  conclusion=stmt, hypotheses=(), domain=None)
    v = _v(stmt, {a: (0, 1), b: (0, 1)}, proof=bogus, budget_s=5)
    assert v.status == "refuted" and v.vouched_by.startswith("engine: ")
    cex = v.counterexample
    assert 1 - (1 - cex[a]) * (1 - cex[b]) < cex[a] + cex[b]


def test_decimal_bound_is_its_decimal_value():
    v = _v(sp.Gt(x, R(1, 10)), {x: (decimal.Decimal("0.1"), 1)})
    assert v.status == "refuted" and v.counterexample == {x: R(1, 10)}


# --- exact input ----------------------------------------------------------------------------
def _mpf53(text):
    """An mpf made at mpmath's default 53 bits whatever another test module set globally."""
    with mpmath.workprec(53):
        return mpmath.mpf(text)


@pytest.mark.parametrize(("written", "value"), [
    (0.1, R(1, 10)), (0.30000000000000004, R(30000000000000004, 10**17)), (np.float64(0.1), R(1, 10)),
    (np.float32("0.1"), R(1, 10)), (decimal.Decimal("0.1000000000000000000000000001"), R(10**27 + 1, 10**28)),
    (sp.Float("0.1", 30), R(1, 10)), (sp.Float("0.12345678901234567890123", 23), R(12345678901234567890123, 10**23)),
    (sp.Float("1e400"), R(10) ** 400), (sp.Float("-2.5e-400"), -R(25, 10**401)), (sp.Float(0.1), R(1, 10)),
    (np.longdouble("0.1"), R(*map(int, np.longdouble("0.1").as_integer_ratio()))),
    (_mpf53("0.1"), R(3602879701896397, 2**55)), (10**400, R(10) ** 400),
])
def test_numbers_are_read_at_the_value_written(written, value):
    assert number(written, "bound") == value


@pytest.mark.parametrize("bad", [decimal.Decimal("NaN"), decimal.Decimal("Infinity"), mpmath.mpf("inf"),
                                 sp.Float("inf"), float("nan"), np.longdouble("inf"), 1e308 * 10, True, "0.1",
                                 sp.I, sp.oo, sp.Symbol("z")])
def test_non_finite_or_non_numbers_are_named_value_errors(bad):
    with pytest.raises(ValueError, match="domain bound lo of x"):
        _v(sp.Le(x, 1), {x: (bad, 1)})


@pytest.mark.parametrize("bound", [sp.Float("0.1", 30), decimal.Decimal("0.1"), 0.1, np.float32("0.1"),
                                   sp.Float("0.100000000000000000000000", 24)])
def test_boundary_point_written_in_any_decimal_type_refutes(bound):
    v = _v(sp.Gt(x, R(1, 10)), {x: (bound, 1)})
    assert v.status == "refuted" and v.counterexample == {x: R(1, 10)}


def test_binary_numbers_are_their_exact_binary_value():
    ld = np.longdouble("0.1")
    exact = R(*map(int, ld.as_integer_ratio()))
    assert exact > R(1, 10)
    assert _v(sp.Gt(x, R(1, 10)), {x: (ld, 1)}).status == "proved"
    v = _v(sp.Gt(x, exact), {x: (ld, 1)})
    assert v.status == "refuted" and v.counterexample == {x: exact}
    m = _mpf53("0.1")
    assert _v(sp.Gt(x, R(1, 10)), {x: (m, 1)}).status == "proved"


def test_high_precision_constants_in_statement_and_assumptions():
    f = sp.Float("0.1000000000000000000001", 25)  # above 1/10 by 10^-22: a double would lose it
    v = _v(sp.Gt(x, f), {x: (R(1, 10), 1)})
    assert v.status == "refuted" and R(1, 10) <= v.counterexample[x] < R(1000000000000000000001, 10**22)
    v = _v(sp.Gt(x, R(1, 10)), {x: (0, 1)}, assumptions=[sp.Ge(x, sp.Float("0.1", 40))])
    assert v.status == "refuted" and v.counterexample == {x: R(1, 10)}


def test_large_irrational_bounds_are_bracketed_tightly():
    lo, hi = brackets(sp.E**100)
    assert lo < hi and hi - lo < R(1, 2**100)
    assert _v(sp.Le(x, sp.E**100 + 1), {x: (0, sp.E**100)}).status in ("proved", "survived")
    assert _v(sp.Le(x, sp.E**100), {x: (0, sp.E**100 - 1)}).status in ("proved", "survived")
    v = _v(sp.Lt(x, sp.E**100 - 1), {x: (0, sp.E**100)})
    assert v.status == "refuted" and v.counterexample[x] > sp.E**100 - 1


# --- assumptions frozen ---------------------------------------------------------------------
def test_generator_assumptions_are_frozen_and_used():
    c = Claim(id="GEN", statement=sp.Le(x, y), domain={x: (0, 1), y: (0, 1)},
              assumptions=(r for r in [sp.Le(x, y)]))
    assert c.assumptions == (sp.Le(x, y),)
    v = check(c, budget_s=3)
    assert v.status == "proved" and "given" in v.statement
    single = Claim(id="ONE", statement=sp.Le(x, y), domain={x: (0, 1), y: (0, 1)}, assumptions=sp.Le(x, y))
    assert single.assumptions == (sp.Le(x, y),)


@pytest.mark.parametrize("bad", [{sp.Le(x, 1)}, "x <= 1", x + 1, {x: 1}, 3, None])
def test_assumptions_that_are_not_relationals_or_sequences_are_rejected(bad):
    with pytest.raises(ValueError, match="assumptions must be"):
        Claim(id="BAD", statement=sp.Le(x, 1), domain={x: (0, 1)}, assumptions=bad)


# --- constants sympy cannot sign; real exceptions from the capped process --------------------
K0 = sp.sin(1) ** 2 + sp.cos(1) ** 2 - 1


def test_constants_that_are_exact_zeros_are_decided():
    assert number(K0, "bound") == 0
    assert _v(sp.Ge(x, 0), {x: (K0, 1)}).status == "proved"
    v = _v(sp.Gt(x, 0), {x: (K0, 1)})
    assert v.status == "refuted" and v.counterexample == {x: 0}
    assert _v(sp.Ge(x + K0, 0), {x: (0, 1)}).status == "proved"
    v = _v(sp.Gt(x, 0), {x: (-1, 1)}, assumptions=[sp.Ge(x, K0)])
    assert v.status == "refuted" and v.counterexample == {x: 0}


def test_unbracketable_constant_is_a_named_value_error():
    with pytest.raises(ValueError, match="domain bound hi of x"):
        _v(sp.Le(x, 1), {x: (0, sp.zeta(3))})


class _Local(Exception):
    pass


def test_unpicklable_exceptions_travel_back_as_what_they_were():
    def boom(progress):
        raise ValueError("bad input", lambda: 0)  # a lambda cannot be pickled
    with pytest.raises(ValueError, match="bad input") as info:
        run_capped(boom, time_s=10)
    assert "checking process" in "".join(getattr(info.value, "__notes__", []))

    def local(progress):
        class Inner(TypeError):
            pass
        raise Inner("deep")
    with pytest.raises(TypeError, match="Inner: deep"):
        run_capped(local, time_s=10)
    exc = portable(_Local("picklable"))
    assert isinstance(pickle.loads(pickle.dumps(exc)), _Local)


# --- huge bounds ----------------------------------------------------------------------------
@pytest.mark.parametrize(("B", "val"), [(10**400, R(10) ** 400), (1e308, R(10) ** 308),
                                        (sp.Float("1e400"), R(10) ** 400), (1e200, R(10) ** 200)])
def test_bounds_beyond_the_double_range(B, val):
    assert _v(sp.Le(x, val), {x: (-B, B)}).status == "proved"
    v = _v(sp.Lt(x, val), {x: (-B, B)})
    assert v.status == "refuted" and v.counterexample == {x: val}
    v = _v(sp.Le(x, val - 1), {x: (0, B)})
    assert v.status == "refuted" and v.counterexample[x] > val - 1
    assert _v(sp.Le(x**2, val**2), {x: (-B, B)}).status == "proved"
    v = _v(sp.Le(sp.sin(x), 1), {x: (-B, B)}, budget_s=1)
    assert v.status in ("proved", "survived")


# --- unevaluated objects --------------------------------------------------------------------
t, k = sp.Symbol("t"), sp.Symbol("k", integer=True, positive=True)


@pytest.mark.parametrize(("obj", "top"), [
    (sp.Integral(t, (t, 0, x)), R(1, 2)), (sp.Derivative(x**3, x), 3), (sp.Sum(x**k, (k, 1, 3)), 3),
    (sp.Limit(sp.sin(x * t) / t, t, 0), 1), (sp.Product(1 + x / k, (k, 1, 2)), 3),
])
def test_unevaluated_objects_are_evaluated(obj, top):
    assert _v(sp.Le(obj, top), {x: (0, 1)}).status == "proved"
    v = _v(sp.Lt(obj, top), {x: (0, 1)})
    assert v.status == "refuted" and v.counterexample == {x: 1}


@pytest.mark.parametrize(("obj", "named"), [(sp.Sum(1 / (k**3 + x), (k, 1, sp.oo)), "Sum"),
                                            (sp.Function("f")(x), "f(x)")])
def test_unevaluable_objects_are_named_value_errors(obj, named):
    with pytest.raises(ValueError, match=named.replace("(", r"\(").replace(")", r"\)")):
        _v(sp.Le(obj, 2), {x: (0, 1)})


# --- budgets --------------------------------------------------------------------------------
@pytest.mark.parametrize("budget", [math.inf, -math.inf, math.nan, 0, -1, True, "1", None, 1e400])
def test_non_finite_or_non_positive_budgets_are_value_errors(budget):
    with pytest.raises(ValueError, match="budget_s"):
        check(Claim(id="B", statement=sp.Le(x, 1), domain={x: (0, 1)}), budget_s=budget)


def test_a_huge_finite_budget_is_fine():
    assert check(Claim(id="B", statement=sp.Le(x, 1), domain={x: (0, 1)}), budget_s=1e12).status == "proved"


# --- hypothesis writes nothing in the current directory -------------------------------------
def test_check_writes_no_hypothesis_directory_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLICKBOUND_CACHE_DIR", str(tmp_path / "cache"))
    v = _v(sp.Le(sp.sin(x), 2), {x: (0, 1)}, budget_s=1)
    assert v.status in ("proved", "survived")
    assert not (tmp_path / ".hypothesis").exists()
    assert not os.path.exists(os.path.join(os.getcwd(), ".hypothesis"))


# --- counterexamples re-checked on the claim as written -------------------------------------
def test_recheck_against_the_claim_as_written():
    c = Claim(id="W", statement=sp.Gt(x, sp.Float("0.1", 30)), domain={x: (decimal.Decimal("0.1"), 1)},
              assumptions=[sp.Le(x, y)])
    c2 = Claim(id="W2", statement=c.statement, domain={**c.domain, y: (0, 1)}, assumptions=c.assumptions)
    assert refutes_as_written(c2, {x: R(1, 10), y: R(1, 2)}) is None
    assert "statement" in refutes_as_written(c2, {x: R(1, 2), y: R(1)})
    assert "assumption 0" in refutes_as_written(c2, {x: R(1, 10), y: R(0)})
    assert "inside" in refutes_as_written(c2, {x: R(1, 20), y: R(1)})
    assert "exact rational" in refutes_as_written(c2, {x: 0.1, y: R(1)})
    assert "no value" in refutes_as_written(c2, {x: R(1, 10)})


# --- vouched_by, step kinds, the argued status ----------------------------------------------
def decide_fixed(budget_s):
    return Outcome("proved", "arithmetic", {"lhs": 2}, scope="all")


def test_vouched_by_names_who_stands_behind_each_verdict():
    pc = ProcedureClaim(id="P", statement_text="1 + 1 = 2", decide=decide_fixed)
    v = check(pc, budget_s=1)
    assert v.vouched_by == f"procedure: {__name__}.decide_fixed"
    assert v.as_dict()["vouched_by"] == v.vouched_by
    assert v.as_dict()["step_kinds"] == {"checked": 0, "cited": 0, "argued": 0}
    argued_proof = {"proof": {"steps": [{"step": "(argument) by linearity", "checked": "rests on: E"},
                                        {"step": "expand", "checked": "x == x"}]}}
    pc2 = ProcedureClaim(id="P2", statement_text="s",
                         decide=lambda b: Outcome("proved", "derivation", argued_proof, scope="all"))
    v2 = check(pc2, budget_s=1)
    assert (v2.status, v2.vouched_by, v2.step_kinds) == ("proved", "argument: 1 step",
                                                          {"checked": 1, "cited": 0, "argued": 1})
    assert _v(sp.Le(x, 2), {x: (0, 1)}).vouched_by.startswith("engine: ")
    assert _v(sp.Le(x, R(1, 2)), {x: (0, 1)}).vouched_by.startswith("engine: ")


def test_argued_needs_a_scope_and_its_listed_steps():
    with pytest.raises(ValueError, match="argued"):
        Outcome("argued", "derivation", {"argued": []}, scope="all")
    with pytest.raises(ValueError, match="scope"):
        Outcome("argued", "derivation", {"argued": ["step"]})
    o = Outcome("argued", "derivation", {"argued": ["(inference) it follows"]}, scope="all")
    v = Verdict(claim_id="A", status=o.status, method=o.method, elapsed_s=0.0, evidence=o.evidence, scope="all",
                expected=True)
    assert v.matches_expectation is True and v.as_dict()["status"] == "argued"


def test_a_derivation_that_raises_is_not_used_and_named():
    def broken():
        raise RuntimeError("the author's code failed")
    v = _v(sp.Le(x, 1), {x: (0, 1)}, proof=broken)
    assert v.status == "proved" and v.method != "derivation"
    assert any("RuntimeError: the author's code failed" in n for n in v.notes)


def test_unevaluated_expr_is_evaluated():
    assert _v(sp.Le(2 * sp.UnevaluatedExpr(x), 2), {x: (0, 1)}).status == "proved"


def test_text_proof_never_outranks_a_refutation_even_with_hypotheses_and_domain():
    st = sp.Le(x * y, x / 2)
    art = lambda: ProofArtefact("hand", (("since y <= 1/2", "hand"),), conclusion=st,  # noqa: E731
                                hypotheses=(sp.Le(y, R(1, 2)),), domain={x: (0, 1), y: (0, 1)})
    v = _v(st, {x: (0, 1), y: (0, 1)}, proof=art)
    assert v.status == "refuted" and v.counterexample[x] * v.counterexample[y] > v.counterexample[x] / 2
