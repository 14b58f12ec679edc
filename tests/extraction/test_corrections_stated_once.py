"""A correction is stated once and on its value's slot: the remark on the slip states nothing, a
clause said beside the contrast is no correction, a figure put right keys by what it counts, a
name put right by "his name is", a count taken back, a place put right (rules_contrast,
base.unique_candidates, rules_places)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.candidates import CandidateFact, Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 3, 10, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return extractor.extract(EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=REF,
                                          scope=Scope(user_id="u"))).facts


@pytest.mark.parametrize(("turns", "right", "wrong"), [
    (["oh sorry, I gave the wrong date - the wedding is June 14th, not June 4th"], "June 14th", "June 4th"),
    (["I made a mistake earlier, I'm allergic to penicillin, not to amoxicillin specifically."], "penicillin", "amoxicillin"),
    (["We're doing the video shoot in Miami.", "Sorry, I typed Miami, the shoot's actually in Malibu."], "Malibu", "Miami"),
    (["my bad, I gave you the wrong name, the vet is Dr Okafor, not Dr Okoye"], "Okafor", "Okoye"),
])
def test_the_remark_on_the_slip_states_nothing(extractor: OfflineExtractor, turns: list[str], right: str, wrong: str) -> None:
    facts = read(extractor, *turns)
    assert any(f.operation is Operation.correct and right in f.object and wrong in (f.replaces or "") for f in facts), facts
    assert not any(f.predicate.split("_")[0] in {"gives", "makes", "types", "gets"} for f in facts), facts


@pytest.mark.parametrize(("turns", "right", "aside"), [
    (["I'm doing the Manchester marathon in April.", "ugh, it's Brighton, not Manchester, I've entered too many races this year"],
     "Brighton", "races"),
    (["We're running the Leeds 10k in May.", "no wait, it's York, not Leeds, I've signed up for loads of runs"], "York", "runs"),
])
def test_a_clause_said_beside_the_contrast_is_no_correction(extractor: OfflineExtractor, turns: list[str], right: str,
                                                             aside: str) -> None:
    facts = read(extractor, *turns)
    assert any(f.operation is Operation.correct and right in f.object for f in facts), facts
    assert not any(f.operation is Operation.correct and aside in f.object for f in facts), facts


@pytest.mark.parametrize(("turns", "slot", "right", "wrong"), [
    (["actually I lied, it's 3 kids not 2 haha, forgot the baby"], "quantity_kids", "3", "2"),
    (["Three moggies live with us, total chaos.", "Sorry, two, not three! I always count the neighbour's one."],
     "quantity_moggies", "two", "three"),
    (["I've got three dogs, Pepper, Precious and Panda.", "Oops, make that four, I forgot Pixie."], "quantity_dogs", "four", "three"),
    (["I've been at Deloitte for three years.", "err, four years, not three"], "quantity_works_at_duration", "four", "three"),
    (["We have two cats.", "wait no, three cats, not two"], "quantity_cats", "three", "two"),
])
def test_a_figure_put_right_keys_by_what_it_counts(extractor: OfflineExtractor, turns: list[str], slot: str, right: str,
                                                    wrong: str) -> None:
    facts = read(extractor, *turns)
    fixed = [f for f in facts if f.operation is Operation.correct]
    assert [(f.predicate, f.object, f.replaces) for f in fixed] == [(slot, right, wrong)], facts
    assert not any(f.operation is Operation.add and f.predicate == slot for f in facts), facts


@pytest.mark.parametrize("turns", [
    ["My cat is called Pixel.", "Actually, his name is Pepper."],
    ["My cat is called Pixel.", "No sorry, his name is Pepper."],
])
def test_a_name_put_right_by_his_name_is(extractor: OfflineExtractor, turns: list[str]) -> None:
    facts = read(extractor, *turns)
    assert [(f.object, f.replaces) for f in facts if f.operation is Operation.correct] == [("Pepper", "Pixel")], facts
    assert not any(f.object == "Pixel" and f.operation is Operation.add for f in facts), facts


@pytest.mark.parametrize(("text", "slot", "right"), [
    ("My bad - the concert's at the O2, not Wembley.", "current_place_concert", "O2"),
    ("My mistake, the office moved to Kings Cross, not Euston.", "current_place_office", "Kings Cross"),
    ("Scratch that, my flight's out of Stansted, not Luton.", "current_place_flight", "Stansted"),
    ("I misspoke - the reunion is in Bath, not Bristol.", "current_place_reunion", "Bath"),
])
def test_a_place_put_right_is_stated_once_on_the_things_place_slot(extractor: OfflineExtractor, text: str, slot: str,
                                                                    right: str) -> None:
    facts = read(extractor, text)
    assert [(f.predicate, f.object, f.operation) for f in facts] == [(slot, right, Operation.correct)], facts


def test_a_remark_naming_whose_value_it_was_gives_the_slot(extractor: OfflineExtractor) -> None:
    facts = read(extractor, "Siobhan, not Sinead, I got my own partner's name wrong, oops.")
    assert [(f.predicate, f.object, f.replaces) for f in facts] == [("partner", "Siobhan", "Sinead")], facts


@pytest.mark.parametrize("text", [
    "I made a cake for the party.",
    "I typed up the minutes, not bad for a Monday.",
])
def test_the_same_verbs_without_a_slip_are_no_correction(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.operation is Operation.correct for f in read(extractor, text))


def test_a_count_put_right_supersedes_the_stored_count(tmp_path) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(str(tmp_path / "m.db"))
    mem.add("We have two cats.", user_id="u", reference_time="2026-01-05T09:00:00+00:00")
    mem.add("wait no, three cats, not two", user_id="u", reference_time="2026-01-06T09:00:00+00:00")
    assert [f.object for f in mem.facts(user_id="u", predicate="quantity_cats")] == ["three"]


def read_reply(extractor: OfflineExtractor, assistant: str, user: str) -> list[CandidateFact]:
    turns = [Turn(role="assistant", content=assistant), Turn(content=user)]
    return extractor.extract(EpisodeInput(turns=turns, reference_time=REF, scope=Scope(user_id="u"))).facts


@pytest.mark.parametrize(("assistant", "user", "slot", "right", "wrong"), [
    ("You mentioned your flight is at 9am.", "nope, 10am", "flight_time", "10am", "9am"),
    ("Your anniversary is on the 14th, right?", "no, the 15th", "anniversary_date", "15th", "14th"),
    ("Great, your yoga class is on Tuesdays.", "Sorry, Thursdays.", "yoga_class_date", "Thursdays", "Tuesdays"),
    ("Noted - your niece is twelve.", "no, eleven", "niece", "eleven", "twelve"),
    ("So your dentist appointment is on Monday?", "ugh no, Wednesday", "dentist_appointment_date", "Wednesday", "Monday"),
])
def test_what_the_assistant_said_of_the_speaker_is_put_right(extractor: OfflineExtractor, assistant: str, user: str,
                                                             slot: str, right: str, wrong: str) -> None:
    facts = read_reply(extractor, assistant, user)
    assert [(f.predicate, f.object, f.replaces) for f in facts if f.operation is Operation.correct] == [(slot, right, wrong)], facts


def test_an_assistant_turn_about_something_else_gives_nothing_to_put_right(extractor: OfflineExtractor) -> None:
    assert not any(f.operation is Operation.correct for f in read_reply(extractor, "The museum opens at 9am.", "nope, 10am"))


@pytest.mark.parametrize(("text", "right", "wrong"), [
    ("My son's not eight but nine, he had his birthday last month.", "nine", "eight"),
    ("the meeting is not on Tuesday but Thursday", "Thursday", "Tuesday"),
    ("our flight's not at 6pm but 8pm", "8pm", "6pm"),
    ("the party is not on the 12th but the 14th", "14th", "12th"),
    ("sorry, my mistake, the venue is not Leeds but York", "York", "Leeds"),
])
def test_not_the_wrong_value_but_the_right_one(extractor: OfflineExtractor, text: str, right: str, wrong: str) -> None:
    facts = read(extractor, text)
    assert any(f.operation is Operation.correct and right in f.object and f.replaces == wrong for f in facts), facts
    assert not any(f.operation is Operation.correct and "birthday" in f.object for f in facts), facts


@pytest.mark.parametrize("text", [
    "It's not the price but the quality that matters.",
    "I didn't go to Rome but I loved Florence.",
    "Not bad, actually, the new job is going well.",
])
def test_not_but_without_values_of_one_kind_or_a_slip_is_no_correction(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.operation is Operation.correct for f in read(extractor, text))


@pytest.mark.parametrize(("text", "slot", "right", "wrong"), [
    ("Correction: I work for Accenture now, not KPMG.", "works_at", "Accenture", "KPMG"),
    ("sorry, I bank with Monzo now, not Barclays", "uses", "Monzo", "Barclays"),
    ("my mistake, we live in Leeds these days, not York", "lives_in", "Leeds", "York"),
    ("I use Linux now, not Windows - typo earlier", "uses_os", "Linux", "Windows"),
])
def test_a_value_said_with_a_time_word_is_put_right_and_the_denial_states_nothing(
        extractor: OfflineExtractor, text: str, slot: str, right: str, wrong: str) -> None:
    facts = read(extractor, text)
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in facts] == [(slot, right, Operation.correct, wrong)], facts
