"""Likings and dislikes in everyday idioms the rules read once rewritten (stance_wordings): "X > Y",
"has become my fave", "the best thing about X is Y", "X has grown on me", "I've gone off X",
"X? Not for me", "my comfort food", a lead-in ("I have to say I ..."); a dislike kept as the liking
negated too; an ending said as a denial ("I don't eat pork anymore") negated; a comment after a
denial ("it's a family thing") that leaves the denial standing; and the controls that must store
no liking of the speaker. Real spaCy model, real SQLite file."""

from __future__ import annotations

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def own(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return [f for f in facts(extractor, text) if f.subject == "user"]


def liked(got: list[CandidateFact], thing: str) -> bool:
    return any(thing in f.object.lower() and not f.negated and f.operation is Operation.add
               and (f.predicate == "likes" or f.predicate.startswith("prefer")) for f in got)


def denied(got: list[CandidateFact], thing: str) -> bool:
    return any(thing in f.object.lower() and f.negated for f in got)


@pytest.mark.parametrize(("text", "thing"), [
    ("Vinyl > streaming for me, the crackle is half the fun.", "vinyl"),
    ("cats > dogs, fight me", "cats"),
    ("Tea > coffee.", "tea"),
    ("Audiobooks > podcasts imo", "audiobooks"),
    ("honestly trains > planes every time", "trains"),
    ("Crosswords have become my fave way to unwind before bed.", "crosswords"),
    ("Tacos became my go-to on busy nights.", "tacos"),
    ("Yoga has really become my favourite way to start the day.", "yoga"),
    ("Honestly, the best thing about summer is eating strawberries from the punnet.", "strawberries"),
    ("the highlight of my week is band practice", "band practice"),
    ("My favourite part of the holidays has to be the board games.", "board games"),
    ("Band practice is easily the best part of my week.", "band practice"),
    ("Knitting has really grown on me, I find it so calming now.", "knitting"),
    ("jazz has kind of grown on me", "jazz"),
    ("Sushi? Love it.", "sushi"),
    ("Pho is my ultimate comfort food.", "pho"),
    ("karaoke is my guilty pleasure", "karaoke"),
    ("The allotment is my happy place.", "allotment"),
    ("I have to say I really love baking bread with the kids.", "baking bread"),
    ("I'll be honest, I love a good spreadsheet.", "spreadsheet"),
    ("I quite like a good whodunnit.", "whodunnit"),
    ("I would much rather have a cup of tea than a glass of wine.", "cup of tea"),
    ("I love the beach.", "beach"),
    ("I really love the smell of fresh bread.", "smell of fresh bread"),
    ("I love Friday nights.", "nights"),
])
def test_a_liking_in_an_idiom(extractor: OfflineExtractor, text: str, thing: str) -> None:
    got = own(extractor, text)
    assert liked(got, thing), (text, got)
    assert not any(f.predicate.startswith("planned_") or f.predicate == "has_task" for f in got), got


@pytest.mark.parametrize(("text", "thing"), [
    ("Marathons? Not for me, my knees would never forgive me.", "marathons"),
    ("Horror films? Not my thing.", "horror films"),
    ("Opera? Nah, not my cup of tea.", "opera"),
    ("Reality TV is not really my thing, too much shouting.", "reality tv"),
    ("Golf isn't my thing, too slow.", "golf"),
    ("Mondays are the worst.", "mondays"),
    ("The worst thing about winter is the dark mornings.", "dark mornings"),
    ("Can't stand the smell of durian, it's like old socks.", "durian"),
    ("I hate cold weather.", "cold weather"),
    ("Jazz does absolutely nothing for me.", "jazz"),
])
def test_a_dislike_is_also_the_liking_negated(extractor: OfflineExtractor, text: str, thing: str) -> None:
    got = own(extractor, text)
    assert denied(got, thing), (text, got)
    assert not liked(got, thing), got


@pytest.mark.parametrize(("text", "thing"), [
    ("I've gone off sushi after that bad batch last month.", "sushi"),
    ("i've totally gone off coffee", "coffee"),
    ("I've fallen out of love with running.", "running"),
    ("I don't eat pork anymore, haven't for about two years.", "pork"),
    ("I no longer eat pork.", "pork"),
])
def test_an_ending_said_as_a_denial_ends_and_denies(extractor: OfflineExtractor, text: str, thing: str) -> None:
    got = [f for f in own(extractor, text) if thing in f.object.lower()]
    assert got and all(f.operation is Operation.end and f.negated for f in got), (text, got)


@pytest.mark.parametrize(("text", "thing"), [
    ("i don't eat pork, never have, it's a family thing", "pork"),
    ("I've never learned to swim, it's a bit embarrassing.", "swim"),
    ("I don't drink, it's a personal choice.", "drink"),
])
def test_a_comment_after_a_denial_leaves_it_standing(extractor: OfflineExtractor, text: str, thing: str) -> None:
    got = own(extractor, text)
    assert denied(got, thing), (text, got)
    assert not any(f.operation is Operation.correct for f in got), got


@pytest.mark.parametrize("text", [
    "I'm not on Android, it's iOS.",
    "I don't live in Leeds, it's Bradford.",
])
def test_a_value_after_a_denial_still_corrects(extractor: OfflineExtractor, text: str) -> None:
    assert any(f.operation is Operation.correct for f in own(extractor, text)), text


@pytest.mark.parametrize("text", [
    "Do you like sushi? Not for me.",
    "What about opera? Not my thing.",
    "You're the best!",
    "The best thing about it is you can cancel anytime.",
    "If I liked horror films I'd come with you.",
    "I'd love to hear more about your trip!",
    "Would you rather have pizza or pasta?",
    "He's gone off the rails lately.",
    "Classic rock is my thing, I could dig through old records for hours.",
])
def test_what_stores_no_stray_liking(extractor: OfflineExtractor, text: str) -> None:
    got = own(extractor, text)
    stray = [f for f in got if f.predicate in {"likes", "dislikes"} and not f.negated
             and any(w in f.object.lower() for w in ("sushi", "you", "horror", "hear", "trip", "pizza", "rails",
                                                      "through", "cancel", "best"))]
    assert not stray, (text, got)


def test_a_dislike_ends_a_liking_held_before(mem: Memory) -> None:
    mem.add("I love musicals.", user_id="d1", reference_time="2026-01-05T09:00:00+00:00")
    mem.add("Musicals? Not for me, too much singing.", user_id="d1", reference_time="2026-03-05T09:00:00+00:00")
    assert not [f for f in mem.facts(user_id="d1", predicate="likes") if "musical" in f.object.lower()]
    assert [f.object for f in mem.facts(user_id="d1", predicate="likes", as_of="2026-02-01")] == ["musicals"]


def test_an_ending_with_nothing_held_is_kept_as_the_denial(mem: Memory) -> None:
    mem.add("I don't eat pork anymore.", user_id="d2", reference_time="2026-03-05T09:00:00+00:00")
    held = mem.facts(user_id="d2")
    assert any("pork" in f.object and f.predicate.startswith("not_") for f in held), held
