"""The deciding methods one by one: derivation, symbolic, exact decision (z3), boundary drawing.

The engine's contract; ("proved (with the proof artefact), refuted (with an exact,
re-verified counterexample), or survived").  Counterexamples are re-checked here by plain
sympy substitution, independently of the engine.
"""
import time

import pytest
import sympy as sp

from clickbound.lemmas import Claim, ProofArtefact, check
from clickbound.lemmas.engine.claim import Identity
from clickbound.lemmas.engine.property_search import property_search
from clickbound.lemmas.engine.sampling import Sampler
from clickbound.lemmas.engine.validate import prepare

x, y, z = sp.symbols("x y z", real=True)
UNIT = {x: (0, 1), y: (0, 1), z: (0, 1)}
FAR = 10.0 ** 9  # a deadline that never bites: the search does its full fixed work


def assert_refutes(claim, cex):
    """Independent exact re-check of a counterexample (sympy substitution of Rationals)."""
    assert cex is not None
    pt = {s: cex[s] for s in claim.domain}
    for s, (lo, hi) in claim.domain.items():
        assert isinstance(pt[s], sp.Rational) and sp.Rational(lo) <= pt[s] <= sp.Rational(hi)
    for a in claim.assumptions:
        assert bool(a.subs(pt)) is True
    assert bool(claim.statement.subs(pt)) is False


def test_identity_proved_symbolically():
    c = Claim(id="ID", statement=sp.Eq((x + y) ** 3, x ** 3 + 3 * x ** 2 * y + 3 * x * y ** 2 + y ** 3),
              domain=UNIT)
    v = check(c, budget_s=5.0)
    assert (v.status, v.method) == ("proved", "symbolic")
    assert v.evidence["proof"]["steps"]


def test_transcendental_identity_proved_by_simplify():
    c = Claim(id="ID-LOG", statement=sp.Eq(sp.log(sp.exp(x) * sp.exp(y)), x + y), domain=UNIT)
    assert check(c, budget_s=5.0).status == "proved"


def test_bernstein_certificate_recorded():
    # x(1-x) y <= 1/4 on the unit box: no assumptions, so the box certificate applies
    c = Claim(id="BERN", statement=sp.Le(x * (1 - x) * y, sp.Rational(1, 4)), domain=UNIT)
    v = check(c, budget_s=5.0)
    assert (v.status, v.method) == ("proved", "symbolic")
    assert any("Bernstein" in s["checked"] for s in v.evidence["proof"]["steps"])


def test_true_polynomial_inequality_proved_by_z3():
    # x y <= 1/4 given x + y <= 1: the assumption cuts the box, so only z3 applies
    c = Claim(id="Z3-TRUE", statement=sp.Le(x * y, sp.Rational(1, 4)), domain=UNIT,
              assumptions=[sp.Le(x + y, 1)])
    v = check(c, budget_s=5.0)
    # the linear assumption is mapped onto a unit box first (lemmas/engine/reparam.py), so the
    # symbolic route proves it before z3 runs; z3, confirmed by cvc5, decides it on its own too
    assert v.status == "proved" and v.method in ("symbolic", "exact-decision")
    from clickbound.lemmas.engine.decide import z3_decide

    status, ev, _ = z3_decide(prepare(c), 5.0)
    assert status == "proved" and (ev["z3"], ev["cvc5"], ev["variables"]) == ("unsat", "unsat", 3)


def test_false_polynomial_inequality_refuted_exactly():
    c = Claim(id="Z3-FALSE", statement=sp.Le(x * y, sp.Rational(1, 5)), domain=UNIT,
              assumptions=[sp.Le(x + y, 1)])
    v = check(c, budget_s=5.0)
    assert v.status == "refuted"
    assert_refutes(c, v.counterexample)
    assert v.evidence["verification"]["decided_by"] == "exact rational arithmetic"


def test_violation_only_at_an_irrational_point_is_not_refuted():
    # (x^2 - 2)^2 > 0 fails only at x = sqrt(2): z3 says sat with an algebraic model,
    # no rational point violates, so the honest verdict is "survived".
    c = Claim(id="ALG", statement=sp.Gt((x ** 2 - 2) ** 2, 0), domain={x: (1, 2)})
    v = check(c, budget_s=3.0)
    assert v.status == "survived"
    assert "model_rejected" in v.evidence["exact-decision"]


def test_failed_derivation_is_recorded_not_a_proof():
    def broken():
        assert False, "step 2 does not follow"

    true_claim = Claim(id="DER-T", statement=sp.Le(x * y, 1), domain=UNIT, proof=broken)
    v = check(true_claim, budget_s=3.0)
    assert v.status == "proved" and v.method != "derivation"
    assert any("step 2 does not follow" in n for n in v.notes)
    false_claim = Claim(id="DER-F", statement=sp.Le(x + y, 1), domain=UNIT, proof=broken)
    v = check(false_claim, budget_s=3.0)
    assert v.status == "refuted" and v.methods_tried[0] == "cheap-refutation"  # before the derivation


def test_text_derivation_of_a_claim_the_engine_proves_is_not_what_vouches():
    st = sp.Le(x * y, 1)
    art = ProofArtefact("by hand", (("x y <= 1 since both <= 1", "x, y in [0, 1]"),), conclusion=st,
                        domain=UNIT)
    v = check(Claim(id="DER-OK", statement=st, domain=UNIT, proof=lambda: art), budget_s=3.0)
    assert v.status == "proved" and v.method != "derivation" and v.vouched_by.startswith("engine: ")
    assert v.step_kinds == {"checked": v.step_kinds["checked"], "cited": 0, "argued": 0}
    assert any("argued step" in n for n in v.notes)


E1 = sp.Ge(sp.exp(x), 1 + x + x**2 / 2 - x**3)  # true on [0, 1]; no method of the engine proves it


def test_text_derivation_the_engine_cannot_check_is_argued_not_proved():
    art = ProofArtefact("by hand", (("Taylor", "exp(x) >= 1 + x + x^2/2 for x >= 0"),), conclusion=E1)
    # argued needs the engine's full search to have run first: a budget that allows it on a loaded machine
    v = check(Claim(id="DER-A", statement=E1, domain={x: (0, 1)}, proof=lambda: art), budget_s=12.0)
    assert (v.status, v.method, v.scope) == ("argued", "derivation", "all")
    assert v.vouched_by == "argument: 2 steps"
    assert v.step_kinds == {"checked": 0, "cited": 0, "argued": 2}
    assert v.argued_steps == 2 and v.scope_text == "argued (every parameter; 2 argued steps)"
    listed = v.evidence["argued"]
    assert listed[0].startswith("Taylor") and listed[1].startswith("(inference)")
    d = v.as_dict()
    assert (d["status"], d["vouched_by"], d["step_kinds"]["argued"]) == ("argued", "argument: 2 steps", 2)
    assert "same normal form" in v.evidence["link"][-1]
    assert v.matches_expectation is None


def test_derivation_of_checked_identities_proves():
    st = sp.Eq((x + y) ** 2, x**2 + 2 * x * y + y**2, evaluate=False)
    art = ProofArtefact("expand", (("binomial", Identity((x + y) ** 2, x**2 + 2 * x * y + y**2)),), conclusion=st)
    v = check(Claim(id="DER-ID", statement=st, domain=UNIT, proof=lambda: art), budget_s=3.0)
    assert (v.status, v.method) == ("proved", "derivation")
    assert v.vouched_by == "engine: derivation (1 checked step)"
    assert v.step_kinds == {"checked": 1, "cited": 0, "argued": 0}


def test_derivation_with_a_false_identity_step_is_not_used():
    st = sp.Ge((x + y) ** 2, x**2 + y**2)
    art = ProofArtefact("wrong", (("square", Identity((x + y) ** 2, x**2 + y**2)),),
                        conclusion=sp.Eq((x + y) ** 2, x**2 + y**2, evaluate=False))
    v = check(Claim(id="DER-BAD", statement=st, domain=UNIT, proof=lambda: art), budget_s=3.0)
    assert v.method != "derivation" and any("does not check" in n for n in v.notes)


@pytest.mark.parametrize("statement", [sp.Ge(1 - (1 - x) * (1 - y), x + y), sp.Le(sp.exp(x), 1 + x + x**2 / 2),
                                       sp.Eq(x * y, x), sp.Gt(x, sp.Rational(1, 10))])
def test_any_artefact_on_a_false_claim_is_refuted(statement):
    bogus = lambda: ProofArtefact(summary="trust me", steps=(("hand-wave", "by inspection"),),  # noqa: E731
                                  conclusion=statement, hypotheses=(), domain=None)
    v = check(Claim(id="BOGUS", statement=statement, domain=UNIT, proof=bogus), budget_s=3.0)
    assert v.status == "refuted", (v.status, v.notes)
    assert v.vouched_by.startswith("engine: ")


def test_derivation_without_conclusion_is_not_used():
    art = ProofArtefact("by hand", (("x y <= 1 since both <= 1", "x, y in [0, 1]"),))
    v = check(Claim(id="DER-NC", statement=sp.Le(x * y, 1), domain=UNIT, proof=lambda: art), budget_s=3.0)
    assert v.method != "derivation"
    assert any("states no conclusion" in n for n in v.notes)


def test_derivation_of_a_weaker_statement_does_not_prove_a_stronger_one():
    # attack snippet 3: a proof of x y <= 1 is not a proof of x y <= 1/2
    art = ProofArtefact("by hand", (("x y <= 1", "x, y in [0, 1]"),), conclusion=sp.Le(x * y, 1), domain=UNIT)
    v = check(Claim(id="DER-W", statement=sp.Le(x * y, sp.Rational(1, 2)), domain=UNIT, proof=lambda: art),
              budget_s=3.0)
    assert v.status == "refuted"
    weaker = ProofArtefact("by hand", (("Taylor", "hand"),), conclusion=sp.Ge(sp.exp(x), 1 + x))
    v = check(Claim(id="DER-W2", statement=E1, domain={x: (0, 1)}, proof=lambda: weaker), budget_s=3.0)
    assert v.status == "survived" and any("not shown to imply" in n for n in v.notes)


def test_derivation_of_a_stronger_statement_gives_a_weaker_one():
    art = ProofArtefact("by hand", (("Taylor ... (pretend)", "hand"),), conclusion=E1)
    weaker = sp.Ge(sp.exp(x), 1 + x + x**2 / 2 - 2 * x**3)
    v = check(Claim(id="DER-S", statement=weaker, domain={x: (0, 1)}, proof=lambda: art), budget_s=12.0)
    assert (v.status, v.method) == ("argued", "derivation")
    assert "implies the statement" in v.evidence["link"][-1]


def test_derivation_on_a_smaller_domain_or_other_symbols_is_not_used():
    st = sp.Le(x * y, 1)
    half = {x: (0, sp.Rational(1, 2)), y: (0, 1)}
    art = ProofArtefact("by hand", (("x y <= 1", "x <= 1/2"),), conclusion=st, domain=half)
    v = check(Claim(id="DER-D", statement=st, domain=UNIT, proof=lambda: art), budget_s=3.0)
    assert v.method != "derivation" and any("not inside" in n for n in v.notes)
    xp = sp.Symbol("x", positive=True)
    art2 = ProofArtefact("by hand", (("x y <= 1", "hand"),), conclusion=sp.Le(xp * y, 1))
    v = check(Claim(id="DER-S2", statement=st, domain=UNIT, proof=lambda: art2), budget_s=3.0)
    assert v.method != "derivation" and any("not the claim's" in n for n in v.notes)


def _original(prep, rep):
    """Method reports are keyed by the engine's canonical symbols; map back to the claim's."""
    if rep is not None:
        rep["counterexample"] = prep.to_original(rep["counterexample"])
    return rep


def _search(claim, examples=200):
    prep = prepare(claim)
    rep, ev = property_search(prep, Sampler(prep), examples, time.perf_counter() + FAR, seed=0)
    return _original(prep, rep), ev


def test_property_search_finds_corner_only_violation():
    # x y z < 1 fails only at the corner (1, 1, 1)
    c = Claim(id="CORNER", statement=sp.Lt(x * y * z, 1), domain=UNIT)
    rep, ev = _search(c)
    assert ev["phase"] == "corners"
    assert rep["counterexample"] == {x: 1, y: 1, z: 1}


@pytest.mark.parametrize("chain", [False, True])
def test_property_search_finds_diagonal_only_violation(chain):
    # (x - y)^2 > 0 fails only on the diagonal x == y (measure zero); with the chain
    # assumption z >= y >= x the sampler reparametrises instead of rejecting.
    assumptions = [sp.Ge(y, x), sp.Ge(z, y)] if chain else []
    c = Claim(id="DIAG", statement=sp.Gt((x - y) ** 2 + (x - y) ** 2 * z, 0), domain=UNIT,
              assumptions=assumptions)
    rep, ev = _search(c)
    assert rep is not None, ev
    pt = rep["counterexample"]
    assert pt[x] == pt[y]
    assert_refutes(c, pt)


def test_transcendental_diagonal_violation_found_by_check():
    # not polynomial, so z3 does not apply: the search must hit x == y on purpose
    c = Claim(id="DIAG-EXP", statement=sp.Gt((sp.exp(x) - sp.exp(y)) ** 2, 0), domain=UNIT)
    v = check(c, budget_s=10.0)
    assert v.status == "refuted" and v.method == "property-search"
    assert v.counterexample[x] == v.counterexample[y]


def test_repair_pushes_snapped_points_onto_active_constraints():
    # chain z >= y >= x: a float point slightly off the chain is clamped exactly onto it
    c = Claim(id="CHAIN", statement=sp.Le(x, 1), domain=UNIT, assumptions=[sp.Ge(y, x), sp.Ge(z, y)])
    sampler = Sampler(prepare(c))
    from fractions import Fraction
    fixed = sampler.repair([Fraction(1, 2), Fraction(1, 2) - Fraction(1, 10**17), Fraction(1, 3)])
    assert fixed == [Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)]


def test_adversarial_search_lands_exactly_on_an_edge():
    # sin(x) - sin(y) > 0 given x >= y fails only on the edge x == y (and z3 does not apply)
    from clickbound.lemmas.engine.adversarial import adversarial_search
    c = Claim(id="EDGE", statement=sp.Gt(sp.sin(x) - sp.sin(y) + (x - y) * z, 0), domain=UNIT,
              assumptions=[sp.Ge(x, y)])
    prep = prepare(c)
    rep, ev = adversarial_search(prep, Sampler(prep), 8, time.perf_counter() + FAR, seed=0)
    rep = _original(prep, rep)
    assert rep is not None, ev
    assert rep["counterexample"][x] == rep["counterexample"][y]
    assert_refutes(c, rep["counterexample"])


def _l3_k3(assumptions):
    """DCM-L3 at K = 3 (000_0b27131c69d8f24c.txt 補題3) with x' = sorted x via Max/Min."""
    from clickbound.bounds.click import V
    c1, c2, c3, x1, x2, x3 = sp.symbols("c1 c2 c3 x1 x2 x3", real=True)
    xs = (x1, x2, x3)
    srt = (sp.Max(*xs), sp.Max(sp.Min(x1, x2), sp.Min(x1, x3), sp.Min(x2, x3)), sp.Min(*xs))
    cs = (c1, c2, c3)
    stmt = sp.Le(V([c * v for c, v in zip(cs, srt)]) - V([c * v for c, v in zip(cs, xs)]),
                 sum(c * v for c, v in zip(cs, srt)) - sum(c * v for c, v in zip(cs, xs)))
    return Claim(id="DCM-L3[K=3]/engine", statement=stmt, domain={s: (0, 1) for s in cs + xs},
                 assumptions=assumptions(c1, c2, c3))


def test_max_min_claims_go_to_z3():
    v = check(_l3_k3(lambda c1, c2, c3: [sp.Ge(c1, c2), sp.Ge(c2, c3)]), budget_s=10.0)
    assert (v.status, v.method) == ("proved", "exact-decision")
    # mutant: c increasing instead of decreasing
    mutant = _l3_k3(lambda c1, c2, c3: [sp.Le(c1, c2), sp.Le(c2, c3)])
    v = check(mutant, budget_s=10.0)
    assert v.status == "refuted"
    assert_refutes(mutant, v.counterexample)


def test_bernstein_coefficients_enclose_the_polynomial():
    # soundness of the certificate: on random polynomials the coefficient range contains
    # every value on a grid, and the corner coefficients equal the corner values
    import itertools

    import numpy as np

    from clickbound.lemmas.engine.symbolic import _bernstein_extremes
    rng = np.random.default_rng(np.random.SeedSequence(11))
    lo, hi = [sp.Rational(-1, 2), sp.Rational(1, 3)], [sp.Rational(1, 1), sp.Rational(2, 1)]
    for _ in range(5):
        coeffs = rng.integers(-5, 6, size=(3, 3))
        poly = sum(int(coeffs[i, j]) * x ** i * y ** j for i in range(3) for j in range(3))
        mn, mx, _ = _bernstein_extremes(poly, (x, y), lo, hi)
        grid = [lo[0] + (hi[0] - lo[0]) * sp.Rational(k, 6) for k in range(7)]
        gridy = [lo[1] + (hi[1] - lo[1]) * sp.Rational(k, 6) for k in range(7)]
        values = [poly.subs({x: a, y: b}) for a, b in itertools.product(grid, gridy)]
        assert mn <= min(values) and max(values) <= mx
        corners = [poly.subs({x: a, y: b}) for a, b in itertools.product((lo[0], hi[0]), (lo[1], hi[1]))]
        assert mn <= min(corners) and max(corners) <= mx


def test_linear_equation_assumption_is_sampled_not_rejected():
    # x == 2 y pins x once y is drawn (y sorts after x, so the bound lands on y: y == x / 2)
    # violated only at x = 1/2, y = 1/4 (interior, on the equation's line)
    c = Claim(id="EQ-ASSUME", statement=sp.Gt((x - sp.Rational(1, 2)) ** 2 + z * (x - 2 * y) ** 2, 0),
              domain=UNIT, assumptions=[sp.Eq(x, 2 * y)])
    rep, ev = _search(c)
    assert rep is not None and ev["phase"].startswith("hypothesis"), ev
    assert rep["counterexample"][x] == 2 * rep["counterexample"][y]
    assert_refutes(c, rep["counterexample"])
