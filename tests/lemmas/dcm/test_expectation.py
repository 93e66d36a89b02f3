"""DCM-EXP (lemmas/dcm/expectation.py; source ``000_0b27131c69d8f24c.txt``, CM-DCM and 定理1 proof): the
enumerated expectation agrees with an outcome sum written out independently."""
from fractions import Fraction

import pytest
import sympy as sp

from clickbound.lemmas.dcm import expectation as dcm_expectation


def _f2(w, v):
    """DCM reward of the list (item 1, item 2), 1 - (1 - v_1 w_1)(1 - v_2 w_2), written out in Fractions."""
    return 1 - (1 - Fraction(v[0]) * Fraction(w[0])) * (1 - Fraction(v[1]) * Fraction(w[1]))


def test_exp_enumeration_matches_independent_sum():
    # K = 2 at a rational point, outcome sum written out directly.
    wb, vb = [Fraction(1, 3), Fraction(3, 4)], [Fraction(1, 2), Fraction(2, 5)]
    total = Fraction(0)
    for w1 in (0, 1):
        for w2 in (0, 1):
            for v1 in (0, 1):
                for v2 in (0, 1):
                    pr = Fraction(1)
                    for b, m in ((w1, wb[0]), (w2, wb[1]), (v1, vb[0]), (v2, vb[1])):
                        pr *= m if b else 1 - m
                    total += pr * _f2([w1, w2], [v1, v2])
    assert total == _f2(wb, vb)
    c = dcm_expectation.exp_claim(2)
    pt = dict(zip(sp.symbols("wb1 wb2 vb1 vb2", real=True), map(sp.Rational, (*wb, *vb))))
    assert c.statement.lhs.subs(pt) == sp.Rational(total)


def test_bad_variant_is_a_value_error():
    with pytest.raises(ValueError, match="variant"):
        dcm_expectation.exp_claim(2, "nope")
