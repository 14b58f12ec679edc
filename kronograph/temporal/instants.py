"""Turning user-supplied times into aware UTC instants.

Aware datetimes in any offset, naive datetimes (taken as UTC), dates (midnight UTC)
and ISO-8601 strings are accepted; everything else is a FieldTypeError naming the field.
Inside the core every time is an aware UTC datetime; the stores keep integer microseconds.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from ..errors import FieldTypeError, UsageError

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

#: Stands for "since some unknown time" when a change names the old value but not its start
#: ("I moved from X to Y"); ``UNKNOWN_START_US`` is the same instant in microseconds.
UNKNOWN_START = _EPOCH
UNKNOWN_START_US = 0

TimeLike = datetime | date | str


def to_instant(value: object, field: str) -> datetime:
    """Return ``value`` as an aware UTC datetime, or raise naming ``field``."""
    if isinstance(value, datetime):
        if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
            return value.replace(tzinfo=UTC)
        try:
            return value.astimezone(UTC)
        except OverflowError:  # 0001-01-01T00:00+14:00 is in year 0 in UTC
            raise UsageError(field, f"{value.isoformat()} is outside the years 1-9999 in UTC") from None
    if isinstance(value, date):
        return datetime.combine(value, time(0), tzinfo=UTC)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise UsageError(field, "is an empty string, expected an ISO-8601 time")
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise UsageError(field, f"{value!r} is not an ISO-8601 time") from None
        return to_instant(parsed, field)
    raise FieldTypeError(
        field, f"expected a datetime, date or ISO-8601 string, got {type(value).__name__}"
    )


def decision_time(value: object, field: str) -> datetime | None:
    """Like :func:`optional_instant`, for the moment a lifecycle decides at: it looks back by
    ages (TTL, archive and summary ages), so it may not lie before the epoch."""
    at = optional_instant(value, field)
    if at is not None and at < _EPOCH:
        raise UsageError(field, f"{at.isoformat()} is before 1970-01-01; a lifecycle runs at a time after it")
    return at


def optional_instant(value: object, field: str) -> datetime | None:
    """Like :func:`to_instant` but passes ``None`` through."""
    return None if value is None else to_instant(value, field)


def to_micros(value: datetime) -> int:
    """Aware datetime -> integer microseconds since the epoch (exact, sortable)."""
    delta = value - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_micros(value: int) -> datetime:
    """Integer microseconds since the epoch -> aware UTC datetime."""
    return _EPOCH + timedelta(microseconds=value)  # one step: twice as fast as fromtimestamp + replace


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)
