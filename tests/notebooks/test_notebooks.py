"""Every derivation notebook executes from scratch and its findings cite real claim IDs (issue 6)."""
import re

import nbformat
import pytest

from clickbound import lemmas
from clickbound.report.notebooks import execute, notebook_paths

PATHS = notebook_paths()
#: a SPEC-style ID in backticks, e.g. `DCM-L2`, `DCM-L2[K=3]`, `CONC-HOEFFDING-AS-PRINTED`
ID_RE = re.compile(r"`([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?:/[^`\s]+)?(?:\[[^`\]]+\])?)`")


def _known_ids():
    cat = lemmas.catalogue()
    return {c.id for c in cat} | {c.spec_id for c in cat if c.spec_id} | {e.id for e in lemmas.errata()}


def _findings_cell(nb):
    md = [c for c in nb.cells if c.cell_type == "markdown"]
    assert md and "what we found" in md[-1].source.lower(), "last markdown cell must be 'What we found'"
    return md[-1].source


@pytest.mark.skipif(not PATHS, reason="no notebooks yet")
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_findings_cite_registered_ids(path):
    nb = nbformat.read(path, as_version=4)
    ids = set(ID_RE.findall(_findings_cell(nb)))
    assert ids, "the findings cell names no claim ID"
    unknown = ids - _known_ids()
    assert not unknown, f"findings cite IDs the registry does not know: {sorted(unknown)}"


@pytest.mark.skipif(not PATHS, reason="no notebooks yet")
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_imports_packages_and_executes(path):
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert re.search(r"^\s*(from clickbound import (lemmas|bounds|sim)|from clickbound\.(lemmas|bounds|sim)[.\w]* import|import clickbound\.(lemmas|bounds|sim))\b", code, re.M), \
        "imports none of the packages"
    execute(path)  # raises CellExecutionError on any failing cell
