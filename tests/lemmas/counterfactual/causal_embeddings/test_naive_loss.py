"""Claims of lemmas/counterfactual/causal_embeddings/naive_loss.py (source 002): each comes out as registered; errata evidence re-checks."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.causal_embeddings import naive_loss as mod

CLAIMS = claims_by_id(mod.claims())
ERRATA = [e for e in lemmas.errata() if e.id in {"ERR-CAUSE-NAIVE-C"}]


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid])


def test_errata_evidence_rechecks():
    assert len(ERRATA) == 1
    assert_errata_evidence(ERRATA, "002_3ec5ec57f55c1fdf.txt")


def test_naive_loss_conditional_expectation_is_the_true_loss():
    import sympy as sp
    ds = sp.symbols("d1:5")
    got = mod.naive_conditional_expectations(list(ds), sp.Rational(2, 7))
    assert all(sp.simplify(v - sum(ds) / 4) == 0 for v in got.values())
