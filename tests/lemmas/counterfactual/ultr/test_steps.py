"""Ledger step claims of source 002's ULTR articles (lemmas/counterfactual/ultr/steps.py): verdicts as registered."""
from fractions import Fraction

import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound import lemmas
from clickbound.lemmas.counterfactual.ultr import steps as m

_CLAIMS = claims_by_id(m.ultr_step_claims())
#: ERR-ULTR-DLA-SOFTMAX was merged into ERR-ULTR-DLA-SHARE (lemmas/counterfactual/ultr/experiments.py)
_ERRATA = ("ERR-LTR-DCG-MINIMISE", "ERR-ULTR-IRW-INDEXSET", "ERR-ULTR-EM-LATENT")


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])  # also: no proof step records a bare True


def test_errata_evidence_comes_out_as_registered():
    errata = [e for e in lemmas.errata() if e.id in _ERRATA]
    assert len(errata) == len(_ERRATA)
    assert_errata_evidence(errata, m.SRC, conclusion_survives=True)


def test_rank_loss_by_hand():
    # r = (1, 0): ARP of (relevant, other) = 1·1 = 1, of (other, relevant) = 1·2 = 2; DCG 1 and 1/2
    assert m.rank_loss((1, 0), (0, 1), lambda k: Fraction(k)) == 1
    assert m.rank_loss((1, 0), (1, 0), lambda k: Fraction(k)) == 2
    assert m.minimisers((1, 0), lambda k: Fraction(1, k)) == ([(1, 0)], Fraction(1, 2))
    assert m.minimisers((1, 0), lambda k: Fraction(k)) == ([(0, 1)], Fraction(1))
