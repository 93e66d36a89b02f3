"""The claim kit: the one way a catalogue module (or a project's ``claims.py``) builds its claims,
their outcomes and their source citations.

Every builder takes keyword arguments only, so a claim reads the same in every module and no
argument can land in the wrong field::

    from clickbound.lemmas.support.kit import Derivation, ProcedureClaim, derived, refuted, source

    SRC = source("counterfactual")                    # a shipped source text, checked to exist
    UNION = SRC.at("'UCB1' section, P(A_t^c) <= t^{-α}")

    def union_proof():                                # a derivation: every step checked as recorded
        d = Derivation("union bound over the counts")
        ...
        return d.artefact()

    ProcedureClaim(id="UCB1-CI/union-over-counts", spec_id="UCB1-CI", source=UNION,
                   statement_text="…", kind="upper bound", expected=True,
                   decide=derived(union_proof, "union bound over counts"))

* :func:`source` — a source of :mod:`clickbound.sources` by short name (``"dcm"``, ``"depth"``,
  ``"counterfactual"``, ``"lecture"``, ``"cascade_blog"``) or file name; ``.at(location)`` is the
  claim's ``source`` string ``"<file>, <location>"``.
* :func:`claim_family` — keyword defaults shared by the claims of one result (the same ``spec_id``,
  ``source`` and ``kind``), returning a keyword-only :class:`ProcedureClaim` builder: the one
  replacement for the per-module ``pc(...)`` helpers.
* :func:`derived` — the ``decide`` of a claim proved by a derivation: it builds the proof when the
  claim is decided and returns :func:`proved`; the verdict's ``vouched_by`` names the proof function.
* :func:`proved`, :func:`refuted`, :func:`survived`, :func:`checked` — the outcomes a decision
  procedure returns, each demanding what its status needs (a scope, a counterexample, a sample).
* :class:`Derivation` (re-exported from :mod:`clickbound.lemmas.support.derive`) records checked,
  cited and argued steps.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from clickbound.lemmas.engine.claim import Claim, Outcome, ProcedureClaim, ProofArtefact
from clickbound.lemmas.support.derive import Derivation, check_reference, cited_step, proved


@dataclass(frozen=True)
class SourceText:
    """One source text shipped with the package (:mod:`clickbound.sources`)."""

    file: str

    def at(self, location: str) -> str:
        """The ``source`` string of a claim or erratum at ``location`` in this text: ``"<file>, <location>"``."""
        if not isinstance(location, str) or not location.strip():
            raise ValueError(f"{self.file}: name the location (section, line, formula) of the claim")
        return f"{self.file}, {location}"

    def assumption(self, quote: str) -> str:
        """The reference of a cited step resting on a modelling assumption this text states:
        ``"model assumption: <file>, '<quote>'"``, the quote checked to occur verbatim in the text
        (:func:`clickbound.lemmas.support.derive.check_reference`; ``ValueError`` if it does not)."""
        return check_reference(f"model assumption: {self.file}, '{quote}'")

    def __str__(self) -> str:
        return self.file


def source(name: str) -> SourceText:
    """The shipped source text ``name`` (a short name such as ``"dcm"``, a number ``"000"`` or a file name);
    ``ValueError`` listing the known names if there is none."""
    from clickbound import sources

    return SourceText(sources.resolve(name))


def claim_family(**defaults) -> Callable[..., ProcedureClaim]:
    """A keyword-only :class:`ProcedureClaim` builder with ``defaults`` (any of its fields, typically
    ``spec_id``, ``source`` and ``kind``) filled in; a field given at the call overrides its default.

    ``ValueError`` for a default that is not a field of :class:`ProcedureClaim`."""
    fields = set(ProcedureClaim.__dataclass_fields__)
    unknown = sorted(set(defaults) - fields)
    if unknown:
        raise ValueError(f"claim_family: {unknown} are not fields of ProcedureClaim ({sorted(fields)})")

    def build(**given) -> ProcedureClaim:
        return ProcedureClaim(**{**defaults, **given})

    return build


def derived(build: Callable[[], ProofArtefact], method: str = "derivation", *, scope: str = "all",
            scope_detail: str = "", **evidence) -> Callable[[float], Outcome]:
    """The ``decide`` of a claim whose proof is the derivation ``build()``: at decision time it builds the
    artefact (a failing step raises, so nothing is proved) and returns :func:`proved` with ``method``,
    ``scope`` and ``evidence``.  The returned function carries ``build``'s module and name, so the
    verdict's ``vouched_by`` names the proof function, not this kit."""

    def decide(budget_s: float) -> Outcome:
        return proved(build(), method, scope=scope, scope_detail=scope_detail, **evidence)

    base = build.func if isinstance(build, functools.partial) else build
    decide.__module__ = getattr(base, "__module__", decide.__module__)
    decide.__qualname__ = getattr(base, "__qualname__", decide.__qualname__)
    decide.__name__ = getattr(base, "__name__", decide.__name__)
    decide.__doc__ = getattr(base, "__doc__", None)
    return decide


def refuted(method: str, *, counterexample: Mapping[Any, Any], notes: tuple[str, ...] = (), **evidence) -> Outcome:
    """A refutation: ``counterexample`` is the instance (exact values) at which the claim fails, already
    re-checked in exact or certified arithmetic by the caller; an empty one is a ``ValueError``."""
    if not counterexample:
        raise ValueError(f"refuted ({method}): name the counterexample")
    return Outcome(status="refuted", method=method, evidence=dict(evidence), counterexample=dict(counterexample),
                   notes=tuple(notes))


def survived(method: str, *, notes: tuple[str, ...] = (), **evidence) -> Outcome:
    """A search that found no counterexample; ``evidence`` should say how much was searched."""
    if not evidence:
        raise ValueError(f"survived ({method}): say how much was searched (evidence)")
    return Outcome(status="survived", method=method, evidence=dict(evidence), notes=tuple(notes))


def checked(method: str, *, sample: str, notes: tuple[str, ...] = (), **evidence) -> Outcome:
    """An exact check on the finite sample ``sample`` names (no proof for the statement's whole scope)."""
    return Outcome(status="checked", method=method, evidence=dict(evidence), scope_detail=sample, notes=tuple(notes))


__all__ = ["Claim", "Derivation", "Outcome", "ProcedureClaim", "ProofArtefact", "SourceText", "checked", "cited_step",
           "claim_family", "derived", "proved", "refuted", "source", "survived"]
