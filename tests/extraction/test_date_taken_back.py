"""A date taken back on its own in a later message ("Thursday, not Tuesday", "sorry, it's on the
14th, not the 12th") corrects the held plan dated on the day taken back: the wrong record
is retracted (a known_at before the correction still sees it), the right one takes its place.
A real SQLite Memory with a fixed clock, the offline extractor."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.rules_date_fix import date_fix
from kronograph.temporal.said_days import parse_day

MONDAY = datetime(2026, 3, 2, 9, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = MONDAY

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture()
def clock() -> Clock:
    return Clock()


@pytest.fixture()
def mem(tmp_path: Path, clock: Clock) -> Memory:
    return Memory(str(tmp_path / "m.db"), clock=clock)


def _said_then_fixed(mem: Memory, clock: Clock, plan: str, fix: str) -> datetime:
    mem.add(plan, user_id="u", reference_time=MONDAY)
    before = clock.now = MONDAY + timedelta(hours=1)
    clock.now = MONDAY + timedelta(hours=2)
    mem.add(fix, user_id="u", reference_time=clock.now)
    return before


@pytest.mark.parametrize(("plan", "fix", "old", "new"), [
    ("I'm flying to Rome on Tuesday", "Thursday, not Tuesday", "2026-03-03", "2026-03-05"),
    ("I have a dentist appointment on Tuesday", "oops I meant Thursday, not Tuesday", "2026-03-03", "2026-03-05"),
    ("We're having the team dinner on March 12", "sorry, it's on the 14th, not the 12th", "2026-03-12", "2026-03-14"),
    ("I'm flying to Rome on Tuesday", "not Tuesday, Wednesday", "2026-03-03", "2026-03-04"),
    ("We're having the team dinner on March 12", "Sorry - the 14th not the 12th!", "2026-03-12", "2026-03-14"),
    ("I have a job interview on Friday", "my bad, it's Monday not Friday", "2026-03-06", "2026-03-02"),
])
def test_a_day_taken_back_alone_corrects_the_held_date(
        mem: Memory, clock: Clock, plan: str, fix: str, old: str, new: str) -> None:
    before = _said_then_fixed(mem, clock, plan, fix)
    (now,) = mem.facts(user_id="u")
    assert new in now.text and old not in now.text
    (then,) = mem.facts(user_id="u", known_at=before)
    assert old in then.text and then.object == now.object
    wrong = [f for f in mem.history(user_id="u") if f.status.value == "corrected"]
    assert len(wrong) == 1 and wrong[0].retracted_at == clock.now


@pytest.mark.parametrize("fix", ["Friday, not Wednesday", "the 20th, not the 18th"])
def test_a_day_taken_back_that_no_held_date_falls_on_changes_nothing(mem: Memory, clock: Clock, fix: str) -> None:
    _said_then_fixed(mem, clock, "I'm flying to Rome on Tuesday", fix)
    (held,) = mem.history(user_id="u")
    assert "2026-03-03" in held.text and held.status.value == "active"


@pytest.mark.parametrize("text", [
    "I like Thursday, not Tuesday", "Thursday is better than Tuesday", "not Tuesday", "Thursday, not Thursday",
    "the gym is open Thursday, not Tuesday",
])
def test_only_a_message_that_says_two_days_and_nothing_else_is_a_date_fix(text: str) -> None:
    assert date_fix(text, 0) is None


@pytest.mark.parametrize(("said", "date", "fits"), [
    ("Tuesday", datetime(2026, 3, 3, tzinfo=UTC), True),
    ("the 12th", datetime(2026, 3, 12, tzinfo=UTC), True),
    ("March 12th", datetime(2026, 4, 12, tzinfo=UTC), False),
    ("tues", datetime(2026, 3, 4, tzinfo=UTC), False),
])
def test_a_said_day_fits_the_dates_that_fall_on_it(said: str, date: datetime, fits: bool) -> None:
    day = parse_day(said)
    assert day is not None and day.fits(date) is fits


def test_a_day_of_the_month_that_does_not_exist_moves_nowhere() -> None:
    twelfth, thirty_first = parse_day("the 12th"), parse_day("the 31st")
    assert twelfth is not None and thirty_first is not None
    assert twelfth.moved(datetime(2026, 4, 12, tzinfo=UTC), thirty_first) is None


def test_a_held_fact_whose_text_names_no_real_day_is_no_crash(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "flies_to", "Rome", user_id="u", memory_type="task", text="user flies to Rome (from 2026-02-30)")
    clock.now = MONDAY + timedelta(hours=2)
    mem.add("Thursday, not Tuesday", user_id="u", reference_time=clock.now)
    (held,) = mem.history(user_id="u")
    assert held.object == "Rome" and held.status.value == "active"
