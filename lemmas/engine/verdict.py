"""Verdicts are data (STYLE convention 3): the CLI and the report render them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from clickbound.lemmas.engine.claim import STATISTICAL, STATUSES, check_status_scope

__all__ = ["STATISTICAL", "STATUSES", "Verdict", "argued_steps", "scope_label", "step_kinds", "symbol_labels"]


def symbol_labels(symbols) -> dict:
    """A distinct printable label per symbol: its name, or, when different symbols share a
    name (symbols are told apart by identity, never by name), ``name{assumptions}`` — or
    ``name#k`` if even those coincide."""
    groups: dict = {}
    for s in dict.fromkeys(symbols):
        groups.setdefault(s.name, []).append(s)
    out = {}
    for name, group in groups.items():
        facts = [tuple(sorted(a for a, v in s._assumptions_orig.items() if v)) for s in group]
        for k, (s, f) in enumerate(zip(group, facts)):
            if len(group) == 1:
                out[s] = name
            elif len(set(facts)) == len(facts):
                out[s] = f"{name}{{{','.join(f)}}}"
            else:
                out[s] = f"{name}#{k}"
    return out


def _step_kind(step) -> str:
    """``checked``, ``cited`` or ``argued`` for one step of a proof artefact's ``as_dict()``: its
    ``kind`` when the engine recorded one; else a step marked "(argument)" is argued, a step marked
    "(cited: REFERENCE)" or "(cited)" (an external theorem or a stated model assumption, the
    catalogue's ``Derivation.cited``) or one that quotes another derivation ("...; its steps: ...",
    ``Derivation.cite``) is cited, and any other step was checked by the code that built the artefact."""
    if "kind" in step:
        return str(step["kind"])
    text = str(step.get("step", ""))
    if text.startswith("(argument)"):
        return "argued"
    if text.startswith(("(cited:", "(cited)")):
        return "cited"
    if "; its steps: " in str(step.get("checked", "")):
        return "cited"
    return "checked"


def step_kinds(evidence) -> dict:
    """``{"checked": n, "cited": n, "argued": n}`` over the steps of ``evidence["proof"]``."""
    proof = evidence.get("proof") if isinstance(evidence, Mapping) else None
    steps = proof.get("steps", []) if isinstance(proof, Mapping) else []
    out = {"checked": 0, "cited": 0, "argued": 0}
    for s in steps:
        if isinstance(s, Mapping):
            k = _step_kind(s)
            out[k] = out.get(k, 0) + 1
    return out


def argued_steps(evidence) -> int:
    """Steps of a proof artefact that are reasoning, not machine checks ("(argument) ..." steps,
    and steps the engine classified as argued)."""
    return step_kinds(evidence)["argued"]


def scope_label(status: str, scope: str | None, detail: str = "", argued: int = 0) -> str:
    """One line for tables: ``proved (every parameter)``, ``proved (instances: K = 1..6)``, …;
    a proof that rests on argued (not machine-checked) steps says how many; ``argued (every
    parameter; 2 argued steps)`` for a proof up to argued steps."""
    if status in ("proved", "argued"):
        label = f"{status} (every parameter" if scope == "all" else f"{status} (instances: {detail}"
        return label + (f"; {argued} argued step{'s' if argued != 1 else ''})" if argued else ")")
    if status == "checked":
        return f"checked ({detail})"
    return status


def _jsonable(x: Any) -> Any:
    """Turn sympy numbers / symbols / nested containers into JSON-friendly values."""
    if isinstance(x, Mapping):
        keys = list(x)
        labels = symbol_labels([k for k in keys if isinstance(k, sp.Symbol)])
        return {labels.get(k, str(k)) if isinstance(k, sp.Symbol) else str(k): _jsonable(v)
                for k, v in x.items()}
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

    ``status`` is ``"proved"`` (``evidence`` holds the proof artefact; ``scope`` says for
    what: ``"all"`` parameters or the ``"instances"`` named in ``scope_detail``),
    ``"argued"`` (proved up to the argued steps listed in ``evidence["argued"]``: a claim's own
    derivation whose steps the engine could not check, and no method of its own decided it),
    ``"refuted"`` (``counterexample`` maps each symbol to an exact value that was
    re-verified in exact or certified arithmetic), ``"checked"`` (exact checks on the finite
    sample named in ``scope_detail``), ``"survived"`` (``evidence`` records the search
    spent) or a statistical status (``evidence`` names the test and level).
    ``expected`` is copied from the claim: ``matches_expectation`` tells whether a
    catalogue claim came out as registered (a true lemma not refuted, a mutant refuted).

    ``vouched_by`` says who stands behind the verdict: ``"engine: <method>"`` (the engine's own
    checks), ``"procedure: <module.function>"`` (a catalogue procedure or derivation),
    ``"kernel: coq <file>:<theorem>"`` (a proof assistant's kernel) or ``"argument: N steps"``
    (a proof resting on N argued steps); :attr:`step_kinds` counts the proof's steps by kind.
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
    scope: str | None = None
    scope_detail: str = ""
    vouched_by: str = ""

    def __post_init__(self):
        check_status_scope(self.status, self.scope, self.scope_detail, self.evidence)

    @property
    def argued_steps(self) -> int:
        """How many steps of the proof are argued in prose rather than machine-checked (none when the
        Coq kernel vouches for the claim: its proof replaces the derivation, which stays in the evidence)."""
        if self.vouched_by.startswith("kernel:"):
            return 0
        return argued_steps(self.evidence) if self.status in ("proved", "argued") else 0

    @property
    def step_kinds(self) -> dict:
        """Steps of the proof by kind: ``{"checked": n, "cited": n, "argued": n}`` (zeros when
        the verdict is not a proof)."""
        if self.status in ("proved", "argued"):
            return step_kinds(self.evidence)
        return {"checked": 0, "cited": 0, "argued": 0}

    @property
    def scope_text(self) -> str:
        return scope_label(self.status, self.scope, self.scope_detail, self.argued_steps)

    @property
    def matches_expectation(self) -> bool | None:
        if self.expected is None:
            return None
        if self.expected:
            return self.status not in ("refuted", "violated-in-simulation")
        return self.status in ("refuted", "violated-in-simulation")

    def as_dict(self) -> dict:
        return {
            "claim_id": self.claim_id,
            "spec_id": self.spec_id,
            "source": self.source,
            "statement": self.statement,
            "status": self.status,
            "scope": self.scope,
            "scope_detail": self.scope_detail,
            "scope_text": self.scope_text,
            "argued_steps": self.argued_steps,
            "step_kinds": self.step_kinds,
            "vouched_by": self.vouched_by,
            "method": self.method,
            "elapsed_s": round(self.elapsed_s, 4),
            "expected": self.expected,
            "matches_expectation": self.matches_expectation,
            "counterexample": _jsonable(self.counterexample),
            "evidence": _jsonable(self.evidence),
            "notes": list(self.notes),
            "methods_tried": list(self.methods_tried),
        }
