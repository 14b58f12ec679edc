"""Extra facts a statement does not say, by cause, through the real offline extractor: a denied
tail after a comma ("I live in Oslo, won't be moving") does not deny the clause before it; a home
said "near the beach in San Diego" is San Diego, not the beach; "I'd rather not dwell on it" is no
preference; a "hope the coffee's strong" is no task."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts as read


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I live in Oslo, won't be moving any time soon.", "lives_in", "Oslo"),
    ("My mum lives in Cork still, won't hear of moving over here", "lives_in", "Cork"),
    ("I work at Tesco, can't stand the hours though.", "works_at", "Tesco"),
    ("my brother lives in Leeds, doesn't want to move", "lives_in", "Leeds"),
    ("I'm vegetarian, wouldn't touch a burger.", "diet", "vegetarian"),
])
def test_a_denied_tail_leaves_the_clause_before_it_affirmed(extractor: OfflineExtractor, text: str, predicate: str,
                                                           value: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == predicate and f.object == value]
    assert got and not any(f.negated for f in got), facts(extractor, text)


def test_a_denied_ending_still_reads_as_one(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I'm vegan, don't eat cheese any more.")
    assert any(f.object == "vegan" and not f.negated for f in got), got


@pytest.mark.parametrize(("text", "town"), [
    ("I live near the beach in San Diego.", "San Diego"),
    ("We live close to the park in Leeds.", "Leeds"),
    ("i live next to a school in Bristol", "Bristol"),
    ("I live near my parents in Cork.", "Cork"),
    ("I live near Boston.", "Boston"),
])
def test_a_home_said_by_what_it_is_near_is_the_town(extractor: OfflineExtractor, text: str, town: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.predicate == "lives_in"] == [town]


def test_near_a_thing_alone_names_no_home(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I live near the beach.") if f.predicate == "lives_in"]


@pytest.mark.parametrize("text", [
    "I'd rather not dwell on it.",
    "I'd rather not talk about it.",
    "Window seat, always. I'd rather climb over three strangers than miss the clouds.",
])
def test_a_wish_of_the_moment_is_no_preference(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.memory_type is MemoryType.preference
                and f.object.split()[0] in {"dwell", "talk", "climb"}]


def test_a_preferred_thing_still_is(extractor: OfflineExtractor) -> None:
    assert any(f.memory_type is MemoryType.preference and "tea" in f.object
               for f in facts(extractor, "I'd rather have tea than coffee."))


@pytest.mark.parametrize("text", [
    "Morning! Hope the coffee's strong today.",
    "hope the train's on time today",
    "Wish the weather was better this weekend.",
])
def test_a_hope_is_no_task(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.memory_type is MemoryType.task]


def test_a_hope_to_do_something_is_still_read(extractor: OfflineExtractor) -> None:
    assert any("finish the report" in f.object for f in facts(extractor, "I hope to finish the report by Friday."))


@pytest.mark.parametrize(("text", "word"), [
    ("The library books are due back Friday, mustn't forget.", "library books"),
    ("Got to submit the grant application by the end of the month, haven't even started the budget section.",
     "grant application"),
])
def test_a_task_keeps_its_denied_tail_apart(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert any(f.memory_type is MemoryType.task and word in f.object for f in got), got
    assert not [f for f in got if f.negated], got


@pytest.mark.parametrize("text", [
    "possibly doing the Edinburgh marathon in May if my hip behaves, haven't entered yet",
    "I want to learn Spanish, haven't even started.",
    "haven't booked the venue yet",
])
def test_not_done_yet_denies_nothing_held(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.negated]
