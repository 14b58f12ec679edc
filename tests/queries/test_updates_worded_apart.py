"""Updates worded unlike their originals, and later messages on another point, through a real
Memory (SQLite file, MiniLM, offline extractor); a question asking for a number or a time is
answered only by a message stating one."""

from __future__ import annotations

import pytest

from kronograph import Memory
from kronograph.queries.config import ASKED_KINDS
from kronograph.queries.search import _asked_kind, _states_kind

from .test_search import assert_update_replaces, current_lines, said_then_updated


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("I'm a vegetarian.", "Chicken's been back in my weekly meals since January.", "What do I eat?", "vegetarian"),
    ("My backpack is a battered green rucksack.", "I carry a sleek leather satchel to work.",
     "What bag do I use?", "rucksack"),
    ("I wake up at 6 every day.", "my alarm goes off at half past seven lately", "What time do I get up?", "at 6"),
    ("I jog 5 km every morning.", "My runs are 10 km long since I joined the club.", "How far do I run?", "5 km"),
    ("I go to the gym twice a week.",
     "I hit the gym every weekday morning before work.", "How often do I go to the gym?",
     "twice a week"),
])
def test_an_update_worded_unlike_its_original_answers_a_question_about_now(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    assert_update_replaces(rmem, first, later, question, old)


@pytest.mark.parametrize(("original", "later_line", "question"), [
    ("I'm vegetarian.", "I started cello lessons with a retired orchestra player.", "What do I eat?"),
    ("Our book club meets on Wednesdays.", "The book club chose a thriller by a Swedish author.",
     "When does our book club meet?"),
    ("We keep three hens in the back garden.", "The hens' coop got a fresh coat of paint.",
     "How many hens do we keep?"),
])
def test_a_later_message_on_another_point_does_not_replace_the_answer(
        rmem: Memory, original: str, later_line: str, question: str) -> None:
    first, _ = said_then_updated(rmem, original, later_line)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert next(iter(hits)) == first.episode_id and not hits[first.episode_id].outdated
    current = "\n".join(current_lines(rmem.context(question, user_id="u1")))
    assert original.rstrip(".") in current


def test_a_question_asks_for_a_number_or_a_time_and_a_message_states_one_or_not() -> None:
    span, number, time = (frozenset(words) for _, _, words in ASKED_KINDS)
    assert _asked_kind("How many hens do we keep?", ASKED_KINDS) == number
    assert _asked_kind("how long's my commute these days", ASKED_KINDS) == span
    assert _asked_kind("When does the club meet?", ASKED_KINDS) == time
    assert _asked_kind("What time do I go to bed?", ASKED_KINDS) == time
    assert _asked_kind("Which computer do I use?", ASKED_KINDS) is None
    assert _asked_kind("so, how much do we pay for the flat now", ASKED_KINDS) == number
    # Only the question word counts, not a "when" further on.
    assert _asked_kind("What do I put on when it's raining?", ASKED_KINDS) is None
    assert _asked_kind("I forgot, when's the dentist?", ASKED_KINDS) == time
    assert _states_kind("We keep three hens", number) and _states_kind("up to 12 now", number)
    assert not _states_kind("The coop got a fresh coat of paint", number)
    assert _states_kind("we meet on Thursday evenings now", time)
    assert not _states_kind("The club chose a thriller", time)
    # How often or how long is answered by a frequency or a duration as well as by a count.
    often = _asked_kind("how often do I swim", ASKED_KINDS)
    assert often is not None and _states_kind("I swim daily now", often) and _states_kind("every weekend", often)
    assert not _states_kind("The pool got new tiles", often)
