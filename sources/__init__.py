"""The five source documents the workbench checks, shipped with the package.

One place for what the project calls each source: its file name (the text under
``texts/``), a short name used by every command (``--source dcm``), a human title,
and where the text comes from (``texts/ORIGINS.md``).  Every other package may import
this module; it imports nothing of ours.

>>> resolve("dcm"), resolve("000"), resolve("000_0b27131c69d8f24c.txt")
('000_0b27131c69d8f24c.txt', '000_0b27131c69d8f24c.txt', '000_0b27131c69d8f24c.txt')
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["Source", "SOURCES", "BY_FILE", "resolve", "text", "path", "short_name", "texts_dir"]


@dataclass(frozen=True)
class Source:
    """One source document: ``file`` under ``texts/``, ``short`` name, ``title``, ``language``."""

    file: str
    short: str
    title: str
    language: str

    @property
    def number(self) -> str:
        """The three-digit prefix of the file name (``"000"`` … ``"004"``)."""
        return self.file[:3]


#: The five sources, in file order.  ``short`` is the one name each source has across
#: ``lemmas``, ``bounds``, ``sim``, ``report`` and the command line.
SOURCES: tuple[Source, ...] = (
    Source("000_0b27131c69d8f24c.txt", "dcm",
           "Study-group slides on 'DCM Bandits: Learning to Rank with Multiple Clicks' "
           "(Katariya, Kveton, Szepesvári, Wen, ICML 2016)", "ja"),
    Source("001_eb740855b56fcd8b.txt", "depth",
           "Ranking bandits for carousel UIs with observable browsing depth (OD-UCB, OD-TS)", "ja"),
    Source("002_3ec5ec57f55c1fdf.txt", "counterfactual",
           "Blog series 'Counterfactualを知りたい': unbiased learning to rank, learning theory, "
           "the UCB regret proof, probability inequalities, causal embeddings", "ja"),
    Source("003_f899901a464da92a.txt", "lecture",
           "Lecture notes 'Ранжирующие бандиты' (ranking bandits)", "ru"),
    Source("004_d9477b3ebe233f80.txt", "cascade_blog",
           "Engineering blog 'Cascade Model に適用する Bandit Algorithms の理論と実装' "
           "(CascadeUCB1, CascadeLinTS in Python)", "ja"),
)
BY_FILE = {s.file: s for s in SOURCES}
_ALIASES = {}
for _s in SOURCES:
    for _key in (_s.file, _s.short, _s.number, _s.file.removesuffix(".txt"), _s.short.replace("_", "-")):
        _ALIASES[_key.lower()] = _s.file


def resolve(name: str) -> str:
    """The source file name for ``name``: a file name, its stem, the three-digit number or
    the short name.  Unknown names raise ``ValueError`` listing the accepted ones."""
    key = str(name).strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    known = ", ".join(f"{s.short} ({s.number})" for s in SOURCES)
    raise ValueError(f"unknown source {name!r}; the sources are {known}")


def short_name(name: str) -> str:
    """The short name of a source given any accepted form of its name."""
    return BY_FILE[resolve(name)].short


def texts_dir() -> Path:
    """The folder holding the shipped source texts (package data ``texts/``)."""
    return Path(str(resources.files(__name__).joinpath("texts")))


def path(name: str) -> Path:
    """The path of a source's text."""
    return texts_dir() / resolve(name)


@lru_cache(maxsize=None)
def text(name: str) -> str:
    """A source's full text, as shipped (UTF-8)."""
    return path(name).read_text(encoding="utf-8")
