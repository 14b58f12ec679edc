"""Endings in wordings of their own, through the real offline extractor and a real store: a habit
denied since a date ("haven't smoked since March") ends then; "I'm off caffeine now" gives it up;
a giving-up bounded as a trial ("for a week as a test", "for Lent") ends nothing; an ending closes
the record at the time it names, not when it was said; "stopped seeing Mark" ends Mark, once;
objects lose trailing idioms of time ("for good", "ages ago")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import ended
from .reading import facts as read

REF = datetime(2026, 5, 6, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text, reference=REF)


@pytest.mark.parametrize(("text", "word", "since"), [
    ("I haven't smoked since March.", "", "2026-03-01"),
    ("I haven't coached the under-12s since the spring.", "under-12s", "2026-03-01"),
    ("I haven't played tennis since the summer, my knee's been awful.", "tennis", "2025-06-01"),
    ("I haven't eaten meat since 2019.", "meat", "2019-01-01"),
    ("My brother hasn't smoked since March.", "", "2026-03-01"),
])
def test_a_habit_denied_since_a_date_ends_then(extractor: OfflineExtractor, text: str, word: str, since: str) -> None:
    got = [f for f in facts(extractor, text) if f.operation is Operation.end and word in f.object]
    assert got and not any(f.negated for f in got), facts(extractor, text)
    assert got[0].valid_from is not None and got[0].valid_from.date().isoformat() == since


@pytest.mark.parametrize("text", [
    "I haven't seen Tom since May.",
    "I haven't smoked much since March.",
    "Haven't seen a doctor in ages.",
    "I haven't slept since Tuesday.",
])
def test_a_gap_that_is_no_habit_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end]


@pytest.mark.parametrize(("text", "word"), [
    ("I'm off caffeine now.", "caffeine"),
    ("im off the booze for good", "booze"),
    ("I'm completely off sugar these days.", "sugar"),
    ("I've been off cigarettes since March.", "cigarettes"),
    ("Honestly I'm off dairy altogether, it wrecks me.", "dairy"),
])
def test_off_a_habit_gives_it_up(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = ended(facts(extractor, text), word)
    assert got and all(f.object.casefold() == word or f.object.casefold().endswith(word) for f in got), got


@pytest.mark.parametrize("text", [
    "I'm off to Paris tomorrow.",
    "I'm off work today.",
    "I'm off sick.",
    "I'm off now, bye!",
    "I'm off the hook now.",
])
def test_off_somewhere_is_no_ending(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end]


@pytest.mark.parametrize("text", [
    "I quit sugar in my coffee for a week as a test.",
    "I stopped drinking for a month just to see how I'd feel.",
    "i gave up crisps for a couple of weeks as an experiment",
    "We cut out meat for a fortnight, temporarily, to save money.",
    "I gave up chocolate for Lent.",
])
def test_a_trial_giving_up_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end], got
    assert not [f for f in got if f.predicate.split("_")[0] in {"quits", "stops", "gives", "cuts"}], got


def test_a_giving_up_held_for_a_year_now_ends_a_year_ago(extractor: OfflineExtractor) -> None:
    got = ended(facts(extractor, "I gave up smoking for a year now."), "smok")
    assert got and got[0].valid_from is not None and got[0].valid_from.date().isoformat() == "2025-05-06"


@pytest.mark.parametrize(("text", "who"), [
    ("I stopped seeing Mark.", "Mark"),
    ("I'm not seeing Alex anymore.", "Alex"),
    ("i'm no longer dating Priya", "Priya"),
])
def test_stopped_seeing_someone_ends_them_once(extractor: OfflineExtractor, text: str, who: str) -> None:
    got = facts(extractor, text)
    assert [(f.predicate, f.object, f.operation) for f in got] == [("partner", who, Operation.end)]


def test_seeing_someone_still_says_the_relationship(extractor: OfflineExtractor) -> None:
    got = {(f.predicate, f.object) for f in facts(extractor, "I'm seeing Tom.")}
    assert got == {("relationship_status", "in a relationship"), ("partner", "Tom")}


@pytest.mark.parametrize(("text", "want"), [
    ("I've given up the booze for good.", "booze"),
    ("I quit Facebook ages ago.", "Facebook"),
    ("I sold the caravan at last.", "caravan"),
    ("I'm done with dating apps for now.", "dating apps"),
])
def test_an_object_loses_its_trailing_idiom_of_time(extractor: OfflineExtractor, text: str, want: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.operation is Operation.end] == [want]


def test_a_fan_of_theirs_names_no_liking(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I just joined a rock band as their guitarist, I've been a fan of theirs for ages.")
    assert not [f for f in got if f.object.casefold() in {"theirs", "theirs for ages"}], got


@pytest.mark.parametrize(("first", "then", "predicate", "until"), [
    ("I smoke.", "I quit smoking last year.", "activity", "2025-01-01"),
    ("I drink coffee every morning.", "I stopped drinking coffee in March.", "drinks", "2026-03-01"),
    ("I play tennis every week.", "I haven't played tennis since January.", "plays", "2026-01-01"),
    ("I have a gym membership.", "I cancelled my gym membership in February.", "has", "2026-02-01"),
])
def test_an_ending_closes_the_record_when_it_says(tmp_path: Path, first: str, then: str, predicate: str,
                                                  until: str) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add(first, user_id="u", reference_time=datetime(2024, 1, 10, tzinfo=UTC))
        mem.add(then, user_id="u", reference_time=REF)
        held = [f for f in mem.history(user_id="u") if f.predicate == predicate]
        assert [f.valid_until.date().isoformat() if f.valid_until else None for f in held] == [until], held
