"""Endings and changes said by construction, through the real offline extractor and a real store:
a pursuit not done for a long stretch ("haven't ridden in years", "it's been ages since I ...") or
no longer gone to ("don't go climbing any more") has ended; a way of living one is "done" with
ends; a couple "calling it a day" parts; a provider switched with the thing named between ("moved
my pension out of Aviva and into Vanguard") replaces the old one; a swap names the old thing
without "old"; "now I'm all about Y" after "used to X" replaces X. Controls end and change nothing:
people not seen for years, a need not met, a film not watched since, a report done, a desk moved."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import ended
from .reading import facts as read

REF = datetime(2026, 4, 10, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    return read(extractor, text, reference=REF)


@pytest.mark.parametrize(("text", "word"), [
    ("I haven't ridden my bike in years, it's rusting in the shed.", "bike"),
    ("havent smoked a cigarette in over ten years", "cigarette"),
    ("Haven't picked up a crochet hook in ages.", "crochet hook"),
    ("I haven't played the cello since uni, sadly.", "cello"),
    ("we haven't kept chickens for a good few years now", "chickens"),
    ("It's been years since I played the trumpet.", "trumpet"),
])
def test_a_pursuit_not_done_for_a_long_stretch_has_ended(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert ended(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("I don't go fishing anymore, no patience for it.", "fishing"),
    ("we don't go skiing any more since the kids came along", "skiing"),
    ("Haven't been sailing in a couple of years.", "sailing"),
    ("I no longer go hunting.", "hunting"),
    ("I stopped going swimming after the pool shut.", "swimming"),
])
def test_a_pursuit_no_longer_gone_to_has_ended(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert ended(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("I'm so done renting, we're saving for a deposit.", "rent"),
    ("We're done fostering, it was too hard to say goodbye.", "foster"),
])
def test_a_way_of_living_one_is_done_with_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.operation is Operation.end and word in f.predicate + " " + f.object], got


@pytest.mark.parametrize(("text", "partner"), [
    ("Called it quits with Dominic over Christmas.", "Dominic"),
    ("me and my boyfriend called it a day last month", "boyfriend"),
    ("I called it a day with Priya after six years.", "Priya"),
    ("Ollie and I called it quits in the summer.", "Ollie"),
])
def test_a_couple_calling_it_a_day_parts(extractor: OfflineExtractor, text: str, partner: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.predicate == "partner" and f.operation is Operation.end and partner in f.object], got


@pytest.mark.parametrize("text", [
    "I haven't seen my cousin in years, we should catch up.",
    "Haven't slept properly in ages, the baby is teething.",
    "It's been years since I saw that film, is it still good?",
    "I haven't felt this rested in years!",
    "I'm done with the report, sending it over now.",
    "I'm done packing for tonight, finally.",
    "Called it a day at work early, the wifi was down.",
    "I don't go to the gym on Sundays.",
])
def test_what_was_not_given_up_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end], got


@pytest.mark.parametrize(("text", "new", "old"), [
    ("I switched my energy supplier from EDF to Octopus last month.", "Octopus", "EDF"),
    ("moved our mortgage from Halifax over to Nationwide in January", "Nationwide", "Halifax"),
    ("We changed our mobile contract from Vodafone to Three.", "Three", "Vodafone"),
    ("I moved my pension out of Aviva and into Vanguard.", "Vanguard", "Aviva"),
    ("Finally switched my bank from Lloyds to Starling.", "Starling", "Lloyds"),
])
def test_a_provider_switched_with_the_thing_named_between_replaces_the_old(extractor: OfflineExtractor, text: str,
                                                                           new: str, old: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if new in f.object and f.replaces == old], got
    assert not [f for f in got if f.predicate == "lives_in"], got


@pytest.mark.parametrize("text", [
    "I moved my desk from the window to the corner.",
    "switched my alarm from 6 to 7 this week, bliss",
    "moved my mum from the spare room to the lounge",
])
def test_a_thing_moved_between_no_providers_changes_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.replaces or f.predicate == "lives_in"], got


@pytest.mark.parametrize(("text", "new", "old"), [
    ("I swapped my old Corsa for a Polestar.", "Polestar", "Corsa"),
    ("Traded in my battered old Kindle for a Kobo.", "Kobo", "Kindle"),
    ("we swapped the ancient Dell for a MacBook Air", "MacBook", "Dell"),
    ("I traded my trusty Nokia for an iPhone.", "iPhone", "Nokia"),
])
def test_a_swap_names_the_old_thing_without_its_wear(extractor: OfflineExtractor, text: str, new: str, old: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if new in f.object and f.replaces == old], got


@pytest.mark.parametrize(("text", "new", "old"), [
    ("I used to drink builder's tea, now I'm all about matcha.", "matcha", "builder's tea"),
    ("I used to play Overwatch but these days I'm really into Valorant.", "Valorant", "Overwatch"),
    ("I used to read thrillers, nowadays I'm more into sci-fi.", "sci-fi", "thrillers"),
])
def test_a_taste_taken_up_after_used_to_replaces_the_old(extractor: OfflineExtractor, text: str, new: str,
                                                         old: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if new in f.object and f.replaces == old], got
    assert not [f for f in got if f.predicate == "likes" and new in f.object], got


def test_a_lapsed_pursuit_closes_the_one_held_in_the_store(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I play the cello in a community orchestra.", user_id="u", reference_time=datetime(2024, 3, 1, tzinfo=UTC))
        mem.add("Honestly I haven't played the cello in years.", user_id="u", reference_time=REF)
        held = [f for f in mem.history(user_id="u") if f.predicate == "plays" and "cello" in f.object]
        assert held and all(f.valid_until is not None for f in held), held


@pytest.mark.parametrize(("text", "employer", "role"), [
    ("I joined Figma as a senior product designer.", "Figma", "senior product designer"),
    ("Started a new job at Monzo on Monday as a backend engineer!", "Monzo", "backend engineer"),
    ("I'm now working at Spotify as a data analyst.", "Spotify", "data analyst"),
    ("I work at Tesco as a cashier.", "Tesco", "cashier"),
    ("just joined Arup as a civil engineer", "Arup", "civil engineer"),
])
def test_a_role_said_with_as_beside_a_named_employer_is_the_job(extractor: OfflineExtractor, text: str, employer: str,
                                                                role: str) -> None:
    got = {(f.predicate, f.object) for f in facts(extractor, text)}
    assert {("works_at", employer), ("job_title", role)} <= got, got


@pytest.mark.parametrize("text", [
    "I joined Google as a result of the merger.",
    "Went to Paris as a kid.",
    "just joined the NHS as a paramedic, first shift tomorrow",
])
def test_as_a_that_names_no_role_or_meets_another_clause_is_no_job(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if "job_title" in f.predicate or "is_a" in f.predicate], got


@pytest.mark.parametrize(("text", "name"), [
    ("My name's Sarah Jones now, I took my husband's surname.", "Sarah Jones"),
    ("My surname's Okafor since the wedding.", "Okafor"),
    ("my last name's Brennan now", "Brennan"),
])
def test_a_name_said_with_its_contraction_is_read(extractor: OfflineExtractor, text: str, name: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if "name" in f.predicate and f.object == name], got


@pytest.mark.parametrize(("text", "town"), [
    ("We moved house to Ghent last week.", "Ghent"),
    ("moved house to Bristol in the spring", "Bristol"),
])
def test_a_house_moved_to_a_town_is_where_one_lives(extractor: OfflineExtractor, text: str, town: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.predicate == "lives_in" and f.object == town], got


def test_done_with_an_ing_word_before_a_noun_ends_the_thing(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I'm done with dating apps for now.")
    assert ended(got, "dating apps") and not [f for f in got if f.object.lower() == "dating"], got
