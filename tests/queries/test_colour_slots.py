"""A thing's colour said again later: the two messages fill one slot (``current_colour_`` and
the thing), so the later colour closes the earlier, search puts the later message first and
context() shows the earlier colour only as earlier. A real Memory: SQLite file, the offline
extractor, MiniLM."""

from __future__ import annotations

import pytest

from kronograph import Memory

from .test_search import current_lines, said_then_updated


def colour_facts(mem: Memory, thing: str) -> list[tuple[str, str]]:
    return [(f.object, f.status.value)
            for f in mem.history(user_id="u1", predicate="current_colour_" + thing.replace(" ", "_"))]


@pytest.mark.parametrize(("original", "update", "thing", "old", "new", "question"), [
    ("Our garage door is a dark red.", "Got the garage door resprayed in a pale grey.", "garage door",
     "dark red", "pale grey", "What shade is the door of the garage?"),
    ("Our settee is burgundy.", "We had the couch reupholstered in a deep teal.", "sofa",
     "burgundy", "deep teal", "What colour is the seat in the den?"),
    ("My scooter is lime green.", "The scooter's gone charcoal after a respray.", "scooter",
     "lime green", "charcoal", "What colour is my moped?"),
    ("Our tent is a khaki canvas one.", "New tent arrived: burnt orange.", "tent", "khaki", "burnt orange",
     "What colour do we camp in?"),
])
def test_a_later_colour_of_the_same_thing_closes_the_earlier_and_ranks_first(
        rmem: Memory, original: str, update: str, thing: str, old: str, new: str, question: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    assert colour_facts(rmem, thing) == [(old, "superseded"), (new, "active")]
    ids = [h.id for h in rmem.search(question, user_id="u1", k=5)]
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)
    assert all(old not in line for line in current_lines(rmem.context(question, user_id="u1")))


def test_a_colour_of_another_thing_or_a_question_does_not_close_it(rmem: Memory) -> None:
    said_then_updated(rmem, "My back door is olive green.", "Our front door is bright yellow now.")
    rmem.add("Is my back door blue?", user_id="u1", reference_time="2026-03-05")
    rmem.add("The sky is grey this morning.", user_id="u1", reference_time="2026-03-06")
    rmem.add("If the back door were white it would look cleaner.", user_id="u1", reference_time="2026-03-07")
    rmem.add("The new back door neighbour: a grey sort of man.", user_id="u1", reference_time="2026-03-08")
    rmem.add("My cousin's back door is navy.", user_id="u1", reference_time="2026-03-09")
    rmem.add("Forget that the back door is magenta, I was joking.", user_id="u1", reference_time="2026-03-10")
    rmem.add("Last night I dreamt my back door was gold.", user_id="u1", reference_time="2026-03-11")
    assert colour_facts(rmem, "back door") == [("olive green", "active")]
    assert colour_facts(rmem, "front door") == [("bright yellow", "active")]
