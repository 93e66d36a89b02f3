"""The ``clickbound`` command line.

Each sub-command lives in its own module of :mod:`clickbound.report` and exposes
``add_arguments(parser)`` and ``run(args) -> int``; this file only wires them.
Exit status is 0 unless the command itself failed (a refuted claim is a result,
not a failure).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

#: sub-command name -> (module, one-line help)
COMMANDS = {
    "claims": ("clickbound.report.cmd_claims", "decide the registered claims and print the verdict table"),
    "check": ("clickbound.report.cmd_check", "decide one claim and print its evidence in full"),
    "errata": ("clickbound.report.cmd_errata", "list the errata found in the sources, with evidence"),
    "ledger": ("clickbound.report.cmd_ledger",
               "the source ledger: counts and coverage per source, its entries, uncovered items"),
    "results": ("clickbound.report.cmd_results",
                "the results table: each stated result's status (holds, fails, ...) and its errata"),
    "simulate": ("clickbound.report.cmd_simulate", "simulate a policy on a click model (or a TOML grid)"),
    "report": ("clickbound.report.cmd_report", "compute and render the bound-vs-empirical report"),
    "explain": ("clickbound.report.cmd_explain",
                "everything about one ID: claims, errata, ledger entries, bounds, policies, report sections"),
    "violations": ("clickbound.report.cmd_violations",
                   "search every bound for an instance where it fails; confirm and record it"),
    "init": ("clickbound.report.cmd_init", "scaffold a project folder for a paper of your own (claims, bounds, ledger)"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser.  Only the module of the command ``only`` is imported (every other command gets
    an entry with its one-line help from :data:`COMMANDS`), so ``clickbound --help`` imports no
    command module and ``clickbound simulate`` does not load the claims engine or matplotlib."""
    parser = argparse.ArgumentParser(
        prog="clickbound",
        description="Theory-verification workbench for ranking bandits under click models.",
        epilog="clickbound COMMAND --help shows a command's options.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (modname, help_) in COMMANDS.items():
        if name != only:
            sub.add_parser(name, help=help_, description=help_)
            continue
        mod = importlib.import_module(modname)
        p = sub.add_parser(name, help=help_, description=(mod.__doc__ or help_).strip(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    first = next((w for w in words if not w.startswith("-")), None)
    parser = build_parser(only=first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except BrokenPipeError:  # the reader went away (``clickbound claims | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (ValueError, KeyError) as exc:  # bad input: say what is wrong, exit non-zero
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"clickbound {args.command}: error: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
