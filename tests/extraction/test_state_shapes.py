"""First-person states said the way people chat: "X is how I pay the bills", "my car's a ...",
counted pets and children, animals kept, a pet named after its kind, "married with kids", the
town around a rented home or a workplace; and confirmations that settle a hedged plan or rule a
guess out. New wordings, none from a split; the real spaCy model through the offline extractor."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts as read

REF = datetime(2026, 2, 11, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


def triples(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text) if f.subject == "user" and not f.negated}


@pytest.mark.parametrize(("text", "expected"), [
    ("Writing songs is how I pay the bills.", ("earns_living_by", "writing songs")),
    ("Driving a cab is how I pay the rent.", ("earns_living_by", "driving a cab")),
    ("Fixing up old bikes is how I make my money these days.", ("earns_living_by", "fixing up old bikes")),
    ("tutoring maths is how i make a living rn", ("earns_living_by", "tutoring maths")),
    ("Photography is how I relax after work.", ("activity", "photography")),
    ("Dancing is what keeps me sane.", ("motivated_by", "dancing")),  # what moves the speaker (rules_opinions)
    ("Gardening is what gets me through the week.", ("activity", "gardening")),
    ("Baking is how I switch off on weekends.", ("activity", "baking")),
])
def test_a_way_of_living_or_coping_is_the_speakers(extractor: OfflineExtractor, text: str,
                                                    expected: tuple[str, str]) -> None:
    assert expected in triples(extractor, text)


@pytest.mark.parametrize("text", [
    "That's how I met my husband.",
    "Is running how you relax?",
    "Yoga is how my sister unwinds.",
])
def test_a_pronoun_a_question_or_someone_else_has_no_way_of_living(extractor: OfflineExtractor, text: str) -> None:
    assert not {p for p, _ in triples(extractor, text)} & {"earns_living_by"}
    assert not [o for p, o in triples(extractor, text) if p == "activity" and o in {"that", "running", "yoga"}]


@pytest.mark.parametrize(("text", "expected"), [
    ("my car's a 2012 ford focus", ("has_car", "2012 ford focus")),
    ("my bike's a battered old raleigh", ("has_bike", "battered old raleigh")),
    ("my van's a knackered transit", ("has_van", "knackered transit")),
])
def test_a_lowercase_clitic_is_still_the_copula(extractor: OfflineExtractor, text: str,
                                                 expected: tuple[str, str]) -> None:
    assert expected in triples(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("i keep two snakes in a tank", {("has", "two snakes")}),
    ("We've got two cats and a rabbit.", {("has", "two cats"), ("has", "rabbit")}),
    ("I have two kids, Maisie who's seven and Arlo who's four.",
     {("has", "two kids"), ("has_kid", "Maisie"), ("has_kid", "Arlo")}),
    ("I have two cats, Pixel and Mochi, who rule the house.", {("has", "two cats"), ("has_cat", "Pixel")}),
    ("We keep three hens in the garden.", {("has", "three hens")}),
])
def test_a_counted_possession_says_what_is_had(extractor: OfflineExtractor, text: str,
                                               expected: set[tuple[str, str]]) -> None:
    assert expected <= triples(extractor, text)


@pytest.mark.parametrize("text", [
    "I had two cats growing up.",
    "I'd have ten dogs if I could.",
    "I don't have any pets.",
])
def test_a_past_wished_or_denied_possession_is_not_had(extractor: OfflineExtractor, text: str) -> None:
    assert not [o for p, o in triples(extractor, text) if p == "has"]


@pytest.mark.parametrize(("text", "kept"), [
    ("I keep bees in the back garden.", "bees"),
    ("I keep chickens.", "chickens"),
    ("i keep a pet tarantula", "pet tarantula"),
    ("I keep tropical fish.", "tropical fish"),
])
def test_animals_kept_are_the_speakers(extractor: OfflineExtractor, text: str, kept: str) -> None:
    assert ("keeps", kept) in triples(extractor, text)


@pytest.mark.parametrize("text", [
    "I keep an eye on the kids.",
    "I keep my phone on silent.",
    "I keep forgetting my keys.",
    "I keep the receipts in a drawer.",
    "I keep track of my spending.",
])
def test_keep_as_a_way_of_doing_keeps_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [o for p, o in triples(extractor, text) if p == "keeps"]


@pytest.mark.parametrize(("text", "expected"), [
    ("My dog is a beagle called Rufus.", ("has_dog", "Rufus")),
    ("my dog's a rescue lurcher called Biscuit, three legs and absolutely no fear", ("has_dog", "Biscuit")),
    ("My cat is a ginger tom named Marmalade.", ("has_cat", "Marmalade")),
])
def test_a_pet_named_after_its_kind(extractor: OfflineExtractor, text: str, expected: tuple[str, str]) -> None:
    assert expected in triples(extractor, text)


@pytest.mark.parametrize(("text", "status"), [
    ("I'm married with three kids.", "married"),
    ("i'm divorced with a teenage son", "divorced"),
    ("I'm happily married with a baby on the way.", "married"),
    ("I'm single with two cats.", "single"),
])
def test_a_status_with_children_is_the_status(extractor: OfflineExtractor, text: str, status: str) -> None:
    assert ("relationship_status", status) in triples(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I live near the beach in San Diego.", ("lives_in", "San Diego")),
    ("We rent a two-bed terrace on the edge of Bristol with a garden that's mostly brambles.", ("lives_in", "Bristol")),
    ("I rent a room in Camden.", ("lives_in", "Camden")),
    ("My partner and I rent a two-bed terrace in Leicester.", ("lives_in", "Leicester")),
    ("I work at a garage in Boston restoring classic cars.", ("works_at", "garage in Boston")),
    ("I work at a bakery on the edge of Norwich.", ("works_at", "bakery on the edge of Norwich")),
])
def test_the_town_around_a_home_or_a_workplace(extractor: OfflineExtractor, text: str,
                                               expected: tuple[str, str]) -> None:
    assert expected in triples(extractor, text)


@pytest.mark.parametrize("text", [
    "We have a holiday cottage in Cornwall.",
    "I don't rent a flat in Spain.",
])
def test_a_home_away_or_denied_is_not_where_one_lives(extractor: OfflineExtractor, text: str) -> None:
    assert not [o for p, o in triples(extractor, text) if p == "lives_in"]


@pytest.mark.parametrize(("turns", "predicate", "value"), [
    (("We may be moving to Limerick.", "It's confirmed now, we got the house!"), "planned_lives_in", "Limerick"),
    (("I might be moving to Leeds.", "It's definite now."), "planned_lives_in", "Leeds"),
    (("Maybe I'll get the job at Arup.", "It's official, I got it!"), "planned_works_at", "Arup"),
])
def test_an_official_word_settles_a_hedged_plan(extractor: OfflineExtractor, turns: tuple[str, ...],
                                                predicate: str, value: str) -> None:
    found = [f for f in facts(extractor, *turns) if f.predicate == predicate and f.object == value]
    assert any(not f.hedged and f.source_turn == 1 for f in found), found


def test_turns_out_alone_does_not_settle_a_plan(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "We might move to Bristol next year.", "Turns out we're staying put.")
    assert all(f.hedged for f in found if f.object == "Bristol"), found


@pytest.mark.parametrize(("turns", "value"), [
    (("I might have a gluten intolerance.", "Tests came back negative, so no."), "gluten intolerance"),
    (("I might be allergic to shellfish.", "The allergy test came back clear!"), "shellfish"),
    (("Could be coeliac, waiting on bloods.", "Results are in - not coeliac after all."), "coeliac"),
])
def test_a_clear_result_denies_the_guess(extractor: OfflineExtractor, turns: tuple[str, ...], value: str) -> None:
    settled = [f for f in facts(extractor, *turns) if f.object == value and f.source_turn == 1]
    assert settled and all(f.negated and not f.hedged for f in settled), settled


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm on a strict low-sugar diet at the moment because my numbers were creeping up.",
     ("diet", "strict low-sugar diet")),
    ("I'm on a keto diet.", ("diet", "keto diet")),
    ("i'm doing the paleo diet rn", ("diet", "paleo diet")),
    ("I teach yoga at a studio near my place.", ("teaches", "yoga")),
    ("I coach netball at a primary school in Leeds.", ("coaches", "netball")),
    ("I tutor Spanish at the community centre.", ("tutors", "Spanish")),
])
def test_a_diet_kept_and_a_subject_taught(extractor: OfflineExtractor, text: str, expected: tuple[str, str]) -> None:
    assert expected in triples(extractor, text)


@pytest.mark.parametrize("text", ["I'm not on a diet.", "I should be on a diet.", "I'm going on a diet next month."])
def test_a_diet_denied_owed_or_planned_is_no_diet(extractor: OfflineExtractor, text: str) -> None:
    assert not [o for p, o in triples(extractor, text) if p == "diet"]


@pytest.mark.parametrize(("text", "employer"), [
    ("Accepted the offer from Siemens, handing my notice in tomorrow.", "Siemens"),
    ("I accepted a job offer from Deloitte.", "Deloitte"),
    ("I've accepted the position at Monzo.", "Monzo"),
    ("took the job at Bupa in the end", "Bupa"),
])
def test_a_job_taken_from_a_named_employer_is_where_one_works(extractor: OfflineExtractor, text: str,
                                                              employer: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "works_at" and f.object == employer]
    assert found and all(not f.hedged and f.operation.value == "add" for f in found), found


@pytest.mark.parametrize("text", [
    "I got an offer from Google but turned it down.",
    "I didn't accept the offer from Amazon.",
    "I might accept the offer from Amazon.",
])
def test_an_offer_only_had_denied_or_weighed_is_no_employer(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "works_at" and not f.negated and not f.hedged]
