"""The derivation notebooks: run them, and the helpers they state every verdict with.

``python -m clickbound.report.notebooks [NAME ...]`` runs every ``notebooks/*.ipynb`` (or the
named ones) top to bottom in a fresh kernel, writes them back *with* outputs and prints each
one's execution time; ``execute(path)`` is what the tests call, without writing anything.

**No typed conclusions.**  A notebook never types a verdict.  :func:`show` decides a registered
claim at run time with :func:`clickbound.lemmas.check` and prints one line, ``verdict: ID | status
| scope | vouched by … | as registered: yes/no``; :func:`erratum` prints a registered erratum's
line.  ``tests/notebooks/test_notebooks.py`` reads those lines back from the executed outputs
(:func:`displayed_verdicts`) and fails when a notebook's markdown names a claim it never
displays, or displays one whose status differs from the registry's.  :func:`quote` prints a
source line verbatim with its place (file and line number) from ``sources/texts``.

Each notebook's metadata ``clickbound`` holds ``summary`` (one line: what a reader learns),
``claims`` (the claim and erratum IDs it discusses) and ``ledger_quotes`` (``[source, quote]``
pairs of the ledger entries it discusses), so the annotated sources can link to it.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
#: per-cell limit; the notebooks keep every computation small (all of them together: a few minutes)
CELL_TIMEOUT_S = 300
#: the per-claim budget ``clickbound claims`` and the verdict snapshot use (seconds)
BUDGET_S = 20.0
#: how a displayed verdict line starts; :data:`VERDICT_RE` reads it back
VERDICT_PREFIX = "verdict: "
VERDICT_RE = re.compile(r"^verdict: (?P<id>\S+) \| (?P<status>[a-z-]+) \| ", re.MULTILINE)
ERRATUM_RE = re.compile(r"^erratum: (?P<id>\S+) \| ", re.MULTILINE)


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


# ---------------------------------------------------------------- helpers the notebooks call

def verdict_line(v) -> str:
    """One line for a :class:`~clickbound.lemmas.Verdict`: status, scope, who vouches, and whether it
    came out as registered (a claim the source asserts not refuted, a mutant or misprint refuted)."""
    reg = {True: "yes", False: "NO", None: "no expectation registered"}[v.matches_expectation]
    return (f"{VERDICT_PREFIX}{v.claim_id} | {v.status} | {v.scope_text} | "
            f"vouched by {v.vouched_by or v.method} | as registered: {reg}")


def show(claim_id: str, budget_s: float = BUDGET_S, *, detail: bool = False):
    """Decide the registered claim ``claim_id`` now and print its verdict line (and, with
    ``detail``, its method and counterexample); return the :class:`~clickbound.lemmas.Verdict`."""
    from clickbound import lemmas

    v = lemmas.check(lemmas.get(claim_id), budget_s=budget_s)
    print(verdict_line(v))
    if detail:
        print(f"    method: {v.method}")
        if v.counterexample:
            print(f"    counterexample: {v.as_dict()['counterexample']}")
    return v


def show_verdict(v) -> None:
    """Print the line of a verdict already decided (e.g. ``lemmas.check`` of a registered claim with
    a stated smaller budget), and its counterexample if any."""
    print(verdict_line(v))
    if v.counterexample:
        print(f"    counterexample: {v.as_dict()['counterexample']}")


def erratum(erratum_id: str):
    """Print a registered erratum's line (where, severity if registered, what is wrong); return it."""
    from clickbound import lemmas

    found = [e for e in lemmas.errata() if e.id == erratum_id]
    if not found:
        raise KeyError(f"no registered erratum {erratum_id!r}")
    e = found[0]
    sev = getattr(e, "severity", "") or (e.extra or {}).get("severity", "")
    print(f"erratum: {e.id} | {e.source_file}, {e.location}" + (f" | severity {sev}" if sev else ""))
    print(f"    the source says: {' '.join(e.source_says.split())}")
    print(f"    the truth: {' '.join(e.truth.split())}")
    return e


def source_path(source: str) -> Path:
    """The text of a source by short name (``dcm``) or number (``000``)."""
    from clickbound import sources

    texts = sources.texts_dir()
    number = {"dcm": "000", "depth": "001", "counterfactual": "002", "lecture": "003",
              "cascade_blog": "004"}.get(source, source)
    found = sorted(texts.glob(f"{number}_*.txt"))
    if not found:
        raise FileNotFoundError(f"no source {source!r} in {texts}")
    return found[0]


def quote(source: str, needle: str, lines: int = 1, occurrence: int = 1) -> None:
    """Print, verbatim, ``lines`` lines of a source text from the ``occurrence``-th line containing
    ``needle``, with the file name and line number (``KeyError`` if there is no such line)."""
    path = source_path(source)
    text = path.read_text(encoding="utf-8").splitlines()
    seen = 0
    for i, line in enumerate(text):
        if needle in line:
            seen += 1
            if seen < occurrence:
                continue
            out = "\n".join(text[i:i + lines])
            print(f"[{path.name}, line {i + 1}{f'–{i + lines}' if lines > 1 else ''}]")
            print(out)
            return
    raise KeyError(f"{needle!r} does not occur in {path.name}")


def displayed_verdicts(nb) -> dict[str, str]:
    """``{claim id: status}`` for every verdict line printed in ``nb``'s code outputs."""
    out: dict[str, str] = {}
    for text in _output_texts(nb):
        for m in VERDICT_RE.finditer(text):
            out[m["id"]] = m["status"]
    return out


def displayed_errata(nb) -> set[str]:
    return {m["id"] for text in _output_texts(nb) for m in ERRATUM_RE.finditer(text)}


def _output_texts(nb):
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        for o in c.get("outputs", []):
            if o.get("output_type") == "stream":
                yield "".join(o.get("text", ""))
            elif "data" in o and "text/plain" in o["data"]:
                yield "".join(o["data"]["text/plain"])


def metadata(nb) -> dict:
    """The notebook's ``clickbound`` metadata (``summary``, ``claims``, ``ledger_quotes``)."""
    return dict(nb.metadata.get("clickbound", {}))


def discussed_by(notebook_dir=None) -> list[dict]:
    """What each notebook says it discusses (its metadata): ``{"name", "claims", "quotes"}`` with
    ``quotes`` a set of ``(source file, quote)`` — for links from the annotated sources."""
    import nbformat

    out = []
    for p in (sorted(Path(notebook_dir).glob("*.ipynb")) if notebook_dir else notebook_paths()):
        meta = metadata(nbformat.read(p, as_version=4))
        out.append({"name": p.stem, "claims": set(meta.get("claims", ())),
                    "quotes": {tuple(q) for q in meta.get("ledger_quotes", ())}})
    return out


def notebooks_for(entry: dict, notebooks: list[dict]) -> list[str]:
    """The notebooks that discuss a ledger ``entry`` (as ``clickbound ledger --json`` gives it): its quote
    is among their ledger quotes, or it cites a claim or erratum they name."""
    cited = set(entry.get("claims", ())) | set(entry.get("errata", ()))
    return [n["name"] for n in notebooks
            if (entry.get("source"), entry.get("quote")) in n["quotes"] or cited & n["claims"]]


def to_html(nb) -> str:
    """The executed notebook as one HTML page (nbconvert's classic template, code and outputs)."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter(template_name="classic").from_notebook_node(nb)
    return body


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m clickbound.report.notebooks", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="notebook names (default: all)")
    ap.add_argument("--no-write", action="store_true", help="execute only (timing), do not write back")
    args = ap.parse_args(argv)
    times = {}
    t_all = time.perf_counter()
    for path in notebook_paths(args.names):
        t0 = time.perf_counter()
        nb = execute(path)
        if not args.no_write:
            nbformat.write(nb, path)
        times[path.stem] = round(time.perf_counter() - t0, 1)
        print(f"{path.name}: executed in {times[path.stem]:.1f} s", file=sys.stderr)
    print(json.dumps({"seconds": times, "total_s": round(time.perf_counter() - t_all, 1)}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
