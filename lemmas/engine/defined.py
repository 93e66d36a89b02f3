"""Where a statement is defined: the conditions under which both of its sides are real numbers.

A ``proved`` verdict asserts that at every point of the box meeting the assumptions both
sides of the statement are defined real numbers *and* the relation holds (a
statement undefined at every allowed point, ``Le(1/(x - y), -5)`` given ``Eq(x, y)``, was
"proved" because the exact decision only looks where denominators are nonzero).  This
module lists each side's partial operations as conditions ``c kind 0`` and certifies them
on the feasible set:

* ``d**k`` with a negative integer ``k``: ``d != 0``;
* ``b**e`` with a non-integer exponent (``sqrt`` included): ``b >= 0`` if ``e > 0``, else
  ``b > 0`` (a negative base has no real principal root in sympy); a symbolic exponent: ``b > 0``;
* ``log(a)``: ``a > 0``; ``asin(a)``, ``acos(a)``: ``1 - a**2 >= 0``; ``gamma(a)``,
  ``loggamma(a)``: ``a > 0`` (sufficient, not necessary: it can only withhold a proof);
* total functions (``exp``, ``Abs``, ``Max``, ``Min``, ``sin``, ``cos``, ``atan``, ``sinh``,
  ``cosh``, ``tanh``, ``erf``, ``floor``, ``ceiling``, ``sign``) add nothing;
* anything else makes definedness *unknown*, and then no method may claim a proof.

Conditions are read from each side separately, never from ``rhs - lhs``, where sympy may
cancel ``1/x`` against ``1/x``.  Each is certified on the whole box by a sign certificate
(:func:`clickbound.lemmas.engine.symbolic.sign_on_box`) or, on the feasible set, by an
``unsat`` of z3 confirmed by cvc5 (:func:`clickbound.lemmas.engine.decide.confirmed_unsat`).
"""
from __future__ import annotations

import time

import sympy as sp
import z3

from clickbound.lemmas.engine.decide import NotPolynomial, SolverDisagreement, _build, _z3_relation, confirmed_unsat
from clickbound.lemmas.engine.validate import Relation, is_rational_polynomial, show

TOTAL = (sp.exp, sp.Abs, sp.Max, sp.Min, sp.sin, sp.cos, sp.atan, sp.sinh, sp.cosh, sp.tanh, sp.erf,
         sp.floor, sp.ceiling, sp.sign)
#: time per condition for the z3/cvc5 route (each answer is cheap or never comes)
CONDITION_TIMEOUT_S = 1.0


def conditions(expr):
    """``(conds, unknown)``: ``conds`` a list of :class:`Relation` (``c kind 0``) that together
    make ``expr`` a defined real number; ``unknown`` names operations with no rule here."""
    conds: list[Relation] = []
    unknown: list[str] = []

    def add(c, kind, why):
        rel = Relation(g=sp.sympify(c), kind=kind, original=why)
        if rel not in conds:
            conds.append(rel)

    for node in sp.preorder_traversal(expr):
        if node.is_Atom or node.is_Add or node.is_Mul or isinstance(node, TOTAL):
            continue
        if node.is_Pow:
            b, e = node.base, node.exp
            if e.is_Integer:
                if e < 0:
                    add(b, "ne", f"denominator of {node}")
            elif e.is_Rational:
                add(b, "ge" if e > 0 else "gt", f"real root in {node}")
            elif b.is_positive:
                continue  # a positive constant base (e.g. exp written as E**x, 2**x)
            else:
                add(b, "gt", f"base of the power {node}")
        elif isinstance(node, sp.log):
            add(node.args[0], "gt", f"argument of {node}")
        elif isinstance(node, (sp.asin, sp.acos)):
            add(1 - node.args[0] ** 2, "ge", f"argument of {node}")
        elif isinstance(node, (sp.gamma, sp.loggamma)):
            add(node.args[0], "gt", f"argument of {node} (sufficient)")
        else:
            unknown.append(type(node).__name__)
    return conds, sorted(set(unknown))


def side_conditions(prep):
    """Conditions of both sides of the statement (see :func:`conditions`)."""
    conds, unknown = [], []
    for side in prep.statement.sides or (prep.statement.g,):
        c, u = conditions(side)
        conds += [r for r in c if r not in conds]
        unknown += u
    return conds, sorted(set(unknown))


def certify_defined(prep, deadline: float):
    """``(answer, record)``: ``"defined"`` (every condition certified on the feasible set),
    ``"undefined"`` (some feasible point breaks a condition: ``record["where"]``), or
    ``"unknown"``."""
    from clickbound.lemmas.engine.symbolic import sign_on_box

    conds, unknown = side_conditions(prep)
    record: dict = {"conditions": [f"{show(c.g)} {dict(ge='>=', gt='>', ne='!=')[c.kind]} 0"
                                   for c in conds]}
    if unknown:
        record["unknown_operations"] = unknown
        return "unknown", record
    certs = []
    for c in conds:
        if time.perf_counter() > deadline:
            record["stopped"] = "time"
            return "unknown", record
        sign, cert = sign_on_box(c.g, prep, deadline)
        ok = {"ge": ("pos", "nonneg"), "gt": ("pos",), "ne": ("pos", "neg")}[c.kind]
        if sign in ok:
            certs.append(f"{show(c.g)}: {sign} on the box ({cert})")
            continue
        if not is_rational_polynomial(c.g, prep.symbols, allow_inverse=True, allow_minmax=True):
            record["uncertified"] = show(c.g)
            return "unknown", record

        def build(mod, c=c):
            tr, cons = _build(prep, negate_statement=False, use_statement=False, mod=mod)
            n0 = len(tr.side)
            neg = _z3_relation(tr, c, negate=True)  # the same translator: auxiliary names stay distinct
            return cons + tr.side[n0:] + [neg]
        try:
            answer, rec = confirmed_unsat(build, min(CONDITION_TIMEOUT_S, max(0.05, deadline - time.perf_counter())))
        except (SolverDisagreement, NotPolynomial) as exc:
            record["uncertified"] = f"{show(c.g)}: {exc}"
            return "unknown", record
        if answer == "unsat":
            certs.append(f"{show(c.g)}: z3 and cvc5 unsat for its negation on box and assumptions")
        elif answer == "sat":
            m = rec["z3_model"]
            record["where"] = {prep.labels[i]: str(m.eval(z3.Real(f"v{i}"), model_completion=True))
                               for i in range(prep.n)}
            record["broken"] = show(c.g)
            return "undefined", record
        else:
            record["uncertified"] = f"{show(c.g)}: solvers undecided"
            return "unknown", record
    record["certificates"] = certs
    return "defined", record


def nowhere_defined(prep, timeout_s: float) -> bool:
    """True when z3 and cvc5 both show that no feasible point makes every condition hold
    (the statement is undefined at every point the claim quantifies over)."""
    conds, unknown = side_conditions(prep)
    if unknown or not conds:
        return False
    if not all(is_rational_polynomial(c.g, prep.symbols, allow_inverse=True, allow_minmax=True) for c in conds):
        return False

    def build(mod):
        tr, cons = _build(prep, negate_statement=False, use_statement=False, mod=mod)
        n0 = len(tr.side)
        holds = [_z3_relation(tr, c) for c in conds]
        return cons + tr.side[n0:] + holds
    try:
        answer, _ = confirmed_unsat(build, timeout_s)
    except (SolverDisagreement, NotPolynomial):
        return False
    return answer == "unsat"
