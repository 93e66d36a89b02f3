"""Fixtures of the report tests; the SYNTHETIC data itself is built in ``synthetic_fixtures.py``."""
from __future__ import annotations

import pytest
from synthetic_fixtures import synthetic_results


@pytest.fixture
def synthetic():
    return synthetic_results()
