"""Shared pytest settings: ``@pytest.mark.slow`` tests run only with ``--run-slow``.

Verdicts do not depend on whether ``coqc`` is installed: ``CLICKBOUND_KERNEL=0`` keeps
``lemmas.check`` from promoting an argued catalogue proof to ``proved`` through a Coq kernel proof
(the proofs tests turn it on where they test exactly that).
"""
import os

import pytest

os.environ.setdefault("CLICKBOUND_KERNEL", "0")


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run tests marked slow (make test passes it; make test-fast does not)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow (make test)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
