"""The verdict rules of the source ledger and the results table, written once.

The ledger (:mod:`clickbound.lemmas.ledger`) grades every line of a source and the results
table grades every stated result; the registered errata
(:func:`clickbound.lemmas.errata`) say what is wrong and how badly (``severity``).  These
rules keep the three consistent with each other and with the claims' verdicts:

1. a ledger entry or a result citing a claim that comes out refuted or
   violated-in-simulation *as the source's statement* (a claim registered
   ``expected=False`` that is not a mutant: the source's false statement as printed) is not
   ``gap`` / ``verified`` / ``holds`` / ``unproved``: the entry is an ``erratum`` citing a
   ``wrong-result`` or ``wrong-step`` erratum, the result ``fails`` (or holds after a repair);
2. ``fails`` needs a ``wrong-result`` erratum or such a refuted / violated claim;
   ``holds-after-repair`` needs its repair text and an erratum; ``holds`` cites no headline
   erratum (``wrong-result`` / ``wrong-step``);
3. entries sharing a ``pattern`` get the pattern's verdict (:data:`PATTERNS`): the same
   omission gets the same verdict everywhere;
4. an erratum's severity is the same in every entry citing it (an entry's ``severity``
   equals its erratum's); no two registered errata share a quote; every erratum quote is
   found verbatim in its source and is covered by a ledger entry citing the erratum, and
   every entry whose quote overlaps an erratum quote cites that erratum;
5. experiments: a ``stand-in`` result says so in its note, an ``own_finding`` result (a
   comparison the source does not make) is never ``fails``.

:func:`problems` returns one line per violation (empty when sound).  Claim verdicts come
from the golden snapshot ``tests/lemmas/data/verdicts.json`` (:func:`golden_verdicts`) unless
the caller passes its own, so the rules run without deciding the catalogue.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

#: one pattern of the sources: a sentence saying what it is, the ledger verdict every entry
#: carrying it must get, and (for ``erratum`` verdicts) the severity its erratum must have, or
#: ``None`` when the severity depends on whether the slip carries a stated result


@dataclass(frozen=True)
class Pattern:
    name: str
    description: str
    verdict: str
    severity: str | None = None


PATTERNS: dict[str, Pattern] = {p.name: p for p in (
    Pattern("lemma-after-conditioning",
            "a lemma proved for fixed (deterministic) arguments is applied after conditioning on an "
            "event or at a random time that changes the law it was proved for",
            "erratum", "wrong-step"),
    Pattern("missing-consistency-hypothesis",
            "a regret lower bound stated for every policy although it holds only for consistent "
            "(uniformly good) policies: a policy fixed to the optimal list beats it on one instance",
            "erratum", "wrong-result"),
    Pattern("log-log-small-t",
            "an index or threshold with log log t (or log t) used from t = 1, where it is undefined "
            "or negative, with no convention for the first rounds",
            "erratum", "misprint"),
    Pattern("hoeffding-at-random-count",
            "Hoeffding's (or Chernoff's) inequality applied at a data-dependent sample count n_i(t) "
            "without a union bound over the possible counts or a martingale argument",
            "erratum", "wrong-step"),
    Pattern("proof-by-citation",
            "a result the source states and proves only by naming another paper, whose argument "
            "it does not reproduce and the project has not checked",
            "gap"),
    Pattern("notation-slip",
            "a typo, a symbol used before it is defined or a symbol meaning two things, with only "
            "one sensible reading",
            "erratum", "notation"),
)}

ROOT = Path(__file__).resolve().parents[2]  # the package clickbound (the repository root)
GOLDEN = ROOT / "tests" / "lemmas" / "data" / "verdicts.json"
#: the statuses in which a claim comes out against its statement
AGAINST = ("refuted", "violated-in-simulation")


def golden_verdicts(path: Path | None = None) -> dict[str, dict]:
    """Claim id -> verdict dict (``status``, ``expected``, ``statement`` …) of the golden snapshot."""
    return json.loads(Path(path or GOLDEN).read_text(encoding="utf-8"))["claims"]
