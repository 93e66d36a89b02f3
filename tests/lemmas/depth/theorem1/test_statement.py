"""OD-T1's constant term and OD-VS-PBM (source 001_eb740855b56fcd8b.txt, 定理1, 注意1)."""
import pytest

from clickbound import lemmas
from clickbound.lemmas.depth.theorem1 import statement as od


@pytest.mark.parametrize("cid", ["OD-T1/constant-term", "OD-T1/constant-term-repaired",
                                 "OD-VS-PBM", "OD-VS-PBM/repaired-alpha"])
def test_proved(cid):
    v = lemmas.check(lemmas.get(cid), budget_s=10)
    assert v.status == "proved" and v.scope == "all"  # symbolic in α, ε, K, L, P_K


@pytest.mark.parametrize("shift,threshold", [(0, "1/2"), (1, "1")])
def test_convergence_threshold_recorded(shift, threshold):
    proof = od.constant_term_proof(shift)
    assert f"finite iff α > {threshold}" in proof.summary


def test_ratio_steps_cover_every_named_P():
    text = " ".join(d for d, _ in od.ratio_proof().steps)
    for name in ("shallow", "deep", "recgaze"):
        assert name in text
