"""lemmas/counterfactual/causal_embeddings/naive_loss.py (source 002): the exact conditional expectation behind
CAUSE-NAIVE/unbiased."""
from clickbound.lemmas.counterfactual.causal_embeddings import naive_loss as mod


def test_naive_loss_conditional_expectation_is_the_true_loss():
    import sympy as sp
    ds = sp.symbols("d1:5")
    got = mod.naive_conditional_expectations(list(ds), sp.Rational(2, 7))
    assert all(sp.simplify(v - sum(ds) / 4) == 0 for v in got.values())
