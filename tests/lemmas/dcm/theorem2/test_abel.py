"""DCM-T2-ABEL (lemmas/dcm/theorem2/abel.py; source ``000_0b27131c69d8f24c.txt``, 定理2 proof): the instance
proof refuses the off-by-one right-hand side."""
import pytest

from clickbound.lemmas.dcm.theorem2 import abel as dcm_abel


def test_abel_instance_refuses_wrong_rhs():
    v, z = dcm_abel.vec("v", 3), dcm_abel.vec("z", 3)
    lhs = sum(a * b for a, b in zip(v, z))
    with pytest.raises(AssertionError, match="step failed"):
        dcm_abel.abel_instance_proof(3, lhs, dcm_abel.abel_rhs(v, z, inner_shift=1))
    assert dcm_abel.abel_instance_proof(3, lhs, dcm_abel.abel_rhs(v, z)).steps


def test_bad_variant_is_a_value_error():
    with pytest.raises(ValueError, match="variant"):
        dcm_abel.abel_claim(2, "nope")
