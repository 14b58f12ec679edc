"""Forget requests in the constructions of chat rather than in "forget my X": the thing named
first and then removed by a pronoun ("my number, please bin it"), wished gone ("..., I'd like it
deleted"), asked in the passive ("can my address be wiped?"), taken off the record,
un-remembered, "forget I said ...", and a request with its reason said after it. A thing thrown
away in a story, or a "forget it", is no request. Through the real offline extractor and store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _forgets(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.predicate, f.object) for f in facts(extractor, text) if f.operation is Operation.forget]


@pytest.mark.parametrize(("text", "predicate"), [
    ("My mobile, please don't keep it on file.", "phone"),
    ("that email address I gave you - ditch it", "email"),
    ("My date of birth, I'd prefer it erased.", "birthday"),
    ("my postcode, i'd rather that wasn't stored", "address"),
    ("Could my email be removed from your notes?", "email"),
    ("take my phone number off your list pls", "phone"),
    ("Can u unremember my address?", "address"),
    ("Forget I told you I live in Croydon.", "lives_in"),
    ("Could you not keep my email?", "email"),
])
def test_a_slot_named_in_a_chat_construction_is_forgotten(extractor: OfflineExtractor, text: str,
                                                           predicate: str) -> None:
    assert [p for p, _ in _forgets(extractor, text)] == [predicate]


@pytest.mark.parametrize(("text", "word"), [
    ("The bit about my landlord's threats, could you scrap that?", "landlord"),
    ("About my brother's rehab, please wipe all of it.", "rehab"),
    ("Everything you've got on Priya, my old boss, bin it.", "Priya"),
    ("can the stuff about my arrears be deleted", "arrears"),
    ("please forget I mentioned my uncle's bankruptcy", "bankruptcy"),
    ("Don't keep anything about the burglary, it still shakes me up.", "burglary"),
    ("Forget about my parole hearing, I'd rather not talk about it.", "parole"),
    ("Wipe everything about my IVF, please.", "IVF"),
    ("Delete whatever you've got about my tribunal.", "tribunal"),
])
def test_what_was_said_about_something_is_forgotten_without_the_reason(extractor: OfflineExtractor, text: str,
                                                                       word: str) -> None:
    read = _forgets(extractor, text)
    assert len(read) == 1 and word.lower() in read[0][1].lower(), read


@pytest.mark.parametrize("text", [
    "My old bike, I finally got rid of it on eBay.",
    "The receipts, I threw them away by mistake.",
    "Forget it, never mind, not important.",
    "I always forget my gym card.",
    "Never mind what I just said, forget it.",
])
def test_things_thrown_away_in_a_story_are_no_request(extractor: OfflineExtractor, text: str) -> None:
    assert all(p == "last_message" for p, _ in _forgets(extractor, text))
    if not text.startswith("Never mind"):
        assert not _forgets(extractor, text)


def test_scratch_that_before_a_correction_is_still_no_forget_of_the_last_message(extractor: OfflineExtractor) -> None:
    assert not _forgets(extractor, "Scratch that, I'm in Lisbon, not Madrid.")


def test_a_dislocated_request_deletes_the_stored_employer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I work at Ocado.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
        assert [f.object for f in mem.facts(user_id="u", predicate="works_at")] == ["Ocado"]
        mem.add("The name of my employer, please bin it.", user_id="u", reference_time=datetime(2026, 1, 6, tzinfo=UTC))
        assert not mem.facts(user_id="u", predicate="works_at")
