"""lemmas/dcm/experiments.py (source ``000_0b27131c69d8f24c.txt``, 実験2): the example records in the slide's order."""
import pytest

from clickbound.lemmas.dcm import experiments as mod


def test_example_records_match_the_slide_order():
    # slide 実験2: First Click, (mislabelled) Last Click, RankedKL-UCB, dcmKL-UCB
    got = [mod.example_records(v) for v in ("first-click", "last-click", "ranked", "dcm")]
    assert tuple(got) == mod.SLIDE_RECORDS
    with pytest.raises(ValueError):
        mod.example_records("middle-click")
