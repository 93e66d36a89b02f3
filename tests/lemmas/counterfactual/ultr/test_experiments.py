"""Claims of lemmas/counterfactual/ultr/experiments.py (source 002): each comes out as registered; the erratum's
evidence re-checks; the exact instances by hand."""
from fractions import Fraction

import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.ultr import experiments as mod

CLAIMS = claims_by_id(mod.ultr_experiment_claims())


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(CLAIMS[cid])


def test_errata_evidence_rechecks():
    errata = [e for e in lemmas.errata() if e.id == "ERR-ULTR-DLA-SHARE"]
    assert len(errata) == 1
    assert_errata_evidence(errata, mod.SRC, conclusion_survives=True)


def test_sparse_instance_by_hand():
    # the flat point reaches likelihood 1; the true θ cannot (clicked record at position 2 has θ_2 γ <= 1/2)
    assert mod._exact_ll(mod.SPARSE_LOG, (Fraction(1), Fraction(1)), (1, 1, 0, 0)) == 1
    best_true = mod._exact_ll(mod.SPARSE_LOG, mod.SPARSE_TRUTH, (1, 1, 0, 0))
    assert best_true == Fraction(1, 2)
    # every pair occurs once
    pairs = [d for _, d, _ in mod.SPARSE_LOG]
    assert len(pairs) == len(set(pairs))


def test_share_weights_instance_numbers():
    out = mod.share_weights_decide(1.0)
    ev = out.evidence
    assert ev["count-corrected minimiser (true γ)"] == ev["θ/Σθ"] == (Fraction(2, 3), Fraction(1, 3))
    assert ev["count-corrected minimiser (share weights)"] == (Fraction(3, 4), Fraction(1, 4))
