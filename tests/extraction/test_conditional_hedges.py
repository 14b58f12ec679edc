"""A step ahead said with the condition it hangs on ("..., if the mortgage comes through",
"..., depending on work", "..., budget permitting") is hedged (issue 12); a condition about the
listener, or one after a settled fact, hedges nothing. The real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2025, 3, 12, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[tuple[str, bool]]:
    found = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.object, f.hedged) for f in found]


@pytest.mark.parametrize(("text", "word"), [
    ("We're hoping to buy a house next year, if the mortgage comes through.", "house"),
    ("I'll do the Camino in May, depending on work.", "Camino"),
    ("I'm planning to move to Lisbon next year, as long as the visa works out.", "Lisbon"),
    ("I'll start the new job in June, assuming the references are fine.", "new job"),
    ("gonna get a puppy in the summer, it all depends on the landlord", "puppy"),
])
def test_a_step_that_hangs_on_a_condition_is_hedged(extractor: OfflineExtractor, text: str, word: str) -> None:
    found = facts(extractor, text)
    assert any(word.lower() in obj.lower() and hedged for obj, hedged in found), found


@pytest.mark.parametrize(("text", "word"), [
    ("I'll be in Paris next week, if you want to meet up.", "Paris"),  # the condition is the listener's
    ("I moved to Leeds last year, if you remember.", "Leeds"),
    ("I'm vegan, if that matters.", "vegan"),
    ("I'm going to Rome in May, and I can't wait.", "Rome"),
])
def test_a_condition_about_the_listener_or_after_a_fact_hedges_nothing(extractor: OfflineExtractor, text: str,
                                                                       word: str) -> None:
    found = facts(extractor, text)
    assert found and all(not hedged for obj, hedged in found if word.lower() in obj.lower()), found
