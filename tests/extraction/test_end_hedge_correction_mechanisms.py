"""Endings, hedges and corrections by mechanism, in wordings of their own, through the real offline
extractor: an ending said with its "I" dropped or with the partner named first ("me and Jess"),
a course or pastime dropped, a health detail no longer held, an "-ing" kind kept in its object;
hopes and seemings kept hedged; a bare "X not Y" and a value after an owned-up typo put right the
slot just stated. With what must not fire."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts as read

REF = datetime(2026, 5, 11, 18, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


@pytest.mark.parametrize(("text", "word"), [
    ("Stopped going to the squash club after Easter.", "squash club"),
    ("finally quit vaping in January", "vaping"),
    ("not doing parkrun anymore, my ankle's shot", "parkrun"),
    ("No longer at Unilever, I left in March.", "Unilever"),
    ("not with Priya any more tbh", "Priya"),
    ("Me and Callum broke up at the weekend.", "Callum"),
    ("I left the walking group.", "walking group"),
    ("Dropped my Thursday pottery class, couldn't keep up with it and work.", "pottery class"),
    ("I dropped badminton when the kids came along.", "badminton"),
    ("I don't have eczema any more.", "eczema"),
    ("I'm not asthmatic anymore.", "asthmatic"),
    ("Gave up smoking in March and the cravings have gone.", "smoking"),
    ("I lost my warehouse job before Christmas, which was grim.", "job"),
])
def test_an_ending_ends_what_it_names(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert any(word.lower() in f.object.lower() and f.operation is Operation.end for f in got), got


@pytest.mark.parametrize("text", [
    "Stopped by the chippy on the way back.",
    "I dropped my glasses down the stairs.",
    "Dropped off the parcel at the post office.",
    "not sure tbh",
    "Sold out in ten minutes, mad.",
    "I have eczema on my hands.",
    "I lost my wallet on the bus.",
])
def test_what_is_no_ending(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.operation is Operation.end], text


@pytest.mark.parametrize(("text", "word"), [
    ("Seems like I'm allergic to kiwi.", "kiwi"),
    ("looks like I'm moving to Derby in the autumn", "Derby"),
    ("hopefully starting at Arup in August", "Arup"),
    ("Fingers crossed I get into Durham uni", "Durham"),
    ("I'm starting at the Co-op in June, touch wood.", "Co-op"),
    ("I'm not sure if I'll stay at Experian past the summer", "Experian"),
    ("Unsure whether I'm allergic to plasters", "plasters"),
    ("I'm pescatarian-ish", "pescatarian"),
])
def test_a_hope_or_a_seeming_stays_hedged(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = [f for f in facts(extractor, text) if word.lower() in f.object.lower()]
    assert got and all(f.hedged for f in got), got


@pytest.mark.parametrize("text", ["Hopefully you're well!", "It looks like rain.", "we'll see", "I think so?"])
def test_a_hope_about_nothing_stores_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == [], text


@pytest.mark.parametrize(("first", "fix", "value", "wrong"), [
    ("I live in Cardiff.", "oops, Swansea not Cardiff", "Swansea", "Cardiff"),
    ("I work at Tesco.", "Asda not Tesco, sorry", "Asda", "Tesco"),
    ("My brother is called Jon.", "sorry, typo - John", "John", "Jon"),
    ("Our rent is $1,400 a month.", "$1,600 not $1,400", "$1,600", "$1,400"),
])
def test_a_bare_value_corrects_the_slot_just_stated(extractor: OfflineExtractor, first: str, fix: str,
                                                    value: str, wrong: str) -> None:
    got = facts(extractor, first, fix)
    assert any(f.operation is Operation.correct and value in f.object and wrong in (f.replaces or "") for f in got), got


def test_a_denied_time_retimes_nothing(extractor: OfflineExtractor) -> None:
    got = facts(extractor, "I'm seeing the optician on Wednesday.", "Thursday not Wednesday, sorry")
    assert not [f for f in got if f.negated], got
    assert [f.valid_from and f.valid_from.date().isoformat() for f in got if f.operation is Operation.correct] \
        in ([None], ["2026-05-14"]) or all(not f.negated for f in got), got


@pytest.mark.parametrize(("first", "reply"), [
    ("I live in Cardiff.", "No, I don't agree with that review at all."),
    ("I'm vegetarian.", "Tea not coffee for me please."),
    ("I work at Tesco.", "no worries!"),
])
def test_disagreement_or_a_request_corrects_nothing(extractor: OfflineExtractor, first: str, reply: str) -> None:
    assert not [f for f in facts(extractor, first, reply) if f.operation is Operation.correct]
