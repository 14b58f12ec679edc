"""When a told event happened: relative times in chat wordings ("this past Friday", "three weeks
back", "back in March", "at the weekend") and a verbless lead-in ("Over the weekend, we ...")
read in the tense of the clause they date. New wordings; the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.timeexpr import find_times
from kronograph.model import MemoryType, Scope

REF = datetime(2025, 10, 15, 17, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list:
    return extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                          scope=Scope(user_id="u"))).facts


@pytest.mark.parametrize(("text", "start"), [
    ("we hosted it this past Friday", "2025-10-10"),
    ("she called past Monday", "2025-10-13"),
    ("I sold it three weeks back", "2025-09-24"),
    ("we met a couple of days back", "2025-10-13"),
    ("the storm hit a few nights ago", "2025-10-12"),
    ("we found it back in November", "2024-11-01"),
    ("the weekend before last we drove up", "2025-10-04"),
    ("I saw them months ago", "2025-07-15"),
])
def test_relative_times_in_chat_wordings_resolve_to_the_past(text: str, start: str) -> None:
    spans = find_times(text, REF, "nearest")
    assert spans and spans[0].start is not None and spans[0].start.date().isoformat() == start


@pytest.mark.parametrize(("text", "prefer", "start"), [
    ("we had a barbecue at the weekend", "past", "2025-10-11"),    # the one gone by
    ("we're having a barbecue at the weekend", "future", "2025-10-18"),
    ("I'll be back in November", "future", "2025-11-01"),         # "back in" of a plan is ahead
    ("this Friday works for me", "nearest", "2025-10-17"),        # "this" without "past" is coming
])
def test_what_lies_ahead_stays_ahead(text: str, prefer: str, start: str) -> None:
    spans = find_times(text, REF, prefer)  # type: ignore[arg-type]
    assert spans and spans[0].start is not None and spans[0].start.date().isoformat() == start


@pytest.mark.parametrize(("text", "predicate", "start"), [
    ("Over the weekend, my cousin and I repainted the garden shed.", "repaints", "2025-10-11"),
    ("On Saturday, we toured a cider farm.", "tours", "2025-10-11"),
    ("At the weekend I assembled a bookcase for my daughter.", "assembles", "2025-10-11"),
])
def test_a_verbless_lead_in_dates_a_past_deed_in_the_past(extractor: OfflineExtractor, text: str, predicate: str,
                                                          start: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == predicate]
    assert found and found[0].memory_type is MemoryType.episodic
    assert found[0].valid_from is not None and found[0].valid_from.date().isoformat() == start


@pytest.mark.parametrize("text", [
    "Over the weekend, we're touring a cider farm.",        # ahead: no past deed
    "On Saturday, I'm going to repaint the garden shed.",   # a plan
    "Over the weekend, did you tour the cider farm?",       # a question to the other person
])
def test_a_lead_in_before_a_plan_or_a_question_makes_no_past_event(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.memory_type is MemoryType.episodic and f.valid_from is not None and f.valid_from < REF
                   for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "predicate"), [
    ("I ran a half marathon two weeks back.", "runs"),
    ("We set up a bake sale a few weeks back.", "sets_up"),
    ("I picked up a used kayak some days back.", "picks_up"),
])
def test_back_in_a_time_phrase_is_no_particle(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    found = [f for f in facts(extractor, text) if f.memory_type is MemoryType.episodic]
    assert [f.predicate for f in found] == [predicate]
    assert found[0].valid_from is not None and found[0].valid_from < REF
