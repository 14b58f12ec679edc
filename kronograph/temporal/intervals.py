"""Half-open interval predicates on the two time axes.

Valid time: true at ``t`` when ``valid_from <= t < valid_until`` (open end: still true).
Transaction time: believed at ``T`` when ``recorded_at <= T < retracted_at``.
"""

from __future__ import annotations

from datetime import datetime


def within(start: datetime | None, end: datetime | None, t: datetime) -> bool:
    """True when ``t`` lies in ``[start, end)``; ``None`` bounds are unbounded."""
    return (start is None or start <= t) and (end is None or t < end)
