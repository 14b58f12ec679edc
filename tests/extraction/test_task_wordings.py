"""Tasks in new wordings: "mustn't forget to", "need to remember to", a clause
opened by "Got to", "... is on my list for today", with the period they name ("by Friday" is the
coming Friday, though "got" reads as a past form); a habit given up with "quit"/"gave up"; and
the look-alikes that are no task. Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import date

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def tasks(extractor: OfflineExtractor, text: str) -> list[tuple[str, date | None]]:
    return [(f.object, f.task_until.date() if f.task_until else None)
            for f in facts(extractor, text) if f.memory_type is MemoryType.task]


@pytest.mark.parametrize(("text", "words", "until"), [
    ("I mustn't forget to pick up the dry cleaning tomorrow.", "dry cleaning", date(2026, 5, 22)),
    ("need to remember to top up the meter this week", "meter", date(2026, 5, 25)),
    ("Got to hand in the lease renewal by Friday, landlord's chasing.", "lease renewal", date(2026, 5, 23)),
    ("By Saturday I've got to clear out the garage.", "garage", date(2026, 5, 24)),
    ("Sorting the recycling is on my list for today.", "recycling", date(2026, 5, 21)),
])
def test_a_task_in_a_new_wording_has_its_period(extractor: OfflineExtractor, text: str, words: str, until: date) -> None:
    got = tasks(extractor, text)
    assert any(words in o and u == until for o, u in got), got


@pytest.mark.parametrize("text", [
    "I never forget to water the plants.",
    "I got to see the northern lights last winter!",
    "Forgetting my keys is on my list of bad habits.",
])
def test_look_alikes_are_no_task(extractor: OfflineExtractor, text: str) -> None:
    assert tasks(extractor, text) == []


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("I quit drinking energy drinks.", "drinks", "energy drinks"),
    ("We've given up eating red meat.", "eats", "red meat"),
])
def test_a_habit_given_up_ends(extractor: OfflineExtractor, text: str, predicate: str, thing: str) -> None:
    got = [(f.predicate, f.object, f.operation.value) for f in facts(extractor, text)]
    assert (predicate, thing, "end") in got, got


def test_quitting_a_job_is_left_to_the_job_rules(extractor: OfflineExtractor) -> None:
    got = [(f.predicate, f.operation.value) for f in facts(extractor, "I quit my job at the bakery.")]
    assert ("drinks", "end") not in got and all(p != "activity" for p, _ in got)


@pytest.mark.parametrize("text", [
    "My landlord mustn't forget to fix the boiler.",
    "You can't forget to pack the chargers.",
    "Dad needs to remember to renew the car insurance.",
    "My brother still got to pick the holiday cottage.",
])
def test_someone_elses_reminder_is_not_the_speakers_task(extractor: OfflineExtractor, text: str) -> None:
    got = [(f.subject, f.object) for f in facts(extractor, text) if f.memory_type is MemoryType.task]
    assert all(s != "user" for s, _ in got), got


@pytest.mark.parametrize(("text", "words"), [
    ("I really can't forget to cancel the gym membership.", "gym membership"),
    ("So mustn't forget to book the boiler service.", "boiler service"),
])
def test_the_speakers_own_reminder_is_still_a_task(extractor: OfflineExtractor, text: str, words: str) -> None:
    assert any(words in o for o, _ in tasks(extractor, text)), tasks(extractor, text)
