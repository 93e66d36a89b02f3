"""lemmas/lecture/dueling.py (source 003, 'Dueling bandits'): the team-pattern laws behind DUEL-TDI/alternation."""


def test_team_pattern_laws_sum_to_one():
    from fractions import Fraction

    from clickbound.lemmas.lecture.dueling import _team_patterns

    for each in (True, False):
        for picks in (1, 2, 3, 4, 5):
            assert sum(_team_patterns(each, picks).values()) == Fraction(1)
    assert set(_team_patterns(False, 4)) == {"ABAB", "BABA"}
