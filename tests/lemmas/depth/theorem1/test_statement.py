"""OD-T1's constant term and OD-VS-PBM (source 001_eb740855b56fcd8b.txt, 定理1, 注意1)."""
import pytest

from clickbound.lemmas.depth.theorem1 import statement as od


@pytest.mark.parametrize("shift,threshold", [(0, "1/2"), (1, "1")])
def test_convergence_threshold_recorded(shift, threshold):
    proof = od.constant_term_proof(shift)
    assert f"finite iff α > {threshold}" in proof.summary


def test_ratio_steps_cover_every_named_P():
    text = " ".join(d for d, _ in od.ratio_proof().steps)
    for name in ("shallow", "deep", "recgaze"):
        assert name in text
