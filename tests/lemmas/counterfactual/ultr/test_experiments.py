"""Claims of lemmas/counterfactual/ultr/experiments.py (source 002): the exact instances by hand."""
from fractions import Fraction

from clickbound.lemmas.counterfactual.ultr import experiments as mod


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
