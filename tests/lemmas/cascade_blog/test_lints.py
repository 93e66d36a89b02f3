"""lemmas/cascade_blog/lints.py (source 004, CascadeLinTS): the port's Sherman–Morrison line, by hand."""


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
