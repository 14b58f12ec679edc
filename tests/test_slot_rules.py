"""Slot-engine defects of issue 11 (#12, #10), through the public API on both write paths:
``add_fact`` (one statement at a time) and ``add_facts`` (bulk)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kronograph import Memory, Status, UsageError
from kronograph.model import AddResult

Add = Callable[..., AddResult]


def _one(mem: Memory) -> Add:
    def add(subject: str, predicate: str, obj: str, **kw: Any) -> AddResult:
        return mem.add_fact(subject, predicate, obj, **kw)
    return add


def _bulk(mem: Memory) -> Add:
    def add(subject: str, predicate: str, obj: str, **kw: Any) -> AddResult:
        return mem.add_facts([{"subject": subject, "predicate": predicate, "object": obj, **kw}])[0]
    return add


PATHS = pytest.mark.parametrize("path", [_one, _bulk], ids=["add_fact", "add_facts"])


@PATHS
def test_a_new_value_after_a_stated_end_stays_open(tmp_path: Path, path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        add("user", "lives_in", "Paris", user_id="u", valid_from="2019-01-01", valid_until="2025-12-01")
        lyon = add("user", "lives_in", "Lyon", user_id="u", valid_from="2025-06-01").fact
        assert lyon is not None and lyon.valid_until is None and lyon.stated_until is None
        assert [f.object for f in mem.facts(user_id="u")] == ["Lyon"]
        assert [f.object for f in mem.facts(user_id="u", as_of="2025-01-01")] == ["Paris"]


@PATHS
def test_a_new_value_after_end_fact_stays_open(tmp_path: Path, path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        add("user", "lives_in", "Paris", user_id="u", valid_from="2019-01-01")
        assert len(mem.end_fact("user", "lives_in", user_id="u", at="2025-12-01")) == 1
        add("user", "lives_in", "Lyon", user_id="u", valid_from="2025-06-01")
        assert [f.object for f in mem.facts(user_id="u")] == ["Lyon"]


@PATHS
def test_a_late_value_between_two_known_ones_runs_to_the_later_one(tmp_path: Path,
                                                                    path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        add("user", "lives_in", "Paris", user_id="u", valid_from="2018-01-01", valid_until="2022-01-01")
        add("user", "lives_in", "Rome", user_id="u", valid_from="2022-01-01")
        oslo = add("user", "lives_in", "Oslo", user_id="u", valid_from="2020-01-01").fact
        assert oslo is not None and oslo.valid_until is not None and oslo.valid_until.year == 2022
        assert [f.object for f in mem.facts(user_id="u", as_of="2021-01-01")] == ["Oslo"]
        assert [f.object for f in mem.facts(user_id="u")] == ["Rome"]


@PATHS
def test_a_new_value_at_the_same_start_replaces_the_record(tmp_path: Path, path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        paris = add("user", "lives_in", "Paris", user_id="u", valid_from="2020-01-01").fact
        rome = add("user", "lives_in", "Rome", user_id="u", valid_from="2020-01-01")
        assert paris is not None and [f.id for f in rome.corrected] == [paris.id]
        assert [f.object for f in mem.facts(user_id="u", as_of="2020-01-01")] == ["Rome"]
        history = {f.object: f for f in mem.history(user_id="u")}
        assert history["Paris"].status is Status.corrected
        assert all(f.valid_until is None or f.valid_until > f.valid_from for f in history.values())


def test_a_stated_end_before_the_default_start_is_a_usage_error(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        with pytest.raises(UsageError) as one:
            mem.add_fact("user", "lives_in", "Paris", user_id="u", valid_until="2020-01-01")
        assert one.value.field == "valid_until"
        with pytest.raises(UsageError) as bulk:
            mem.add_facts([{"subject": "user", "predicate": "lives_in", "object": "Rome", "user_id": "u",
                            "valid_until": "2020-01-01"}])
        assert bulk.value.field == "items[0].valid_until"
        assert mem.history(user_id="u") == []


def test_an_extracted_interval_that_ends_before_it_starts_keeps_the_episode() -> None:
    with Memory(None, embedder=None) as mem:
        result = mem.add("I mean I finished the draft by April 4.", user_id="u", reference_time="2024-04-04T10:00Z")
        assert result.episode_id is not None
        assert [e.content for e in mem.episodes(user_id="u")] == ["I mean I finished the draft by April 4."]
        for fact in mem.history(user_id="u"):
            assert fact.valid_until is None or fact.valid_until > fact.valid_from
        assert result.facts or any("valid_until" in reason for _, reason in result.rejected)


@PATHS
def test_a_said_start_revises_a_record_whose_start_was_unknown(tmp_path: Path, path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        add("user", "lives_in", "Boston", user_id="u", valid_from="1970-01-01", valid_until="2020-06-01")
        add("user", "lives_in", "San Francisco", user_id="u", valid_from="2020-06-01")
        before = max(f.recorded_at for f in mem.history(user_id="u"))
        revised = add("user", "lives_in", "Boston", user_id="u", valid_from="2015-03-01").fact
        assert revised is not None and revised.valid_from.year == 2015 and revised.valid_until is not None
        assert revised.valid_until.year == 2020
        assert [f.object for f in mem.facts(user_id="u", as_of="2010-01-01")] == []
        assert [f.object for f in mem.facts(user_id="u", as_of="2016-01-01")] == ["Boston"]
        assert [f.object for f in mem.facts(user_id="u")] == ["San Francisco"]
        # What the memory believed before the revision stays answerable.
        assert [f.object for f in mem.facts(user_id="u", as_of="2010-01-01", known_at=before)] == ["Boston"]


@PATHS
def test_a_start_inside_a_known_record_is_a_restatement(tmp_path: Path, path: Callable[[Memory], Add]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        add = path(mem)
        first = add("user", "lives_in", "Boston", user_id="u", valid_from="2012-01-01").fact
        again = add("user", "lives_in", "Boston", user_id="u", valid_from="2015-03-01").fact
        assert first is not None and again is not None and again.id == first.id
        assert again.valid_from.year == 2012


def test_a_move_dated_later_gives_the_old_home_its_start(tmp_path: Path) -> None:
    """'I moved from Boston to ...' leaves Boston's start unknown; a later message that dates
    the move to Boston revises it, while a message that only says it held does not."""
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I moved from Boston to San Francisco.", user_id="u", reference_time="2020-06-01")
        mem.add("I moved to Boston in 2015.", user_id="u", reference_time="2021-01-01")
        assert [f.object for f in mem.facts(user_id="u", as_of="2010-01-01")] == []
        assert [f.object for f in mem.facts(user_id="u", as_of="2016-01-01")] == ["Boston"]
        assert [f.object for f in mem.facts(user_id="u")] == ["San Francisco"]
    with Memory(tmp_path / "n.db", embedder=None) as mem:
        mem.add("I moved from Boston to San Francisco.", user_id="u", reference_time="2020-06-01")
        mem.add("I live in Boston.", user_id="u", reference_time="2019-01-01")  # a late, undated message
        assert [f.object for f in mem.facts(user_id="u", as_of="2010-01-01")] == ["Boston"]
