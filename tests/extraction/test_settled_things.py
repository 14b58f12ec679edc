"""A matter settled said of the thing ("flights to Boston are booked", "visa approved", "our offer
was accepted") is the speaker's firm fact; one still awaited, asked, denied or someone else's is
not. A relative called by title and name ("Auntie Bev") is the subject of what follows, not the
speaker. Through the real offline extractor (spaCy + rules) and a real SQLite memory."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.rules_settled import SETTLING_VERBS

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "thing"), [
    ("Flights to Boston are booked!! So excited.", "boston"),
    ("the hotel in Lisbon is booked, finally", "lisbon"),
    ("Just had the email: my Canadian work permit has been granted", "work permit"),
    ("Planning permission's been granted for the extension, we start in May!", "extension"),
    ("Our offer on the house on Fenwick Street was accepted, solicitors are on it.", "fenwick street"),
    ("Great news: our mortgage was approved this morning!!", "mortgage"),
    ("Deposit's paid so the Kyoto trip in April is locked in", "kyoto"),
    ("the contract's signed, I start in June", "contract"),
    ("visa approved!!!", "visa"),
])
def test_a_settled_thing_is_the_speakers_firm_fact(extractor: OfflineExtractor, text: str, thing: str) -> None:
    got = [f for f in facts(extractor, text) if f.subject == "user" and thing in f.object.lower()]
    assert got and not any(f.hedged or f.negated for f in got), facts(extractor, text)


@pytest.mark.parametrize(("text", "thing"), [
    ("I booked a table, not sure I'll go.", "table"),
    ("The flights aren't booked yet.", "flights"),
    ("Once the visa is approved we'll move.", "visa"),
    ("Hopefully the visa gets approved next week.", "visa"),
    ("Is the hotel booked?", "hotel"),
    ("The restaurant was booked up so we ate at home.", "restaurant"),
    ("The visa should be approved by Friday.", "visa"),
    ("If the loan is approved, we'll buy the flat.", "loan"),
    ("I hope the loan is approved.", "loan"),
    ("My sister's visa was approved last week.", "visa"),
])
def test_an_awaited_or_others_matter_is_not_settled(extractor: OfflineExtractor, text: str, thing: str) -> None:
    assert not [f for f in facts(extractor, text) if f.subject == "user" and f.predicate in SETTLING_VERBS.values()
                and thing in f.object.lower() and not f.hedged], facts(extractor, text)


def test_a_settled_thing_is_stored_firm(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", extractor=OfflineExtractor()) as mem:
        mem.add("Our offer on the cottage in Wales was accepted!", user_id="u",
                reference_time=datetime(2026, 5, 6, tzinfo=UTC))
        held = [f for f in mem.facts(user_id="u") if "cottage in wales" in f.object.lower()]
        assert held and all(f.memory_type.value == "fact" and "unconfirmed" not in f.text for f in held), held


@pytest.mark.parametrize(("text", "name", "predicate", "value"), [
    ("Auntie Bev lives in Jamaica now.", "Bev", "lives_in", "Jamaica"),
    ("Uncle Raj works at Tesco.", "Raj", "works_at", "Tesco"),
    ("Granny Mo is allergic to cats.", "Mo", "allergic_to", "cats"),
    ("Cousin Ella just started at Google.", "Ella", "works_at", "Google"),
    ("Grandpa Joe turned 93 in the spring.", "Joe", "age", "93"),
])
def test_a_relative_by_title_is_the_subject(extractor: OfflineExtractor, text: str, name: str, predicate: str,
                                            value: str) -> None:
    got = facts(extractor, text)
    assert any(f.subject == name and f.predicate == predicate and f.object == value for f in got), got
    assert not any(f.subject == "user" and f.object == value for f in got), got


def test_a_titled_relative_as_object_stays_an_object(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I visited Uncle Raj yesterday.") if f.subject == "Raj"]


@pytest.mark.parametrize(("text", "predicate", "settled"), [
    ("We might be moving to Lisbon next month. The flights to Lisbon are booked!", "planned_lives_in", True),
    ("I might take the job at Arup. The contract with Arup is signed!", "planned_works_at", True),
    ("We might be moving to Lisbon next month. Hopefully the flights to Lisbon get booked soon.",
     "planned_lives_in", False),
])
def test_a_thing_settled_by_name_settles_the_guess_before_it(extractor: OfflineExtractor, text: str, predicate: str,
                                                               settled: bool) -> None:
    guess = next(f for f in facts(extractor, text) if f.predicate == predicate)
    assert guess.hedged is not settled
