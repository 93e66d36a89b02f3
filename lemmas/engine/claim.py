"""Claim objects: what a user (or the catalogue) asks the engine to decide.

Two shapes, both understood by :func:`clickbound.lemmas.check`:

* :class:`Claim` — a sympy relational between expressions of free symbols, each
  symbol ranging over a closed box, plus extra relational assumptions.  The engine
  decides it by symbolic proof, exact decision, property search and adversarial
  search (see ``lemmas/engine/check.py``).
* :class:`ProcedureClaim` — a claim whose decision procedure is bespoke (an exact
  probability computation, a derivation for every K, a brute-force comparison):
  it carries a ``decide(budget_s)`` callable returning an :class:`Outcome`.

Both carry the same bookkeeping: ``id``, ``spec_id`` (the SPEC.md ID the claim
instantiates, e.g. ``"DCM-L2"`` for ``"DCM-L2[K=3]"``), ``source`` (file name and
location), ``kind`` and ``expected`` (``True`` for what the source asserts,
``False`` for a mutant or an as-printed misprint registered as expected false,
``None`` for a user's claim).
"""
from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import sympy as sp

KINDS = ("identity", "inequality", "upper bound", "lower bound", "asymptotic", "computation")


#: What a verdict's status can be.  ``proved`` needs a scope (below); ``argued`` is a proof up
#: to steps of reasoning the engine did not check (a :class:`Claim`'s own ``proof=`` whose steps
#: are text): it needs a scope too, and ``evidence["argued"]`` listing every argued step;
#: ``checked`` is an exact check on a finite sample of instances (no proof for the scope the
#: statement names); ``survived`` a search that found no counterexample; the two
#: ``*-in-simulation`` statuses are statistical findings (their evidence names the test and its
#: level), never "refuted".
STATUSES = ("proved", "argued", "refuted", "checked", "survived", "violated-in-simulation",
            "consistent-in-simulation")
STATISTICAL = ("violated-in-simulation", "consistent-in-simulation")
#: Scope of a ``proved``: ``all`` — for every value of every parameter the statement
#: quantifies over (a sympy Claim: every point of its box meeting its assumptions);
#: ``instances`` — on the instances named in ``scope_detail`` only (e.g. "K = 1..6").
SCOPES = ("all", "instances")


@dataclass(frozen=True)
class Identity:
    """A derivation step the engine checks itself: ``lhs == rhs`` as an identity of expressions
    (``expand`` or ``simplify`` of ``lhs - rhs`` is 0), for a :class:`Claim`'s own ``proof=``."""

    lhs: Any
    rhs: Any

    def text(self) -> str:
        return f"{sp.sstr(self.lhs)} == {sp.sstr(self.rhs)}"


@dataclass(frozen=True)
class Cites:
    """A derivation step that uses a registered catalogue claim; the engine re-decides it
    (``check(get(claim_id))`` must come out proved, itself resting on no argued step)."""

    claim_id: str

    def text(self) -> str:
        return f"cites {self.claim_id}"


STEP_OBJECTS = (Identity, Cites)


@dataclass(frozen=True)
class ProofArtefact:
    """A proof that something checks: the steps, each a statement sympy verified.

    ``steps`` is a list of ``(description, checked_object)`` pairs: the second item shows
    the object that was checked (an identity in factored form, a certificate, an exact
    value), never a bare ``True``; the artefact is only ever built by code that has just
    verified every step.

    When the artefact is a :class:`Claim`'s own derivation (``proof=``), ``conclusion`` is
    the sympy relational it establishes, under ``hypotheses`` (relationals) for every point
    of ``domain`` (``symbol -> (lo, hi)``; ``None``: every real value).  The engine accepts
    the derivation only after checking, itself, that the claim's box lies in ``domain``,
    that the claim's assumptions give each hypothesis, and that the conclusion implies
    the claim's statement (``lemmas/engine/link.py``).
    """

    summary: str
    steps: tuple[tuple[str, str], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    conclusion: Any = None
    hypotheses: tuple = ()
    domain: Mapping[Any, tuple[Any, Any]] | None = None

    def __post_init__(self):
        for d, c in self.steps:
            if isinstance(c, STEP_OBJECTS):
                continue
            if not isinstance(c, str) or c.strip() in ("", "True", "true"):
                raise ValueError(f"proof step {d!r} records {c!r}: a step must show the object checked")

    def as_dict(self) -> dict:
        out = {"summary": self.summary,
               "steps": [{"step": d, "checked": c.text() if isinstance(c, STEP_OBJECTS) else c}
                         for d, c in self.steps],
               **{k: v for k, v in self.extra.items()}}
        if self.conclusion is not None:
            out["conclusion"] = sp.sstr(self.conclusion)
            out["hypotheses"] = [sp.sstr(h) for h in self.hypotheses]
            out["derivation_domain"] = (None if self.domain is None else
                                        {sp.sstr(k): [sp.sstr(v[0]), sp.sstr(v[1])] for k, v in self.domain.items()})
        return out


@dataclass(frozen=True)
class Outcome:
    """What a decision procedure found (the engine adds timing and bookkeeping).

    ``scope`` is required with ``proved`` (one of :data:`SCOPES`; ``instances`` needs
    ``scope_detail`` naming them); ``checked`` needs ``scope_detail`` naming the sample;
    a statistical status needs ``evidence["test"]`` and ``evidence["level"]``.
    """

    status: str
    method: str
    evidence: Mapping[str, Any] = field(default_factory=dict)
    counterexample: Mapping[Any, Any] | None = None
    notes: tuple[str, ...] = ()
    scope: str | None = None
    scope_detail: str = ""
    #: who vouches for the verdict (see :class:`~clickbound.lemmas.engine.verdict.Verdict`);
    #: empty: ``check()`` fills it in
    vouched_by: str = ""

    def __post_init__(self):
        check_status_scope(self.status, self.scope, self.scope_detail, self.evidence)


def check_status_scope(status, scope, scope_detail, evidence) -> None:
    """The rules above (shared by :class:`Outcome` and the Verdict); ``ValueError`` if broken."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {STATUSES}, got {status!r}")
    if status in ("proved", "argued"):
        if scope not in SCOPES:
            raise ValueError(f"a {status} verdict needs a scope in {SCOPES}, got {scope!r}")
        if scope == "instances" and not scope_detail:
            raise ValueError("scope 'instances' needs scope_detail naming the instances")
    elif scope is not None:
        raise ValueError(f"only a proved or argued verdict has a scope, got {scope!r} with {status!r}")
    if status == "argued":
        listed = evidence.get("argued") if isinstance(evidence, Mapping) else None
        if not (isinstance(listed, (list, tuple)) and listed):
            raise ValueError("an argued verdict needs evidence['argued'] listing each argued step")
    if status == "checked" and not scope_detail:
        raise ValueError("a checked verdict needs scope_detail naming the finite sample")
    if status in STATISTICAL and not ("test" in evidence and "level" in evidence):
        raise ValueError(f"a {status} verdict needs evidence['test'] and evidence['level']")


def function_name(fn) -> str:
    """``module.qualname`` of a callable (``functools.partial`` unwrapped)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', type(fn).__name__)}"


def freeze_assumptions(assumptions, claim_id="") -> tuple:
    """A claim's assumptions as a tuple, taken once at construction (a generator would be used
    up by the first loop over it, and the check would then run without assumptions while the
    verdict still printed them): a single sympy relational becomes a 1-tuple; a tuple, a list
    or an iterator (generator) of items becomes a tuple of them (each item is validated by the
    engine: it must be a relational).  Anything else (a mapping, a set, a string, a non-relational
    sympy object, a number) is a ``ValueError``."""
    where = f"{claim_id}: " if claim_id else ""
    if isinstance(assumptions, sp.core.relational.Relational):
        return (assumptions,)
    if isinstance(assumptions, (tuple, list)):
        return tuple(assumptions)
    if isinstance(assumptions, Iterator) and not isinstance(assumptions, (str, bytes, sp.Basic)):
        return tuple(assumptions)
    raise ValueError(f"{where}assumptions must be a sympy relational or a tuple/list (or generator) of "
                     f"relationals, got {type(assumptions).__name__}: {assumptions!r}")


@dataclass(frozen=True)
class Claim:
    """A relational statement over a box, the engine's contract.

    Parameters
    ----------
    id : str
        Any string; catalogue claims use ``FAMILY-ID`` or ``FAMILY-ID[K=3]`` or
        ``FAMILY-ID/mutant-name[K=3]``.
    statement : sympy relational
        ``Le``, ``Ge``, ``Lt``, ``Gt`` or ``Eq`` between expressions of the free symbols.
    domain : mapping symbol -> (lo, hi)
        A closed box for every free symbol of the statement and assumptions.
    assumptions : sequence of sympy relationals
        Extra constraints (``x1 >= y1``, ``x1 <= p``).
    proof : callable, optional
        A bespoke derivation returning a :class:`ProofArtefact` (or raising
        ``AssertionError`` when a step fails); tried before the generic methods.
    """

    id: str
    statement: Any
    domain: Mapping[Any, tuple[Any, Any]]
    assumptions: Sequence[Any] = ()
    source: str = ""
    spec_id: str | None = None
    kind: str = "inequality"
    expected: bool | None = None
    description: str = ""
    proof: Callable[[], ProofArtefact] | None = None

    def __post_init__(self):
        object.__setattr__(self, "assumptions", freeze_assumptions(self.assumptions, self.id))

    @property
    def symbols(self) -> tuple[sp.Symbol, ...]:
        """Free symbols of statement and assumptions, sorted by name."""
        syms: set = set()
        for rel in (self.statement, *self.assumptions):
            syms |= getattr(rel, "free_symbols", set())
        return tuple(sorted(syms, key=lambda s: s.name))

    def text(self) -> str:
        s = sp.sstr(self.statement)
        if self.assumptions:
            s += "  given  " + ", ".join(sp.sstr(a) for a in self.assumptions)
        return s


@dataclass(frozen=True)
class ProcedureClaim:
    """A claim decided by its own exact procedure.

    ``decide(budget_s)`` returns an :class:`Outcome`; it must only report
    ``refuted`` with evidence re-checked in exact or >= 50-digit arithmetic.
    """

    id: str
    statement_text: str
    decide: Callable[[float], Outcome]
    source: str = ""
    spec_id: str | None = None
    kind: str = "computation"
    expected: bool | None = None
    description: str = ""

    def text(self) -> str:
        return self.statement_text
