"""lemmas/lecture/ranked_rba.py (source 003, Radlinski's ranked bandits): the marginal rewards of
RANKED-REWARD/marginal, by hand."""


def test_marginal_rewards_telescope_by_hand():
    from clickbound.lemmas.lecture.ranked_rba import coverage_indicator

    rel = (0, 1, 1)  # the user clicks position 2 only
    marg = [coverage_indicator(rel, i + 1) - coverage_indicator(rel, i) for i in range(3)]
    assert marg == [0, 1, 0] and sum(marg) == coverage_indicator(rel, 3) == 1
