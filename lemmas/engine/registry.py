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
import importlib.util
import pkgutil
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
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


#: the package's own catalogue root (a project's ``claims.py`` is one more root, clickbound.project)
DEFAULT_ROOTS = ("clickbound.lemmas",)


def load_catalogue(roots=DEFAULT_ROOTS, module_name: str | None = None) -> list:
    """Import every catalogue module of ``roots`` (their ``@register`` calls fill the registry); the modules.

    A root is a package name (each module directly in it, not ``_``-prefixed, is imported) or the
    path of one Python file (a project's ``claims.py``, imported as ``module_name``).
    """
    mods = []
    for root in roots:
        if isinstance(root, Path) or str(root).endswith(".py"):
            mods.append(import_file(Path(root), module_name or f"clickbound_user.{Path(root).stem}"))
            continue
        pkg = importlib.import_module(root)
        for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
            if mod.ispkg or mod.name.startswith("_"):
                continue
            mods.append(importlib.import_module(f"{root}.{mod.name}"))
    return mods


def import_file(path, name: str):
    """Import the Python file ``path`` as module ``name`` (kept in ``sys.modules`` for pickling)."""
    if name in sys.modules:
        return sys.modules[name]
    pkg = name.rsplit(".", 1)[0]
    if "." in name and pkg not in sys.modules:  # a namespace parent so that ``name`` is importable
        parent = types.ModuleType(pkg)
        parent.__path__ = [str(Path(path).parent)]
        sys.modules[pkg] = parent
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot import {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod


def claims_of(module_name: str) -> list:
    """The claims registered by the factories of one module (a project's claims, without the catalogue)."""
    return [c for f in list(_FACTORIES) if f.__module__ == module_name for c in f()]


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    load_catalogue(DEFAULT_ROOTS)
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
