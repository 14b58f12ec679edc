"""How one works or eats now, said with the speaker left out ("went freelance in January") or as a
state with "now" ("I'm self-employed now"), is the slot's new value (change_wordings, rules_facts)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 3, 10, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("went freelance in January after the layoffs", "employment_status", "freelance"),
    ("yeah went part-time in the summer", "employment_status", "part-time"),
    ("gone vegan since March, feel great", "diet", "vegan"),
    ("went vegetarian last year", "diet", "vegetarian"),
    ("I'm self-employed now.", "employment_status", "self-employed"),
    ("I'm part-time now.", "employment_status", "part-time"),
    ("I went freelance after the layoffs.", "employment_status", "freelance"),
])
def test_a_way_of_working_or_eating_taken_up_is_the_slots_value(extractor: OfflineExtractor, text: str, slot: str,
                                                                 value: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))).facts
    assert [(f.predicate, f.object) for f in facts] == [(slot, value)], facts
