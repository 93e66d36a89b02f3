"""The report's sections, one module each, discovered by module scan.

Every module directly inside :mod:`clickbound.report.sections` (not starting with ``_``)
calls :func:`register_section` at import; :func:`sections` returns them in
``order``.  There is no hand-kept list, as in ``lemmas/engine/registry.py``.

A section has two halves (computing writes data, rendering reads it):

* ``compute(ctx) -> dict`` — JSON-able data (every number the section shows);
  raises :class:`NotReady` when a package it needs has not landed, which the
  compute step records as "not computed" with the reason (never fake numbers).
* ``render(data, rctx) -> list[block]`` — blocks of :mod:`clickbound.report.doc`, reading
  ``data`` only (and writing figures through ``rctx``).
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_SECTIONS: dict[str, Section] = {}
_LOADED = False


#: the report's profiles: ``paper`` (default) runs every experiment at least at the
#: source's horizon and number of runs; ``dev`` is smaller, for development only, and every page
#: that shows it says so; ``asymptotic`` is ``paper`` plus the Lai–Robbins experiment at n = 10^7
PROFILES = {
    "paper": "the sources' sizes (default): every experiment at or above the source's horizon and runs",
    "dev": "DEVELOPMENT profile: smaller than the sources' sizes; its verdicts are not the project's answer",
    "asymptotic": "the sources' sizes, and the Lai–Robbins experiment at n = 10^7 (a profile of its own)",
}


class NotReady(RuntimeError):
    """A section cannot be computed yet (a package it needs is missing)."""


@dataclass(frozen=True)
class Section:
    name: str
    title: str
    order: int
    compute: Callable[[ComputeContext], dict]
    render: Callable[[dict, RenderContext], list]
    description: str = ""
    needs: tuple[str, ...] = ()


@dataclass
class ComputeContext:
    """Everything a compute function may read: explicit configuration, no globals.

    ``seed`` is the root of every experiment's ``SeedSequence``; ``budget_s`` the
    per-claim search budget; ``workers`` the claim-deciding processes;
    ``scheduler`` a dask address for the sim runner (None: local processes);
    ``progress`` whether to draw tqdm bars on stderr.
    """

    profile: str = "paper"
    seed: int = 20160619
    budget_s: float = 10.0
    workers: int | None = None
    scheduler: str | None = None
    progress: bool = True
    cache_dir: Path | None = None
    claims: list | None = None  # None: the whole catalogue; tests pass a few claims
    only: tuple[str, ...] | None = None  # None: every section
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        if self.profile == "quick":  # the development profile's old name
            self.profile = "dev"
        if self.profile not in PROFILES:
            raise ValueError(f"profile must be one of {tuple(PROFILES)}, got {self.profile!r}")
        if self.budget_s <= 0:
            raise ValueError(f"budget_s must be positive, got {self.budget_s}")


@dataclass
class RenderContext:
    """What a section's render may read besides its own data, and where figures go."""

    out: Path
    meta: dict = field(default_factory=dict)  # results.json "meta" (versions, seeds, wall times)
    statuses: dict = field(default_factory=dict)  # section name -> (status, wall_s, reason)
    written: list[Path] = field(default_factory=list)
    #: every section's results.json entry (the front page summarises the others)
    sections: dict = field(default_factory=dict)
    #: figure path -> "what to look at" set by the figure helper (``fig.clickbound_look``)
    looks: dict = field(default_factory=dict)

    @property
    def figdir(self) -> Path:
        d = self.out / "figures"
        d.mkdir(parents=True, exist_ok=True)
        return d

    def save(self, fig, name: str) -> Path:
        """Save a matplotlib figure as ``figures/<name>.png`` and close it."""
        import matplotlib.pyplot as plt

        path = self.figdir / f"{name}.png"
        if getattr(fig, "clickbound_look", ""):
            self.looks[path] = fig.clickbound_look
        fig.savefig(path, dpi=90, bbox_inches="tight")
        plt.close(fig)
        self.written.append(path)
        return path


def register_section(s: Section) -> Section:
    if s.name in _SECTIONS and _SECTIONS[s.name] is not s:
        raise ValueError(f"section name {s.name!r} registered twice")
    _SECTIONS[s.name] = s
    return s


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    import clickbound.report.sections as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.name.startswith("_"):
            continue
        # a section that cannot be imported is a broken installation: fail loudly, never a placeholder
        importlib.import_module(f"clickbound.report.sections.{mod.name}")
    _LOADED = True


def sections() -> list[Section]:
    """Every registered section, by ``order`` then name."""
    _load()
    return sorted(_SECTIONS.values(), key=lambda s: (s.order, s.name))


def get_section(name: str) -> Section:
    for s in sections():
        if s.name == name:
            return s
    raise KeyError(f"no report section {name!r}; known: {[s.name for s in sections()]}")
