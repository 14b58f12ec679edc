"""Corrections read from the two values a sentence contrasts (rules_contrast), dated by the
statement (never the wall clock), and stored so the wrong record is retracted: real spaCy model,
real SQLite file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.rules_contrast import contrast
from kronograph.model import Scope

REF = datetime(2026, 4, 2, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def corrections(extractor: OfflineExtractor, *turns: str) -> list[tuple[str, str | None]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.object, f.replaces) for f in facts if f.operation is Operation.correct]


@pytest.mark.parametrize(("sentence", "pair"), [
    # the right value, then "not" and the wrong one, with a slip owned up to
    ("Sorry, my mistake: my niece is eleven, not twelve.", ("eleven", "twelve")),
    ("ugh I mixed them up, the hamster is called Nibbles, not Peanut", ("Nibbles", "Peanut")),
    ("Slip of the tongue: the meeting is on the 21st, not the 12th.", ("21st", "12th")),
    ("Hang on, our flight leaves at 7am, not 7pm, I nearly missed that.", ("7am", "7pm")),
    ("My bad, it's a golden retriever, not a labrador.", ("golden retriever", "labrador")),
    # the wrong value first
    ("Not Monday, sorry - my piano lesson is on Wednesdays.", ("Wednesdays", "Monday")),
    ("no wait, not March, the baby is due in April", ("April", "March")),
    # a report of one's own earlier words, either side of the right value
    ("I said my cousin lives in Leeds but it's actually York, I always get those mixed.", ("York", "Leeds")),
    ("Earlier I told you the party was on Friday, it's on Saturday now that I check.", ("Saturday", "Friday")),
    ("The clinic is on Baker Road, I wrote Station Road before but that was the old one.", ("Baker Road", "Station Road")),
    ("I typed Rust before but honestly my side project is written in Kotlin.", ("Kotlin", "Rust")),
    ("my son is 9, I must have said 6 earlier, typo", ("9", "6")),
])
def test_the_contrasted_pair_is_found_in_each_shape(sentence: str, pair: tuple[str, str]) -> None:
    found = contrast(sentence)
    assert found is not None and found[:2] == pair


@pytest.mark.parametrize("sentence", [
    "I'm vegetarian, so no meat recipes please.",
    "I work from home on Fridays, not sure about Mondays yet.",
    "I'm a morning person, not a night owl.",   # no slip owned up to: a contrast of states
    "I'd like the window seat, not the aisle.",
])
def test_no_pair_without_an_owned_up_slip_or_for_a_plain_negative(sentence: str) -> None:
    assert contrast(sentence) is None


@pytest.mark.parametrize(("sentence", "right", "wrong"), [
    ("Sorry, my mistake: my niece is eleven, not twelve.", "eleven", "twelve"),
    ("Slip of the tongue: the meeting is on the 21st, not the 12th.", "21st", "12th"),
    ("Not Monday, sorry - my piano lesson is on Wednesdays.", "Wednesdays", "Monday"),
    ("Earlier I told you the party was on Friday, it's on Saturday now that I check.", "Saturday", "Friday"),
    ("my son is 9, I must have said 6 earlier, typo", "9", "6"),
])
def test_a_sentence_no_rule_reads_still_yields_its_correction(extractor: OfflineExtractor, sentence: str,
                                                              right: str, wrong: str) -> None:
    assert (right, wrong) in corrections(extractor, sentence)


def test_the_topic_of_a_time_put_right_is_found_in_the_earlier_turn(extractor: OfflineExtractor) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content="My flight lands at 9pm."),
                                                  Turn(content="sorry, 9am not 9pm, it's the early one")],
                                           reference_time=REF, scope=Scope(user_id="u"))).facts
    fixed = [f for f in facts if f.operation is Operation.correct]
    assert [(f.predicate, f.object, f.replaces) for f in fixed] == [("flight_time", "9am", "9pm")]


def test_a_correction_across_turns_swaps_the_value_inside_the_earlier_statement(extractor: OfflineExtractor) -> None:
    found = corrections(extractor, "We're running the Leeds half marathon in May.",
                        "ugh, it's York, not Leeds, I signed up for too many")
    assert len(found) == 1 and "York half marathon" in found[0][0] and "Leeds" in (found[0][1] or "")


def test_a_correction_is_dated_by_its_episode_not_the_wall_clock(extractor: OfflineExtractor) -> None:
    for text in ["Actually, I live in Oslo.", "Sorry, I meant I live in Austin.", "My bad, the flat's in Hove, not Brighton."]:
        facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                               scope=Scope(user_id="u"))).facts
        fixed = [f for f in facts if f.operation is Operation.correct]
        assert fixed and all(f.valid_from == REF for f in fixed), text


def test_a_correction_with_nothing_held_holds_from_when_it_was_said(mem: Memory) -> None:
    mem.add("Actually, I live in Oslo.", user_id="u1", reference_time="2026-01-12T09:00:00+00:00")
    mem.add("I live in Bergen.", user_id="u1", reference_time="2026-02-12T09:00:00+00:00")
    assert [f.object for f in mem.facts(user_id="u1", predicate="lives_in")] == ["Bergen"]
    assert [f.object for f in mem.facts(user_id="u1", predicate="lives_in", as_of="2026-01-20")] == ["Oslo"]


def test_a_correction_retracts_the_wrong_record_and_takes_its_start(mem: Memory) -> None:
    mem.add("I live in Bergen.", user_id="u2", reference_time="2026-01-05T09:00:00+00:00")
    before = mem.facts(user_id="u2", predicate="lives_in")
    mem.add("Actually, I meant Trondheim, not Bergen.", user_id="u2", reference_time="2026-03-01T09:00:00+00:00")
    assert [f.object for f in mem.facts(user_id="u2", predicate="lives_in", as_of="2026-02-01")] == ["Trondheim"]
    wrong = next(f for f in mem.history(user_id="u2", predicate="lives_in") if f.object == "Bergen")
    assert wrong.retracted_at is not None and before[0].id == wrong.id


def test_a_correction_naming_only_values_finds_its_slot_in_what_is_stored(mem: Memory) -> None:
    mem.add("I'm doing the Manchester marathon in April.", user_id="u3", reference_time="2026-01-05T09:00:00+00:00")
    held = {f.predicate for f in mem.facts(user_id="u3")}
    mem.add("ugh, sorry, it's Brighton, not Manchester.", user_id="u3", reference_time="2026-01-06T09:00:00+00:00")
    now = mem.facts(user_id="u3")
    assert any("Brighton" in f.object and f.predicate in held for f in now)
    assert not any("Manchester" in f.object for f in now)


@pytest.mark.parametrize(("sentence", "pair"), [
    # a self-repair: the speaker breaks off after a value and says the right one of the same kind
    ("My sister's birthday is on the 12th, wait no, it's the 14th.", ("14th", "12th")),
    ("I've been vegan for five years, sorry, four years, since the pandemic started.", ("four", "five")),
    ("i live on the fourth floor, actually no, fifth floor, they renumbered the building", ("fifth", "fourth")),
    ("My manager is Dave, no wait, it's Daniel now, Dave left in January.", ("Daniel", "Dave")),
    ("we're flying out on the 3rd... hang on, no, the 5th, I misread the booking", ("5th", "3rd")),
    ("We stayed in Porto for a week - sorry, I mean Lisbon, Porto was the year before.", ("Lisbon", "Porto")),
    ("Our wedding's in June, no, make that July, the venue moved us.", ("July", "June")),
    ("Honestly the gig in Leeds was amazing, well, Bradford actually, the venue's right on the border.",
     ("Bradford", "Leeds")),
])
def test_a_self_repair_inside_one_sentence_gives_the_pair(sentence: str, pair: tuple[str, str]) -> None:
    found = contrast(sentence)
    assert found is not None and found[:2] == pair


@pytest.mark.parametrize("sentence", [
    # breaks with "sorry" / "no" / "well" that take nothing back
    "I'm in Leeds, sorry, Mark, I can't make it tonight.",
    "I met Tom at the pub, sorry, that was a long story.",
    "We have 3 dogs, no, I mean it, they're a lot of work.",
    "I ran 5k on Monday, no, and 10k on Tuesday.",
    "I saw Jane yesterday, no idea what she's up to though.",
    "We went to Paris in 2019, oh god, what a trip that was.",
    "I bought 2 tickets, sorry, I didn't tell you earlier.",
    "I work at Google, well, it's a job.",
    "No, I don't think so, Tom.",
    "My son is 12, no wonder he eats so much.",
    "I moved to Berlin in 2020, well, it was a big change.",
    "Paris was lovely, sorry, Rome was lovelier, we preferred it.",
    "I finished the book on Sunday, no spoilers though.",
    "He said it was Tuesday, not Wednesday.",
])
def test_a_break_that_takes_nothing_back_gives_no_pair(sentence: str) -> None:
    assert contrast(sentence) is None


def test_a_self_repair_corrects_the_value_of_the_fact_it_breaks_off(extractor: OfflineExtractor) -> None:
    assert ("fifth floor", "fourth floor") in corrections(
        extractor, "i live on the fourth floor, actually no, fifth floor, they renumbered the building")
    assert ("Italy", "Spain") in corrections(
        extractor, "I travelled to Spain last year, gorgeous place... hold on, no, it was Italy, the food gave it away.")


def test_a_bare_name_put_right_later_corrects_the_fact_that_holds_a_name(extractor: OfflineExtractor) -> None:
    # the last name of the earlier turn (Duolingo) is held by no fact; the one a fact holds is the wrong value
    assert corrections(extractor, "I'm learning Italian on Duolingo at the moment.",
                       "Sorry, I meant Spanish. Italian was last year.") == [("Spanish", "Italian")]
    # "my sister Sarah": the name said after "sister" before is the one put right, not the last name
    assert corrections(extractor, "My sister Sophie is a vet in Bristol.",
                       "ah no, I meant my sister Sarah, Sophie's my cousin.") == [("Sarah", "Sophie")]


@pytest.mark.parametrize("turns", [
    # review 34: a value later in the repair, after a negation or a new verb, puts nothing right
    ("I'm 25, no, I don't want 30 candles",),
    ("Our flight is at 6, sorry, I have to go in 5 minutes",),
    ("See you on the 12th, sorry, can't wait for the 13th episode",),
    ("I've got 2 cats, no, I never wanted 3 of them.",),
    ("Meeting's on Monday, sorry, I need to leave on Friday.",),
    ("We paid £200, no, we can't afford £300.",),
    # a name: no place guessed, nothing for someone else's fact, nothing for a clause that adds a name
    ("She works at Tesco, well, Aldi actually",),
    ("My tour with Drake... sorry, I mean Frank Ocean",),
    ("Bali, well, Phuket actually",),
    ("I love Paris, sorry, Mark, I mean London is ok too",),
    ("I met John yesterday, no, Mark was there too",),
    ("I had lunch with Sam, no, Alex joined us later.",),
    ("He's at Lidl, well, Asda actually",),
    # the right value in the wrong slot
    ("My sister is 12, sorry, 13",),
    ("I was second in the race, no, third, argh",),
    ("We met in 2015, no wait, 2016",),
    ("My brother is 30, no, 31",),
    ("I came fourth, no, fifth, in the quiz",),
    # a bare name put right later: only the last name said, never one further back
    ("I work at Google in London", "Sorry, I meant Paris."),
    ("I went to Rome with Tom last year", "Oh sorry, I meant Jerry, he's great"),
    ("I met Jane at Google", "No sorry, Microsoft"),
    ("I bought a Ford from Dave", "No sorry, Steve."),
])
def test_a_repair_that_names_a_value_of_no_held_slot_corrects_nothing_wrong(
        extractor: OfflineExtractor, turns: tuple[str, ...]) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    bad = [f for f in facts if f.operation is Operation.correct
           and (f.predicate in {"lives_in", "stated_date", "sister", "brother"} or f.subject != "user"
                or any(w in f.object.lower() for w in ("wait", "no,", "candles", "minutes", "episode", "there too")))]
    assert bad == [], bad
    # a name said further back than the last is never the one put right
    assert not any(f.operation is Operation.correct and f.replaces in {"Google", "Rome", "Jane", "Ford"} for f in facts)


def test_a_repair_still_corrects_a_value_said_at_its_start(extractor: OfflineExtractor) -> None:
    for sentence, pair in [("we're flying out on the 3rd... hang on, no, the 5th, I misread the booking", ("5th", "3rd")),
                           ("My manager is Dave, no wait, it's Daniel now, Dave left in January.", ("Daniel", "Dave"))]:
        found = contrast(sentence)
        assert found is not None and found[:2] == pair
    assert ("14th", "12th") in corrections(extractor, "My sister's birthday is on the 12th, wait no, it's the 14th.")
