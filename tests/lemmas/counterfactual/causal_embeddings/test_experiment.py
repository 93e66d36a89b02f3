"""lemmas/counterfactual/causal_embeddings/experiment.py (source 002, CausE article): the exact checks behind
CAUSE-IPS/unbiased and CAUSE-TABLE/val-le-test reject planted errors."""
import pytest
import sympy as sp

from clickbound.lemmas.counterfactual.causal_embeddings import experiment as mod


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
