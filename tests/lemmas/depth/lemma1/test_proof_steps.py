"""OD-L1 proof steps (source 001_eb740855b56fcd8b.txt, 補題 1, Proof): the union-bound steps."""
import pytest

from clickbound import lemmas

IDS = ["OD-L1/union-bound"]


@pytest.mark.parametrize("cid", IDS)
def test_comes_out_as_registered(cid):
    assert lemmas.check(lemmas.get(cid), budget_s=20).matches_expectation
