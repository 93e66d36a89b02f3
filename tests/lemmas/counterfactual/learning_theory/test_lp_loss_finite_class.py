"""Ledger step claims of source 002's L_p-loss and finite-class bounds (lemmas/counterfactual/learning_theory/lp_loss_finite_class.py)."""
from fractions import Fraction

import pytest

from clickbound import lemmas
from clickbound.lemmas import check
from clickbound.lemmas.counterfactual.learning_theory import lp_loss_finite_class as m
from catalogue_kit import proved_or_argued

_CLAIMS = {c.id: c for c in m.lp_finite_claims()}
_ERRATA = ("ERR-RAD-LP-G-FOR-H", "ERR-RAD-LP-TWO-SIDED")


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = check(_CLAIMS[cid], budget_s=20)
    assert v.matches_expectation
    if _CLAIMS[cid].expected:
        assert proved_or_argued(v) and v.scope == "all"
    else:
        assert v.status == "refuted" and v.counterexample


@pytest.mark.parametrize("eid", _ERRATA)
def test_errata_evidence_comes_out_as_registered(eid):
    (err,) = [e for e in lemmas.errata() if e.id == eid]
    assert err.source_file == m.SRC and err.conclusion_survives
    for cid in err.evidence_claims:
        assert check(lemmas.get(cid), budget_s=20).matches_expectation


def test_contraction_instances_hold_exactly():
    rows = m.talagrand_instances()
    assert len(rows) == 120 and all(a <= b for a, b in rows)
    # p = 1 on values >= 0 is the identity: both sides agree there (a non-vacuous check)
    assert any(a == b and a > 0 for a, b in rows)


def test_one_sided_counterexample_numbers():
    # 3 sqrt(log 4 / 200) ≈ 0.2497 < 9/10: the two-sided event fails, the one-sided one holds
    assert m.within_sqrt_log(Fraction(-9, 10), Fraction(3), Fraction(1, 200), Fraction(4))
    assert not m.within_sqrt_log(Fraction(9, 10), Fraction(3), Fraction(1, 200), Fraction(4))
