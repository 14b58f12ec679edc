"""Likings said in chat constructions the rules read once rewritten (stance_wordings) or from the
parse (rules_opinions): the thing first with "my kind of book", "my idea of a perfect evening",
"top of my list", "my cup of tea"; a choice ("I'd take X over Y", "X over Y, every time"); "you
can't beat X", "there's nothing like X", "big on X"; dislikes ("not for me", "X and I don't get
along"); and a preference in a slot of its own ("coffee is my drink", "a tea person"), so a later
one on the same topic replaces the earlier. Real spaCy model, real SQLite file."""

from __future__ import annotations

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object.lower()) for f in facts(extractor, text) if f.subject == "user" and not f.negated}


@pytest.mark.parametrize(("text", "thing"), [
    ("Crime thrillers are my kind of book, the darker the better.", "crime thrillers"),
    ("A long bath with a podcast is my idea of a perfect evening.", "long bath"),
    ("Mint choc chip has been top of my list since I was a kid.", "mint choc chip"),
    ("Folk music is my cup of tea.", "folk music"),
    ("Given the choice I'd take trains over planes every time.", "trains"),
    ("Audiobooks over podcasts, every single time.", "audiobooks"),
    ("honestly i'd choose a quiet pub over a club any day", "quiet pub"),
    ("Paperbacks over e-readers, hands down.", "paperbacks"),
    ("You can't beat a proper cooked breakfast after a long run.", "cooked breakfast"),
    ("There's nothing like a cold swim in the sea first thing.", "cold swim"),
    ("I'm really big on board games at the moment.", "board games"),
    ("Baking bread is what makes me happy.", "baking bread"),
    ("a hot shower after a run always calms me down", "hot shower"),
    ("Cold water swimming is the one thing that recharges me properly.", "cold water swimming"),
    ("Oat milk, always.", "oat milk"),
    ("Aisle seat every single time.", "aisle seat"),
    ("I've always been fascinated by volcanoes.", "volcanoes"),
    ("Stardew Valley is so addictive.", "stardew valley"),
])
def test_a_liking_in_a_chat_construction(extractor: OfflineExtractor, text: str, thing: str) -> None:
    assert any(thing in obj and (p in {"likes", "prefers"} or p.startswith("preferred_")) for p, obj in read(extractor, text)), text


@pytest.mark.parametrize(("text", "thing"), [
    ("Opera is just not my cup of tea, sorry.", "opera"),
    ("Musicals just aren't for me.", "musicals"),
    ("Spicy food and I don't get along.", "spicy food"),
])
def test_a_dislike_in_a_chat_construction(extractor: OfflineExtractor, text: str, thing: str) -> None:
    assert any(p == "dislikes" and thing in obj for p, obj in read(extractor, text)), text


@pytest.mark.parametrize(("text", "slot", "thing"), [
    ("coffee is my drink, always has been", "preferred_drink", "coffee"),
    ("Jazz is my music, has been since uni.", "preferred_music", "jazz"),
    ("I'm more of a tea person these days.", "preferred_drink", "tea"),
    ("Honestly I'm a coffee guy, can't start the day without it.", "preferred_drink", "coffee"),
])
def test_a_preference_with_a_category_is_keyed_by_it(extractor: OfflineExtractor, text: str, slot: str, thing: str) -> None:
    assert (slot, thing) in read(extractor, text)


@pytest.mark.parametrize("text", [
    "My brother can't get enough of Formula 1.",
    "There's nothing like it.",
    "I'll have a think over the weekend.",
    "I'm a morning person, not a night owl.",
    "Same time next week, always.",
    "Yes, always.",
    "My boss really stresses me out.",
])
def test_what_is_no_liking_of_the_speaker(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"likes", "prefers"} or p.startswith("preferred_") for p, _ in read(extractor, text)), text


def test_a_cleft_keeps_the_slot_the_parse_gives(extractor: OfflineExtractor) -> None:
    assert ("motivated_by", "gardening") in read(extractor, "Gardening is what really keeps me sane these days.")


def test_a_later_preference_on_the_same_topic_supersedes_the_earlier(mem: Memory) -> None:
    mem.add("coffee is my drink", user_id="p1", reference_time="2026-01-05T09:00:00+00:00")
    mem.add("I'm more of a tea person these days.", user_id="p1", reference_time="2026-03-05T09:00:00+00:00")
    assert [f.object for f in mem.facts(user_id="p1", predicate="preferred_drink")] == ["tea"]
    assert [f.object for f in mem.facts(user_id="p1", predicate="preferred_drink", as_of="2026-02-01")] == ["coffee"]
