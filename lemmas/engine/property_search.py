"""Property search (method 3): exact rational examples, boundaries drawn on purpose.

Two deterministic phases, each stopping early at the deadline:

1. **Corners**: every vertex of the box (up to ``2**CORNER_ENUM_MAX_VARS`` of them; a
   seeded random subset beyond), repaired onto the linear assumptions
   (:mod:`clickbound.lemmas.engine.sampling`) — a claim false only at a corner is caught here.
2. **Hypothesis**: ``@given(st.data())`` with ``database=None``, a fixed ``@seed`` and
   ``deadline=None``.  Each variable is drawn, in symbol order, from
   ``{lo, hi, midpoint, a value already drawn for another variable}`` or a
   ``st.fractions`` value inside the interval the linear assumptions leave — so
   ``x == y`` edges and chains like ``c1 >= c2 >= c3`` are hit on purpose.  Non-linear
   assumptions are filtered (``reject``).  A violation is shrunk by hypothesis.

Screening is exact for rational statements (:func:`clickbound.lemmas.engine.exact.compile_exact`)
and mpmath at :data:`~clickbound.lemmas.engine.exact.MP_DIGITS` digits otherwise; every candidate
is then re-verified by :func:`clickbound.lemmas.engine.exact.verify_counterexample`.
"""
from __future__ import annotations

import contextlib
import itertools
import math
import os
import pathlib
import time
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import seed as hyp_seed
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException

from clickbound.lemmas.engine.exact import (
    MP_DIGITS,
    NONPOLY_MARGIN,
    NotRational,
    compile_exact,
    relation_status,
    to_rational,
    verify_counterexample,
)

# All 2^n corners are enumerated up to this many variables; beyond, a random subset.
CORNER_ENUM_MAX_VARS = 10
# Random corners examined when there are too many to enumerate.
CORNER_SAMPLE = 1024
# Grid of the "uniform" draws: lo + (hi - lo) k / UNIFORM_STEPS (2^20: fine enough for
# exact search, and k shrinks towards simple fractions).
UNIFORM_STEPS = 2**20
# Float screen: a relation whose float value exceeds this clearly holds, so the exact
# evaluation is skipped.  Only ever skips work: a refutation is always decided exactly.
FLOAT_CLEAR = 1e-9


def _float_fn(symbols, expr):
    """A float evaluator for screening (``math``, else scipy/numpy for special functions)."""
    for modules in ("math", ["scipy", "numpy"]):
        try:
            return sp.lambdify(symbols, expr, modules=modules)
        except Exception:  # noqa: BLE001, S112 - a printer that cannot write it: try the next
            continue
    return lambda *a: float("nan")


class Screen:
    """Fast violation test at a rational point (exact, or mpmath with margin)."""

    def __init__(self, prep, floats=True):
        """``floats=False``: no float screen (it only skips work; lambdify of a large statement
        can take longer than the exact checks it would save)."""
        self.prep = prep
        rels = (prep.statement, *prep.assumptions)
        try:
            self.fns = [compile_exact(r.g, prep.symbols) for r in rels]
            self.exact = True
        except NotRational:
            self.fns = [sp.lambdify(prep.symbols, r.g, modules="mpmath") for r in rels]
            self.exact = False
        nan = lambda *a: float("nan")  # noqa: E731
        self.floats = [_float_fn(prep.symbols, r.g) if floats else nan for r in rels]
        self.kinds = [r.kind for r in rels]
        self.margin = mpmath.mpf(NONPOLY_MARGIN.p) / NONPOLY_MARGIN.q

    def _value(self, k, values):
        if self.exact:
            return self.fns[k](values)
        with mpmath.workdps(MP_DIGITS):
            v = self.fns[k](*[mpmath.mpf(x.numerator) / x.denominator for x in values])
            if isinstance(v, mpmath.mpc):
                if abs(v.imag) > 0:
                    raise ValueError("non-real value")
                v = v.real
            return v

    def _holds(self, kind, v):
        if self.exact:
            return {"ge": v >= 0, "gt": v > 0, "eq": v == 0, "ne": v != 0}[kind]
        m = self.margin
        return {"ge": v >= m, "gt": v >= m, "eq": False, "ne": abs(v) >= m}[kind]

    def _violated(self, kind, v):
        if self.exact:
            return not self._holds(kind, v)
        m = self.margin
        return {"ge": v <= -m, "gt": v <= -m, "eq": abs(v) >= m, "ne": False}[kind]

    def _float(self, k, values):
        """Float value of relation ``k`` (nan where it fails) — a screen only."""
        try:
            return float(self.floats[k](*[float(v) for v in values]))
        except Exception:  # noqa: BLE001 - a screen only: any failure sends the point to the exact check
            return float("nan")

    def _float_decides(self, k, values):
        """True/False when the float value is clearly on one side, else None (go exact)."""
        if self.kinds[k] not in ("ge", "gt"):
            return None
        fv = self._float(k, values)
        if fv > FLOAT_CLEAR:
            return True
        if fv < -FLOAT_CLEAR and k > 0:
            return False  # an assumption clearly fails: skipping the point can only lose search
        return None

    def feasible(self, values) -> bool:
        for i, k in enumerate(self.kinds):
            if i == 0:
                continue
            quick = self._float_decides(i, values)
            if quick is not None:
                if not quick:
                    return False
                continue
            try:
                v = self._value(i, values)
            except Exception:  # noqa: BLE001 - screening only: an unevaluable point is skipped
                return False
            if not self.exact and abs(v) < self.margin:
                # too close to call in mpmath: sympy decides (exact zeros, tiny rationals)
                if relation_status(self.prep.assumptions[i - 1], self._point(values)) != "holds":
                    return False
            elif not self._holds(k, v):
                return False
        return True

    def _point(self, values):
        return {s: to_rational(v) for s, v in zip(self.prep.symbols, values)}

    def float_value(self, values) -> float:
        """The statement's ``g`` in floats (for the search record only)."""
        return self._float(0, values)

    def violation(self, values):
        """``None`` if not a (screened) violation, else the statement's ``g`` value."""
        if self._float_decides(0, values):
            return None
        try:
            v = self._value(0, values)
        except Exception:  # noqa: BLE001 - screening only: the exact check decides, never this
            return None
        if not self.exact and abs(v) < self.margin:
            # too close to call in mpmath (e.g. an exact 0 on a diagonal): let sympy decide
            return v if relation_status(self.prep.statement, self._point(values)) == "violated" else None
        return v if self._violated(self.kinds[0], v) else None


def _verify(prep, values):
    return verify_counterexample(prep, dict(zip(prep.symbols, values)))


def corner_phase(prep, sampler, screen, deadline, rng, max_corners=None):
    """Check box vertices (repaired onto linear assumptions), at most ``max_corners`` of them
    (all up to :data:`CORNER_ENUM_MAX_VARS` variables by default). Returns (report|None, count)."""
    n = prep.n
    enum_vars = CORNER_ENUM_MAX_VARS if max_corners is None else min(CORNER_ENUM_MAX_VARS, max_corners.bit_length() - 1)
    if n <= enum_vars:
        corners = itertools.product((0, 1), repeat=n)
    else:
        size = CORNER_SAMPLE if max_corners is None else max_corners
        # the all-lo and all-hi corners first, then random ones
        corners = itertools.chain(((0,) * n, (1,) * n),
                                  (tuple(row) for row in rng.integers(0, 2, size=(max(0, size - 2), n))))
    count = 0
    for bits in corners:
        if time.perf_counter() > deadline:
            break
        raw = [sampler.hi[i] if b else sampler.lo[i] for i, b in enumerate(bits)]
        pt = sampler.repair(raw)
        count += 1
        if pt is None or not screen.feasible(pt):
            continue
        if screen.violation(pt) is not None:
            rep = _verify(prep, pt)
            if rep is not None:
                return rep, count
    return None, count


class _Deadline(BaseException):
    """Raised inside the hypothesis test at the time cap: a BaseException so hypothesis
    does not treat it as a failing example to shrink, and stops at once."""


def _decode(sampler, n, genes):
    """Map hypothesis' integer genes to a point: per variable ``(mode, k)`` with mode
    0 = lo, 1 = hi, 2 = midpoint, 3 = a value already drawn (``x == y`` edges),
    4 = ``lo + (hi - lo) k / UNIFORM_STEPS``.  Returns None when an interval is empty."""
    values: list = []
    for i in range(n):
        lo, hi = sampler.interval(i, values)
        if lo > hi:
            return None
        mode, k = genes[i]
        if mode == 0:
            v = lo
        elif mode == 1:
            v = hi
        elif mode == 2:
            v = (lo + hi) / 2
        elif mode == 3:
            inside = [u for u in values if lo <= u <= hi]
            v = inside[k % len(inside)] if inside else lo + (hi - lo) * Fraction(k, UNIFORM_STEPS)
        else:
            v = lo + (hi - lo) * Fraction(k, UNIFORM_STEPS)
        values.append(v)
    return values


def hypothesis_store() -> pathlib.Path:
    """Where hypothesis may write (its constants cache; the search keeps no example database):
    ``<cache root>/hypothesis``, the project's cache root being ``$CLICKBOUND_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/clickbound``, else ``~/.cache/clickbound`` (the rule of
    ``clickbound.bounds.jitcache.cache_root``, not imported here: importing ``clickbound.bounds``
    loads numba).  Never the current directory."""
    env = os.environ.get("CLICKBOUND_CACHE_DIR")
    if env:
        return pathlib.Path(env) / "hypothesis"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (pathlib.Path(xdg) if xdg else pathlib.Path.home() / ".cache") / "clickbound" / "hypothesis"


@contextlib.contextmanager
def _hypothesis_home():
    """Point hypothesis' storage at :func:`hypothesis_store` for the search (unless the user set
    ``HYPOTHESIS_STORAGE_DIRECTORY``), and put back what was there."""
    from hypothesis import configuration

    old = getattr(configuration, "__hypothesis_home_directory", None)
    if old is None and not os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        configuration.set_hypothesis_home_dir(hypothesis_store())
    try:
        yield
    finally:
        configuration.set_hypothesis_home_dir(old)


def hypothesis_phase(prep, sampler, screen, max_examples, deadline, seed):
    """Run hypothesis; returns ``(report|None, stats)``."""
    n = prep.n
    found: list = []
    stats = {"examples_run": 0, "feasible_examples": 0}
    best = [None]
    first_feasible: list = []
    gene = st.tuples(st.integers(0, 4), st.integers(0, UNIFORM_STEPS))

    @settings(max_examples=max_examples, database=None, deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink],
              report_multiple_bugs=False, print_blob=False)
    @hyp_seed(seed)
    @given(st.tuples(*([gene] * n)))
    def probe(genes):
        if time.perf_counter() > deadline:
            raise _Deadline()
        stats["examples_run"] += 1
        values = _decode(sampler, n, genes)
        if values is None or not screen.feasible(values):
            reject()
        stats["feasible_examples"] += 1
        if not first_feasible:
            first_feasible.append(list(values))
        g = screen.float_value(values)
        if not math.isnan(g) and (best[0] is None or g < best[0]):
            best[0] = g
        if screen.violation(values) is not None and _verify(prep, values) is not None:
            found.append(list(values))
            raise AssertionError("counterexample")

    if time.perf_counter() > deadline:
        return None, stats
    try:
        with _hypothesis_home():
            probe()
    except AssertionError:
        pass
    except _Deadline:
        stats["stopped_at_deadline"] = True
    except HypothesisException as exc:  # Unsatisfiable (no feasible draw) or a flaky replay at the deadline
        stats["hypothesis_stopped"] = type(exc).__name__
    if best[0] is not None:
        stats["least_float_slack"] = best[0]
    if first_feasible:
        # keyed by the claim's labels, in symbol order (labels are distinct even when names clash)
        stats["first_feasible_point"] = {lab: str(v) for lab, v in zip(prep.labels, first_feasible[0])}
    for values in reversed(found):  # the last one is hypothesis' shrunk example
        rep = _verify(prep, values)
        if rep is not None:
            return rep, stats
    return None, stats


def property_search(prep, sampler, max_examples, deadline, seed):
    """Both phases; returns ``(report|None, evidence dict)``."""
    t0 = time.perf_counter()
    screen = Screen(prep)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 3]))
    rep, n_corners = corner_phase(prep, sampler, screen, deadline, rng)
    ev = {"corners_checked": n_corners, "screening": "exact rationals" if screen.exact else
          f"mpmath {MP_DIGITS} digits"}
    if rep is not None:
        ev["phase"] = "corners"
        ev["time_s"] = round(time.perf_counter() - t0, 4)
        return rep, ev
    rep, stats = hypothesis_phase(prep, sampler, screen, max_examples, deadline, seed)
    ev.update(stats)
    ev["max_examples"] = max_examples
    ev["time_s"] = round(time.perf_counter() - t0, 4)
    if rep is not None:
        ev["phase"] = "hypothesis (shrunk)"
    elif time.perf_counter() > deadline:
        ev["stopped_early"] = "time cap reached"
    return rep, ev

