"""Time expressions resolve against the reference time (a Wednesday, 2026-05-06 12:00 UTC)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from kronograph.errors import FieldTypeError
from kronograph.extraction.timeexpr import TimeKind, find_times, resolve_time

REF = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("phrase", "kind", "start", "end"),
    [
        ("last month", TimeKind.point, day(2026, 4, 1), day(2026, 5, 1)),
        ("next month", TimeKind.point, day(2026, 6, 1), day(2026, 7, 1)),
        ("this month", TimeKind.point, day(2026, 5, 1), day(2026, 6, 1)),
        ("this week", TimeKind.point, day(2026, 5, 4), day(2026, 5, 11)),
        ("last week", TimeKind.point, day(2026, 4, 27), day(2026, 5, 4)),
        ("next week", TimeKind.point, day(2026, 5, 11), day(2026, 5, 18)),
        ("this weekend", TimeKind.point, day(2026, 5, 9), day(2026, 5, 11)),
        ("last year", TimeKind.point, day(2025, 1, 1), day(2026, 1, 1)),
        ("next year", TimeKind.point, day(2027, 1, 1), day(2028, 1, 1)),
        ("today", TimeKind.point, day(2026, 5, 6), day(2026, 5, 7)),
        ("tonight", TimeKind.point, day(2026, 5, 6), day(2026, 5, 7)),
        ("yesterday", TimeKind.point, day(2026, 5, 5), day(2026, 5, 6)),
        ("tomorrow", TimeKind.point, day(2026, 5, 7), day(2026, 5, 8)),
        ("two weeks ago", TimeKind.point, day(2026, 4, 22), day(2026, 4, 23)),
        ("3 days ago", TimeKind.point, day(2026, 5, 3), day(2026, 5, 4)),
        ("a couple of months ago", TimeKind.point, day(2026, 3, 6), day(2026, 3, 7)),
        ("in two weeks", TimeKind.point, day(2026, 5, 20), day(2026, 5, 21)),
        ("in March", TimeKind.point, day(2026, 3, 1), day(2026, 4, 1)),
        ("on 3 May", TimeKind.point, day(2026, 5, 3), day(2026, 5, 4)),
        ("on the 3rd of May 2024", TimeKind.point, day(2024, 5, 3), day(2024, 5, 4)),
        ("May 3rd, 2024", TimeKind.point, day(2024, 5, 3), day(2024, 5, 4)),
        ("in May 2024", TimeKind.point, day(2024, 5, 1), day(2024, 6, 1)),
        ("in 2021", TimeKind.point, day(2021, 1, 1), day(2022, 1, 1)),
        ("2024-03-05", TimeKind.point, day(2024, 3, 5), day(2024, 3, 6)),
        ("2024-03", TimeKind.point, day(2024, 3, 1), day(2024, 4, 1)),
        ("last Friday", TimeKind.point, day(2026, 5, 1), day(2026, 5, 2)),
        ("on Friday", TimeKind.point, day(2026, 5, 8), day(2026, 5, 9)),
        ("next Wednesday", TimeKind.point, day(2026, 5, 13), day(2026, 5, 14)),
        ("since 2019", TimeKind.since, day(2019, 1, 1), None),
        ("since March", TimeKind.since, day(2026, 3, 1), None),
        ("since last year", TimeKind.since, day(2025, 1, 1), None),
        ("until Friday", TimeKind.until, None, day(2026, 5, 9)),
        ("before June", TimeKind.until, None, day(2026, 6, 1)),
        ("by the end of the month", TimeKind.until, None, day(2026, 6, 1)),
        ("from 2015 to 2019", TimeKind.range, day(2015, 1, 1), day(2020, 1, 1)),
        ("between 2010 and 2012", TimeKind.range, day(2010, 1, 1), day(2013, 1, 1)),
        ("for three years", TimeKind.duration, day(2023, 5, 6) + timedelta(hours=12), None),
        ("for the past 5 months", TimeKind.duration, day(2025, 12, 6) + timedelta(hours=12), None),
        ("these days", TimeKind.present, REF, None),
        ("nowadays", TimeKind.present, REF, None),
        ("recently", TimeKind.vague, REF - timedelta(days=30), REF),
    ],
)
def test_phrase_resolves_to_its_period(phrase: str, kind: TimeKind, start: datetime | None, end: datetime | None) -> None:
    span = resolve_time(phrase, REF)
    assert span is not None, phrase
    assert (span.kind, span.start, span.end) == (kind, start, end)


def test_this_week_ends_at_next_monday_midnight_for_task_expiry() -> None:
    span = resolve_time("This week I'm sorting out my trial credits", REF)
    assert span is not None and span.end == day(2026, 5, 11) and span.end.weekday() == 0


def test_phrase_position_is_reported_within_the_text() -> None:
    text = "I moved from Shanghai to Hangzhou last month."
    (span,) = find_times(text, REF)
    assert text[span.begin_char:span.end_char] == "last month" == span.text


def test_several_phrases_are_found_left_to_right() -> None:
    spans = find_times("Yesterday I said I'd start in June, since 2019 I've waited", REF)
    assert [s.text for s in spans] == ["Yesterday", "June", "since 2019"]


def test_modal_may_is_not_a_month() -> None:
    assert find_times("I may be allergic to penicillin", REF) == []


def test_plain_numbers_are_not_years() -> None:
    assert find_times("I'm 34 and I have 2019 stamps", REF) == []


@pytest.mark.parametrize(("prefer", "year"), [("past", 2025), ("future", 2026), ("nearest", 2026)])
def test_month_without_a_year_follows_the_preferred_direction(prefer: str, year: int) -> None:
    span = resolve_time("in September", REF, prefer=prefer)  # type: ignore[arg-type]
    assert span is not None and span.start == day(year, 9, 1)


def test_future_month_earlier_in_the_year_moves_to_next_year() -> None:
    span = resolve_time("in March", REF, prefer="future")
    assert span is not None and span.start == day(2027, 3, 1)


def test_month_arithmetic_clamps_to_the_last_day() -> None:
    span = resolve_time("a month ago", datetime(2026, 3, 31, tzinfo=UTC))
    assert span is not None and span.start == day(2026, 2, 28)


def test_reference_in_another_offset_is_taken_as_an_instant() -> None:
    tokyo = timezone(timedelta(hours=9))
    span = resolve_time("today", datetime(2026, 5, 7, 2, 0, tzinfo=tokyo))  # 2026-05-06 17:00 UTC
    assert span is not None and span.start == day(2026, 5, 6)


def test_naive_reference_is_taken_as_utc() -> None:
    span = resolve_time("yesterday", datetime(2026, 5, 6, 12, 0))
    assert span is not None and span.start == day(2026, 5, 5) and span.start.tzinfo is not None


def test_reference_of_the_wrong_type_names_the_field() -> None:
    with pytest.raises(FieldTypeError, match="reference"):
        find_times("today", 1234)  # type: ignore[arg-type]


def test_text_without_time_gives_nothing() -> None:
    assert resolve_time("I like tea", REF) is None


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("last spring", day(2025, 3, 1), day(2025, 6, 1)),
        ("this summer", day(2026, 6, 1), day(2026, 9, 1)),
        ("last winter", day(2025, 12, 1), day(2026, 3, 1)),
        ("in the summer of 2020", day(2020, 6, 1), day(2020, 9, 1)),
    ],
)
def test_seasons_are_three_month_periods(phrase: str, start: datetime, end: datetime) -> None:
    span = resolve_time(phrase, REF)
    assert span is not None and (span.start, span.end) == (start, end)


def test_season_words_in_other_senses_are_not_times() -> None:
    assert find_times("I like spring flowers and I fall asleep early", REF) == []


def test_rest_of_the_week_runs_from_the_reference_to_the_week_end() -> None:
    span = resolve_time("for the rest of the week", REF)
    assert span is not None and (span.start, span.end) == (REF, day(2026, 5, 11))


def _texts_with_times() -> list[str]:
    """Every phrase this file resolves, alone and inside chat sentences, in three casings."""
    import json
    from pathlib import Path

    phrases = [p for mark in globals().values() if callable(mark) for m in getattr(mark, "pytestmark", [])
               if m.name == "parametrize" for p in (v[0] for v in m.args[1]) if isinstance(p, str)]
    rows = (Path(__file__).resolve().parents[2] / "evals" / "utterances.jsonl").read_text(encoding="utf-8")
    evals = [m["content"] for row in map(json.loads, filter(None, rows.splitlines()))
             for m in row.get("messages", [{"content": row.get("text", "")}])]
    texts = phrases + [f"I moved to Lyon {p}, honestly" for p in phrases] + evals
    return texts + [t.upper() for t in texts] + [t.title() for t in texts]


def test_the_cheap_trigger_never_hides_a_time_expression() -> None:
    from kronograph.extraction import timeexpr

    texts = _texts_with_times()
    assert len(texts) > 900
    found = 0
    for text in texts:
        for prefer in ("past", "nearest", "future"):
            full = timeexpr._wrap(text, timeexpr._atoms(text, REF, prefer), REF)
            assert find_times(text, REF, prefer) == full, text
            found += bool(full)
    assert found > 300


@pytest.mark.parametrize(("text", "prefer", "day"), [
    ("I've been here since Christmas", "past", "2025-12-25"),
    ("we're engaged since Valentine's Day", "past", "2026-02-14"),
    ("I'm going home for Christmas", "future", "2026-12-25"),
    ("back at work on New Year's Day", "future", "2027-01-01"),
    ("vegan since Easter", "past", "2025-04-20"),
    ("last Easter we went to Cornwall", "nearest", "2025-04-20"),
    ("from Easter Sunday on", "future", "2026-04-05"),
    ("next Halloween we'll do a party", "nearest", "2026-10-31"),
    ("since last Thanksgiving", "nearest", "2025-11-27"),
    ("on Boxing Day I slept", "past", "2025-12-26"),
])
def test_a_holiday_after_a_word_of_time_is_its_day_in_the_year_the_tense_points_to(text: str, prefer: str,
                                                                                    day: str) -> None:
    ref = datetime(2026, 3, 18, 10, tzinfo=UTC)
    [span] = find_times(text, ref, prefer)  # type: ignore[arg-type]
    assert span.start is not None and span.start.date().isoformat() == day


@pytest.mark.parametrize("text", ["I love Christmas", "a Christmas tree", "Easter eggs are the best",
                                  "we went to Cornwall over Easter", "in the new year"])  # a stretch of days, no one day
def test_a_holiday_named_as_a_thing_is_no_time(text: str) -> None:
    assert find_times(text, datetime(2026, 3, 18, tzinfo=UTC), "nearest") == []


@pytest.mark.parametrize(("words", "end"), [
    ("before the weekend", datetime(2026, 5, 23, tzinfo=UTC)),
    ("by the weekend", datetime(2026, 5, 25, tzinfo=UTC)),
    ("before tonight", datetime(2026, 5, 21, tzinfo=UTC)),  # begun already: done by its end
    ("before Saturday", datetime(2026, 5, 23, tzinfo=UTC)),
])
def test_a_deadline_before_a_named_period(words: str, end: datetime) -> None:
    ref = datetime(2026, 5, 20, 10, tzinfo=UTC)
    (span,) = find_times(f"I need to clean the house {words}", ref, "future")
    assert (span.kind, span.start, span.end) == (TimeKind.until, None, end)


@pytest.mark.parametrize(("words", "end"), [
    ("I'd never run before this year", datetime(2026, 1, 1, tzinfo=UTC)),  # a period begun: the time gone by
    ("I need to clean the house before this week", datetime(2026, 5, 18, tzinfo=UTC)),
    ("I need to clean the house before today", datetime(2026, 5, 20, tzinfo=UTC)),
    ("I need to clean the house before this morning", datetime(2026, 5, 20, tzinfo=UTC)),
    ("I never cooked before this month", datetime(2026, 5, 1, tzinfo=UTC)),
    ("I need to clean the house before this evening", datetime(2026, 5, 21, tzinfo=UTC)),  # an evening: by its end
])
def test_before_a_period_begun_is_its_start_unless_an_evening(words: str, end: datetime) -> None:
    ref = datetime(2026, 5, 20, 10, tzinfo=UTC)
    (span,) = find_times(words, ref, "future")
    assert (span.kind, span.start, span.end) == (TimeKind.until, None, end)


@pytest.mark.parametrize("words", ["I need to clean the house by the weekend after next",
                                   "we're away over the weekend after next", "I saw her at the weekend before last"])
def test_the_weekend_after_next_is_not_the_coming_weekend(words: str) -> None:
    ref = datetime(2026, 5, 20, 10, tzinfo=UTC)
    assert all(span.end != datetime(2026, 5, 25, tzinfo=UTC) for span in find_times(words, ref, "future"))
