"""The non-negativity certificates of lemmas/support/dcm_algebra.py, recorded through Derivation.certificate."""
import pytest
import sympy as sp

from clickbound.lemmas.support.dcm_algebra import Atom, nonneg_facts, vec
from clickbound.lemmas.support.kit import Derivation


def test_certificate_checker_refuses_unjustified_atom_and_wrong_sum():
    x, y = sp.symbols("x y", real=True)
    facts = nonneg_facts({x: (0, 1), y: (0, 1)}, [sp.Ge(x, y)])
    d = Derivation("certificates")
    d.certificate("ok", x - y, Atom(x - y), facts)
    assert d.steps == [("ok", "target == sum of products of atoms >= 0 (expand); atoms from: assumption x >= y")]
    with pytest.raises(AssertionError, match="not known"):
        d.certificate("bad atom", y - x, Atom(y - x), facts)
    with pytest.raises(AssertionError, match="step fails"):
        d.certificate("bad sum", 2 * (x - y), Atom(x - y), facts)
    assert len(d.steps) == 1  # a failing certificate records nothing


def test_vec_needs_a_positive_length():
    with pytest.raises(ValueError, match="K"):
        vec("x", 0)
