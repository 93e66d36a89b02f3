"""Ledger step claims of source 002's ULTR articles (lemmas/ultr_steps.py): verdicts as registered."""
from fractions import Fraction

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas import ultr_steps as m

_CLAIMS = {c.id: c for c in m.ultr_step_claims()}
_ERRATA = ("ERR-LTR-DCG-MINIMISE", "ERR-ULTR-IRW-INDEXSET", "ERR-ULTR-DLA-SOFTMAX", "ERR-ULTR-EM-LATENT")


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=20)
    assert v.matches_expectation
    if _CLAIMS[cid].expected:
        assert v.status == "proved" and v.scope == "all"
    else:
        assert v.status == "refuted" and v.counterexample


@pytest.mark.parametrize("eid", _ERRATA)
def test_errata_evidence_comes_out_as_registered(eid):
    (err,) = [e for e in lemmas.errata() if e.id == eid]
    assert err.source_file == m.SRC and err.conclusion_survives
    for cid in err.evidence_claims:
        assert check(lemmas.get(cid), budget_s=20).matches_expectation


def test_rank_loss_by_hand():
    # r = (1, 0): ARP of (relevant, other) = 1·1 = 1, of (other, relevant) = 1·2 = 2; DCG 1 and 1/2
    assert m.rank_loss((1, 0), (0, 1), lambda k: Fraction(k)) == 1
    assert m.rank_loss((1, 0), (1, 0), lambda k: Fraction(k)) == 2
    assert m.minimisers((1, 0), lambda k: Fraction(1, k)) == ([(1, 0)], Fraction(1, 2))
    assert m.minimisers((1, 0), lambda k: Fraction(k)) == ([(0, 1)], Fraction(1))


def test_no_step_is_a_bare_true():
    for c in _CLAIMS.values():
        for s in check(c, budget_s=20).evidence.get("proof", {}).get("steps", []):
            assert s["checked"].strip() not in ("", "True", "true")
