"""Flags scoped to the clause that holds them across a carried clause (issue 12, round 29, room 12j):
"I think I'm allergic to cats, need to see a doctor" is a hedged allergy and a task, not an
allergy filed as a task; "pretty sure I'm lactose intolerant, gonna get tested" a hedged diet and
a plan. Plans said as "plan on / planning on / thinking about + -ing". Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "words"), [
    ("I think I'm allergic to cats, need to see a doctor", "cats"),
    ("pretty sure I'm lactose intolerant, gonna get tested", "lactose"),
    ("I might be coeliac, gonna ask my GP", "coeliac"),
    ("maybe I'm diabetic, need to book a blood test", "diabetic"),
    ("I think I'm allergic to shellfish, will get it checked", "shellfish"),
    ("probably allergic to latex, have to ask the nurse", "latex"),
    ("I reckon I'm anaemic, gotta get bloods done", "anaemic"),
    ("I guess I'm gluten intolerant, going to try cutting it out", "gluten"),
    ("I might be allergic to penicillin, should check with the pharmacist", "penicillin"),
    ("i think im allergic to dust mites, wanna get tested", "dust"),
])
def test_a_hedge_stays_on_its_clause_and_a_plan_on_its_own(extractor: OfflineExtractor, text: str, words: str) -> None:
    got = facts(extractor, text)
    held = [f for f in got if words in f.object.lower()]
    assert held, got
    assert all(f.hedged and f.memory_type is MemoryType.hypothesis for f in held), got
    assert all(f.predicate not in {"plans_to", "task"} for f in held), got


@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("I'm allergic to peanuts, need to carry an epipen", "allergic_to", "peanuts"),
    ("I'm vegan, gonna try a new recipe tonight", "diet", "vegan"),
    ("I live in Leeds, will move next year maybe", "lives_in", "leeds"),
])
def test_a_certain_state_before_a_plan_stays_certain(
        extractor: OfflineExtractor, text: str, predicate: str, words: str) -> None:
    got = facts(extractor, text)
    held = [f for f in got if f.predicate == predicate and words in f.object.lower()]
    assert held, got
    assert all(not f.hedged and f.memory_type not in {MemoryType.task, MemoryType.hypothesis} for f in held), got


@pytest.mark.parametrize(("text", "words"), [
    ("I plan on learning Welsh", "welsh"),
    ("planning on doing a marathon in the autumn", "marathon"),
    ("I'm planning on repainting the kitchen", "kitchen"),
    ("we plan on visiting Lisbon next spring", "lisbon"),
    ("thinking about learning the guitar", "guitar"),
    ("I'm thinking of taking up climbing", "climbing"),
    ("I've been thinking about getting a dog", "dog"),
    ("i plan on starting a podcast", "podcast"),
    ("Planning on selling my car soon", "car"),
    ("we're planning on moving to Cardiff", "cardiff"),
])
def test_a_plan_said_with_plan_on_or_thinking_about(extractor: OfflineExtractor, text: str, words: str) -> None:
    got = facts(extractor, text)
    assert any(words in f.object.lower() and (f.predicate.startswith("plan") or f.memory_type is MemoryType.task
                                              or f.hedged) for f in got), got


@pytest.mark.parametrize("text", [
    "I wish my brother would plan on learning to cook",
    "are you planning on learning French?",
    "if I ever plan on learning Welsh I'll tell you",
    "Makes sense, will do",
    "Sounds good, gonna head off now",
])
def test_no_plan_of_the_speakers_from_wishes_questions_or_sign_offs(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.subject == "user" and f.predicate.startswith("plan")], got


@pytest.mark.parametrize(("text", "subject", "words", "day"), [
    ("left the bank in April, joined Monzo a week later", "user", "monzo", "2026-04-08"),
    ("I left Barclays in March, joined Revolut two weeks later", "user", "revolut", "2026-03-15"),
    ("Priya quit Tesco in February, started at Aldi a month later", "Priya", "aldi", "2026-03-01"),
    ("I moved to Leeds in 2019. Three years later I moved to York", "user", "york", "2022-01-01"),
    ("I quit Argos in January, joined Boots 2 weeks later", "user", "boots", "2026-01-15"),
])
def test_a_time_later_counts_from_the_time_told_before(
        extractor: OfflineExtractor, text: str, subject: str, words: str, day: str) -> None:
    got = [f for f in facts(extractor, text) if f.subject == subject and words in f.object.lower()]
    assert got and all(not f.predicate.startswith("planned") and f.valid_from is not None
                       and f.valid_from.date().isoformat() == day for f in got), got


@pytest.mark.parametrize("text", [
    "joined Monzo a week later",            # no time told before: the later time dates nothing
    "I'll call you back two hours later",   # a plan, not a told past
])
def test_a_time_later_with_nothing_told_is_not_a_future_state(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert all(f.valid_from is None or f.valid_from.date().isoformat() <= "2026-05-20"
               or f.predicate.startswith("plan") for f in got), got
