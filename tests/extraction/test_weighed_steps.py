"""A step the speaker weighs or may take is kept hedged: "thinking of learning the cello",
"contemplating selling the house", "I might try bouldering", "I could take the offer" are
hedged plans; "I might be late", "I may have left it", "you could try ..." are no plan of the
speaker's. Through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "word"), [
    ("I'm thinking of learning the cello.", "cello"),
    ("I'm thinking about starting a podcast.", "podcast"),
    ("We're contemplating selling the flat.", "flat"),
    ("I'm mulling over switching to a four-day week.", "four-day week"),
    ("I might try bouldering one of these days.", "bouldering"),
    ("I could possibly take the Deloitte offer, still weighing it up.", "Deloitte"),
    ("i may sign up for the choir if they have space", "choir"),
    ("Might do a pottery course in the autumn if work calms down.", "pottery"),
])
def test_a_step_weighed_or_maybe_taken_is_a_hedged_plan(extractor: OfflineExtractor, text: str, word: str) -> None:
    hit = [f for f in facts(extractor, text) if word.lower() in f.object.lower()]
    assert hit and all(f.hedged for f in hit), facts(extractor, text)


@pytest.mark.parametrize("text", [
    "I might be late tonight, the trains are a mess.",
    "I may have left my scarf at yours.",
    "You could try the new Thai place on Mill Road.",
    "I couldn't try the cake, I'm allergic to nuts.",
])
def test_how_things_may_be_or_advice_is_no_plan(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.subject == "user" and f.predicate == "plans_to"]
