"""Exact decision of polynomial claims with z3's nonlinear real arithmetic (method 2).

The query is *box ∧ assumptions ∧ ¬statement* over the reals (``QF_NRA``, nlsat):

* ``unsat``  — no point of the box meeting the assumptions violates the statement:
  **proved** for this instance (evidence: solver, number of variables and
  constraints, time);
* ``sat``    — z3's model may contain algebraic numbers; it is turned into exact
  rationals by pinning one variable at a time to a nearby rational and re-solving,
  then re-verified with :func:`clickbound.lemmas.engine.exact.verify_counterexample`;
* ``unknown`` / timeout — the pipeline goes on to the search methods.

``Max``/``Min`` (e.g. a sorted vector, DCM-L3) become ``If`` terms.  Rational functions are handled by an auxiliary variable ``r`` with ``r·d^k = 1`` for
each negative power ``d^{-k}``, which also excludes points where a denominator vanishes
(the claim is undefined there); the evidence says when this happened.  A proof also needs
the statement defined at every feasible point, which :mod:`clickbound.lemmas.engine.defined`
decides separately (sympy may cancel a denominator out of ``rhs - lhs``).

Second opinion (z3's nonlinear arithmetic has soundness bugs on record, z3 issues
#3106, #4302, #7174): every ``unsat`` that a verdict rests on — a proof, infeasible
assumptions, a definedness certificate — is re-decided by cvc5 (cylindrical algebraic
coverings, an independent implementation) through :func:`confirmed_unsat`.  Only an
``unsat`` from both counts; cvc5 ``sat`` is a disagreement, recorded as an error and never
a proof; cvc5 ``unknown`` leaves the question open.  Solver variables are named by position
(``v0, v1, ...``), never by the user's symbol names, which may coincide.
"""
from __future__ import annotations

import time
from fractions import Fraction

import cvc5.pythonic as cvc5
import sympy as sp
import z3

from clickbound.lemmas.engine.exact import verify_counterexample

# Digits of z3's algebraic-number approximations tried when pinning a model to rationals.
APPROX_DIGITS = (3, 6, 10, 20, 40)


class NotPolynomial(Exception):
    """The expression is outside z3's polynomial fragment (log, sqrt, symbolic exponent...)."""


class SolverDisagreement(RuntimeError):
    """z3 and cvc5 answered the same query differently (one of them is wrong)."""


class _Translator:
    """sympy -> z3 (or cvc5's z3-compatible API) for rational-coefficient polynomial/rational
    expressions; ``mod`` is the solver module."""

    def __init__(self, symbols, mod=z3):
        self.mod = mod
        self.vars = {s: mod.Real(f"v{i}") for i, s in enumerate(symbols)}
        self.side: list = []  # side conditions r * d**k == 1
        self.denominators: list = []  # (base d, side conditions before it): d == 0 makes the term undefined
        self._aux = 0

    def __call__(self, e):
        z3 = self.mod
        if e.is_Rational:
            return z3.RealVal(f"{e.p}/{e.q}")
        if e.is_Symbol:
            if e not in self.vars:
                raise NotPolynomial(f"symbol {e} has no domain")
            return self.vars[e]
        if e.is_Add:
            return z3.Sum([self(a) for a in e.args])
        if e.is_Mul:
            return z3.Product([self(a) for a in e.args])
        if e.is_Pow and e.exp.is_Integer:
            k = int(e.exp)
            base = self(e.base)
            if k >= 0:
                return base ** k if k > 1 else (base if k == 1 else z3.RealVal(1))
            self._aux += 1
            r = z3.Real(f"__inv{self._aux}")
            self.denominators.append((base, list(self.side)))
            self.side.append(r * (base ** -k if -k > 1 else base) == 1)
            return r
        if isinstance(e, (sp.Max, sp.Min)):
            args = [self(a) for a in e.args]
            out = args[0]
            for a in args[1:]:
                out = z3.If(a >= out, a, out) if isinstance(e, sp.Max) else z3.If(a <= out, a, out)
            return out
        raise NotPolynomial(f"{type(e).__name__} ({e}) is not polynomial/rational arithmetic")


def _z3_relation(tr, rel, negate=False):
    g = tr(rel.g)
    kind = rel.kind
    if negate:
        kind = {"ge": "lt", "gt": "le", "eq": "ne", "ne": "eq"}[kind]
    return {"ge": g >= 0, "gt": g > 0, "eq": g == 0, "ne": g != 0, "lt": g < 0, "le": g <= 0}[kind]


def _build(prep, negate_statement: bool, use_statement=True, mod=z3):
    """Solver constraints for the outer rational box, assumptions and (negated) statement."""
    tr = _Translator(prep.symbols, mod)
    z3 = mod
    cons = []
    for s, lo, hi in zip(prep.symbols, prep.lo_out, prep.hi_out):
        v = tr.vars[s]
        cons += [v >= z3.RealVal(f"{lo.p}/{lo.q}"), v <= z3.RealVal(f"{hi.p}/{hi.q}")]
    for a in prep.assumptions:
        cons.append(_z3_relation(tr, a))
    if use_statement:
        cons.append(_z3_relation(tr, prep.statement, negate=negate_statement))
    return tr, cons + tr.side


def _solver(timeout_s: float, mod=z3):
    s = mod.SolverFor("QF_NRA")
    ms = max(1, int(timeout_s * 1000))
    s.set("timeout" if mod is z3 else "tlimit-per", ms)
    return s


def confirmed_unsat(build, timeout_s: float):
    """Decide ``build(mod)``'s constraints with z3 and, if z3 says ``unsat``, with cvc5 too.

    ``build(mod)`` returns the list of constraints in solver module ``mod``.  Returns
    ``(answer, record)``: ``answer`` is ``"unsat"`` only when both solvers say so, ``"sat"``
    when z3 says sat (``record["z3_model"]`` is z3's model), else ``"unknown"``;
    ``record`` says what each solver answered.  cvc5 ``sat`` against z3 ``unsat`` raises
    :class:`SolverDisagreement`.
    """
    t0 = time.perf_counter()
    sol = _solver(timeout_s)
    sol.add(*build(z3))
    res = sol.check()
    record = {"z3": str(res), "z3_time_s": round(time.perf_counter() - t0, 4)}
    if res == z3.sat:
        record["z3_model"] = sol.model()
        return "sat", record
    if res != z3.unsat:
        record["z3_reason"] = sol.reason_unknown()
        return "unknown", record
    t1 = time.perf_counter()
    second = _solver(timeout_s, cvc5)
    second.add(*build(cvc5))
    res2 = second.check()
    record.update({"cvc5": str(res2), "cvc5_time_s": round(time.perf_counter() - t1, 4)})
    if res2 == cvc5.unsat:
        return "unsat", record
    if res2 == cvc5.sat:
        raise SolverDisagreement(f"z3 says unsat, cvc5 says sat on the same query ({record})")
    return "unknown", record


def _rational_value(val):
    if z3.is_rational_value(val):
        f = val.as_fraction()
        return Fraction(f.numerator, f.denominator), True
    return None, False


def _candidates(val):
    """Rationals near a z3 model value (exact if rational, else approximations)."""
    exact, ok = _rational_value(val)
    if ok:
        return [exact]
    out = []
    for d in APPROX_DIGITS:
        try:
            a = val.approx(d)
        except z3.Z3Exception:
            continue
        f = Fraction(a.as_fraction().numerator, a.as_fraction().denominator)
        if f not in out:
            out.append(f)
    return out


def _rationalise(prep, tr, cons, model, deadline):
    """Turn a model with algebraic values into an all-rational one by pinning variables."""
    point = {}
    pinned = []
    for s in prep.symbols:
        v = tr.vars[s]
        val = model.eval(v, model_completion=True)
        exact, ok = _rational_value(val)
        if ok:
            point[s] = exact
            continue
        for cand in _candidates(val):
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            sol = _solver(remaining)
            sol.add(*cons, *pinned, v == z3.RealVal(f"{cand.numerator}/{cand.denominator}"))
            if sol.check() == z3.sat:
                pinned.append(v == z3.RealVal(f"{cand.numerator}/{cand.denominator}"))
                point[s] = cand
                model = sol.model()
                break
        else:
            return None
    # re-read all values from the final model: pinning later variables may move earlier free ones
    final = {}
    for s in prep.symbols:
        exact, ok = _rational_value(model.eval(tr.vars[s], model_completion=True))
        final[s] = exact if ok else point.get(s)
    if any(v is None for v in final.values()):
        return None
    return final


def z3_decide(prep, timeout_s: float):
    """Run the exact decision; returns ``(status, evidence, report)``.

    ``status`` is ``"proved"`` (z3 and cvc5 both ``unsat``; the statement's definedness is
    decided elsewhere), ``"refuted"`` (``report`` from ``verify_counterexample``),
    ``"disagreement"`` (the solvers differ: never a proof) or ``"unknown"``; ``evidence``
    records solvers, query size and time.
    """
    t0 = time.perf_counter()
    deadline = t0 + timeout_s
    try:
        tr, cons = _build(prep, negate_statement=True)
    except NotPolynomial as exc:
        return "unknown", {"skipped": str(exc)}, None
    ev = {"solver": f"z3 {z3.get_version_string()} QF_NRA (nlsat), confirmed by cvc5 {cvc5_version()}",
          "variables": len(prep.symbols), "auxiliary_inverse_variables": tr._aux,
          "constraints": len(cons), "timeout_s": round(timeout_s, 3)}
    if tr._aux:
        ev["note"] = "denominators introduced r*d^k = 1 (definedness is certified separately)"
    try:
        answer, record = confirmed_unsat(
            lambda mod: cons if mod is z3 else _build(prep, negate_statement=True, mod=mod)[1], timeout_s)
    except SolverDisagreement as exc:
        ev["error"] = str(exc)
        ev["time_s"] = round(time.perf_counter() - t0, 4)
        return "disagreement", ev, None
    model = record.pop("z3_model", None)
    ev.update(record)
    ev["result"] = answer
    if answer == "unsat":
        ev["time_s"] = round(time.perf_counter() - t0, 4)
        return "proved", ev, None
    if answer == "sat":
        point = _rationalise(prep, tr, cons, model, deadline + 0.5 * timeout_s)
        ev["time_s"] = round(time.perf_counter() - t0, 4)
        if point is not None:
            report = verify_counterexample(prep, point)
            if report is not None:
                return "refuted", ev, report
            ev["model_rejected"] = "z3 model failed exact re-verification (outer box or undefined point)"
        else:
            ev["model_rejected"] = "z3's model is algebraic and no nearby rational point kept the violation (or time ran out)"
        return "unknown", ev, None
    ev["time_s"] = round(time.perf_counter() - t0, 4)
    return "unknown", ev, None


def cvc5_version() -> str:
    from importlib.metadata import version

    return version("cvc5")


def z3_feasible(prep, timeout_s: float):
    """Decide whether box ∧ assumptions has a point: ``(True|False|None, witness|None)``.

    ``False`` only when z3 and cvc5 both answer ``unsat``."""
    try:
        tr, cons = _build(prep, negate_statement=False, use_statement=False)
    except NotPolynomial:
        return None, None
    try:
        answer, record = confirmed_unsat(
            lambda mod: cons if mod is z3 else _build(prep, negate_statement=False, use_statement=False,
                                                       mod=mod)[1], timeout_s)
    except SolverDisagreement:
        return None, None
    if answer == "unsat":
        return False, None
    if answer == "sat":
        point = _rationalise(prep, tr, cons, record["z3_model"], time.perf_counter() + timeout_s)
        return True, point
    return None, None
