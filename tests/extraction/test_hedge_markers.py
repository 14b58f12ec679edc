"""Generic hedge markers (gut feeling, could be that, not 100%, kind of, I'd say) mark the
clause's fact as hedged instead of hiding it, "ended up <verb>ing" reads the verb's deed, and
chatter and questions stay empty; through the real offline extractor (spaCy + rules)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 3, 18, 10, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u1"))
    return extractor.extract(episode).facts


@pytest.mark.parametrize(("text", "value"), [
    ("My gut says I'm coeliac.", "coeliac"),
    ("Could be that I'm anaemic, the bloods aren't back yet.", "anaemic"),
    ("not 100% on this but i'm allergic to kiwi", "kiwi"),
    ("I have a feeling I'm lactose intolerant.", "lactose intolerant"),
    ("I'm sort of vegan at the moment.", "vegan"),
    ("I'd say I'm an introvert, mostly.", "introvert"),
    ("Chances are I'm diabetic, it runs in the family.", "diabetic"),
])
def test_a_generic_hedge_marks_the_fact_hedged(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object.lower()]
    assert found, facts(extractor, text)
    assert all(f.hedged for f in found)


@pytest.mark.parametrize("text", [
    "It kind of rains a lot round here, doesn't it?",
    "Could be that the trains are late again?",
    "I'd say that was a great match!",
    "Chances are it'll be sunny tomorrow.",
])
def test_a_hedge_word_alone_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("I ended up switching to Linux after years on Windows.", "Linux"),
    ("we ended up moving to Bath in the end", "Bath"),
    ("I ended up adopting a greyhound.", "greyhound"),
])
def test_ended_up_reads_the_deed_it_leads(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert any(value == f.object and not f.hedged for f in facts(extractor, text)), facts(extractor, text)


def test_a_question_about_ending_up_stores_nothing(extractor: OfflineExtractor) -> None:
    assert facts(extractor, "Did you end up going to Rome?") == []


@pytest.mark.parametrize(("text", "value"), [
    ("Crashed my bike on Tuesday, kinda scary but I'm fine.", "bike"),
    ("We adopted a rescue greyhound, it was sorta chaotic at first.", "greyhound"),
    ("I joined a choir last month, kinda nervous about the first concert.", "choir"),
])
def test_kinda_about_a_feeling_hedges_nothing(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object.lower()]
    assert found, facts(extractor, text)
    assert not any(f.hedged for f in found)


@pytest.mark.parametrize(("text", "value"), [
    ("I kinda work at a bakery now.", "bakery"),
    ("I sorta live in Leeds, it's complicated.", "leeds"),
    ("I'm kinda vegetarian these days.", "vegetarian"),
])
def test_kinda_on_the_speakers_own_verb_hedges_it(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object.lower()]
    assert found and all(f.hedged for f in found), facts(extractor, text)


@pytest.mark.parametrize(("text", "value"), [
    ("My gut is in knots but I moved to Leeds last month.", "leeds"),
    ("Odds are stacked against us but I joined Shopify anyway.", "shopify"),
    ("I have a feeling of calm these days, I work at a bakery now.", "bakery"),
])
def test_gut_odds_and_feeling_that_introduce_no_claim_hedge_nothing(
        extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value in f.object.lower()]
    assert found and not any(f.hedged for f in found), facts(extractor, text)
