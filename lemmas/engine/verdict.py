"""Verdicts are data (STYLE convention 3): the CLI and the report render them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

import sympy as sp

STATUSES = ("proved", "refuted", "survived")


def _jsonable(x: Any) -> Any:
    """Turn sympy numbers / symbols / nested containers into JSON-friendly values."""
    if isinstance(x, Mapping):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, sp.Rational):
        return str(x)
    if isinstance(x, sp.Basic):
        return sp.sstr(x)
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    if hasattr(x, "as_dict"):
        return _jsonable(x.as_dict())
    return str(x)


@dataclass(frozen=True)
class Verdict:
    """The engine's answer for one claim.

    ``status`` is ``"proved"`` (``evidence`` holds the proof artefact),
    ``"refuted"`` (``counterexample`` maps each symbol to an exact value that was
    re-verified) or ``"survived"`` (``evidence`` records the search budget spent).
    ``expected`` is copied from the claim: ``matches_expectation`` tells whether a
    catalogue claim came out as registered (a true lemma not refuted, a mutant refuted).
    """

    claim_id: str
    status: str
    method: str
    elapsed_s: float
    evidence: Mapping[str, Any] = field(default_factory=dict)
    counterexample: Mapping[Any, Any] | None = None
    expected: bool | None = None
    spec_id: str | None = None
    source: str = ""
    statement: str = ""
    notes: tuple[str, ...] = ()
    methods_tried: tuple[str, ...] = ()

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")

    @property
    def matches_expectation(self) -> bool | None:
        if self.expected is None:
            return None
        if self.expected:
            return self.status != "refuted"
        return self.status == "refuted"

    def as_dict(self) -> dict:
        return {
            "claim_id": self.claim_id,
            "spec_id": self.spec_id,
            "source": self.source,
            "statement": self.statement,
            "status": self.status,
            "method": self.method,
            "elapsed_s": round(self.elapsed_s, 4),
            "expected": self.expected,
            "matches_expectation": self.matches_expectation,
            "counterexample": _jsonable(self.counterexample),
            "evidence": _jsonable(self.evidence),
            "notes": list(self.notes),
            "methods_tried": list(self.methods_tried),
        }
