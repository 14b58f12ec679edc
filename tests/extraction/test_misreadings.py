"""Misreadings of the verb-object rules, each checked as a kind on wordings of its own through the
real spaCy model: irregular past forms in predicates, modal statements, quitting phrasal verbs,
duration objects and evaluated stretches of time, day and month abbreviations, compound subjects."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.rules_draft import verb_3sg
from kronograph.extraction.timeexpr import find_times
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def pairs(extractor: OfflineExtractor, text: str) -> set[tuple[str, str]]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))
    return {(f.predicate, f.object) for f in extractor.extract(episode).facts}


@pytest.mark.parametrize(("text", "fact"), [
    ("I rebuilt the old fence last weekend.", ("rebuilds", "old fence")),
    ("We bred rabbits on the farm as kids.", ("breeds", "rabbits")),
    ("I wove a basket at the workshop yesterday.", ("weaves", "basket")),
    ("I hung a mirror in the hall yesterday.", ("hangs", "mirror")),
    ("I roasted a whole chicken on Sunday.", ("roasts", "whole chicken")),
])
def test_an_irregular_past_gives_the_verbs_present(extractor: OfflineExtractor, text: str,
                                                  fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize(("past", "present"), [
    ("rebuilt", "rebuilds"), ("bree", "breeds"), ("wove", "weaves"), ("bent", "bends"), ("hung", "hangs"),
    ("swept", "sweeps"), ("fix", "fixes"), ("study", "studies"), ("have", "has"),
])
def test_verb_3sg_mends_past_forms_left_as_lemmas(past: str, present: str) -> None:
    assert verb_3sg(past) == present


@pytest.mark.parametrize("text", [
    "We can build a better community.",
    "They could open a bakery together.",
    "You have to try the new bakery on Elm Street.",
])
def test_a_modal_statement_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert pairs(extractor, text) == set()


def test_a_households_maybe_is_stored_only_hedged(extractor: OfflineExtractor) -> None:
    """ "We might repaint the hallway": the household's step, kept uncertain (never as done)."""
    facts = extractor.extract(EpisodeInput(turns=[Turn(content="We might repaint the hallway.")],
                                           reference_time=REF, scope=Scope(user_id="u"))).facts
    assert facts and all(f.hedged for f in facts)


@pytest.mark.parametrize(("text", "fact"), [
    ("I can speak French.", ("speaks", "French")),  # an ability of the speaker's own stays a skill
    ("I baked bread yesterday.", ("bakes", "bread")),
])
def test_a_plain_doing_is_still_read(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    assert fact in pairs(extractor, text)


@pytest.mark.parametrize(("text", "predicate"), [
    ("I packed in guitar lessons last year.", "packs_in"),
    ("We packed in the choir after a year.", "packs_in"),
    ("She packed in her job at the bank.", "packs_in"),
])
def test_quitting_is_no_doing(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert not any(p == predicate for p, _ in pairs(extractor, text))


@pytest.mark.parametrize("text", [
    "I spent ages on that puzzle.",
    "I spent hours on the garden.",
    "We had a rough season.",
    "I had a tough week at work.",
    "We had a brutal month.",
])
def test_durations_and_evaluated_spans_store_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert pairs(extractor, text) == set()


def test_a_span_with_company_still_names_the_company(extractor: OfflineExtractor) -> None:
    assert ("spends_with", "kids") in pairs(extractor, "I spent hours with the kids at the lake.")


@pytest.mark.parametrize("text", [
    "We lay in the sun all afternoon.",
    "I would love to march in the parade.",
    "Clouds mar the view from the deck.",
    "We wed in a small chapel.",
    "I sat on the bench for a bit.",
])
def test_a_lowercase_name_that_is_a_word_is_no_date(text: str) -> None:
    assert find_times(text, REF) == []


@pytest.mark.parametrize(("text", "day"), [
    ("We met up on sat.", "sat"),
    ("See you next wed.", "next wed"),
    ("I went on Sat.", "Sat"),
    ("I moved in march.", "march"),
])
def test_a_name_in_temporal_context_is_still_a_date(text: str, day: str) -> None:
    assert [t.text for t in find_times(text, REF)] == [day]


def test_sat_the_verb_keeps_its_event(extractor: OfflineExtractor) -> None:
    assert ("sits", "their citizenship test") in pairs(extractor, "I sat my citizenship test on Monday.")
    assert ("sits", "bar exam") in pairs(extractor, "I sat the bar exam last year.")
