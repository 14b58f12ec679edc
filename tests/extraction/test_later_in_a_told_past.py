""""A week later" counts from the time told before it (in the same clause or the one before the
comma), so a past narrative's second step is a past change, not a plan; "from now" still counts from
now. Real spaCy model."""

from __future__ import annotations

import pytest

from kronograph.extraction.offline import OfflineExtractor

from .reading import facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "predicate", "words", "month"), [
    ("Tom quit Aldi in March, started at Lidl two weeks after", "works_at", "lidl", 3),
    ("Sam moved out of Bristol in May, moved to Cardiff the next week", "lives_in", "cardiff", 5),
    ("left my job in January, started at Boots a few days later", "works_at", "boots", 1),
    ("my sister left Barclays in February and joined HSBC a month later", "works_at", "hsbc", 3),
    ("I moved to Bristol in March, got a job at Aviva the following month", "works_at", "aviva", 4),
])
def test_a_later_step_of_a_told_past_is_past(extractor: OfflineExtractor, text: str, predicate: str,
                                              words: str, month: int) -> None:
    got = [f for f in facts(extractor, text) if f.object.lower() == words]
    assert [f.predicate for f in got] == [predicate], [(f.predicate, f.object) for f in facts(extractor, text)]
    assert got[0].valid_from is not None and got[0].valid_from.month == month, got[0].valid_from


@pytest.mark.parametrize(("text", "predicate"), [
    ("I'll move to Leeds a month from now", "planned_lives_in"),
    ("I'm starting at Google in two weeks", "planned_works_at"),
])
def test_a_time_from_now_is_still_a_plan(extractor: OfflineExtractor, text: str, predicate: str) -> None:
    assert predicate in {f.predicate for f in facts(extractor, text)}
