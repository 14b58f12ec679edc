"""Corrections and replies said in shapes the clause rules did not
read — a cleft ("it's X I ..., not Y"), a star sign, a naming "'s", "no wait", and "mine" answering
another speaker — each in a wording of its own with a case that must not fire, through the real
spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Operation, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.rules_restate import own_counterpart, restate
from kronograph.model import Scope

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def chat(extractor: OfflineExtractor, *turns: tuple[str | None, str]) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(role="user", name=name, content=content) for name, content in turns],
                           reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


@pytest.mark.parametrize(("text", "predicate", "new", "old"), [
    ("Sorry, it's cashews I'm allergic to, not almonds.", "allergic_to", "cashews", "almonds"),
    ("My mistake, it's a Skoda I drive, not a Seat.", "drives", "Skoda", "Seat"),
])
def test_a_cleft_correction_corrects_the_value_it_puts_first(extractor: OfflineExtractor, text: str, predicate: str,
                                                             new: str, old: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == predicate]
    assert [(new in f.object, f.operation, f.replaces) for f in found] == [(True, Operation.correct, old)]


@pytest.mark.parametrize("text", ["It's the noise I can't stand.", "It's my mum I'm worried about, she's been ill."])
def test_a_cleft_that_only_stresses_is_left_as_said(text: str) -> None:
    assert restate(text) == text


def test_a_star_sign_is_filed_as_one_and_its_correction_finds_it(extractor: OfflineExtractor) -> None:
    assert [(f.predicate, f.object) for f in facts(extractor, "I'm a Gemini.")] == [("has_star_sign", "Gemini")]
    fixed = facts(extractor, "I told you I'm a Pisces but I meant Aries.")
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in fixed] == [
        ("has_star_sign", "Aries", Operation.correct, "Pisces")]


def test_an_illness_is_no_star_sign(extractor: OfflineExtractor) -> None:
    assert all(f.predicate != "has_star_sign" for f in facts(extractor, "I'm a cancer survivor."))


def test_a_name_given_with_s_and_taken_back_after_no_wait(extractor: OfflineExtractor) -> None:
    found = chat(extractor, (None, "My hamster's called Biscuit."), (None, "No wait, it's Biscuits, plural."))
    # the value put right within one episode is proposed as the correction only
    assert [(f.subject, f.object, f.operation, f.replaces) for f in found if f.predicate == "name"] == [
        ("user's hamster", "Biscuits", Operation.correct, "Biscuit")]


def test_a_possessive_s_stays_a_possessive() -> None:
    assert restate("My sister's dog is called Rex.") == "My sister's dog is called Rex."


def test_mine_answers_the_other_speakers_thing(extractor: OfflineExtractor) -> None:
    found = chat(extractor, ("Priya", "My favourite city is Lisbon."), ("Tom", "Mine's Kyoto, no contest."))
    assert {(f.subject, f.object) for f in found} == {("Priya", "Lisbon"), ("Tom", "Kyoto")}
    assert all(f.predicate == "preferred_city" for f in found)


def test_mine_with_nothing_named_before_is_left_as_said() -> None:
    assert own_counterpart("Mine's at home.", "I love that film.") == "Mine's at home."
    assert own_counterpart("Mine's at home.", None) == "Mine's at home."


def test_a_birthday_keeps_the_day_not_the_request_or_aside(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "My birthday's the 9th of October, don't forget it.")
    assert [(f.predicate, f.object) for f in found] == [("birthday", "the 9th of October")]
    found = facts(extractor, "My birthday is New Year's Day, rubbish timing.")
    assert [(f.predicate, f.object) for f in found] == [("birthday", "New Year's Day")]


@pytest.mark.parametrize(("text", "predicate", "new", "old"), [
    ("Did I say Asda? I shop at Lidl every week.", "shops_at", "Lidl", "Asda"),
    ("Did I say Lloyds? I bank with Monzo these days.", None, "Monzo", "Lloyds"),
    ("Ignore the Bristol part, I live in Bath.", "lives_in", "Bath", "Bristol"),
    ("Got my towns mixed up, I'm in Preston, not Blackpool, honestly.", "lives_in", "Preston", "Blackpool"),
    ("I'm 41 tbh, not 40 like I wrote before 😅", "age", "41", "40"),
    ("Sorry, I meant to say I'm 52, not 25 — slip of the thumb.", "age", "52", "25"),
    ("My rabbit's called Clover not Chloe.", "name", "Clover", "Chloe"),
])
def test_a_correction_in_chat_shape_replaces_the_value_taken_back(extractor: OfflineExtractor, text: str,
                                                                   predicate: str | None, new: str, old: str) -> None:
    found = [f for f in facts(extractor, text) if f.operation is Operation.correct and new in f.object]
    assert found and all(f.replaces == old for f in found)
    assert predicate is None or {f.predicate for f in found} == {predicate}


@pytest.mark.parametrize("text", [
    "I live in Leeds, not far from the station.",
    "Did I say that out loud? Oops.",
    "I prefer tea rather than coffee.",
    "I'm vegetarian, so no meat recipes please.",
])
def test_what_takes_nothing_back_is_no_correction(extractor: OfflineExtractor, text: str) -> None:
    assert all(f.operation is not Operation.correct for f in facts(extractor, text))


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I'm dairy-free so the pizza night is a bit tricky.", "diet", "dairy-free"),
    ("Dinner's easy for me, I'm plant-based.", "diet", "plant-based"),
    ("I'm allergic to kiwi so no fruit salad for me.", "allergic_to", "kiwi"),
])
def test_a_consequence_after_so_leaves_the_statement_plain(extractor: OfflineExtractor, text: str, predicate: str,
                                                           value: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == predicate]
    assert [(f.object, f.operation, f.replaces) for f in found] == [(value, Operation.add, None)]


@pytest.mark.parametrize("text", ["I actually adore jazz.", "We actually work at the same hospital, St Mary's.",
                                  "I've actually never been skiing, I just like the chalets."])
def test_an_actually_that_only_stresses_corrects_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert all(f.operation is not Operation.correct for f in facts(extractor, text))


def test_an_actually_in_answer_to_a_question_still_corrects(extractor: OfflineExtractor) -> None:
    episode = EpisodeInput(turns=[Turn(role="assistant", content="So you're based in Cork?"),
                                  Turn(content="I'm actually in Galway.")], reference_time=REF, scope=Scope(user_id="u"))
    found = extractor.extract(episode).facts
    assert [(f.predicate, f.object, f.operation) for f in found] == [("lives_in", "Galway", Operation.correct)]


def test_an_actually_beside_another_sign_of_a_correction_still_corrects(extractor: OfflineExtractor) -> None:
    found = facts(extractor, "That was wrong, I actually live in Derby.")
    assert [(f.object, f.operation) for f in found] == [("Derby", Operation.correct)]


def turns(extractor: OfflineExtractor, *contents: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=c) for c in contents], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


def test_a_time_put_right_redates_the_task_just_said(extractor: OfflineExtractor) -> None:
    # REF is Wednesday 20 May 2026: "Friday" is the 22nd, "Monday" the 25th
    found = turns(extractor, "I have to post the tax forms by Friday.", "Oops, by Monday.")
    assert [(f.predicate, f.operation, f.replaces, f.task_until.date().isoformat() if f.task_until else None)
            for f in found] == [("has_task", Operation.correct, found[0].object, "2026-05-26")]


def test_a_time_put_right_redates_the_event_just_said(extractor: OfflineExtractor) -> None:
    found = turns(extractor, "We went to the aquarium on Monday.", "*Sunday")
    assert [(f.operation, f.valid_from.date().isoformat() if f.valid_from else None) for f in found] == [
        (Operation.correct, "2026-05-17")]


def test_a_date_that_is_the_value_is_replaced(extractor: OfflineExtractor) -> None:
    found = turns(extractor, "My birthday is on 7 October.", "Whoops, it's 17 October.")
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in found] == [
        ("birthday", "17 October", Operation.correct, "7 October")]


def test_a_time_after_an_undated_statement_corrects_nothing(extractor: OfflineExtractor) -> None:
    found = turns(extractor, "I live in Carlisle.", "Sorry, Thursday then.")
    assert all(f.operation is not Operation.correct for f in found)


@pytest.mark.parametrize(("text", "old", "new"), [
    ("Left Unilever for Octopus Energy in March.", "Unilever", "Octopus Energy"),
    ("I've quit my job at Tesco for Ocado.", "Tesco", "Ocado"),
])
def test_leaving_one_employer_for_another_starts_the_new_one(extractor: OfflineExtractor, text: str, old: str,
                                                             new: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "works_at"]
    assert [(f.object, f.replaces) for f in found] == [(new, old)]


@pytest.mark.parametrize("text", ["I left Unilever for good.", "I left Unilever for personal reasons."])
def test_leaving_for_a_reason_only_ends(extractor: OfflineExtractor, text: str) -> None:
    found = [f for f in facts(extractor, text) if f.predicate == "works_at"]
    assert [(f.object, f.operation) for f in found] == [("Unilever", Operation.end)]


@pytest.mark.parametrize("text", [
    "It's a pity I sold my Golf, not that I miss it.",
    "It was lucky I booked the hotel early, not last minute.",
])
def test_a_cleft_whose_clause_has_its_own_object_is_no_correction(extractor: OfflineExtractor, text: str) -> None:
    assert restate(text) == text
    assert all(f.object.lower() not in {"pity", "lucky"} for f in facts(extractor, text))


def test_a_cleft_with_its_gap_after_the_verb_still_corrects(extractor: OfflineExtractor) -> None:
    found = [f for f in facts(extractor, "Oops, it's oat milk I buy for the flat, not soy milk.")]
    assert restate("Oops, it's oat milk I buy for the flat, not soy milk.") != "Oops, it's oat milk I buy for the flat, not soy milk."
    assert any("oat milk" in f.object and f.operation is Operation.correct for f in found), found


def test_a_time_put_right_stays_with_the_person_whose_plan_it_is(extractor: OfflineExtractor) -> None:
    found = turns(extractor, "My nephew is starting nursery on Tuesday.", "Sorry, Thursday.")
    fixed = [f for f in found if f.operation is Operation.correct]
    assert [f.subject for f in fixed] == ["user's nephew"], [(f.subject, f.predicate, f.object) for f in found]


def test_a_time_put_right_on_the_speakers_own_plan_stays_the_speakers(extractor: OfflineExtractor) -> None:
    found = turns(extractor, "I'm starting pottery classes on Tuesday.", "Sorry, Thursday.")
    assert [f.subject for f in found if f.operation is Operation.correct] == ["user"], found


@pytest.mark.parametrize("text", ["My name is Leo.", "Everyone calls me Gemini at work, long story.",
                                  "I'm called Aries, my parents were astronomers."])
def test_a_name_that_is_also_a_sign_stays_a_name(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate == "has_star_sign"], got
