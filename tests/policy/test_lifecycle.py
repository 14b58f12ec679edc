"""Lifecycle decisions are pure: expiry, archiving, duplicate groups and purging."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from kronograph import Fact, LifecyclePolicy, MemoryType, Status
from kronograph.policy.lifecycle import duplicate_groups, is_expired, should_archive, should_purge

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def fact(fid: str, obj: str = "tea", **update: object) -> Fact:
    base = Fact(id=fid, user_id="u1", subject="Ada", predicate="likes", object=obj, text=f"Ada likes {obj}",
                valid_from=T0, recorded_at=T0)
    return base.model_copy(update=update)


def unit(*values: float) -> np.ndarray:
    v = np.array(values, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_a_memory_expires_once_its_ttl_has_passed() -> None:
    ttl = fact("a", expires_at=T0 + timedelta(days=7))
    assert not is_expired(ttl, T0 + timedelta(days=6))
    assert is_expired(ttl, T0 + timedelta(days=7))
    assert not is_expired(fact("b"), T0 + timedelta(days=999))
    assert not is_expired(ttl.model_copy(update={"status": Status.archived}), T0 + timedelta(days=8))


def test_only_long_unused_unimportant_memories_are_archived() -> None:
    years = T0 + timedelta(days=5 * 365)
    assert should_archive(fact("a", importance=0.2), years)
    assert not should_archive(fact("a", importance=0.8), years)
    assert not should_archive(fact("a", importance=0.2), T0 + timedelta(days=365))
    assert not should_archive(fact("a", importance=0.2, memory_type=MemoryType.task), years)
    recently_used = fact("a", importance=0.2, last_accessed_at=years - timedelta(days=10))
    assert not should_archive(recently_used, years)


def test_expired_task_memories_are_purged_after_the_grace_period() -> None:
    task = fact("t", memory_type=MemoryType.task, expires_at=T0, status=Status.expired)
    assert not should_purge(task, T0 + timedelta(days=6))
    assert should_purge(task, T0 + timedelta(days=7))
    assert not should_purge(task.model_copy(update={"memory_type": MemoryType.preference}), T0 + timedelta(days=30))
    assert should_purge(task, T0 + timedelta(days=1), LifecyclePolicy(purge_grace=timedelta(hours=1)))


def test_near_duplicates_of_one_slot_group_under_the_best_record() -> None:
    facts = [fact("a", "hiking", access_count=2), fact("b", "hikes", confidence=1.0, importance=0.9),
             fact("c", "opera"), fact("d", "hiking trips", run_id="r1")]
    vectors = {"a": unit(1, 0.05, 0), "b": unit(1, 0, 0), "c": unit(0, 1, 0), "d": unit(1, 0.02, 0)}
    groups = duplicate_groups(facts, vectors)
    assert [(s.id, [d.id for d in dups]) for s, dups in groups] == [("b", ["a"])]


def test_records_that_do_not_overlap_in_time_or_are_not_active_never_merge() -> None:
    old = fact("a", valid_until=T0 + timedelta(days=1))
    new = fact("b", valid_from=T0 + timedelta(days=2))
    retracted = fact("c", status=Status.corrected, retracted_at=T0)
    vectors = {k: unit(1, 0, 0) for k in "abc"}
    assert duplicate_groups([old, new, retracted], vectors) == []
    assert duplicate_groups([fact("a"), fact("b")], {"a": unit(1, 0, 0), "b": unit(1, 0, 0)},
                            LifecyclePolicy(max_merge_group=1 + 1)) != []
    assert duplicate_groups([fact("a"), fact("b")], {"a": unit(1, 0, 0)}) == []
