"""lemmas/dcm/model.py (source ``000_0b27131c69d8f24c.txt``, 問題設定): the simulated DCM round agrees with
bounds.click's reward."""
from clickbound.lemmas.dcm import model as mod


def test_dcm_round_agrees_with_bounds_click_reward():
    # independent route: bounds.click.dcm_reward is f(A, w, v); on 0/1 inputs it is the satisfaction indicator
    import itertools

    from clickbound.bounds.click import dcm_reward
    for wv in itertools.product((0, 1), repeat=6):
        w, v = wv[:3], wv[3:]
        assert mod.dcm_round(w, v)[2] == dcm_reward((0, 1, 2), list(w), list(v))
