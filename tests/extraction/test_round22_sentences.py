"""Round 22 (issue 12, sentence level): quantities keyed by what they measure, clauses worth
parsing without a person, objects cut to the noun phrase, clause-scoped negation. Each rule is
checked on wordings of its own, through the real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "predicate", "value"), [
    # a thing's own measure, no person in the clause (the clause gate lets it through)
    ("The nightly backup takes about 25 minutes.", "quantity_nightly_backup_time", "25 minutes"),
    ("The integration suite runs in under 9 minutes now.", "quantity_integration_suite_time", "9 minutes"),
    ("The new sofa cost us £850.", "quantity_new_sofa_price", "£850"),
    # an adverb between the measure and its value
    ("My weekly screen time is typically about 30 hours.", "quantity_weekly_screen_time", "30 hours"),
    # counts after "have", "we're at", "hit"
    ("We have roughly 800 members on the forum.", "quantity_members_on_forum", "800"),
    ("We're at about 12,000 downloads now.", "quantity_downloads", "12,000"),
    ("We just hit 2k stars on GitHub!", "quantity_stars_on_github", "2k"),
    # scores keyed by what was scored
    ("I scored 1450 on the SAT.", "quantity_sat_score", "1450"),
    ("I got 38 in my driving theory test.", "quantity_driving_theory_test_score", "38"),
    # growth to a count of things
    ("Our choir has grown to 40 singers.", "quantity_choir_singers", "40"),
    # a payment or time spent, keyed by what it is for
    ("I'm paying $60 a month for my gym membership.", "quantity_payment_for_gym_membership", "$60 a month"),
    ("I walk roughly 8,000 steps a day.", "quantity_walking_steps", "8,000 steps a day"),
])
def test_quantities_are_keyed_by_what_they_measure(extractor: OfflineExtractor, text: str, predicate: str,
                                                   value: str) -> None:
    assert (predicate, value) in pairs(extractor, text)


@pytest.mark.parametrize("text", [
    "The vet confirmed it's a torn ligament.",
    "The dermatologist confirmed it's eczema.",
    "The scan confirmed it's a kidney stone.",
])
def test_a_confirmation_without_a_person_is_still_read(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert got and all(not f.hedged for f in got)
    assert any(word in got[0].object for word in ("ligament", "eczema", "kidney stone"))


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I've been using Figma instead of Sketch lately.", "uses", "Figma"),
    ("Since May I've been working at Stripe instead of Adyen.", "works_at", "Stripe"),
    ("I drink green tea rather than coffee.", "drinks", "green tea"),
])
def test_the_value_set_aside_is_no_part_of_the_object(extractor: OfflineExtractor, text: str, predicate: str,
                                                      value: str) -> None:
    got = pairs(extractor, text)
    assert (predicate, value) in got
    assert not any("instead" in o or "rather" in o for _, o in got)


@pytest.mark.parametrize(("text", "value", "negated"), [
    ("I'm a night person, always have been.", "night person", False),
    ("I'm definitely not a beach person at all.", "beach person", True),
    ("I'm more of a morning person than a night person.", "morning person", False),  # tea: preferred_drink
])
def test_a_kind_of_person_is_kept_whole(extractor: OfflineExtractor, text: str, value: str, negated: bool) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "is_a"]
    assert [(f.object, f.negated) for f in got] == [(value, negated)]


@pytest.mark.parametrize(("text", "verb"), [
    ("I've never gambled.", "gamble"),
    ("I have never flown.", "fly"),
    ("We've never camped, honestly.", "camp"),
])
def test_a_habit_never_had_is_denied(extractor: OfflineExtractor, text: str, verb: str) -> None:
    got = facts(extractor, text)
    assert [(f.predicate, f.object, f.negated) for f in got] == [("activity", verb, True)]


@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("My sister's a paramedic.", "user's sister", "job_title", "paramedic"),
    ("Our son lives in Cork.", "user's son", "lives_in", "Cork"),
    ("Our neighbour Deepa works at the hospital.", "Deepa", "works_at", "hospital"),
])
def test_a_relative_with_a_clitic_or_our_is_the_subject(extractor: OfflineExtractor, text: str, subject: str,
                                                        predicate: str, value: str) -> None:
    assert (subject, predicate, value) in {(f.subject, f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "title"), [
    ("My favourite film is The Godfather.", "The Godfather"),
    ("My favourite shop is The Body Shop.", "The Body Shop"),
    ("My favourite band is The National.", "The National"),
])
def test_a_titles_article_stays(extractor: OfflineExtractor, text: str, title: str) -> None:
    assert any(f.object == title for f in facts(extractor, text))


@pytest.mark.parametrize("text", [
    "I'm not on TikTok, it's too much for me.",
    "I'm not on Facebook anymore, it's way too noisy.",
    "I don't use Slack, it's so distracting.",
])
def test_a_degree_phrase_after_a_denial_corrects_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert got and all(f.operation.value != "correct" for f in got)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I'm vegetarian, have been since uni.", "diet", "vegetarian"),
    ("I'm an early riser, always have been.", None, "early riser"),
    ("I'm a carer for my dad, been that way for years.", "job_title", "carer"),
])
def test_a_trailing_have_been_leaves_the_state_whole(extractor: OfflineExtractor, text: str, predicate: str | None,
                                                     value: str) -> None:
    got = facts(extractor, text)
    assert any(f.object == value and (predicate is None or f.predicate == predicate) for f in got)
    assert not any("been" in f.object for f in got)


@pytest.mark.parametrize(("text", "value"), [
    ("I love swimming in the lake every morning.", "swimming in the lake"),
    ("I enjoy cooking curries with my kids on Saturdays.", "cooking curries"),
    ("I really like playing chess at weekends.", "playing chess"),
])
def test_a_liking_ends_before_when_and_with_whom(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert ("likes", value) in pairs(extractor, text)


def test_a_preference_for_a_time_keeps_the_time(extractor: OfflineExtractor) -> None:
    assert any("evenings" in o for _, o in pairs(extractor, "I prefer studying in the evenings."))


@pytest.mark.parametrize(("text", "predicate", "value", "old"), [
    ("I used to bank with Lloyds, then I switched to Monzo.", None, "Monzo", None),
    ("I used to work at Tesco, then I switched to Aldi.", "works_at", "Aldi", "Tesco"),
    ("I used to work for Nike, but I moved to Adidas.", "works_at", "Adidas", "Nike"),
])
def test_a_switch_after_an_ended_slot_fills_that_slot(extractor: OfflineExtractor, text: str, predicate: str | None,
                                                      value: str, old: str | None) -> None:
    got = facts(extractor, text)
    assert not any(f.predicate.startswith("preferred_") for f in got)
    if predicate:
        assert any((f.predicate, f.object, f.replaces) == (predicate, value, old) for f in got)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("Scratch that, I'm based in Aarhus.", "lives_in", "Aarhus"),
    ("My bad, I work for Zalando.", "works_at", "Zalando"),
    ("I misspoke earlier, I'm 47.", "age", "47"),
])
def test_a_lead_in_correction_marks_the_clause_after_it(extractor: OfflineExtractor, text: str, predicate: str,
                                                        value: str) -> None:
    got = [(f.predicate, f.object, f.operation.value) for f in facts(extractor, text)]
    assert (predicate, value, "correct") in got


@pytest.mark.parametrize(("text", "predicate", "value", "operation"), [
    ("I quit the hiking group in April.", "member_of", "hiking group", "end"),
    ("I retired back in 2023.", "employment_status", "retired", "add"),
    ("Rust is my main language.", "uses", "Rust", "add"),
    ("My primary language is Kotlin.", "uses", "Kotlin", "add"),
    ("It turns out I'm allergic to kiwi after all.", "allergic_to", "kiwi", "add"),
])
def test_endings_and_paraphrases_name_their_slot(extractor: OfflineExtractor, text: str, predicate: str, value: str,
                                                 operation: str) -> None:
    got = [(f.predicate, f.object, f.operation.value) for f in facts(extractor, text)]
    assert (predicate, value, operation) in got


@pytest.mark.parametrize(("text", "value"), [
    ("Folk music is what I listen to most.", "Folk music"),
    ("Board games are what I play most with friends.", "Board games"),
    ("Crime novels are what I read all the time.", "Crime novels"),
])
def test_what_i_do_most_names_a_taste(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert ("likes", value) in pairs(extractor, text)


@pytest.mark.parametrize(("text", "value"), [
    ("I adore autumn walks, there's nothing better.", "autumn walks"),
    ("I live in Hamburg, there's a great food scene.", "Hamburg"),
    ("I love my little garden, there are tomatoes everywhere.", "little garden"),
])
def test_an_object_ends_before_a_there_clause(extractor: OfflineExtractor, text: str, value: str) -> None:
    got = pairs(extractor, text)
    assert any(o == value for _, o in got)
    assert not any("there" in o for _, o in got)


@pytest.mark.parametrize("text", [
    "We have 900 paying customers now, up from 600 in January.",
    "My rent is £950 now, down from £1,100 last year.",
    "The app averages 180ms these days, down from 400ms back in March.",
])
def test_the_time_of_an_earlier_value_does_not_date_the_new_one(extractor: OfflineExtractor, text: str) -> None:
    got = [f for f in facts(extractor, text) if f.predicate.startswith("quantity_")]
    assert got and all(f.valid_from is not None and f.valid_from.date() == REF.date() for f in got)


@pytest.mark.parametrize("text", [
    "The population of Tokyo has grown to 14 million people.",
    "The Eiffel Tower weighs 10,000 tonnes.",
    "Our competitor's revenue has grown to $5 million.",
    "Their team has grown to 40 engineers.",
    "His salary went up to 90k.",
    "We hit 40 degrees yesterday, brutal.",
    "I hit 3 red lights on the way home.",
    "We passed 3 Starbucks on the drive.",
    "We reached 3 conclusions in the meeting.",
])
def test_a_number_of_someone_elses_the_worlds_or_an_event_is_no_quantity_of_the_speakers(
        extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate.startswith("quantity_")]


@pytest.mark.parametrize(("text", "unwanted"), [
    ("I left my job at Google and moved into a new flat.", ("works_at", "new flat")),
    ("I used to work at Tesco, then I switched to oat milk.", ("works_at", "oat milk")),
])
def test_a_switch_after_an_ended_job_to_something_unnamed_is_no_new_job(extractor: OfflineExtractor, text: str,
                                                                       unwanted: tuple[str, str]) -> None:
    found = pairs(extractor, text)
    assert unwanted not in found and any(p == "works_at" for p, _ in found)


@pytest.mark.parametrize("text", ["I'm a different person now.", "I'm a better person these days.",
                                  "I'm a changed person."])
def test_a_judged_self_is_no_kind_of_person(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "is_a"]


@pytest.mark.parametrize(("text", "value"), [
    ("My Spotify subscription is $12 a month.", "$12 a month"),
    ("My Tesla's range is 300 miles.", "300 miles"),
    ("Our AWS bill went up to $3,400.", "$3,400"),
])
def test_a_named_thing_of_the_speakers_keeps_its_quantity(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert value in {f.object for f in facts(extractor, text) if f.predicate.startswith("quantity_")}
