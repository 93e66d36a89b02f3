"""A tiny recorder for step-by-step sympy derivations (used by the claim modules).

Each step is checked *when it is recorded*: :meth:`Derivation.zero` asserts that
an expression simplifies to 0, :meth:`Derivation.holds` that a sympy/boolean fact
is ``True`` (recording the object checked).  :meth:`Derivation.cited` records a step that rests
on an external theorem a reader can look up ("Hoeffding (1963), Theorem 2") or on a modelling
assumption a source states (quoted verbatim; the quote is checked against ``sources/texts``): these
are the project's axioms, marked "(cited: REFERENCE)".  :meth:`Derivation.argument` records a step of
reasoning that is *not* machine-checked, marked "(argument)" with what it rests on.  A failing step raises ``AssertionError`` naming the step, so a
:class:`~clickbound.lemmas.engine.claim.ProofArtefact` is only ever built from steps that
were all verified (the contract in ``lemmas/engine/claim.py``).
"""
from __future__ import annotations

import sympy as sp

from clickbound.lemmas.engine.claim import Outcome, ProofArtefact
from clickbound.lemmas.engine.verdict import _step_kind


def _is_zero(e) -> bool:
    """``e`` is 0 by ``expand`` (cheap on the large polynomials of a per-K instance), else by ``expand`` of
    ``together`` (rational functions), else by ``sympy.simplify``."""
    return sp.expand(e) == 0 or sp.expand(sp.together(e)) == 0 or sp.simplify(e) == 0


class Derivation:
    """Collect verified steps; ``artefact()`` freezes them into a ProofArtefact."""

    def __init__(self, summary: str):
        self.summary = summary
        self.steps: list[tuple[str, str]] = []

    def zero(self, description: str, expr) -> None:
        """Check ``expr == 0`` (:func:`_is_zero`: ``expand``, then ``expand`` of ``together``, then
        ``sympy.simplify``)."""
        e = sp.sympify(expr)
        if not _is_zero(e):
            raise AssertionError(f"step failed: {description}: {sp.sstr(e)} does not simplify to 0")
        self.steps.append((description, f"{sp.sstr(e)} == 0"))

    def equal(self, description: str, lhs, rhs) -> None:
        """Check ``lhs − rhs == 0`` (see :meth:`zero`), recording both sides."""
        e = sp.sympify(lhs) - sp.sympify(rhs)
        if not _is_zero(e):
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

    def certificate(self, description: str, target, cert, facts) -> None:
        """Check that the non-negativity certificate ``cert`` proves ``target >= 0`` from ``facts``
        (:func:`clickbound.lemmas.support.dcm_algebra.verify_certificate`: every atom a known
        non-negative expression, the certificate expanding to ``target``), recording which facts it used."""
        from clickbound.lemmas.support.dcm_algebra import verify_certificate

        self.steps.append(verify_certificate(description, target, cert, facts))

    def argument(self, description: str, rests_on: str) -> None:
        """Record a step that is reasoning, not a machine check (e.g. linearity of expectation,
        "bubble sort terminates").  It is recorded as ``"(argument) " + description`` with the
        checked text ``"rests on: " + rests_on`` (what the argument uses: earlier checked steps,
        a named theorem, a definition), so a reader never mistakes it for a sympy-verified step."""
        if not rests_on.strip():
            raise ValueError(f"argument {description!r}: name what it rests on")
        d = description if description.startswith("(argument)") else f"(argument) {description}"
        self.steps.append((d, f"rests on: {rests_on}"))

    def cited(self, description: str, reference: str) -> None:
        """Record a step resting on an external theorem (``reference`` names it so a reader can look
        it up: "Hoeffding (1963), Theorem 2", "Tonelli's theorem", "linearity of expectation") or on a
        modelling assumption a source states: ``"model assumption: <source file>, '<verbatim quote>'"``,
        the quote checked to occur in that source text (:func:`check_reference`).  Recorded as
        ``("(cited: REFERENCE) description", "reference: REFERENCE")`` and classified ``cited`` by the
        engine (``lemmas/engine/verdict.py``).  A vague reference ("obvious", "standard", "by
        inspection", …) is refused with ``ValueError``."""
        self.steps.append(cited_step(description, reference))

    def cite(self, description: str, proof: ProofArtefact) -> None:
        """Record a step that uses another (already checked) derivation, quoting its summary and the
        objects its steps checked.  The cited proof's argued steps (as the engine classifies them) are
        recorded again here, as argued steps of this derivation naming the proof they come from: a proof
        resting on an argued step rests on it wherever it is cited, so "proved" never hides prose one
        level down."""
        steps = proof.as_dict()["steps"]
        self.steps.append((description, f"{proof.summary}; its steps: " + "; ".join(s["checked"] for s in steps)))
        self.steps += [(s["step"], f"{s['checked']} (an argued step of the cited proof: {proof.summary})")
                       for s in steps if _step_kind(s) == "argued"]

    def artefact(self, conclusion=None, hypotheses=(), domain=None, **extra) -> ProofArtefact:
        return ProofArtefact(summary=self.summary, steps=tuple(self.steps), extra=extra,
                             conclusion=conclusion, hypotheses=tuple(hypotheses), domain=domain)


#: references that name nothing a reader can look up (compared after lower-casing and stripping)
VAGUE_REFERENCES = frozenset({"obvious", "obviously", "standard", "by inspection", "inspection", "clear",
                              "clearly", "trivial", "trivially", "well known", "well-known", "easy",
                              "folklore", "see above", "by definition", "definition"})
_MODEL_PREFIX = "model assumption:"


def cited_step(description: str, reference: str) -> tuple[str, str]:
    """The ``(description, checked)`` pair :meth:`Derivation.cited` records, for a proof whose steps are
    collected by hand: ``("(cited: REFERENCE) description", "reference: REFERENCE")`` after
    :func:`check_reference`."""
    ref = check_reference(reference)
    if not description.strip():
        raise ValueError(f"cited step for {ref!r}: describe the step")
    return f"(cited: {ref}) {description}", f"reference: {ref}"


def check_reference(reference: str) -> str:
    """``reference`` stripped, after checking it names something a reader can look up: not empty, not
    a vague word (:data:`VAGUE_REFERENCES`), and, for ``"model assumption: <source file>, '<quote>'"``,
    a source file of ``clickbound.sources`` whose text contains the quote verbatim (``ValueError``
    otherwise)."""
    if not isinstance(reference, str) or not reference.strip():
        raise ValueError("a cited step needs a reference naming the theorem or the source")
    ref = " ".join(reference.split())
    low = ref.lower().strip(" .")
    if low in VAGUE_REFERENCES or low.startswith(("obvious", "standard", "by inspection", "trivial")):
        raise ValueError(f"reference {reference!r} names nothing a reader can look up")
    if low.startswith(_MODEL_PREFIX):
        rest = ref[len(_MODEL_PREFIX):].strip()
        fname, sep, quote = rest.partition(",")
        quote = quote.strip()
        if not sep or len(quote) < 2 or quote[0] != "'" or quote[-1] != "'":
            raise ValueError(f"model assumption {reference!r}: write \"model assumption: <source file>, "
                             f"'<verbatim quote>'\"")
        from clickbound.sources import texts_dir

        path = texts_dir() / fname.strip()
        if not path.is_file():
            raise ValueError(f"model assumption {reference!r}: no source text {fname.strip()!r}")
        text = " ".join(path.read_text(encoding="utf-8").split())
        if " ".join(quote[1:-1].split()) not in text:
            raise ValueError(f"model assumption {reference!r}: the quote is not in {fname.strip()}")
    return ref


def proved(artefact: ProofArtefact, method: str = "derivation", *, scope: str, scope_detail: str = "",
           notes: tuple[str, ...] = (), **evidence) -> Outcome:
    """An Outcome carrying a verified proof artefact (plus any extra evidence).

    ``scope`` is ``"all"`` (the derivation covers every parameter the statement quantifies
    over) or ``"instances"`` with ``scope_detail`` naming them (e.g. ``"K = 1..10"``); ``notes`` are the
    verdict's remarks."""
    if not isinstance(artefact, ProofArtefact):
        raise TypeError(f"proved() needs the ProofArtefact of a checked derivation, got {type(artefact).__name__}")
    return Outcome(status="proved", method=method, evidence={"proof": artefact.as_dict(), **evidence},
                   scope=scope, scope_detail=scope_detail, notes=tuple(notes))
