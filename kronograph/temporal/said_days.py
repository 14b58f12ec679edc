"""A day as a person says it ("Tuesday", "the 12th", "May 3rd"), matched against a stored date and
moved to another day said the same way: what a correction of a date alone ("Thursday, not Tuesday")
does to the date it names. Pure functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
#: A weekday (0 = Monday) and a month (1 = January) by the first three letters that name it ("thu", "sept").
_WEEKDAY_BY_PREFIX = {w[:3]: i for i, w in enumerate(_WEEKDAYS)}
_MONTH_BY_PREFIX = {m[:3]: i + 1 for i, m in enumerate(_MONTHS)}
_DIGITS = re.compile(r"\d{1,2}")


@dataclass(frozen=True)
class Day:
    """A day as said: a weekday, a day of the month, a month, any of them unsaid."""

    weekday: int | None
    day: int | None
    month: int | None

    def fits(self, when: datetime) -> bool:
        """Whether ``when`` falls on this day as said."""
        return ((self.weekday is None or when.weekday() == self.weekday) and (self.day is None or when.day == self.day)
                and (self.month is None or when.month == self.month))

    def moved(self, when: datetime, to: Day) -> datetime | None:
        """``when``, a date on this day, moved to the day ``to`` (the same week for weekdays, the same
        month for days of the month); None when that day does not exist."""
        if to.day is None and to.weekday is not None:
            return when + timedelta(days=to.weekday - when.weekday())
        try:
            return when.replace(month=to.month or when.month, day=to.day or when.day)
        except ValueError:
            return None


def parse_day(said: str) -> Day | None:
    """The day a phrase names ("Thursday", "the 14th", "May 3rd"), or None when it names none."""
    words = said.casefold().replace(" of ", " ").replace("the ", "").split()
    weekday = day = month = None
    for word in words:
        digits = _DIGITS.match(word)
        if digits:
            day = int(digits.group())
        elif word[:3] in _WEEKDAY_BY_PREFIX:
            weekday = _WEEKDAY_BY_PREFIX[word[:3]]
        elif word[:3] in _MONTH_BY_PREFIX:
            month = _MONTH_BY_PREFIX[word[:3]]
    if day is not None and not 1 <= day <= 31:
        return None
    return Day(weekday, day, month) if (weekday, day, month) != (None, None, None) else None
