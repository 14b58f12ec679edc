"""A household's maybe (issue 12, hedges): "we" with a modal of maybe and a verb of acquiring,
selling or changing one's home, with a concrete object, is the speaker's hedged plan; "we" as
the speaker and the listener meeting, or as everyone, is no plan. The real spaCy model."""

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


def plans(extractor: OfflineExtractor, text: str) -> list[tuple[str, bool]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.object, f.hedged) for f in facts if (f.predicate or "").startswith(("plans_to", "planned_"))]


@pytest.mark.parametrize(("text", "word"), [
    ("We might adopt a rescue greyhound next spring.", "greyhound"),
    ("We may extend the kitchen into the garden if the builders are free.", "kitchen"),
    ("We might well buy a campervan, it depends on money.", "campervan"),
    ("We could possibly get a second dog in the summer.", "dog"),
    ("our plan? we may move to Cornwall, nothing's certain", "Cornwall"),
])
def test_a_households_maybe_is_a_hedged_plan(extractor: OfflineExtractor, text: str, word: str) -> None:
    found = plans(extractor, text)
    assert any(word.lower() in obj.lower() and hedged for obj, hedged in found), found


@pytest.mark.parametrize("text", [
    "We could change the world together.",
    "Could we book a table for four?",
    "We might catch a film on Friday if you're free.",
    "We could buy you a drink sometime.",
    "Maybe we could get lunch on Tuesday?",
    "We may take a while to reply.",
])
def test_we_as_speaker_and_listener_or_everyone_is_no_plan(extractor: OfflineExtractor, text: str) -> None:
    assert plans(extractor, text) == []


@pytest.mark.parametrize("text", [
    # a firm's "we" (review 34): hiring, opening or closing a thing not owned is work, not the household
    "We might hire a new developer",
    "We might close the office next year",
    "We could open a new branch in Leeds next year",
    "We may employ a part-time receptionist.",
    "We might close the Leeds site next year.",
    "We could expand the team next quarter.",
    # a thing to hand, not a step taken
    "We could put the kettle on",
    "We might put the table by the window.",
])
def test_a_firms_we_or_a_thing_to_hand_is_no_household_plan(extractor: OfflineExtractor, text: str) -> None:
    assert plans(extractor, text) == []


def test_a_firms_step_with_a_thing_of_ones_own_is_still_a_household_plan(extractor: OfflineExtractor) -> None:
    assert any("bakery" in obj and hedged for obj, hedged in plans(extractor, "We might open our own bakery next year."))
