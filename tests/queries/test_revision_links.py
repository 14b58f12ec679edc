"""Revision links: a later message revises the earlier one of the same speaker that it stands out
beside (each the other's nearest by a margin over everything else they said), whatever the
words of the topic; additions, news about the same thing and unrelated later lines do not.
Through a real Memory (SQLite file, MiniLM, offline extractor), with the other meaning-only
tiers off so that the revision link alone is tested, and on the pure choice itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from kronograph import Memory
from kronograph.queries.config import DEFAULT_RECALL, FusionConfig
from kronograph.queries.embedding import MiniLMEmbedder
from kronograph.queries.search import _revises, _revision_links

from ..conftest import Clock
from .test_search import assert_update_replaces, current_lines, said_then_updated

#: Only the revision link among the tiers that need no shared word (no query-topic, mutual or family tier).
ONLY_REVISION = DEFAULT_RECALL.model_copy(update={"fusion": DEFAULT_RECALL.fusion.model_copy(
    update={"query_topic_episodes": 0, "topic_families": ()})})
VALUE_WORDS = frozenset(FusionConfig().value_words)


@pytest.fixture
def lmem(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, embedder=minilm, recall_config=ONLY_REVISION) as memory:
        yield memory


@pytest.mark.parametrize(("original", "update", "question", "old"), [
    ("I take my tea with milk and two sugars.", "gave up the sugar, just a dash of milk in my brew nowadays",
     "How do I have my tea?", "two sugars"),
    ("I'm hoping to do my MBA at Warwick.",
     "Got an offer from Durham for the business school programme and said yes.",
     "Where will I study for the MBA?", "Warwick"),
    ("The boiler service is booked with Hughes Heating.",
     "cancelled the heating firm, a plumber called Dafydd is doing the annual check",
     "Who services our boiler?", "Hughes"),
])
def test_a_later_message_that_stands_out_beside_the_original_revises_it(
        lmem: Memory, original: str, update: str, question: str, old: str) -> None:
    first, later = said_then_updated(lmem, original, update)
    assert_update_replaces(lmem, first, later, question, old)


@pytest.mark.parametrize(("original", "later_line", "question"), [
    ("We have a dog called Rex.", "We also adopted a kitten last week.", "What pets do I have?"),
    ("We have a dog called Rex.", "Rex turned 5 last week and got a cake.", "What pets do I have?"),
    ("My brother Sam lives in Cardiff.", "Sam's flat has 3 bedrooms and a view of the bay.",
     "Where does my brother live?"),
    ("I speak fluent Spanish.", "I'm picking up some Japanese as well.", "What languages do I speak?"),
    ("I play five-a-side football on Tuesdays.", "We won 6-2 against the firefighters' team tonight.",
     "When do I play football?"),
    ("I'm vegetarian.", "I started cello lessons with a retired orchestra player.", "What do I eat?"),
    ("I work from home on Fridays.", "Had a long call with the Berlin team this afternoon.",
     "When do I work from home?"),
    # news about the thing (a margin of 0.06 took this one for a revision of the car)
    ("My car is a red Ford Fiesta.", "Took the car in for its MOT on Tuesday, passed fine.", "What car do I drive?"),
])
def test_an_addition_news_or_an_unrelated_later_line_revises_nothing(
        lmem: Memory, original: str, later_line: str, question: str) -> None:
    first, _ = said_then_updated(lmem, original, later_line)
    hits = {h.id: h for h in lmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert original.rstrip(".") in "\n".join(current_lines(lmem.context(question, user_id="u1")))


def test_a_revision_states_another_value_of_the_same_kind_or_says_something_changed() -> None:
    assert _revises("Mittens gets 60 grams of dry food a day.", "she's rationed to 45 grams of kibble daily",
                    VALUE_WORDS, False)
    assert _revises("I'm planning to do my master's at Leeds.", "Accepted a place at Bristol for the postgrad course.",
                    VALUE_WORDS, False)
    assert _revises("our front door is yellow", "the door's a deep green since the spring", VALUE_WORDS, False)
    assert _revises("I take my tea with two sugars.", "Cut out the sweetener, just milk in my brew now.",
                    VALUE_WORDS, True)
    assert _revises("Our car is nicknamed Betty.", "the kids call the car Rocket after the respray", VALUE_WORDS, False)
    # News about the same thing restates its value: not a revision, cue or not.
    assert not _revises("We have a dog called Rex.", "Rex turned 5 last week.", VALUE_WORDS, False)
    assert not _revises("We have a dog called Rex.", "Rex started puppy classes on Monday.", VALUE_WORDS, True)
    # A name replaced by a number (or the other way round) is not another value of it.
    assert not _revises("My sister Leila lives nearby.", "she has 2 kids now", VALUE_WORDS, False)
    assert not _revises("I jog 5 km every morning.", "I jogged along the Thames with Priya", VALUE_WORDS, False)


def test_the_pair_must_stand_out_from_everything_else_the_speaker_said_on_both_sides() -> None:
    # 0: the original, 1: chatter said later, 2: the update, 3: an earlier chatter line
    similar = np.array([[1.0, 0.15, 0.40, 0.1],
                        [0.15, 1.0, 0.1, 0.1],
                        [0.40, 0.1, 1.0, 0.12],
                        [0.1, 0.1, 0.12, 1.0]])
    later = np.array([[False, True, True, False],
                      [False, False, True, False],
                      [False, False, False, False],
                      [True, True, True, False]])
    texts = ["I have 3 hens.", "I cleaned the shed.", "the fox got two, we're down to 1 hen", "hi there"]
    cued = np.array([False, False, False, False])
    fusion = FusionConfig()
    assert _revision_links([0], later, similar, texts, cued, fusion) == [(0, 2, fusion.revision_value_margin)]
    # Said with a change cue, a narrower margin suffices.
    assert _revision_links([0], later, similar, texts, np.array([False, False, True, False]), fusion) \
        == [(0, 2, fusion.revision_margin)]
    # A later line nearly as like the original (within the margin): no clear revision.
    near_twin_after = similar.copy()
    near_twin_after[0, 1] = near_twin_after[1, 0] = 0.35
    assert _revision_links([0], later, near_twin_after, texts, cued, fusion) == []
    # An earlier line nearly as like the update: the update may revise that one, not clearly this.
    near_twin_before = similar.copy()
    near_twin_before[3, 2] = near_twin_before[2, 3] = 0.36
    assert _revision_links([0], later, near_twin_before, texts, cued, fusion) == []
    # Below the floor of cosine, however clear the margin.
    faint = similar * 0.45
    np.fill_diagonal(faint, 1.0)
    assert _revision_links([0], later, faint, texts, cued, fusion) == []
    # A message that adds ("also") is left out of ``later`` by the caller: nothing to revise with.
    no_update = later.copy()
    no_update[:, 2] = False
    assert _revision_links([0], no_update, similar, texts, cued, fusion) == []
