"""Shared algebra for the DCM lemma catalogue (the DCM study-group slides, source "dcm").

Not a catalogue module (it registers no claim).  It holds

* the symbol vectors and the telescoping weights of DCM-TEL,
* a tiny *non-negativity certificate* language (:class:`Atom`, :func:`prod`, :func:`add`):
  a certificate is a sum of products of atoms, each atom an expression that is ``>= 0``
  because the claim's box or one of its assumptions says so.  :func:`verify_certificate`
  checks every atom against the claim and checks ``target == certificate`` by ``sympy.expand``;
  a certificate that passes is a proof that ``target >= 0`` on the claim's domain
  (:meth:`clickbound.lemmas.support.derive.Derivation.certificate` records it as a proof step).

The one ``V`` is :func:`clickbound.bounds.click.V`; nothing here re-defines it.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from clickbound.bounds.click import V


def vec(name: str, K: int) -> list[sp.Symbol]:
    """``[name1, …, nameK]`` as real sympy symbols (the engine's box gives the range)."""
    if K < 1:
        raise ValueError(f"K must be >= 1, got {K}")
    return [sp.Symbol(f"{name}{k}", real=True) for k in range(1, K + 1)]


def prod(factors: Iterable):
    out = sp.Integer(1)
    for f in factors:
        out = out * f
    return out


def tel_weight(x: Sequence, y: Sequence, k: int):
    """DCM-TEL weight of (0-based) position ``k``: ``∏_{j<k}(1 − y_j) ∏_{j>k}(1 − x_j)``."""
    return prod(1 - yj for yj in y[:k]) * prod(1 - xj for xj in x[k + 1:])


def tel_rhs(x: Sequence, y: Sequence, weight=tel_weight):
    """``Σ_k (x_k − y_k) w_k`` with the given weight function (DCM-TEL right-hand side)."""
    return sum(((xk - yk) * weight(x, y, k) for k, (xk, yk) in enumerate(zip(x, y))), sp.Integer(0))


# --------------------------------------------------------------------------- certificates
@dataclass(frozen=True)
class Atom:
    """An expression claimed ``>= 0``, with the reason (checked by :func:`verify_certificate`)."""

    expr: object
    why: str = ""


@dataclass(frozen=True)
class _Node:
    op: str  # "mul" | "add"
    parts: tuple


def prod_c(*parts) -> _Node:
    """Certificate product of non-negative parts (atoms or sub-certificates)."""
    return _Node("mul", tuple(parts))


def add_c(*parts) -> _Node:
    """Certificate sum of non-negative parts."""
    return _Node("add", tuple(parts))


def cert_expr(c):
    if isinstance(c, Atom):
        return sp.sympify(c.expr)
    if c.op == "mul":
        return prod(cert_expr(p) for p in c.parts)
    return sum((cert_expr(p) for p in c.parts), sp.Integer(0))


def cert_atoms(c) -> list[Atom]:
    if isinstance(c, Atom):
        return [c]
    return [a for p in c.parts for a in cert_atoms(p)]


def nonneg_facts(domain: Mapping, assumptions: Sequence, extra: Sequence = ()) -> dict:
    """Expressions known ``>= 0``: ``s − lo``, ``hi − s`` from the box, ``a − b`` from ``a >= b``.

    ``extra`` adds hypotheses of a derivation step (e.g. the out-of-order pair of a swap),
    given as relationals; they are reported separately in the artefact.
    """
    facts: dict = {}
    for s, (lo, hi) in domain.items():
        facts[sp.expand(s - lo)] = f"box {lo} <= {s}"
        facts[sp.expand(hi - s)] = f"box {s} <= {hi}"
    for rel, tag in [(a, "assumption") for a in assumptions] + [(e, "step hypothesis") for e in extra]:
        if isinstance(rel, (sp.GreaterThan, sp.StrictGreaterThan)):
            facts[sp.expand(rel.lhs - rel.rhs)] = f"{tag} {sp.sstr(rel)}"
        elif isinstance(rel, (sp.LessThan, sp.StrictLessThan)):
            facts[sp.expand(rel.rhs - rel.lhs)] = f"{tag} {sp.sstr(rel)}"
        else:
            # a bad value of the assumptions parameter (house rule: ValueError naming it)
            raise ValueError(f"assumptions must be inequalities, got {sp.sstr(rel)}")  # noqa: TRY004
    return facts


def verify_certificate(description: str, target, cert, facts: Mapping) -> tuple[str, str]:
    """Check that ``cert`` proves ``target >= 0`` given ``facts``; return a proof step.

    Every atom must be a non-negative rational constant or (after expansion) one of
    ``facts``; the certificate must expand to exactly ``target``.
    """
    used = set()
    for a in cert_atoms(c=cert):
        e = sp.expand(a.expr)
        if e.is_Rational and e >= 0:
            continue
        if e not in facts:
            raise AssertionError(f"step fails: {description}: atom {sp.sstr(e)} is not known >= 0")
        used.add(facts[e])
    diff = sp.expand(target - cert_expr(cert))
    if diff != 0:
        raise AssertionError(f"step fails: {description}: target - certificate = {sp.sstr(diff)[:300]}")
    return description, (f"target == sum of products of atoms >= 0 (expand); "
                         f"atoms from: {', '.join(sorted(used))}")


def one_minus_prod_cert(factor_certs: Sequence, complement_certs: Sequence):
    """Certificate for ``1 − ∏ f_i >= 0`` when every ``f_i`` and ``1 − f_i`` is ``>= 0``.

    Telescoping: ``1 − ∏_{i} f_i = Σ_i (1 − f_i) ∏_{j<i} f_j``.
    """
    terms = [prod_c(complement_certs[i], *factor_certs[:i]) for i in range(len(factor_certs))]
    return add_c(Atom(0, "zero"), *terms)


def prod_minus_prod_cert(big: Sequence, small: Sequence, gap: Sequence):
    """Certificate for ``∏ F_i − ∏ f_i >= 0`` when ``F_i − f_i`` (``gap``), ``f_i``, ``F_i`` are ``>= 0``.

    Telescoping: ``∏ F − ∏ f = Σ_i (∏_{j<i} f_j)(F_i − f_i)(∏_{j>i} F_j)``.
    """
    terms = [prod_c(*small[:i], gap[i], *big[i + 1:]) for i in range(len(big))]
    return add_c(Atom(0, "zero"), *terms)


def relation_target(statement):
    """``rhs − lhs`` for ``<=``, ``lhs − rhs`` for ``>=`` (the quantity to show ``>= 0``)."""
    if isinstance(statement, sp.LessThan):
        return statement.rhs - statement.lhs
    if isinstance(statement, sp.GreaterThan):
        return statement.lhs - statement.rhs
    raise ValueError(f"statement must be <= or >=, got {sp.sstr(statement)}")


__all__ = [
    "Atom",
    "V",
    "add_c",
    "cert_expr",
    "nonneg_facts",
    "one_minus_prod_cert",
    "prod",
    "prod_c",
    "prod_minus_prod_cert",
    "relation_target",
    "tel_rhs",
    "tel_weight",
    "vec",
    "verify_certificate",
]
