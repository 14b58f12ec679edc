"""A context block about now never states an older message on the asked topic as current."""

from __future__ import annotations

import pytest

from kronograph import Memory
from kronograph.queries.context import EARLIER

from .test_search import current_lines

CHATTER = ["The weather was lovely on the walk today.", "I watched a documentary about whales.",
           "Lunch was a quick sandwich at my desk."]

CASES = [
    ("My morning run is 5 kilometres.", "These days the morning loop along the canal is 8 kilometres.",
     "How far do I run in the morning?", "5 kilometres", "8 kilometres"),
    ("I drive a blue hatchback.", "I traded the hatchback for a red pickup truck last week.",
     "What car do I drive?", "blue hatchback", "red pickup"),
    ("My dentist is Dr. Okafor.", "I signed up with Dr. Lindqvist at the clinic near the station.",
     "Who is my dentist?", "Okafor", "Lindqvist"),
]


def _current_part(block: str) -> str:
    return block.split(EARLIER)[0]


@pytest.mark.parametrize(("original", "update", "query", "old", "new"), CASES)
def test_the_later_message_is_current_and_the_earlier_is_shown_as_earlier(
        rmem: Memory, original: str, update: str, query: str, old: str, new: str) -> None:
    for day, chatter in enumerate(CHATTER, start=1):
        rmem.add(chatter, user_id="u1", reference_time=f"2026-03-0{day}")
    rmem.add(original, user_id="u1", reference_time="2026-03-10")
    rmem.add(update, user_id="u1", reference_time="2026-04-20")
    block = rmem.context(query, user_id="u1")
    assert new in _current_part(block)
    assert old not in _current_part(block)
    assert old in block.split(EARLIER)[1]


def test_a_question_about_the_past_keeps_both_messages_as_said(rmem: Memory) -> None:
    rmem.add("I drive a blue hatchback.", user_id="u1", reference_time="2026-03-10")
    rmem.add("I traded the hatchback for a red pickup truck last week.", user_id="u1", reference_time="2026-04-20")
    block = rmem.context("What car did I drive before?", user_id="u1")
    assert "blue hatchback" in block



@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("I'm going to study architecture at uni.", "My offer is for nursing, I changed my application.",
     "What degree will I do?", "architecture"),
    ("I plan to learn Italian this year.", "Changed my mind, I'm learning Japanese instead.",
     "Which language am I learning?", "Italian"),
])
def test_no_fact_of_a_replaced_message_is_shown_as_current(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    # One statement can give several records (a plan and what it is about): each is replaced with it.
    rmem.add(original, user_id="u1", reference_time="2026-01-02")
    rmem.add("We should get the boiler serviced soon.", user_id="u1", reference_time="2026-02-01")
    rmem.add(update, user_id="u1", reference_time="2026-03-04")
    context = rmem.context(question, user_id="u1")
    assert all(old not in line for line in current_lines(context))
    assert old in context.split(EARLIER)[1]
