"""Round 26 (issue 12, coverage): statements that stored nothing now yield a memory. Each rule is
checked on wordings of its own, with a negative case beside it, through the real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def triples(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "subject", "employer"), [
    ("I work weekends at the farm shop.", "user", "farm shop"),
    ("My sister Lena works nights at St Thomas' Hospital.", "Lena", "St Thomas' Hospital"),
])
def test_working_a_shift_somewhere_names_the_employer(extractor: OfflineExtractor, text: str, subject: str,
                                                      employer: str) -> None:
    assert (subject, "works_at", employer) in triples(extractor, text)


def test_a_shift_with_no_place_names_no_employer(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "works_at" for f in facts(extractor, "I work nights, which is brutal."))


@pytest.mark.parametrize(("text", "liked"), [
    ("I'm seriously into bouldering.", "bouldering"),
    ("Absolutely hooked on Korean dramas.", "Korean dramas"),
    ("Folk music is my thing, particularly the Irish stuff.", "Folk music"),
    ("Crime novels are right up my alley.", "Crime novels"),
    ("i'm more of a tea person tbh", "tea"),  # keyed preferred_drink (round 30)
])
def test_tastes_in_new_wordings(extractor: OfflineExtractor, text: str, liked: str) -> None:
    assert any(f.object == liked and f.memory_type and f.memory_type.value == "preference"
               for f in facts(extractor, text))


@pytest.mark.parametrize("text", ["I'm so into this conversation, haha", "That's my thing, lol"])
def test_no_taste_from_chatter(extractor: OfflineExtractor, text: str) -> None:
    assert not facts(extractor, text)


def test_a_weekday_before_a_noun_is_a_kind_not_a_day(extractor: OfflineExtractor) -> None:
    assert ("user", "likes", "proper Sunday roast") in triples(extractor, "Nothing beats a proper Sunday roast.")
    dated = facts(extractor, "I met Ola on a Sunday morning at the market.")
    assert all("Sunday" not in f.object for f in dated)


def ended(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text) if f.operation.value == "end"}


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I'm no longer at the council, took voluntary redundancy.", "works_at", "council"),
    ("i'm not on the parish committee any more", "member_of", "parish committee"),
    ("Our broadband contract with Sky expired last month.", "has", "broadband contract with Sky"),
    ("I've basically quit crisps.", "likes", "crisps"),
    ("We stopped the milk delivery in March.", "has", "milk delivery"),
    ("Kicked vaping last winter, fingers crossed.", "activity", "vaping"),
    ("Cancelled Spotify yesterday.", "uses", "Spotify"),
])
def test_endings_in_new_wordings(extractor: OfflineExtractor, text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in ended(extractor, text)


@pytest.mark.parametrize("text", [
    "My driving licence expires in 2031.",          # not over yet
    "I stopped the bus for an old lady.",           # an act, not a thing given up
    "I'm at the bank till three.",                  # a place, not an employer left
    "I'm on the train home.",                       # no group
])
def test_no_ending_without_one(extractor: OfflineExtractor, text: str) -> None:
    assert not ended(extractor, text)


def test_quitting_a_habit_is_no_employer_but_quitting_a_job_is(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "works_at" for f in facts(extractor, "I quit sugar in January."))
    assert ("works_at", "garden centre") in ended(extractor, "I quit my job at the garden centre.")


def hedged_plans(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return [f for f in facts(extractor, text) if f.hedged and (f.predicate or "").startswith(("plans_to", "planned_"))]


@pytest.mark.parametrize(("text", "part"), [
    ("Maybe I'll sign up for a pottery course.", "pottery course"),           # hedged "will"
    ("I'll probably trade in the Golf for an electric car.", "electric car"),
    ("There's a good chance we'll adopt a rescue greyhound this summer.", "greyhound"),
    ("I'm weighing up buying a campervan.", "campervan"),                    # undecided, not a plan made
    ("Perhaps relocating to Porto after the baby arrives.", "Porto"),        # hedged "-ing" with no "I"
    ("I might take up fencing.", "fencing"),                                 # a gerund kept whole
])
def test_hedged_plans_in_new_wordings(extractor: OfflineExtractor, text: str, part: str) -> None:
    assert any(part in f.object for f in hedged_plans(extractor, text))


@pytest.mark.parametrize("text", [
    "I'll call you tomorrow.",             # a plain "will" is no hedge
    "I'm probably overthinking it.",       # a hedged "-ing" that is no step taken
    "There's a chance of rain later.",     # a chance of weather, nobody's plan
])
def test_no_hedged_plan_without_one(extractor: OfflineExtractor, text: str) -> None:
    assert not hedged_plans(extractor, text)


def test_a_month_said_with_will_is_the_coming_one(extractor: OfflineExtractor) -> None:
    (plan,) = hedged_plans(extractor, "Maybe I'll run the Leeds half in April.")  # REF is May 2026
    assert "2027-04-01" in plan.text


@pytest.mark.parametrize(("text", "part", "day"), [
    ("I'm booked in for an eye test on Monday.", "eye test", "2026-05-25"),          # REF is Wed 20 May
    ("Got a GP appointment this Friday, finally.", "GP appointment", "2026-05-22"),
    ("My boiler service is booked for the 28th.", "boiler service", "2026-05-28"),
])
def test_a_dated_appointment_is_a_plan_for_that_day(extractor: OfflineExtractor, text: str, part: str,
                                                    day: str) -> None:
    (plan,) = [f for f in facts(extractor, text) if f.predicate == "plans_to"]
    assert part in plan.object and f"(from {day})" in plan.text


@pytest.mark.parametrize("text", [
    "I had a GP appointment last Friday.",        # gone by
    "I have a job interview.",                    # no day: no dated plan
    "I've got a haircut, it's very short now.",   # not an appointment at all
])
def test_no_dated_appointment_without_a_day_to_come(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate == "plans_to" and "(from " in f.text for f in facts(extractor, text))


def test_gone_from_one_thing_to_another_is_a_switch_but_not_a_journey(extractor: OfflineExtractor) -> None:
    (drink,) = facts(extractor, "I've gone from beer to red wine.")
    assert (drink.predicate, drink.object, drink.replaces) == ("preferred_drink", "red wine", "beer")
    assert not any(f.predicate.startswith("preferred_") for f in facts(extractor, "We went from Bath to Bristol on foot."))


@pytest.mark.parametrize(("text", "condition"), [
    ("The skin prick test came back positive for shellfish.", "shellfish"),
    ("My coeliac screening came back positive for gluten antibodies.", "gluten antibodies"),
])
def test_a_positive_result_is_a_health_fact(extractor: OfflineExtractor, text: str, condition: str) -> None:
    (fact,) = facts(extractor, text)
    assert (fact.predicate, fact.object, fact.sensitive_kind) == ("medical_condition", condition, "health")


def test_a_negative_result_is_no_condition(extractor: OfflineExtractor) -> None:
    assert not facts(extractor, "The swab came back negative for strep.")


@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("Rachel from the climbing club works at Arup.", "Rachel", "works_at", "Arup"),
    ("Helen next door lives in Whitby now.", "Helen", "lives_in", "Whitby"),
])
def test_a_name_tagged_with_where_one_knows_them_is_the_subject(extractor: OfflineExtractor, text: str, subject: str,
                                                               predicate: str, value: str) -> None:
    assert (subject, predicate, value) in triples(extractor, text)


def test_a_name_with_a_place_of_origin_only_is_no_subject(extractor: OfflineExtractor) -> None:
    assert not any(f.subject == "Tariq" for f in facts(extractor, "I met Tariq from Leeds at the wall."))


def test_what_i_said_before_is_the_value_a_correction_replaces(extractor: OfflineExtractor) -> None:
    (fixed,) = facts(extractor, "I said I work at Aldi, I meant Lidl.")
    assert (fixed.predicate, fixed.object, fixed.operation.value, fixed.replaces) == ("works_at", "Lidl", "correct", "Aldi")


@pytest.mark.parametrize("text", ["I said I live in Sheffield.", "I said I'd be home by six."])
def test_what_i_said_before_alone_states_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not facts(extractor, text)


def chat(extractor: OfflineExtractor, *turns: tuple[str, str]) -> set[tuple[str, str, str]]:
    episode = EpisodeInput(turns=[Turn(role="user", name=name, content=text) for name, text in turns],
                           reference_time=REF, scope=Scope(user_id="u"))
    return {(f.subject, f.predicate, f.object) for f in extractor.extract(episode).facts}


def test_each_speaker_files_their_own_new_wordings(extractor: OfflineExtractor) -> None:
    got = chat(extractor, ("Noor", "I'm in Bergen, still lecturing."), ("Kit", "Ha, I'm all about drum and bass."),
               ("Ade", "Shellfish is my only allergy."))
    assert {("Noor", "lives_in", "Bergen"), ("Kit", "likes", "drum and bass"), ("Ade", "allergic_to", "Shellfish")} <= got


@pytest.mark.parametrize("text", [
    "I'm all about 6 foot.",                # a measure, not a taste
    "I'm about to head out.",               # a plan, not a taste
    "I'm in Leeds for a conference, back Friday.",  # a stay, not a home
])
def test_no_taste_or_home_from_near_misses(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate in {"likes", "lives_in"} for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "value"), [("I'm 1.82 m tall.", "1.82 m"), ("I'm about 5ft 4 tall.", "5ft 4")])
def test_a_height_is_a_quantity_slot(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert ("user", "quantity_height", value) in triples(extractor, text)


def test_a_things_height_is_not_the_speakers(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "quantity_height" for f in facts(extractor, "The hedge is 2 m tall."))


def test_a_relatives_age_after_a_clitic(extractor: OfflineExtractor) -> None:
    assert ("user's daughter", "age", "11") in triples(extractor, "my daughter's 11 and obsessed with horses")
