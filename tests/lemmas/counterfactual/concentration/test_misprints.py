"""Claims of lemmas/counterfactual/concentration/misprints.py (source 002): each comes out as registered; errata evidence re-checks."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.concentration import misprints as mod

CLAIMS = claims_by_id(mod.claims())
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-HLEMMA-EXPONENT", "ERR-HLEMMA-MGF-EQ", "ERR-HLEMMA-PHI0", "ERR-HOEFFDING-ZRANGE", "ERR-AZUMA-INDICES", "ERR-AZUMA-SN", "ERR-MCDIARMID-CK", "ERR-MCDIARMID-TELESCOPE"}]


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid])


def test_errata_evidence_rechecks():
    assert len(ERRATA) == 8
    assert_errata_evidence(ERRATA, "002_3ec5ec57f55c1fdf.txt")


def test_telescoping_corrected_on_the_same_instance():
    from fractions import Fraction
    g = mod.conditional_expectations(lambda a, b: Fraction(a + b), [mod.COIN, mod.COIN])
    for x in ((0, 0), (0, 1), (1, 0), (1, 1)):
        assert (g[2][x] - g[1][x[:1]]) + (g[1][x[:1]] - g[0][()]) == sum(x) - 1
