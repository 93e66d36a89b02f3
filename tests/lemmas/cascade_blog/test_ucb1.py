"""lemmas/cascade_blog/ucb1.py (source 004, CascadeUCB1): what the port's observe() records, by hand."""


def test_port_observe_records_a_click_on_no_click_rounds():
    from clickbound.lemmas.cascade_blog.ucb1 import display_samples, recorded_samples

    # hand check: list (0, 1, 2), nothing clicked: the port records (0, 0, 1), the display (0, 0, 0)
    assert recorded_samples((0, 1, 2), -1) == {1: 0, 2: 0, 3: 1}
    assert display_samples(3, -1) == {1: 0, 2: 0, 3: 0}
    # a click at position 2: both record (0, 1)
    assert recorded_samples((0, 1, 2), 2) == display_samples(3, 2) == {1: 0, 2: 1}
