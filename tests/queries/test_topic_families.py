"""Topic families through a real Memory (SQLite file, MiniLM, offline extractor): a later message
stating another value of the family a question about now names replaces the earlier one, however
differently the two are worded; and the family lexicon's matching itself."""

from __future__ import annotations

import pytest

from kronograph import AddResult, Memory
from kronograph.queries.topic_families import TOPIC_FAMILIES, asked_families, family_members, search_words

from .test_search import assert_update_replaces, current_lines
from .test_search import said_then_updated as said_then_updated_after

#: Turns on no family's topic (the shared filler of test_search names several: jazz, geography, driving).
NEUTRAL = ["My cousin is visiting next month.", "I think I left my umbrella at the cafe.",
           "We should get the boiler serviced soon.", "The neighbours had a party last night.",
           "My sister has a new haircut.", "It rained all weekend here."]


def said_then_updated(mem: Memory, original: str, update: str) -> tuple[AddResult, AddResult]:
    """``original`` on 2 January, the NEUTRAL turns through February, then ``update`` on 4 March."""
    return said_then_updated_after(mem, original, update, between=NEUTRAL)


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("Coffee is my go-to every morning.", "lately it's green tea for me, switched in the autumn",
     "What do I usually drink?", "Coffee"),
    ("Roses are my favourite flowers.", "Nothing beats a bunch of sunflowers on the kitchen table.",
     "Which blooms do I love most?", "Roses"),
    ("Our new puppy is called Biscuit.", "We renamed the pup Pepper after a week.", "What's our dog called?",
     "Biscuit"),
    ("I take the train up to my parents'.", "we fly up to see mum and dad now, it's quicker",
     "How do I travel to my parents?", "train"),
    ("My GP is Dr Hannah Price.", "The practice has moved me over to Dr Gareth Lowe.", "Who is my GP?",
     "Hannah"),
    ("I'm a nurse at the Royal.", "these days i freelance as a photographer", "What do I do for a living?",
     "nurse"),
    ("I'm really into jazz.", "Honestly it's techno on repeat in the car.", "What kind of music do I listen to?",
     "jazz"),
])
def test_a_later_value_of_the_family_the_question_names_replaces_the_earlier_one(
        rmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    assert_update_replaces(rmem, first, later, question, old)


@pytest.mark.parametrize(("original", "later_line", "question"), [
    ("I'm really into jazz.", "I also listen to a lot of folk on long drives.", "What kind of music do I listen to?"),
    ("I'm a nurse at the Royal.", "Work was exhausting today, three meetings.", "What is my job?"),
])
def test_a_later_line_on_the_family_with_no_new_value_or_adding_one_replaces_nothing(
        rmem: Memory, original: str, later_line: str, question: str) -> None:
    first, _ = said_then_updated(rmem, original, later_line)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated


def test_a_later_line_naming_another_member_far_from_the_original_and_the_question_replaces_nothing(
        rmem: Memory) -> None:
    # A chat line about a history playlist names a subject one could study, but it is no answer to
    # "what degree am I pursuing?": too far from the original and the question together.
    first, _ = said_then_updated(rmem, "I plan to study law.", "I'm listening to a history playlist while I work.")
    hits = {h.id: h for h in rmem.search("What degree am I pursuing?", user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated


def test_members_match_as_whole_words_in_their_plurals_and_never_by_stem() -> None:
    flowers = next(members for name, _, members in TOPIC_FAMILIES if name == "flower")
    assert family_members("Peonies brighten my desk", flowers) == {"peony"}
    transport = next(members for name, _, members in TOPIC_FAMILIES if name == "transport")
    assert family_members("I always book planes", transport) == {"plane"}
    assert family_members("We plan to go", transport) == frozenset()
    drink = next(members for name, _, members in TOPIC_FAMILIES if name == "drink")
    assert family_members("switched to green tea lately", drink) == {"green tea"}
    assert [name for name, _, _ in asked_families("Which blooms do I adore?", TOPIC_FAMILIES)] == ["flower"]
    assert all(len(words.split()) <= 30 for family in TOPIC_FAMILIES for words in search_words(family))


@pytest.mark.parametrize(("original", "update", "question", "old", "new"), [
    ("My line manager is Fiona.", "Raj is my boss now after the restructure.", "Who do I report to?", "Fiona", "Raj"),
    ("My therapist is Dr Okafor.", "Helen is my therapist these days.", "Who is my therapist?", "Okafor", "Helen"),
    ("My piano teacher is Mrs Hall.", "Greta is my piano teacher now, she's brilliant.", "Who teaches me piano?",
     "Hall", "Greta"),
    ("Our babysitter is Hannah.", "Zoe is our babysitter on Fridays now.", "Who is our babysitter?", "Hannah", "Zoe"),
    ("My best friend is Sophie.", "Priya's my best friend these days tbh.", "Who is my best friend?", "Sophie",
     "Priya"),
])
def test_a_name_that_opens_the_later_message_on_a_role_is_its_new_value(
        rmem: Memory, original: str, update: str, question: str, old: str, new: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert later.episode_id in hits
    assert first.episode_id not in hits or hits[first.episode_id].outdated
    context = rmem.context(question, user_id="u1")
    assert new in context
    assert all(old not in line for line in current_lines(context))


@pytest.mark.parametrize(("later_line", "question"), [
    ("Honestly my boss was in a great mood today.", "Who do I report to?"),
    ("Weirdly my manager Karen bought everyone lunch.", "Who do I report to?"),
])
def test_an_opening_word_that_is_no_name_or_the_same_name_replaces_no_one(
        rmem: Memory, later_line: str, question: str) -> None:
    first, _ = said_then_updated(rmem, "My manager is Karen.", later_line)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
