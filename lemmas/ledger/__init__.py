"""The source ledger: every line of every source, located by a verbatim quote, with a verdict.

One TOML file per source in this folder (``000_0b27131c69d8f24c.toml`` for
``000_0b27131c69d8f24c.txt``), a plain list of ``[[entry]]`` tables a person edits and
reviews.  Each entry has

* ``quote`` — a verbatim substring of the source file (≥ :data:`MIN_QUOTE` characters, copied
  from the raw text, mangled LaTeX included) that locates the item; write it as a TOML
  literal string (``'...'`` or ``'''...'''``) so backslashes stay as they are;
* ``kind`` — one of :data:`KINDS`;
* ``verdict`` — one of :data:`VERDICTS`:
  ``verified`` (``claims`` cites catalogue claims whose verdicts establish it: proved, argued —
  proved up to argued steps, which :func:`rests_on_argued` lists —, or refuted for a claim
  registered as the negated form), ``erratum`` (``errata`` cites a
  registered erratum; ``conclusion_survives`` says whether what the source builds on it
  still holds), ``gap`` (a step the source does not justify or omits; cites the erratum
  or claim that shows what is missing), ``definition`` (nothing to check), ``open`` and
  ``not-checkable`` (``note`` says why);
* ``claims``, ``errata`` — IDs; ``note`` — one sentence in English, translating the
  source's wording where it matters; optional ``scope_note`` when a cited proof covers
  only instances because the source itself states only those;
* optional ``pattern`` — a name from :data:`clickbound.lemmas.ledger.rules.PATTERNS` (the
  same omission gets the same verdict everywhere); optional ``severity`` — only on
  ``erratum`` entries, equal to the cited erratum's ``severity``; optional ``negates`` — cited
  claims registered ``expected=False`` and refuted whose refutation does *not* contradict the
  statement this entry grades: the source itself says the claim is false, or the claim is
  another reading of the text or a project check on a neighbouring statement that the note
  names.  The verdict rules skip these claims, so every use must be explained in the entry's
  ``note`` (the ledger test prints them all with ``clickbound ledger --json``).

Besides entries, a ledger file holds ``[[result]]`` tables — the results table of the source,
one row per stated result (:class:`Result`, loaded by :func:`results`): ``name`` ("DCM
Theorem 2"), ``kind`` (one of :data:`RESULT_KINDS`), ``quote`` (verbatim, ≥ :data:`MIN_QUOTE`
characters, the statement's place), ``status`` (one of :data:`RESULT_STATUSES`: ``holds``,
``holds-after-repair`` — ``repair`` says how —, ``fails``, ``unproved``, ``not-checkable``),
``claims``, ``errata``, ``note``, and for experiments ``scope`` (``source-setting``, or
``stand-in`` when the verdict comes from a synthetic stand-in of the source's data) and
``own_finding`` (``true`` for a comparison the source does not make); ``negates`` as for entries.  The verdict rules
both tables obey are :mod:`clickbound.lemmas.ledger.rules`.

The file's own ``source`` key names the source (:func:`entries` adds it to every entry);
its ``complete`` key says whether every displayed item is meant to be covered already (the
tests then demand 100 % coverage and at most 10 % ``open``); a ledger still being written
says ``complete = false``, which the report and ``clickbound ledger`` show.
:func:`coverage` maps each displayed formula (``$$…$$`` blocks in 000, 001, 003;
``\\begin{aligned}…\\end{aligned}`` blocks in 002) and each function/class of the code in 004
to the entries whose quotes overlap it.  :func:`problems` lists everything a test must
reject.  The sources ship with the package (:mod:`clickbound.sources`, folder ``sources/texts``);
``seeds_dir=`` (or the environment variable ``CLICKBOUND_SEEDS``) points at another folder.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from clickbound import sources as _sources
from clickbound.lemmas.engine.registry import SEVERITIES
from clickbound.lemmas.ledger.rules import PATTERNS

HERE = Path(__file__).resolve().parent
KINDS = ("definition", "statement", "proof-step", "algorithm", "code", "experiment", "remark")
VERDICTS = ("verified", "erratum", "gap", "definition", "open", "not-checkable")
#: what a ``[[result]]`` row can be (:class:`Result`)
RESULT_KINDS = ("lemma", "proposition", "theorem", "corollary", "algorithm", "experiment", "remark")
#: a result's status: ``holds`` (as stated), ``holds-after-repair`` (its ``repair`` says how),
#: ``fails`` (false as stated), ``unproved`` (neither established nor refuted; the source's
#: argument does not carry it), ``not-checkable`` (rests on what is not in the text)
RESULT_STATUSES = ("holds", "holds-after-repair", "fails", "unproved", "not-checkable")
#: an experiment's scope: run in the source's own setting, or on a synthetic stand-in of its data
RESULT_SCOPES = ("source-setting", "stand-in")
MIN_QUOTE = 10
#: source file -> how its displayed items are found (see :func:`displayed_items`)
SOURCES = {
    "000_0b27131c69d8f24c.txt": "dollars",
    "001_eb740855b56fcd8b.txt": "dollars",
    "002_3ec5ec57f55c1fdf.txt": "aligned",
    "003_f899901a464da92a.txt": "dollars",
    "004_d9477b3ebe233f80.txt": "code",
}


@dataclass(frozen=True)
class Entry:
    """One ledger entry (see the module docstring for the fields)."""

    source: str
    quote: str
    kind: str
    verdict: str
    claims: tuple[str, ...] = ()
    errata: tuple[str, ...] = ()
    note: str = ""
    conclusion_survives: str = ""
    scope_note: str = ""
    index: int = 0  # position in its file (for messages)
    file: str = ""  # the ledger file it comes from
    pattern: str = ""  # a name from rules.PATTERNS, or ""
    severity: str = ""  # on erratum entries: the cited erratum's severity, or ""
    negates: tuple[str, ...] = ()  # refuted claims whose refutation does not contradict this entry (see above)

    def as_dict(self, verdicts=None) -> dict:
        """The entry as data; with ``verdicts`` (claim ID → Verdict) a "verified" entry also lists
        ``rests_on_argued``: its cited claims whose verdict is ``argued`` (see :func:`rests_on_argued`)."""
        return {"source": self.source, "quote": self.quote, "kind": self.kind, "verdict": self.verdict,
                "claims": list(self.claims), "errata": list(self.errata), "note": self.note,
                **({"conclusion_survives": self.conclusion_survives} if self.conclusion_survives else {}),
                **({"scope_note": self.scope_note} if self.scope_note else {}),
                **({"pattern": self.pattern} if self.pattern else {}),
                **({"severity": self.severity} if self.severity else {}),
                **({"negates": list(self.negates)} if self.negates else {}),
                **({"rests_on_argued": rests_on_argued(self, verdicts)}
                   if verdicts is not None and self.verdict == "verified" else {})}


@dataclass(frozen=True)
class Result:
    """One row of a source's results table (a ``[[result]]`` table; see the module docstring)."""

    source: str
    name: str
    kind: str
    quote: str
    status: str
    repair: str = ""
    claims: tuple[str, ...] = ()
    errata: tuple[str, ...] = ()
    note: str = ""
    scope: str = ""  # experiments: "source-setting" or "stand-in"
    own_finding: bool = False  # a comparison the source does not make
    negates: tuple[str, ...] = ()  # refuted claims whose refutation does not contradict this entry (see above)
    index: int = 0
    file: str = ""

    def as_dict(self) -> dict:
        return {"source": self.source, "name": self.name, "kind": self.kind, "quote": self.quote,
                "status": self.status, "repair": self.repair, "claims": list(self.claims),
                "errata": list(self.errata), "note": self.note, "scope": self.scope,
                "own_finding": self.own_finding, "negates": list(self.negates)}


@dataclass(frozen=True)
class Item:
    """A displayed formula or a code function/class of a source, with its character span."""

    source: str
    start: int
    end: int
    text: str
    line: int
    covered_by: tuple[int, ...] = field(default=())


def rests_on_argued(entry: Entry, verdicts) -> list[str]:
    """The claims a "verified" ``entry`` cites whose verdict (``verdicts``: claim ID → Verdict) is
    ``argued``: proved only up to prose steps nothing checks, so the entry rests on them too."""
    return [c for c in entry.claims if c in verdicts and verdicts[c].status == "argued"]


def seeds_dir(seeds_dir: str | os.PathLike | None = None) -> Path:
    if seeds_dir is not None:
        return Path(seeds_dir)
    env = os.environ.get("CLICKBOUND_SEEDS")
    return Path(env) if env else _sources.texts_dir()


@lru_cache(maxsize=None)
def source_text(name: str, where: str | None = None) -> str:
    if name not in SOURCES:
        raise ValueError(f"unknown source {name!r}; the sources are {sorted(SOURCES)}")
    path = seeds_dir(where) / name
    if not path.is_file():
        raise FileNotFoundError(f"source {name} not found at {path} (the package's copy is in "
                                f"{_sources.texts_dir()}; seeds_dir= or CLICKBOUND_SEEDS point elsewhere)")
    return path.read_text(encoding="utf-8")


_FIELDS = {"quote", "kind", "verdict", "claims", "errata", "note", "conclusion_survives", "scope_note",
           "pattern", "severity", "negates"}
_RESULT_FIELDS = {"name", "kind", "quote", "status", "repair", "claims", "errata", "note", "scope",
                  "own_finding", "negates"}


def ledger_paths(source: str) -> list[Path]:
    """The ledger files of ``source``: ``STEM.toml`` and any parts ``STEM-*.toml`` (a long
    source may be read in parts), in name order."""
    stem = Path(source).stem
    return sorted(p for p in HERE.glob(stem + "*.toml") if p.stem == stem or p.stem.startswith(stem + "-"))


def ledger_path(source: str) -> Path:
    return HERE / (Path(source).stem + ".toml")


def is_complete(source: str) -> bool:
    """Every ledger file of ``source`` declares itself complete (``complete = true``)."""
    paths = ledger_paths(source)
    return bool(paths) and all(tomllib.loads(p.read_text(encoding="utf-8")).get("complete") is True
                               for p in paths)


@lru_cache(maxsize=None)
def entries(source: str | None = None) -> tuple[Entry, ...]:
    """The entries of one source (or of every source with a ledger file), in file order."""
    names = [source] if source else list(SOURCES)
    out: list[Entry] = []
    for name, path in ((n, p) for n in names for p in ledger_paths(n)):
        out += file_entries(path, name)
    return tuple(out)


def file_entries(path: Path, name: str | None = None) -> list[Entry]:
    """The entries of one ledger file (a project's ``ledger.toml`` too); ``name``: the source it must name."""
    path = Path(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    name = data.get("source") if name is None else name
    if data.get("source") != name or not name:
        raise ValueError(f"{path.name}: its 'source' key must be {name!r}, got {data.get('source')!r}")
    out = []
    for i, raw in enumerate(data.get("entry", [])):
        extra = set(raw) - _FIELDS
        if extra:
            raise ValueError(f"{path.name} entry {i}: unknown field(s) {sorted(extra)}")
        out.append(Entry(source=name, quote=raw.get("quote", ""), kind=raw.get("kind", ""),
                         verdict=raw.get("verdict", ""), claims=tuple(raw.get("claims", ())),
                         errata=tuple(raw.get("errata", ())), note=raw.get("note", ""),
                         conclusion_survives=raw.get("conclusion_survives", ""),
                         scope_note=raw.get("scope_note", ""), index=i, file=path.name,
                         pattern=raw.get("pattern", ""), severity=raw.get("severity", ""),
                         negates=tuple(raw.get("negates", ()))))
    return out


def file_results(path: Path, name: str | None = None) -> list[Result]:
    """The ``[[result]]`` rows of one ledger file (a project's ``ledger.toml`` too); ``name``: the source it
    must name (default: the file's own ``source`` key)."""
    path = Path(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    name = data.get("source") if name is None else name
    if data.get("source") != name or not name:
        raise ValueError(f"{path.name}: its 'source' key must be {name!r}, got {data.get('source')!r}")
    out: list[Result] = []
    for i, raw in enumerate(data.get("result", [])):
        extra = set(raw) - _RESULT_FIELDS
        if extra:
            raise ValueError(f"{path.name} result {i}: unknown field(s) {sorted(extra)}")
        own = raw.get("own_finding", False)
        if type(own) is not bool:
            raise ValueError(f"{path.name} result {i}: own_finding must be true or false, got {own!r}")
        out.append(Result(source=name, name=raw.get("name", ""), kind=raw.get("kind", ""),
                          quote=raw.get("quote", ""), status=raw.get("status", ""),
                          repair=raw.get("repair", ""), claims=tuple(raw.get("claims", ())),
                          errata=tuple(raw.get("errata", ())), note=raw.get("note", ""),
                          scope=raw.get("scope", ""), own_finding=own, negates=tuple(raw.get("negates", ())),
                          index=i, file=path.name))
    return out


@lru_cache(maxsize=None)
def _results(source: str | None) -> tuple[Result, ...]:
    names = [source] if source else list(SOURCES)
    return tuple(r for n in names for p in ledger_paths(n) for r in file_results(p, n))


def results(source: str | None = None) -> list[Result]:
    """The results table (``[[result]]`` rows) of one source, or of every source, in file order.

    ``source`` is any name :func:`clickbound.sources.resolve` accepts (``"dcm"``, ``"000"``, the
    file name)."""
    return list(_results(_sources.resolve(source) if source else None))


def quote_spans(entry: Entry, text: str) -> list[tuple[int, int]]:
    """Every place the entry's quote occurs in the source text."""
    if not entry.quote:
        return []
    return [(m.start(), m.start() + len(entry.quote)) for m in re.finditer(re.escape(entry.quote), text)]


_CODE = re.compile(r"^[ \t]*(?:def|class)[ \t]+\w+", re.M)


def displayed_items(source: str, where: str | None = None) -> list[Item]:
    """The items of a source that must be covered: displayed formulas or code definitions."""
    text = source_text(source, where)
    how = SOURCES[source]
    spans: list[tuple[int, int]] = []
    if how == "dollars":
        marks = [m.start() for m in re.finditer(r"\$\$", text)]
        spans = [(marks[i], marks[i + 1] + 2) for i in range(0, len(marks) - 1, 2)]
    elif how == "aligned":
        for m in re.finditer(r"\\begin\{aligned\}", text):
            end = text.find("\\end{aligned}", m.end())
            spans.append((m.start(), (end if end >= 0 else m.end()) + len("\\end{aligned}")))
    else:
        spans = [(m.start(), m.end()) for m in _CODE.finditer(text)]
    return [Item(source, a, b, text[a:b], text.count("\n", 0, a) + 1) for a, b in spans]


def coverage(source: str, where: str | None = None) -> list[Item]:
    """:func:`displayed_items` with the indices of the entries whose quotes overlap each."""
    text = source_text(source, where)
    ents = entries(source)
    spans = [(i, a, b) for i, e in enumerate(ents) for a, b in quote_spans(e, text)]
    out = []
    for it in displayed_items(source, where):
        cov = tuple(sorted({i for i, a, b in spans if a < it.end and it.start < b}))
        out.append(Item(it.source, it.start, it.end, it.text, it.line, cov))
    return out


def problems(source: str | None = None, where: str | None = None, *, with_verdicts=None) -> list[str]:
    """Everything wrong with the ledger (empty when sound).

    ``with_verdicts`` maps claim IDs to their :class:`~clickbound.lemmas.Verdict` (the
    caller decides them); when given, the cited claims' verdicts are checked too.
    """
    from clickbound import lemmas

    known_claims = {c.id for c in lemmas.catalogue()}
    known_errata = {e.id for e in lemmas.errata()}
    out = []
    for e in entries(source):
        where_ = f"{e.file or ledger_path(e.source).name} entry {e.index} ({e.quote[:40]!r})"
        if len(e.quote) < MIN_QUOTE:
            out.append(f"{where_}: quote shorter than {MIN_QUOTE} characters")
        elif not quote_spans(e, source_text(e.source, where)):
            out.append(f"{where_}: quote not found verbatim in {e.source}")
        if e.kind not in KINDS:
            out.append(f"{where_}: kind {e.kind!r} not in {KINDS}")
        if e.verdict not in VERDICTS:
            out.append(f"{where_}: verdict {e.verdict!r} not in {VERDICTS}")
        if not e.note.strip():
            out.append(f"{where_}: no note")
        for c in e.claims:
            if c not in known_claims:
                out.append(f"{where_}: cites unknown claim {c!r}")
        for r in e.errata:
            if r not in known_errata:
                out.append(f"{where_}: cites unknown erratum {r!r}")
        if e.verdict == "verified" and not e.claims:
            out.append(f"{where_}: verified without claims")
        if e.verdict == "erratum" and not (e.errata and e.conclusion_survives):
            out.append(f"{where_}: erratum needs errata and conclusion_survives")
        if e.verdict == "gap" and not (e.errata or e.claims):
            out.append(f"{where_}: gap needs the erratum or claim that shows what is missing")
        if e.pattern and e.pattern not in PATTERNS:
            out.append(f"{where_}: pattern {e.pattern!r} not in {sorted(PATTERNS)}")
        if e.severity and e.severity not in SEVERITIES:
            out.append(f"{where_}: severity {e.severity!r} not in {SEVERITIES}")
        if e.severity and e.verdict != "erratum":
            out.append(f"{where_}: severity on a {e.verdict!r} entry (only erratum entries carry one)")
        if with_verdicts is not None and e.verdict == "verified":
            vs = [with_verdicts[c] for c in e.claims if c in with_verdicts]
            bad = [v.claim_id for v in vs if v.matches_expectation is False]
            if bad:
                out.append(f"{where_}: cited claims do not come out as registered: {bad}")
            established = [v for v in vs if (v.status in ("proved", "argued")
                                             and (v.scope == "all" or e.scope_note))
                           or (v.status == "refuted" and v.expected is False)]
            if not established:
                out.append(f"{where_}: no cited claim establishes it (proved or argued for every parameter, "
                           f"or on instances with a scope_note, or a refuted negation)")
    for r in _results(source):
        out += result_problems(r, where, known_claims, known_errata)
    return out


def result_problems(r: Result, where, known_claims, known_errata, text: str | None = None) -> list[str]:
    """What is structurally wrong with one ``[[result]]`` row (the verdict rules are in ``rules``); ``text``:
    the text its quote must be in (default: its source's text)."""
    at = f"{r.file} result {r.index} ({r.name or r.quote[:40]!r})"
    out = []
    if not r.name.strip():
        out.append(f"{at}: no name")
    if r.kind not in RESULT_KINDS:
        out.append(f"{at}: kind {r.kind!r} not in {RESULT_KINDS}")
    if r.status not in RESULT_STATUSES:
        out.append(f"{at}: status {r.status!r} not in {RESULT_STATUSES}")
    if len(r.quote) < MIN_QUOTE:
        out.append(f"{at}: quote shorter than {MIN_QUOTE} characters")
    elif r.quote not in (source_text(r.source, where) if text is None else text):
        out.append(f"{at}: quote not found verbatim in {r.source}")
    if r.status == "holds-after-repair" and not r.repair.strip():
        out.append(f"{at}: holds-after-repair without a repair text")
    if r.kind == "experiment" and r.scope not in RESULT_SCOPES:
        out.append(f"{at}: an experiment needs scope in {RESULT_SCOPES}, got {r.scope!r}")
    if r.kind != "experiment" and (r.scope or r.own_finding):
        out.append(f"{at}: scope and own_finding are for experiments only")
    if not r.note.strip():
        out.append(f"{at}: no note")
    out += [f"{at}: cites unknown claim {c!r}" for c in r.claims if c not in known_claims]
    out += [f"{at}: cites unknown erratum {x!r}" for x in r.errata if x not in known_errata]
    return out


def summary(source: str | None = None, where: str | None = None) -> dict:
    """Per source: entry counts by verdict and displayed-item coverage."""
    out = {}
    for name in ([source] if source else list(SOURCES)):
        ents = entries(name)
        items = coverage(name, where)
        counts = {v: sum(e.verdict == v for e in ents) for v in VERDICTS}
        covered = sum(1 for it in items if it.covered_by)
        out[name] = {"entries": len(ents), "complete": is_complete(name), **counts, "items": len(items),
                     "items_covered": covered,
                     "coverage": round(covered / len(items), 4) if items else 1.0,
                     "not_open": round(1 - counts["open"] / len(ents), 4) if ents else 0.0}
    return out
