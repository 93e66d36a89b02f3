"""Kernel-checked analytic proofs: ``proofs/coq/KL.v``, ``UCB1.v``, ``Concentration.v``.

They prove KL-MONO, KL-PINSKER, KL-PINSKER/index (source 003, section "KL-UCB"), Hoeffding's lemma and
inequality, Markov, Chebyshev, UCB1-CI/fixed-count and the UCB1 proof steps of source 002
(002_3ec5ec57f55c1fdf.txt).  The test compiles the three files with ``coqc -R … Clickbound`` (in a temporary
copy, so no ``.vo`` lands in the package), checks that every ``(*! claim ID … *)`` tag names a registered
claim that is expected to hold, that no ``Admitted``/``admit``/``Axiom``/``Parameter`` occurs outside
comments, and that ``Print Assumptions`` of each tagged theorem lists nothing beyond the standard library's
axioms for the classical real numbers.  Without ``coqc`` it skips with one printed line.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

COQ_DIR = Path(__file__).resolve().parents[2] / "proofs" / "coq"
FILES = ("KL.v", "UCB1.v", "Concentration.v")  # dependency order: UCB1 and Concentration import KL

#: Coq 8.16's real numbers (``Reals``, classical Dedekind construction) rest on the first three; the
#: standard library's own mean value theorem (``Coq.Reals.MVT``) and derivative of ``ln`` also use
#: ``Classical_Prop.classic`` (``Print Assumptions MVT`` lists it), so every proof by the derivative does.
ALLOWED = {
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
    "Classical_Prop.classic",
}
FORBIDDEN = re.compile(r"\b(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Variable)\b")
TAG = re.compile(r"^\s*\(\*!\s*(\w[\w-]*)\s+(.*?)\s*\*\)\s*$")
THM = re.compile(r"^\s*(Theorem|Lemma|Corollary|Proposition|Fact)\s+([A-Za-z_][A-Za-z0-9_']*)")


def _strip_comments(text: str) -> str:
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("*)", i) and depth:
            depth, i = depth - 1, i + 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def tagged(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """``(theorem, claim IDs)`` for each tag block, which must sit directly above its theorem."""
    out, claims = [], None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = TAG.match(line)
        if m:
            if m.group(1) == "claim":
                claims = tuple(m.group(2).split())
            continue
        if claims is not None:
            t = THM.match(line)
            assert t, f"{path.name}:{n}: a tag block must be followed directly by its theorem"
            out.append((t.group(2), claims))
            claims = None
    return out


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    coqc = shutil.which("coqc")
    if coqc is None:
        print("coqc not found: skipping the Coq proofs KL.v, UCB1.v, Concentration.v")
        pytest.skip("coqc not found (Coq 8.16 with Coquelicot is needed for proofs/coq)")
    d = tmp_path_factory.mktemp("coq_analysis")
    for f in FILES:
        shutil.copy(COQ_DIR / f, d / f)
    for f in FILES:
        r = subprocess.run([coqc, "-q", "-R", str(d), "Clickbound", str(d / f)], capture_output=True,
                           text=True, timeout=900)
        assert r.returncode == 0, f"coqc {f} failed:\n{r.stdout}\n{r.stderr}"
    return coqc, d


def test_tags_name_registered_true_claims():
    from clickbound.lemmas.engine.registry import get

    seen = set()
    for f in FILES:
        for thm, ids in tagged(COQ_DIR / f):
            for cid in ids:
                assert cid not in seen, f"{cid} tagged twice"
                seen.add(cid)
                claim = get(cid)  # KeyError if the ID is not registered
                assert claim.expected is True, f"{f}:{thm} is tagged with {cid}, which the catalogue expects to fail"
    for cid in ("KL-MONO", "KL-PINSKER", "KL-PINSKER/index", "CONC-HLEMMA", "CONC-HOEFFDING", "UCB1-SUM"):
        assert cid in seen, f"{cid} has no tagged theorem"


def test_no_admitted_or_axioms():
    for f in FILES:
        code = _strip_comments((COQ_DIR / f).read_text(encoding="utf-8"))
        bad = [f"{f}:{n}: {m.group(1)}" for n, line in enumerate(code.splitlines(), 1)
               for m in FORBIDDEN.finditer(line)]
        assert not bad, bad


def test_print_assumptions(build):
    coqc, d = build
    thms = [(Path(f).stem, thm) for f in FILES for thm, _ in tagged(COQ_DIR / f)]
    script = ["From Clickbound Require Import KL UCB1 Concentration."]
    for mod, thm in thms:
        script.append(f'Goal True. idtac "@@ {mod}.{thm}". Abort.')
        script.append(f"Print Assumptions Clickbound.{mod}.{thm}.")
    (d / "Assumptions.v").write_text("\n".join(script) + "\n", encoding="utf-8")
    r = subprocess.run([coqc, "-q", "-R", str(d), "Clickbound", str(d / "Assumptions.v")], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    axioms: dict[str, set[str]] = {}
    current = None
    for line in r.stdout.splitlines():
        if line.startswith("@@ "):
            current = line[3:].strip()
            axioms[current] = set()
        elif current and line and not line[0].isspace() and line not in ("Axioms:",) \
                and not line.startswith("Closed under the global context"):
            axioms[current].add(line.split(" :")[0].strip())
    assert set(axioms) == {f"{m}.{t}" for m, t in thms}
    extra = {t: sorted(a - ALLOWED) for t, a in axioms.items() if a - ALLOWED}
    assert not extra, f"axioms beyond the standard library's classical reals: {extra}"
    # the proofs do use the real numbers' axioms: the parse above is not vacuous
    assert all("ClassicalDedekindReals.sig_forall_dec" in a for a in axioms.values())
