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
   comparison the source does not make) is never ``fails`` (and rule 1 does not apply to it).

A claim the source itself says is false (the slides' "cannot be guaranteed", a remark that
the paper's Fact is wrong) is listed under the entry's or result's ``negates``: its refutation
confirms the source there, and rule 1 skips it.  A claim refuted as printed that is the
evidence of a cited ``misprint`` / ``notation`` erratum is explained by it: the entry must be
an ``erratum`` entry, but the erratum need not be a headline one.

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

#: the rule tags :func:`problems` prefixes its messages with (one per rule of the module docstring)
RULES = {
    "refuted-cited": "an entry or result citing a claim refuted / violated as the source's statement "
                     "is an erratum citing a headline erratum / fails (or holds after a repair)",
    "status-evidence": "fails needs a wrong-result erratum or a refuted / violated claim; holds-after-"
                       "repair needs a repair and an erratum; holds (and verified) cite no headline erratum",
    "pattern-verdict": "entries sharing a pattern get the pattern's verdict (and its erratum's severity)",
    "severity": "every erratum has a valid severity; an entry's severity is its erratum's",
    "erratum-quotes": "erratum quotes are verbatim, shared by no two errata, each covered by an entry "
                      "citing the erratum; an entry overlapping an erratum quote cites the erratum",
    "experiment-scope": "a stand-in experiment says so; an own finding is never a fail",
}


def is_mutant(claim_id: str, verdict: dict, claim=None) -> bool:
    """A deliberately wrong variant (not the source's statement): its id, description or
    statement says ``mutant``."""
    desc = (getattr(claim, "description", "") or "") if claim is not None else ""
    return ("mutant" in claim_id.lower() or desc.lower().lstrip().startswith("mutant")
            or str(verdict.get("statement", "")).lower().lstrip().startswith("mutant"))


def against_source(claim_id: str, verdicts: dict[str, dict], claims: dict | None = None) -> bool:
    """The claim is the source's statement as printed (registered ``expected=False``, not a mutant)
    and comes out refuted or violated-in-simulation."""
    v = verdicts.get(claim_id)
    return (v is not None and v.get("expected") is False and v.get("status") in AGAINST
            and not is_mutant(claim_id, v, (claims or {}).get(claim_id)))


def entry_severity(entry, errata_by_id: dict | None = None) -> str:
    """The severity of an ``erratum`` entry: the worst severity among the errata it cites (the
    entry's own ``severity`` must equal it, :func:`problems` checks); ``""`` for other verdicts or
    when none of its errata is graded."""
    from clickbound import lemmas
    from clickbound.lemmas.engine.registry import SEVERITIES

    if entry.verdict != "erratum":
        return ""
    by_id = errata_by_id if errata_by_id is not None else {e.id: e for e in lemmas.errata()}
    graded = [by_id[x].severity for x in entry.errata if x in by_id and by_id[x].severity in SEVERITIES]
    return min(graded, key=SEVERITIES.index) if graded else ""


def _spans(quote: str, text: str) -> list[tuple[int, int]]:
    out, i = [], text.find(quote) if quote else -1
    while i >= 0:
        out.append((i, i + len(quote)))
        i = text.find(quote, i + 1)
    return out


def _overlap(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    return any(x0 < y1 and y0 < x1 for x0, x1 in a for y0, y1 in b)


def problems(source: str | None = None, *, entries=None, results=None, errata=None,
             verdicts: dict[str, dict] | None = None, claims: dict | None = None,
             where=None) -> list[str]:
    """Every violation of the verdict rules, one line each, tagged ``[rule]`` (see :data:`RULES`).

    ``source`` limits the ledger entries and results (any name ``clickbound.sources.resolve``
    accepts); ``entries``, ``results``, ``errata`` (registered :class:`Erratum` objects),
    ``verdicts`` (claim id -> verdict dict, default :func:`golden_verdicts`) and ``claims``
    (claim id -> claim, for mutant descriptions; default the catalogue, built, not decided)
    replace what is registered — the tests plant violations this way.
    """
    from clickbound import lemmas, sources
    from clickbound.lemmas import ledger
    from clickbound.lemmas.engine.registry import HEADLINE, SEVERITIES

    src = sources.resolve(source) if source else None
    ents = list(ledger.entries(src) if entries is None else entries)
    ress = list(ledger.results(src) if results is None else results)
    errs = list(lemmas.errata() if errata is None else errata)
    verdicts = golden_verdicts() if verdicts is None else verdicts
    if claims is None:
        claims = {c.id: c for c in lemmas.catalogue()}
    by_id = {e.id: e for e in errs}
    rank = {s: i for i, s in enumerate(SEVERITIES)}
    out: list[str] = []

    def sev(eid: str) -> str:
        return by_id[eid].severity if eid in by_id else ""

    def graded(ids) -> list[str]:
        return [f"{x} ({sev(x) or 'ungraded'})" for x in ids]

    def at_entry(e) -> str:
        return f"{e.file or e.source} entry {e.index} ({e.quote[:40]!r})"

    def at_result(r) -> str:
        return f"{r.file or r.source} result {r.index} ({r.name!r})"

    # -- severity: every erratum graded (whole registry, or the source's errata)
    for x in errs:
        if (src is None or x.source_file == src) and x.severity not in SEVERITIES:
            out.append(f"[severity] erratum {x.id}: severity {x.severity!r} not in {SEVERITIES}")

    def unexplained(item, bad) -> list[str]:
        """The cited against-source claims no cited misprint / notation erratum lists as its evidence."""
        minor = [by_id[x] for x in item.errata if sev(x) in ("misprint", "notation")]
        return [c for c in bad if not any(c in x.evidence_claims for x in minor)]

    for e in ents:
        at = at_entry(e)
        bad = [c for c in e.claims if c not in e.negates and against_source(c, verdicts, claims)]
        head = [x for x in e.errata if sev(x) in HEADLINE]
        # -- refuted-cited
        if bad and e.verdict != "erratum":
            out.append(f"[refuted-cited] {at}: verdict {e.verdict!r} but it cites {bad}, refuted / violated "
                       f"as the source states it: it must be an erratum (if the source itself says the claim "
                       f"is false, list it under negates)")
        elif bad and unexplained(e, bad) and not head:
            out.append(f"[refuted-cited] {at}: cites {unexplained(e, bad)}, refuted / violated as the source "
                       f"states it, but no wrong-result or wrong-step erratum (and no misprint / notation "
                       f"erratum with it as evidence): cited errata {graded(e.errata)}")
        # -- status-evidence (the entry analogue of 'holds cites no headline erratum')
        if e.verdict == "verified" and head:
            out.append(f"[status-evidence] {at}: verified but cites headline errata {head}")
        # -- pattern-verdict
        if e.pattern in PATTERNS:
            p = PATTERNS[e.pattern]
            if e.verdict != p.verdict:
                out.append(f"[pattern-verdict] {at}: pattern {p.name!r} must be {p.verdict!r}, got {e.verdict!r}")
            elif p.severity and e.errata and not any(sev(x) == p.severity for x in e.errata):
                out.append(f"[pattern-verdict] {at}: pattern {p.name!r} needs a {p.severity!r} erratum, cites "
                           f"{graded(e.errata)}")
        # -- severity: the entry's is its erratum's (the worst of several)
        if e.severity and e.errata:
            ranked = [sev(x) for x in e.errata if sev(x) in rank]
            worst = min(ranked, key=rank.get) if ranked else ""
            if e.severity != worst:
                out.append(f"[severity] {at}: severity {e.severity!r} but its errata are {graded(e.errata)}")
        for c in e.negates:
            if c not in e.claims:
                out.append(f"[refuted-cited] {at}: negates {c!r}, which it does not cite")
            elif not against_source(c, verdicts, claims) and c in verdicts:
                out.append(f"[refuted-cited] {at}: negates {c!r}, which does not come out refuted / violated")

    for r in ress:
        at = at_result(r)
        # an own finding (a comparison the source does not make) is never a verdict on the source
        bad = [] if r.own_finding else [c for c in r.claims
                                        if c not in r.negates and against_source(c, verdicts, claims)]
        hard = unexplained(r, bad)
        head = [x for x in r.errata if sev(x) in HEADLINE]
        wrong = [x for x in r.errata if sev(x) == "wrong-result"]
        if hard and r.status not in ("fails", "holds-after-repair"):
            out.append(f"[refuted-cited] {at}: status {r.status!r} but it cites {hard}, refuted / violated as "
                       f"the source states it: it fails (or holds after a repair)")
        if r.status == "fails" and not (wrong or hard):
            out.append(f"[status-evidence] {at}: fails without a wrong-result erratum or a refuted / violated "
                       f"claim (errata: {graded(r.errata)})")
        if r.status == "holds-after-repair" and not (r.repair.strip() and r.errata):
            out.append(f"[status-evidence] {at}: holds-after-repair needs a repair text and an erratum")
        if r.status == "holds" and head:
            out.append(f"[status-evidence] {at}: holds but cites headline errata {head}")
        if r.scope == "stand-in" and "stand-in" not in (r.note + " " + r.name).lower():
            out.append(f"[experiment-scope] {at}: scope stand-in but its note does not say it is a stand-in")
        if r.own_finding and r.status == "fails":
            out.append(f"[experiment-scope] {at}: own_finding (a comparison the source does not make) "
                       f"cannot be a fail of the source")

    # -- erratum-quotes
    texts: dict[str, str] = {}

    def text(name: str) -> str | None:
        if name not in texts:
            try:
                texts[name] = ledger.source_text(name, where)
            except (ValueError, FileNotFoundError):
                texts[name] = None
        return texts[name]

    seen: list[tuple[str, str, str]] = []  # (source, quote, erratum id)
    for x in errs:
        for q in x.quotes:
            for s2, q2, id2 in seen:
                if s2 == x.source_file and id2 != x.id and (q in q2 or q2 in q):
                    out.append(f"[erratum-quotes] errata {id2} and {x.id} share the quote {q[:40]!r}")
            seen.append((x.source_file, q, x.id))
    quoted = [x for x in errs if x.quotes and (src is None or x.source_file == src)]
    for x in quoted:
        t = text(x.source_file)
        for q in x.quotes:
            if len(q) < 10:
                out.append(f"[erratum-quotes] erratum {x.id}: quote {q!r} shorter than 10 characters")
                continue
            if t is None or q not in t:
                out.append(f"[erratum-quotes] erratum {x.id}: quote {q[:40]!r} not found verbatim in {x.source_file}")
                continue
            qs = _spans(q, t)
            if not any(x.id in e.errata and _overlap(qs, _spans(e.quote, t))
                       for e in ents if e.source == x.source_file):
                out.append(f"[erratum-quotes] erratum {x.id}: quote {q[:40]!r} is covered by no ledger entry "
                           f"citing it")
            for e in ents:
                if e.source == x.source_file and x.id not in e.errata and _overlap(qs, _spans(e.quote, t)):
                    out.append(f"[erratum-quotes] {at_entry(e)}: overlaps quote {q[:40]!r} of erratum {x.id} "
                               f"but does not cite it")
    return out
