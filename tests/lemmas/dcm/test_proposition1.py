"""DCM-P1/more-data and DCM-BLB (lemmas/dcm/proposition1.py; source ``000_0b27131c69d8f24c.txt``, 命題1 and
定義 [DCMにおける BLB 問題]): the z3 proof covers every K and has teeth, the BLB proof is symbolic in K and m,
and the helpers behave as the slides say."""
from fractions import Fraction

import pytest
from catalogue_kit import verdict

from clickbound import lemmas
from clickbound.lemmas.dcm import proposition1 as p1


def test_p1_more_data_scope_every_K_by_z3_with_the_enumerated_range_named():
    v = verdict("DCM-P1/more-data")
    assert v.scope == "all"
    steps = v.evidence["proof"]["steps"]
    assert sum(s["checked"].startswith("z3 unsat") for s in steps) == 2  # containment, equality on ≤ 1 click
    assert any(s["checked"].startswith("z3 sat") for s in steps)      # the hypotheses are not vacuous
    assert v.evidence["enumeration"]["K"] == f"1..{p1.MAX_K_ENUMERATED}"  # the cross-check says its K range


def test_p1_z3_proof_has_teeth():
    # the z3 steps fail if the claim is wrong: e.g. "C_last ≤ C_first" is not provable
    import z3
    K, f, l, j = z3.Ints("K f l j")
    c = z3.Function("c", z3.IntSort(), z3.BoolSort())
    s = z3.Solver()
    s.add(1 <= f, f <= K, c(f), z3.ForAll([j], z3.Implies(z3.And(1 <= j, j < f), z3.Not(c(j)))),
          1 <= l, l <= K, c(l), z3.ForAll([j], z3.Implies(z3.And(l < j, j <= K), z3.Not(c(j)))), l > f)
    assert s.check() == z3.sat


def test_blb_proved_for_every_instance_not_only_the_brute_forced_ones():
    v = verdict("DCM-BLB")
    assert v.scope == "all"
    assert "γp < 1" in lemmas.get("DCM-BLB").statement_text
    assert v.evidence["brute_force"]["instances"] == len(p1.BLB_SIZES) * len(p1.BLB_PARAMS)
    steps = [s["step"] for s in v.evidence["proof"]["steps"]]
    assert any("symbolic K, m" in s for s in steps) and any("geometric sum" in s for s in steps)


def test_blb_needs_gamma_p_below_one():
    # at γ = p = 1 a list showing one item of [K] is already optimal: why the statement assumes γp < 1
    L, K, p, d, g = 3, 2, Fraction(1), Fraction(1, 2), Fraction(1)
    w, v = p1.blb_instance(L, K, p, d, g)
    from clickbound.bounds.click import dcm_reward
    assert dcm_reward((0, 2), w, v) == 1 - (1 - g * p) ** K


@pytest.mark.parametrize("c,dcm,cas", [((0, 0, 0), 3, 3), ((1, 0, 0), 1, 1), ((0, 1, 0), 2, 2),
                                        ((1, 0, 1), 3, 1), ((0, 1, 1), 3, 2), ((1, 1, 0), 2, 1)])


def test_update_positions(c, dcm, cas):
    assert list(p1.dcm_update_positions(c)) == list(range(dcm))
    assert list(p1.cascade_update_positions(c)) == list(range(cas))


def test_blb_instance_validation():
    with pytest.raises(ValueError, match="K < L"):
        p1.blb_instance(3, 3, Fraction(1, 5), Fraction(1, 10), Fraction(1))
    with pytest.raises(ValueError, match="delta"):
        p1.blb_instance(4, 2, Fraction(1, 5), Fraction(3, 10), Fraction(1))
