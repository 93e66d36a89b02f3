"""The filters every listing of the command line shares: ``--source``, ``--status``, ``--kind``,
``--all``/``--mutants``/``--violations``, ``--width``, and the line an empty listing prints.

A bad value is an error naming the accepted values, exit status 2 (argparse's own for values
checked while parsing, ``BadValue`` — a ``ValueError`` the CLI turns into exit 2 — for those
known only once the catalogue is loaded).
"""
from __future__ import annotations

import argparse

#: verdict statuses a claim can have: the engine's ``STATUSES`` (a test keeps them equal), kept here so that
#: ``--help`` does not load the engine
CLAIM_STATUSES = ("proved", "argued", "refuted", "checked", "survived", "violated-in-simulation", "consistent-in-simulation")


class BadValue(ValueError):
    """A filter value outside the accepted ones (the message lists them)."""


def source_name(value: str) -> str:
    """argparse ``type`` for ``--source``: any name :func:`clickbound.sources.resolve` accepts
    (short name, number, file name or stem) -> the file name."""
    from clickbound import sources

    try:
        return sources.resolve(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def choice(what: str, values):
    """argparse ``type`` accepting one of ``values`` (case-insensitive), naming them all otherwise."""

    def parse(value: str) -> str:
        v = value.strip().lower()
        if v not in values:
            raise argparse.ArgumentTypeError(f"unknown {what} {value!r}; the accepted values are: {', '.join(values)}")
        return v

    return parse


def add_source(p, what: str = "claims") -> None:
    p.add_argument("--source", metavar="NAME", type=source_name,
                   help=f"only {what} of one source: dcm, depth, counterfactual, lecture, cascade_blog, "
                        "its number 000…004, or its file name")


def add_width(p) -> None:
    p.add_argument("--width", type=int, metavar="N",
                   help="fit the output to N columns (default: the terminal's width; 100 when not a terminal)")


def add_show_flags(p, *, mutants: bool = False, violations: bool = False) -> None:
    p.add_argument("--all", action="store_true", help="show every row (nothing hidden by default)")
    if mutants:
        p.add_argument("--mutants", action="store_true",
                       help="also show the mutants (deliberately wrong variants, registered expected-false)")
    if violations:
        p.add_argument("--violations", action="store_true",
                       help="also show the bound-violation instances (VIOL/…)")


def shown_classes(args) -> frozenset:
    """The row classes to show beside plain claims (``claims_table.row_class``)."""
    if getattr(args, "all", False):
        return frozenset({"mutant", "violation"})
    return frozenset(c for c, flag in (("mutant", "mutants"), ("violation", "violations"))
                     if getattr(args, flag, False))


def described_filters(args) -> str:
    """``--source dcm --status refuted`` as given (the source by its short name)."""
    from clickbound import sources

    parts = []
    for name in ("filter", "source", "status", "kind"):
        v = getattr(args, name, None)
        if v is None:
            continue
        if name == "source":
            v = sources.short_name(v)
        parts.append(f"--{name} {v!r}" if " " in str(v) else f"--{name} {v}")
    return " ".join(parts)


def empty_lines(noun: str, args, hidden=None, width: int = 100) -> list[str]:
    """What an empty listing prints: that nothing matched (and which filters), and what is hidden."""
    from clickbound.report import termtable
    from clickbound.report.claims_table import hidden_rows_line

    f = described_filters(args)
    lines = termtable.wrap(f"no {noun} matches {f}" if f else f"no {noun} to list", width)
    if hidden:
        lines += termtable.wrap(hidden_rows_line(hidden), width)
    return lines
