"""OD-L2 (source 001_eb740855b56fcd8b.txt, 補題 2): the as-printed event index is refuted, the repair proved."""
import pytest

from clickbound.lemmas.depth import lemma2 as od


def test_replay_is_the_run_the_counterexample_names():
    log, (n, s), shown, click = od.replay()
    assert (n, s, shown, click) == ((5, 15), (1, 8), 1, 0)
    assert len(log) == od.ROUND and log[0] == (1, 0, 0)  # t = 1: the only tie, lowest index


def test_replay_needs_the_stacks_it_names():
    with pytest.raises(AssertionError, match="exhausted"):
        od.replay(stacks=("00", "11"), rounds=od.ROUND)
