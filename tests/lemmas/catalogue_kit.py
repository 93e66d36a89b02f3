"""What the catalogue's test files share: the per-process verdict cache and two small helpers.

What "comes out as registered" demands of every claim and erratum is written once, over the whole
registry, in ``test_verdict_snapshot.py`` (``as_registered_failures``); a module's own test file
asserts only what is particular to it, deciding claims through :func:`verdict` so that no claim is
decided twice in one test process.
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


def proved_or_argued(v) -> bool:
    """The catalogue's verdict rule for a claim it proves: ``proved`` with no argued step, or ``argued``
    listing each of its argued steps (the proof rests on prose nothing checks)."""
    if v.status == "proved":
        return v.argued_steps == 0 or v.vouched_by.startswith("kernel: ")
    return v.status == "argued" and v.argued_steps == len(v.evidence.get("argued") or ()) > 0
