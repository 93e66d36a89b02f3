"""A researcher's own paper as a project folder (``clickbound init DIR``, ``--project DIR``).

A project is a folder with a ``project.toml`` and up to four Python files, none of which lives
inside the installed package::

    project.toml   name, title, the paper, the sizes of its simulations and searches
    paper.txt      the paper's text, an excerpt, or (clearly labelled) the reader's own summary
    ledger.toml    the paper's ledger, in the format of the package's ``lemmas/ledger/*.toml``
    claims.py      claims, registered with ``clickbound.lemmas.register`` like the catalogue's own
    bounds.py      closed-form bounds and ``TARGETS`` (``clickbound.sim.violations.Target``) to search
    policies.py    extra policies (``clickbound.sim.register_policy``), a plain Python class suffices

Commands find the project from ``--project DIR`` or, failing that, from the nearest
``project.toml`` at or above the current directory; everything they write goes to the project's
``out/`` folder.  The package's own catalogue loads through the same function
(:func:`clickbound.lemmas.engine.registry.load_catalogue`, default root ``clickbound.lemmas``);
a project's ``claims.py`` is one more root.
"""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

CONFIG = "project.toml"
#: the files a project may hold, in the order they are loaded (policies before the bounds that name them)
MODULES = ("policies", "bounds", "claims")


@dataclass
class Project:
    """An opened project folder; :meth:`load` imports its Python files (once)."""

    root: Path
    config: dict = field(default_factory=dict)
    modules: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.config.get("name") or self.root.name)

    @property
    def out_dir(self) -> Path:
        return self.root / "out"

    def path(self, key: str, default: str) -> Path:
        return self.root / str(self.config.get("files", {}).get(key, default))

    def module_name(self, stem: str) -> str:
        tag = hashlib.sha256(str(self.root.resolve()).encode()).hexdigest()[:10]
        return f"clickbound_project_{tag}.{stem}"

    def load(self) -> Project:
        """Import ``policies.py``, ``bounds.py`` and ``claims.py`` (those that exist), once per process."""
        from clickbound.lemmas.engine.registry import load_catalogue

        for stem in MODULES:
            if stem in self.modules:
                continue
            f = self.path(stem, f"{stem}.py")
            if not f.is_file():
                continue
            if stem == "claims":
                self.modules[stem] = load_catalogue([f], module_name=self.module_name(stem))[0]
            else:
                from clickbound.lemmas.engine.registry import import_file

                self.modules[stem] = import_file(f, self.module_name(stem))
        return self

    def claims(self) -> list:
        """The claims the project's ``claims.py`` registered, in registration order."""
        from clickbound.lemmas.engine.registry import claims_of

        self.load()
        mod = self.modules.get("claims")
        return [] if mod is None else claims_of(mod.__name__)

    def errata(self) -> list:
        """The errata the project's ``claims.py`` registered (``clickbound.lemmas.register_erratum``)."""
        from clickbound.lemmas.engine.registry import errata_of

        self.load()
        mod = self.modules.get("claims")
        return [] if mod is None else errata_of(mod.__name__)

    def results(self) -> list:
        """The results table of the paper: the ``[[result]]`` rows of ``ledger.toml`` (none without one)."""
        from clickbound.lemmas import ledger

        f = self.ledger_file()
        return ledger.file_results(f) if f.is_file() else []

    def targets(self) -> dict:
        """``TARGETS`` of ``bounds.py``: name -> :class:`clickbound.sim.violations.Target`."""
        self.load()
        mod = self.modules.get("bounds")
        t = getattr(mod, "TARGETS", {}) if mod is not None else {}
        return dict(t) if isinstance(t, dict) else {x.name: x for x in t}

    def comparisons(self) -> list:
        """``COMPARISONS`` of ``bounds.py``: keyword dicts for :func:`clickbound.report.bound_vs_sim.compare_bound`."""
        self.load()
        mod = self.modules.get("bounds")
        return list(getattr(mod, "COMPARISONS", []) if mod is not None else [])

    def policies(self) -> dict:
        """The policy classes ``policies.py`` registered (name -> class)."""
        from clickbound.sim.policies.registry import policies

        self.load()
        mod = self.modules.get("policies")
        return {} if mod is None else {n: c for n, c in policies().items() if c.__module__ == mod.__name__}

    def ledger_file(self) -> Path:
        return self.path("ledger", "ledger.toml")

    def paper_file(self) -> Path:
        return self.path("paper", "paper.txt")


def open_project(path) -> Project:
    """The project at ``path`` (a folder holding ``project.toml``, or the file itself)."""
    p = Path(path).expanduser()
    if p.name == CONFIG and p.is_file():
        p = p.parent
    cfg = p / CONFIG
    if not cfg.is_file():
        raise ValueError(f"{p} is not a clickbound project (no {CONFIG}; create one with `clickbound init {p}`)")
    try:
        config = tomllib.loads(cfg.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{cfg}: {exc}") from None
    return Project(p.resolve(), config)


def find_project(start=None) -> Project | None:
    """The project whose ``project.toml`` is at or above ``start`` (default: the current directory)."""
    here = Path(start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        if (d / CONFIG).is_file():
            return open_project(d)
    return None


_OPEN: dict[Path, Project] = {}


def resolve(path=None, *, search_cwd: bool = True) -> Project | None:
    """``--project`` semantics: the named project, else the one found from the current directory, else None.

    A project is opened and loaded once per process."""
    proj = open_project(path) if path else (find_project() if search_cwd else None)
    if proj is None:
        return None
    if proj.root not in _OPEN:
        _OPEN[proj.root] = proj.load()
    return _OPEN[proj.root]


def default_out_dir(project: Project | None) -> Path:
    """Where a command writes: the project's ``out/``, or ``./out/`` — never into the installed package."""
    return project.out_dir if project is not None else Path.cwd() / "out"


def check_kernels(project: Project, n: int = 500, seed: int = 0) -> list[str]:
    """For every project policy that gives a numba kernel: the kernel and the Python class make the same
    choices every round (:func:`clickbound.sim.testing.assert_paths_agree`) on a small instance of each
    model it accepts; the names checked.  An ``AssertionError`` says where they first differ."""
    from clickbound.sim import envs
    from clickbound.sim.policies.registry import has_kernel
    from clickbound.sim.testing import assert_paths_agree

    small = {"cascade": lambda: envs.Cascade(w=[0.6, 0.4, 0.3, 0.1]),
             "dcm": lambda: envs.DCM(w=[0.6, 0.4, 0.3, 0.1], v=[0.7, 0.4]),
             "pbm": lambda: envs.PBM(theta=[0.6, 0.4, 0.3, 0.1], kappa=[1.0, 0.5]),
             "depth": lambda: envs.Depth(theta=[0.6, 0.4, 0.3, 0.1], P=[1.0, 0.6])}
    done = []
    for name, cls in project.policies().items():
        if not has_kernel(cls):
            continue
        for model in cls.models:
            if model in small:
                env = small[model]()
                assert_paths_agree(env, name, K=None if model != "cascade" else 2, n=n, runs=1, seed=seed)
        done.append(name)
    return done
