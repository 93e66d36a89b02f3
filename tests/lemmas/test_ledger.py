"""The source ledger: quotes verbatim, fields valid, citations real, coverage enforced.

A ledger file that declares ``complete = true`` must cover every displayed formula of its
source (every function and class of the blog's code) and have at most 10 % ``open``
entries; the claims its ``verified`` entries cite must come out as registered and
establish them (proved for every parameter, or on instances with a ``scope_note``, or a
refuted negation).  The sources are read from the package's copy (``clickbound.sources``).
"""
from __future__ import annotations

import pytest

from clickbound import lemmas
from clickbound.lemmas import ledger

#: at most this share of a complete ledger's entries may be ``open`` (≥ 90 % decided)
MAX_OPEN_SHARE = 0.10
#: budget per cited claim (the catalogue's usual budget)
BUDGET_S = 20.0
SOURCES = sorted(ledger.SOURCES)


def test_displayed_item_counts_match_the_sources():
    # the ledger's counts: 71 $$ blocks (000), 37 (001), 107 aligned blocks (002), 42 (003)
    counts = {s: len(ledger.displayed_items(s)) for s in SOURCES}
    assert counts["000_0b27131c69d8f24c.txt"] == 71
    assert counts["001_eb740855b56fcd8b.txt"] == 37
    assert counts["002_3ec5ec57f55c1fdf.txt"] == 107
    assert counts["003_f899901a464da92a.txt"] == 42
    assert counts["004_d9477b3ebe233f80.txt"] >= 20  # every def and class of the blog's code


@pytest.mark.parametrize("source", SOURCES)
def test_entries_are_well_formed(source):
    assert ledger.problems(source) == []


@pytest.mark.parametrize("source", SOURCES)
def test_complete_ledgers_cover_every_displayed_item(source):
    if not ledger.is_complete(source):
        pytest.skip(f"{source}: ledger not declared complete (complete = false)")
    s = ledger.summary(source)[source]
    uncovered = [f"line {it.line}: {it.text[:60]!r}" for it in ledger.coverage(source) if not it.covered_by]
    assert uncovered == []
    assert s["open"] <= MAX_OPEN_SHARE * s["entries"], s


@pytest.fixture(scope="module")
def cited_verdicts():
    ids = sorted({c for e in ledger.entries() for c in e.claims})
    return {cid: lemmas.check(lemmas.get(cid), budget_s=BUDGET_S) for cid in ids}


@pytest.mark.slow
def test_cited_claims_establish_their_entries(cited_verdicts):
    assert ledger.problems(with_verdicts=cited_verdicts) == []


def test_planted_ledger_errors_are_caught(monkeypatch):
    """The checks can fail: a wrong quote, kind, verdict and citation are each reported."""
    bad = ledger.Entry(source=SOURCES[0], quote="this text is not in the source", kind="lemma",
                       verdict="true", claims=("NO-SUCH-CLAIM",), note="")
    monkeypatch.setattr(ledger, "entries", lambda source=None: (bad,))
    msgs = " | ".join(ledger.problems(SOURCES[0]))
    for needle in ("not found verbatim", "kind 'lemma'", "verdict 'true'", "unknown claim", "no note"):
        assert needle in msgs
