"""The checks every catalogue module's test file makes of its own claims and errata (one copy).

Each ``tests/lemmas/test_<module>.py`` decides the claims its module registers and asserts they
come out as registered; before this kit the same ~25 lines stood in some thirty files.  What
"as registered" demands is written once, here:

* the verdict matches the registration (``matches_expectation is True``);
* a claim registered true is ``proved``, or ``argued`` (proved up to argued steps, each listed in
  ``evidence["argued"]``);
* a "proved" or "argued" verdict is for every parameter (``scope == "all"``) unless the caller says
  the module proves on named instances, and no proof step records an empty or bare ``True`` check;
  a step resting on prose says so in its description ("(argument) …"), a step resting on an external
  theorem or a stated model assumption names it ("(cited: REFERENCE) …");
* a claim registered false is *refuted* with a counterexample (not merely "not proved").

Errata: every erratum of the module cites evidence claims, comes from the stated source file,
and each evidence claim (those of this module, or all) comes out as registered.
"""
from __future__ import annotations

import functools

from clickbound import lemmas
from clickbound.lemmas import check

#: the catalogue's usual search budget per claim (every claim of these modules decides well within it)
BUDGET_S = 20


@functools.cache
def verdict(cid: str, budget_s: float = BUDGET_S):
    """The verdict of the registered claim ``cid`` (decided once per test process)."""
    return check(lemmas.get(cid), budget_s=budget_s)


def claims_by_id(claims) -> dict:
    """``{id: claim}`` of a module's claim list (a repeated id is an error, not overwritten)."""
    out = {}
    for c in claims:
        assert c.id not in out, f"claim id {c.id} registered twice"
        out[c.id] = c
    return out


def assert_as_registered(claim, v=None, *, every_parameter: bool = True):
    """Assert ``claim``'s verdict (decided here unless given) comes out as registered; returns it."""
    v = verdict(claim.id) if v is None else v
    assert v.matches_expectation is True, (claim.id, v.status, v.method)
    if v.status in ("proved", "argued"):
        if every_parameter:
            assert v.scope == "all", (claim.id, v.scope)
        for s in (v.evidence.get("proof") or {}).get("steps", []):
            assert s["checked"].strip() not in ("", "True", "true"), (claim.id, s["step"])
            if s["checked"].startswith("rests on:"):
                assert s["step"].startswith("(argument)"), (claim.id, s["step"])
            if s["checked"].startswith("reference:"):
                assert s["step"].startswith("(cited"), (claim.id, s["step"])
    if v.status == "argued":
        assert v.argued_steps == len(v.evidence["argued"]) > 0, (claim.id, v.evidence.get("argued"))
        assert v.vouched_by.startswith("procedure: "), (claim.id, v.vouched_by)
    if claim.expected is True:
        assert v.status in ("proved", "argued"), (claim.id, v.status)
    elif claim.expected is False:
        assert v.status == "refuted" and v.counterexample, (claim.id, v.status)
    return v


def proved_or_argued(v) -> bool:
    """The catalogue's verdict rule for a claim it proves: ``proved`` with no argued step, or ``argued``
    listing each of its argued steps (the proof rests on prose nothing checks)."""
    if v.status == "proved":
        return v.argued_steps == 0 or v.vouched_by.startswith("kernel: ")
    return v.status == "argued" and v.argued_steps == len(v.evidence.get("argued") or ()) > 0


def assert_errata_evidence(errata, source_file: str, *, only=None, conclusion_survives: bool = False):
    """Every erratum cites evidence from ``source_file`` that comes out as registered.

    ``only``: check just these evidence claims (a module's own; the others are checked by the
    tests of the modules that register them).  ``conclusion_survives``: also assert that each erratum
    says whether the source's conclusion survives (its ``conclusion_survives`` text is not empty).
    """
    errata = list(errata)
    assert errata, "no errata to check"
    for e in errata:
        assert e.source_file == source_file, (e.id, e.source_file)
        assert e.evidence_claims, f"{e.id} cites no evidence"
        if conclusion_survives:
            assert e.conclusion_survives, e.id
        for cid in e.evidence_claims:
            if only is None or cid in only:
                assert verdict(cid).matches_expectation is True, (e.id, cid)
