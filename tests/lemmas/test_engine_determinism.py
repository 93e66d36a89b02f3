"""Determinism: the same claim and seed give the same verdict and the same search record.

The engine's contract ("Results must be deterministic for a given seed"); randomness enters only
through the ``seed`` (hypothesis ``@seed``, ``numpy.random.SeedSequence``).  The survived
claim is Pinsker's inequality (``bounds/kl.py``), whose record exercises every search.
"""
import pytest
import sympy as sp

from clickbound.bounds.kl import kl_sym
from clickbound.lemmas import Claim, check

p, q, x, y = sp.symbols("p q x y", real=True)
EDGE = sp.Rational(1, 100)
KL_BOX = {p: (EDGE, 1 - EDGE), q: (EDGE, 1 - EDGE)}

DET_REFUTED = Claim(id="DET-R", statement=sp.Gt((sp.exp(x) - sp.exp(y)) ** 2 + x * y, 0),
                    domain={x: (0, 1), y: (0, 1)})
DET_SURVIVED = Claim(id="DET-S", statement=sp.Ge(kl_sym(p, q), 2 * (p - q) ** 2), domain=KL_BOX)


@pytest.mark.parametrize("seed", [7])
def test_survived_record_is_deterministic_for_a_seed(seed):
    def strip(d):  # wall-clock entries are the only ones allowed to differ
        if isinstance(d, dict):
            return {k: strip(v) for k, v in d.items() if k not in ("time_s", "summary")}
        return d

    a, b = check(DET_SURVIVED, budget_s=10.0, seed=seed), check(DET_SURVIVED, budget_s=10.0, seed=seed)
    assert a.status == b.status == "survived"
    assert strip(a.as_dict()["evidence"]) == strip(b.as_dict()["evidence"])
    assert a.evidence["property-search"]["examples_run"] > 0


@pytest.mark.parametrize("seed", [0, 7])
def test_results_are_deterministic_for_a_seed(seed):
    c = DET_REFUTED

    def strip(d):  # wall-clock entries are the only ones allowed to differ
        if isinstance(d, dict):
            return {k: strip(v) for k, v in d.items() if k not in ("time_s", "summary")}
        return d

    a, b = check(c, budget_s=10.0, seed=seed), check(c, budget_s=10.0, seed=seed)
    assert a.status == "refuted" and a.counterexample[x] == 0  # x y = 0 and exp(x) = exp(y) need x = y = 0
    assert (a.status, a.method, a.counterexample) == (b.status, b.method, b.counterexample)
    assert strip(a.as_dict()["evidence"]) == strip(b.as_dict()["evidence"])
