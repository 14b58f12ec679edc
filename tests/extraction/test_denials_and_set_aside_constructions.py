"""Denials read by construction and corrections that set an earlier value aside, through the real
offline extractor and a real store: a topic asked then refused or never tried ("Oysters? Never had
them"), a taste with the thing as its subject ("olives are a hard no from me"), a topic fronted
before the denial ("skiing is one thing I've never done"), an outing never been on, schooling not
had, none of a kind liked, a "no" before an object scoped to its own clause; "ignore what I said
about Bristol, ..." as a correction of Bristol, never as a request to forget. Controls that must
store no denial or correction stand beside each."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts as read

REF = datetime(2026, 5, 6, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


def denied(got: list[CandidateFact], word: str) -> list[CandidateFact]:
    return [f for f in got if f.negated and f.subject == "user" and word.casefold() in f.object.casefold()]


@pytest.mark.parametrize(("text", "word"), [
    ("Kimchi? Never had it, is it very spicy", "kimchi"),
    ("tennis? nah, never played it", "tennis"),
    ("Breaking Bad? Honestly never watched it, everyone keeps telling me to.", "Breaking Bad"),
    ("Marmite? Absolutely not, it's like tar.", "Marmite"),
    ("Caravan holidays? Hard pass, we're hotel people.", "caravan"),
    ("Mushrooms? Nope, can't stand them.", "mushroom"),
])
def test_a_topic_asked_then_refused_or_never_tried_is_denied(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert denied(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("Anchovies are a big no from me.", "anchovies"),
    ("whisky's a no-go for me, one sip and I'm done", "whisky"),
    ("Rugby has never really appealed to me, too much mud.", "rugby"),
    ("Gluten doesn't agree with me at all.", "gluten"),
    ("Jazz has never done anything for me, it all sounds the same.", "jazz"),
    ("red wine's off the table for me, migraines", "red wine"),
])
def test_a_taste_said_with_the_thing_as_subject_is_denied(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert denied(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("Surfing is one thing I've never tried, the sea scares me.", "surf"),
    ("Japan is somewhere I've never been, sadly.", "Japan"),
    ("Curling's something I still haven't done.", "curling"),
    ("I've never been snorkelling, my ears hate water.", "snorkel"),
    ("we've never been kayaking, the kids get seasick", "kayak"),
    ("I didn't go to university, I started work at 17.", "university"),
    ("I still haven't found a diet I actually like.", "diet"),
    ("I've never watched a single episode of Love Island.", "Love Island"),
])
def test_a_fronted_or_unread_experience_is_denied(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert denied(facts(extractor, text), word), facts(extractor, text)


@pytest.mark.parametrize(("text", "word"), [
    ("I have no pets, the landlord is strict.", "pets"),
    ("We have no car, the buses here are fine.", "car"),
    ("No kids here, we're happy as we are.", "kids"),
])
def test_a_no_before_an_object_denies_its_own_clause(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert denied(got, word) and not [f for f in got if not f.negated and word in f.object.casefold()], got


@pytest.mark.parametrize("text", [
    "Really? No way, that's brilliant.",
    "Any plans tonight? Nope, just chilling.",
    "Tea? Yes please, no sugar.",
    "The weather's a no from me today, staying in.",
    "My brother hasn't found a flat he actually likes yet.",
    "I haven't been sleeping well lately.",
])
def test_what_only_sounds_like_a_denial_stores_none(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.negated and f.subject == "user"], got


@pytest.mark.parametrize(("text", "new"), [
    ("Ignore what I said about Bristol, the wedding's in Bath now.", "Bath"),
    ("scratch what i said about the Honda, we went for a Kia", "Kia"),
    ("Forget what I told you about Friday, the interview is on Monday.", "Monday"),
    ("Ignore the bit about Spain, we actually went to Portugal.", "Portugal"),
    ("Disregard what I said about Lisbon, the conference moved to Porto.", "Porto"),
])
def test_an_earlier_value_set_aside_is_corrected_not_forgotten(extractor: OfflineExtractor, text: str, new: str) -> None:
    got = facts(extractor, text)
    assert [f for f in got if f.operation is Operation.correct and new in f.object], got
    assert not [f for f in got if f.operation is Operation.forget], got


def test_forgetting_what_was_said_about_a_topic_with_a_reason_stays_a_forget(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "Forget what I said about my ex, it still hurts to talk about.")
    assert [f for f in got if f.operation is Operation.forget], got
    assert not [f for f in got if f.operation is Operation.correct], got


def test_a_set_aside_place_is_replaced_in_the_store(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("I live in Glasgow.", user_id="u", reference_time=datetime(2026, 5, 1, tzinfo=UTC))
        mem.add("Scratch what I said about Glasgow, I'm in Edinburgh now.", user_id="u", reference_time=REF)
        assert [f.object for f in mem.facts(user_id="u") if f.predicate == "lives_in"] == ["Edinburgh"]
        assert not [f for f in mem.history(user_id="u") if f.predicate == "*"], mem.history(user_id="u")
