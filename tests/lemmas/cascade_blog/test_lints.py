"""Every claim of lemmas/cascade_blog/lints.py (source 004_d9477b3ebe233f80.txt) comes out as registered, the errata it
registers cite evidence that does too, and no proof step records a bare True."""
import pytest
from catalogue_kit import assert_as_registered, assert_errata_evidence, claims_by_id

from clickbound.lemmas.cascade_blog.lints import ERRATA, blog_lints_claims

_CLAIMS = claims_by_id(blog_lints_claims())


@pytest.mark.parametrize("cid", sorted(_CLAIMS))
def test_claim_comes_out_as_registered(cid):
    assert_as_registered(_CLAIMS[cid])


def test_errata_evidence_comes_out_as_registered():
    assert_errata_evidence(ERRATA, "004_d9477b3ebe233f80.txt")


def test_port_sm_line_inverts_exactly():
    from fractions import Fraction

    import numpy as np

    from clickbound.lemmas.cascade_blog.lints import CascadeLinTSAgent, _col

    # one observed item x = (1, 1), σ = 1: (I + xxᵀ)^(-1) = [[2/3, -1/3], [-1/3, 2/3]] (hand computation)
    ag = CascadeLinTSAgent(2, Fraction(1), [_col([1, 1]), _col([1, 0])])
    ag.observe([0, 1], 1)
    assert ag.InvM.tolist() == [[Fraction(2, 3), Fraction(-1, 3)], [Fraction(-1, 3), Fraction(2, 3)]]
    assert ag.B.ravel().tolist() == [1, 1]
    assert isinstance(ag.InvM, np.ndarray)
