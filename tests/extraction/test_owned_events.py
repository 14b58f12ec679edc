"""Told events of kinds the parse hid: what befell the speaker's things ("my car broke down"),
a deed carried by "got done"/"finished", a hyphenated event noun ("a check-up"), a past spelled
as the present ("I cut my hand last night"), a thing built once (no project under way), and a
"might" that is someone else's. New wordings; the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2025, 10, 15, 17, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str, str, bool]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.subject, f.predicate, f.object, f.valid_from.date().isoformat() if f.valid_from else "",
             f.memory_type is MemoryType.episodic) for f in facts]


@pytest.mark.parametrize(("text", "expected"), [
    ("My van broke down on the highway last Tuesday.", ("user's van", "life_event", "van broke down", "2025-10-14", True)),
    ("Our garage flooded two weeks ago.", ("user's garage", "life_event", "garage flooded", "2025-10-01", True)),
    ("My wallet was stolen at the station yesterday.", ("user's wallet", "life_event", "wallet stolen", "2025-10-14", True)),
    ("My short story got accepted by a literary journal last month.",
     ("user's short story", "life_event", "short story got accepted by a literary journal", "2025-09-01", True)),
    ("Our little bakery won a regional award last year.",
     ("user's little bakery", "wins", "regional award", "2024-01-01", True)),
])
def test_what_befell_the_speakers_thing_is_the_things_event(extractor: OfflineExtractor, text: str,
                                                             expected: tuple[str, str, str, str, bool]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize("text", [
    "My printer died yesterday.",        # the printer, never the speaker
    "My old laptop crashed last week.",
])
def test_a_thing_that_died_is_not_the_speaker(extractor: OfflineExtractor, text: str) -> None:
    assert not any(s == "user" and p == "life_event" for s, p, *_ in read(extractor, text))


@pytest.mark.parametrize("text", [
    "My month's been hectic!",                 # how it was
    "My holiday went really well.",            # how it went
    "My kettle works fine.",                   # a state
    "Did my parcel arrive yesterday?",         # a question
    "If my boiler broke down, I'd be stuck.",  # a hypothetical
])
def test_how_a_thing_is_or_might_be_is_no_event(extractor: OfflineExtractor, text: str) -> None:
    assert not any(episodic for *_, episodic in read(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("I just got done sending my manuscript to an agent.", ("user", "sends", "their manuscript", "2025-10-15", True)),
    ("We finished repainting the nursery on Sunday.", ("user", "repaints", "nursery", "2025-10-12", True)),
    ("We had our annual cook-off at the firehouse last Saturday.",
     ("user", "has", "their annual cook-off", "2025-10-11", True)),
    ("I had a dental check-up yesterday.", ("user", "has", "dental check-up", "2025-10-14", True)),
    ("I cut my thumb last night chopping onions.", ("user", "cuts", "their thumb", "2025-10-14", True)),
    ("I hurt my shoulder at the gym two days ago.", ("user", "hurts", "their shoulder", "2025-10-13", True)),
    ("My nephew and I built a kite last weekend.", ("user", "builds", "kite", "2025-10-11", True)),
])
def test_a_deed_the_parse_hid_is_an_event(extractor: OfflineExtractor, text: str,
                                          expected: tuple[str, str, str, str, bool]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize(("text", "predicate"), [
    ("I hurt my knee every time I run.", "hurts"),   # a habit, not an event
    ("I'm building a kite with my nephew.", "current_project"),  # under way
    ("I read a chapter before bed.", "reads"),
])
def test_a_habit_or_work_under_way_is_no_event(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert not any(episodic for *_, episodic in read(extractor, text))


@pytest.mark.parametrize(("text", "predicate"), [
    ("I sent my demo to a label last week to see if they might sign me.", "sends"),
    ("I entered my sourdough in the county fair, hoping the judges might like it.", "enters"),
    ("I posted my first video yesterday so people could see my progress.", "posts"),
])
def test_someone_elses_might_does_not_hedge_the_speakers_deed(extractor: OfflineExtractor, text: str,
                                                              predicate: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    found = [f for f in facts if f.predicate == predicate]
    assert found and not found[0].hedged and found[0].memory_type is MemoryType.episodic


@pytest.mark.parametrize("text", [
    "I might have sent my demo to a label.",
    "Maybe I entered the wrong contest.",
    "I could have posted it yesterday.",
])
def test_the_speakers_own_might_still_hedges(extractor: OfflineExtractor, text: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert all(f.hedged or f.memory_type is not MemoryType.episodic for f in facts)


@pytest.mark.parametrize(("text", "expected"), [
    ("Last night I read a book on the train called The Road.", ("reads", "book called The Road")),
    ("We've been playing a game all week with gorgeous maps called \"Hollow Knight\".",
     ("plays", 'game called "Hollow Knight"')),
    ("I watched a film at the festival named Parasite.", ("watches", "film named Parasite")),
])
def test_a_category_word_named_later_in_the_clause_takes_the_name(extractor: OfflineExtractor, text: str,
                                                                   expected: tuple[str, str]) -> None:
    got = [(p, o) for _, p, o, *_ in read(extractor, text)]
    assert got and got[0][0] == expected[0] and got[0][1].endswith(expected[1].split(" ", 2)[-1])


@pytest.mark.parametrize("text", [
    "I watched a film with my cousin called Dev.",    # the cousin's name
    "We saw a show with a friend named Ola.",
    "I read a book yesterday.",                        # which book is not said
])
def test_a_persons_name_does_not_name_the_thing(extractor: OfflineExtractor, text: str) -> None:
    assert not any(o.endswith(("Dev", "Ola")) or o in {"book", "film", "show"} for _, _, o, *_ in read(extractor, text))


@pytest.mark.parametrize(("text", "obj"), [
    ("This month I'm renovating the attic and it's chaos.", "renovate the attic"),
    ("I'm currently mentoring two interns and they're great.", "mentor two interns"),
    ("I have to file my taxes and it's due Friday.", "file their taxes"),
])
def test_a_task_is_cut_before_the_next_clause(extractor: OfflineExtractor, text: str, obj: str) -> None:
    tasks = [o for _, p, o, *_ in read(extractor, text) if p == "has_task"]
    assert tasks == [obj]


@pytest.mark.parametrize(("text", "expected"), [
    ("Yep, here's one I did on Sunday! [shares a photo: a photo of a watercolor of a lighthouse]",
     ("makes", "watercolor of a lighthouse", "2025-10-12")),
    ("Here's one I crocheted last week. [shares a photo: a photo of a blanket with blue squares]",
     ("crochets", "blanket", "2025-10-06")),
    ("This is one we baked yesterday. [shares a photo: a photo of an apple pie on a table]",
     ("bakes", "apple pie", "2025-10-14")),
])
def test_one_the_speaker_made_is_what_the_photo_shows(extractor: OfflineExtractor, text: str,
                                                      expected: tuple[str, str, str]) -> None:
    assert [(p, o, t) for _, p, o, t, _ in read(extractor, text)] == [expected]


@pytest.mark.parametrize("text", [
    "Here's one I did last week.",                                                    # no photo: which?
    "Here's one I did. [shares a photo: a photo of a man and a woman on a bench]",    # people, no thing
    "Here's one I found online. [shares a photo: a photo of a chocolate cake]",       # found, not made
])
def test_one_without_a_made_thing_in_the_photo_says_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == []
