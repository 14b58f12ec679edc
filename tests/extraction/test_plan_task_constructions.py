"""Plans and tasks by construction: a subject of several that holds the speaker ("Jess and I are
..."), a present progressive or a timetabled simple present dated ahead, a sentence whose "I'm" was
dropped, "the plan is to", "due to", "should be starting", a new job that "starts" on a day; chores
under way ("in the middle of", "on my plate"); a task cut where a clause of its own begins; a plan
dated only in the past is no plan. Through the real offline extractor (reading.REF is Wednesday 2026-05-20)."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _planned(extractor: OfflineExtractor, text: str, word: str) -> list[str]:
    return [f.text for f in facts(extractor, text) if word.lower() in f.object.lower() and "(from " in f.text]


@pytest.mark.parametrize(("text", "word", "day"), [
    # a subject of several that holds the speaker, the time said first
    ("Tomorrow evening Jess and I are finally trying that Ethiopian place.", "Ethiopian", "2026-05-21"),
    ("Next Saturday my girlfriend and I are heading up to a lake cabin.", "cabin", "2026-05-23"),
    ("Tomorrow me and Jon are driving down to Brighton for the day.", "Brighton", "2026-05-21"),
    ("This weekend my sister, Toby and I are going camping, can't wait.", "camping", "2026-05-23"),
    ("Great news, the gf and I are hitting the beach next month!", "beach", "2026-06-01"),
    # a present progressive or a timetabled simple present: the day named is the one to come
    ("I'm flying out to Montreal on the 3rd for my cousin's wedding.", "Montreal", "2026-06-03"),
    ("In February my partner and I are going on a meditation retreat in Bali.", "retreat", "2027-02-01"),
    ("Christmas Eve we're flying to Kraków to see Marta's family.", "Krak", "2026-12-24"),
    ("Next month I start night classes in sign language.", "night classes", "2026-06-01"),
    ("We fly out to Rome on the 3rd.", "Rome", "2026-06-03"),
    ("In a fortnight I'll be starting my new role at Rolls-Royce.", "Rolls-Royce", "2026-06-03"),
    # the "I'm" dropped, a plan in other words
    ("Heading to Berlin next month for a work thing.", "Berlin", "2026-06-01"),
    ("flying to Lisbon on the 28th for a long weekend w/ the girls", "Lisbon", "2026-05-28"),
    ("off to see Fontaines DC at the Apollo on saturday, finally", "Fontaines", "2026-05-23"),
    ("The plan is to drive up to Edinburgh in July.", "Edinburgh", "2026-07-01"),
    ("I should be starting at Deloitte in June, fingers crossed.", "Deloitte", "2026-06-01"),
    ("My new job at Spotify starts on the 1st of June.", "Spotify", "2026-06-01"),
    ("We're due to move to Bristol in the autumn.", "Bristol", "2026-09-01"),
])
def test_a_plan_keeps_the_day_to_come(extractor: OfflineExtractor, text: str, word: str, day: str) -> None:
    got = _planned(extractor, text, word)
    assert got and all(f"(from {day})" in t for t in got), [f.text for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("From the 1st I'm starting the new job at Dyson.", "works_at", "Dyson"),
    ("I should be starting at Deloitte in June.", "works_at", "Deloitte"),
    ("We're due to move to Bristol in the autumn, the house sale's nearly done.", "lives_in", "Bristol"),
])
def test_a_start_to_come_is_not_current_today(extractor: OfflineExtractor, text: str, slot: str, value: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate == slot and value in f.object], [f.text for f in got]
    assert not [f for f in got if f.memory_type is MemoryType.task], [f.text for f in got]


@pytest.mark.parametrize("text", [
    "I was planning to go to Rome last year, and we finally went in May.",
    "The match was cancelled due to the rain.",
    "Driving to work is a nightmare these days.",
    "Me and Dan aren't together anymore.",
    "It would be nice to visit Japan someday.",
])
def test_no_plan_where_none_is_made(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate and f.predicate.startswith("plan")], [f.text for f in got]


@pytest.mark.parametrize(("text", "word"), [
    ("I'm in the middle of sorting out my mum's paperwork for the care home.", "paperwork"),
    ("Been swamped, I'm knee-deep in marking exam papers this week.", "exam papers"),
    ("On my plate right now: the kitchen renovation.", "kitchen renovation"),
    ("we're halfway through clearing out the garage", "garage"),
])
def test_a_chore_under_way_is_a_task(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = [f for f in facts(extractor, text) if word in f.object]
    assert got and all(f.memory_type is MemoryType.task for f in got), [f.text for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "task"), [
    ("I need to renew the car insurance by Friday or it lapses.", "renew the car insurance"),
    ("I need to book the pups in for their jabs by Friday or the kennel won't take them.", "book the pups in for their jabs"),
    ("I have to finish the quarterly report by Friday or my boss will kill me.", "finish the quarterly report"),
    ("Tonight I've got to pack for the conference, flight's at 6am.", "pack for the conference"),
])
def test_a_task_ends_where_a_clause_of_its_own_begins(extractor: OfflineExtractor, text: str, task: str) -> None:
    got = [f for f in facts(extractor, text) if f.memory_type is MemoryType.task]
    assert [f.object for f in got] == [task] and not any(f.negated for f in got), [f.text for f in got]


@pytest.mark.parametrize(("text", "word"), [
    ("Remind me I need to cancel the gym trial before it starts charging me.", "gym trial"),
    ("todo: email my supervisor the draft chapter tonight", "chapter"),
    ("To-do for tomorrow: pick up my prescription from Boots.", "prescription"),
    ("Right, tonight's mission: assemble the IKEA wardrobe", "wardrobe"),
    ("I ought to call my sister back, she's left three voicemails.", "sister"),
    ("Should really sort out my tax return before the deadline, haven't even started", "tax return"),
    ("I still need to write a thank-you card for Auntie Bea.", "thank-you card"),
    ("Gotta study hard for all these finals this month, no excuses.", "finals"),
])
def test_a_duty_in_other_words_is_a_task(extractor: OfflineExtractor, text: str, word: str) -> None:
    got = [f for f in facts(extractor, text) if word in f.object]
    assert got and all(f.memory_type is MemoryType.task and not f.negated for f in got), \
        [f.text for f in facts(extractor, text)]


@pytest.mark.parametrize("text", [
    "I think we should go, should be fun.",
    "My job: nurse at the Royal Free.",
])
def test_no_task_where_no_duty_is_said(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.memory_type is MemoryType.task]


def test_a_booking_for_a_month_to_come_is_a_plan_and_one_gone_by_is_not(extractor: OfflineExtractor) -> None:
    assert _planned(extractor, "I've booked a cottage in Wales for August.", "cottage")
    assert not _planned(extractor, "We reserved a table for August last year.", "table")


@pytest.mark.parametrize(("text", "word"), [
    ("Right now I'm busy putting together the wedding slideshow for Saturday.", "slideshow"),
    ("Guess what, next month I'm going to a transgender conference in Denver, I'm so nervous!", "conference"),
])
def test_a_lead_or_a_busy_does_not_hide_the_plan_or_task(extractor: OfflineExtractor, text: str, word: str) -> None:
    assert [f for f in facts(extractor, text) if word in f.object], [f.text for f in facts(extractor, text)]
