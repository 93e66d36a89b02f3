"""The dependency direction the README states, checked on every module's imports (AST, top level and inside
functions alike): the bottom modules ``stats`` and ``sources`` import nothing of ours and everything may import
them; ``bounds`` depends on nothing else of ours; ``proofs`` uses ``bounds``; ``lemmas`` imports from
``bounds`` and ``proofs``; ``sim`` uses ``bounds``; ``report`` uses everything; nothing imports ``report``."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: which of our subpackages each may import (besides itself)
BOTTOM = {"stats", "sources"}
ALLOWED = {"stats": set(), "sources": set(),
           "bounds": BOTTOM, "proofs": {"bounds"} | BOTTOM, "lemmas": {"bounds", "proofs"} | BOTTOM,
           "sim": {"bounds"} | BOTTOM, "report": {"bounds", "lemmas", "sim", "proofs"} | BOTTOM}


#: single modules allowed one more package, with the reason (no cycle: ``sim`` imports only ``bounds``)
EXCEPTIONS = {
    # the feedback-bias study decides claims about what the simulated policies themselves accept and
    # record (e.g. "the policy runs at K = 1 only"): it runs their constructors, lazily
    "lemmas/studies/feedback_bias.py": {"sim"},
}


def _ours(node) -> list[str]:
    """The clickbound subpackages an import statement names."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    else:
        return []
    out = set()
    for n in names:
        parts = n.split(".")
        if parts[0] == "clickbound" and len(parts) > 1 and parts[1] in ALLOWED:
            out.add(parts[1])
    return sorted(out)


def _modules(pkg):
    if (ROOT / f"{pkg}.py").is_file():  # a bottom module is one file
        return [ROOT / f"{pkg}.py"]
    return sorted(p for p in (ROOT / pkg).rglob("*.py") if ".venv" not in p.parts)


@pytest.mark.parametrize("pkg", sorted(ALLOWED))
def test_imports_follow_the_dependency_direction(pkg):
    bad = []
    for path in _modules(pkg):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            for dep in _ours(node):
                rel = str(path.relative_to(ROOT))
                if dep != pkg and dep not in ALLOWED[pkg] and dep not in EXCEPTIONS.get(rel, ()):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} imports clickbound.{dep}")
    assert not bad, "\n".join(bad)


def test_the_bottom_modules_exist():
    assert all(_modules(b) for b in BOTTOM)


def test_the_check_sees_a_planted_violation():
    tree = ast.parse("def f():\n    from clickbound.report import doc\n    from clickbound import sim\n")
    assert [d for n in ast.walk(tree) for d in _ours(n)] == ["report", "sim"]
