"""What a chat turn must not store, and objects kept whole (issue 12, LoCoMo-style wording),
through ``Memory.add`` on a real SQLite file with the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.model import MemoryType

REF = datetime(2023, 10, 13, 13, 14, tzinfo=UTC)  # a Friday


def stored(mem: Memory, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in mem.add(text, user_id="u", reference_time=REF).facts}


@pytest.mark.parametrize("text", [
    "We played a game last night and it was so much fun.",        # which game?
    "Yep, I read that book and loved it!",
    "I went to an event yesterday and it was fantastic.",
    "I took the first step towards becoming a mom.",               # an idiom, not a trip
    "I reccomend finding a fantasy book series to read through.",  # advice to the listener
    "We got a great turnout and it was amazing.",
])
def test_a_bare_category_word_or_advice_is_no_event(mem: Memory, text: str) -> None:
    assert not {f for f in stored(mem, text) if f[0] not in {"likes"}}


def test_the_speakers_own_thing_and_a_plural_habit_still_count(mem: Memory) -> None:
    assert ("shares", "their book") in stored(mem, "Last week I shared my book with my writers group.")
    assert ("watches", "movies") in stored(mem, "We usually watch movies at my place.")


def test_a_noun_the_parser_split_stays_one_object(mem: Memory) -> None:
    (fact,) = mem.add("By the way, I went to a poetry reading last Fri - it was really powerful!",
                      user_id="u", reference_time=REF).facts
    assert (fact.predicate, fact.object, fact.memory_type) == ("goes_to", "poetry reading", MemoryType.episodic)
    assert fact.valid_from == datetime(2023, 10, 6, tzinfo=UTC)


def test_a_quoted_coinage_keeps_the_speakers_words(mem: Memory) -> None:
    assert ("takes", 'regular "me-time" walks') in stored(mem, "I've been taking regular \"me-time\" walks at the park nearby.")


def test_the_listeners_maybe_does_not_hedge_the_speakers_statement(mem: Memory) -> None:
    (fact,) = mem.add("Coconut milk ice cream is one of my favorites as you might be able to tell.",
                      user_id="u", reference_time=REF).facts
    assert (fact.predicate, fact.object, fact.memory_type) == ("likes", "coconut milk ice cream", MemoryType.preference)


def test_being_at_an_occasion_is_an_event_dated_by_its_time(mem: Memory) -> None:
    (fact,) = mem.add("I was at a music festival last weekend with my friends.", user_id="u", reference_time=REF).facts
    assert (fact.predicate, fact.object, fact.memory_type) == ("attends", "music festival", MemoryType.episodic)
    assert fact.valid_from == datetime(2023, 10, 7, tzinfo=UTC)
    assert ("takes_part_in", "final of a big Valorant tournament") in stored(
        mem, "Crazy thing happened - I was in the final of a big Valorant tournament last Saturday, and I won!")
    assert stored(mem, "I was at home all day.") == set()
    assert stored(mem, "We've been putting in a lot of work on the court.") == set()


@pytest.mark.parametrize("text", [
    "Even as a child, I made some sketches of the main character.",
    "When I was younger, we had some money problems and had to rely on outside help.",
    "It reminds me of the film camera I had as a kid, I took plenty of beach pics.",
])
def test_a_deed_said_long_ago_without_a_date_is_not_dated_at_the_statement(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


def test_when_i_was_a_kid_is_a_time_not_an_identity(mem: Memory) -> None:
    facts = stored(mem, "When I was a kid, I loved horses. Yesterday I went to a rodeo.")
    assert ("is_a", "kid") not in facts
    assert ("goes_to", "rodeo") in facts


@pytest.mark.parametrize("text", [
    "Here's a pic I snapped during one of our practices.",
    "Last week I had a setback.",
    "We've made some great progress on the script.",
    "I put a lot of effort into it.",
])
def test_light_and_photo_objects_name_nothing(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


@pytest.mark.parametrize(("text", "fact"), [
    ('I\'m currently reading "The Lean Startup" and hoping it\'ll give me tips.', ("reads", "The Lean Startup")),
    ("I'm learning German now - tough but fun.", ("learns", "German")),
])
def test_a_pastime_going_on_now_is_no_task(mem: Memory, text: str, fact: tuple[str, str]) -> None:
    assert stored(mem, text) == {fact}
    assert ("has_task", "write the quarterly report") in stored(mem, "I'm currently writing the quarterly report.")


@pytest.mark.parametrize("text", [
    "Plus, I'm trying to stay upbeat and learn as much as I can.",
])
def test_a_piece_of_a_sentence_is_no_object(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()
    facts = stored(mem, "I had a lil car accident last Friday, kinda upsetting but no one was hurt.")
    assert ("has", "lil car accident") in facts and not any("hurt" in o for _, o in facts)


def test_lemmas_of_doubled_consonants_are_mended(mem: Memory) -> None:
    assert ("blogs_about", "politics") in stored(mem, "Since we chatted last, I've been blogging about politics.")
    assert ("preps_for", "their dance studio") in stored(mem, "I'm prepping for my dance studio more than ever!")
