"""Ordinary sentences that round 33's confirmation, hedge, negation, event and quantity wordings must
not read as the speaker's facts (review of the merged round), beside sentences of the same shape that
still must: a thing that "came through" or "is mine" only when awaited or won; a condition's comma
split that keeps a hedge and a question whole; a modal with no "I" that names no weather or capital;
a refusal of a plan or of news; a mishap of the world or of a sofa; a weight "from" a goal."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def naming(got: list[CandidateFact], word: str) -> list[CandidateFact]:
    return [f for f in got if word.casefold() in f.object.casefold()]


def users(got: list[CandidateFact]) -> list[CandidateFact]:
    return [f for f in got if f.subject == "user"]


# 4: "came through" and "is mine"
@pytest.mark.parametrize(("text", "word"), [
    ("The water came through the ceiling last night.", "water"),
    ("My friends really came through for me.", "friends"),
    ("The storm came through around 3am.", "storm"),
    ("The honour is all mine.", "honour"),
    ("The privilege is all mine.", "privilege"),
    ("The rain came through the window again.", "rain"),
    ("The blame is mine, not yours.", "blame"),
])
def test_what_came_through_or_is_mine_in_passing_is_no_gain(extractor: OfflineExtractor, text: str,
                                                            word: str) -> None:
    assert not [f for f in naming(facts(extractor, text), word) if f.predicate == "gets"]


def test_a_decision_that_is_mine_is_not_got(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "The final decision is mine.") if f.predicate == "gets"]


@pytest.mark.parametrize(("text", "word"), [
    ("My mortgage finally came through yesterday.", "mortgage"),
    ("The job offer came through, so excited.", "job offer"),
    ("My planning permission came through for the loft conversion.", "planning permission"),
    ("The visa came through this morning!", "visa"),
])
def test_a_thing_awaited_that_came_through_is_got(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert [f for f in naming(facts(extractor, text), word) if not f.hedged and not f.negated]


# 5: the split after a condition's comma
@pytest.mark.parametrize("text", ["My sister's pregnant, apparently.", "My dad's diabetic, I think.",
                                  "Our cat is diabetic, supposedly."])
def test_a_hedge_after_a_conditions_comma_stays_with_it(extractor: OfflineExtractor, text: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "medical_condition"]
    assert found and all(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in found]


@pytest.mark.parametrize("text", ["Is your dad diabetic, by any chance?", "that plan is short-sighted, typical council",
                                  "Is she pregnant, do you know?", "The policy was short-sighted, everyone says so."])
def test_a_question_or_an_idiom_is_no_condition(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "medical_condition"]


@pytest.mark.parametrize(("text", "word"), [
    ("Biscuit is pregnant, puppies due in June.", "pregnant"),
    ("My son is short-sighted, glasses since he was five.", "short-sighted"),
    ("I'm diabetic, need to watch my sugar.", "diabetic"),
])
def test_a_condition_said_before_a_comma_is_still_held(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert [f for f in naming(facts(extractor, text), word) if not f.hedged]


# 8: hedges and negations
@pytest.mark.parametrize("text", ["Might rain later.", "Could Friday work for you?", "Maybe nothing",
                                  "Could snow tomorrow.", "Might take a while.", "Maybe something's wrong.",
                                  "Might happen next week.", "Could Tuesday suit you?"])
def test_a_modal_with_no_step_of_the_speakers_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert users(facts(extractor, text)) == []


@pytest.mark.parametrize("text", ["I was tempted by the cake", "I was tempted by the dessert menu"])
def test_being_tempted_by_a_thing_is_no_step_weighed(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate.startswith("consider")]


@pytest.mark.parametrize("text", ["I didn't go to school today, I was sick.", "Tom's pregnant? No way!",
                                  "The meeting? Hard pass.", "Dinner tonight? Absolutely not.",
                                  "I haven't found a dress I like for the wedding yet",
                                  "I didn't go to school on Monday.", "He's moving? No way!", "The party? No way."])
def test_a_day_missed_news_refused_or_a_search_is_no_lasting_denial(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.negated or f.predicate == "dislikes"], \
        [(f.predicate, f.object, f.negated) for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "word"), [("Durian? Absolutely not.", "Durian"), ("Reality TV? Hard pass.", "Reality TV"),
                                            ("I didn't go to uni.", "uni"),
                                            ("I haven't found a sport I actually like.", "sport")])
def test_a_taste_refused_or_schooling_not_had_is_still_denied(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert [f for f in naming(facts(extractor, text), word) if f.negated or f.predicate == "dislikes"]


# 9: events and quantities
@pytest.mark.parametrize("text", ["The stock market crashed yesterday.", "A man died on my street yesterday.",
                                  "The government collapsed last week.", "The bank collapsed yesterday.",
                                  "Mum rang. Got a new job last week, she's thrilled.",
                                  "I collapsed on the sofa after work yesterday", "I slipped up at work yesterday",
                                  "My brother called. Went to Paris last week, he said it was amazing."])
def test_the_worlds_news_anothers_deed_or_a_rest_is_no_event_of_the_speakers(extractor: OfflineExtractor,
                                                                            text: str) -> None:
    assert not [f for f in users(facts(extractor, text)) if f.predicate in {"life_event", "gets", "goes_to"}]


@pytest.mark.parametrize(("text", "word"), [("The washing machine broke down on Sunday.", "washing machine"),
                                            ("The power went out on Tuesday.", "power"),
                                            ("I slipped on the ice yesterday.", "ice"),
                                            ("Got a new job last week, so excited!", "job"),
                                            ("I collapsed at the gym last week.", "gym")])
def test_a_household_mishap_or_ones_own_deed_is_still_an_event(extractor: OfflineExtractor, text: str,
                                                               word: str) -> None:
    assert naming(users(facts(extractor, text)), word)


@pytest.mark.parametrize("text", ["I'm 15 kilos overweight.", "I'm 10kg from my goal weight", "I'm 1.5m in debt.",
                                  "I've had this cough for 2 months.", "I've had my cough for 2 months.", "Rent is £900 for them.",
                                  "Rent is 30% of my salary", "I'm 5kg off my target.", "I've had this cold for a week."])
def test_a_number_beside_the_speaker_is_not_their_measure(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate.startswith("quantity_")]


@pytest.mark.parametrize(("text", "predicate"), [("I'm 85kg.", "quantity_weight"), ("I'm 1.75m.", "quantity_height"),
                                                 ("I've had my dog for 3 years.", "quantity_time_with_dog"),
                                                 ("Rent is £900 a month.", "quantity_rent")])
def test_the_speakers_own_measure_is_still_read(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert [f for f in facts(extractor, text) if f.predicate == predicate]
