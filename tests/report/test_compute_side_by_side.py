"""Sections computed side by side in forked workers give the data they give one after another.

Two synthetic sections are registered for the test: one draws from its own seeded stream and records
the process it ran in, one raises.  With two workers they run in other processes; the data, the
"failed" entry and the order of the sections in results.json are those of the in-order run.
"""
import os

import numpy as np
import pytest

from clickbound.report import compute as cp
from clickbound.report.sections import _SECTIONS, ComputeContext, Section, register_section


def _draw(ctx):
    rng = np.random.default_rng(np.random.SeedSequence([ctx.seed, 7]))
    return {"x": rng.random(5).tolist(), "pid": os.getpid()}


def _boom(ctx):
    raise RuntimeError("boom")


@pytest.fixture
def synthetic_sections():
    added = [register_section(Section(name="zz_side_draw", title="draw", order=9_000, compute=_draw,
                                      render=lambda d, r: [])),
             register_section(Section(name="zz_side_boom", title="boom", order=9_001, compute=_boom,
                                      render=lambda d, r: []))]
    yield [s.name for s in added]
    for s in added:
        _SECTIONS.pop(s.name, None)


def test_side_by_side_equals_in_order(synthetic_sections, tmp_path):
    only = tuple(synthetic_sections)
    one = cp.compute(ComputeContext(profile="dev", progress=False, only=only, workers=1, cache_dir=tmp_path))
    two = cp.compute(ComputeContext(profile="dev", progress=False, only=only, workers=2, cache_dir=tmp_path))
    a, b = one["sections"], two["sections"]
    assert list(a) == list(b) == list(only)
    assert a["zz_side_draw"]["data"]["x"] == b["zz_side_draw"]["data"]["x"]
    assert a["zz_side_draw"]["data"]["pid"] == os.getpid()          # in order: this process
    assert b["zz_side_draw"]["data"]["pid"] != os.getpid()          # side by side: a worker
    assert a["zz_side_boom"]["status"] == b["zz_side_boom"]["status"] == "failed"
    assert "RuntimeError: boom" in b["zz_side_boom"]["reason"]
    assert b["zz_side_draw"]["cpu_s"] >= 0.0


def test_in_order_sections_stay_in_this_process():
    # the sections that read the claims' verdicts or time the machine are never sent to a worker
    assert {"claims", "errata", "sources", "exact_analysis", "exp_blog_timing"} <= cp.IN_ORDER
