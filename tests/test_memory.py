"""Memory's temporal API on a real SQLite file: the semantics the issue holds it to."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from kronograph import FieldTypeError, Memory, MemoryType, NotFoundError, Status, UsageError

from .conftest import Clock


def objects(facts: list) -> list[str]:
    return [f.object for f in facts]


def test_valid_from_defaults_to_the_clock(mem: Memory, clock: Clock) -> None:
    fact = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1").fact
    assert fact.valid_from == clock.now and fact.recorded_at == clock.now and fact.valid_until is None


def test_a_new_value_supersedes_without_deleting(mem: Memory, clock: Clock) -> None:
    old = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2019-01-01").fact
    clock.advance(days=1)
    result = mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    (closed,) = result.superseded
    assert closed.id == old.id and closed.status is Status.superseded
    assert closed.valid_until == datetime(2026, 4, 1, tzinfo=UTC) and closed.superseded_by == result.fact.id
    assert objects(mem.facts(user_id="u1", predicate="lives_in")) == ["Hangzhou"]
    assert objects(mem.facts(user_id="u1", predicate="lives_in", as_of="2026-01-01")) == ["Shanghai"]
    assert objects(mem.history(user_id="u1", predicate="lives_in")) == ["Shanghai", "Hangzhou"]


def test_the_same_fact_again_creates_nothing_and_reinforces(mem: Memory, clock: Clock) -> None:
    first = mem.add_fact("user", "likes", "jazz", user_id="u1").fact
    clock.advance(hours=1)
    again = mem.add_fact("User", "likes", " Jazz ", user_id="u1")
    assert not again.created and again.fact.id == first.id
    assert mem.get_fact(first.id, user_id="u1").access_count == 1
    assert len(mem.history(user_id="u1")) == 1


def test_a_correction_retracts_the_wrong_record_but_known_at_still_sees_it(mem: Memory, clock: Clock) -> None:
    android = mem.add_fact("user", "uses_os", "Android", user_id="u1", valid_from="2026-01-10").fact
    before = clock.now
    clock.advance(days=1)
    result = mem.add_fact("user", "uses_os", "iOS", user_id="u1", correction=True)
    (wrong,) = result.corrected
    assert wrong.id == android.id and wrong.status is Status.corrected and wrong.retracted_at == clock.now
    assert result.fact.valid_from == android.valid_from
    assert objects(mem.facts(user_id="u1", as_of="2026-02-01")) == ["iOS"]
    assert objects(mem.facts(user_id="u1", as_of="2026-02-01", known_at=before)) == ["Android"]


def test_a_correction_of_a_past_value_targets_the_record_valid_then(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Lyon", user_id="u1", valid_from="2018-01-01")
    mem.add_fact("user", "lives_in", "Rome", user_id="u1", valid_from="2022-01-01")
    clock.advance(days=1)
    result = mem.add_fact("user", "lives_in", "Milan", user_id="u1", valid_from="2020-06-01", correction=True)
    assert objects(result.corrected) == ["Lyon"]
    assert objects(mem.facts(user_id="u1", as_of="2019-01-01")) == []
    assert objects(mem.facts(user_id="u1", as_of="2021-01-01")) == ["Milan"]
    assert objects(mem.facts(user_id="u1")) == ["Rome"]


def test_end_fact_closes_valid_time_without_a_new_fact(mem: Memory, clock: Clock) -> None:
    mem.declare_predicate("likes", single_valued=False)
    mem.add_fact("user", "likes", "minimalism", user_id="u1", valid_from="2025-01-01")
    mem.add_fact("user", "likes", "jazz", user_id="u1", valid_from="2025-01-01")
    (ended,) = mem.end_fact("user", "likes", "minimalism", user_id="u1")
    assert ended.valid_until == clock.now and ended.status is Status.active
    assert objects(mem.facts(user_id="u1")) == ["jazz"]
    assert sorted(objects(mem.facts(user_id="u1", as_of="2025-06-01"))) == ["jazz", "minimalism"]
    assert mem.end_fact("user", "likes", "opera", user_id="u1") == []


def test_an_older_statement_arriving_late_never_closes_the_newer_fact(mem: Memory, clock: Clock) -> None:
    newer = mem.add_fact("user", "works_at", "Beta", user_id="u1", valid_from="2024-01-01").fact
    clock.advance(days=1)
    late = mem.add_fact("user", "works_at", "Alpha", user_id="u1", valid_from="2020-01-01")
    assert late.created and late.superseded == []
    assert late.fact.valid_until == newer.valid_from and late.fact.superseded_by == newer.id
    assert objects(mem.facts(user_id="u1")) == ["Beta"]
    assert objects(mem.facts(user_id="u1", as_of="2022-01-01")) == ["Alpha"]


def test_known_at_reproduces_what_was_returned_then(mem: Memory, clock: Clock) -> None:
    seen = []
    for city in ("Paris", "Rome", "Oslo"):
        mem.add_fact("user", "lives_in", city, user_id="u1")
        seen.append((clock.now, objects(mem.facts(user_id="u1", as_of=clock.now))))
        clock.advance(days=10)
    mem.add_fact("user", "lives_in", "Bergen", user_id="u1", correction=True)
    for when, answer in seen:
        assert objects(mem.facts(user_id="u1", as_of=when, known_at=when)) == answer


def test_a_write_at_clock_t_is_visible_at_known_at_t(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    assert objects(mem.facts(user_id="u1", known_at=clock.now)) == ["Paris"]
    assert objects(mem.facts(user_id="u1", known_at=clock.now - timedelta(microseconds=1))) == []


def test_retracting_the_fact_that_closed_another_reopens_it(mem: Memory, clock: Clock) -> None:
    paris = mem.add_fact("user", "lives_in", "Paris", user_id="u1", valid_from="2020-01-01").fact
    clock.advance(days=1)
    rome = mem.add_fact("user", "lives_in", "Rome", user_id="u1", valid_from="2024-01-01").fact
    clock.advance(days=1)
    mem.forget(user_id="u1", fact_id=rome.id, hard=True, reason="said by mistake")
    reopened = mem.get_fact(paris.id, user_id="u1")
    assert reopened.valid_until is None and reopened.status is Status.active and reopened.superseded_by is None
    assert objects(mem.facts(user_id="u1")) == ["Paris"]
    assert [t.fact_id for t in mem.tombstones(user_id="u1")] == [rome.id]


def test_a_reopened_fact_stays_closed_when_something_else_still_closes_it(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1", valid_from="2020-01-01")
    rome = mem.add_fact("user", "lives_in", "Rome", user_id="u1", valid_from="2022-01-01").fact
    oslo = mem.add_fact("user", "lives_in", "Oslo", user_id="u1", valid_from="2021-01-01").fact
    mem.forget(user_id="u1", fact_id=oslo.id, hard=True)
    paris = mem.history(user_id="u1")[0]
    assert paris.valid_until == datetime(2022, 1, 1, tzinfo=UTC) and paris.superseded_by == rome.id


def test_soft_forget_archives_and_hides_by_default(mem: Memory) -> None:
    fact = mem.add_fact("user", "lives_in", "Paris", user_id="u1").fact
    assert mem.forget(user_id="u1", predicate="lives_in") == [fact.id]
    assert mem.facts(user_id="u1") == []
    (archived,) = mem.facts(user_id="u1", include_archived=True)
    assert archived.status is Status.archived


def test_expired_facts_are_hidden_unless_asked_for(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "working_on", "docker fix", user_id="u1", memory_type="task",
                 expires_at=clock.now + timedelta(days=7))
    assert objects(mem.facts(user_id="u1")) == ["docker fix"]
    clock.advance(days=8)
    assert mem.facts(user_id="u1") == []
    assert objects(mem.facts(user_id="u1", include_expired=True)) == ["docker fix"]
    assert mem.facts(user_id="u1", include_expired=True)[0].memory_type is MemoryType.task


def test_scopes_never_leak(mem: Memory) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="alice")
    mem.add_fact("user", "lives_in", "Rome", user_id="bob")
    assert objects(mem.facts(user_id="alice")) == ["Paris"]
    assert objects(mem.history(user_id="bob")) == ["Rome"]
    with pytest.raises(NotFoundError):
        mem.forget(user_id="bob", fact_id=mem.facts(user_id="alice")[0].id)
    assert objects(mem.facts(user_id="alice")) == ["Paris"]


@pytest.mark.parametrize(
    ("kwargs", "error", "field"),
    [
        ({"subject": ""}, UsageError, "subject"),
        ({"predicate": "   "}, UsageError, "predicate"),
        ({"object": None}, UsageError, "object"),
        ({"user_id": ""}, UsageError, "user_id"),
        ({"valid_from": "2026-02-01", "valid_until": "2026-01-01"}, UsageError, "valid_until"),
        ({"valid_from": 20260101}, FieldTypeError, "valid_from"),
        ({"memory_type": "rumour"}, UsageError, "memory_type"),
        ({"confidence": 1.5}, UsageError, "confidence"),
        ({"importance": "high"}, FieldTypeError, "importance"),
        ({"expires_at": "soon"}, UsageError, "expires_at"),
        ({"valid_from": "0001-01-01T00:00:00+14:00"}, UsageError, "valid_from"),  # year 0 in UTC
        ({"valid_until": "9999-12-31T23:00:00-14:00"}, UsageError, "valid_until"),  # year 10000 in UTC
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(mem: Memory, kwargs: dict, error: type, field: str) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    before = mem.history(user_id="u1")
    args = {"subject": "user", "predicate": "lives_in", "object": "Rome", "user_id": "u1", **kwargs}
    with pytest.raises(error, match=field):
        mem.add_fact(args.pop("subject"), args.pop("predicate"), args.pop("object"), **args)
    assert mem.history(user_id="u1") == before


@pytest.mark.parametrize("now", ["0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z"])
def test_a_lifecycle_run_before_the_epoch_is_refused_naming_now(mem: Memory, now: str) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    before = mem.history(user_id="u1")
    with pytest.raises(UsageError, match=r"now: .* is before 1970-01-01"):
        mem.maintain(now=now)
    with pytest.raises(UsageError, match=r"now: .* is before 1970-01-01"):
        mem.consolidate(user_id="u1", now=now)
    assert mem.history(user_id="u1") == before


def test_a_bad_item_in_a_batch_writes_nothing_of_that_batch(mem: Memory) -> None:
    items = [{"subject": "user", "predicate": "likes", "object": "tea", "user_id": "u1"},
             {"subject": "user", "predicate": "likes", "object": "", "user_id": "u1"}]
    with pytest.raises(UsageError, match=r"items\[1\]\.object"):
        mem.add_facts(items)
    assert mem.history(user_id="u1") == []


@pytest.mark.parametrize("items", [None, "I like tea.", {"subject": "user"}, 5])
def test_a_batch_that_is_not_a_list_of_items_is_named(mem: Memory, items: Any) -> None:
    with pytest.raises(FieldTypeError, match="items: expected an iterable of add_fact argument mappings"):
        mem.add_facts(items)
    with pytest.raises(FieldTypeError, match="items: expected an iterable of messages"):
        mem.add_many(items, user_id="u1")
    assert mem.history(user_id="u1") == [] and mem.episodes(user_id="u1") == []


def test_a_fact_links_only_to_an_episode_of_its_own_user(mem: Memory) -> None:
    theirs = mem.add("I live in Leeds.", user_id="u2").episode_id
    for episode_id in (theirs, "no-such-episode"):
        with pytest.raises(UsageError, match=f"episode_id: no episode '{episode_id}' for user 'u1'"):
            mem.add_fact("user", "likes", "tea", user_id="u1", episode_id=episode_id)
        with pytest.raises(UsageError, match=rf"items\[1\]\.episode_id: no episode '{episode_id}' for user 'u1'"):
            mem.add_facts([{"subject": "user", "predicate": "likes", "object": "tea", "user_id": "u1"},
                           {"subject": "user", "predicate": "likes", "object": "jam", "user_id": "u1",
                            "episode_id": episode_id}])
    assert mem.history(user_id="u1") == []
    mine = mem.add("Hello.", user_id="u1").episode_id
    assert mem.add_fact("user", "likes", "tea", user_id="u1", episode_id=mine).fact.source_episode_ids == [mine]


@pytest.mark.parametrize("call", ["add_fact", "add_facts", "add_facts with a correction"])
def test_an_episode_removed_while_a_write_waits_for_the_lock_is_not_linked(mem: Memory, db_path: Path,
                                                                            call: str) -> None:
    """The episode check runs in the write's own transaction: a link is checked against what
    the write sees, not against what was there before another writer got in between: a clear
    error naming episode_id, not a foreign-key failure that names no field."""
    import threading

    from kronograph.graph.sqlite.driver import sqlite3  # the store's own library: one lock table

    kept = mem.add_fact("user", "likes", "tea", user_id="u1").fact
    episode_id = mem.add("Hello.", user_id="u1").episode_id
    item = {"subject": "user", "predicate": "lives_in", "object": "Oslo", "user_id": "u1", "episode_id": episode_id}
    write = {"add_fact": lambda: mem.add_fact(**item),
             "add_facts": lambda: mem.add_facts([{**item, "object": "Leeds", "episode_id": None}, item]),
             "add_facts with a correction": lambda: mem.add_facts([{**item, "correction": True}])}[call]
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock ...
    outcome: list[BaseException | object] = []
    writer = threading.Thread(target=lambda: outcome.append(_outcome(write)), daemon=True)
    writer.start()
    writer.join(0.5)  # ... while this write waits for it ...
    other.execute("DELETE FROM episodes WHERE id = ?", (episode_id,))  # ... and removes the episode.
    other.execute("COMMIT")
    other.close()
    writer.join(60)
    assert not writer.is_alive()
    field = "episode_id" if call == "add_fact" else "items[1].episode_id" if call == "add_facts" else \
        "items[0].episode_id"
    (error,) = outcome
    assert isinstance(error, UsageError) and str(error) == f"{field}: no episode '{episode_id}' for user 'u1'"
    assert mem.history(user_id="u1") == [kept]  # the batch wrote nothing; what was stored stays
    check = sqlite3.connect(db_path)
    assert check.execute("SELECT count(*) FROM fact_sources WHERE episode_id NOT IN "
                         "(SELECT id FROM episodes)").fetchone() == (0,)
    check.close()


def _outcome(call: Any) -> BaseException | object:
    try:
        return call()
    except BaseException as exc:  # handed to the test's thread to assert on
        return exc


@pytest.mark.parametrize("bad", [0, -1, "2", 1.5, True])
def test_a_count_that_is_not_a_positive_integer_is_named(mem: Memory, bad: Any) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    for call, field in [(lambda: mem.episodes(user_id="u1", limit=bad), "limit"),
                        (lambda: mem.audit_log(limit=bad), "limit"),
                        (lambda: mem.add_facts([], batch_size=bad), "batch_size"),
                        (lambda: mem.add_many([], user_id="u1", batch_size=bad), "batch_size"),
                        (lambda: mem.neighbors("user", user_id="u1", depth=bad), "depth")]:
        with pytest.raises(UsageError, match=f"{field}: must be a positive integer"):
            call()


def test_a_graphml_path_that_cannot_be_written_is_named(mem: Memory, tmp_path: Path) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    for path in (tmp_path / "missing" / "g.graphml", tmp_path):
        with pytest.raises(UsageError, match="path: cannot write"):
            mem.export_graphml(path, user_id="u1")


def test_times_in_any_offset_compare_as_instants(mem: Memory) -> None:
    east = timezone(timedelta(hours=8))
    mem.add_fact("user", "lives_in", "Paris", user_id="u1", valid_from=datetime(2020, 1, 1, 8, tzinfo=east))
    assert objects(mem.facts(user_id="u1", as_of="2020-01-01T00:00:00Z")) == ["Paris"]
    assert objects(mem.facts(user_id="u1", as_of=datetime(2019, 12, 31, 23, 59))) == []


def test_bulk_add_applies_items_in_order(mem: Memory) -> None:
    results = mem.add_facts([
        {"subject": "user", "predicate": "lives_in", "object": "Paris", "user_id": "u1", "valid_from": "2020-01-01"},
        {"subject": "user", "predicate": "lives_in", "object": "Rome", "user_id": "u1", "valid_from": "2021-01-01"},
        {"subject": "user", "predicate": "lives_in", "object": "Rome", "user_id": "u1", "valid_from": "2022-01-01"},
    ], batch_size=2)
    assert [r.created for r in results] == [True, True, False]
    assert objects(mem.history(user_id="u1")) == ["Paris", "Rome"]
    assert mem.history(user_id="u1")[0].superseded_by == results[1].fact.id


def test_versions_show_how_belief_in_a_record_changed(mem: Memory, clock: Clock) -> None:
    paris = mem.add_fact("user", "lives_in", "Paris", user_id="u1").fact
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Rome", user_id="u1")
    first, second = mem.versions(paris.id, user_id="u1")
    assert first.valid_until is None and first.version_until == clock.now
    assert second.status is Status.superseded and second.version_from == clock.now


def test_the_audit_log_records_every_change_without_content(mem: Memory, clock: Clock) -> None:
    paris = mem.add_fact("user", "lives_in", "Paris", user_id="u1", text="user lives in Paris").fact
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Rome", user_id="u1")
    actions = [(e.action, e.fact_id) for e in mem.audit_log(user_id="u1")]
    assert ("create", paris.id) in actions and ("revise", paris.id) in actions
    assert all("Paris" not in str(e.detail) for e in mem.audit_log(user_id="u1"))


def test_entities_are_created_for_subjects_and_objects_and_removed_with_their_last_fact(mem: Memory) -> None:
    fact = mem.add_fact("Ada", "works_at", "Acme", user_id="u1").fact
    mem.add_fact("Ada", "age", "36", user_id="u1")
    assert sorted(e.name for e in mem.entities(user_id="u1")) == ["Acme", "Ada"]
    mem.forget(user_id="u1", fact_id=fact.id, hard=True)
    assert [e.name for e in mem.entities(user_id="u1")] == ["Ada"]


def test_a_database_reopens_with_its_facts(db_path, clock: Clock) -> None:
    with Memory(db_path, clock=clock) as mem:
        mem.add_fact("user", "lives_in", "Paris", user_id="u1")
    with Memory(str(db_path), clock=clock) as mem:
        assert objects(mem.facts(user_id="u1")) == ["Paris"]


def test_in_memory_store_when_no_path_is_given(clock: Clock) -> None:
    with Memory(None, clock=clock) as mem:
        mem.add_fact("user", "lives_in", "Paris", user_id="u1")
        assert objects(mem.facts(user_id="u1")) == ["Paris"]


def test_graph_views_walk_only_the_valid_subgraph(mem: Memory, clock: Clock, tmp_path) -> None:
    mem.add_fact("Ada", "works_at", "Acme", user_id="u1", valid_from="2020-01-01")
    mem.add_fact("Acme", "located_in", "Berlin", user_id="u1", valid_from="2020-01-01")
    mem.add_fact("Ada", "works_at", "Initech", user_id="u1", valid_from="2025-01-01")
    assert objects(mem.neighbors("Ada", user_id="u1")) == ["Initech"]
    assert objects(mem.neighbors("Ada", user_id="u1", as_of="2022-01-01", depth=2)) == ["Acme", "Berlin"]
    graph = mem.graph(user_id="u1", as_of="2022-01-01")
    assert set(graph.nodes) == {"ada", "acme", "berlin"}
    path = mem.export_graphml(tmp_path / "g.graphml", user_id="u1")
    assert "Initech" in path.read_text() and "Acme" in path.read_text()


def test_retracting_a_record_reopens_what_it_closed_and_keeps_the_past(mem: Memory, clock: Clock) -> None:
    paris = mem.add_fact("user", "lives_in", "Paris", user_id="u1", valid_from="2020-01-01").fact
    rome = mem.add_fact("user", "lives_in", "Rome", user_id="u1", valid_from="2024-01-01").fact
    before = clock.now
    clock.advance(days=1)
    retracted = mem.retract(rome.id, user_id="u1")
    assert retracted.status is Status.corrected and retracted.retracted_at == clock.now
    assert objects(mem.facts(user_id="u1")) == ["Paris"]
    assert mem.get_fact(paris.id, user_id="u1").valid_until is None
    assert objects(mem.facts(user_id="u1", known_at=before)) == ["Rome"]
    assert [f.object for f in mem.history(user_id="u1")] == ["Paris", "Rome"]
