"""The hedge vocabulary as a category: every way of saying "I am not sure" in chat register
(guessing verbs softened, a doubt set aside with "but", "could be", hearsay, hope) keeps the
fact it colours but marks it hedged; the same words with nothing to colour store nothing. Through
the real offline extractor (spaCy + rules)."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "value"), [
    ("i reckon i'm lactose intolerant", "lactose intolerant"),
    ("I'm not 100% on it, but I think my boss works at Google.", "Google"),
    ("not a hundred percent but I'm allergic to shellfish", "shellfish"),
    ("I could be wrong, but my cousin's a vet.", "vet"),
    ("don't quote me on this but my sister lives in Perth", "Perth"),
    ("Could be I'm allergic to oats.", "oats"),
    ("might be that my brother works at Tesco", "Tesco"),
    ("i kinda think i'm an introvert", "introvert"),
    ("I sort of suspect I'm coeliac.", "coeliac"),
    ("Word is my manager is moving to Leeds.", "Leeds"),
    ("I've heard my landlord is selling the flat.", "flat"),
    ("Something tells me I'm allergic to cats.", "cats"),
    ("I'm half convinced I'm allergic to oats.", "oats"),
    ("hopefully my brother moves to Bristol next year", "Bristol"),
    ("Fingers crossed I'm starting at Monzo in June.", "Monzo"),
    ("If I remember right, my cousin works at Google.", "Google"),
    ("supposedly my neighbour is a dentist", "dentist"),
])
def test_a_hedge_in_any_wording_keeps_the_fact_hedged(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value.lower() in f.object.lower()]
    assert found, facts(extractor, text)
    assert all(f.hedged for f in found), found


@pytest.mark.parametrize(("text", "value"), [
    ("My cousin works at Google.", "Google"),
    ("I heard the news and I'm moving to Leeds.", "Leeds"),
    ("I'm allergic to oats, could be worse.", "oats"),
])
def test_a_plain_statement_stays_certain(extractor: OfflineExtractor, text: str, value: str) -> None:
    found = [f for f in facts(extractor, text) if value.lower() in f.object.lower()]
    assert found, facts(extractor, text)
    assert not any(f.hedged for f in found), found


@pytest.mark.parametrize("text", [
    "I'm not 100% on it, but I think it'll rain.",
    "Could be worse, honestly!",
    "I heard you got promoted!",
    "I heard that song yesterday.",
    "I kinda think that's funny lol",
])
def test_a_hedge_with_nothing_to_colour_stores_nothing_wrong(extractor: OfflineExtractor, text: str) -> None:
    assert not any(f.predicate in {"age", "works_at", "lives_in"} or (not f.hedged and "you" in f.subject)
                   for f in facts(extractor, text)), facts(extractor, text)
