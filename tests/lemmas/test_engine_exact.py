"""Exact re-verification and rational snapping (STYLE convention 4: floats search, exact decides).

The trap is DCM-L3 at K = 2 (source ``000_0b27131c69d8f24c.txt``, 補題3):
``V(c⊙x') − V(c⊙x) = Σ c x' − Σ c x`` holds with equality, so floats see violations of
order 1e-16 that must never become a refutation.
"""
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp

from clickbound.bounds.click import V
from clickbound.bounds.kl import kl_sym
from clickbound.lemmas import Claim, check
from clickbound.lemmas.engine.adversarial import adversarial_search
from clickbound.lemmas.engine.exact import MP_DIGITS, snap_candidates, to_rational, verify_counterexample
from clickbound.lemmas.engine.property_search import property_search
from clickbound.lemmas.engine.sampling import Sampler
from clickbound.lemmas.engine.validate import prepare

c1, c2, x1, x2 = sp.symbols("c1 c2 x1 x2", real=True)
# x' = x sorted decreasingly; the case x2 >= x1 gives x' = (x2, x1).
L3_K2 = Claim(
    id="DCM-L3[K=2]/engine-trap",
    statement=sp.Le(V([c1 * x2, c2 * x1]) - V([c1 * x1, c2 * x2]), c1 * x2 + c2 * x1 - c1 * x1 - c2 * x2),
    domain={c1: (0, 1), c2: (0, 1), x1: (0, 1), x2: (0, 1)},
    assumptions=[sp.Ge(c1, c2), sp.Ge(x2, x1)],
    source="000_0b27131c69d8f24c.txt, 補題3", spec_id="DCM-L3")
# Points drawn to find float "violations" of the K=2 equality.
TRAP_DRAWS = 20000


def _float_violations(prep, rng):
    f = sp.lambdify(prep.symbols, prep.statement.g, modules="numpy")
    pts = rng.random((TRAP_DRAWS, prep.n))
    g = f(*pts.T)
    feasible = (pts[:, 0] >= pts[:, 1]) & (pts[:, 3] >= pts[:, 2])  # symbols sorted: c1 c2 x1 x2
    return pts[(g < 0) & feasible]


def test_float_only_violation_is_rejected():
    prep = prepare(L3_K2)
    bad = _float_violations(prep, np.random.default_rng(np.random.SeedSequence(2026)))
    assert len(bad) > 0, "floats should see the rounding-level violations the trap is about"
    for row in bad[:50]:
        assert verify_counterexample(prep, dict(zip(prep.symbols, row.tolist()))) is None


def test_l3_k2_never_refuted_by_any_method():
    prep = prepare(L3_K2)
    sampler = Sampler(prep)
    far = 10.0 ** 9  # deadline far away: the searches do their full fixed work
    import time
    rep, ev = property_search(prep, sampler, 300, time.perf_counter() + far, seed=0)
    assert rep is None and ev["feasible_examples"] > 0
    rep, ev = adversarial_search(prep, sampler, 16, time.perf_counter() + far, seed=0)
    assert rep is None and ev["starts_run"] == 16
    v = check(L3_K2, budget_s=10.0)
    assert v.status == "proved"


def test_l3_k2_equality_is_an_identity():
    eq = Claim(id="L3-K2-eq", statement=sp.Eq(L3_K2.statement.lhs, L3_K2.statement.rhs),
               domain=L3_K2.domain)
    v = check(eq, budget_s=5.0)
    assert (v.status, v.method) == ("proved", "symbolic")


def test_snap_candidates_simplest_first_and_exact_binary_last():
    cands = snap_candidates(0.3137)
    assert cands[0] == Fraction(0) and Fraction(3137, 10000) in cands
    assert cands[-1] == Fraction(0.3137)  # the float's exact value
    assert len(set(cands)) == len(cands)
    assert snap_candidates(float("nan")) == []


def test_to_rational_is_exact():
    assert to_rational(0.1) == sp.Rational(3602879701896397, 36028797018963968)
    assert to_rational(Fraction(1, 3)) == sp.Rational(1, 3)


def test_transcendental_violation_needs_the_margin():
    p, q = sp.symbols("p q", positive=True)
    box = {p: (sp.Rational(1, 100), sp.Rational(99, 100)), q: (sp.Rational(1, 100), sp.Rational(99, 100))}
    pinsker = prepare(Claim(id="KL-PINSKER", statement=sp.Ge(kl_sym(p, q), 2 * (p - q) ** 2), domain=box))
    three = prepare(Claim(id="KL-PINSKER/3", statement=sp.Ge(kl_sym(p, q), 3 * (p - q) ** 2), domain=box))
    near = {p: sp.Rational(1, 2), q: sp.Rational(1, 2) + sp.Rational(1, 10**6)}
    assert verify_counterexample(pinsker, near) is None
    far = {p: sp.Rational(1, 2), q: sp.Rational(3, 5)}
    rep = verify_counterexample(three, far)
    assert rep is not None and "arb ball arithmetic" in rep["decided_by"]
    # independent check (mpmath at MP_DIGITS): 3 (p-q)^2 - D_KL(1/2 || 3/5) ~ 0.0096 >> 1e-40
    with mpmath.workdps(MP_DIGITS):
        pm, qm = mpmath.mpf(1) / 2, mpmath.mpf(3) / 5
        kl = pm * mpmath.log(pm / qm) + (1 - pm) * mpmath.log((1 - pm) / (1 - qm))
        assert 3 * (pm - qm) ** 2 - kl > mpmath.mpf(10) ** -40
    # a point outside the box or one breaking an assumption is never a counterexample
    assert verify_counterexample(three, {p: sp.Rational(1, 2), q: 1}) is None
