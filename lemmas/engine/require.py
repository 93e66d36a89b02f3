"""``require``: a proof step's check that survives ``python -O``.

Proof code must never use bare ``assert`` (``-O`` strips it, and a "proved" would then rest
on unchecked steps).  ``require`` raises :class:`StepFailed`, an ``AssertionError`` subclass,
so callers that treat ``AssertionError`` as "this derivation step failed" keep working.
"""
from __future__ import annotations


class StepFailed(AssertionError):
    """A derivation or verification step did not hold."""


def require(condition, what: str = "") -> None:
    """Raise :class:`StepFailed` naming ``what`` unless ``condition`` is true."""
    if not condition:
        raise StepFailed(f"step fails: {what}" if what else "step fails")
