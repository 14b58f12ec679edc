"""A value taken back as said in error ("I typed Boohoo by accident", "Braga was a slip") makes
the statement beside it a correction of that value; regret, mishaps and chores do not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str, str | None]]:
    facts = extractor.extract(EpisodeInput(turns=[Turn(content=text)], scope=Scope(user_id="u"),
                                           reference_time=datetime(2026, 3, 1, tzinfo=UTC))).facts
    return [(f.predicate, f.object, f.operation.value, f.replaces) for f in facts]


@pytest.mark.parametrize(("text", "fact"), [
    ("My cat is called Miso, I wrote Mochi by mistake.", ("name", "Miso", "correct", "Mochi")),
    ("I'm 29, I typed 92 by accident.", ("age", "29", "correct", "92")),
    ("I'm allergic to peanuts, I mistakenly wrote walnuts earlier.", ("allergic_to", "peanuts", "correct", "walnuts")),
    ("I live in Porto, Braga was a slip.", ("lives_in", "Porto", "correct", "Braga")),
    ("I work at Monzo, Revolut was a typo.", ("works_at", "Monzo", "correct", "Revolut")),
    ("hang on, no, I live in Hull.", ("lives_in", "Hull", "correct", None)),
    ("sorry no, my brother lives in Derby.", ("lives_in", "Derby", "correct", None)),
])
def test_a_value_said_in_error_is_replaced_by_the_statement_beside_it(extractor: OfflineExtractor, text: str,
                                                                       fact: tuple[str, str, str, str | None]) -> None:
    assert read(extractor, text) == [fact]


@pytest.mark.parametrize("text", [
    "Moving to Leeds was a mistake.",
    "I ordered pasta, the waiter was wrong.",
    "I sent the invoice to my boss, I said hi to my ex by accident.",
    "I typed the wrong password by accident.",
    "oh no, I lost my keys.",
    "hang on, I live in Hull.",
])
def test_regret_and_mishaps_correct_nothing(extractor: OfflineExtractor, text: str) -> None:
    assert all(op != "correct" for _, _, op, _ in read(extractor, text))


def test_the_typo_is_retracted_and_the_right_value_is_current(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I work at Revolut.", user_id="u", reference_time=datetime(2026, 1, 5, tzinfo=UTC))
        mem.add("I work at Monzo, Revolut was a typo.", user_id="u", reference_time=datetime(2026, 1, 6, tzinfo=UTC))
        assert [f.object for f in mem.facts(user_id="u", predicate="works_at")] == ["Monzo"]
        # a correction: Revolut was never true, so even as of the day it was said it is not the answer
        assert [f.object for f in mem.facts(user_id="u", predicate="works_at",
                                            as_of=datetime(2026, 1, 5, 12, tzinfo=UTC))] != ["Revolut"]
