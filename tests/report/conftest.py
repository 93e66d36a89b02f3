"""Test fixtures for the report framework: SYNTHETIC results data, never shipped as results.

``synthetic_results()`` builds a results.json-shaped dict by hand: two verdicts (a
lemma and its mutant), one erratum, and — for every registered experiment section —
data made by :func:`synthetic_experiment`, whose curves are
``c · log n`` plus seeded noise.  These numbers exist only to exercise rendering.
"""
from __future__ import annotations

import numpy as np
import pytest

from report import results as rio
from report.sections import sections

SYN_SEED = 12345  # fixture noise only


def _verdict(cid, status, expected, spec, cex=None, summary=None):
    return {"claim_id": cid, "spec_id": spec, "source": "000_0b27131c69d8f24c.txt, Lemma 2",
            "statement": "alpha*(x1 - y1) <= V(x) - V(y)", "status": status, "method": "fixture",
            "elapsed_s": 0.01, "expected": expected,
            "matches_expectation": (status != "refuted") if expected else (status == "refuted"),
            "counterexample": cex, "evidence": {"summary": summary} if summary else {},
            "notes": [], "methods_tried": ["fixture"]}


def _experiments() -> dict:
    try:
        from report.experiments import experiment_sections
    except ImportError:  # the experiment framework is not there yet
        return {}
    return experiment_sections()


def synthetic_experiment(exp, rng) -> dict:
    raise NotImplementedError


def synthetic_results() -> dict:
    rng = np.random.default_rng(SYN_SEED)
    secs = {
        "claims": {"title": "claims", "status": "computed", "reason": "", "wall_s": 0.1, "data": {
            "budget_s": 1.0, "verdicts": [
                _verdict("SYN-L2/drop-alpha[K=2]", "refuted", False, "SYN-L2",
                         cex={"x1": "1/2", "y1": "0"}),
                _verdict("SYN-L2[K=2]", "proved", True, "SYN-L2", summary="fixture proof summary"),
            ]}},
        "errata": {"title": "errata", "status": "computed", "reason": "", "wall_s": 0.0, "data": {
            "errata": [{"id": "SYN-ERR", "source_file": "000_0b27131c69d8f24c.txt",
                        "location": "fixture location", "source_says": "Δ/D_KL (fixture)",
                        "truth": "1/D_KL (fixture)", "evidence_claims": ["SYN-L2[K=2]"],
                        "conclusion_survives": "yes (fixture)", "spec_id": "SYN", "extra": {}}],
            "evidence": {"SYN-L2[K=2]": [{"claim_id": "SYN-L2[K=2]", "status": "proved",
                                          "method": "fixture", "counterexample": None,
                                          "matches_expectation": True}]}}},
        "meta": {"title": "meta", "status": "computed", "reason": "", "wall_s": 0.0, "data": {}},
    }
    for name, exp in _experiments().items():
        secs[name] = {"title": exp.title, "status": "computed", "reason": "", "wall_s": 0.0,
                      "data": synthetic_experiment(exp, rng)}
    missing = {s.name for s in sections()} - set(secs)
    assert not missing, f"fixture lacks registered sections {missing}"
    return {"schema": rio.SCHEMA,
            "meta": {"profile": "quick", "seed": SYN_SEED, "budget_s": 1.0, "scheduler": None,
                     "started_utc": "2026-01-01T00:00:00+00:00", "wall_s": 0.1,
                     "sections_wall_s": {k: v["wall_s"] for k, v in secs.items()},
                     "versions": {"python": "fixture", "git_commit": "fixture"}},
            "sections": secs}


@pytest.fixture
def synthetic():
    return synthetic_results()
