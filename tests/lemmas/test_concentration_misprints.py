"""Claims of lemmas/concentration_misprints.py (source 002, issue 12): each comes out as registered; errata evidence re-checks."""
import functools

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas import concentration_misprints as mod

CLAIMS = {c.id: c for c in mod.claims()}
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-HLEMMA-EXPONENT", "ERR-HLEMMA-MGF-EQ", "ERR-HLEMMA-PHI0", "ERR-HOEFFDING-ZRANGE", "ERR-AZUMA-INDICES", "ERR-AZUMA-SN", "ERR-MCDIARMID-CK", "ERR-MCDIARMID-TELESCOPE"}]


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
    assert len(ERRATA) == 8
    for e in ERRATA:
        assert e.source_file == "002_3ec5ec57f55c1fdf.txt"
        for cid in e.evidence_claims:
            assert verdict(cid).matches_expectation is True, (e.id, cid)


def test_telescoping_corrected_on_the_same_instance():
    from fractions import Fraction
    g = mod.conditional_expectations(lambda a, b: Fraction(a + b), [mod.COIN, mod.COIN])
    for x in ((0, 0), (0, 1), (1, 0), (1, 1)):
        assert (g[2][x] - g[1][x[:1]]) + (g[1][x[:1]] - g[0][()]) == sum(x) - 1
