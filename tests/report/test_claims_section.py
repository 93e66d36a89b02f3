"""The claims and errata sections computed from a few real, cheap claims.

The claims are decided by the real engine (``lemmas.check``); they are small
exact computations so the test stays fast:

* ``TEST-ABEL[K=3]`` — DCM-T2's Abel summation ``Σ_k v_k z_k = Σ_i (v_i − v_{i+1}) Σ_{k≤i} z_k``
  (source ``000_0b27131c69d8f24c.txt``, 定理2), checked as a polynomial identity by sympy;
* ``TEST-ABEL/drop-last[K=3]`` — its mutant without the ``v_{K+1} = 0`` term's partner
  (the sum stops at K−1), refuted by an exact rational counterexample;
* ``TEST-HOEFF-AS-PRINTED`` — CONC-HOEFFDING-AS-PRINTED's instance (``X_i = 2·Ber(1/2)``,
  n = 100, ε = 0.2), whose exact tail ``P(S ≥ 60)`` exceeds ``exp(−4)``.
"""
from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import mpmath
import sympy as sp

from clickbound.lemmas import Outcome, ProcedureClaim
from clickbound.report import render as rnd
from clickbound.report.compute import compute
from clickbound.report.sections import ComputeContext

K = 3
v = sp.symbols("v1:4")
z = sp.symbols("z1:4")


def _text(cell):
    """A table cell's text (a rich cell — MathML, folded evidence — keeps its text for Markdown)."""
    return cell["text"] if isinstance(cell, dict) else cell


def _abel(drop_last: bool):
    def decide(budget_s):
        vv = list(v) + [0]
        top = K - 1 if drop_last else K
        lhs = sum(v[k] * z[k] for k in range(K))
        rhs = sum((vv[i] - vv[i + 1]) * sum(z[: i + 1]) for i in range(top))
        diff = sp.expand(lhs - rhs)
        if diff == 0:
            return Outcome("proved", "sympy expand", evidence={"summary": "lhs − rhs expands to 0"},
                           scope="instances", scope_detail="K = 3")
        point = {s: sp.Rational(1, 2) for s in (*v, *z)}  # any point where diff != 0
        val = diff.subs(point)
        assert val != 0
        return Outcome("refuted", "exact evaluation", counterexample=point,
                       evidence={"lhs_minus_rhs": str(val)})
    return decide


def _hoeffding_as_printed(budget_s):
    # S = Σ X_i with X_i = 2·Ber(1/2), n = 100: mean(X) − 1 ≥ 0.2  <=>  #ones ≥ 60
    tail = Fraction(sum(comb(100, k) for k in range(60, 101)), 2 ** 100)
    with mpmath.workdps(60):
        bound = mpmath.exp(-2 * 100 ** 2 * mpmath.mpf("0.04") / (100 * 2))  # Σ(b−a) = 200, no square
        exceeds = mpmath.mpf(tail.numerator) / tail.denominator > bound
    if exceeds:
        return Outcome("refuted", "exact binomial tail", counterexample={"n": 100, "eps": "1/5"},
                       evidence={"tail": str(tail), "bound": mpmath.nstr(bound, 20)})
    return Outcome("survived", "exact binomial tail")


CLAIMS = [
    ProcedureClaim("TEST-ABEL[K=3]", "Abel summation (K=3)", _abel(False),
                   source="000_0b27131c69d8f24c.txt, 定理2", spec_id="DCM-T2", expected=True),
    ProcedureClaim("TEST-HOEFF-AS-PRINTED", "Hoeffding with Σ(b−a) unsquared", _hoeffding_as_printed,
                   source="002_3ec5ec57f55c1fdf.txt", spec_id="CONC-HOEFFDING-AS-PRINTED",
                   expected=False),
    ProcedureClaim("TEST-ABEL/drop-last[K=3]", "Abel summation without its last term", _abel(True),
                   source="000_0b27131c69d8f24c.txt, 定理2", spec_id="DCM-T2", expected=False),
]


def test_claims_section_from_real_claims(tmp_path):
    ctx = ComputeContext(claims=CLAIMS, budget_s=2.0, progress=False, only=("claims", "meta"))
    res = compute(ctx, out=tmp_path)
    assert res["sections"]["claims"]["status"] == "computed"
    vs = {v["claim_id"]: v for v in res["sections"]["claims"]["data"]["verdicts"]}
    assert vs["TEST-ABEL[K=3]"]["status"] == "proved"
    assert vs["TEST-ABEL/drop-last[K=3]"]["status"] == "refuted"
    assert vs["TEST-HOEFF-AS-PRINTED"]["status"] == "refuted"
    assert all(v["matches_expectation"] for v in vs.values())
    blocks, _ = rnd.render_blocks(res, tmp_path)
    table = next(b for b in blocks if b["kind"] == "table" and b["caption"].startswith("Claims"))
    ids = [_text(r[0]) for r in table["rows"]]
    assert ids == ["TEST-ABEL[K=3]", "  ↳ TEST-ABEL/drop-last[K=3]", "TEST-HOEFF-AS-PRINTED"]
    counts = dict(map(tuple, next(b for b in blocks if b.get("caption") == "Counts")["rows"]))
    assert counts["proved (instances)"] == "1" and counts["refuted"] == "2"
    assert counts["proved (every parameter)"] == "0"
    col = table["columns"].index("verdict (scope)")
    assert table["rows"][0][col] == "proved (instances: K = 3)"  # the verdict column says the scope
    assert counts["mutants refuted (caught)"] == "2" and counts["not as registered"] == "0"
    # the meta record names versions, seed and per-section wall time
    assert set(res["meta"]["sections_wall_s"]) == {"claims"}
    assert res["meta"]["versions"]["numpy"]
    # the sections not asked for are absent, and rendered as such (no numbers)
    assert "errata" not in res["sections"]


def test_errata_section_reuses_the_claims_verdicts(tmp_path, monkeypatch):
    from clickbound import lemmas
    from clickbound.lemmas import Erratum

    err = Erratum(id="TEST-ERR", source_file="002_3ec5ec57f55c1fdf.txt", location="Hoeffding",
                  source_says="Σ(b−a)", truth="Σ(b−a)²", evidence_claims=("TEST-HOEFF-AS-PRINTED",),
                  conclusion_survives="yes, with the square")
    monkeypatch.setattr(lemmas, "errata", lambda: [err])
    calls = []
    real_check = lemmas.check

    def counting_check(claim, budget_s=20.0, **kw):
        calls.append(claim.id)
        return real_check(claim, budget_s=budget_s, **kw)

    monkeypatch.setattr(lemmas, "check", counting_check)
    ctx = ComputeContext(claims=CLAIMS, budget_s=2.0, progress=False, only=("claims", "errata"))
    res = compute(ctx)
    assert sorted(calls) == sorted(c.id for c in CLAIMS)  # each claim decided once, by "claims"
    ev = res["sections"]["errata"]["data"]["evidence"]["TEST-HOEFF-AS-PRINTED"]
    assert [e["status"] for e in ev] == ["refuted"]
    blocks, _ = rnd.render_blocks(res, tmp_path)
    table = next(b for b in blocks if b.get("caption") == "Errata found in the sources")
    row = [_text(c) for c in table["rows"][0]]
    ev = table["columns"].index("evidence (claim verdicts)")
    assert row[0].startswith("TEST-ERR") and "TEST-HOEFF-AS-PRINTED: refuted" in row[ev]


def _cli_json(monkeypatch, capsys, vs: list[dict], evidence: frozenset, *flags) -> list[dict]:
    """``clickbound claims --json FLAGS`` over the verdict fixture ``vs``: the CLI's own selection and row
    classes, the deciding replaced by the fixture's verdicts (nothing is decided)."""
    from types import SimpleNamespace

    from clickbound import lemmas
    from clickbound.report import claims_table, cli

    by_id = {v["claim_id"]: v for v in vs}
    cat = [SimpleNamespace(id=v["claim_id"], source=v["source"], expected=v["expected"], kind="fixture") for v in vs]

    def decided(budget_s, claims, workers, progress):
        return [SimpleNamespace(claim_id=c.id, source=c.source, expected=c.expected, status=by_id[c.id]["status"],
                                as_dict=lambda d=by_id[c.id]: d) for c in claims]

    monkeypatch.setattr(lemmas, "catalogue", lambda: cat)
    monkeypatch.setattr(claims_table, "erratum_evidence", lambda: evidence)
    monkeypatch.setattr(claims_table, "decide_catalogue", decided)
    capsys.readouterr()
    assert cli.main(["claims", "--json", "--no-progress", *flags]) == 0
    return json.loads(capsys.readouterr().out)


def test_front_page_counts_equal_the_cli(monkeypatch, capsys, tmp_path):
    """The front page's claim counts by status are those of ``clickbound claims --json --all`` over the
    same verdicts; its count of the sources' statements is the CLI's default listing (mutants and
    violation instances hidden by the CLI's row_class); an as-printed statement an erratum cites is a
    statement of the source, not a mutant."""
    from collections import Counter

    from clickbound.report import doc
    from clickbound.report.sections import RenderContext, front
    from tests.report.synthetic_fixtures import front_sections

    secs = front_sections()
    vs = secs["claims"]["data"]["verdicts"]
    ev = front.evidence_ids(secs)
    cc = front.claim_counts(vs, ev)
    every = _cli_json(monkeypatch, capsys, vs, ev, "--all")
    assert cc["all"]["total"] == len(every)
    assert {s: n for s, n in cc["all"].items() if s != "total" and n} == dict(Counter(v["status"] for v in every))
    plain = _cli_json(monkeypatch, capsys, vs, ev)
    assert cc["claim"]["total"] == len(plain)
    assert {s: n for s, n in cc["claim"].items() if s != "total" and n} == dict(Counter(v["status"] for v in plain))
    assert "SYN-PRINTED/as-printed" in {v["claim_id"] for v in plain}  # the source's statement, refuted
    assert cc["claim"]["refuted"] == 1 and cc["mutant"]["refuted"] == 1 and cc["violation"]["total"] == 1
    md = doc.to_markdown("front", front.render({}, RenderContext(out=tmp_path, sections=secs)), tmp_path)
    assert f"--all` lists them: {len(every)} (" in md
    assert f"Of these, {len(plain)} are statements of the sources" in md


def test_front_counts_read_every_engine_status():
    """Every status the engine can return has a column (a status added to STATUSES, e.g. 'argued', is
    counted without a change here)."""
    from clickbound.lemmas.engine.claim import STATUSES
    from clickbound.report.sections import front

    kinds = front._kinds()
    assert all(any(k == s or k.startswith(s) or (k == "statistical" and "simulation" in s) for k in kinds)
               for s in STATUSES)
    cc = front.claim_counts([], frozenset())
    assert set(STATUSES) <= set(cc["all"])


def test_front_page_counts_kernel_checked_proofs(tmp_path):
    """Kernel-checked claims are counted from the front section's computed kernel check (a proof whose
    build failed or used a forbidden axiom is not); without a build it says so, never a count."""
    from clickbound.report import doc
    from clickbound.report.sections import RenderContext, front
    from tests.report.synthetic_fixtures import front_sections

    vs = front_sections()["claims"]["data"]["verdicts"]
    proved = [v for v in vs if v["status"] == "proved"]
    kern = {proved[0]["claim_id"]: {"built": True, "ok": True}, proved[1]["claim_id"]: {"built": True, "ok": False},
            "NOT-IN-RUN": {"built": True, "ok": True}}
    assert front.kernel_counts(proved, kern) == {"tagged": 2, "ok": 1, "built": True}
    unbuilt = {k: {"built": False, "ok": False} for k in kern}
    assert front.kernel_counts(proved, unbuilt)["built"] is False and front.kernel_counts(proved, None) is None

    def md(data):
        return doc.to_markdown("f", front.render(data, RenderContext(out=tmp_path, sections=front_sections())),
                               tmp_path)

    assert "Kernel-checked: 1 of the 2 proved or argued claims" in md({"kernel": kern})
    assert "not built here" in md({"kernel": unbuilt}) and "not in this run's results" in md({})
