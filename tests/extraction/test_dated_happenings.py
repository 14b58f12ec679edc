"""Dated events and quantities in wordings the readers missed: what befell a thing on a past day
("the power went out on Tuesday"), a day said as what it held ("Yesterday was my first shift"),
a dropped "I" before "had"/"got"/"fell", a thing had done to oneself ("got my nose pierced"),
how long one has been somewhere or had someone ("been at the bank 6 years"), and a height and
weight said with "I'm". Each with controls that must store nothing of the kind. The real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2025, 6, 11, 10, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))).facts


def events(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.object, f.valid_from.date().isoformat() if f.valid_from else "")
            for f in facts(extractor, text) if f.memory_type is MemoryType.episodic]


@pytest.mark.parametrize(("text", "thing", "day"), [
    ("The washing machine broke down on Sunday and flooded the kitchen.", "washing machine broke down", "2025-06-08"),
    ("The power went out on Tuesday for most of the evening.", "power went out", "2025-06-10"),
    ("On Monday the basement flooded and we lost the Christmas decorations.", "basement flooded", "2025-06-09"),
    ("Last night our kitchen ceiling came down.", "kitchen ceiling came down", "2025-06-10"),
    ("my laptop died on Monday right before the deadline", "laptop died", "2025-06-09"),
    ("our car got towed yesterday, what a nightmare", "car got towed", "2025-06-10"),
])
def test_what_befell_a_thing_on_a_past_day_names_the_thing(extractor: OfflineExtractor, text: str, thing: str,
                                                          day: str) -> None:
    assert (thing, day) in events(extractor, text)


@pytest.mark.parametrize("text", [
    "The washing machine breaks down every winter.",   # a habit
    "Did the power go out last night?",                # a question
    "Will the boiler break down again on Tuesday?",    # ahead, asked
    "The washing machine might break down soon.",      # what might be
])
def test_a_thing_that_breaks_as_a_habit_or_a_question_is_no_event(extractor: OfflineExtractor, text: str) -> None:
    assert events(extractor, text) == []


@pytest.mark.parametrize(("text", "said", "day"), [
    ("Yesterday was my first shift at the new bakery, exhausting but fun.", "first shift", "2025-06-10"),
    ("Saturday was our anniversary dinner at Nando's, very romantic.", "anniversary dinner", "2025-06-07"),
    ("monday was the first session of my spanish class", "spanish class", "2025-06-09"),
    ("Had my tonsils out on Friday, living on ice cream.", "tonsils", "2025-06-06"),
    ("Fell off my bike yesterday, grazed both knees.", "bike", "2025-06-10"),
    ("Did a pottery workshop with my mum on Saturday.", "pottery workshop", "2025-06-07"),
    ("got my nose pierced yesterday lol", "nose pierced", "2025-06-10"),
    ("I had my hair cut really short on Monday.", "hair cut", "2025-06-09"),
])
def test_a_day_and_what_it_held_is_an_event(extractor: OfflineExtractor, text: str, said: str, day: str) -> None:
    assert any(said in obj and when == day for obj, when in events(extractor, text))


@pytest.mark.parametrize("text", [
    "Yesterday was a total nightmare.",        # how the day went
    "Yesterday was the big day!",
    "Did you go to see Hamilton last night?",  # a question, its "Did" no dropped "I"
    "Tomorrow is my last shift at the bakery.",
])
def test_how_a_day_went_or_a_question_is_no_event(extractor: OfflineExtractor, text: str) -> None:
    assert events(extractor, text) == []


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("I've been at the hospital 9 years now, longest in my department.", "quantity_time_at_hospital", "9 years"),
    ("been at the bank 6 years now, time flies", "quantity_time_at_bank", "6 years"),
    ("Been at this company 11 years, longest serving in the team", "quantity_time_at_company", "11 years"),
    ("I've been on my health journey for two years now.", "quantity_time_on_health_journey", "two years"),
    ("Pepper and Panda have been with me three years now.", "quantity_time_with_pepper_and_panda", "three years"),
    ("I've had Biscuit for four years now, she's my best mate.", "quantity_time_with_biscuit", "four years"),
    ("I've had my car for 3 years.", "quantity_time_with_car", "3 years"),
    ("I'm 6'2 and about 95 kilos.", "quantity_height", "6'2"),
    ("I'm 6'2 and about 95 kilos.", "quantity_weight", "95 kilos"),
    ("im 5 foot 6 if that helps with the sizing", "quantity_height", "5 foot 6"),
    ("I'm 180cm and 75kg.", "quantity_weight", "75kg"),
    ("We go through 3 loaves of bread a week.", "quantity_bread_per_week", "3 loaves of bread a week"),
])
def test_how_long_and_how_tall_are_quantity_slots(extractor: OfflineExtractor, text: str, slot: str, value: str) -> None:
    assert any(f.predicate == slot and f.object == value for f in facts(extractor, text))


@pytest.mark.parametrize("text", [
    "I've been at it for two years now.",       # "it": nothing to key the stretch by
    "Have you been at the bank long?",           # a question
    "I was at the bank for 6 years before I quit.",
    "I'm 5 minutes away.",                       # a time, not a height
    "im 2 ft from the door",                     # a distance
    "I'm 20 pounds short this month.",           # money
    "My boyfriend is 6'3.",                      # someone else's height
])
def test_other_numbers_are_no_stretch_or_body_measure(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate.startswith(("quantity_time_", "quantity_height", "quantity_weight"))
                   for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "said", "day"), [
    ("I fainted on the bus on Friday.", "fainted on the bus", "2025-06-06"),
    ("fainted at the farmers market on sunday, turns out I hadn't eaten", "fainted at the farmers market", "2025-06-08"),
    ("I tripped on the stairs at work yesterday.", "tripped on the stairs", "2025-06-10"),
    ("I passed out at the gym on Monday.", "passed out at the gym", "2025-06-09"),
    ("My grandad collapsed in the garden on Sunday.", "collapsed in the garden", "2025-06-08"),
])
def test_what_befell_a_person_is_a_life_event_with_where(extractor: OfflineExtractor, text: str, said: str,
                                                         day: str) -> None:
    assert any(f.predicate == "life_event" and said in f.object and f.valid_from
               and f.valid_from.date().isoformat() == day for f in facts(extractor, text))


@pytest.mark.parametrize("text", [
    "I fell in love with Lisbon last year.",  # a feeling
    "I usually faint when I see blood.",      # a habit
])
def test_a_fall_into_a_feeling_or_a_habit_is_no_life_event(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate == "life_event" for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("Rent is £1,375 a month for a one-bed, welcome to Edinburgh.", "quantity_rent", "£1,375 a month"),
    ("rent's gone up to £950 a month for a one-bed, absolute joke", "quantity_rent", "£950 a month"),
    ("Budget is $500 for the whole trip.", "quantity_budget", "$500"),
    ("Mortgage is now $1,450 a month.", "quantity_mortgage", "$1,450 a month"),
    ("rent's $2,100 now, can't complain", "quantity_rent", "$2,100"),
])
def test_an_ownerless_sum_of_the_speakers_own_is_its_slot(extractor: OfflineExtractor, text: str, slot: str,
                                                          value: str) -> None:
    assert any(f.predicate == slot and f.object == value for f in facts(extractor, text))


@pytest.mark.parametrize("text", [
    "Rent in London is £2,000 a month.",   # the world's rent
    "Tokyo's rent is $3,000.",
    "Interest rates went up to 5%.",
    "If rent is $3,000 I'm moving out.",
])
def test_an_ownerless_sum_of_the_world_is_no_slot(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate.startswith("quantity_") for f in facts(extractor, text))
