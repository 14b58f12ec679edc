"""Chat turns whose literal reading says nothing (idioms, aspirations, the listener, pronouns,
vague objects), objects kept to a whole noun phrase, and attempts that are no chores (issue 12,
round 21), through ``Memory.add`` on a real SQLite file with the real spaCy model. Every
category is checked in at least three wordings, none copied from LoCoMo."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.model import MemoryType

REF = datetime(2024, 3, 14, 10, 0, tzinfo=UTC)


def stored(mem: Memory, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in mem.add(text, user_id="u", reference_time=REF).facts}


@pytest.mark.parametrize("text", [
    "After a few weeks I finally got the hang of it.",
    "It took me a while but I got the guts to sing on stage.",
    "We went dancing on Friday and I could let my hair down for once.",
    "I'll definitely stay in touch with you.",
    "We hit a snag with the renovation this week.",
    "I'm doing okay, thanks.",
])
def test_an_idiom_is_not_read_literally(mem: Memory, text: str) -> None:
    facts = stored(mem, text)
    assert not {f for f in facts if f[1].split()[-1:] in (["it"], ["guts"], ["hair"], ["touch"], ["snag"], ["okay"])}


@pytest.mark.parametrize("text", [
    "I'm gonna keep pushing and chase my dreams!",
    "I want to keep making a positive impact.",
    "I'll keep working hard to reach my goals no matter what.",
    "Gonna keep going and never stop.",
])
def test_an_aspiration_with_nothing_concrete_stores_nothing(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


def test_a_plan_with_something_concrete_is_kept(mem: Memory) -> None:
    assert any(p == "plans_to" and "pottery" in o for p, o in stored(mem, "I want to keep taking pottery classes."))
    assert any(p == "plans_to" and "marathon" in o for p, o in stored(mem, "I'm going to run a marathon in the fall."))


@pytest.mark.parametrize("text", [
    "Enjoy yourself at the concert!",
    "I really admire your patience with the kids.",
    "I love seeing your progress on the garden.",
])
def test_the_listeners_things_are_not_the_speakers_facts(mem: Memory, text: str) -> None:
    assert not {f for f in stored(mem, text) if "your" in f[1] or "yourself" in f[1]}


@pytest.mark.parametrize("text", [
    "I want to turn it into a short film.",
    "Planning a trip there in the summer.",
    "I'm thinking of asking her out for dinner.",
])
def test_an_object_that_is_a_pronoun_for_something_said_elsewhere_is_dropped(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


@pytest.mark.parametrize(("text", "fact"), [
    ("I bought this lamp last week.", None),
    ("I finished this book last night.", None),
    ("I repainted this chair yesterday! [shares a photo: a photo of a blue wooden chair on a porch]",
     ("repaints", "blue wooden chair")),
])
def test_a_demonstrative_thing_is_named_by_the_caption_or_dropped(mem: Memory, text: str,
                                                                   fact: tuple[str, str] | None) -> None:
    facts = stored(mem, text)
    assert (fact in facts) if fact else not {f for f in facts if f[1] in {"lamp", "book"}}


@pytest.mark.parametrize(("text", "fact"), [
    ("Last month I wrote articles about vintage synthesizers.", ("writes", "articles about vintage synthesizers")),
    ("Last week I set up meetings with local farmers.", ("sets_up", "meetings with local farmers")),
    ("I've been taking notes about bird migration.", ("takes", "notes about bird migration")),
])
def test_what_a_talk_or_meeting_is_about_stays_in_the_object(mem: Memory, text: str, fact: tuple[str, str]) -> None:
    assert fact in stored(mem, text)


@pytest.mark.parametrize(("text", "obj"), [
    ("Yesterday I organized a 10K charity run for the hospital.", "10K charity run"),
    ("I volunteered at a career fair last Saturday.", "career fair"),
    ("We held a bake sale at school on Friday.", "bake sale"),
])
def test_a_compound_the_parser_split_stays_whole(mem: Memory, text: str, obj: str) -> None:
    assert any(o == obj for _, o in stored(mem, text))


@pytest.mark.parametrize(("text", "obj"), [
    ("I'm trying to cut down on caffeine.", "cut down on caffeine"),
    ("I've been trying to read more before bed.", "read more before bed"),
    ("We're trying to save for a house.", "save for a house"),
])
def test_trying_to_is_an_attempt_not_a_chore(mem: Memory, text: str, obj: str) -> None:
    (fact,) = mem.add(text, user_id="u", reference_time=REF).facts
    assert (fact.predicate, fact.object) == ("tries_to", obj)
    assert fact.memory_type is not MemoryType.task and fact.expires_at is None


@pytest.mark.parametrize("text", [
    "The hike was long - gave me a real sense of calm.",
    "I treasure every memory with them.",
    "We made some wishes and watched the stars.",
])
def test_a_feeling_given_or_a_vague_keepsake_is_no_deed(mem: Memory, text: str) -> None:
    assert not {f for f in stored(mem, text) if f[0] in {"gives", "treasures", "makes"}}


@pytest.mark.parametrize(("text", "fact"), [
    ("I heard some amazing stories from an old sailor named Pete.", ("hears_from", "old sailor named Pete")),
    ("I wrote a few bits for a podcast last week.", ("writes_for", "podcast")),
    ("Picked up some camping stuff and a new tent.", None),
    ("I spent hours with the kids at the lake.", ("spends_with", "kids")),
])
def test_a_vague_object_gives_way_to_what_is_named_beside_it(mem: Memory, text: str,
                                                             fact: tuple[str, str] | None) -> None:
    facts = stored(mem, text)
    if fact:
        assert fact in facts
    assert not {f for f in facts if f[1].split()[-1] in {"stories", "bits", "stuff", "hours"}}


@pytest.mark.parametrize(("text", "word"), [
    ("Last month I got hurt and had to take a break.", "hurt"),
    ("I got injured at practice on Monday.", "injured"),
    ("My sister got hurt in a car accident last week.", "hurt"),
])
def test_getting_hurt_is_a_dated_event(mem: Memory, text: str, word: str) -> None:
    facts = mem.add(text, user_id="u", reference_time=REF).facts
    event = next(f for f in facts if word in f.text)
    assert event.memory_type is MemoryType.episodic and event.valid_from is not None and event.valid_from < REF


@pytest.mark.parametrize(("text", "obj"), [
    ("Spider-Man has always been a favorite of mine.", "Spider-Man"),
    ("Lasagna is my top pick for a cold night.", "lasagna"),
    ("Jazz is my go-to when I need to focus.", "jazz"),
])
def test_other_ways_to_name_a_favourite(mem: Memory, text: str, obj: str) -> None:
    assert ("likes", obj) in {(p, o.lower() if o[0].islower() or p != "likes" else o) for p, o in stored(mem, text)} \
        or ("likes", obj.capitalize()) in stored(mem, text)


@pytest.mark.parametrize("text", [
    "I've been chasing my ambitions lately.",
    "Being able to make a difference brings me joy.",
    "I just want to live authentically and help others.",
])
def test_a_liking_or_deed_made_of_goals_in_general_stores_nothing(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


def test_a_deed_whose_verb_says_what_happened_keeps_a_general_object(mem: Memory) -> None:
    assert ("life_event", "got promoted") in stored(mem, "I got promoted at work last week!")  # what befell them (rules_events)
    assert ("likes", "helping people") in stored(mem, "I just like helping people.")
