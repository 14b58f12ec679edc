"""Memory.maintain on a real SQLite file: expiry and archiving as new versions, merges of
near-duplicates (real MiniLM), purges with tombstones, and an audit entry for every change."""

from __future__ import annotations

from datetime import timedelta

from kronograph import LifecyclePolicy, Memory, Status
from kronograph.policy.consolidation import ConsolidationPolicy

from .conftest import Clock


def actions(mem: Memory, fact_id: str) -> list[str]:
    return [e.action for e in mem.audit_log(fact_id=fact_id)]


def test_a_ttl_memory_expires_as_a_new_version_and_known_at_still_sees_it_active(rmem: Memory, clock: Clock) -> None:
    task = rmem.add_fact("Ada", "current_project", "Docker", user_id="u1", memory_type="task",
                         expires_at=clock.now + timedelta(days=2)).fact
    assert task is not None
    before = clock.advance(days=3)
    clock.advance(minutes=1)
    report = rmem.maintain()
    assert report.expired == [task.id] and report.purged == []
    versions = rmem.versions(task.id, user_id="u1")
    assert [v.status for v in versions] == [Status.active, Status.expired]
    assert rmem.facts(user_id="u1", known_at=before, include_expired=True)[0].status is Status.active
    assert rmem.facts(user_id="u1", include_expired=True)[0].status is Status.expired
    assert "expire" in actions(rmem, task.id)
    assert rmem.maintain().expired == []


def test_an_expired_task_memory_is_purged_after_the_grace_period_leaving_a_tombstone(
    rmem: Memory, clock: Clock
) -> None:
    task = rmem.add_fact("Ada", "current_project", "the tax return", user_id="u1", memory_type="task",
                         expires_at=clock.now + timedelta(days=1)).fact
    keep = rmem.add_fact("Ada", "likes", "tea", user_id="u1", importance=0.9).fact
    assert task is not None and keep is not None
    clock.advance(days=2)
    assert rmem.maintain().expired == [task.id]
    clock.advance(days=7)
    report = rmem.maintain()
    assert report.purged == [task.id]
    assert [t.fact_id for t in rmem.tombstones(user_id="u1")] == [task.id]
    assert rmem.history(user_id="u1") == [rmem.get_fact(keep.id, user_id="u1")]
    assert "hard_delete" in actions(rmem, task.id)


def test_long_unused_unimportant_memories_are_archived_and_recalled_only_on_request(
    rmem: Memory, clock: Clock
) -> None:
    trivia = rmem.add_fact("Ada", "likes", "beige", user_id="u1", memory_type="preference", importance=0.1,
                           text="Ada likes the colour beige").fact
    vital = rmem.add_fact("Ada", "allergic_to", "penicillin", user_id="u1", importance=0.9,
                          text="Ada is allergic to penicillin").fact
    assert trivia is not None and vital is not None
    clock.advance(days=365)
    report = rmem.maintain()
    assert report.archived == [trivia.id]
    assert rmem.get_fact(trivia.id, user_id="u1").status is Status.archived
    assert trivia.id not in [h.fact.id for h in rmem.recall("favourite colour", user_id="u1")]
    again = rmem.recall("favourite colour", user_id="u1", include_archived=True)
    assert trivia.id in [h.fact.id for h in again]
    assert "archive" in actions(rmem, trivia.id)


def test_an_expired_task_is_purged_in_the_same_run_that_merges_duplicates(rmem: Memory, clock: Clock) -> None:
    rmem.lifecycle = LifecyclePolicy(consolidation=ConsolidationPolicy(enabled=False))
    task = rmem.add_fact("Ada", "current_project", "the tax return", user_id="u1", memory_type="task",
                         expires_at=clock.now + timedelta(days=1)).fact
    assert task is not None
    clock.advance(days=2)
    assert rmem.maintain().expired == [task.id]
    rmem.add_fact("Ada", "likes", "hiking in the mountains", user_id="u1")
    rmem.add_fact("Ada", "likes", "hiking in mountains", user_id="u1")
    clock.advance(days=7)
    report = rmem.maintain()
    assert len(report.merged) == 1 and report.purged == [task.id]


def test_near_duplicates_of_a_slot_merge_summing_counts_and_keeping_sources(rmem: Memory, clock: Clock) -> None:
    rmem.lifecycle = LifecyclePolicy(consolidation=ConsolidationPolicy(enabled=False))  # merging alone
    first = rmem.add_fact("Ada", "likes", "hiking in the mountains", user_id="u1").fact
    twin = rmem.add_fact("Ada", "likes", "hiking in mountains", user_id="u1", importance=0.7).fact
    other = rmem.add_fact("Ada", "likes", "baking bread", user_id="u1").fact
    assert first is not None and twin is not None and other is not None
    conn = rmem.store.connection
    conn.execute("INSERT INTO episodes (id, user_id, content, reference_time, recorded_at) VALUES ('e1','u1','x',0,0)")
    conn.execute("INSERT INTO fact_sources (fact_id, episode_id) VALUES (?, 'e1')", (first.id,))
    rmem.store.touch([first.id], clock.now)
    rmem.store.touch([first.id], clock.now)
    rmem.store.touch([twin.id], clock.now)
    merged_at = clock.advance(hours=1)
    report = rmem.maintain()
    survivor, gone = (twin, first)  # the more important one survives
    assert report.merged == [gone.id] and report.merged_into == {gone.id: survivor.id}
    kept = rmem.get_fact(survivor.id, user_id="u1")
    assert kept.access_count == 3 and "e1" in kept.source_episode_ids and kept.importance == 0.7
    assert [f.id for f in rmem.facts(user_id="u1", predicate="likes")] == [survivor.id, other.id]
    dropped = rmem.get_fact(gone.id, user_id="u1")
    assert dropped.superseded_by == survivor.id and dropped.retracted_at == merged_at
    assert gone.id in [f.id for f in rmem.facts(user_id="u1", known_at=merged_at - timedelta(minutes=1))]
    assert "merge" in actions(rmem, gone.id)
    assert rmem.maintain().merged == []


def test_maintain_takes_its_decision_time_as_an_argument(rmem: Memory, clock: Clock) -> None:
    task = rmem.add_fact("Ada", "current_project", "a report", user_id="u1", memory_type="task",
                         expires_at=clock.now + timedelta(days=5)).fact
    assert task is not None
    assert rmem.maintain(now=clock.now + timedelta(days=1)).expired == []
    assert rmem.maintain(now=(clock.now + timedelta(days=6)).isoformat()).expired == [task.id]
