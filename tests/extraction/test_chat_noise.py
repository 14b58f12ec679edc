"""Noise seen in LoCoMo facts, fixed by kind: idioms read as deeds ("took the plunge"), a
pronoun's place read as the thing ("included this at the beginning"), requests ("I could use
some tips") and shared maybes ("we can beat this together") read as facts, a time of the next
clause dating this one ("... and our opener is next week"), and objects running into a new
clause or a place ("Lego, building with it ...", "Portuguese at home"). New wordings; the real
spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2025, 10, 15, 17, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.predicate, f.object) for f in facts]


@pytest.mark.parametrize("text", [
    "I'd wanted to learn surfing for ages and finally took the plunge.",
    "We took the leap last spring.",
    "Last month I took the plunge.",
])
def test_an_idiom_of_deciding_is_no_deed(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p.startswith("takes") for p, _ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "I decided to add this at the very end.",
    "We hung it in the hallway yesterday.",
    "I attached this to my email this morning.",
])
def test_where_a_pronoun_went_is_not_the_thing(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == []


def test_what_was_made_in_a_class_still_says_the_class(extractor: OfflineExtractor) -> None:
    assert ("makes_in", "ceramics class") in read(extractor, "I made it in ceramics class last week.")


@pytest.mark.parametrize("text", [
    "I could really use a vacation.",
    "We could use some help with the move.",
    "Honestly I can totally use a break.",
])
def test_a_request_is_not_a_tool_in_use(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p == "uses" for p, _ in read(extractor, text))


def test_a_tool_in_use_is_still_read(extractor: OfflineExtractor) -> None:
    assert ("uses", "Notion") in read(extractor, "I use Notion for planning.")


@pytest.mark.parametrize("text", [
    "We can beat this together!",
    "Together we could change the whole neighborhood.",
    "We can make a real difference in this town.",
])
def test_a_shared_maybe_is_no_fact(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == []


def test_an_ability_is_still_read(extractor: OfflineExtractor) -> None:
    assert ("knits", "scarves") in read(extractor, "I can knit scarves.")


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm a nurse at the clinic and our new wing opens next month.", ("job_title", "nurse")),
    ("I'm the captain of the team and our first match is on Saturday.", ("is_a", "captain of the team")),
    ("I teach piano and we break for the holidays next week.", ("teaches", "piano")),
])
def test_the_next_clauses_time_does_not_make_a_state_a_plan(extractor: OfflineExtractor, text: str,
                                                             fact: tuple[str, str]) -> None:
    got = read(extractor, text)
    assert fact in got and not any(p.startswith("planned_") for p, _ in got)


@pytest.mark.parametrize(("text", "fact"), [
    ("I've always loved Lego, building with it is so calming.", ("likes", "Lego")),
    ("I really like Lisbon, walking there at night is magic.", ("likes", "Lisbon")),
    ("We speak Portuguese at home.", ("speaks", "Portuguese")),
    ("I use Figma at work.", ("uses", "Figma")),
])
def test_an_object_ends_before_a_new_clause_or_a_place(extractor: OfflineExtractor, text: str,
                                                       fact: tuple[str, str]) -> None:
    assert fact in read(extractor, text)


@pytest.mark.parametrize(("text", "liked"), [
    ("I love sketching, playing the cello and chess.", {"sketching", "playing the cello", "chess"}),
    ("I enjoy swimming, reading thrillers, and cooking.", {"swimming", "reading thrillers", "cooking"}),
])
def test_a_list_of_pastimes_is_one_liking_each(extractor: OfflineExtractor, text: str, liked: set[str]) -> None:
    got = {o for p, o in read(extractor, text) if p == "likes"}
    assert liked <= got and not any("," in o for o in got)
