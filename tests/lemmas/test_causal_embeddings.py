"""Claims of lemmas/causal_embeddings.py (source 002, issue 12): each comes out as registered; errata evidence re-checks."""
import functools

import pytest

from clickbound import lemmas
from clickbound.lemmas import causal_embeddings as mod
from clickbound.lemmas import check

CLAIMS = {c.id: c for c in mod.claims()}
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-CAUSE-NAIVE-C"}]


@functools.cache
def verdict(cid):
    return check(lemmas.get(cid), budget_s=20)


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = verdict(cid)
    assert v.matches_expectation is True, (v.status, v.method)
    if CLAIMS[cid].expected:
        assert v.status == "proved" and v.scope == "all"
    else:
        assert v.status == "refuted"


def test_errata_evidence_rechecks():
    assert len(ERRATA) == 1
    for e in ERRATA:
        assert e.source_file == "002_3ec5ec57f55c1fdf.txt"
        for cid in e.evidence_claims:
            assert verdict(cid).matches_expectation is True, (e.id, cid)


def test_naive_loss_conditional_expectation_is_the_true_loss():
    import sympy as sp
    ds = sp.symbols("d1:5")
    got = mod.naive_conditional_expectations(list(ds), sp.Rational(2, 7))
    assert all(sp.simplify(v - sum(ds) / 4) == 0 for v in got.values())
