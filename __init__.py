"""clickbound — a theory-verification and proof-checking workbench for ranking bandits
under click models (cascade, DCM, position-based, observable-depth carousel).

The one installed top-level package.  This file is the repository root's, mapped to the
package ``clickbound`` by ``[tool.setuptools.package-dir]`` in ``pyproject.toml``, so that
the folders stay at the top level while the distribution installs a single name:

* :mod:`clickbound.lemmas` — claims, the checking engine, verdicts;
* :mod:`clickbound.bounds` — closed-form regret bounds, the one KL and V;
* :mod:`clickbound.sim` — click-model environments, policies, the engine and runner;
* :mod:`clickbound.report` — the ``clickbound`` command line and the report.

Subpackages are imported on demand (``import clickbound`` alone loads none of them).
"""
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("clickbound")
except PackageNotFoundError:  # pragma: no cover - running from a tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
