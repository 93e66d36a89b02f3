"""``python -O`` changes no verdict.

``-O`` strips ``assert`` statements; a proof step written as a bare ``assert`` would then be
skipped and a "proved" would rest on nothing (the catalogue uses
:func:`clickbound.lemmas.engine.require.require` instead).  This test decides every
:data:`STRIDE`-th catalogue claim and a few user-style claims twice, in a ``python -O``
subprocess and in this process, and asserts identical (status, scope, method) triples.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: every STRIDE-th catalogue claim (in catalogue order), so the test stays within seconds
STRIDE = 6
#: per-claim budget: generous, so that the amount of work, not the clock, bounds each check
BUDGET_S = 20.0

SCRIPT = r"""
import json, sys
import sympy as sp
from clickbound import lemmas
from clickbound.lemmas import Claim, check

x, y = sp.symbols("x y")
user = [
    Claim(id="U-AMGM", statement=sp.Ge((x + y) / 2, sp.sqrt(x * y)), domain={x: (0, 1), y: (0, 1)}),
    Claim(id="U-BAD", statement=sp.Le(x * y, sp.Rational(1, 2)), domain={x: (0, 1), y: (0, 1)}),
    Claim(id="U-UNDEF", statement=sp.Le(1 / x, 1 / x + 1), domain={x: (-1, 1)}),
]
claims = lemmas.catalogue()[::int(sys.argv[1])] + user
out = []
for c in claims:
    v = check(c, budget_s=float(sys.argv[2]))
    out.append([c.id, v.status, v.scope, v.method])
print(json.dumps(out))
"""


def _run(*flags) -> list:
    proc = subprocess.run([sys.executable, *flags, "-c", SCRIPT, str(STRIDE), str(BUDGET_S)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_python_O_changes_no_verdict():
    normal, optimised = _run(), _run("-O")
    assert len(normal) >= 25
    assert optimised == normal
