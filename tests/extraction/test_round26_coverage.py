"""Round 26 (issue 12, coverage): statements that stored nothing now yield a memory. Each rule is
checked on wordings of its own, with a negative case beside it, through the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


def triples(extractor: OfflineExtractor, text: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in facts(extractor, text)}


@pytest.mark.parametrize(("text", "subject", "employer"), [
    ("I work weekends at the farm shop.", "user", "farm shop"),
    ("My sister Lena works nights at St Thomas' Hospital.", "Lena", "St Thomas' Hospital"),
])
def test_working_a_shift_somewhere_names_the_employer(extractor: OfflineExtractor, text: str, subject: str,
                                                      employer: str) -> None:
    assert (subject, "works_at", employer) in triples(extractor, text)


def test_a_shift_with_no_place_names_no_employer(extractor: OfflineExtractor) -> None:
    assert not any(f.predicate == "works_at" for f in facts(extractor, "I work nights, which is brutal."))


@pytest.mark.parametrize(("text", "liked"), [
    ("I'm seriously into bouldering.", "bouldering"),
    ("Absolutely hooked on Korean dramas.", "Korean dramas"),
    ("Folk music is my thing, particularly the Irish stuff.", "Folk music"),
    ("Crime novels are right up my alley.", "Crime novels"),
    ("i'm more of a tea person tbh", "tea person"),
])
def test_tastes_in_new_wordings(extractor: OfflineExtractor, text: str, liked: str) -> None:
    assert any(f.object == liked and f.memory_type and f.memory_type.value == "preference"
               for f in facts(extractor, text))


@pytest.mark.parametrize("text", ["I'm so into this conversation, haha", "That's my thing, lol"])
def test_no_taste_from_chatter(extractor: OfflineExtractor, text: str) -> None:
    assert not facts(extractor, text)


def test_a_weekday_before_a_noun_is_a_kind_not_a_day(extractor: OfflineExtractor) -> None:
    assert ("user", "likes", "proper Sunday roast") in triples(extractor, "Nothing beats a proper Sunday roast.")
    dated = facts(extractor, "I met Ola on a Sunday morning at the market.")
    assert all("Sunday" not in f.object for f in dated)
