"""Typed revisions: asked for a date, a colour, a place or a name now, a later message of the same speaker
that says something changed and gives another value of that kind revises the earlier answer,
however far its words; an unrelated later date, colour or name (no change said, or a new thing
rather than a changed value) revises nothing. Through a real Memory (SQLite file, MiniLM, offline
extractor) with the other meaning-only tiers off, and on the pure readers of value kinds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.queries.config import DEFAULT_RECALL
from kronograph.queries.embedding import MiniLMEmbedder
from kronograph.queries.value_kinds import asked_value_kind, gives_another, typed_values

from ..conftest import Clock
from .test_search import assert_update_replaces, current_lines, said_then_updated

#: Only the typed tier among the tiers that need no shared word (no revision link, query-topic,
#: mutual or family tier).
ONLY_TYPED = DEFAULT_RECALL.model_copy(update={"fusion": DEFAULT_RECALL.fusion.model_copy(
    update={"query_topic_episodes": 0, "topic_families": (), "revision_margin": 2.0,
            "revision_value_margin": 2.0})})
NO_TYPED = DEFAULT_RECALL.model_copy(update={"fusion": ONLY_TYPED.fusion.model_copy(
    update={"asked_value_kinds": ()})})


@pytest.fixture
def tmem(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, embedder=minilm, recall_config=ONLY_TYPED) as memory:
        yield memory


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("The quarterly review with my manager is on 20 January.",
     "My boss is travelling, so the performance chat slipped to 3 February.", "When's my appraisal?", "20 January"),
    ("Parents' evening at school is Tuesday the 4th of March.",
     "Got a letter home: the teacher meetings are rearranged, now Thursday 13 March.",
     "When do I meet the kids' teachers?", "4th of March"),
    ("the wedding's on saturday 14 september!!", "venue flooded so Tom and Priya moved it to 12 october",
     "what day is the wedding?", "14 september"),
    ("Our front door is painted dark green.", "We repainted the front door a bright red over the weekend.",
     "What colour is the front door?", "dark green"),
    ("The team offsite will be held in Brighton.", "Budget cuts: the away day is now happening in Croydon.",
     "Where is the offsite?", "Brighton"),
    ("My line manager is called Fiona.", "After the reshuffle I report to Raj instead.",
     "Who do I report to?", "Fiona"),
    # a place without a name: the words after a place preposition
    ("I keep my bike locked up in the basement.", "After the break-in the bike lives in the garden shed now.",
     "Where is my bicycle kept?", "basement"),
    ("my yoga mat is purple", "got a new one in ocean blue", "what colour is my yoga mat?", "purple"),
    ("The chimney sweep is coming on 17 February.", "He's had to push us back to 3 March.",
     "When is the chimney sweep coming?", "17 February"),
    # a thing made again another way ("re-" a making verb), the thing itself replaced, "change" with its object
    ("My car is a silver Golf.", "Some idiot keyed it so I had the garage respray it matte black.",
     "What colour is my car?", "silver"),
    ("Our campervan is called Bertha.", "after the bodywork the kids rechristened the van Marigold",
     "What's the campervan called?", "Bertha"),
    ("My bike helmet is bright red.", "After the crash I got a replacement lid in fluorescent green.",
     "What colour is my cycling helmet?", "bright red"),
    ("My hair is dyed purple at the moment.", "Went back to the salon and had it re-dyed platinum blonde.",
     "What colour is my hair?", "purple"),
    ("Our front door is painted red.", "The council made us change it, so the entrance is heritage blue.",
     "What colour is our front door?", "red"),
    # a change verb in any form, on what the earlier message is about ("the meeting", "it")
    ("The team meeting is on Thursday 5 March.", "We had to postpone the meeting to Monday 9 March.",
     "When is the team meeting?", "5 March"),
    ("The plumber is coming on 6 April.", "The plumber had to delay it until 14 April.",
     "When is the plumber coming?", "6 April"),
])
def test_a_later_message_with_another_value_of_the_asked_kind_revises_the_answer(
        tmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(tmem, original, update)
    assert_update_replaces(tmem, first, later, question, old)


@pytest.mark.parametrize(("original", "later_line", "question"), [
    ("My dentist appointment is on 3 July.", "My sister's wedding is on 12 August, so excited.",
     "When is my dentist appointment?"),
    ("Our anniversary is 9 May.", "The boiler engineer is coming on 20 May.", "When is our anniversary?"),
    ("I dyed my hair blonde.", "We painted the garden shed sage green.", "What colour is my hair?"),
    ("We shop at Tesco every Saturday.", "I ordered a new laptop from Currys.", "Which supermarket do we use?"),
    ("My manager is called Fiona.", "My nephew Oscar started school this week.", "Who is my manager?"),
    ("I live in Leeds.", "We're going to Lisbon for a long weekend.", "Where do I live?"),
    ("I keep my bike in the basement.", "I left my umbrella on the bus again.", "Where do I keep my bike?"),
    ("Our sofa is navy.", "Bought a new lamp in brass and green.", "What colour is our sofa?"),
    # "changing" names a room, "rearranged" is tidying, someone else's thing was resprayed
    ("My phone case is pink.", "The changing rooms at the gym are bright orange.", "What colour is my phone case?"),
    ("I dyed my hair blonde.", "We rearranged the lounge and the rug is green.", "What colour is my hair?"),
    ("Our sofa is navy.", "My sister had her kitchen resprayed in mint green.", "What colour is our sofa?"),
    # a change verb on something else ("cancel my own dentist appointment"), or a noun ("by bank transfer")
    ("My rent is £900, paid by standing order.", "I sent Lucy £120 by bank transfer for the concert tickets.",
     "How much is my rent now?"),
    ("My daughter's swimming lesson is at 4pm on Tuesdays.",
     "I had to cancel my own dentist appointment at 2pm on Tuesday, ugh.",
     "What time is my daughter's swimming lesson now?"),
    ("My rent is £900 a month.", "I'm transferring £200 into my savings pot every payday.", "How much is my rent?"),
    ("Piano practice is at 5pm on Mondays.", "We had to postpone my husband's work dinner to 8pm on Friday.",
     "What time is piano practice?"),
    ("The book club meets on 12 June.", "I'm upgrading my phone contract on 20 June.", "When does the book club meet?"),
    ("My gym class is at 7am.", "Swapping my morning coffee for green tea at 10am, wish me luck.",
     "What time is my gym class?"),
])
def test_an_unrelated_later_value_of_the_same_kind_revises_nothing(
        tmem: Memory, original: str, later_line: str, question: str) -> None:
    first, _ = said_then_updated(tmem, original, later_line)
    hits = {h.id: h for h in tmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert original.rstrip(".") in "\n".join(current_lines(tmem.context(question, user_id="u1")))


def test_without_the_typed_tier_the_far_worded_revision_is_not_found(
        db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> None:
    with Memory(db_path, clock=clock, embedder=minilm, recall_config=NO_TYPED) as memory:
        first, _ = said_then_updated(memory, "The quarterly review with my manager is on 20 January.",
                                     "My boss is travelling, so the performance chat slipped to 3 February.")
        hits = {h.id: h for h in memory.search("When's my appraisal?", user_id="u1", k=10)}
        assert first.episode_id in hits and not hits[first.episode_id].outdated


def test_values_are_read_by_kind() -> None:
    assert typed_values("Road test's booked for 14 March, fingers crossed.") == {"date": {"14", "march"}}
    assert typed_values("Vet appointment for Biscuit on the 8th at 4pm.") == {
        "date": {"8th", "4pm"}, "name": {"biscuit"}, "place": {"biscuit"}}
    assert typed_values("postponed to Wednesday 3 December")["date"] == {"wednesday", "3", "december"}
    assert typed_values("I drink three cups of coffee a day.") == {"number": {"three"}}
    assert typed_values("We turn out in red and white on match days.") == {"colour": {"red", "white"}}
    assert typed_values("Caroline: I went to Rome in 2023.") == {"date": {"2023"}, "name": {"rome"},
                                                                 "place": {"rome"}}
    # "may" is a month only beside a number; a capital opening a sentence is no name
    assert typed_values("I may go to Paris on May 3") == {"date": {"may", "3"}, "name": {"paris"},
                                                          "place": {"paris"}}
    assert typed_values("Honestly the weather has been lovely all week.") == {}
    # a place: a name, or the words after a place preposition and a determiner, but not a time
    assert typed_values("The Christmas decorations live in the loft.")["place"] == {"loft"}
    assert typed_values("My writing group meets in the upstairs room of the library.") == {
        "place": {"upstairs", "room"}}
    assert typed_values("The circle relocated to a café in Jericho.")["place"] == {"café", "jericho"}
    assert "place" not in typed_values("We go swimming on the weekend.")


def test_a_question_asks_for_a_kind_by_its_question_word_or_a_kind_noun() -> None:
    assert asked_value_kind("When's my appraisal?") == "date"
    assert asked_value_kind("what day is the wedding?") == "date"
    assert asked_value_kind("What colour is the fence?") == "colour"
    assert asked_value_kind("What shade is our bedroom?") == "colour"
    assert asked_value_kind("the door is what colour now?") == "colour"
    assert asked_value_kind("Who do I report to?") == "name"
    assert asked_value_kind("Where is the offsite?") == "place"
    assert asked_value_kind("Which supermarket do we use?") == "name"
    assert asked_value_kind("What's the fish called?") == "name"
    assert asked_value_kind("How many pets live with us?") == "number"
    assert asked_value_kind("What tea do I like best?") is None


def test_another_value_means_each_states_one_the_other_lacks() -> None:
    assert gives_another({"date": frozenset({"20", "january"})}, {"date": frozenset({"3", "february"})}, "date")
    assert gives_another({"colour": frozenset({"red", "white"})}, {"colour": frozenset({"navy"})}, "colour")
    assert not gives_another({"date": frozenset({"3", "july"})}, {"date": frozenset({"3", "july", "9am"})}, "date")
    assert not gives_another({"name": frozenset({"fiona"})}, {"date": frozenset({"monday"})}, "name")
