"""Ends, tasks, quantities and private values in wordings of their own (round 28, room 12d), and
the look-alikes that must not read as them. Real spaCy model; REF is Wednesday 20 May 2026."""

from __future__ import annotations

from datetime import date

import pytest

from kronograph.candidates import Operation
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def ends(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.predicate, f.object) for f in facts(extractor, text) if f.operation is Operation.end]


@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("Jacked in my job at the council in March.", "works_at", "council"),
    ("quit my role with Ocado last week", "works_at", "Ocado"),
    ("Gave up my PhD after the second year.", "studies_at", "PhD"),
    ("The choir's over, we sang our last concert in April.", "member_of", "choir"),
    ("our engagement's off", "partner", ""),
    ("The phone contract is done, I'm on pay as you go now.", "has", "phone contract"),
    ("Lena and I split up at Christmas.", "partner", "Lena"),
    ("we split up in the spring, I'm doing fine", "partner", ""),
])
def test_what_the_speaker_held_ends(extractor: OfflineExtractor, text: str, predicate: str, words: str) -> None:
    got = ends(extractor, text)
    assert any(p == predicate and words in o for p, o in got), got


@pytest.mark.parametrize("text", [
    "I'm slowly getting used to the night bus.",
    "We're so used to the noise by now.",
    "I left the gym late last night, totally wiped.",
    "Left my umbrella on the train again.",
    "I stopped by my nan's on the way back.",
    "The match is over, we lost 2-1.",
    "the party's over, everyone went home",
    "My tea is done, time for bed.",
])
def test_what_ends_nothing_held_is_no_end(extractor: OfflineExtractor, text: str) -> None:
    assert ends(extractor, text) == []


@pytest.mark.parametrize(("text", "words", "until"), [
    ("Remind me to renew the parking permit tomorrow afternoon.", "parking permit", date(2026, 5, 22)),
    ("please remind me to ring the vet this week", "vet", date(2026, 5, 25)),
    ("and don't let me forget to send Gran's card by Friday!", "card", date(2026, 5, 23)),
    ("On my to-do list for tomorrow: book the boiler service.", "boiler service", date(2026, 5, 22)),
    ("my list today - return the library books", "library books", date(2026, 5, 21)),
])
def test_a_reminder_or_a_list_item_is_a_task_with_its_period(extractor: OfflineExtractor, text: str, words: str,
                                                              until: date) -> None:
    got = [(f.object, f.task_until.date() if f.task_until else None)
           for f in facts(extractor, text) if f.memory_type is MemoryType.task]
    assert any(words in o and u == until for o, u in got), got


@pytest.mark.parametrize("text", [
    "That reminds me of my old flat.",
    "It reminded me to be grateful.",
])
def test_a_reminder_of_something_is_no_task(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.memory_type is MemoryType.task]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("I'm on a 120-day streak on Duolingo!", "quantity_duolingo_streak", "120 days"),
    ("we're on a nine game unbeaten streak", "quantity_unbeaten_streak", "nine games"),
    ("I've got a 14 day meditation streak going", "quantity_meditation_streak", "14 days"),
])
def test_a_streak_is_a_quantity_keyed_by_what_runs(extractor: OfflineExtractor, text: str, predicate: str,
                                                    value: str) -> None:
    assert (predicate, value) in [(f.predicate, f.object) for f in facts(extractor, text)]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("The alarm code for the studio is 7719, don't share it.", "credential", "7719"),
    ("whatsapp me on 07911 204 388 whenever", "phone_number", "07911 204 388"),
    ("Pay with the Mastercard ending in 9031.", "card_number", "9031"),
    ("Deliver it to 41 Holloway Road, London N7 8JG.", "address", "41 Holloway Road"),
    ("My NI number's AB 12 34 56 C, for the payroll form.", "identity_number", "AB 12 34 56 C"),
    ("I've been on antidepressants since the winter.", "health", "antidepressants"),
    ("The surgery gave me tablets for my depression.", "health", "depression"),
    ("the vpn login is jmiller / Harbour!42", "credential", "Harbour"),
])
def test_a_private_value_in_natural_phrasing_is_refused_whole(extractor: OfflineExtractor, text: str, kind: str,
                                                              value: str) -> None:
    got = facts(extractor, text)
    assert any(f.sensitive_kind == kind and value in f.object for f in got), [(f.predicate, f.object) for f in got]
    assert not any(value in f.object for f in got if f.sensitive_kind is None)  # no plain fact keeps it


@pytest.mark.parametrize("text", [
    "The concert tickets were £65 each.",
    "My flight lands at 14:20 on the 3rd.",
    "We've got 4 cats and 2 rabbits.",
    "I walked 12,000 steps today.",
    "Order 55812 finally arrived.",
    "Room 2104 has a lovely view.",
    "I'm not on antidepressants any more.",
])
def test_ordinary_numbers_are_not_refused(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.sensitive_kind]
