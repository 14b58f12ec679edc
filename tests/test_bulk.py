"""The bulk path of ``add_facts`` against the writer it stands in for: random streams loaded
both ways into two real SQLite files must leave the same rows, audit, links and search index,
return the same results, and answer the same as-of / known_at / history questions."""

from __future__ import annotations

import gc
import re
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kronograph import Memory
from kronograph.errors import UsageError
from kronograph.graph.records import FACT_FIELDS
from kronograph.graph.sqlite import SQLiteStore
from kronograph.graph.store import GraphStore
from kronograph.model import Episode
from kronograph.write.bulk import AddResults, statement_of
from kronograph.write.writer import write_statements
from tests.conftest import Clock

BASE = datetime(2020, 1, 1, tzinfo=UTC)
GRID = [BASE + timedelta(days=120 * k) for k in range(10)]
START_CLOCK = datetime(2024, 6, 1, tzinfo=UTC)
#: Each user's episodes: a fact links only to an episode of its own user.
EPISODES = {"alice": ("ep-1", "ep-2"), "bob": ("ep-3",)}
_ID = re.compile(r"\b[0-9a-f]{32}\b")


@st.composite
def item(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {
        "user_id": draw(st.sampled_from(["alice", "bob"])),
        "subject": draw(st.sampled_from(["user", "User ", "Ada"])),
        "predicate": draw(st.sampled_from(["lives_in", "likes", "job_title", "Lives In"])),
        "object": draw(st.sampled_from(["Paris", "paris", "Rome", "Oslo", "2021-05-01"])),
    }
    start = draw(st.none() | st.integers(0, len(GRID) - 2))
    if start is not None:
        out["valid_from"] = draw(st.sampled_from([GRID[start], GRID[start].isoformat()]))
        if draw(st.integers(0, 4)) == 0:
            out["valid_until"] = GRID[draw(st.integers(start + 1, len(GRID) - 1))]
    if draw(st.integers(0, 5)) == 0:
        out["text"] = f"{out['subject']} said {out['object']}"
    if draw(st.integers(0, 4)) == 0:
        out["confidence"] = draw(st.sampled_from([0.4, 0.9, 1.0]))
    if draw(st.integers(0, 5)) == 0:
        out["memory_type"] = draw(st.sampled_from(["hypothesis", "preference"]))
    if draw(st.integers(0, 5)) == 0:
        out["episode_id"] = draw(st.sampled_from(EPISODES[out["user_id"]]))
    if draw(st.integers(0, 14)) == 0:
        out["correction"] = True
    return out


# A stream is several add_facts calls: (items, batch_size, clock step in hours before the call).
streams = st.lists(st.tuples(st.lists(item(), min_size=1, max_size=25), st.integers(1, 30),
                             st.sampled_from([0, 0, 1, 24])), min_size=1, max_size=5)


class ModelWritingStore(SQLiteStore):
    """SQLite writing bulk batches through the contract's model-based ``write_rows`` (what
    backends without their own, like Neo4j, use)."""

    write_rows = GraphStore.write_rows


def _open(path: Path, clock: Clock, *, via_models: bool = False) -> Memory:
    store = ModelWritingStore(path) if via_models else SQLiteStore(path)
    mem = Memory(clock=clock, embedder=None, store=store)
    for user, episode_ids in EPISODES.items():
        for episode_id in episode_ids:
            mem.store.add_episode(Episode(id=episode_id, user_id=user, content="said so",
                                          reference_time=START_CLOCK, recorded_at=START_CLOCK))
    return mem


def _reference(mem: Memory, items: list[dict[str, Any]], batch_size: int) -> list[Any]:
    """What add_facts did before the bulk path: the writer, one call per batch."""
    results: list[Any] = []
    for start in range(0, len(items), batch_size):
        chunk = [statement_of(it, start + i) for i, it in enumerate(items[start:start + batch_size])]
        results += write_statements(mem.store, chunk, schema=mem.schema, clock=mem.now)
    return results


def _canonical(mem: Memory) -> tuple[dict[str, str], list[Any]]:
    """Every table a write touches, with ids replaced by their rank (ids grow in creation
    order, and both paths create in statement order)."""
    conn = mem.store.connection
    ids = {fid: f"F{i}" for i, (fid,) in enumerate(conn.execute("SELECT DISTINCT id FROM facts ORDER BY id"))}
    ids |= {eid: f"E{i}" for i, (eid,) in enumerate(conn.execute("SELECT id FROM entities ORDER BY id"))}

    def rename(value: Any) -> Any:
        return _ID.sub(lambda m: ids.get(m.group(0), m.group(0)), value) if isinstance(value, str) else value

    def table(sql: str) -> list[tuple[Any, ...]]:
        return [tuple(rename(v) for v in row) for row in conn.execute(sql)]

    return ids, [
        table("SELECT row_id, " + ", ".join(FACT_FIELDS) + " FROM facts ORDER BY row_id"),
        table("SELECT id, user_id, name, name_key, type, created_at FROM entities ORDER BY id"),
        table("SELECT id, at, action, user_id, fact_id, detail FROM audit ORDER BY id"),
        table("SELECT fact_id, episode_id FROM fact_sources ORDER BY fact_id, episode_id"),
        table("SELECT fact_id, user_id FROM vector_queue ORDER BY fact_id"),
        # What text search finds: both paths index the same records with the same scores.
        [[(rename(fid), round(score, 9)) for fid, score in
          mem.store.search_text(user, "paris rome oslo 2021 said", limit=1_000)] for user in ("alice", "bob")],
    ]


def _answers(mem: Memory, ids: dict[str, str]) -> list[Any]:
    def dump(facts: list[Any]) -> list[Any]:
        return [re.sub(_ID, lambda m: ids.get(m.group(0), "?"), f.model_dump_json()) for f in facts]

    out = []
    for user in ("alice", "bob"):
        out.append(dump(mem.history(user_id=user)))
        for as_of in GRID[::3]:
            for known_at in (START_CLOCK, START_CLOCK + timedelta(hours=30), None):
                out.append(dump(mem.facts(user_id=user, as_of=as_of, known_at=known_at, include_archived=True)))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams)
def test_bulk_loads_store_exactly_what_the_writer_stores(stream: list[tuple[list[dict[str, Any]], int, int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bulk_clock, ref_clock, model_clock = Clock(START_CLOCK), Clock(START_CLOCK), Clock(START_CLOCK)
        bulk, ref = _open(Path(tmp, "bulk.db"), bulk_clock), _open(Path(tmp, "ref.db"), ref_clock)
        models = _open(Path(tmp, "models.db"), model_clock, via_models=True)
        try:
            bulk_results: list[Any] = []
            ref_results: list[Any] = []
            for items, batch_size, step in stream:
                for clock in (bulk_clock, ref_clock, model_clock):
                    clock.advance(hours=step)
                bulk_results += list(bulk.add_facts(items, batch_size=batch_size))
                ref_results += _reference(ref, items, batch_size)
                models.add_facts(items, batch_size=batch_size)
            bulk_ids, bulk_tables = _canonical(bulk)
            ref_ids, ref_tables = _canonical(ref)
            assert bulk_tables == ref_tables
            assert _canonical(models)[1] == ref_tables
            assert _answers(bulk, bulk_ids) == _answers(ref, ref_ids)
            assert [re.sub(_ID, lambda m: bulk_ids[m.group(0)], r.model_dump_json()) for r in bulk_results] == \
                   [re.sub(_ID, lambda m: ref_ids[m.group(0)], r.model_dump_json()) for r in ref_results]
        finally:
            for mem in (bulk, ref, models):
                mem.close()


def test_results_are_a_sequence_built_when_read(mem: Memory) -> None:
    results = mem.add_facts([
        {"subject": "user", "predicate": "lives_in", "object": "Paris", "user_id": "u1", "valid_from": "2020-01-01"},
        {"subject": "user", "predicate": "lives_in", "object": "Rome", "user_id": "u1", "valid_from": "2021-01-01"},
    ])
    assert isinstance(results, AddResults) and len(results) == 2
    paris, rome = results
    assert results[-1] == rome and results[:1] == [paris]
    assert results == [paris, rome] and results == list(results) and results != [rome, paris]
    assert rome.superseded == [mem.history(user_id="u1")[0]]
    assert paris.fact is not None and paris.fact.superseded_by == rome.fact.id  # type: ignore[union-attr]


def test_a_bulk_loaded_fact_is_found_by_text_search(mem: Memory) -> None:
    mem.add_facts({"subject": f"person {i}", "predicate": "drinks", "object": f"tea {i}", "user_id": "u1"}
                  for i in range(50))
    assert len(mem.store.search_text("u1", "tea", limit=100)) == 50


def _items(n: int, *, bad: int | None = None) -> list[dict[str, Any]]:
    return [{"subject": f"person {i}", "predicate": "lives_in", "object": "" if i == bad else f"city {i}",
             "user_id": "u1"} for i in range(n)]


def test_a_bad_item_fails_its_batch_while_earlier_batches_stay_written(mem: Memory) -> None:
    with pytest.raises(UsageError, match=r"items\[25\]\.object"):
        mem.add_facts(_items(40, bad=25), batch_size=10)
    assert sorted(int(f.subject.split()[1]) for f in mem.history(user_id="u1")) == list(range(20))
    assert gc.isenabled()


def test_a_failed_batch_stops_the_load_and_its_error_reaches_the_caller(db_path: Path) -> None:
    calls = []

    def clock() -> datetime:  # the third batch's transaction fails when it reads the clock
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("clock broke")
        return START_CLOCK

    with Memory(db_path, clock=clock, embedder=None) as mem:
        with pytest.raises(RuntimeError, match="clock broke"):
            mem.add_facts(_items(60), batch_size=10)
        assert len(mem.history(user_id="u1")) == 20
        assert gc.isenabled()


def test_results_keep_item_order_across_batches(mem: Memory) -> None:
    results = mem.add_facts(_items(35), batch_size=4)
    assert [r.fact.object for r in results if r.fact is not None] == [f"city {i}" for i in range(35)]


def test_a_plain_item_with_a_user_id_over_the_limit_is_refused_like_any_other(tmp_path: Path) -> None:
    """The fast path for plain items keeps the id limit: such a user could never be read or
    forgotten afterwards."""
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        with pytest.raises(UsageError, match="user_id"):
            mem.add_facts([{"user_id": "x" * 5000, "subject": "Ada", "predicate": "lives_in", "object": "Paris"}])
        assert mem.history(user_id="x" * 10) == []
