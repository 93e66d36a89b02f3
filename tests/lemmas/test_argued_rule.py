"""Proofs that rest on prose are told apart: ``Derivation.cited`` and the catalogue's verdict rule.

A catalogue proof with argued steps (``Derivation.argument``: prose nothing checks) is ``argued``,
not ``proved``, and lists those steps; a cited step (an external theorem, or a model assumption a
source states, quoted verbatim) counts as ``cited``; ``vouched_by`` names the catalogue function.
Coq is kept out (``CLICKBOUND_KERNEL=0``, tests/conftest.py): the kernel path is tested in
tests/proofs.
"""
from __future__ import annotations

import pytest

from clickbound import lemmas
from clickbound.lemmas.engine.check import catalogue_outcome
from clickbound.lemmas.engine.claim import Outcome
from clickbound.lemmas.engine.verdict import _step_kind, step_kinds
from clickbound.lemmas.support.derive import Derivation, check_reference

QUOTE = "model assumption: 000_0b27131c69d8f24c.txt, '各アイテムの魅力の有無は独立で'"


def test_cited_records_the_reference_and_is_classified_cited():
    d = Derivation("s")
    d.cited("the attractions are independent", QUOTE)
    d.cited("sum of the expectations", "linearity of expectation")
    (s1, c1), (s2, c2) = d.steps
    assert s1 == f"(cited: {QUOTE}) the attractions are independent" and c1 == f"reference: {QUOTE}"
    assert s2.startswith("(cited: linearity of expectation) ") and c2 == "reference: linearity of expectation"
    kinds = step_kinds({"proof": d.artefact().as_dict()})
    assert kinds == {"checked": 0, "cited": 2, "argued": 0}
    assert _step_kind({"step": "(cited) Tonelli", "checked": "reference"}) == "cited"
    assert _step_kind({"step": "(argument) x", "checked": "rests on: y"}) == "argued"


@pytest.mark.parametrize("ref", ["obvious", "Standard", "by inspection", "  ", "trivially true", "by definition",
                                 "model assumption: 000_0b27131c69d8f24c.txt, 'not a quote of the source'",
                                 "model assumption: 999_nope.txt, '独立'",
                                 "model assumption: 000_0b27131c69d8f24c.txt, unquoted"])
def test_vague_or_unfounded_references_are_refused(ref):
    with pytest.raises(ValueError):
        Derivation("s").cited("a step", ref)


def test_a_quote_is_matched_up_to_whitespace():
    assert check_reference("model assumption: 000_0b27131c69d8f24c.txt,  '各アイテムの魅力の有無は独立で'") \
        == QUOTE


def _argued_outcome():
    d = Derivation("fixture")
    d.equal("x − x = 0", 0, 0)
    d.argument("a prose step", "the fixture")
    return Outcome("proved", "derivation", {"proof": d.artefact().as_dict()}, scope="all")


def test_catalogue_rule_turns_a_proof_with_argued_steps_into_argued():
    claim = lemmas.get("DCM-ORDER")  # a catalogue ProcedureClaim
    out = catalogue_outcome(claim, _argued_outcome())
    assert out.status == "argued" and out.scope == "all"
    assert out.evidence["argued"] == [{"step": "(argument) a prose step", "rests_on": "rests on: the fixture"}]
    assert out.vouched_by == "procedure: clickbound.lemmas.dcm.order.order_general_proof"


def test_catalogue_rule_keeps_a_fully_checked_proof_proved():
    v = lemmas.check(lemmas.get("DCM-ORDER"), budget_s=20)
    assert v.status == "proved" and v.argued_steps == 0
    assert v.step_kinds["cited"] >= 1 and v.vouched_by.startswith("procedure: clickbound.lemmas.dcm.order.")


def test_a_catalogue_claim_left_argued_lists_its_steps():
    v = lemmas.check(lemmas.get("DCM-T3/chain"), budget_s=20)
    assert v.status == "argued" and v.matches_expectation is True
    assert len(v.evidence["argued"]) == v.argued_steps >= 1
    assert all(a["step"].startswith("(argument)") for a in v.evidence["argued"])
    assert v.scope_text.startswith("argued (every parameter; ")


def test_ledger_entries_say_which_cited_claims_are_argued():
    from types import SimpleNamespace

    from clickbound.lemmas import ledger

    e = ledger.Entry(source="000_0b27131c69d8f24c.txt", quote="a quote of ten chars", kind="statement",
                     verdict="verified", claims=("A", "B", "C"), note="n")
    vs = {"A": SimpleNamespace(status="argued"), "B": SimpleNamespace(status="proved")}
    assert ledger.rests_on_argued(e, vs) == ["A"]
    assert e.as_dict(vs)["rests_on_argued"] == ["A"] and "rests_on_argued" not in e.as_dict()
    other = ledger.Entry(source=e.source, quote=e.quote, kind="definition", verdict="definition", note="n")
    assert "rests_on_argued" not in other.as_dict(vs)
