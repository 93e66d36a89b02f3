"""Execute the derivation notebooks (``make notebooks``; issue 6).

``python -m clickbound.report.notebooks [NAME ...]`` runs every ``notebooks/*.ipynb`` (or the
named ones) top to bottom in a fresh kernel and writes them back *with* outputs, so
they read well on a code host.  ``execute(path)`` is what the tests call, without
writing anything.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
#: per-cell limit; notebooks keep simulations small (issue 6: all eight under 5 minutes)
CELL_TIMEOUT_S = 300


def notebook_paths(names=None) -> list[Path]:
    paths = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
    if names:
        wanted = {n.removesuffix(".ipynb") for n in names}
        unknown = wanted - {p.stem for p in paths}
        if unknown:
            raise ValueError(f"no notebook named {sorted(unknown)} in {NOTEBOOK_DIR}")
        paths = [p for p in paths if p.stem in wanted]
    return paths


def execute(path: Path):
    """Run one notebook from scratch in its own folder; return the executed notebook.

    Raises ``nbclient.exceptions.CellExecutionError`` on the first failing cell.
    """
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m clickbound.report.notebooks", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="notebook names (default: all)")
    args = ap.parse_args(argv)
    for path in notebook_paths(args.names):
        t0 = time.perf_counter()
        nb = execute(path)
        nbformat.write(nb, path)
        print(f"{path.name}: executed in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
