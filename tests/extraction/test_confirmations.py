"""Confirmations, endings in other words, corrections inside one message, and the clause
scoping of negation, through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Operation, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 3, 18, 10, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str | tuple[str, str]) -> list[CandidateFact]:
    items = [Turn(role=t[0], content=t[1]) if isinstance(t, tuple) else Turn(content=t) for t in turns]
    return extractor.extract(EpisodeInput(turns=items, reference_time=REF, scope=Scope(user_id="u1"))).facts


def brief(found: list[CandidateFact]) -> list[tuple[str, str, str, str, bool, bool]]:
    return [(f.subject, f.predicate, f.object, f.operation.value, f.hedged, f.negated) for f in found]


@pytest.mark.parametrize(("turns", "predicate", "value"), [
    (("The doctor confirmed that I'm allergic to shellfish.",), "allergic_to", "shellfish"),
    (("Turns out I really am lactose intolerant.",), "diet", "lactose intolerant"),
    ((("assistant", "Do you work at Deloitte?"), "Yes, I do."), "works_at", "Deloitte"),
    ((("assistant", "Are you still living in Leeds?"), "Yes, still in Leeds."), "lives_in", "Leeds"),
    ((("assistant", "So you're a pharmacist?"), "That's right."), "job_title", "pharmacist"),
    (("I might be allergic to latex.", "Update: the allergist confirmed it, I'm allergic to latex."),
     "allergic_to", "latex"),
])
def test_a_confirmation_states_the_fact_as_certain(extractor: OfflineExtractor, turns: tuple[object, ...],
                                                   predicate: str, value: str) -> None:
    found = [f for f in facts(extractor, *turns) if f.predicate == predicate]  # type: ignore[arg-type]
    assert [(f.object, f.hedged, f.negated) for f in found] == [(value, False, False)], brief(found)


def test_a_yes_without_a_question_about_the_user_confirms_nothing(extractor: OfflineExtractor) -> None:
    assert facts(extractor, ("assistant", "Shall I set a reminder for you?"), "Yes, please.") == []


@pytest.mark.parametrize(("text", "value"), [
    ("I'm done with Twitter.", "Twitter"),
    ("I gave up coffee in January.", "coffee"),
    ("I sold my car.", "car"),
    ("I cancelled my Netflix subscription.", "Netflix subscription"),
    ("I broke up with Marco.", "Marco"),
    ("We're no longer members of the tennis club.", "tennis club"),
    ("I stopped going to the gym after my injury.", "gym"),
])
def test_endings_in_other_words(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = facts(extractor, text)
    assert [(f.object, f.operation) for f in found] == [(value, Operation.end)], brief(found)


@pytest.mark.parametrize("text", ["I sold 10 paintings at the fair.", "I cancelled my plans for tonight."])
def test_sales_and_cancelled_plans_end_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end]


def test_a_value_corrected_in_the_same_message_is_not_proposed(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I live in Graz.", "Sorry, I meant Linz.")
    assert [(f.object, f.operation, f.replaces) for f in found] == [("Linz", Operation.correct, "Graz")]


def test_a_negation_with_its_own_subject_holds_inside_a_longer_sentence(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I don't have a dog, the dog is my roommate's.")
    assert [(f.object, f.negated) for f in found] == [("dog", True)], brief(found)


def test_two_habits_are_no_correction(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I don't drive, I cycle everywhere.")
    assert not [f for f in found if f.operation is Operation.correct], brief(found)
    assert ("drive", True) in [(f.object, f.negated) for f in found]


def test_never_been_to_a_country_is_a_visit_not_a_nationality(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "I've never been to Japan.")
    assert [(f.predicate, f.object, f.negated) for f in found] == [("visited", "Japan", True)]


def test_appositive_names_are_the_subject(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "Tom, my brother, lives in Perth.")
    assert ("Tom", "lives_in", "Perth") in [(f.subject, f.predicate, f.object) for f in found], brief(found)


def test_a_present_progressive_month_is_the_coming_one(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "We're getting married in October.")
    marriage = [f for f in found if f.object == "married"]
    assert marriage and marriage[0].predicate.startswith("planned_"), brief(found)
    assert "(from 2026-10-01" in marriage[0].text
