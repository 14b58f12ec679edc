"""Sharding work over forked processes: same results, in order, from more than one process."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.errors import UsageError
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.workers import MIN_ITEMS_PER_PROCESS, ForkedWorkers, _shards
from kronograph.model import Scope

pytestmark = pytest.mark.skipif(not ForkedWorkers.available(), reason="needs the fork start method")

MESSAGES = [
    "I moved from Shanghai to Hangzhou last month.", "Thanks, Maria!", "I work at Google as a data engineer.",
    "My sister Anna lives in Lyon.", "This week I'm sorting out my Google Cloud trial credits.",
    "I'm not building an Android app, it's iOS.", "Wow, that's great", "I might be allergic to penicillin.",
    "I used to like jazz; now I prefer techno.", "My card is 4111 1111 1111 1111.", "Forget my address.",
]


def doubled_with_pid(items: Sequence[int]) -> list[tuple[int, int]]:
    return [(2 * item, os.getpid()) for item in items]


def fails_on_seven(items: Sequence[int]) -> list[int]:
    if 7 in items:
        raise ValueError("seven is not allowed")
    return list(items)


@pytest.fixture
def workers() -> Iterator[ForkedWorkers[int, tuple[int, int]]]:
    pool: ForkedWorkers[int, tuple[int, int]] = ForkedWorkers(doubled_with_pid, processes=2)
    yield pool
    pool.close()


def test_sharded_results_come_back_in_order_from_two_processes(workers: ForkedWorkers[int, tuple[int, int]]) -> None:
    items = list(range(200))
    results = workers.map(items, weight=lambda _: 1)
    assert [value for value, _ in results] == [2 * i for i in items]
    assert len({pid for _, pid in results}) == 2 and os.getpid() in {pid for _, pid in results}


def test_too_little_work_stays_in_the_calling_process(workers: ForkedWorkers[int, tuple[int, int]]) -> None:
    results = workers.map(list(range(2 * MIN_ITEMS_PER_PROCESS - 1)), weight=lambda _: 1)
    assert {pid for _, pid in results} == {os.getpid()}


def test_started_work_runs_while_the_caller_does_something_else(workers: ForkedWorkers[int, tuple[int, int]]) -> None:
    finish = workers.start(list(range(100)), weight=lambda _: 1)
    other = workers.start(list(range(100, 200)), weight=lambda _: 1)
    assert [v for v, _ in other()] == [2 * i for i in range(100, 200)]
    assert [v for v, _ in finish()] == [2 * i for i in range(100)]


def test_the_callers_share_moves_toward_whoever_is_waiting(workers: ForkedWorkers[int, tuple[int, int]]) -> None:
    before = workers.share
    workers.map(list(range(100)), weight=lambda _: 1)
    assert workers.share != before and 0.05 <= workers.share <= 0.9


def test_a_workers_exception_reaches_the_caller() -> None:
    pool: ForkedWorkers[int, int] = ForkedWorkers(fails_on_seven, processes=2)
    try:
        with pytest.raises(ValueError, match="seven"):
            pool.map(list(range(100)), weight=lambda i: 1000 if i < 5 else 1)  # 7 lands in the worker's shard
    finally:
        pool.close()


def test_shards_are_contiguous_and_weighted() -> None:
    items = list(range(10))
    shards = _shards(items, 2, lambda _: 1, first=0.3)
    assert [list(s) for s in shards] == [[0, 1, 2], [3, 4, 5, 6, 7, 8, 9]]
    three = _shards(items, 3, lambda i: 10 if i == 0 else 1, first=0.5)
    assert [x for s in three for x in s] == items and list(three[0]) == [0]


def _episodes(count: int) -> list[EpisodeInput]:
    start = datetime(2026, 5, 6, 12, tzinfo=UTC)
    return [EpisodeInput(turns=[Turn(content=MESSAGES[i % len(MESSAGES)])], scope=Scope(user_id="u1"),
                         reference_time=start + timedelta(days=i)) for i in range(count)]


def test_two_processes_extract_exactly_what_one_does() -> None:
    one = OfflineExtractor()
    two = OfflineExtractor(nlp=one.nlp, processes=2)
    try:
        episodes = _episodes(120)
        assert [x.facts for x in two.extract_many(episodes)] == [x.facts for x in one.extract_many(episodes)]
    finally:
        two.close()


def test_processes_must_be_a_positive_integer() -> None:
    for bad in (0, -1, 1.5, True):
        with pytest.raises(UsageError, match="processes"):
            OfflineExtractor(processes=bad)  # type: ignore[arg-type]


def _stored(path: Path, extractor: OfflineExtractor, items: list[object]) -> list[tuple[str, str, str]]:
    with Memory(path, extractor=extractor, clock=lambda: datetime(2026, 10, 1, tzinfo=UTC)) as mem:
        mem.add_many(items, user_id="u1", batch_size=32)
        return sorted((f.predicate, f.object, f.valid_from.isoformat() if f.valid_from else "")
                      for f in mem.facts(user_id="u1"))


def test_add_many_writes_a_batch_while_workers_extract_the_next_with_the_same_result(tmp_path: Path) -> None:
    one = OfflineExtractor()
    two = OfflineExtractor(nlp=one.nlp, processes=2)
    items: list[object] = [{"content": e.turns[0].content, "reference_time": e.reference_time} for e in _episodes(130)]
    try:
        assert _stored(tmp_path / "two.db", two, items) == _stored(tmp_path / "one.db", one, items)
    finally:
        two.close()


def test_a_bad_item_in_a_later_batch_leaves_the_earlier_batches_written(tmp_path: Path) -> None:
    two = OfflineExtractor(processes=2)
    items: list[object] = [{"content": e.turns[0].content, "reference_time": e.reference_time} for e in _episodes(70)]
    try:
        with Memory(tmp_path / "m.db", extractor=two) as mem:
            with pytest.raises(UsageError, match=r"items\[66\]"):
                mem.add_many([*items[:66], 3, *items[66:]], user_id="u1", batch_size=32)
            assert len(mem.episodes(user_id="u1", limit=1000)) == 64  # two whole batches, not the third
    finally:
        two.close()
