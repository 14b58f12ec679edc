"""Hedges and denials in chat wordings the clause reader does not know, checked as kinds on
wordings of their own through the real spaCy model: a hedge keeps the fact uncertain (never
certain, never dropped), a denial keeps it on its own clause; look-alikes change nothing."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("As far as I know, my cousin lives in Ghent.", "lives_in", "Ghent"),
    ("iirc my uncle works at Siemens", "works_at", "Siemens"),
    ("If I remember rightly, I'm allergic to ragweed.", "allergic_to", "ragweed"),
    ("I'd imagine I'm allergic to horses.", "allergic_to", "horses"),
    ("My aunt lives in Malaga, I think.", "lives_in", "Malaga"),
    ("My nephew works at Nokia, as far as I know. He loves it.", "works_at", "Nokia"),
    ("I'm fairly confident I'm allergic to birch pollen.", "allergic_to", "birch pollen"),
    ("I'm tempted to move to Porto.", "planned_lives_in", "Porto"),
])
def test_a_hedge_in_other_words_keeps_the_fact_uncertain(extractor: OfflineExtractor, text: str, predicate: str,
                                                         value: str) -> None:
    got = [(f.predicate, f.object, f.hedged) for f in facts(extractor, text)]
    assert (predicate, value, True) in got, got
    assert (predicate, value, False) not in got, got


@pytest.mark.parametrize("text", ["That's what I think.", "I know what I think.", "I'm confident about the talk."])
def test_a_hedge_word_that_qualifies_no_statement_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "predicate", "value", "hedged"), [
    ("I wouldn't call myself a gamer.", "is_a", "gamer", False),
    ("I don't think I'm a night owl.", "is_a", "night owl", True),
    ("I won't touch anchovies.", "eats", "anchovies", False),
    ("I'd never eat tripe.", "eats", "tripe", False),
    ("i wont touch booze", "drinks", "booze", False),
    ("No pets, just a lot of houseplants.", "has", "pets", False),
    ("Nope, no siblings.", "has", "siblings", False),
])
def test_a_denial_in_other_words_is_negated(extractor: OfflineExtractor, text: str, predicate: str, value: str,
                                            hedged: bool) -> None:
    got = [(f.predicate, f.object, f.negated, f.hedged) for f in facts(extractor, text)]
    assert (predicate, value, True, hedged) in got, got


@pytest.mark.parametrize("text", [
    "I won't touch the code until Monday.",
    "I'd never touch my savings for a holiday.",
    "I won't touch that spreadsheet again, it's cursed.",
    "i wont touch it till the build is green",
    "I refuse to touch his car after last time.",
])
def test_not_touching_a_thing_one_handles_is_no_food_refused(extractor: OfflineExtractor, text: str) -> None:
    got = [(f.predicate, f.object) for f in facts(extractor, text)]
    assert not [g for g in got if g[0] in ("eats", "drinks")], got


def test_having_none_beside_having_another_takes_nothing_back(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "No car, but I've got a bike.")
    assert [f.operation.value for f in got if f.object == "bike"] == ["add"]
    assert [(f.object, f.negated) for f in got if f.object == "car"] == [("car", True)]


@pytest.mark.parametrize("text", [
    "I'm vegetarian, so no meat recipes please.",
    "I won't eat out tonight.",
    "No worries, see you later.",
])
def test_a_no_that_denies_nothing_held_negates_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.negated], [(f.predicate, f.object) for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("i reckon i'm lactose intolerant? milk wrecks me", "diet", "lactose intolerant"),
    ("pretty sure I'm allergic to plasters? they bring me out in a rash", "allergic_to", "plasters"),
    ("think I might be allergic to wasps?", "allergic_to", "wasps"),
    ("might move to Cardiff next year if the job works out", "planned_lives_in", "Cardiff"),
])
def test_a_guess_with_a_rising_tone_or_a_dropped_i_is_a_hedged_statement(extractor: OfflineExtractor, text: str,
                                                                         predicate: str, value: str) -> None:
    got = [(f.predicate, f.object, f.hedged) for f in facts(extractor, text)]
    assert (predicate, value, True) in got, got


@pytest.mark.parametrize(("text", "value"), [
    ("I'm not keen on opera.", "opera"),
    ("I never liked golf, honestly.", "golf"),
    ("I'm not a fan of karaoke.", "karaoke"),
])
def test_a_denied_liking_is_a_negated_like_beside_the_dislike(extractor: OfflineExtractor, text: str, value: str) -> None:
    got = {(f.predicate, f.object, f.negated) for f in facts(extractor, text)}
    assert {("dislikes", value, False), ("likes", value, True)} <= got, got


@pytest.mark.parametrize(("text", "value"), [("I hate queueing.", "queueing"), ("I can't stand reality TV.", "reality TV")])
def test_a_plain_dislike_is_also_the_liking_negated(extractor: OfflineExtractor, text: str, value: str) -> None:
    got = {(f.predicate, f.object, f.negated) for f in facts(extractor, text)}
    assert {("dislikes", value, False), ("likes", value, True)} <= got, got


def test_a_liking_beside_a_denial_stays_as_said(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I love opera but not musicals.")
    assert not [f for f in got if f.predicate == "likes" and f.negated and f.object == "opera"], got


def test_two_likings_in_contrast_correct_nothing(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I don't like thrillers, but I love documentaries.")
    assert [(f.object, f.operation.value) for f in got if f.object == "documentaries"] == [("documentaries", "add")]


@pytest.mark.parametrize(("text", "value"), [
    ("I'm not diabetic.", "diabetic"),
    ("I don't have epilepsy.", "epilepsy"),
])
def test_a_denied_health_detail_stays_denied(extractor: OfflineExtractor, text: str, value: str) -> None:
    got = [(f.object, f.negated) for f in facts(extractor, text) if f.object == value]
    assert got and all(negated for _, negated in got), got


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("Not a cat person in the slightest.", "is_a", "cat person"),
    ("honestly not much of a smoker", "is_a", "smoker"),
    ("I don't cook, never learned.", "activity", "cook"),
])
def test_a_fragment_denial_is_scoped_to_its_own_words(extractor: OfflineExtractor, text: str, predicate: str,
                                                      value: str) -> None:
    got = [(f.predicate, f.object, f.negated) for f in facts(extractor, text)]
    assert (predicate, value, True) in got, got


def test_could_be_that_keeps_its_own_subject(extractor: OfflineExtractor) -> None:
    got = [(f.object, f.hedged) for f in facts(extractor, "Could be that I've got a touch of hay fever.")]
    assert got and all(hedged for _, hedged in got) and any("hay fever" in o for o, _ in got), got
