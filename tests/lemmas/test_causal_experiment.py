"""Claims of lemmas/causal_experiment.py (source 002, CausE article; issue 16): each comes out as registered, and
the exact checks behind them reject planted errors."""
import functools

import pytest
import sympy as sp

from clickbound import lemmas
from clickbound.lemmas import causal_experiment as mod
from clickbound.lemmas import check

CLAIMS = {c.id: c for c in mod.claims()}


@functools.cache
def verdict(cid):
    return check(lemmas.get(cid), budget_s=20)


@pytest.mark.parametrize("cid", sorted(CLAIMS))
def test_every_claim_comes_out_as_registered(cid):
    v = verdict(cid)
    assert v.matches_expectation is True, (v.status, v.method)
    assert v.status == ("proved" if CLAIMS[cid].expected else "refuted")
    if v.status == "proved":
        assert v.scope == "all"


def test_ips_expectation_is_the_true_loss_and_naive_weights_are_not():
    ds = sp.symbols("d1:4", real=True)
    pis = [sp.Rational(1, 5), sp.Rational(2, 3), sp.Rational(9, 10)]
    assert sp.simplify(mod.ips_expectation(list(ds), pis) - sum(ds) / 3) == 0
    # planted error: weighting by 1 instead of 1/π (the naive sum / (U·I)) is biased
    flat = mod.ips_expectation([d * q for d, q in zip(ds, pis)], pis)    # = E[(1/N) Σ R δ]
    assert sp.simplify(flat - sum(ds) / 3) != 0


def test_table_check_rejects_a_flipped_row(monkeypatch):
    monkeypatch.setitem(mod.SOURCE_TABLE, "Propensity MF", ("19.31", "16.22"))
    with pytest.raises(AssertionError):
        mod.table_val_le_test_proof()
