"""Parameter checks shared by the policies (``_``-prefixed: the registry scan skips it)."""
from __future__ import annotations

import math


def check_LK(L, K):
    """Validate the problem size; returns ``(int(L), int(K))``."""
    if isinstance(L, bool) or int(L) != L or L < 1:
        raise ValueError(f"L (number of items) must be a positive integer, got {L!r}")
    if isinstance(K, bool) or int(K) != K or K < 1:
        raise ValueError(f"K (list length) must be a positive integer, got {K!r}")
    if K > L:
        raise ValueError(f"K (list length) must be <= L (items), got K={K}, L={L}")
    return int(L), int(K)


def check_positive(name, value, strict=True):
    """Finite real > 0 (or >= 0 when ``strict`` is False); returns ``float(value)``."""
    v = float(value)
    if not math.isfinite(v) or (v <= 0 if strict else v < 0):
        bound = "> 0" if strict else ">= 0"
        raise ValueError(f"{name} must be a finite number {bound}, got {value!r}")
    return v


def reject_unknown(name, params, allowed):
    """``ValueError`` naming any parameter not in ``allowed``."""
    bad = sorted(set(params) - set(allowed))
    if bad:
        raise ValueError(f"{name} got unknown parameter(s) {bad}; it accepts {sorted(allowed)}")


def ucb_alpha(name, params):
    """The UCB-type policies' one parameter ``alpha`` (> 0; default 0.5, source 001 §6.3's experiments)."""
    reject_unknown(name, params, ("alpha",))
    return check_positive("alpha", params.get("alpha", 0.5))


def beta_prior(params, at_least_one=False):
    """``(a0, b0)`` from ``params`` (default Beta(1, 1), the policy conventions); > 0, or >= 1 when asked."""
    out = []
    for key in ("a0", "b0"):
        raw = params.get(key, 1.0)
        v = float(raw)
        ok = math.isfinite(v) and (v >= 1.0 if at_least_one else v > 0.0)
        if not ok:
            need = ">= 1 (log-concave posterior)" if at_least_one else "> 0"
            raise ValueError(f"{key} must be a finite number {need}, got {raw!r}")
        out.append(v)
    return out[0], out[1]
