"""The one registry of claims and errata, discovered by module scan.

Every module of the ``lemmas`` package and of its subpackages (the per-source folders ``dcm``,
``depth``, ``counterfactual``, ``lecture``, ``cascade_blog`` and ``studies``, at any depth) is a
catalogue module, except :data:`NOT_CATALOGUE` (the engine, the ledger and shared support code) and
names starting with ``_``: it decorates zero-argument factories with :func:`register`
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

#: How bad an erratum is, worst first (``Erratum.severity``):
#:
#: * ``wrong-result`` — a stated theorem, lemma, proposition, algorithm property or experimental
#:   conclusion is false or unsupported as stated;
#: * ``wrong-step`` — a step of a proof is false, but the result may survive;
#: * ``misprint`` — a formula false as printed whose intended reading is clear;
#: * ``notation`` — a typo, an undefined or clashing symbol, with one reading.
SEVERITIES = ("wrong-result", "wrong-step", "misprint", "notation")
#: the severities a reader must see first (the command line and the report list them apart)
HEADLINE = ("wrong-result", "wrong-step")

#: subpackages of ``lemmas`` that register no claims (not scanned)
NOT_CATALOGUE = ("engine", "ledger", "support")

_FACTORIES: list[Callable[[], Iterable]] = []
_ERRATA: dict[str, "Erratum"] = {}
_ERRATA_MODULE: dict[str, str] = {}  # erratum id -> the module that registered it
_LOADED = False
_CACHE: tuple | None = None  # (factories, claims in order, claims by id, module by id)


@dataclass(frozen=True)
class Erratum:
    """A place where a source's text and the truth part ways.

    ``evidence_claims`` are catalogue claim IDs whose verdicts carry the evidence
    (a test re-checks them); ``conclusion_survives`` says whether the source's
    downstream result still holds once the step is repaired.  ``severity`` is one of
    :data:`SEVERITIES` (``""`` only while a module is not yet graded; a test demands a valid
    one).  ``quotes`` are verbatim quotes (≥ 10 characters, found in the source text) of
    every place where this one error appears: one error is one erratum with several
    locations, and every ledger entry whose quote overlaps one of them cites it
    (:mod:`clickbound.lemmas.ledger.rules`).
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
    severity: str = ""
    quotes: tuple[str, ...] = ()

    @property
    def headline(self) -> bool:
        """A wrong result or a wrong proof step (not a misprint or a notation slip)."""
        return self.severity in HEADLINE


def register(factory: Callable[[], Iterable]) -> Callable[[], Iterable]:
    """Decorator: add a claim factory to the catalogue."""
    _FACTORIES.append(factory)
    return factory


def register_erratum(erratum: Erratum) -> Erratum:
    if erratum.id in _ERRATA and _ERRATA[erratum.id] != erratum:
        raise ValueError(f"erratum id {erratum.id!r} registered twice")
    _ERRATA[erratum.id] = erratum
    _ERRATA_MODULE.setdefault(erratum.id, sys._getframe(1).f_globals.get("__name__", "?"))
    return erratum


#: the package's own catalogue root (a project's ``claims.py`` is one more root, clickbound.project)
DEFAULT_ROOTS = ("clickbound.lemmas",)


def catalogue_modules(root: str = "clickbound.lemmas") -> list[str]:
    """Dotted names of the catalogue modules of the package ``root``, depth first in name order (nothing
    imported but packages)."""
    pkg = importlib.import_module(root)

    def walk(path, prefix: str, top: bool) -> list[str]:
        out = []
        for mod in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
            if mod.name.startswith("_") or (top and mod.name in NOT_CATALOGUE):
                continue
            name = prefix + mod.name
            if mod.ispkg:
                out += walk(importlib.import_module(name).__path__, name + ".", False)
            else:
                out.append(name)
        return out

    return walk(pkg.__path__, root + ".", True)


def load_catalogue(roots=DEFAULT_ROOTS, module_name: str | None = None) -> list:
    """Import every catalogue module of ``roots`` (their ``@register`` calls fill the registry); the modules.

    A root is a package name (its catalogue modules, :func:`catalogue_modules`) or the path of one
    Python file (a project's ``claims.py``, imported as ``module_name``).
    """
    mods = []
    for root in roots:
        if isinstance(root, Path) or str(root).endswith(".py"):
            mods.append(import_file(Path(root), module_name or f"clickbound_user.{Path(root).stem}"))
            continue
        mods += [importlib.import_module(name) for name in catalogue_modules(root)]
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


def errata_of(module_name: str) -> list[Erratum]:
    """The errata one module registered (a project's errata, without the catalogue's)."""
    return [e for i, e in _ERRATA.items() if _ERRATA_MODULE.get(i) == module_name]


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
        made = [(c, f.__module__) for f in _FACTORIES for c in f()]
        by_id: dict[str, object] = {}
        for c, _ in made:
            if c.id in by_id:
                raise ValueError(f"claim id {c.id!r} registered twice")
            by_id[c.id] = c
        _CACHE = (key, [c for c, _ in made], by_id, {c.id: m for c, m in made})
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


def module_of(claim_id: str) -> str:
    """The dotted name of the module whose factory registered the claim ``claim_id``."""
    get(claim_id)
    return _CACHE[3][claim_id]


def erratum_module(erratum_id: str) -> str:
    """The dotted name of the module that registered the erratum ``erratum_id``."""
    _load()
    return _ERRATA_MODULE[erratum_id]


def errata() -> list[Erratum]:
    _load()
    return list(_ERRATA.values())
