"""A private value told before a request in the same sentence is refused (one only asked about is
not); an age with a chat tail ("for the record", "btw if that matters") or a deed after it; counts
said as the subject ("four dogs is my cap", "my two dogs are ...", "there are 40 goldfish in our
pond"); how long a thing took; numbers with a hedge word ("maybe 5 hours a night"). Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("My Spotify password is Quokka!77, can you log in and check my playlists?", "credential", "Quokka!77"),
    ("passport no. 553920118, expires in 2029, could you keep it handy for the ESTA form?", "identity_number", "553920118"),
    ("The PIN for my debit card is 8264, will you remember that for me?", "credential", "8264"),
    ("My Visa is 4539 1488 0343 6467, can you book the hotel with it?", "card_number", "4539"),
    ("sort code 20-45-77 and account number 41792635, can you set up the transfer?", "bank_account", "41792635"),
])
def test_a_value_told_before_a_request_is_refused(extractor: OfflineExtractor, text: str, kind: str,
                                                  value: str) -> None:
    got = facts(extractor, text)
    assert any(f.sensitive_kind == kind for f in got), got
    assert not any(value in f.object for f in got if not f.sensitive_kind)


@pytest.mark.parametrize("text", [
    "Is 4471 the right PIN for the gate?",
    "wait, is my password hunter22 or hunter23?",
    "Quick question, is the wifi password tangerine42?",
    "Do you still have the code 5512 for the side door?",
    "My area code is 0161, I'm in Manchester.",
])
def test_a_value_only_asked_about_or_public_is_no_private_fact(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.sensitive_kind]


@pytest.mark.parametrize(("text", "age"), [
    ("I'm 43, for the record.", "43"),
    ("i'm 29 btw if that matters", "29"),
    ("I'm 61, just so you know.", "61"),
    ("turned 52 in March and celebrated with a massive curry", "52"),
    ("I just turned 30 and threw a huge party.", "30"),
])
def test_an_age_with_a_chat_tail_or_a_deed_after_it(extractor: OfflineExtractor, text: str, age: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.predicate == "age"] == [age]


def test_a_distance_with_a_chat_tail_is_no_age(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I'm 5 minutes away, for the record.") if f.predicate == "age"]


def quantities(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.predicate, f.object) for f in facts(extractor, text) if f.predicate.startswith("quantity_")]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Four dogs is already a lot, each one needs proper attention.", "quantity_dogs", "Four"),
    ("I'd love more but three cats is my limit.", "quantity_cats", "three"),
    ("My two dogs are best buddies, always tearing around the park.", "quantity_dogs", "two"),
    ("our three kids are all at the same school now", "quantity_kids", "three"),
    ("There are about 40 goldfish in our pond now.", "quantity_goldfish", "40"),
    ("there's 6 chickens in the garden these days", "quantity_chickens", "6"),
])
def test_a_count_said_as_the_subject(extractor: OfflineExtractor, text: str, key: str, value: str) -> None:
    assert (key, value) in quantities(extractor, text)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("That hike took us a solid two hours but the views were unreal.", "quantity_hike_time", "two hours"),
    ("The Mustang restoration took roughly 400 hours of work.", "quantity_mustang_restoration_time", "400 hours"),
    ("the kitchen refit took about six weeks in the end", "quantity_kitchen_refit_time", "six weeks"),
    ("My thesis took me three years to finish.", "quantity_thesis_time", "three years"),
    ("I sleep maybe 5 hours a night since the twins arrived.", "quantity_sleep", "5 hours a night"),
    ("We spend maybe £120 a week on food.", "quantity_spending_for_food", "£120 a week"),
])
def test_how_long_a_thing_took_and_hedged_numbers(extractor: OfflineExtractor, text: str, key: str,
                                                  value: str) -> None:
    assert (key, value) in quantities(extractor, text)


@pytest.mark.parametrize("text", [
    "Two people asked me about it at the party.",
    "Three of my friends are coming over tonight.",
    "Two hours is too long to wait for a table.",
    "There are 3 Starbucks on my street, it's ridiculous.",
    "There are two reasons I left that job.",
    "there are two cats in the house next door",
    "There are 30 ducks in the pond at the park.",
    "The two dogs next door bark all night.",
    "It took me ages to find the place.",
    "He took two hours to reply to my text.",
    "It took two of us to lift the sofa.",
    "The train took 20 minutes longer than usual.",
])
def test_look_alikes_store_no_quantity(extractor: OfflineExtractor, text: str) -> None:
    assert not quantities(extractor, text)
