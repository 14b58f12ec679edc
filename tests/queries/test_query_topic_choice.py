"""Asked how things are now, which later message replaces one on the question's topic: the one
most like it and the question together, not merely the latest that shares the question's words.
Real MiniLM cosines of real sentences; the choice itself is pure logic."""

from __future__ import annotations

import numpy as np

from kronograph.queries.config import FusionConfig
from kronograph.queries.embedding import MiniLMEmbedder
from kronograph.queries.search import _query_topic_updates

QUESTION = "How do I like to watch films?"
EARLIER = "I like watching films at the cinema."
REPLACEMENT = "Streaming on the sofa is how I see movies these days."
ASIDE = "Any good films on at the cinema this week?"  # said last, shares the question's words


def _choose(minilm: MiniLMEmbedder, texts: list[str], fusion: FusionConfig) -> list[tuple[int, int]]:
    vectors = np.asarray(minilm.embed([*texts, QUESTION]))
    similar = vectors[:-1] @ vectors[:-1].T
    asked = vectors[:-1] @ vectors[-1]
    stamps = np.arange(len(texts), dtype=float)  # said in this order
    later = stamps[None, :] > stamps[:, None]
    size = (len(texts), len(texts))
    return _query_topic_updates({i: float(asked[i]) for i in range(len(texts))}, later, similar,
                                np.zeros(size, dtype=bool), np.ones(size, dtype=bool), stamps,
                                np.zeros(len(texts), dtype=bool), asked, fusion)


def test_the_replacement_most_like_the_earlier_message_and_the_question_wins_over_a_later_aside(
        minilm: MiniLMEmbedder) -> None:
    # A looser ratio lets the aside qualify too, so the choice between the two is what is tested.
    fusion = FusionConfig(query_topic_ratio=0.6)
    pairs = dict(_choose(minilm, [EARLIER, REPLACEMENT, ASIDE], fusion))
    assert pairs[0] == 1


def test_an_aside_far_from_the_question_replaces_nothing(minilm: MiniLMEmbedder) -> None:
    assert _choose(minilm, [EARLIER, ASIDE], FusionConfig()) == []
