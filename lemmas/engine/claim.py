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

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import sympy as sp

KINDS = ("identity", "inequality", "upper bound", "lower bound", "asymptotic", "computation")


@dataclass(frozen=True)
class ProofArtefact:
    """A proof that something checks: the steps, each a statement sympy verified.

    ``steps`` is a list of ``(description, checked_expression_or_text)`` pairs; the
    artefact is only ever built by code that has just verified every step.
    """

    summary: str
    steps: tuple[tuple[str, str], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"summary": self.summary,
                "steps": [{"step": d, "checked": c} for d, c in self.steps],
                **{k: v for k, v in self.extra.items()}}


@dataclass(frozen=True)
class Outcome:
    """What a decision procedure found (the engine adds timing and bookkeeping)."""

    status: str  # "proved" | "refuted" | "survived"
    method: str
    evidence: Mapping[str, Any] = field(default_factory=dict)
    counterexample: Mapping[Any, Any] | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Claim:
    """A relational statement over a box, the engine's contract (issue 2).

    Parameters
    ----------
    id : str
        Any string; catalogue claims use ``SPEC-ID`` or ``SPEC-ID[K=3]`` or
        ``SPEC-ID/mutant-name[K=3]``.
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
