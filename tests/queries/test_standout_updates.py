"""Updates worded unlike their originals, and later messages on another point, through a real
Memory (SQLite file, MiniLM, offline extractor); a question asking for a number or a time is
answered only by a message stating one; and the standing-out tier (off by default) as pure logic."""

from __future__ import annotations

import numpy as np
import pytest

from kronograph import Memory
from kronograph.queries.config import ASKED_KINDS, DEFAULT_FUSION
from kronograph.queries.search import _asked_kind, _standout_updates, _states_kind

from .test_search import current_lines, said_then_updated

#: The standing-out tier switched on (it is off by default: docs/recall.md says why).
STANDOUT = DEFAULT_FUSION.model_copy(update={"standout_margin": 0.08})


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("I'm a vegetarian.", "Chicken's been back in my weekly meals since January.", "What do I eat?", "vegetarian"),
    ("My backpack is a battered green rucksack.", "I carry a sleek leather satchel to work.",
     "What bag do I use?", "rucksack"),
    ("I wake up at 6 every day.", "my alarm goes off at half past seven lately", "What time do I get up?", "at 6"),
    ("I jog 5 km every morning.", "My runs are 10 km long since I joined the club.", "How far do I run?", "5 km"),
])
def test_two_standout_answers_to_a_question_about_now_the_later_one_wins(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    ids = list(hits)
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)
    assert first.episode_id not in hits or hits[first.episode_id].outdated
    assert all(old not in line for line in current_lines(rmem.context(question, user_id="u1")))
    # Inside the original's interval it is the answer, and not outdated.
    then = {h.id: h for h in rmem.search(question, user_id="u1", k=10, as_of="2026-02-20")}
    assert first.episode_id in then and not then[first.episode_id].outdated


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
    number, time = (frozenset(words) for _, _, words in ASKED_KINDS)
    assert _asked_kind("How many hens do we keep?", ASKED_KINDS) == number
    assert _asked_kind("how long's my commute these days", ASKED_KINDS) == number
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


def test_the_episodes_that_stand_out_together_are_a_chain_ending_at_the_latest() -> None:
    # Five episodes in time order; 0, 2 and 4 stand out (cosine to the question) from 1 and 3.
    asked = np.array([0.55, 0.20, 0.45, 0.22, 0.40])
    later = np.triu(np.ones((5, 5), dtype=bool), k=1)
    similar = np.full((5, 5), 0.2)
    differs = np.ones((5, 5), dtype=bool)
    stamps = np.arange(5.0)
    assert sorted(_standout_updates(list(range(5)), asked, later, similar, differs, stamps, STANDOUT)) \
        == [(0, 4), (2, 4)]
    # Too little alike, the latest replaces neither; the middle one still replaces the first.
    similar[0, 4] = similar[2, 4] = 0.05
    assert _standout_updates(list(range(5)), asked, later, similar, differs, stamps, STANDOUT) == [(0, 2)]


def test_nothing_stands_out_when_the_runner_up_is_as_near_as_the_rest() -> None:
    asked = np.array([0.55, 0.30, 0.28, 0.27])
    later = np.triu(np.ones((4, 4), dtype=bool), k=1)
    similar, differs = np.full((4, 4), 0.5), np.ones((4, 4), dtype=bool)
    assert _standout_updates(list(range(4)), asked, later, similar, differs, np.arange(4.0), STANDOUT) == []
    # A question's lone answer far above the rest stands alone: nothing to replace.
    asked = np.array([0.70, 0.25, 0.24, 0.23])
    assert _standout_updates(list(range(4)), asked, later, similar, differs, np.arange(4.0), STANDOUT) == []
