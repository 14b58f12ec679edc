"""Tasks named by construction rather than by "I need to": a label before the chore ("Note to self:",
"On my plate today:"), a chore named as a day's job, a thing of the speaker's that needs doing by a
day, a thing still to be dealt with ("a dentist appointment to book"), and a chore whose thing is a
"that"/"it" standing for what the sentence said before. Each with look-alikes that are no task.
Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import date

import pytest

from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def tasks(extractor: OfflineExtractor, text: str) -> list[tuple[str, date | None]]:
    return [(f.object, f.task_until.date() if f.task_until else None)
            for f in facts(extractor, text) if f.memory_type is MemoryType.task and f.subject == "user"]


@pytest.mark.parametrize(("text", "words", "until"), [
    # a label naming the speaker's to-do
    ("Note to self: buy printer ink.", "printer ink", None),
    ("reminder to self, chase the landlord about the damp", "landlord", None),
    ("On my plate today: finish the slides for the board.", "slides", date(2026, 5, 21)),
    ("Things to do today - hoover the lounge.", "hoover", date(2026, 5, 21)),
    ("Top of my list this week: get the bike fixed.", "bike", date(2026, 5, 25)),
    ("Memo to myself: renew the parking permit", "parking permit", None),
    # a chore named as a day's job
    ("Booking the flights is tomorrow's job.", "flights", date(2026, 5, 22)),
    ("Sorting out the garage is the big job for this weekend.", "garage", date(2026, 5, 25)),
    ("Walking the dog is my job for today.", "dog", date(2026, 5, 21)),
    # a thing of the speaker's that needs doing by a day to come
    ("The spare room needs painting before Saturday.", "spare room", date(2026, 5, 23)),
    ("My car needs servicing by Friday.", "car", date(2026, 5, 23)),
    ("The boiler needs servicing this month.", "boiler", date(2026, 6, 1)),
    # a thing still to be dealt with
    ("I've got a dentist appointment to book before Easter.", "dentist appointment", None),
    ("There's a form I need to sign and send back by the 20th.", "form", None),
    ("We've got a wedding to plan this summer, so busy", "wedding", None),
    # "that"/"it" standing for the thing said before it
    ("the bins haven't gone out yet, I need to sort that before tonight", "bins", date(2026, 5, 21)),
    ("My car tax is overdue, gotta deal with it today.", "car tax", date(2026, 5, 21)),
    ("Passport runs out in April so I'd better get it renewed this week.", "Passport", date(2026, 5, 25)),
    # the remembering is not the task, the chore is
    ("Remember I've got to return the library books on Friday.", "library books", None),
    ("remember that I need to pick up Ella's prescription today", "prescription", date(2026, 5, 21)),
])
def test_a_task_said_by_construction_is_read_with_its_period(extractor: OfflineExtractor, text: str, words: str,
                                                             until: date | None) -> None:
    got = tasks(extractor, text)
    assert any(words.lower() in obj.lower() for obj, _ in got), got
    if until is not None:
        assert [u for obj, u in got if words.lower() in obj.lower()] == [until], got


@pytest.mark.parametrize("text", [
    "Note to self: never trust the weather forecast.",
    "Note to self: the meeting moved to Room 4.",
    "Cooking is the main job of a chef.",
    "My job is really demanding these days.",
    "My job for the last five years has been teaching maths.",
    "The economy needs fixing before anything else.",
    "That needs sorting out, honestly, the whole system is broken.",
    "the kids need feeding every three hours lol, exhausting",
    "I've got a story to tell you.",
    "there's a lot I need to learn about cooking",
    "I have a lot to do today.",
    "My brother needs to fix his car before the trip.",
    "You should really try the new ramen place.",
    "If I had to pick, I'd say the blue one.",
    "I did that yesterday, so it's done.",
    "Do I need to bring anything to the party?",
    "I'd better not say anything.",
    "It had better be good, the tickets cost a fortune.",
    "We had to deal with it last week.",
    "Reminder: the gym shuts early on Sundays.",
    "Running is my thing.",
    "My sister lost her keys, she has to deal with it today.",
])
def test_look_alikes_are_no_task_of_the_speakers(extractor: OfflineExtractor, text: str) -> None:
    assert tasks(extractor, text) == []


def test_a_deadline_word_left_behind_is_cut_from_the_chore(extractor: OfflineExtractor) -> None:
    # "before it renews" is a clause of its own: the chore ends at "membership", not at "before"
    assert [obj for obj, _ in tasks(extractor, "I need to cancel the gym membership before it renews.")] \
        == ["cancel the gym membership"]


@pytest.mark.parametrize("text", ["Right, I'd better crack on, speak soon x", "I'd better get going.",
                                  "ok gotta get back to work, bye", "I'd better be off then"])
def test_a_goodbye_with_had_better_is_no_task(extractor: OfflineExtractor, text: str) -> None:
    assert tasks(extractor, text) == []


@pytest.mark.parametrize("text", ["My job is really stressful at the moment.", "My job is boring.",
                                  "My city is lovely in spring.", "My current project is huge.", "My laptop is ancient.",
                                  "My hometown is tiny."])
def test_a_judgement_of_a_slot_is_not_its_value(extractor: OfflineExtractor, text: str) -> None:
    assert facts(extractor, text) == []


@pytest.mark.parametrize(("text", "value"), [("My job is nursing.", "nursing"), ("My job is teacher.", "teacher"),
                                             ("My current project is a budgeting app.", "budgeting app")])
def test_a_slot_named_by_a_noun_keeps_its_value(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert [f.object for f in facts(extractor, text)] == [value]


@pytest.mark.parametrize("text", [
    # a thing that needs an ending verb: no task read as the speaker's ending (review 34, item 1)
    "The house needs selling before next year",
    "My car needs selling by Christmas",
    "The gym membership needs cancelling before June",
    "The old van needs scrapping before winter",
    # someone else named as the doer
    "The roof needs fixing before winter, the landlord says he'll do it",
    "The kitchen needs cleaning today but my flatmate is doing it",
    "The fence needs painting this weekend, my dad says he will sort it",
    "The garden needs weeding this week but my husband's on it",
])
def test_a_thing_needing_an_ending_or_another_doer_is_no_task_or_end(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.memory_type is MemoryType.task or f.predicate == "has" or f.object in {"roof", "kitchen"}], got


@pytest.mark.parametrize("text", [
    # a bare past "I got", a deed done, an infinitive of purpose (item 8)
    "I got a ticket to return home",
    "I got a card to post yesterday and posted it",
    "Last week I got a form to fill in from the school",
    "I got a letter to sign last week and signed it",
    "We got a parcel to return to the shop",
    # a to-do label before no chore (item 12)
    "On my plate tonight: steak, chips and peas",
    "Top of my list: visit Japan one day",
    "Top of my list: skydiving someday",
    "Note to self: coffee after 3pm is a bad idea",
    "Note to self: don't drink coffee after 3pm",
    "Note to self: do not trust the weather app",
    # "'d better" not before a verb, or a goodbye (item 9)
    "I had better luck with the second one",
    "I'd better go, the kettle's boiling",
    "I'd better get a move on",
    "I'd better go, my mum is calling",
    "We had better weather in Spain",
    # a wish, or a vague "few things" (item 13)
    "There's a movie I have to see",
    "I've got a few things to sort out",
    "There's a book I need to read before I die",
    "There's a band I have to watch live",
    "I've got a couple of things to do",
    # "it" for a subject not in a state wanting dealing with (item 11)
    "The weather was terrible but I need to get it done",
    "The kids are on half term, I need to deal with it",
    "The traffic was awful, I need to deal with it",
    "My neighbours are noisy, I need to deal with it",
])
def test_review34_look_alikes_are_no_task(extractor: OfflineExtractor, text: str) -> None:
    assert tasks(extractor, text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("I have two kids to pick up from school", ("quantity_kids", "two")),
    ("I have three guests to collect from the station", ("quantity_guests", "three")),
])
def test_people_to_fetch_keep_their_count(extractor: OfflineExtractor, text: str, fact: tuple[str, str]) -> None:
    got = facts(extractor, text)
    assert fact in [(f.predicate, f.object) for f in got], got
    assert tasks(extractor, text) == []


@pytest.mark.parametrize(("text", "task"), [
    ("The printer is broken, I need to sort it out", "sort the printer out"),  # the determiner lowercased
    ("The sink is blocked, I need to sort it out today", "sort the sink out"),
    ("I had better call the bank today", "call the bank"),
    ("I've got a couple of bills to pay", "pay a couple of bills"),
    ("I have two reports to finish by Friday", "finish two reports"),
    ("Top of my list this week: book the MOT", "book the MOT"),
    ("The garden needs weeding this week and it's a big job", "weed the garden"),
])
def test_review34_controls_still_read_the_task(extractor: OfflineExtractor, text: str, task: str) -> None:
    assert task in [obj for obj, _ in tasks(extractor, text)], tasks(extractor, text)
