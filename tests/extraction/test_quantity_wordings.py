"""Quantities in new wordings: rates per period, group sizes, habits' lengths,
how long a state has lasted, milestones, scores in points, sizes, "just under", "half an hour",
"and a half" and "3 hours 40 minutes", each keyed by what it measures; and the look-alikes that
must store no quantity. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def quantities(extractor: OfflineExtractor, text: str) -> list[tuple[str, str]]:
    return [(f.predicate, f.object) for f in facts(extractor, text) if f.predicate.startswith("quantity_")]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I go through roughly two notebooks a month at work.", "quantity_notebooks_per_month", "two notebooks a month"),
    ("I'm smoking about ten cigarettes a day again.", "quantity_cigarettes_per_day", "ten cigarettes a day"),
    ("I usually drink four glasses of water a day.", "quantity_water_per_day", "four glasses of water a day"),
    ("There are seven of us in the band now.", "quantity_band_size", "seven"),
    ("I practise piano for about 30 minutes every evening.", "quantity_piano_time", "30 minutes"),
    ("Cycling to the office takes me half an hour.", "quantity_cycling_to_office_time", "half an hour"),
    ("I've been smoke-free for eight months now.", "quantity_smoke_free_duration", "eight months"),
    ("Our newsletter just crossed 5,000 readers.", "quantity_newsletter_readers", "5,000"),
    ("I scored 18 points in the darts league last night.", "quantity_darts_league_points", "18 points"),
    ("The pool's about 12 metres long.", "quantity_pool_length", "12 metres"),
    ("the channel's got just under 800 subscribers", "quantity_channel_subscribers", "800"),
    ("My half marathon time was 1 hour 52 minutes.", "quantity_half_marathon_time", "1 hour 52 minutes"),
    ("I get about five and a half hours of sleep on weeknights.", "quantity_sleep", "five and a half hours"),
    ("Average response time on the search API is down to 180ms.", "quantity_search_api_average_response_time", "180ms"),
    ("My 400m personal best is now 58 seconds.", "quantity_400m_personal_best", "58 seconds"),
])
def test_a_quantity_in_a_new_wording_is_a_slot(extractor: OfflineExtractor, text: str, key: str, value: str) -> None:
    got = quantities(extractor, text)
    assert (key, value) in got, got


def test_a_duration_is_the_value_not_the_start(extractor: OfflineExtractor) -> None:
    found = [f for f in facts(extractor, "I've been smoke-free for eight months now.") if f.predicate.startswith("quantity_")]
    assert found and all(f.valid_from in (None, REF) for f in found)


@pytest.mark.parametrize("text", [
    "The train's at 7am, so I'm up early.",
    "I've been living in Lisbon for two years.",
    "I've been at it for a few years now.",
    "I do 3 hours a day, give or take.",
    "His band has 4,000 followers.",
    "I've been married for six years.",
])
def test_look_alikes_store_no_new_quantity(extractor: OfflineExtractor, text: str) -> None:
    assert quantities(extractor, text) == []


def test_a_lasting_state_read_elsewhere_keeps_its_own_fact(extractor: OfflineExtractor) -> None:
    got = [(f.predicate, f.object) for f in facts(extractor, "I've been married for six years.")]
    assert ("relationship_status", "married") in got
