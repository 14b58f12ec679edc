"""Events told in chat constructions that hide them (issue 12, LoCoMo): where a photo was taken,
a deed named by a gerund and judged in the past, and a demonstrative thing the speaker's own
clause names. New wordings, not LoCoMo's; the real spaCy model, and a real SQLite file for the
write path."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REF = datetime(2024, 3, 13, 18, 30, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return {(f.predicate, f.object, f.valid_from.date().isoformat() if f.valid_from else "") for f in facts}


@pytest.mark.parametrize(("text", "expected"), [
    ("I snapped this shot on our road trip to the Grand Canyon last spring.",
     ("goes_on", "road trip to the Grand Canyon", "2023-03-01")),
    ("We took these pictures at a little town called Hallstatt.", ("visits", "Hallstatt", "2024-03-13")),
    ("I took this photo on a bike ride near Lake Como yesterday.",
     ("goes_on", "bike ride near Lake Como", "2024-03-12")),
    ("I grabbed that selfie at the jazz festival last weekend.", ("attends", "jazz festival", "2024-03-09")),
    ("Got this pic during the street parade two days ago.", ("attends", "street parade", "2024-03-11")),
])
def test_where_a_photo_was_taken_is_where_the_speaker_was(extractor: OfflineExtractor, text: str,
                                                          expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize("text", [
    "I took a photo of my cat.",              # what it shows, not where
    "I took this pic at it.",                 # where is a pronoun
    "You took that picture at the concert.",  # the listener's
])
def test_a_photo_without_a_place_of_the_speakers_says_no_outing(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"goes_on", "visits", "attends"} for p, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("Coaching a youth chess club last autumn was so rewarding!", ("coaches", "youth chess club", "2023-09-01")),
    ("Building a treehouse with my nephew was the highlight of the summer.", ("builds", "treehouse", "2024-03-13")),
    ("Hosting a quiz night at the library last Friday was a blast.", ("hosts", "quiz night", "2024-03-08")),
])
def test_a_gerund_judged_in_the_past_is_a_deed(extractor: OfflineExtractor, text: str,
                                               expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize("text", [
    "Watching it with my cousins was great.",           # names nothing
    "Visiting the museum was fun.",                     # which museum was said elsewhere
    "Seeing my garden bloom was the best part.",         # perceived, not done
    "Baking bread is my favourite thing.",               # a liking, not a past deed
    "Volunteering at the food bank was really important to me.",  # a value
])
def test_a_gerund_that_names_no_deed_is_no_event(extractor: OfflineExtractor, text: str) -> None:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    assert [f.object for f in facts if f.memory_type is MemoryType.episodic] == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Those candles we made on Sunday smell amazing.", ("makes", "candles", "2024-03-10")),
    ("These sneakers I bought last week are so comfy.", ("buys", "sneakers", "2024-03-04")),
    ("These cookies we baked yesterday were gone in minutes.", ("bakes", "cookies", "2024-03-12")),
])
def test_a_demonstrative_thing_named_by_the_speakers_own_clause(extractor: OfflineExtractor, text: str,
                                                                expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


def test_a_photo_outing_is_stored_as_a_dated_event(tmp_path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        result = mem.add([{"role": "user", "name": "Priya", "content": "I took that picture on a hike near Mount Rainier last July."},
                          {"role": "user", "name": "Omar", "content": "Wow, stunning!"}],
                         user_id="chat", reference_time=REF)
        (fact,) = [f for f in result.facts if f.predicate == "goes_on"]
        assert (fact.subject, fact.object, fact.memory_type) == ("Priya", "hike near Mount Rainier", MemoryType.episodic)
        assert fact.valid_from == datetime(2023, 7, 1, tzinfo=UTC)
        assert [f.object for f in mem.facts(user_id="chat", predicate="goes_on")] == ["hike near Mount Rainier"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm drawn to old lighthouses.", ("is_drawn_to", "old lighthouses")),
    ("We're inspired by street murals.", ("is_inspired_by", "street murals")),
    ("I was fascinated by the Roman aqueducts.", ("is_fascinated_by", "Roman aqueducts")),
])
def test_how_the_speaker_is_said_in_the_passive(extractor: OfflineExtractor, text: str,
                                                expected: tuple[str, str]) -> None:
    assert expected in {(p, o) for p, o, _ in read(extractor, text)}


@pytest.mark.parametrize(("text", "expected"), [
    ("Last month I got invited to a gallery opening.", ("gets_invited_to", "gallery opening")),
    ("I got recognized by the city council yesterday.", ("gets_recognized_by", "city council")),
    ("We got noticed by a talent scout!", ("gets_noticed_by", "talent scout")),
])
def test_what_was_done_to_the_speaker(extractor: OfflineExtractor, text: str, expected: tuple[str, str]) -> None:
    assert expected in {(p, o) for p, o, _ in read(extractor, text)}


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm leading a project to restore the old mill.", "project to restore the old mill"),
    ("We started a project about urban beekeeping last spring.", "project about urban beekeeping"),
    ("I've been busy running a project for homeless teens.", "project for homeless teens"),
])
def test_a_project_named_by_its_purpose(extractor: OfflineExtractor, text: str, expected: str) -> None:
    assert expected in {o for _, o, _ in read(extractor, text)}


@pytest.mark.parametrize("text", ["I'm working on a project.", "I worked on a project to help them."])
def test_a_project_without_a_purpose_of_its_own_names_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert not any("project" in o for _, o, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("I got the recipe from my trip to Portugal two years ago.", ("goes_on", "trip to Portugal", "2022-03-13")),
    ("This was our Yosemite vacation last year, so peaceful.", ("goes_on", "Yosemite vacation", "2023-01-01")),
    ("I found this shell on my holiday in Crete last summer.", ("goes_on", "holiday in Crete", "2023-06-01")),
])
def test_a_trip_mentioned_in_passing_was_taken(extractor: OfflineExtractor, text: str,
                                               expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I had a long talk with my cousin Mei last night.", ("talks_with", "their cousin Mei", "2024-03-12")),
    ("Yesterday I had a chat with someone named Oliver.", ("talks_with", "Oliver", "2024-03-12")),
    ("We had a conversation with the head nurse on Monday.", ("talks_with", "head nurse", "2024-03-11")),
])
def test_a_conversation_names_whom_it_was_with(extractor: OfflineExtractor, text: str,
                                               expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize("text", ["We had a great talk yesterday.", "I had a nice chat with someone at the bar."])
def test_a_conversation_with_no_one_named_says_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("I've got some old things with a story, like my grandpa's pocket watch.", "their grandpa's pocket watch"),
    ("I bought some stuff for the kitchen, like a copper kettle.", "copper kettle"),
    ("I picked up a few things at the market, like fresh figs.", "fresh figs"),
])
def test_a_vague_thing_named_by_its_example(extractor: OfflineExtractor, text: str, expected: str) -> None:
    assert expected in {o for _, o, _ in read(extractor, text)}


@pytest.mark.parametrize(("text", "expected"), [
    ("The Silmarillion is magical.", {"The Silmarillion"}),
    ("Mad Men and The Wire are brilliant!", {"Mad Men", "The Wire"}),
    ("\"Clair de Lune\" is so beautiful.", {"Clair de Lune"}),
])
def test_a_named_work_praised_is_liked(extractor: OfflineExtractor, text: str, expected: set[str]) -> None:
    assert expected <= {o for p, o, _ in read(extractor, text) if p == "likes"}


@pytest.mark.parametrize("text", [
    "Priya is amazing.",                  # a person, not a taste
    "Your garden is gorgeous!",           # the listener's
    "Her new songs are brilliant.",       # someone else's
    "The Louvre was amazing.",            # a past visit, not a liking said now
    "The Hobbit isn't great.",
])
def test_praise_of_no_named_thing_of_the_speakers_taste_is_no_liking(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p == "likes" for p, _, _ in read(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("Still working on opening a bakery.", ("works_on", "opening a bakery")),
    ("I'm focusing on building a mobile app.", ("focuses_on", "building a mobile app")),
    ("We've been working on restoring an old sailboat.", ("works_on", "restoring an old sailboat")),
])
def test_work_on_a_doing_names_the_doing_and_its_thing(extractor: OfflineExtractor, text: str,
                                                       expected: tuple[str, str]) -> None:
    assert expected in {(p, o) for p, o, _ in read(extractor, text)}


def test_work_on_a_doing_of_a_pointed_thing_names_nothing(extractor: OfflineExtractor) -> None:
    assert read(extractor, "I celebrated by baking this cake.") == set()


def test_an_adverb_after_the_object_is_no_particle(extractor: OfflineExtractor) -> None:
    facts = read(extractor, "We explored the harbour up in Maine last week.")
    assert any(p == "explores" for p, _, _ in facts) and not any(p.startswith("explores_up") for p, _, _ in facts)
    assert any(p == "sets_up" for p, _, _ in read(extractor, "I set up a pottery corner in the garage yesterday."))


@pytest.mark.parametrize("text", ["We got the win last night!", "I got a lot of praise yesterday.",
                                  "Our team got some attention last week."])
def test_a_win_or_praise_alone_names_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == set()


@pytest.mark.parametrize("text", [
    "I got this pic from Instagram.",
    "I got a video from the wedding.",
    "This is a photo I got from my friend at the beach in Maui.",
    "I grabbed this picture from a website about Yellowstone.",
    "I got the idea from that trip to England that my sister took last year.",
    "That trip to Vegas last month was my roommate's bachelor party, I stayed home.",
    "Our trip to Hawaii last year got cancelled because of the storm.",
    "If Breaking Bad is great, I'll watch it.",
    "Game of Thrones is amazing, according to my brother.",
])
def test_where_a_photo_came_from_someone_elses_trip_or_hearsay_praise_is_no_event_of_the_speakers(
        extractor: OfflineExtractor, text: str) -> None:
    assert not {f for f in read(extractor, text) if f[0] in {"attends", "visits", "goes_on", "likes"}}


def test_a_photo_at_someones_place_names_the_place_without_the_possessor(extractor: OfflineExtractor) -> None:
    objects = {o for p, o, _ in read(extractor, "I took this photo at my uncle's farm last summer.")
               if p in {"visits", "attends", "goes_on"}}
    assert objects <= {"farm"} and not any("'s" in o for o in objects)


@pytest.mark.parametrize(("text", "expected"), [
    ("Did a pottery workshop last weekend.", ("does", "pottery workshop", "2024-03-09")),
    ("Did a charity swim on Sunday.", ("does", "charity swim", "2024-03-10")),
    ("Thanks! Did some volunteering at the library on Friday.", ("does", "volunteering", "2024-03-08")),
])
def test_a_subjectless_did_is_the_speakers_deed(extractor: OfflineExtractor, text: str,
                                                 expected: tuple[str, str, str]) -> None:
    assert expected in read(extractor, text)


@pytest.mark.parametrize("text", [
    "Did a pottery workshop open near you?",
    "Did your sister enjoy the show?",
    "Did some of them come along?",
])
def test_a_question_led_by_did_stays_a_question(extractor: OfflineExtractor, text: str) -> None:
    assert read(extractor, text) == set()
