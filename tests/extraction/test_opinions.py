"""The speaker's opinions and feelings about a named thing, and photo pronouns resolved by the
message's own caption (issue 12), through ``Memory.add`` on a real SQLite file with the real
spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.offline import photo_thing
from kronograph.model import MemoryType

REF = datetime(2023, 8, 25, 13, 14, tzinfo=UTC)


def stored(mem: Memory, text: str, user: str = "c1") -> set[tuple[str, str, str]]:
    result = mem.add([{"role": "user", "name": "Nate", "content": text}], user_id=user, reference_time=REF)
    return {(f.subject, f.predicate, f.object) for f in result.facts}


@pytest.mark.parametrize(("text", "fact"), [
    ("Harry Potter is my favorite book. It's so immersive!", ("user", "preferred_book", "Harry Potter")),
    ("The Hobbit is one of my favorites too.", ("user", "likes", "The Hobbit")),
    ("Coconut milk ice cream is one of my favorites.", ("user", "likes", "coconut milk ice cream")),
    ("Turtles really bring me joy and peace.", ("user", "likes", "turtles")),
    ("Dancing makes me so happy.", ("user", "likes", "dancing")),
    ("My family keeps me motivated.", ("user", "motivated_by", "their family")),
    ("Nature totally inspires me.", ("user", "motivated_by", "nature")),
    ("I'm so proud of my kids.", ("user", "is_proud_of", "their kids")),
    ("I'm also grateful for my supportive friends.", ("user", "is_grateful_for", "their supportive friends")),
    ("I've always had a love for horses!", ("user", "likes", "horses")),
])
def test_an_opinion_about_a_named_thing_is_the_speakers(mem: Memory, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in stored(mem, text)


@pytest.mark.parametrize("text", [
    "This trilogy is one of my faves.",          # which one: the photo's
    "The colors make me feel calm.",             # the colors of what was shown
    "It's my favorite.",
    "Their support keeps me motivated.",         # whose?
    "I'm so proud of you!",                      # about the listener
    "Your painting is my favorite.",
    "I'm grateful for the chance to share my story.",
    "My love for improving my skills keeps me going.",
])
def test_opinions_about_a_pointer_or_the_listener_store_nothing(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


def test_a_photo_pronoun_is_the_thing_its_caption_names(mem: Memory) -> None:
    result = mem.add([{"role": "user", "name": "Caroline",
                       "content": "Thanks! Yeah, I drew it. [shares a photo: a photo of a painting of a sunset on a canvas]"}],
                     user_id="c1", reference_time=REF)
    (fact,) = result.facts
    assert (fact.predicate, fact.object, fact.memory_type) == ("draws", "painting of a sunset", MemoryType.episodic)
    assert fact.valid_from == REF


def test_a_photo_pronoun_without_a_caption_or_with_a_scene_stores_nothing(mem: Memory) -> None:
    assert stored(mem, "Thanks! Yeah, I drew it.") == set()
    assert stored(mem, "I bought them. [shares a photo: a photography of a young girl and a young boy on a swing]") == set()


@pytest.mark.parametrize(("content", "thing"), [
    ("[shares a photo: a photo of a large stained glass window in a church]", "large stained glass window"),
    ("x [shares a photo: a photo of a piece of cake with walnuts on top]", "piece of cake"),
    ("x [shares a photo: a bowl of ice cream with a spoon in it]", "bowl of ice cream"),
    ("x [shares a photo: a photography of a group of people standing in a field]", None),
    ("no caption here", None),
])
def test_photo_thing_cuts_the_caption_to_its_noun_phrase(content: str, thing: str | None) -> None:
    assert photo_thing(content) == thing


@pytest.mark.parametrize(("text", "thing"), [
    ("Pad thai is my ultimate comfort food.", "pad thai"),
    ("Crosswords are my guilty pleasure on the train.", "crosswords"),
    ("Old synthesizers are my weakness, honestly.", "old synthesizers"),
    ("Trail running is my jam these days.", "trail running"),
    ("Vinyl collecting is my obsession lately.", "vinyl collecting"),
    ("Wild swimming is my happy place.", "wild swimming"),
    ("I'm a real sucker for detective novels.", "detective novels"),
])
def test_a_thing_the_speaker_calls_their_weakness_or_jam_is_liked(mem: Memory, text: str, thing: str) -> None:
    result = mem.add([{"role": "user", "name": "Nate", "content": text}], user_id="c1", reference_time=REF)
    likes = [f for f in result.facts if f.predicate == "likes"]
    assert [(f.object.casefold(), f.memory_type) for f in likes] == [(thing, MemoryType.preference)]


@pytest.mark.parametrize("text", [
    "That's my jam!",                               # a pointer: which one?
    "Is baking your weakness?",                     # a question about the listener
    "If karaoke were my happy place I'd go more.",  # a hypothetical
])
def test_weakness_and_jam_about_no_thing_of_the_speakers_store_nothing(mem: Memory, text: str) -> None:
    assert stored(mem, text) == set()


def test_not_my_jam_is_a_denied_liking_never_a_liking(mem: Memory) -> None:
    result = mem.add([{"role": "user", "name": "Nate", "content": "Slasher films are not my jam."}],
                     user_id="c1", reference_time=REF)
    assert [(f.predicate, f.object.casefold()) for f in result.facts] == [("not_likes", "slasher films")]
