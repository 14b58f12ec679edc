"""Time expressions in chat ("last month", "since 2019", "until Friday") resolved against
the moment they were said.

    find_times("I moved here last month", reference=datetime(2026, 5, 6, tzinfo=UTC))
    # -> [TimeSpan(text='last month', kind=point, start=2026-04-01, end=2026-05-01)]

Pure: no I/O and no clock; every answer is an aware UTC datetime derived from ``reference``.
A period resolves to its half-open bounds ``[start, end)``: "this week" runs from Monday
00:00 to the next Monday 00:00, so a task stated "this week" expires at ``end``. Day
boundaries are taken in UTC.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..temporal.instants import to_instant

Prefer = Literal["past", "future", "nearest"]


class TimeKind(StrEnum):
    """How a phrase bounds a fact in time."""

    point = "point"          # a period something happened in: "last month", "in 2021", "today"
    since = "since"          # open start: "since 2019" (start set, end None)
    until = "until"          # open end: "until Friday" (end set, start None)
    range = "range"          # "from 2015 to 2019"
    duration = "duration"    # "for three years": started that long before the reference
    present = "present"      # "these days", "now", "currently": true at the reference time
    vague = "vague"          # "recently": some time shortly before the reference


class TimeSpan(BaseModel):
    """One resolved time expression and where it sits in the text."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(description="The phrase as written.")
    kind: TimeKind
    start: datetime | None = Field(default=None, description="Inclusive start (aware UTC).")
    end: datetime | None = Field(default=None, description="Exclusive end (aware UTC).")
    begin_char: int = Field(default=0, description="Offset of the phrase in the searched text.")
    end_char: int = Field(default=0, description="Offset just past the phrase.")


# -- calendar arithmetic ---------------------------------------------------------------------

Period = tuple[datetime, datetime]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_WEEKDAYS.update({name.lower(): i for i, name in enumerate(calendar.day_abbr)})
_WEEKDAYS.update({"tues": 1, "weds": 2, "thur": 3, "thurs": 3})
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3, "some": 3,
}
_UNITS = {"day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month",
          "months": "month", "year": "year", "years": "year", "decade": "decade", "decades": "decade",
          "hour": "hour", "hours": "hour", "weekend": "week", "weekends": "week", "night": "day", "nights": "day",
          "fortnight": "fortnight", "fortnights": "fortnight"}


def _day(value: datetime) -> datetime:
    return value.replace(hour=0, minute=0, second=0, microsecond=0)


def _add_months(value: datetime, months: int) -> datetime:
    index = value.month - 1 + months
    year, month = value.year + index // 12, index % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return value.replace(year=year, month=month, day=min(value.day, last))


def _shift(value: datetime, unit: str, amount: int) -> datetime:
    """``value`` moved by ``amount`` units (negative: into the past); calendar-aware."""
    if unit == "hour":
        return value + timedelta(hours=amount)
    if unit == "day":
        return value + timedelta(days=amount)
    if unit == "week":
        return value + timedelta(weeks=amount)
    if unit == "fortnight":
        return value + timedelta(weeks=2 * amount)
    if unit == "month":
        return _add_months(value, amount)
    if unit == "year":
        return _add_months(value, 12 * amount)
    return _add_months(value, 120 * amount)  # decade


def _period(anchor: datetime, unit: str) -> Period:
    """The calendar period of ``unit`` containing ``anchor``."""
    if unit == "day":
        start = _day(anchor)
        return start, start + timedelta(days=1)
    if unit == "week":
        start = _day(anchor) - timedelta(days=anchor.weekday())
        return start, start + timedelta(weeks=1)
    if unit == "weekend":
        saturday = _day(anchor) - timedelta(days=anchor.weekday()) + timedelta(days=5)
        return saturday, saturday + timedelta(days=2)
    if unit == "month":
        start = _day(anchor).replace(day=1)
        return start, _add_months(start, 1)
    if unit == "decade":
        start = _day(anchor).replace(year=anchor.year - anchor.year % 10, month=1, day=1)
        return start, _add_months(start, 120)
    start = _day(anchor).replace(month=1, day=1)
    return start, _add_months(start, 12)


def _year(year: int) -> Period:
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def _month(year: int, month: int) -> Period:
    start = datetime(year, month, 1, tzinfo=UTC)
    return start, _add_months(start, 1)


def _date(year: int, month: int, day: int) -> Period | None:
    try:
        start = datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None
    return start, start + timedelta(days=1)


def _month_near(month: int, ref: datetime, prefer: Prefer) -> Period:
    """A month named without a year: this year's, unless ``prefer`` points the other way."""
    year = ref.year
    if prefer == "future" and month < ref.month:
        year += 1
    elif prefer == "past" and month > ref.month:
        year -= 1
    return _month(year, month)


def _weekday_near(weekday: int, ref: datetime, direction: str) -> Period:
    """The named weekday: ``next``/``this``/bare -> the coming one (today counts), ``last`` -> the past one."""
    today = ref.weekday()
    if direction == "last":
        delta = -((today - weekday) % 7 or 7)
    elif direction == "next":
        delta = (weekday - today) % 7 or 7
    else:
        delta = (weekday - today) % 7
    start = _day(ref) + timedelta(days=delta)
    return start, start + timedelta(days=1)


def _number(word: str) -> int | None:
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    return _NUMBERS.get(word)


# -- atoms: phrases that name a period ---------------------------------------------------------

_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_NUM = r"\d{1,3}|a couple of|a couple|couple of|a few|few|several|some|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
_UNIT = r"hours?|days?|weeks?|fortnights?|months?|years?|decades?"
_ORD = r"(?:st|nd|rd|th)?"

# An atom resolves a regex match to (kind, start, end); ``None`` rejects the match.
Resolved = tuple[TimeKind, datetime | None, datetime | None]
Resolver = Callable[[re.Match[str], datetime, Prefer], Resolved | None]


def _iso(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    year, month, day = int(m["y"]), int(m["m"]), m["d"]
    if not 1 <= month <= 12:
        return None
    span = _date(year, month, int(day)) if day else _month(year, month)
    return (TimeKind.point, *span) if span else None


def _day_month(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    month = _MONTHS[m["mon"].lower()]
    day = int(m["d"])
    if m["y"]:
        span = _date(int(m["y"]), month, day)
    else:
        year = _month_near(month, ref, prefer)[0].year
        span = _date(year, month, day)
        if span and prefer == "future" and span[1] <= _day(ref):
            span = _date(year + 1, month, day)
        elif span and prefer == "past" and span[0] > ref:
            span = _date(year - 1, month, day)
    return (TimeKind.point, *span) if span else None


# Holidays by their date: fixed (month, day), or worked out for the year (Easter, US Thanksgiving).
_FIXED_HOLIDAYS = {"christmas eve": (12, 24), "christmas": (12, 25), "xmas": (12, 25), "boxing day": (12, 26),
                   "new year's eve": (12, 31), "new year": (1, 1), "halloween": (10, 31), "valentine's day": (2, 14),
                   "bonfire night": (11, 5), "st patrick's day": (3, 17)}


def _easter(year: int) -> tuple[int, int]:
    """Easter Sunday of ``year`` (the Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    leap = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * leap) // 451
    return (h + leap - 7 * m + 114) // 31, (h + leap - 7 * m + 114) % 31 + 1


def _holiday_on(name: str, year: int) -> Period | None:
    if name == "easter":
        return _date(year, *_easter(year))
    if name == "thanksgiving":  # the fourth Thursday of November
        first = datetime(year, 11, 1, tzinfo=UTC)
        return _date(year, 11, 1 + (3 - first.weekday()) % 7 + 21)
    return _date(year, *_FIXED_HOLIDAYS[name])


def _holiday(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "since Christmas", "on New Year's Day", "last Halloween": the holiday's day,
    in the year the tense (or "last"/"next") points to."""
    name = re.sub(r"\s+", " ", m["h"].lower().replace("\u2019", "'"))
    name = re.sub(r"^new year'?s(?: day)?$", "new year", name)
    name = re.sub(r"^(?:christmas|xmas) day$|^xmas$", "christmas", name)
    name = re.sub(r"^valentine'?s?(?: day)?$", "valentine's day", re.sub(r"^new years? eve$", "new year's eve", name))
    name = re.sub(r"^st\.? patrick'?s day$", "st patrick's day", re.sub(r"^easter sunday$", "easter", name))
    which = (m["which"] or "").lower()
    prefer = "past" if which == "last" else "future" if which == "next" else prefer
    days = [d for d in (_holiday_on(name, ref.year + k) for k in (-1, 0, 1)) if d is not None]
    today = _day(ref)
    if prefer == "past":
        pick = [d for d in days if d[0] <= today][-1]
    elif prefer == "future":
        pick = next(d for d in days if d[0] >= today)
    else:
        pick = min(days, key=lambda d: abs(d[0] - today))
    return TimeKind.point, *pick


def _month_year(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return (TimeKind.point, *_month(int(m["y"]), _MONTHS[m["mon"].lower()]))


# Day and month names that are also common words ("I sat my test", "the sun", "to march",
# "may"): read as dates only when capitalised or after a word that makes them temporal.
_WORDLIKE = frozenset({"sat", "sun", "wed", "mar", "may", "march", "fri", "mon", "jan"})
_TEMPORAL_LEAD = re.compile(r"\b(?:on|this|last|next|past|coming|by|until|till|since|from|every|in)\s+$", re.I)


def _wordlike(word: str, before: str) -> bool:
    """A lowercase name that is also a common word, with no temporal word before it."""
    return word.lower() in _WORDLIKE and word.islower() and not _TEMPORAL_LEAD.search(before)


def _bare_month(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    if m["mon"].lower() == "may" and m["mon"] != "May":
        return None  # "may" the modal verb
    if _wordlike(m["mon"], m.string[:m.start("mon")]):
        return None  # "I'd love to march", "and mar the view": verbs
    back = m[0].lower().startswith("back")  # "back in May": always a month gone by
    return (TimeKind.point, *_month_near(_MONTHS[m["mon"].lower()], ref, "past" if back and prefer != "future" else prefer))


def _bare_year(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return (TimeKind.point, *_year(int(m["y"])))


def _relative_day(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    word = " ".join(m[0].lower().split())
    word = re.sub(r"^(tomorrow|yesterday)\s+(?:morning|afternoon|evening|night|lunchtime)$", r"\1", word)  # the day's part: still that day
    word = re.sub(r"^day\s+(?=(?:after|before)\s)", "the day ", word)  # "day after tomorrow", the article dropped
    offset = {"today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
              "yesterday": -1, "last night": -1, "tomorrow": 1, "the day before yesterday": -2,
              "the day after tomorrow": 2}[word]
    return (TimeKind.point, *_period(ref + timedelta(days=offset), "day"))


def _named_period(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    which, unit = m["which"].lower(), m["unit"].lower()
    step = {"this": 0, "current": 0, "last": -1, "past": -1, "previous": -1, "next": 1, "coming": 1}[which]
    if unit == "weekend":
        if step == 0:
            return (TimeKind.point, *_period(ref, "weekend"))
        return (TimeKind.point, *_period(ref + timedelta(weeks=step), "weekend"))
    return (TimeKind.point, *_period(_shift(ref, unit, step), unit))


# A weekday between a determiner or adjective and a noun names a kind ("a Sunday roast", "the Saturday
# job"); before a part of the day or a relation in time ("a Sunday morning", "the Friday after") it is a day.
# "the" counts too when no preposition of time leads it ("quit the Tuesday quiz team", but "on the
# Saturday they came" is a day).
_DAY_AS_KIND = re.compile(r"(?:\b(?:a|my|our|his|her|their|proper|good|big|usual|traditional|lazy|weekly)|"
                          r"(?<!\bon\s)(?<!\bby\s)(?<!\buntil\s)(?<!\btill\s)(?<!\bsince\s)(?<!\bfrom\s)(?<!\bfor\s)"
                          r"(?<!\bbefore\s)(?<!\bafter\s)\bthe)\s+$", re.I)
_KIND_NOUN = re.compile(r"\s+(?!(?:morning|afternoon|evening|night|lunchtime|before|after|or|and|of|to|in|at|on|"
                        r"when|that|which|just|gone|following|they|she|you|then|was|were|had|did)\b)[a-z]{3,}\b")


def _weekday(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    which = " ".join((m["which"] or "").lower().split())
    if not which and _wordlike(m["day"], m.string[:m.start("day")]):
        return None  # "I sat my citizenship test", "out in the sun": no day named
    if not which and _DAY_AS_KIND.search(m.string[:m.start("day")]) and _KIND_NOUN.match(m.string[m.end("day"):]):
        return None  # "a proper Sunday roast", "my Saturday job": a kind of thing, not a day
    if which in {"past", "this past"}:
        which = "last"  # "this past Saturday": the one gone by
    if not which:
        which = "last" if prefer == "past" else "this"
    return (TimeKind.point, *_weekday_near(_WEEKDAYS[m["day"].lower()], ref, which))


def _ago(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    amount, unit = _number(m["n"]), _UNITS[m["unit"].lower()]
    if amount is None:
        return None
    moment = _shift(ref, unit, -amount)
    if unit == "hour":
        return TimeKind.point, moment, moment + timedelta(hours=1)
    return (TimeKind.point, *_period(moment, "day"))


def _some_ago(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "weeks ago" with no number: a few of them, as "a few weeks ago" reads."""
    return (TimeKind.point, *_period(_shift(ref, _UNITS[m["unit"].lower()], -3), "day"))


def _weekends_ago(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "two weekends ago": the weekend that many weeks before this one."""
    amount = _number(m["n"]) if m["n"] else 2  # "the weekend before last": two back
    if amount is None:
        return None
    start = _period(ref, "weekend")[0] - timedelta(weeks=amount)
    return TimeKind.point, start, start + timedelta(days=2)


def _day_of_month(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "on the 15th": that day of the reference's month, or of the month before (after) it
    when the day has not come yet (is over) and the statement looks back (ahead)."""
    day = int(m["d"] or m["d2"])
    span = _date(ref.year, ref.month, day)
    if span and prefer == "past" and span[0] > ref:
        previous = _add_months(_day(ref).replace(day=1), -1)
        span = _date(previous.year, previous.month, day)
    elif span and prefer == "future" and span[1] <= ref:
        following = _add_months(_day(ref).replace(day=1), 1)
        span = _date(following.year, following.month, day)
    return (TimeKind.point, *span) if span else None


def _in_future(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    amount, unit = _number(m["n"]), _UNITS[m["unit"].lower()]
    if amount is None:
        return None
    moment = _shift(ref, unit, amount)
    if unit == "hour":
        return TimeKind.point, moment, moment + timedelta(hours=1)
    return (TimeKind.point, *_period(moment, "day"))


def _for_duration(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    amount, unit = _number(m["n"]), _UNITS[m["unit"].lower()]
    if amount is None:
        return None
    return TimeKind.duration, _shift(ref, unit, -amount), None


def _present(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.present, ref, None


def _recently(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.vague, ref - timedelta(days=30), ref


def _other_day(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "the other day": within the last week."""
    return TimeKind.vague, ref - timedelta(days=7), ref


def _a_while(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "for a while now", "a while back": some months before."""
    return TimeKind.vague, ref - timedelta(days=90), ref


def _the_weekend(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "over the weekend": the weekend just past (or, for a plan, the coming one)."""
    start, end = _period(ref, "weekend")
    if prefer == "past" and start > ref:
        start, end = start - timedelta(weeks=1), end - timedelta(weeks=1)
    return TimeKind.point, start, end


_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


def _season(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """Meteorological (northern) seasons: last = the latest one over, this = the next not over."""
    first = _SEASONS[m["season"].lower()]
    if m["y"]:
        start = datetime(int(m["y"]), first, 1, tzinfo=UTC)
        return TimeKind.point, start, _add_months(start, 3)
    spans = [(s, _add_months(s, 3)) for s in (datetime(y, first, 1, tzinfo=UTC) for y in range(ref.year - 2, ref.year + 3))]
    which = (m["which"] or ("last" if prefer == "past" else "this")).lower()
    if which == "last":
        start, end = [p for p in spans if p[1] <= ref][-1]
    else:
        upcoming = [p for p in spans if p[1] > ref]
        begun = upcoming[0][0] <= ref
        start, end = upcoming[1] if which == "next" and begun else upcoming[0]
    return TimeKind.point, start, end


def _season_since(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "since the spring", "since summer": the latest such season begun by now (a since reads back)."""
    first = _SEASONS[m["season"].lower()]
    start = max(s for s in (datetime(y, first, 1, tzinfo=UTC) for y in range(ref.year - 2, ref.year + 1)) if s <= ref)
    return TimeKind.point, start, _add_months(start, 3)


def _rest_of(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "the rest of the week": from now to the end of the current period."""
    return TimeKind.point, ref, _period(ref, m["unit"].lower())[1]


def _end_of(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    which, unit = (m["which"] or "this").lower(), m["unit"].lower()
    step = {"this": 0, "the": 0, "last": -1, "next": 1}[which]
    _, end = _period(_shift(ref, unit, step), unit)
    return TimeKind.until, None, end


_ATOMS: list[tuple[re.Pattern[str], Resolver]] = [
    (re.compile(r"\b(?P<y>(?:19|20)\d{2})-(?P<m>\d{2})(?:-(?P<d>\d{2}))?\b"), _iso),
    (re.compile(rf"\b(?:the\s+)?(?P<d>[0-3]?\d){_ORD}\s+(?:of\s+)?(?P<mon>{_MONTH_NAMES})\b\.?(?:,?\s+(?P<y>(?:19|20)\d{{2}}))?", re.I), _day_month),
    (re.compile(rf"\b(?P<mon>{_MONTH_NAMES})\.?\s+(?:the\s+)?(?P<d>[0-3]?\d){_ORD}\b(?:,?\s+(?P<y>(?:19|20)\d{{2}}))?", re.I), _day_month),
    (re.compile(rf"\b(?P<mon>{_MONTH_NAMES})\.?,?\s+(?:of\s+)?(?P<y>(?:19|20)\d{{2}})\b", re.I), _month_year),
    (re.compile(rf"\b(?:back\s+in|in|since|until|till|by|from|before|after|during|early|late|mid|through|of|between|and|to|for)\s+(?P<core>(?P<mon>{_MONTH_NAMES}))\b", re.I), _bare_month),
    (re.compile(rf"\b(?:(?:this|last|next)\s+)(?P<mon>{_MONTH_NAMES})\b", re.I), _bare_month),
    (re.compile(r"\b(?:in|since|until|till|by|from|before|after|during|of|to|through|and|between)\s+(?P<core>(?P<y>(?:19|20)\d{2}))\b(?![-\d])", re.I), _bare_year),
    (re.compile(r"\b(?:(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|today|tonight|(?:yesterday|tomorrow)(?:\s+(?:morning|afternoon|evening|night|lunchtime))?|last\s+night|this\s+(?:morning|afternoon|evening))\b", re.I), _relative_day),
    (re.compile(r"\b(?P<which>this|last|past|previous|next|coming|current)\s+(?P<unit>week|weekend|month|year|decade)\b", re.I), _named_period),
    (re.compile(rf"\b(?:(?P<which>this\s+past|past|this|last|next|coming)\s+)?(?P<day>{_WEEKDAY_NAMES})\b", re.I), _weekday),
    (re.compile(r"(?<=\bsince\s)(?:the\s+)?(?P<season>spring|summer|autumn|fall|winter)\b(?!\s+(?:of\s+)?(?:19|20)\d{2})", re.I), _season_since),
    (re.compile(r"\b(?:(?P<which>this|last|next|past)\s+|in\s+(?:the\s+)?)(?P<season>spring|summer|autumn|fall|winter)\b(?:\s+(?:of\s+)?(?P<y>(?:19|20)\d{2}))?", re.I), _season),
    (re.compile(rf"\b(?P<n>{_NUM})\s+(?P<unit>{_UNIT}|nights?)\s+(?:ago|back)\b", re.I), _ago),
    (re.compile(r"\b(?P<unit>days|weeks|months|years)\s+ago\b", re.I), _some_ago),
    # "Christmas Eve we're flying to Kraków": a holiday that opens the sentence dates it too
    (re.compile(r"(?:\b(?:at|for|since|until|till|by|before|after|over|around|on|from|during|in)\s+|^|(?=\b(?:this|last|next)\s))"
                r"(?P<core>(?:(?P<which>this|last|next)\s+)?(?P<h>christmas\s+eve|(?:christmas|xmas)(?:\s+day)?|boxing\s+day|"
                r"new\s+years?['\u2019]?s?\s+eve|new\s+year(?:['\u2019]?s(?:\s+day)?)?|halloween|"
                r"valentine['\u2019]?s?(?:\s+day)?|bonfire\s+night|st\.?\s+patrick['\u2019]?s\s+day|"
                r"thanksgiving))\b", re.I), _holiday),
    # "over Easter", "at Easter" name the Easter holidays, a stretch of days; a boundary or "last Easter" the day
    (re.compile(r"(?:\b(?:since|until|till|before|after|from)\s+|(?=\b(?:this|last|next)\s))"
                r"(?P<core>(?:(?P<which>this|last|next)\s+)?(?P<h>easter(?:\s+sunday)?))\b", re.I), _holiday),
    (re.compile(rf"\b(?:(?P<n>{_NUM})\s+weekends?\s+ago|the\s+weekend\s+before\s+last)\b", re.I), _weekends_ago),
    (re.compile(rf"\b(?:(?:on|from)\s+the\s+(?P<d>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:{_MONTH_NAMES})\b)|"
                rf"the\s+(?P<d2>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?=\s*(?:[.,;!?)]|$|and\b|after\b|before\b)))", re.I),
     _day_of_month),
    (re.compile(rf"\bin\s+(?P<n>{_NUM})\s+(?P<unit>{_UNIT})(?:'?\s*time)?\b", re.I), _in_future),
    (re.compile(rf"\b(?P<n>{_NUM})\s+(?P<unit>{_UNIT}|weekends?)\s+from\s+now\b", re.I), _in_future),
    (re.compile(rf"\b(?:for|over)\s+(?:the\s+)?(?:(?:past|last)\s+)?(?:(?:about|around|almost|nearly|over|roughly|"
                rf"just\s+under|just\s+over|more\s+than)\s+)?(?P<n>{_NUM})\s+(?P<unit>{_UNIT})\b", re.I), _for_duration),
    (re.compile(r"\b(?:for\s+)?the\s+rest\s+of\s+(?:the|this)\s+(?P<unit>day|week|month|year)\b", re.I), _rest_of),
    (re.compile(r"\b(?:these\s+days|nowadays|currently|right\s+now|at\s+the\s+moment|at\s+present|now)\b", re.I), _present),
    (re.compile(r"\b(?:recently|lately|not\s+long\s+ago)\b", re.I), _recently),
    (re.compile(r"\b(?:the\s+other\s+day|a\s+few\s+days\s+back)\b", re.I), _other_day),
    (re.compile(r"\b(?:for\s+)?(?:quite\s+)?a\s+(?:long\s+|little\s+)?while(?:\s+(?:now|back|ago))?\b|\bsome\s+time\s+ago\b", re.I), _a_while),
    # "before the weekend", "by the weekend": the boundary word is read by _with_bounds, before the atom
    (re.compile(r"(?:\b(?:over|on|during|at)\s+|(?<=\bby\s)|(?<=\bbefore\s)|(?<=\buntil\s)|(?<=\btill\s))"
                r"the\s+weekend\b(?!\s+(?:after\s+next|before\s+last))", re.I), _the_weekend),
    (re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?P<which>this|last|next)?\s*(?P<unit>week|month|year)\b", re.I), _end_of),
]

# Every atom needs a digit or, at a word start, one of these words (a month or weekday,
# a season, a time-of-day word, a unit, "ago", "now"...): a text without any is skipped.
_TRIGGER = re.compile(
    rf"\d|\b(?:{_MONTH_NAMES}|{_WEEKDAY_NAMES}|spring|summer|autumn|fall|winter|today|tonight|yesterday|"
    r"tomorrow|night|morning|afternoon|evening|hour|day|week|fortnight|month|year|decade|ago|nowadays|currently|now|"
    r"moment|present|recently|lately|while|christmas|xmas|easter|halloween|valentine|thanksgiving|boxing|"
    r"new\s+years?|bonfire|patrick)", re.I)
_SINCE = re.compile(r"\b(?:ever\s+since|since|starting(?:\s+from)?|as\s+of|from|between)\s+$", re.I)
_UNTIL = re.compile(r"\b(?:until|till|til|up\s+to|through|by|before)\s+$", re.I)
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|and|-|–)\s*", re.I)


# "a week later", "two days after", "the following month": counted from the time told before it
_LATER = re.compile(rf"\b(?:(?P<n>{_NUM})\s+(?P<unit>{_UNIT}|weekends?)\s+(?:later|after(?:wards?)?(?=\s*(?:[.,;:!?)]|$)))|"
                    r"the\s+(?:next|following)\s+(?P<next>day|week|month|year))\b", re.I)
_LATER_WORDS = ("later", "after", "next", "following")


def _later(text: str, ref: datetime, prefer: Prefer, found: list[TimeSpan], anchor: datetime | None) -> None:
    """Add each "N units later" to ``found``, counted from the last time told before it in ``text``,
    else from ``anchor`` (an earlier clause's time); with neither, a past clause's "later" is an
    unknown past moment and is left out, any other is counted from now."""
    for m in _LATER.finditer(text):
        amount, unit = (1, m["next"].lower()) if m["next"] else (_number(m["n"]), _UNITS[m["unit"].lower()])
        before = [s.start for s in found if s.start is not None and s.end_char <= m.start()]
        start = before[-1] if before else anchor if anchor is not None else None if prefer == "past" else ref
        if amount is None or start is None:
            continue
        moment = _shift(start, unit, amount)
        begin, end = (moment, moment + timedelta(hours=1)) if unit == "hour" else _period(moment, "day")
        found.append(TimeSpan(text=m[0], kind=TimeKind.point, start=begin, end=end,
                              begin_char=m.start(), end_char=m.end()))


def _atoms(text: str, ref: datetime, prefer: Prefer, anchor: datetime | None = None) -> list[TimeSpan]:
    found: list[TimeSpan] = []
    for pattern, resolve in _ATOMS:
        for m in pattern.finditer(text):
            try:
                resolved = resolve(m, ref, prefer)
            except (ValueError, OverflowError):  # a time the calendar cannot hold (year 0, past 9999)
                continue
            if resolved is not None:
                kind, start, end = resolved
                core = "core" if "core" in pattern.groupindex else 0  # a leading preposition is context only
                found.append(TimeSpan(text=m[core], kind=kind, start=start, end=end,
                                      begin_char=m.start(core), end_char=m.end(core)))
    lowered = text.lower()
    if any(word in lowered for word in _LATER_WORDS):
        found.sort(key=lambda s: s.begin_char)
        _later(text, ref, prefer, found, anchor)
    found.sort(key=lambda s: (s.begin_char, -(s.end_char - s.begin_char)))
    chosen: list[TimeSpan] = []
    for span in found:
        if chosen and span.begin_char < chosen[-1].end_char:
            continue
        chosen.append(span)
    return chosen


# "before tonight", "before this evening": the only periods begun already whose "before" means by their end
# ("before this year", "before today" are the time gone by)
_EVENING = re.compile(r"(?:tonight|this\s+evening)", re.I)


def _wrap(text: str, spans: list[TimeSpan], reference: datetime) -> list[TimeSpan]:
    """Apply "since"/"until" before an atom and join "from A to B" into one range."""
    out: list[TimeSpan] = []
    i = 0
    while i < len(spans):
        span = spans[i]
        before = text[:span.begin_char]
        since, until = _SINCE.search(before), _UNTIL.search(before)
        if since and i + 1 < len(spans):
            join = _RANGE_JOIN.match(text[span.end_char:spans[i + 1].begin_char])
            if join and join.end() == spans[i + 1].begin_char - span.end_char:
                last = spans[i + 1]
                out.append(TimeSpan(text=text[since.start():last.end_char], kind=TimeKind.range,
                                    start=span.start, end=last.end, begin_char=since.start(),
                                    end_char=last.end_char))
                i += 2
                continue
        if since and span.kind in (TimeKind.point, TimeKind.present, TimeKind.vague):
            span = TimeSpan(text=text[since.start():span.end_char], kind=TimeKind.since, start=span.start,
                            end=None, begin_char=since.start(), end_char=span.end_char)
        elif until and span.kind is TimeKind.point:
            word = until[0].strip().lower()
            end = span.start if word == "before" else span.end
            if word == "before" and end is not None and span.end is not None and end <= reference \
                    and _EVENING.fullmatch(span.text.strip()):
                end = span.end  # "before tonight": an evening whose day has begun is done by its end
            span = TimeSpan(text=text[until.start():span.end_char], kind=TimeKind.until, start=None,
                            end=end, begin_char=until.start(), end_char=span.end_char)
        out.append(span)
        i += 1
    return out


def find_times(text: str, reference: datetime, prefer: Prefer = "nearest",
               anchor: datetime | None = None) -> list[TimeSpan]:
    """Every time expression in ``text``, left to right, resolved against ``reference``.

    ``prefer`` settles a month or weekday named without a year: ``past`` for things that
    happened, ``future`` for plans, ``nearest`` (this year's month, the coming weekday) otherwise.
    ``anchor`` is the time an earlier clause told, from which "a week later" counts.
    """
    ref = to_instant(reference, "reference")
    if not _TRIGGER.search(text):
        return []
    return _wrap(text, _atoms(text, ref, prefer, anchor), ref)


def resolve_time(phrase: str, reference: datetime, prefer: Prefer = "nearest") -> TimeSpan | None:
    """The first time expression in ``phrase`` (``None`` when it names no time)."""
    spans = find_times(phrase, reference, prefer)
    return spans[0] if spans else None
