"""bounds/gittins.py: certified brackets of the Gittins index (source 003)."""
from fractions import Fraction

import numpy as np
import pytest

from clickbound.bounds.gittins import continue_bounds, depth_for, index_bracket, index_table

#: Gittins index of Beta(1, 1) at λ = 0.9 in the published tables (Gittins, Glazebrook & Weber 2011), as
#: recalled to 4 digits: 0.7029
TABLE_B11_09 = 0.7029


def test_known_value_and_width():
    lo, hi = index_bracket(1, 1, 0.9)
    assert hi - lo <= 1e-9 and round((lo + hi) / 2, 4) == TABLE_B11_09


def test_bracket_decides_the_calibration_exactly():
    # the exact stopping-rule certificate of lemmas/lecture/smab.py: ν(Beta(1,1)) > 11/20 at λ = 9/10
    lo, _ = index_bracket(1, 1, 0.9)
    assert lo > float(Fraction(11, 20))


@pytest.mark.parametrize("lam", [0.3, 0.7, 0.9])
def test_index_above_mean_and_monotone_in_counts(lam):
    lo, hi = index_table(lam, depth=12, tol=1e-8)
    for s in range(12):
        for f in range(12 - s):
            mean = (1 + s) / (2 + s + f)
            assert lo[s, f] >= mean - 1e-12 and hi[s, f] <= 1.0
            assert hi[s, f] - lo[s, f] <= 1e-8
            assert lo[s + 1, f] >= hi[s, f] - 1e-12   # a success raises the index
            assert hi[s, f + 1] <= lo[s, f] + 1e-12   # a failure lowers it


def test_continue_bounds_bracket_and_shrink():
    buf1, buf2 = np.empty(400), np.empty(400)
    widths = []
    for D in (5, 20, 80):
        lo, hi = continue_bounds(2.0, 3.0, 0.5, 0.8, D, buf1, buf2)
        assert lo <= hi
        widths.append(hi - lo)
        assert hi - lo <= 0.8 ** D / 0.2 + 1e-12
    assert widths[0] > widths[1] > widths[2]


def test_bad_input():
    with pytest.raises(ValueError):
        index_bracket(1, 1, 1.0)
    with pytest.raises(ValueError):
        index_bracket(0, 1, 0.9)
    with pytest.raises(ValueError):
        depth_for(0.9, 0.0)
