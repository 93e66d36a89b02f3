"""A tiny recorder for step-by-step sympy derivations (used by the claim modules).

Each step is checked *when it is recorded*: :meth:`Derivation.zero` asserts that
an expression simplifies to 0, :meth:`Derivation.holds` that a sympy/boolean fact
is ``True`` (recording the object checked).  :meth:`Derivation.argument` records a step of
reasoning that is *not* machine-checked, marked "(argument)" with what it rests on.  A failing step raises ``AssertionError`` naming the step, so a
:class:`~clickbound.lemmas.engine.claim.ProofArtefact` is only ever built from steps that
were all verified (the contract in ``lemmas/engine/claim.py``).
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.claim import Outcome, ProofArtefact


class Derivation:
    """Collect verified steps; ``artefact()`` freezes them into a ProofArtefact."""

    def __init__(self, summary: str):
        self.summary = summary
        self.steps: list[tuple[str, str]] = []

    def zero(self, description: str, expr) -> None:
        """Check ``expr == 0`` by ``sympy.simplify`` (falling back to ``expand`` of ``together``)."""
        e = sp.sympify(expr)
        if sp.simplify(e) != 0 and sp.expand(sp.together(e)) != 0:
            raise AssertionError(f"step failed: {description}: {sp.sstr(e)} does not simplify to 0")
        self.steps.append((description, f"{sp.sstr(e)} == 0"))

    def equal(self, description: str, lhs, rhs) -> None:
        """Check ``lhs − rhs == 0`` (see :meth:`zero`), recording both sides."""
        e = sp.sympify(lhs) - sp.sympify(rhs)
        if sp.simplify(e) != 0 and sp.expand(sp.together(e)) != 0:
            raise AssertionError(f"step failed: {description}: {sp.sstr(lhs)} != {sp.sstr(rhs)}")
        self.steps.append((description, f"{sp.sstr(lhs)} == {sp.sstr(rhs)}"))

    def holds(self, description: str, fact, shown: str) -> None:
        """Check that ``fact`` is (sympy) ``True``; ``shown`` is the checked object, recorded
        (an expression, a certificate, a value: never a bare "True")."""
        if fact is not True and fact != sp.true:
            raise AssertionError(f"step failed: {description}: got {fact!r}")
        if not isinstance(shown, str) or shown.strip() in ("", "True", "true"):
            raise ValueError(f"step {description!r}: record the object checked, not {shown!r}")
        self.steps.append((description, shown))

    def argument(self, description: str, rests_on: str) -> None:
        """Record a step that is reasoning, not a machine check (e.g. linearity of expectation,
        "bubble sort terminates").  It is recorded as ``"(argument) " + description`` with the
        checked text ``"rests on: " + rests_on`` (what the argument uses: earlier checked steps,
        a named theorem, a definition), so a reader never mistakes it for a sympy-verified step."""
        if not rests_on.strip():
            raise ValueError(f"argument {description!r}: name what it rests on")
        d = description if description.startswith("(argument)") else f"(argument) {description}"
        self.steps.append((d, f"rests on: {rests_on}"))

    def cite(self, description: str, proof: ProofArtefact) -> None:
        """Record a step that uses another (already checked) derivation, quoting its summary and the
        objects its steps checked."""
        self.steps.append((description, f"{proof.summary}; its steps: " + "; ".join(c for _, c in proof.steps)))

    def artefact(self, conclusion=None, hypotheses=(), domain=None, **extra) -> ProofArtefact:
        return ProofArtefact(summary=self.summary, steps=tuple(self.steps), extra=extra,
                             conclusion=conclusion, hypotheses=tuple(hypotheses), domain=domain)


def proved(artefact: ProofArtefact, method: str = "derivation", *, scope: str, scope_detail: str = "",
           **evidence) -> Outcome:
    """An Outcome carrying a verified proof artefact (plus any extra evidence).

    ``scope`` is ``"all"`` (the derivation covers every parameter the statement quantifies
    over) or ``"instances"`` with ``scope_detail`` naming them (e.g. ``"K = 1..10"``)."""
    return Outcome(status="proved", method=method, evidence={"proof": artefact.as_dict(), **evidence},
                   scope=scope, scope_detail=scope_detail)
