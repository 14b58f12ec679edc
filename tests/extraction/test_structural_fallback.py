"""The structural fallback (rules_structural): statements no phrase rule reads, read from the
shape of their parse, and the shapes it must leave alone. New wordings, none from a dev split;
the real spaCy model, and a real SQLite file for the write path."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2026, 3, 18, 12, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return {(f.subject, f.predicate, f.object) for f in facts}


@pytest.mark.parametrize(("text", "expected"), [
    ("My camera is a Fujifilm X100.", ("user", "has_camera", "Fujifilm X100")),
    ("Our boat is a little Wayfarer dinghy.", ("user", "has_boat", "little Wayfarer dinghy")),
    ("My guitar is a Gibson Les Paul.", ("user", "has_guitar", "Gibson Les Paul")),
    ("My nephew's school is Oakwood Primary.", ("user's nephew", "has_school", "Oakwood Primary")),
    ("My dad's truck is a Ford Ranger.", ("user's father", "has_truck", "Ford Ranger")),
])
def test_my_thing_is_a_slot_keyed_by_the_thing(extractor: OfflineExtractor, text: str,
                                               expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize(("text", "place"), [
    ("Our cabin is near Banff.", "Banff"),
    ("My studio is in Brooklyn.", "Brooklyn"),
    ("Our house is in Didsbury.", "Didsbury"),
])
def test_a_home_in_a_named_place_is_where_the_speaker_lives(extractor: OfflineExtractor, text: str, place: str) -> None:
    assert ("user", "lives_in", place) in read(extractor, text)


def test_a_hedge_before_the_statement_still_hedges_it(extractor: OfflineExtractor) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content="I think our flat's in Leith.")], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert [(f.predicate, f.object, f.hedged) for f in facts] == [("lives_in", "Leith", True)]


@pytest.mark.parametrize(("text", "expected"), [
    ("We're both radiographers.", ("user", "job_title", "radiographers")),
    ("Honestly we are both carpenters.", ("user", "job_title", "carpenters")),
    ("My uncle Raj is an electrician.", ("user's uncle", "job_title", "electrician")),
])
def test_an_occupation_after_be_is_the_job(extractor: OfflineExtractor, text: str,
                                          expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize(("text", "group"), [
    ("I'm part of a community choir.", "community choir"),
    ("We're both part of the Ramblers.", "Ramblers"),
    ("Honestly, I'm part of a knitting circle.", "knitting circle"),
])
def test_being_part_of_a_group_is_membership(extractor: OfflineExtractor, text: str, group: str) -> None:
    assert ("user", "member_of", group) in read(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Busy sanding down an old dresser.", ("user", "sands_down", "old dresser")),
    ("I've been busy knitting blankets for the shelter.", ("user", "knits", "blankets")),
    ("Busy tuning up an old road bike.", ("user", "tunes_up", "old road bike")),
])
def test_what_the_speaker_is_busy_doing_is_a_fact(extractor: OfflineExtractor, text: str,
                                                 expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize(("text", "predicate", "obj", "day"), [
    ("Spent Sunday clearing out the garage.", "clears_out", "garage", "2026-03-15"),
    ("Spent last weekend painting a mural.", "paints", "mural", "2026-03-14"),
    ("Yesterday I busked outside the cathedral.", "busks_outside", "cathedral", "2026-03-17"),
    ("Me and the kids baked a lemon drizzle cake on Sunday.", "bakes", "lemon drizzle cake", "2026-03-15"),
    ("Me and Sam went to a pottery class on Thursday.", "goes_to", "pottery class", "2026-03-12"),
    ("Me and the twins went on a canal boat trip yesterday.", "goes_on", "canal boat trip", "2026-03-17"),
])
def test_a_past_deed_is_an_event_at_its_own_time(extractor: OfflineExtractor, text: str, predicate: str, obj: str,
                                                 day: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert [(f.predicate, f.object, f.memory_type, f.valid_from.date().isoformat() if f.valid_from else None)
            for f in facts] == [(predicate, obj, MemoryType.episodic, day)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Honestly I feel lucky that I coach a junior rowing crew.", ("coaches", "junior rowing crew", None)),
    ("I'm always tired since I commute to Leeds.", ("commutes_to", "Leeds", None)),
    ("I'm glad that I speak Welsh.", ("speaks", "Welsh", None)),
    ("We were exhausted after we hiked the Pennine Way.", ("hikes", "Pennine Way", MemoryType.episodic)),
])
def test_a_statement_inside_a_framing_clause_is_read(extractor: OfflineExtractor, text: str,
                                                     expected: tuple[str, str, MemoryType | None]) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert [(f.predicate, f.object, f.memory_type) for f in facts] == [expected]


@pytest.mark.parametrize("text", [
    # a framing clause around a modal, the listener, or a light verb
    "I'm so glad I could help.", "I'm happy you liked the cake.", "I'm glad we have each other.",
    # "my X is Y" that names no slot: a feeling, a judgement, how something went, a vague place
    "My day was a disaster.", "My point is a simple one.", "My family is my rock.",
    "My store has been a roller coaster.", "My house is near the coast.", "I wish my car was a Tesla.",
    # nouns after "be" that are no identity or membership
    "Glad we're friends!", "I'm a huge fan.", "We were teammates in college.", "I'm part of the problem.",
    "Honestly I'm part of something special.", "It's part of the job.", "Me and the girls went to bed early.",
    # remarks on a thing shown, or someone else's
    "Love the colours in this one.", "I love his paintings.", "I'm so proud of you.",
    # busy with nothing named, or a pronoun
    "Busy busy busy!", "Been busy with stuff.", "Been busy lately.", "Spent hours on it.", "Me and the kids loved it.",
    # questions
    "Do you knit blankets?", "Is your car a Subaru?",
    # light verbs, saying and thinking, news of a change, modals
    "Had fun.", "We did it!", "I get that.", "That makes sense.", "I wrote Canada by mistake.",
    "I changed jobs last month.", "I think you're right.", "I feel the same way.", "I guess so.",
    "Thanks, I appreciate the advice.", "I'd practise piano for hours.", "Hope your week is going well.",
])
def test_shapes_that_say_nothing_store_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == set()


def test_each_named_speaker_owns_their_slot(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        mem.add([{"role": "user", "name": "Omar", "content": "My bike is a Brompton."},
                 {"role": "user", "name": "Gina", "content": "Nice! Our cabin is near Whistler."}],
                user_id="chat", reference_time=REF)
        facts = {(f.subject, f.predicate, f.object) for f in mem.facts(user_id="chat")}
    assert {("Omar", "has_bike", "Brompton"), ("Gina", "lives_in", "Whistler")} <= facts


@pytest.mark.parametrize("text", [
    "My disease is HIV.", "My illness is cancer.", "My diagnosis is ADHD.",          # health: never in the clear
    "I'd be a terrible teacher.", "I'd be a great nurse.", "I would be a lousy chef.",    # what could be
    "My mom knows I smoke weed.", "My therapist thinks I hoard books.",              # someone else's belief
    "My boss suspects I job hunt at lunch.",
])
def test_review_round25_the_fallback_stores_nothing_here(text: str) -> None:
    from datetime import UTC, datetime

    from kronograph.extraction.base import EpisodeInput, Turn
    from kronograph.extraction.offline import OfflineExtractor
    from kronograph.model import Scope
    facts = OfflineExtractor().extract(EpisodeInput(turns=[Turn(content=text)], scope=Scope(user_id="u"),
                                                    reference_time=datetime(2026, 3, 1, tzinfo=UTC))).facts
    assert [(f.predicate, f.object) for f in facts if f.sensitive_kind is None] == []
