"""How the speaker works, taken up ("I've gone part-time", "went freelance", "gone fully
remote since January"), is a change of one slot from the time said; a move out of a place ends
that place at the statement's time, never at an epoch. Through the real extractor and store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.mark.parametrize(("text", "status", "since"), [
    ("I've gone part-time at the surgery so I can do the school run.", "part-time", REF.date()),
    ("I went freelance in January.", "freelance", datetime(2026, 1, 1).date()),
    ("We've gone fully remote since the office closed.", "remote", REF.date()),
    ("I have gone self-employed.", "self-employed", REF.date()),
    ("I switched to full-time at the bakery.", "full-time", REF.date()),
])
def test_a_way_of_working_taken_up_is_the_status_from_then(extractor: OfflineExtractor, text: str, status: str,
                                                           since: object) -> None:
    got = [f for f in facts(extractor, text) if f.predicate == "employment_status"]
    assert [f.object for f in got] == [status], facts(extractor, text)
    assert got[0].valid_from is not None and got[0].valid_from.date() == since


def test_one_going_part_time_next_month_is_a_plan(extractor: OfflineExtractor) -> None:
    assert not [f for f in facts(extractor, "I'm going part-time next month.") if f.predicate == "employment_status"]


def test_a_move_out_ends_the_old_home_at_the_time_said(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I live in Leeds.", user_id="u", reference_time=datetime(2025, 6, 1, tzinfo=UTC))
        mem.add("I moved out of Leeds.", user_id="u", reference_time=datetime(2026, 2, 3, tzinfo=UTC))
        assert not mem.facts(user_id="u", predicate="lives_in")
        [old] = mem.facts(user_id="u", predicate="lives_in", as_of=datetime(2025, 12, 1, tzinfo=UTC))
        assert old.valid_from.year == 2025 and old.valid_until == datetime(2026, 2, 3, tzinfo=UTC)
