"""Endings said with phrasal verbs and group words, through the real offline extractor and a real
store: "cut out", "kicked the X habit", "gave X up", "handed my notice in" give the thing up; "no
longer in the band" / "on the PTA" end a membership; a weekday after "the" that names a kind ("the
Tuesday quiz team") stays part of the object; the object stops before its reason or aside
("takeaways to save money", "energy drinks, three weeks clean"). Controls end nothing: a clipping
cut out of a paper, a seat given up, an appointment cancelled, a game quit for the night."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.timeexpr import find_times

from .reading import ended
from .reading import facts as read

REF = datetime(2026, 4, 10, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text, reference=REF)


@pytest.mark.parametrize(("text", "word"), [
    ("I've cut out sugar from my coffee, took a while to get used to.", "sugar"),
    ("cut out booze completely in January", "booze"),
    ("We cut out takeaways to save money.", "takeaways"),
    ("Finally kicked the energy drink habit, three weeks clean.", "energy drink"),
    ("Couple of years back I kicked the late-night takeaway habit, that's when the walks started.", "takeaway"),
    ("Gave the dog-walking business up, my back couldn't take it.", "dog-walking business"),
    ("Handed my notice in at Boots, today's my last shift.", "Boots"),
    ("I gave up smoking about three years back.", "smoking"),
])
def test_a_phrasal_giving_up_ends_the_thing(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = ended(facts(extractor, text), word)
    assert len(got) == 1, facts(extractor, text)


@pytest.mark.parametrize(("text", "whole"), [
    ("We cut out takeaways to save money.", "takeaways"),
    ("Finally kicked the energy drink habit, three weeks clean.", "energy drink"),
    ("I've cut out sugar from my coffee.", "sugar"),
    ("I gave up the dog-walking business.", "dog-walking business"),
])
def test_the_thing_given_up_stops_before_its_reason(extractor: OfflineExtractor, text: str, whole: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.operation is Operation.end] == [whole]


@pytest.mark.parametrize(("text", "word"), [
    ("I'm no longer in the band.", "band"),
    ("no longer in the band, creative differences and all that", "band"),
    ("I'm not in the choir any more.", "choir"),
    ("i'm no longer on the PTA, three years of bake sales was plenty", "PTA"),
    ("I'm no longer on the HOA.", "HOA"),
])
def test_no_longer_in_or_on_a_group_ends_the_membership(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert [f.predicate for f in ended(facts(extractor, text), word)] == ["member_of"]


@pytest.mark.parametrize(("text", "word"), [
    ("I quit the Tuesday pub quiz team last month, they got too competitive.", "Tuesday pub quiz team"),
    ("left the sunday five-a-side group, my ankle's had enough", "sunday five-a-side group"),
    ("Yeah I packed in the Wednesday choir, my voice isn't what it was.", "Wednesday choir"),
    ("I've stopped going to the Thursday darts league.", "Thursday darts league"),
    ("I stepped down as captain of the Sunday league team after six seasons.", "captain"),
])
def test_a_weekday_naming_a_kind_stays_in_what_ended(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert len(ended(facts(extractor, text), word)) == 1, facts(extractor, text)


@pytest.mark.parametrize("text", [
    "On the Saturday they came round for dinner.",
    "I have a meeting on the Friday.",
    "The Friday before, I had a meeting with Tom.",
])
def test_a_weekday_after_a_preposition_or_before_a_pronoun_is_still_a_day(text: str) -> None:
    assert find_times(text, REF, "past"), text


@pytest.mark.parametrize("text", [
    "I cut out a recipe from the Sunday paper for us to try.",
    "I cut out the coupon from the magazine.",
    "I'm not cut out for this job.",
    "I gave my seat up for an old lady.",
    "I kicked the habit.",
    "I cancelled my dentist appointment, I'll rebook it next week.",
    "quit the game halfway through tonight, the lag was unbearable",
    "Left my umbrella on the bus again, classic me.",
    "I'm no longer in class.",
])
def test_controls_end_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end], facts(extractor, text)


def test_giving_up_at_new_year_is_dated_then_not_a_place(extractor: OfflineExtractor) -> None:
    got = ended(facts(extractor, "I gave up vaping at new year."), "vaping")
    assert [(f.object, f.valid_until.date().isoformat() if f.valid_until else None) for f in got] == \
        [("vaping", "2026-01-01")]


def test_a_membership_left_in_new_words_closes_the_stored_record(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I'm in a band with some mates from uni.", user_id="u", reference_time=datetime(2025, 1, 10, tzinfo=UTC))
        mem.add("no longer in the band, creative differences and all that", user_id="u", reference_time=REF)
        held = [f for f in mem.history(user_id="u") if f.predicate == "member_of"]
        assert [f.valid_until.date().isoformat() if f.valid_until else None for f in held] == ["2026-04-10"], held


@pytest.mark.parametrize(("text", "value"), [
    ("I'm running around 25 miles a week while training for the half.", "25 miles a week"),
    ("we're cycling about 100km a week this summer", "100km a week"),
    ("I earn $1,200, which is fine.", "$1,200"),
])
def test_a_distance_or_sum_is_a_quantity_without_its_trailing_comma(extractor: OfflineExtractor, text: str,
                                                                    value: str) -> None:
    assert [f.object for f in facts(extractor, text) if f.predicate.startswith("quantity_")] == [value]


def test_running_late_is_no_quantity(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I'm running 10 minutes late, sorry.") if f.predicate.startswith("quantity_")]


def test_a_finding_after_a_dash_is_a_firm_diagnosis(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "Endoscopy results are in - it's definitely coeliac disease.")
    assert [(f.object, f.hedged) for f in got] == [("coeliac disease", False)]
