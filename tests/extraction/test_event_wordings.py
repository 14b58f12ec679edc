"""Dated past events in chat wordings (issue 12, LoCoMo style): a turn that drops its "I"
("Went climbing on Sunday"), "got back from" a place or a trip to one; each an episodic memory
valid from the resolved day. And what must not change: an undated turn without its "I" is not
given one, a "got back from" a walk keeps no place. Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import date

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def events(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, date | None]]:
    return [(f.predicate, f.object, f.valid_from.date() if f.valid_from else None)
            for f in facts(extractor, text) if f.memory_type is MemoryType.episodic]


@pytest.mark.parametrize(("text", "words", "day"), [
    ("Went climbing on Sunday, my arms are dead.", "climb", date(2026, 5, 17)),
    ("met my new line manager yesterday, seems decent", "line manager", date(2026, 5, 19)),
    ("Got back from Copenhagen last night, what a city.", "Copenhagen", date(2026, 5, 19)),
    ("We came back from a lovely week in Crete on Saturday.", "Crete", date(2026, 5, 16)),
    ("Just signed up for a life drawing class yesterday!", "life drawing class", date(2026, 5, 19)),
])
def test_a_dated_event_in_a_chat_wording(extractor: OfflineExtractor, text: str, words: str, day: date) -> None:
    got = events(extractor, text)
    assert any(words in o and d == day for _, o, d in got), got


def test_a_trip_named_by_its_place_keeps_the_place(extractor: OfflineExtractor) -> None:
    got = events(extractor, "Got back from a long weekend in Galway yesterday.")
    assert [o for _, o, _ in got if "weekend" in o] == [] and any("Galway" in o for _, o, _ in got), got


@pytest.mark.parametrize("text", [
    "Went quiet after that, didn't know what to say.",
    "Met with silence, as usual.",
])
def test_an_undated_turn_without_its_i_gets_no_event(extractor: OfflineExtractor, text: str) -> None:
    assert all(p not in {"goes", "meets"} for p, _, _ in events(extractor, text))
