"""Likings in chat register: a stance said without its "I" at the start of a sentence ("can't
stand musicals", "obsessed with pho rn", "not really into football") is the speaker's, and "X is
my go-to" names a favourite; a stance aimed at the listener or at a pronoun ("love you too",
"enjoy your trip", "love it!") stores nothing. Through the real offline extractor."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("Can't stand musicals.", "dislikes", "musicals"),
    ("cant stand coriander, tastes like soap", "dislikes", "coriander"),
    ("absolutely hate mushrooms", "dislikes", "mushrooms"),
    ("honestly adore Studio Ghibli films", "likes", "Studio Ghibli films"),
    ("obsessed with pho rn", "likes", "pho"),
    ("Really into bouldering these days.", "likes", "bouldering"),
    ("Into true crime podcasts at the moment.", "likes", "true crime podcasts"),
    ("hooked on Wordle lately", "likes", "Wordle"),
    ("not really into football tbh", "dislikes", "football"),
    ("Pho is my go-to when I'm sick.", "likes", "Pho"),
    ("Pizza is my go-to comfort food.", "likes", "pizza"),
    # an intensifier between the dropped "I" and the stance
    ("Seriously obsessed with padel.", "likes", "padel"),
    ("Genuinely into birdwatching now.", "likes", "birdwatching"),
    ("so hooked on the Great British Bake Off", "likes", "Great British Bake Off"),
])
def test_a_stance_in_chat_register_is_a_preference(extractor: OfflineExtractor, text: str, predicate: str,
                                                    value: str) -> None:
    read = facts(extractor, text)
    assert any(f.predicate == predicate and f.object.lower() == value.lower()
               and f.memory_type is MemoryType.preference for f in read), read


@pytest.mark.parametrize("text", ["Love you too!", "Enjoy your trip!", "Love it!", "Hate when that happens.",
                                  "Can't stand it when the trains are late lol"])
def test_a_stance_at_the_listener_or_a_pronoun_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert [f for f in facts(extractor, text) if f.memory_type is MemoryType.preference] == []
