"""A slip owned up to in other words ("I stand corrected", "what I meant was", "make that", "I said
X but it's Y", "X rather than Y") is a correction of the same slot; a lead that only clarifies a
request, or a "rather" that is a degree, corrects nothing. Through the real offline extractor."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts as read

REF = datetime(2026, 4, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


@pytest.mark.parametrize("fix", [
    "I stand corrected, I live in Dundee.",
    "Oh, I got that wrong: I live in Dundee.",
    "To correct what I said earlier, I live in Dundee.",
    "Just to clarify, I live in Dundee.",
    "Please disregard that, I live in Dundee.",
    "What I meant was Dundee.",
    "I should have said Dundee.",
    "make that Dundee",
])
def test_owning_up_corrects_the_slot_just_stated(extractor: OfflineExtractor, fix: str) -> None:
    got = [(f.predicate, f.object, f.operation, f.replaces) for f in facts(extractor, "I live in Perth.", fix)]
    assert ("lives_in", "Dundee", Operation.correct, "Perth") in got, got


@pytest.mark.parametrize(("text", "predicate", "value", "wrong"), [
    ("I told you 41 but I'm 42.", "age", "42", "41"),
    ("I said Costa, but I work at Wagamama.", "works_at", "Wagamama", "Costa"),
    ("To correct myself, I'm pescatarian rather than vegetarian.", "diet", "pescatarian", "vegetarian"),
    ("Actually, I'm vegan these days, not vegetarian.", "diet", "vegan", "vegetarian"),
])
def test_the_value_said_in_error_is_the_one_replaced(extractor: OfflineExtractor, text: str, predicate: str,
                                                     value: str, wrong: str) -> None:
    got = facts(extractor, text)
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in got if f.object == value] == \
        [(predicate, value, Operation.correct, wrong)], got
    assert not [f for f in got if f.object == wrong and not f.negated and f.operation is Operation.add]


@pytest.mark.parametrize("text", [
    "Just to clarify, I'd like a window seat.",
    "I said hi to her but she walked off.",
    "I rather like Dundee.",
])
def test_a_lead_that_takes_nothing_back_corrects_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.correct]
