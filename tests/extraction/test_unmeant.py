"""Statements that are stored but wrong, each checked as a kind on wordings of its own through
the real spaCy model: typographic apostrophes, verbs the lemmatizer cuts short, hypotheticals and
near-misses, quotes of other people, jokes taken back, judgements in slot values, body-part
idioms and health events, identity nouns read as names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("curly", "straight"), [
    ("I\u2019m a pharmacist.", "I'm a pharmacist."),
    ("I don\u2019t drink beer.", "I don't drink beer."),
    ("I\u2019ve moved to Porto.", "I've moved to Porto."),
    ("My brother\u2019s name is Teo.", "My brother's name is Teo."),
    ("I\u2019m not keen on opera.", "I'm not keen on opera."),
])
def test_a_typographic_apostrophe_reads_as_a_straight_one(extractor: OfflineExtractor, curly: str,
                                                          straight: str) -> None:
    got = facts(extractor, curly)
    assert got and {(f.predicate, f.object, f.negated) for f in got} == \
        {(f.predicate, f.object, f.negated) for f in facts(extractor, straight)}


def test_a_typographic_apostrophe_keeps_the_span_as_written(extractor: OfflineExtractor) -> None:
    text = "Hi there. I\u2019m living in Ghent."
    fact = next(f for f in facts(extractor, text) if f.predicate == "lives_in")
    assert fact.span is not None and text[fact.span[0]:fact.span[1]] == "I\u2019m living in Ghent."


@pytest.mark.parametrize(("text", "fact"), [
    ("I stared at the ocean for an hour yesterday.", ("stares_at", "ocean")),
    ("I scraped the bumper on a bollard last week.", ("scrapes", "bumper")),
    ("My cat hates the hoover.", ("dislikes", "hoover")),
])
def test_a_verb_cut_short_by_the_lemmatizer_keeps_its_e(extractor: OfflineExtractor, text: str,
                                                       fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize("text", ["I tapped the screen twice.", "I hopped on the bus yesterday."])
def test_a_verb_without_the_e_stays_as_it_is(extractor: OfflineExtractor, text: str) -> None:
    assert not any(p in {"tapes", "hopes"} for p, _ in pairs(extractor, text))
