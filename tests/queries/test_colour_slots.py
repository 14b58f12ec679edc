"""A thing's colour said again later: the two messages fill one slot (``current_colour`` of
the thing), so the later colour closes the earlier and search puts the later message first.
A real Memory: SQLite file, the offline extractor, MiniLM."""

from __future__ import annotations

import pytest

from kronograph import Memory

from .test_search import said_then_updated


def colour_facts(mem: Memory, thing: str) -> list[tuple[str, str]]:
    return [(f.object, f.status.value) for f in mem.history(user_id="u1", predicate="current_colour")
            if f.subject.casefold() == f"user's {thing}"]


@pytest.mark.parametrize(("original", "update", "thing", "old", "new", "question"), [
    ("Our garage door is a dark red.",
     "Got the garage door resprayed in a pale grey.", "garage door", "dark red", "pale grey",
     "What shade is the door of the garage?"),
    ("Our settee is burgundy.", "We had the couch reupholstered in a deep teal.", "sofa",
     "burgundy", "deep teal", "What colour is the seat in the den?"),
])
def test_a_later_colour_of_the_same_thing_closes_the_earlier(
        rmem: Memory, original: str, update: str, thing: str, old: str, new: str, question: str) -> None:
    said_then_updated(rmem, original, update)
    facts = colour_facts(rmem, thing)
    assert (old, "superseded") in facts and (new, "active") in facts


@pytest.mark.xfail(strict=True, reason="search does not yet demote the episode of a superseded fact "
                                       "when the original's words are closer to the question")
def test_the_message_of_the_later_colour_ranks_first(rmem: Memory) -> None:
    first, later = said_then_updated(rmem, "Our garage door is a dark red.",
                                     "Got the garage door resprayed in a pale grey.")
    ids = [h.id for h in rmem.search("What shade is the door of the garage?", user_id="u1", k=5)]
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)


def test_a_colour_of_another_thing_or_a_question_does_not_close_it(rmem: Memory) -> None:
    said_then_updated(rmem, "My back door is olive green.", "Our front door is bright yellow now.")
    rmem.add("Is my back door blue?", user_id="u1", reference_time="2026-03-05")
    rmem.add("The sky is grey this morning.", user_id="u1", reference_time="2026-03-06")
    assert colour_facts(rmem, "back door") == [("olive green", "active")]
    assert colour_facts(rmem, "front door") == [("bright yellow", "active")]
