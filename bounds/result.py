"""The one result type every closed-form bound returns, and the shared input checks.

A bound function takes an instance and a horizon ``n`` and returns a
:class:`BoundResult`: the value of the parts of the bound that are known at ``n``,
the coefficient of ``log n`` separately, the names of the constants the source
leaves unspecified (DCM's ``C_2(ε)``, ``β(ε)``; PBM-UCB's ``C_0(ε)``; lower-order
KL-UCB terms), which are never invented, and whether the comparison with the
empirical regret must therefore be asymptotic (slope against ``log n``) rather
than finite-time (the curve under the bound at every checkpoint).

Validation follows the click models' rule (docs/conventions.md) ("bad input → a clear ``ValueError`` naming the
parameter and the value; nothing is silently clipped").
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import numpy as np

KINDS = ("upper", "lower")


@dataclass(frozen=True)
class BoundResult:
    """A regret bound evaluated on one instance at one horizon.

    Attributes
    ----------
    theorem_id : str
        claim ID of the bound (``"DCM-T1"``, ``"UCB1-BOUND/as-printed"``, ...).
    source : str
        Source file and location (``"000_0b27131c69d8f24c.txt, 定理1"``).
    kind : {"upper", "lower"}
        Upper bounds hold for one algorithm; lower bounds for every (strongly)
        consistent algorithm.
    n : int
        Horizon the value was computed at.
    value : float
        The known part of the bound at ``n`` (omitted constants excluded; for an
        asymptotic ``liminf``/``limsup`` statement, ``log_coefficient · log n``).
    log_coefficient : float
        Coefficient of ``log n`` (``+inf`` when the bound as printed is vacuous).
    asymptotic : bool
        True when the bound has unknown constants or is a limit statement: the
        comparison then uses the empirical slope against ``log n``, never the value.
    omitted : tuple of str
        Constants or terms the source leaves unspecified and this result omits.
    notes : tuple of str
        Conventions, errata and caveats a reader of the number must know.
    details : mapping
        Intermediate quantities (chosen ``d``, per-term decomposition, α, ...).
    """

    theorem_id: str
    source: str
    kind: str
    n: int
    value: float
    log_coefficient: float
    asymptotic: bool
    omitted: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        object.__setattr__(self, "details", MappingProxyType(dict(self.details)))


# ---------------------------------------------------------------- validation


def check_probabilities(name: str, x: Sequence[float], *, open_low: bool = False) -> np.ndarray:
    """A non-empty 1-D float vector in [0, 1] (or (0, 1] with ``open_low``); never clipped."""
    arr = np.asarray(x, dtype=float)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D sequence, got {x!r}")
    lo_bad = arr <= 0 if open_low else arr < 0
    if np.any(np.isnan(arr) | lo_bad | (arr > 1)):
        rng = "(0, 1]" if open_low else "[0, 1]"
        raise ValueError(f"{name} must lie in {rng}, got {x!r}")
    return arr


def check_prob(name: str, x: float, *, open_low: bool = False, open_high: bool = False) -> float:
    """A scalar probability; the open ends exclude 0 and/or 1."""
    xf = float(x)
    if math.isnan(xf) or xf < 0 or xf > 1 or (open_low and xf == 0) or (open_high and xf == 1):
        lo = "(" if open_low else "["
        hi = ")" if open_high else "]"
        raise ValueError(f"{name} must lie in {lo}0, 1{hi}, got {x!r}")
    return xf


def check_int(name: str, x: Any, lo: int, hi: int | None = None) -> int:
    """An integer in ``[lo, hi]`` (bools and non-integral floats rejected)."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got {x!r}")
    xi = int(x)
    if xi < lo or (hi is not None and xi > hi):
        rng = f">= {lo}" if hi is None else f"in [{lo}, {hi}]"
        raise ValueError(f"{name} must be {rng}, got {x!r}")
    return xi


def check_nonneg(name: str, x: float) -> float:
    xf = float(x)
    if math.isnan(xf) or xf < 0 or math.isinf(xf):
        raise ValueError(f"{name} must be a finite number >= 0, got {x!r}")
    return xf


def check_nonincreasing(name: str, x: np.ndarray) -> None:
    if np.any(np.diff(x) > 0):
        raise ValueError(f"{name} must be non-increasing, got {x.tolist()!r}")
