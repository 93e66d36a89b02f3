"""Fuzz ``clickbound.lemmas.check`` against the independent exact oracle of ``claim_fuzz``.

* ``test_fuzz_chunk[k]`` (slow; ``--run-slow``): 10 chunks of 100 generated claims (seeds 0..9,
  1000 claims in all, every one of the 22 families >= 38 times), each asserting that the oracle found no unsound
  verdict, no crash, no contract breach and no oracle error; each writes its summary (counts by
  family x outcome, the problems with a reproducible ``srepr`` of every claim, the rejections,
  times) to ``out/fuzz/chunk-<k>.json``.
  ``.venv/bin/python -m pytest tests/lemmas/test_engine_fuzz.py --run-slow -n 2``
* regression tests for the engine's known unsound cases (F1, F2, F4, zero-width box, gamma);
* tests that the oracle fails planted unsound verdicts (it is able to fail), and accepts sound ones.

A single claim reproduces with ``claim_fuzz.case_for(seed, index, 100)``.
"""
from __future__ import annotations

import json
import pathlib
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest
import sympy as sp
from claim_fuzz import (
    FAMILIES,
    SCHEDULE,
    Undefined,
    analyse,
    case_for,
    evaluate,
    generate,
    oracle_check,
    relation_at,
    run,
)

from clickbound.lemmas import Claim, InfeasibleAssumptions, check

OUT = pathlib.Path(__file__).resolve().parents[2] / "out" / "fuzz"
CHUNKS, PER_CHUNK, BUDGET_S = 10, 100, 0.4
FAILING = ("unsound", "crash", "contract", "oracle-error")
R = sp.Rational


def _fmt(p):
    return (f"[{p['category']}] {p['kind']} (seed {p['seed']}, index {p['index']}, {p['family']}: "
            f"{p['template']}): {p['detail']}\n    claim {p['claim']['text']}  domain {p['claim']['domain']}"
            f"  assumptions {p['claim']['assumptions']}\n    engine said {p['engine_said']}, "
            f"counterexample {p['counterexample']}, witness {p.get('witness')}")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_chunk(chunk):
    summary = run(PER_CHUNK, seed=chunk, budget_s=BUDGET_S)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"chunk-{chunk}.json").write_text(json.dumps(summary, indent=1, default=str))
    bad = [p for p in summary["problems"] if p["category"] in FAILING]
    assert not bad, f"{len(bad)} problem(s) in chunk {chunk}:\n" + "\n".join(_fmt(p) for p in bad)


def test_schedule_covers_every_family():
    counts = {f: 0 for f in FAMILIES}
    for g in range(CHUNKS * PER_CHUNK):
        counts[SCHEDULE[g % len(SCHEDULE)]] += 1
    assert min(counts.values()) >= 38, counts


@pytest.mark.parametrize("family", FAMILIES)
def test_generator_builds_claims_and_oracle_agrees_on_malformedness(family):
    for i in range(12):
        case = generate(np.random.default_rng([123, i]), family)
        assert case.family == family
        info = analyse(case.claim)
        assert (case.truth_hint == "malformed") == (info.malformed is not None), (case, info.malformed)


def test_case_for_is_reproducible():
    a, b = case_for(3, 17, PER_CHUNK), case_for(3, 17, PER_CHUNK)
    assert sp.srepr(a.claim.statement) == sp.srepr(b.claim.statement)
    assert a.family == b.family


# ---------------------------------------------------------------------------------------------
# Regression tests for the engine's known unsound cases
# ---------------------------------------------------------------------------------------------
def _answer(claim, budget_s=5):
    try:
        return check(claim, budget_s=budget_s)
    except Exception as exc:  # noqa: BLE001 (judged below)
        return exc


def _no_failures(claim, result):
    probs = [p for p in oracle_check(claim, result) if p["category"] in FAILING]
    assert not probs, probs


def test_f1_same_name_symbols_are_different_variables():
    x1, x2 = sp.Symbol("x"), sp.Symbol("x", positive=True)
    claim = Claim(id="F1", statement=sp.Ge(x1, x2), domain={x1: (0, 1), x2: (0, 1)})
    res = _answer(claim)
    if isinstance(res, ValueError):  # x2 positive is not implied by its box [0, 1]: may be rejected
        assert str(res).strip()
        return
    assert not isinstance(res, BaseException), repr(res)
    assert res.status in ("refuted", "survived"), res.status
    if res.status == "refuted":
        cex = res.counterexample
        assert set(cex) == {x1, x2}
        assert cex[x1] < cex[x2]
    _no_failures(claim, res)


def test_f2_symbol_assumption_contradicting_its_box_is_a_value_error():
    a = sp.Symbol("a", positive=True)
    claim = Claim(id="F2", statement=sp.Eq(sp.sqrt(sp.Pow(a + 1, 2), evaluate=False), a + 1, evaluate=False),
                  domain={a: (-3, -2)})
    with pytest.raises(ValueError):
        check(claim, budget_s=5)


def test_f4_statement_undefined_at_every_feasible_point_is_never_proved():
    x, y = sp.symbols("x y")
    claim = Claim(id="F4", statement=sp.Le(1 / (x - y), -5), domain={x: (0, 1), y: (0, 1)},
                  assumptions=[sp.Eq(x, y)])
    res = _answer(claim)
    if isinstance(res, ValueError):
        return
    assert not isinstance(res, BaseException), repr(res)
    assert res.status not in ("proved", "refuted"), res.status


def test_zero_width_box_does_not_crash():
    x = sp.Symbol("x")
    for st, box in ((sp.Le(x**2, 1), (1, 1)), (sp.Lt(x**2, 1), (1, 1)), (sp.Ge(sp.exp(x), 1 + x), (1, 1)),
                    (sp.Lt(1 / x, -1), (0, 0)), (sp.Lt(sp.log(x), -1), (0, 0))):
        claim = Claim(id="Z", statement=st, domain={x: box})
        _no_failures(claim, _answer(claim, budget_s=1))


def test_gamma_does_not_crash():
    x = sp.Symbol("x")
    for st in (sp.Ge(sp.gamma(x), 1), sp.Ge(sp.gamma(x), R(22, 25)), sp.Le(sp.gamma(x), 2)):
        claim = Claim(id="G", statement=st, domain={x: (1, 2)})
        _no_failures(claim, _answer(claim, budget_s=1))


# Minimal reproducers of what the fuzzer found against the engine of commit c30539f (failing then)
_t = sp.Symbol("t")
FOUND = [
    ("numpy float bound", sp.Le(_t, 1), {_t: (0, np.float64(1.0))}),
    ("gamma gradient", sp.Ge(sp.gamma(_t), R(22, 25)), {_t: (1, 2)}),
    ("digamma", sp.Ge(sp.digamma(_t), 0), {_t: (1, 3)}),
    ("LambertW", sp.Ge(sp.LambertW(_t), 0), {_t: (-R(1, 10), 1)}),
    ("infinite side", sp.Le(_t, sp.oo, evaluate=False), {_t: (0, 1)}),
    ("infinite product", sp.Ge(0, -sp.oo * _t, evaluate=False), {_t: (1, 2)}),
    ("nan side", sp.Le(_t, sp.nan, evaluate=False), {_t: (0, 1)}),
    ("zoo side", sp.Eq(sp.zoo * _t, -5, evaluate=False), {_t: (0, 1)}),
    ("unevaluated t/0", sp.Le(sp.Mul(_t, sp.Pow(0, -1, evaluate=False), evaluate=False), 1), {_t: (0, 1)}),
    ("zero-width log(0)", sp.Lt(sp.log(_t), -1), {_t: (0, 0)}),
]


@pytest.mark.parametrize(("name", "statement", "domain"), FOUND, ids=[f[0] for f in FOUND])
def test_fuzz_findings_minimal(name, statement, domain):
    claim = Claim(id=name, statement=statement, domain=domain)
    _no_failures(claim, _answer(claim, budget_s=1))


# ---------------------------------------------------------------------------------------------
# The oracle itself: able to fail, and quiet on sound answers
# ---------------------------------------------------------------------------------------------
PROVED = SimpleNamespace(status="proved", counterexample=None)
SURVIVED = SimpleNamespace(status="survived", counterexample=None)


def refuted(cex):
    return SimpleNamespace(status="refuted", counterexample=cex)


def kinds(claim, answer, **kw):
    return {p["kind"] for p in oracle_check(claim, answer, **kw)}


x, y = sp.symbols("x y")


@pytest.mark.parametrize(("name", "statement", "domain", "assumptions", "kind"), [
    ("false", sp.Ge(x, R(1, 2)), {x: (0, 1)}, [], "proved-but-violated"),
    ("edge x == y only", sp.Lt(x * y, (x**2 + y**2) / 2), {x: (0, 1), y: (0, 1)}, [], "proved-but-violated"),
    ("thin band", sp.Ge(sp.exp(x), 1 + x + R(1, 10**30)), {x: (-1, 1)}, [], "proved-but-violated"),
    ("irrational point", sp.Le(sp.sin(x), 1 - R(1, 10**12)), {x: (1, 2)}, [], "proved-but-violated"),
    ("assumption edge", sp.Gt(x - y, 0), {x: (0, 1), y: (0, 1)}, [sp.Ge(x, y)], "proved-but-violated"),
    ("one interior pole", sp.Ge(sp.Mul(x - R(1, 3), sp.Pow(x - R(1, 3), -1, evaluate=False), evaluate=False), 1),
     {x: (0, 1)}, [], "proved-but-undefined"),
    ("log at a corner", sp.Le(sp.log(x), x - 1), {x: (0, 2)}, [], "proved-but-undefined"),
    ("undefined everywhere (F4)", sp.Le(1 / (x - y), -5), {x: (0, 1), y: (0, 1)}, [sp.Eq(x, y)],
     "proved-but-undefined"),
    ("cancelling sides", sp.Eq(1 / x, 1 / x, evaluate=False), {x: (-1, 1)}, [], "proved-but-undefined"),
    ("cube root of a negative", sp.Ge(x ** R(1, 3), -2), {x: (-1, 1)}, [], "proved-but-undefined"),
    ("infinite side", sp.Le(x, sp.oo, evaluate=False), {x: (0, 1)}, [], "proved-but-undefined"),
])
def test_oracle_catches_planted_unsound_proofs(name, statement, domain, assumptions, kind):
    claim = Claim(id=name, statement=statement, domain=domain, assumptions=assumptions)
    found = oracle_check(claim, PROVED)
    assert kind in {p["kind"] for p in found}, (name, found)
    assert all(p["category"] == "unsound" for p in found)


def test_oracle_checks_counterexamples():
    claim = Claim(id="C", statement=sp.Le(x + y, 1), domain={x: (0, 1), y: (0, 1)}, assumptions=[sp.Ge(x, y)])
    assert kinds(claim, refuted({x: R(1), y: R(1, 2)})) == set()  # a genuine counterexample
    assert "cex-outside-box" in kinds(claim, refuted({x: R(2), y: R(1, 2)}))
    assert "cex-infeasible" in kinds(claim, refuted({x: R(1, 2), y: R(1)}))
    assert "cex-not-violated" in kinds(claim, refuted({x: R(1, 4), y: R(1, 4)}))
    assert "cex-inexact" in kinds(claim, refuted({x: 1.0, y: 0.5}))
    assert "cex-not-sympy-rational" in kinds(claim, refuted({x: Fraction(1), y: Fraction(1, 2)}))
    assert "cex-missing-symbol" in kinds(claim, refuted({x: R(1)}))
    assert "refuted-without-counterexample" in kinds(claim, refuted(None))
    u = sp.Symbol("u")
    undefined = Claim(id="U", statement=sp.Le(1 / u, 1), domain={u: (0, 2)})
    assert "cex-undefined" in kinds(undefined, refuted({u: R(0)}))
    # two different symbols named "x": a counterexample keyed by the wrong one is not one
    x1, x2 = sp.Symbol("x"), sp.Symbol("x", positive=True)
    f1 = Claim(id="F1", statement=sp.Ge(x1, x2), domain={x1: (0, 1), x2: (R(1, 2), 1)})
    assert kinds(f1, refuted({x1: R(0), x2: R(1)})) == set()
    assert "cex-missing-symbol" in kinds(f1, refuted({x1: R(0)}))
    assert "cex-not-violated" in kinds(f1, refuted({x1: R(1), x2: R(1, 2)}))
    # a value the symbol's own assumptions exclude
    p = sp.Symbol("p", positive=True)
    part = Claim(id="P", statement=sp.Ge(p, R(1, 2)), domain={p: (0, 1)})
    assert "cex-violates-symbol-assumptions" in kinds(part, refuted({p: R(0)}))
    assert kinds(part, refuted({p: R(1, 4)})) == set()


def test_oracle_judges_exceptions_and_malformed_input():
    good = Claim(id="G", statement=sp.Le(x, 1), domain={x: (0, 1)})
    assert {p["category"] for p in oracle_check(good, TypeError("boom"))} == {"crash"}
    assert {p["category"] for p in oracle_check(good, OverflowError("inf"))} == {"crash"}
    assert oracle_check(good, ValueError("the engine declines: reason given")) == []
    assert "unexplained-rejection" in kinds(good, ValueError(""))
    assert "false-infeasible" in kinds(good, InfeasibleAssumptions("claimed empty"))
    infeasible = Claim(id="I", statement=sp.Le(x, 1), domain={x: (0, 1)}, assumptions=[sp.Ge(x, 2)])
    assert oracle_check(infeasible, InfeasibleAssumptions("no point meets x >= 2")) == []
    assert oracle_check(infeasible, PROVED) == []  # vacuously true
    a = sp.Symbol("a", positive=True)
    f2 = Claim(id="F2", statement=sp.Eq(sp.sqrt(sp.Pow(a + 1, 2), evaluate=False), a + 1, evaluate=False),
               domain={a: (-3, -2)})
    assert {p["category"] for p in oracle_check(f2, PROVED)} == {"unsound"}
    assert {p["category"] for p in oracle_check(f2, SURVIVED)} == {"contract"}
    assert oracle_check(f2, ValueError("a is positive, its box is negative")) == []
    for bad in (Claim(id="B1", statement=x + 1, domain={x: (0, 1)}),
                Claim(id="B2", statement=sp.Le(x, y), domain={x: (0, 1)}),
                Claim(id="B3", statement=sp.Le(x, 1), domain={x: (1, 0)})):
        assert analyse(bad).malformed
        assert {p["category"] for p in oracle_check(bad, SURVIVED)} == {"contract"}
        assert oracle_check(bad, ValueError("malformed")) == []


def test_oracle_is_quiet_on_sound_proofs():
    a, b = sp.symbols("a b")
    for claim in (
        Claim(id="AMGM", statement=sp.Ge((a + b) / 2, sp.sqrt(a * b)), domain={a: (0, 2), b: (0, 2)}),
        Claim(id="LOG", statement=sp.Le(sp.log(a), a - 1), domain={a: (R(1, 100), 3)}),
        Claim(id="PYTH", statement=sp.Eq(sp.sin(a) ** 2 + sp.cos(a) ** 2, 1, evaluate=False), domain={a: (-3, 3)}),
        Claim(id="XY", statement=sp.Le(a * b, (a**2 + b**2) / 2), domain={a: (-1, 1), b: (-1, 1)}),
        Claim(id="EQ", statement=sp.Eq(a**2, a * b, evaluate=False), domain={a: (0, 1), b: (0, 1)},
              assumptions=[sp.Eq(a, b)]),
    ):
        assert oracle_check(claim, PROVED) == [], claim.id


def test_evaluator_certifies_only_what_it_can():
    t = sp.Symbol("t")
    with pytest.raises(Undefined):
        evaluate(t ** R(1, 3), {t: Fraction(-8)})
    with pytest.raises(Undefined):
        evaluate(sp.log(t), {t: Fraction(0)})
    assert evaluate(sp.sqrt(t), {t: Fraction(9, 4)}) == Fraction(3, 2)
    assert evaluate(sp.Max(t, 1 - t) + sp.Abs(t - 1), {t: Fraction(1, 3)}) == Fraction(4, 3)
    # a ball that straddles the boundary is undecided, never a violation
    assert relation_at(("==", sp.sin(t) ** 2 + sp.cos(t) ** 2, sp.Integer(1)), {t: Fraction(1, 3)})[0] == "undecided"
    assert relation_at(("<", sp.exp(t), sp.Integer(3)), {t: Fraction(1)})[0] == "holds"
