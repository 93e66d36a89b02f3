"""Tests for LIN-SM (source 004_d9477b3ebe233f80.txt, CascadeLinTS inverse update)."""
import numpy as np
import sympy as sp

from clickbound.lemmas import check
from clickbound.lemmas.cascade_blog.linear_sm import (
    _NC,
    FLOAT_REL_TOL,
    _reduce,
    exact_loop,
    linear_sm_claims,
    sm_general_update,
    sm_update,
)


def test_lin_sm_proved():
    (claim,) = linear_sm_claims()
    v = check(claim, budget_s=10)
    assert v.status == "proved" and v.matches_expectation
    assert v.scope == "all"  # every dimension, by the noncommutative word reduction
    steps = v.evidence["proof"]["steps"]
    assert sum(s["step"].startswith("every d:") and "reduced words {(): 1}" in s["checked"] for s in steps) == 2
    assert "every dimension d" in claim.statement_text
    fc = v.evidence["float_check"]
    assert fc["d"] == 10 and fc["relative_frobenius_drift"] <= FLOAT_REL_TOL
    assert sum("d=10 exact" in s["step"] for s in v.evidence["proof"]["steps"]) == 2


def test_wrong_denominator_is_caught_exactly():
    # mutant: xᵀM⁻¹x + σ (not σ²) — must differ from the true inverse at σ² = 1/4 in exact arithmetic
    M = sp.Matrix([[2, 1], [1, 3]])
    x = sp.Matrix([1, 2])
    s2 = sp.Rational(1, 4)
    Minv = M.inv()
    true_inv = (M + x * x.T / s2).inv()
    assert sm_update(Minv, x, s2) == true_inv
    mutant = Minv - (Minv * x) * (x.T * Minv) / ((x.T * Minv * x)[0, 0] + sp.sqrt(s2))
    assert mutant != true_inv


def test_generic_update_matches_numpy_on_nonsymmetric_matrix():
    rng = np.random.default_rng(np.random.SeedSequence(3))
    A = rng.normal(size=(4, 4)) + 4 * np.eye(4)  # well-conditioned, not symmetric
    x = rng.normal(size=(4, 1))
    N = sp.Matrix(np.linalg.inv(A))
    got = np.array(sm_general_update(N, sp.Matrix(x), 1.0), dtype=float)
    ref = np.linalg.inv(A + x @ x.T)
    # float64 with cond(A) ≈ 10: 1e-10 leaves a wide margin over the ~1e-14 rounding
    assert np.max(np.abs(got - ref)) < 1e-10


def test_word_reduction_rejects_a_wrong_update():
    # the every-d proof has teeth: with σ in place of σ² in the denominator the product is not I
    M, N, X, Xt = _NC
    s, s2, sig = sp.symbols("s sigma2 sigma", real=True)
    wrong = N - N * X * Xt * N / (s + sig)
    assert _reduce((M + X * Xt / s2) * wrong, s) != {(): 1}
    right = N - N * X * Xt * N / (s + s2)
    assert _reduce((M + X * Xt / s2) * right, s) == {(): 1}


def test_exact_loop_is_exact():
    assert exact_loop(np.random.default_rng(np.random.SeedSequence(1)), n_updates=30)
