"""Plans with their day: what the speaker will do on a day ahead ("tomorrow I'm ...", "I'll ...
on Monday", "day after tomorrow ...") keeps that day, as a plan or as a task on that day; a move
said in the present progressive ("I'm moving to Glasgow once the lease is up") is a move to come,
never where the speaker lives today. Through the real offline extractor and store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts

# reading.REF is Wednesday 2026-05-20


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _dated(extractor: OfflineExtractor, text: str, word: str) -> list[str]:
    return [f.text for f in facts(extractor, text) if word.lower() in f.object.lower()]


@pytest.mark.parametrize(("text", "word", "day"), [
    ("Tomorrow I'm taking the kids to the zoo.", "zoo", "2026-05-21"),
    ("I'll repaint the shed on Saturday.", "shed", "2026-05-23"),
    ("day after tomorrow im getting my braces off!!", "braces", "2026-05-22"),
    ("On Monday I'm going to join the climbing club.", "climbing club", "2026-05-25"),
    ("I will sign the lease on Friday, finally.", "lease", "2026-05-22"),
    ("Tomorrow I'm presenting the budget to the trustees.", "budget", "2026-05-21"),
    ("I'll start the night shifts next month.", "night shifts", "2026-06-01"),
])
def test_what_is_done_on_a_day_ahead_keeps_that_day(extractor: OfflineExtractor, text: str, word: str,
                                                     day: str) -> None:
    got = _dated(extractor, text, word)
    assert got and all(f"(from {day})" in t for t in got), got


@pytest.mark.parametrize("text", [
    "This week I'm clearing out the loft.",
    "I need to renew my passport by Friday.",
    "I'll call you tomorrow.",
    "I'll send you the file tomorrow.",
])
def test_a_task_of_today_or_a_promise_to_the_listener_has_no_day_ahead(extractor: OfflineExtractor,
                                                                         text: str) -> None:
    assert not [f for f in facts(extractor, text) if "(from " in f.text]


@pytest.mark.parametrize(("text", "place"), [
    ("I'm moving to Glasgow once the lease runs out.", "Glasgow"),
    ("we're relocating to Perth for Dan's job", "Perth"),
    ("Moving in with my boyfriend in Salford at the end of the month.", "Salford"),
    ("My wife and I are emigrating to Auckland in the spring.", "Auckland"),
    ("I'm moving back to Cork in May to be near my parents.", "Cork"),
])
def test_a_move_in_the_progressive_is_a_move_to_come(extractor: OfflineExtractor, text: str, place: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate == "lives_in"], got
    assert [f for f in got if f.predicate == "planned_lives_in" and f.object == place], got


@pytest.mark.parametrize(("text", "place"), [
    ("I moved to Glasgow last year.", "Glasgow"),
    ("We've moved to Perth.", "Perth"),
])
def test_a_move_made_is_where_the_speaker_lives(extractor: OfflineExtractor, text: str, place: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.predicate == "lives_in"] == [place]


def test_an_arranged_move_leaves_the_current_home_current(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I live in Leeds.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
        mem.add("I'm moving to Glasgow once the lease runs out.", user_id="u",
                reference_time=datetime(2026, 2, 1, tzinfo=UTC))
        assert [f.object for f in mem.facts(user_id="u", predicate="lives_in")] == ["Leeds"]
