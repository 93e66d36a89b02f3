"""The derivation notebooks state no verdict the registry does not give (report/notebooks.py).

Every verdict a notebook states is printed at run time by ``clickbound.report.notebooks.show``
(a ``verdict: ID | status | …`` line in the outputs).  The consistency check fails when the
markdown names a claim or erratum ID the outputs never display (a result name such as ``DCM-T2``
may be named), when a displayed status differs
from the registered one (the verdict snapshot, ``tests/lemmas/data/verdicts.json``: what
``clickbound claims`` gives), when a displayed verdict does not come out as registered (a claim
the source asserts refuted, a mutant not refuted), or when a markdown line naming a claim carries a
verdict word (the verdict must come from the code, not the prose).  The first-round
``dcm_upper_bounds.ipynb`` is kept as a fixture and must fail it.
"""
import json
import re
from pathlib import Path

import nbformat
import pytest

from clickbound import lemmas
from clickbound.report.notebooks import (
    displayed_errata,
    displayed_verdicts,
    execute,
    metadata,
    notebook_paths,
)

PATHS = notebook_paths()
HERE = Path(__file__).parent
#: the first-round notebook whose closing cell called Theorem 2's chain sound (a counter-fixture)
ROUND1 = HERE / "data" / "dcm_upper_bounds_round1.ipynb"
SNAPSHOT = HERE.parent / "lemmas" / "data" / "verdicts.json"
#: a claim or erratum ID in backticks, e.g. `DCM-L2`, `DCM-L2[K=3]`, `FB-FIX/dcmKL-UCB/dcm`
ID_RE = re.compile(r"`([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?:/[^`\s]+)?(?:\[[^`\]]+\])?)`")
#: words that state a verdict; prose naming a claim must leave them to the displayed line
VERDICT_WORDS = re.compile(r"\b(proved|proven|refuted|survived|violated|argued|sound|unsound|"
                           r"consistent|holds|fails)\b", re.IGNORECASE)


def _registry():
    cat = lemmas.catalogue()
    return {c.id: c for c in cat}, {e.id for e in lemmas.errata()}


def _spec_ids():
    """Result names (``DCM-T2``): a notebook may name a theorem, but not type its verdict."""
    return {c.spec_id for c in lemmas.catalogue() if c.spec_id}


def _snapshot_status() -> dict:
    data = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["claims"]
    return {k: v["status"] for k, v in data.items()}


def consistency_problems(nb) -> list[str]:
    """Every way ``nb`` (with outputs) states a verdict that is not the registry's, or names an ID
    it does not display; empty when the notebook is consistent."""
    claims, errata = _registry()
    spec_ids = _spec_ids()
    registered = _snapshot_status()
    shown, shown_errata = displayed_verdicts(nb), displayed_errata(nb)
    problems = []
    for cell in (c for c in nb.cells if c.cell_type == "markdown"):
        for line in cell.source.splitlines():
            ids = [i for i in ID_RE.findall(line) if "-" in i or "/" in i]
            for i in ids:
                if i in errata:
                    if i not in shown_errata:
                        problems.append(f"names erratum {i} but never displays it")
                elif i in spec_ids and i not in claims:
                    continue
                elif i not in claims:
                    problems.append(f"names {i}, which the registry does not know")
                elif i not in shown:
                    problems.append(f"names claim {i} but never displays its verdict")
            word = VERDICT_WORDS.search(line)
            if word and any(i in claims or i in spec_ids or i in errata for i in ids):
                problems.append(f"prose states a verdict ({word.group(0)!r}) beside {ids}: {line.strip()[:120]}")
    for cid, status in shown.items():
        if cid not in claims:
            problems.append(f"displays {cid}, which the registry does not know")
            continue
        if cid in registered and registered[cid] != status:
            problems.append(f"displays {cid} as {status}, registered as {registered[cid]}")
        exp = claims[cid].expected
        bad = status in ("refuted", "violated-in-simulation")
        if exp is True and bad or exp is False and not bad:
            problems.append(f"displays {cid} as {status}, not as registered (expected={exp})")
    return problems


def test_the_first_round_dcm_notebook_fails_the_check():
    """Today's (first-round) dcm_upper_bounds.ipynb names claims it never displays and types verdicts."""
    problems = consistency_problems(nbformat.read(ROUND1, as_version=4))
    assert any("never displays" in p for p in problems), problems
    assert any("prose states a verdict" in p for p in problems), problems
    # its closing cell: "Theorem 1's chain (`DCM-T1`) is sound"
    assert any("'sound'" in p and "DCM-T1" in p for p in problems), problems


def test_a_planted_wrong_verdict_line_is_caught():
    """A notebook whose output shows a verdict other than the registered one fails the check."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("Theorem 2's reduction: `FB-FIX/dcmKL-UCB/dcm`."),
                nbformat.v4.new_code_cell("show('FB-FIX/dcmKL-UCB/dcm')", outputs=[nbformat.v4.new_output(
                    "stream", name="stdout",
                    text="verdict: FB-FIX/dcmKL-UCB/dcm | proved | proved (every parameter) | vouched by x | "
                         "as registered: yes\n")])]
    problems = consistency_problems(nb)
    assert any("registered as refuted" in p for p in problems), problems


@pytest.mark.skipif(not PATHS, reason="no notebooks yet")
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_committed_outputs_state_only_registered_verdicts(path):
    nb = nbformat.read(path, as_version=4)
    assert displayed_verdicts(nb), "the notebook displays no verdict (was it executed before commit?)"
    assert consistency_problems(nb) == []
    meta = metadata(nb)
    assert meta.get("summary"), "metadata clickbound.summary (one line for the report) is missing"
    claims, errata = _registry()
    assert set(meta.get("claims", ())) <= set(claims) | errata
    assert set(meta.get("claims", ())) >= set(displayed_verdicts(nb)), "metadata claims must list every displayed claim"


@pytest.mark.skipif(not PATHS, reason="no notebooks yet")
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_executes_from_scratch_and_stays_consistent(path):
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^\s*(from clickbound import (lemmas|bounds|sim)|from clickbound\.(lemmas|bounds|sim)[.\w]* import|import clickbound\.(lemmas|bounds|sim))\b", code, re.MULTILINE), \
        "imports none of the packages"
    fresh = execute(path)  # raises CellExecutionError on any failing cell
    assert consistency_problems(fresh) == []
