"""Dated past events in constructions the parse hides (issue 12): a motion verb with what it went
to do ("went to see Hamilton"), an outing named by a doing ("went hiking with a few friends"),
what befell the speaker said with "got" and a participle ("got engaged on a beach"), an occasion
named by what filled it ("a movie night"), and a chat line that drops its "I" and opens on an
irregular past ("Ran a half marathon on Saturday"). Controls: habits, plans, questions, negated
events, feelings and orders store no event. The real spaCy model, and a real SQLite file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2024, 6, 12, 10, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def events(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return {(f.predicate, f.object, f.valid_from.date().isoformat() if f.valid_from else "")
            for f in facts if f.memory_type is MemoryType.episodic}


@pytest.mark.parametrize(("text", "expected"), [
    ("We went to see the Lion King on Saturday, the kids loved it.", ("sees", "Lion King", "2024-06-08")),
    ("I went to see Hamilton with my mum last night.", ("sees", "Hamilton", "2024-06-11")),
    ("On Friday we went to see Hamilton in the West End.", ("sees", "Hamilton", "2024-06-07")),
    ("We went to visit my grandparents in Ohio last week.", ("visits", "their grandparents", "2024-06-03")),
    ("Oh man, yesterday I went to check out the new climbing gym by the station.",
     ("checks_out", "new climbing gym", "2024-06-11")),
])
def test_what_the_speaker_went_to_do_is_the_event(extractor: OfflineExtractor, text: str,
                                                   expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


def test_going_to_a_place_to_do_something_keeps_the_place(extractor: OfflineExtractor) -> None:
    assert ("goes_to", "London", "2024-06-03") in events(extractor, "I went to London to see my aunt last week.")


@pytest.mark.parametrize(("text", "expected"), [
    ("I went hiking with a few friends on Friday.", ("goes", "hiking", "2024-06-07")),
    ("Yesterday we went bowling and I got three strikes in a row!", ("goes", "bowling", "2024-06-11")),
    ("went fishing with my dad on Sunday, caught nothing lol", ("goes", "fishing", "2024-06-09")),
    ("Last Saturday I went kayaking with some coworkers on the river.", ("goes", "kayaking", "2024-06-08")),
    ("We went shopping for a new sofa last week.", ("goes", "shopping", "2024-06-03")),
])
def test_an_outing_named_by_a_doing_is_the_event(extractor: OfflineExtractor, text: str,
                                                  expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I got engaged on a beach in Crete last month!", ("life_event", "got engaged", "2024-05-01")),
    ("Got rear-ended at the lights yesterday, nobody hurt though.", ("life_event", "got rear-ended", "2024-06-11")),
    ("I got promoted at work last week!", ("life_event", "got promoted", "2024-06-03")),
    ("Yesterday I got mugged on the way home from the station.", ("life_event", "got mugged", "2024-06-11")),
    ("Got vaccinated at the pharmacy on Monday.", ("life_event", "got vaccinated", "2024-06-10")),
])
def test_what_befell_the_speaker_is_a_life_event_not_a_place(extractor: OfflineExtractor, text: str,
                                                              expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


def test_got_with_more_than_where_keeps_its_own_reading(extractor: OfflineExtractor) -> None:
    assert ("gets_accepted_into", "Oxford", "2024-06-03") in events(extractor, "I got accepted into Oxford last week!")


@pytest.mark.parametrize(("text", "expected"), [
    ("We had a movie night with the kids on Friday.", ("has", "movie night", "2024-06-07")),
    ("Had a spa day with my sister last Sunday, so relaxing.", ("has", "spa day", "2024-06-09")),
    ("Last Tuesday my partner and I had a really fun board game night.", ("has", "board game night", "2024-06-11")),
    ("We had our first proper date night in months last week, finally!", ("has", "date night", "2024-06-03")),
    ("i had a beach day with the girls yesterday", ("has", "beach day", "2024-06-11")),
])
def test_an_occasion_named_by_what_filled_it_is_the_event(extractor: OfflineExtractor, text: str,
                                                          expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Ran a half marathon on Saturday, legs are dead.", ("runs", "half marathon", "2024-06-08")),
    ("Met my new manager on Monday, she seems nice.", ("meets", "their new manager", "2024-06-10")),
    ("Bought a new guitar on Saturday!", ("buys", "new guitar", "2024-06-08")),
    ("Took the kids to the zoo on Sunday.", ("takes", "kids to the zoo", "2024-06-09")),
    ("Saw Dune 2 on Friday with my brother.", ("sees", "Dune", "2024-06-07")),
])
def test_a_dropped_i_before_an_irregular_past_dates_the_weekday_gone_by(
        extractor: OfflineExtractor, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


@pytest.mark.parametrize("text", [
    "I go to see my grandma every Sunday.",
    "I might go to see the new Marvel film this weekend.",
    "Did you go to see Hamilton last night?",
    "We didn't go hiking on Saturday because of the rain.",
    "I usually go bowling with my brother on Thursdays.",
    "She said she was going to see Coldplay next week.",
    "I got so bored yesterday.",
    "I got really tired after the long drive.",
    "We had a rough night with the baby.",
    "We have a movie night every Friday.",
    "If I got promoted I'd buy a new car.",
    "Put the bins out on Tuesday.",
    "Run the tests on Friday.",
])
def test_no_event_where_nothing_happened(extractor: OfflineExtractor, text: str) -> None:
    assert events(extractor, text) == set()


def test_a_thing_of_the_speakers_that_got_approved_stays_the_things(extractor: OfflineExtractor) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content="My visa renewal got approved yesterday.")],
                                           reference_time=REF, scope=Scope(user_id="u"))).facts
    assert any(f.subject.endswith("visa renewal") and f.object == "visa renewal got approved" for f in facts)
    assert not any(f.subject == "user" and f.predicate == "life_event" for f in facts)


def test_a_stored_outing_is_dated_by_its_own_time(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db") as mem:
        mem.add("Last Saturday I went kayaking with some coworkers on the river.", user_id="u", reference_time=REF)
        (fact,) = [f for f in mem.facts(user_id="u") if f.object == "kayaking"]
        assert (fact.predicate, fact.memory_type) == ("goes", MemoryType.episodic)
        assert fact.valid_from == datetime(2024, 6, 8, tzinfo=UTC)


@pytest.mark.parametrize(("text", "expected"), [
    ("Thanks Mel, yesterday I took my kids to the beach.", ("takes", "their kids to the beach", "2024-06-11")),
    ("Guess what, last Friday I finally ran my first half marathon!", ("runs", "their first half marathon", "2024-06-07")),
    ("Haha same here, this morning I signed up for a salsa class!", ("signs_up_for", "salsa class", "2024-06-12")),
    ("Yesterday me and Tom went fishing at the lake.", ("goes", "fishing", "2024-06-11")),
    ("Last Saturday, me and my mum went to see the Nutcracker.", ("sees", "Nutcracker", "2024-06-08")),
])
def test_a_reply_that_opens_with_a_reaction_then_a_time_keeps_the_speakers_event(
        extractor: OfflineExtractor, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)


def test_the_reaction_before_the_time_stores_nothing(extractor: OfflineExtractor) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content="Thanks Mel, yesterday I took my kids to the beach.")],
                                           reference_time=REF, scope=Scope(user_id="u"))).facts
    assert [f.predicate for f in facts] == ["takes"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Twisted my ankle on Monday.", ("twists", "their ankle", "2024-06-10")),
    ("Twisted my knee last Friday and it's really painful.", ("twists", "their knee", "2024-06-07")),
])
def test_a_dropped_i_before_a_past_read_as_an_adjective_is_the_speakers_deed(
        extractor: OfflineExtractor, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in events(extractor, text)
