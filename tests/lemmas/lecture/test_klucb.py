"""Tests for KL-MONO, KL-PINSKER, KL-INDEX (sources 000, dcmKL-UCB, and 003, 'KL-UCB'): the proofs' steps, the
Pinsker mutant re-checked, the 50-digit reference index and the grid."""
import math

import mpmath as mp
import pytest
import sympy as sp
from catalogue_kit import proved_or_argued

from clickbound.bounds.kl import klucb_index, klucb_threshold
from clickbound.lemmas import check
from clickbound.lemmas.lecture.klucb import (
    GRID_T,
    GRID_W,
    INDEX_ABS_TOL,
    MP_CERT_WIDTH,
    GRID_t,
    index_grid,
    kl_mono_proof,
    kl_mp,
    kl_pinsker_proof,
    klucb_claims,
    klucb_index_mp,
    threshold_mp,
)

#: the reference's own certificate width, well below the 1e-12 being tested
REF_TOL = float(MP_CERT_WIDTH) * 10


_CLAIMS = {c.id: c for c in klucb_claims()}


def get(cid):
    return _CLAIMS[cid]


def test_kl_mono_proved_with_all_steps():
    v = check(get("KL-MONO"), budget_s=10)
    assert proved_or_argued(v) and v.matches_expectation
    steps = [s["step"] for s in v.evidence["proof"]["steps"]]
    assert any("(q − w)/(q(1 − q))" in s for s in steps)
    assert any("edge w = 0" in s for s in steps) and any("edge w = 1" in s for s in steps)
    assert any("log log t < 0" in s for s in steps)


def test_kl_pinsker_proved():
    v = check(get("KL-PINSKER"), budget_s=10)
    assert proved_or_argued(v) and v.method == "derivation" and v.matches_expectation
    assert len(kl_pinsker_proof().steps) >= 8


def test_kl_pinsker_derivation_states_what_it_proves():
    # the engine accepts proof= only if the conclusion implies the claim's statement on its box
    import sympy as sp

    from clickbound.bounds.kl import kl_sym
    claim, art = get("KL-PINSKER"), kl_pinsker_proof()
    p, q = sorted(claim.symbols, key=lambda s: s.name)
    assert art.conclusion == sp.Ge(kl_sym(p, q), 2 * (p - q) ** 2) == claim.statement
    assert art.hypotheses == ()
    assert all(art.domain[s][0] <= claim.domain[s][0] and claim.domain[s][1] <= art.domain[s][1]
               for s in claim.domain)
    assert art.domain == {p: (0, 1), q: (0, 1)}  # the derivation covers the edges (under bounds.kl's conventions)


def test_pinsker_constant_is_sharp_mutant_refuted_and_rechecked():
    v = check(get("KL-PINSKER/constant-21/10"), budget_s=10)
    assert v.status == "refuted" and v.matches_expectation
    ce = {str(k): v for k, v in v.counterexample.items()}
    with mp.workdps(60):  # re-check at 60 digits, independently of the engine
        p = mp.mpf(sp.Rational(ce["p"]).p) / sp.Rational(ce["p"]).q
        q = mp.mpf(sp.Rational(ce["q"]).p) / sp.Rational(ce["q"]).q
        assert kl_mp(p, q) < mp.mpf(21) / 10 * (p - q) ** 2


def test_derivation_steps_really_check_something():
    # the recorder must reject a false step (a wrong derivative)
    import sympy as sp

    from clickbound.lemmas.support.derive import Derivation
    q = sp.Symbol("q")
    with pytest.raises(AssertionError):
        Derivation("x").equal("wrong", sp.diff(q**2, q), q)
    assert kl_mono_proof().steps  # the real one passes


def test_reference_index_edge_cases():
    # w = 1 → 1; t = 1 (g = 0) → w; w = 0 solves −log(1 − q) = g(t)/T in closed form
    assert klucb_index_mp(1, 1, 10**9) == 1
    assert klucb_index_mp(0.3, 5, 1) == mp.mpf(0.3)
    with mp.workdps(60):
        closed = 1 - mp.exp(-threshold_mp(10) / 2)  # D_KL(0‖q) = −log(1−q) (KL-MONO edge)
        assert abs(klucb_index_mp(0, 2, 10) - closed) < REF_TOL


def test_reference_index_solves_its_equation():
    # T·D_KL(w‖U) = g(t) at 50 digits, at a few interior points (independent of bounds.kl)
    # (points with 1 − U ≥ 1e-5, so that q itself carries the digits; 1e-30 ≫ 60-digit rounding)
    for w, T, t in [(0.2, 3, 100), (0.9, 200, 10**9), (0.5, 1000, 3), (1e-6, 7, 2.5)]:
        with mp.workdps(60):
            u = klucb_index_mp(w, T, t)
            assert 1 - u > 1e-5
            assert abs(T * kl_mp(w, u) - threshold_mp(t)) < mp.mpf(10) ** -30


def test_grid_contains_required_edges():
    assert {0.0, 1.0} <= set(GRID_W) and 1.0 in GRID_T
    assert {1.0, 2.0, 3.0, 1e9} <= set(GRID_t)
    assert len(index_grid()) == len(GRID_W) * len(GRID_T) * len(GRID_t)


def test_threshold_convention():
    # the policy conventions: log t for t < 3 (log log t < 0 below e), log t + 3 log log t for t ≥ 3
    assert klucb_threshold(1.0) == 0.0
    assert klucb_threshold(2.9) == pytest.approx(math.log(2.9), rel=1e-15)
    assert klucb_threshold(3.0) == pytest.approx(math.log(3) + 3 * math.log(math.log(3)), rel=1e-15)
    assert klucb_threshold(3.0) > klucb_threshold(2.999)  # jump up, still nondecreasing


def test_pinsker_index_consequence():
    v = check(get("KL-PINSKER/index"), budget_s=20)
    assert proved_or_argued(v) and v.evidence["grid_size"] == len(index_grid())


def test_kl_index_verdict_is_consistent_with_an_independent_recheck():
    """Whatever the verdict, re-check it: a refutation's point must really miss by > 1e-12."""
    v = check(get("KL-INDEX"), budget_s=20)
    assert v.evidence["grid_size"] == len(index_grid())
    if v.status == "refuted":
        ce = v.counterexample
        got = klucb_index(ce["w"], ce["T"], ce["t"])
        with mp.workdps(60):
            ref = klucb_index_mp(ce["w"], ce["T"], ce["t"], dps=55)
            assert abs(mp.mpf(got) - ref) > INDEX_ABS_TOL
    else:
        assert float(v.evidence["max_abs_error"]) <= INDEX_ABS_TOL


def test_kl_index_holds_for_bounds_kl():
    """bounds.kl at fbf97b5 failed here (283 of 2030 grid points, max error 0.71 at w = 0.15, T = 10,
    t = 1000: its Newton loop returned ``lo = w`` when the iterates converged from above); the
    bracketed-Halley rewrite in 604969f passes."""
    v = check(get("KL-INDEX"), budget_s=20)
    assert v.status == "proved" and v.evidence["points_above_tolerance"] == 0
    assert float(v.evidence["max_abs_error"]) <= INDEX_ABS_TOL
    # the grid is the statement's whole scope: the proof is the exhaustion of its points
    assert any(str(len(index_grid())) in s["checked"] for s in v.evidence["proof"]["steps"])


def test_pinsker_index_formula_bounds_the_kl_index_and_rejects_bad_input():
    """pinsker_index = w + sqrt(g(t)/(2T)) (checked against mpmath) and >= klucb_index (KL-PINSKER/index)."""
    from clickbound.lemmas.lecture.klucb import pinsker_index

    with mp.workdps(30):  # reference: the formula at 30 digits, w = 3/10, T = 50, t = 1000
        ref = mp.mpf("0.3") + mp.sqrt((mp.log(1000) + 3 * mp.log(mp.log(1000))) / 100)
    # float evaluation of a sum/sqrt of O(1) numbers: a few ulps
    assert pinsker_index(0.3, 50.0, 1000.0) == pytest.approx(float(ref), rel=1e-14, abs=0)
    w = [0.0, 0.05, 0.3, 0.5, 0.9, 1.0]
    for T in (1.0, 10.0, 1e4):
        for t in (1.0, 2.0, 3.0, 1e6):
            pin = pinsker_index(w, T, t)
            kl = klucb_index(w, [T] * len(w), t)
            assert (pin >= kl).all(), (T, t, pin - kl)
    assert pinsker_index(0.4, 7.0, 1.0) == 0.4  # g(1) = 0: both indices equal w
    for name, bad in (("w", dict(w=-0.1, T=1.0, t=2.0)), ("T", dict(w=0.5, T=0.5, t=2.0)),
                      ("t", dict(w=0.5, T=1.0, t=0.5))):
        with pytest.raises(ValueError, match=rf"^{name} "):
            pinsker_index(**bad)
