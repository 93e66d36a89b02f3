"""The one registry of claims and errata, discovered by module scan.

Every module directly inside the ``lemmas`` package (not ``lemmas.engine``) is a
catalogue module: it decorates zero-argument factories with :func:`register`
(returning an iterable of :class:`~clickbound.lemmas.engine.claim.Claim` /
:class:`~clickbound.lemmas.engine.claim.ProcedureClaim`) and may call
:func:`register_erratum`.  Tests, notebooks, the CLI and the report all loop over
:func:`catalogue` and :func:`errata` — there is no hand-kept list of modules.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Callable, Iterable

_FACTORIES: list[Callable[[], Iterable]] = []
_ERRATA: dict[str, "Erratum"] = {}
_LOADED = False
_CACHE: tuple | None = None  # (factories, claims in order, claims by id)


@dataclass(frozen=True)
class Erratum:
    """A place where a source's text and the truth part ways.

    ``evidence_claims`` are catalogue claim IDs whose verdicts carry the evidence
    (a test re-checks them); ``conclusion_survives`` says whether the source's
    downstream result still holds once the step is repaired.
    """

    id: str
    source_file: str
    location: str
    source_says: str
    truth: str
    evidence_claims: tuple[str, ...]
    conclusion_survives: str
    spec_id: str | None = None
    extra: dict = field(default_factory=dict)


def register(factory: Callable[[], Iterable]) -> Callable[[], Iterable]:
    """Decorator: add a claim factory to the catalogue."""
    _FACTORIES.append(factory)
    return factory


def register_erratum(erratum: Erratum) -> Erratum:
    if erratum.id in _ERRATA and _ERRATA[erratum.id] != erratum:
        raise ValueError(f"erratum id {erratum.id!r} registered twice")
    _ERRATA[erratum.id] = erratum
    return erratum


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    from clickbound import lemmas

    for mod in sorted(pkgutil.iter_modules(lemmas.__path__), key=lambda m: m.name):
        if mod.ispkg or mod.name.startswith("_"):
            continue
        importlib.import_module(f"clickbound.lemmas.{mod.name}")
    _LOADED = True


def catalogue() -> list:
    """Every registered claim, in module then factory order; IDs are unique.

    Built once per process (claims are immutable; building the DCM families takes
    about two seconds) and rebuilt only if the set of factories changes.
    """
    global _CACHE
    _load()
    key = tuple(_FACTORIES)
    if _CACHE is None or _CACHE[0] != key:
        claims = [c for f in _FACTORIES for c in f()]
        by_id: dict[str, object] = {}
        for c in claims:
            if c.id in by_id:
                raise ValueError(f"claim id {c.id!r} registered twice")
            by_id[c.id] = c
        _CACHE = (key, claims, by_id)
    return list(_CACHE[1])


def get(claim_id: str):
    """The registered claim with this id (``KeyError`` listing close matches)."""
    catalogue()
    try:
        return _CACHE[2][claim_id]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(claim_id, list(_CACHE[2]), n=5)
        raise KeyError(f"no registered claim {claim_id!r}"
                       + (f"; did you mean {close}?" if close else "")) from None


def errata() -> list[Erratum]:
    _load()
    return list(_ERRATA.values())
