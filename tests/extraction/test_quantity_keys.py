"""Quantity slots keyed by what they measure, whatever the wording (issue 12, round 24): a later
value in other words lands on the same slot and supersedes the earlier one, through the real
spaCy model and ``Memory`` on a real SQLite file."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 4, 2, 10, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def quantities(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], reference_time=REF,
                                           scope=Scope(user_id="u"))).facts
    return [(f.predicate, f.object) for f in facts if f.predicate.startswith("quantity_")]


@pytest.mark.parametrize(("first", "second", "key"), [
    ("My salary is $71,000.", "I earn about $76,000 a year now.", "quantity_salary_earnings"),
    ("My take-home pay is $3,900 a month.", "My annual salary is $64,000.", "quantity_salary_earnings"),
    ("My monthly rent is $1,275.", "I pay $1,340 in rent now.", "quantity_rent"),
    ("I sleep roughly eight hours a night.", "I've been sleeping about four hours a night.", "quantity_sleep"),
    ("I weigh 92 kg.", "I'm down to 87 kilos.", "quantity_weight"),
])
def test_two_wordings_of_one_measure_share_a_slot(extractor: OfflineExtractor, first: str, second: str,
                                                   key: str) -> None:
    assert [p for p, _ in quantities(extractor, first)] == [key]
    assert [p for p, _ in quantities(extractor, second)] == [key]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Rent rose to $1,900 in March.", "quantity_rent", "$1,900"),
    ("Code coverage went up to 78%.", "quantity_code_coverage", "78%"),
    ("Daycare costs us $1,400 a month.", "quantity_daycare_price", "$1,400 a month"),
    ("Our landing page now loads in about 2.4 seconds.", "quantity_landing_page_load_time", "2.4 seconds"),
])
def test_a_change_with_no_owner_word_is_still_the_speakers(extractor: OfflineExtractor, text: str, key: str,
                                                           value: str) -> None:
    assert quantities(extractor, text) == [(key, value)]


@pytest.mark.parametrize("text", [
    "Petrol prices rose to £1.60 a litre.",
    "Bitcoin fell to $58,000 overnight.",
    "Tesla stock jumped to $240 after the call.",
])
def test_the_worlds_numbers_are_no_slot_of_the_speaker(extractor: OfflineExtractor, text: str) -> None:
    assert quantities(extractor, text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("My marathon PB is 3:41:07.", "3:41:07"),
    ("My 5k time is 26:40 now.", "26:40"),
    ("My mile time is down to 6:55.", "6:55"),
])
def test_a_clock_time_is_kept_whole(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert [v for _, v in quantities(extractor, text)] == [value]


def test_a_later_value_in_other_words_supersedes_the_old(mem: Memory) -> None:
    mem.add("My salary is $71,000.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
    mem.add("I earn about $76,000 a year now.", user_id="u", reference_time=datetime(2026, 3, 5, tzinfo=UTC))
    now = mem.facts(user_id="u", predicate="quantity_salary_earnings")
    before = mem.facts(user_id="u", predicate="quantity_salary_earnings", as_of=datetime(2026, 2, 1, tzinfo=UTC))
    assert [f.object for f in now] == ["$76,000 a year"]
    assert [f.object for f in before] == ["$71,000"]
    assert all(f.valid_until is None for f in now)


def test_rent_paid_in_supersedes_my_rent(mem: Memory) -> None:
    mem.add("My monthly rent is £1,180.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
    mem.add("I pay £1,260 in rent now.", user_id="u", reference_time=datetime(2026, 3, 5, tzinfo=UTC))
    now = mem.facts(user_id="u", predicate="quantity_rent")
    before = mem.facts(user_id="u", predicate="quantity_rent", as_of=datetime(2026, 2, 1, tzinfo=UTC))
    assert [f.object for f in now] == ["£1,260"] and [f.object for f in before] == ["£1,180 a month"]


@pytest.mark.parametrize("text", [
    "If my rent went up to $2,900 I'd have to move out.",
    "Unless rent drops to $1,500 we're staying put with my parents.",
    "You said rent jumped to $2,400, right?",
    "I heard rent went up to $3,100 downtown.",
    "Mortgage rates climbed to 7.2% this week.",
    "Avocados jumped to $3 each at the market.",
    "Tides rose to 4 metres overnight.",
])
def test_an_ownerless_change_that_is_hypothetical_reported_or_the_worlds_is_no_slot(
        extractor: OfflineExtractor, text: str) -> None:
    assert quantities(extractor, text) == []


@pytest.mark.parametrize(("text", "key"), [
    ("Rent jumped to $2,250 in March.", "quantity_rent"),
    ("Childcare went up to $1,650 a month.", "quantity_childcare"),
    ("Savings went up to $8,000 after the bonus.", "quantity_savings"),
])
def test_an_ownerless_change_of_the_speakers_own_measure_is_the_speakers(
        extractor: OfflineExtractor, text: str, key: str) -> None:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u1"))
    found = [f for f in extractor.extract(episode).facts if f.predicate.startswith("quantity_")]
    assert [(f.subject, f.predicate) for f in found] == [("user", key)]


@pytest.mark.parametrize("text", [
    "I'm up to 140 kg on my deadlift.",
    "I'm down to 3 kilos of rice in the cupboard.",
    "I'm down to 15 pounds left to lose.",
])
def test_up_or_down_to_a_weight_of_something_else_is_not_the_speakers_weight(
        extractor: OfflineExtractor, text: str) -> None:
    assert not [p for p, _ in quantities(extractor, text) if p == "quantity_weight"]


@pytest.mark.parametrize("text", ["My 2nd daughter is 4.", "My 1st car was 900 quid.", "Our 3rd cat is 11 now."])
def test_an_ordinal_is_no_distance_naming_a_measure(extractor: OfflineExtractor, text: str) -> None:
    assert not [p for p, _ in quantities(extractor, text) if re.match(r"quantity_\d", p)]


@pytest.mark.parametrize(("text", "value"), [
    ("My weekly pay is $640.", "$640 a week"),
    ("I make $31 an hour at the warehouse.", "$31 an hour"),
    ("My annual salary went up to $88k.", "$88k a year"),
    ("I bill $120/hr for consulting.", "$120/hr"),
])
def test_a_sum_keeps_how_often_it_is_paid(extractor: OfflineExtractor, text: str, value: str) -> None:
    """A weekly figure on the salary slot must not read as a yearly one (it supersedes it)."""
    assert [v for _, v in quantities(extractor, text)] == [value]


def test_a_count_named_monthly_gets_no_period(extractor: OfflineExtractor) -> None:
    assert quantities(extractor, "Our monthly active users went up to 52,000.") == [
        ("quantity_monthly_active_users", "52,000")]


@pytest.mark.parametrize(("text", "key"), [
    ("I pay $700 in rent for my dad.", "quantity_rent_for_dad"),
    ("I pay about $450 in tuition for my son.", "quantity_tuition_for_son"),
    ("We pay $300 in bills for my grandma.", "quantity_bills_for_grandma"),
])
def test_a_sum_paid_for_a_relative_is_not_the_speakers_own_bill(extractor: OfflineExtractor, text: str,
                                                                key: str) -> None:
    assert [p for p, _ in quantities(extractor, text)] == [key]
    assert [p for p, _ in quantities(extractor, "I pay $1,500 in rent.")] == ["quantity_rent"]
