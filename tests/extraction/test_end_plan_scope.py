"""Endings and plans by mechanism, in wordings of their own, through the real offline extractor:
an ending verb that is itself denied ("haven't quit", "never stopped") or only supposed ("if I ever
quit") ends nothing; a notice handed in ends the job, a group said to have ended or folded ends the
membership; a plan booked or ticketed for a future time, a trip one is "off to" and a course one is
starting on a day to come are plans at that time. With what must not fire."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import CandidateFact, Operation
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts as read

REF = datetime(2026, 3, 11, 18, 30, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def facts(extractor: OfflineExtractor, *turns: str) -> list[CandidateFact]:
    return read(extractor, *turns, reference=REF)


@pytest.mark.parametrize("text", [
    "I haven't quit my job yet.",
    "I never stopped loving jazz.",
    "I didn't sell the car in the end.",
    "I haven't stopped taking my meds.",
    "honestly never gave up on the violin",
    "We didn't cancel the gym membership after all.",
    "I have not left the choir, whatever Tom says.",
    "If I ever quit my job I'd travel for a year.",
    "if we sell the flat we'll probably rent for a bit",
    "Unless I drop out of the course, I'll finish in June.",
    "I won't give up coffee.",
    "I can't quit caffeine, I've tried.",
])
def test_a_denied_or_supposed_ending_ends_nothing(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.operation is Operation.end], got
    assert not [f for f in got if f.memory_type is MemoryType.episodic and not f.negated], got


@pytest.mark.parametrize(("text", "word"), [
    ("I've quit soda, haven't had one since.", "soda"),
    ("I quit my job at Stripe last month.", "Stripe"),
    ("Sold my motorbike a few weeks ago.", "motorbike"),
    ("I'm not vegan anymore.", "vegan"),
    ("Our book club ended last month.", "book club"),
    ("My book group wrapped up for good in January.", "book group"),
    ("Our walking group disbanded in the autumn.", "walking group"),
    ("Handed in my notice at the bakery on Friday.", "bakery"),
])
def test_a_plain_ending_still_ends(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = facts(extractor, text)
    assert any(word.lower() in f.object.lower() and f.operation is Operation.end for f in got), got


@pytest.mark.parametrize("text", [
    "I finally handed in my resignation.",
    "gave my notice at work today, 4 weeks left",
    "Just turned in my two weeks' notice!",
    "I've put in my notice.",
    "Rough patch, I was let go from my job last month.",
    "got laid off at Acme in May",
    "I was made redundant last year.",
])
def test_a_notice_handed_in_ends_the_job(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert any(f.predicate == "works_at" and f.operation is Operation.end and not f.negated for f in got), got


@pytest.mark.parametrize(("text", "predicate", "word"), [
    ("I stepped down as treasurer of the allotment society in the autumn.", "job_title", "treasurer"),
    ("Stepped down as chair last week, too much faff.", "job_title", "chair"),
    ("I stepped down from the committee.", "member_of", "committee"),
    ("Got rid of our Netflix subscription, money down the drain", "uses", "Netflix"),
])
def test_a_post_or_thing_given_up_ends(extractor: OfflineExtractor, text: str, predicate: str, word: str) -> None:
    got = facts(extractor, text)
    assert any(f.predicate == predicate and word.lower() in f.object.lower() and f.operation is Operation.end
               for f in got), got


@pytest.mark.parametrize("text", [
    "My boss handed in her notice.",
    "I didn't hand in my notice in the end.",
    "My dad got laid off.",
    "I wasn't fired, I left.",
    "Handed in my essay yesterday.",
    "The meeting ended early.",
    "The film ended at ten.",
])
def test_what_ends_no_job_or_group_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.subject == "user" and f.operation is Operation.end], got


@pytest.mark.parametrize(("text", "word", "when"), [
    ("I've booked a trip to Lisbon in October.", "Lisbon", "2026-10-01"),
    ("Booked flights to Crete for next month!", "Crete", "2026-04-01"),
    ("we've got tickets for the Coldplay gig in July", "Coldplay", "2026-07-01"),
    ("I signed up for a half marathon in May.", "half marathon", "2026-05-01"),
    ("I've booked in at the pottery workshop for next Saturday.", "pottery", "2026-03-14"),
    ("We've reserved the village hall for Friday.", "village hall", "2026-03-13"),
    ("I'm off to Boston next month, never been.", "Boston", "2026-04-01"),
    ("next month we're off to Porto for our anniversary", "Porto", "2026-04-01"),
    ("I'm starting a pottery course on Thursday!", "pottery", "2026-03-12"),
])
def test_a_future_booking_is_a_plan(extractor: OfflineExtractor, text: str, word: str, when: str) -> None:
    got = facts(extractor, text)
    hit = [f for f in got if word.lower() in f.object.lower()]
    assert hit, got
    assert any(when in f.text or (f.valid_from is not None and f.valid_from.date().isoformat() == when)
               for f in hit), got


@pytest.mark.parametrize("text", [
    "I booked a trip to Lisbon last year and loved it.",
    "We had tickets for the Coldplay gig in 2019.",
    "I didn't book the flights to Crete for next month.",
    "I hope my sister gets the job.",
    "If I ever win the lottery I'll buy a boat.",
    "Are you planning to go to the party?",
    "I'm off to bed, night all.",
    "I'm off to the shops.",
    "I'm starting to feel better.",
])
def test_what_is_no_plan_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.subject == "user" and ("plan" in f.predicate or "(from 20" in f.text)], got
