"""Times in any accepted form become aware UTC instants; anything else names the field."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from kronograph.errors import FieldTypeError, UsageError
from kronograph.temporal.instants import from_micros, to_instant, to_micros


def test_aware_naive_date_and_iso_inputs_compare_as_instants() -> None:
    instant = datetime(2026, 3, 1, 12, tzinfo=UTC)
    east = datetime(2026, 3, 1, 20, tzinfo=timezone(timedelta(hours=8)))
    assert to_instant(east, "t") == instant
    assert to_instant(datetime(2026, 3, 1, 12), "t") == instant
    assert to_instant("2026-03-01T20:00:00+08:00", "t") == instant
    assert to_instant("2026-03-01T12:00:00Z", "t") == instant
    assert to_instant(date(2026, 3, 1), "t") == datetime(2026, 3, 1, tzinfo=UTC)


def test_bad_times_raise_errors_naming_the_field() -> None:
    with pytest.raises(FieldTypeError, match="valid_from"):
        to_instant(1234, "valid_from")
    with pytest.raises(UsageError, match=r"as_of.*not an ISO-8601"):
        to_instant("next tuesday-ish", "as_of")


def test_micros_round_trip_exactly() -> None:
    t = datetime(2026, 11, 30, 13, 15, 25, 123456, tzinfo=UTC)
    assert from_micros(to_micros(t)) == t
    assert to_micros(datetime(1969, 12, 31, 23, 59, 59, tzinfo=UTC)) == -1_000_000
