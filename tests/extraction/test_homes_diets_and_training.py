"""States said in less usual wordings (issue 12): the home as the subject ("home is a flat in
Leeds"), a diet with what follows it ("vegetarian since school"), the trade trained toward, a
stay-at-home parent "to" the children; each kept under whoever the clause is about, with
sentences that must store none of them. Through ``Memory.add`` on a real SQLite file with the
real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory

REF = datetime(2026, 6, 10, 10, 0, tzinfo=UTC)


def facts(mem: Memory, text: str) -> set[tuple[str, str, str]]:
    result = mem.add(text, user_id="u1", reference_time=REF)
    return {(f.subject, f.predicate, f.object) for f in result.facts}


@pytest.mark.parametrize(("text", "fact"), [
    ("home is a little flat in Leeds these days", ("user", "lives_in", "Leeds")),
    ("My flat's a tiny studio above a launderette in Peckham.", ("user", "lives_in", "Peckham")),
    ("home is a two-bed flat in Croydon, tiny but ours", ("user", "lives_in", "Croydon")),
    ("My house is an old farmhouse outside Galway.", ("user", "lives_in", "Galway")),
    ("our place is a converted barge near Oxford", ("user", "lives_in", "Oxford")),
])
def test_the_home_said_as_the_subject_names_where_the_speaker_lives(mem: Memory, text: str,
                                                                      fact: tuple[str, str, str]) -> None:
    assert fact in facts(mem, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("My best friend Nadia has been vegetarian since school.", ("Nadia", "diet", "vegetarian")),
    ("I'm vegan and have been for about six years.", ("user", "diet", "vegan")),
    ("my brother's been pescatarian ever since his trip to Japan", ("user's brother", "diet", "pescatarian")),
    ("I'm vegetarian now and honestly don't miss meat.", ("user", "diet", "vegetarian")),
    ("My mate Kofi has been vegan since uni.", ("Kofi", "diet", "vegan")),
])
def test_a_diet_with_what_follows_it_is_still_the_diet(mem: Memory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(mem, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm studying to become an architect.", ("user", "training_to_be", "architect")),
    ("i'm training to be a paramedic", ("user", "training_to_be", "paramedic")),
    ("I'm retraining to become a plumber after twenty years in retail.", ("user", "training_to_be", "plumber")),
    ("I'm a stay-at-home dad to three little ones.", ("user", "job_title", "stay-at-home dad")),
    ("I'm a stay-at-home mum of two.", ("user", "job_title", "stay-at-home mum")),
])
def test_the_trade_worked_toward_and_the_home_parent(mem: Memory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(mem, text)


@pytest.mark.parametrize("text", [
    "My place was a flat in Leeds back then.",
    "Is home still a flat in Leeds?",
    "I'm not training to be a teacher anymore.",
    "Home is where the heart is.",
    "Is your mum still vegan?",
    "Are you still vegetarian?",
    "Their home is a flat in Leeds.",
])
def test_sentences_that_hold_no_such_state_of_the_speakers(mem: Memory, text: str) -> None:
    held = {(p, o) for s, p, o in facts(mem, text) if s == "user"}
    assert not held & {("lives_in", "Leeds"), ("training_to_be", "teacher"), ("diet", "vegan")}


@pytest.mark.parametrize("text", [
    # review 34, item 3: no trade, a hedge, a past or a joke
    "I'm training to be a better listener.",
    "I'm learning to be a good dad.",
    "I'm learning to be a parent.",
    "I'm working to become a better person.",
    "I'm working to be an example for my kids.",
    "I'm working to be an adult about this.",
    "I'm working to be a better version of myself.",
    "Maybe I should train to be a plumber.",
    "I trained to be a pilot but never flew.",
    "I'm training to be a Jedi lol.",
    "I'm training to be the best runner in my club.",
    "I'm learning to be a better cook.",
    "I'm working to be a good friend.",
])
def test_no_trade_is_trained_toward(mem: Memory, text: str) -> None:
    assert not {f for f in facts(mem, text) if f[1] == "training_to_be"}, facts(mem, text)


@pytest.mark.parametrize(("text", "fact"), [
    ("I'm working to become a nurse.", ("user", "training_to_be", "nurse")),
    ("I'm learning to be an electrician.", ("user", "training_to_be", "electrician")),
    ("I'm studying to be a vet.", ("user", "training_to_be", "vet")),
    ("I'm training to be a pilot.", ("user", "training_to_be", "pilot")),
])
def test_a_trade_trained_toward_by_study_or_work(mem: Memory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(mem, text)
