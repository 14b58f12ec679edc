"""Half-open interval predicates on the two time axes.

Valid time: true at ``t`` when ``valid_from <= t < valid_until`` (open end: still true).
Transaction time: believed at ``T`` when ``recorded_at <= T < retracted_at``.
"""

from __future__ import annotations

from datetime import datetime


def within(start: datetime | None, end: datetime | None, t: datetime) -> bool:
    """True when ``t`` lies in ``[start, end)``; ``None`` bounds are unbounded."""
    return (start is None or start <= t) and (end is None or t < end)


def overlaps(
    a_start: datetime | None, a_end: datetime | None,
    b_start: datetime | None, b_end: datetime | None,
) -> bool:
    """True when the half-open intervals ``[a_start, a_end)`` and ``[b_start, b_end)`` share a point."""
    starts_before_b_ends = b_end is None or a_start is None or a_start < b_end
    ends_after_b_starts = a_end is None or b_start is None or b_start < a_end
    return starts_before_b_ends and ends_after_b_starts


def earliest(*values: datetime | None) -> datetime | None:
    """The earliest of the given bounds, where ``None`` means "never" (open end)."""
    present = [v for v in values if v is not None]
    return min(present) if present else None
