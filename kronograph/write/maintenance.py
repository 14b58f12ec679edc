"""``Memory.maintain``: apply the lifecycle policy's decisions to the store, user by user.

Expiry, archiving and merging are new versions of the records (so a ``known_at`` query still
reproduces the past) with one audit entry each; purging is a hard delete with a tombstone.
The decisions themselves are pure (:mod:`kronograph.policy.lifecycle`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime

import numpy as np
from pydantic import BaseModel, Field

from ..graph.store import ChangeSet, GraphStore
from ..model import Fact, Status
from ..policy.consolidation import ConsolidationPolicy
from ..policy.lifecycle import LifecyclePolicy, duplicate_groups, is_expired, should_archive, should_purge
from ..queries.recall import RecallEngine
from ..temporal.predicates import PredicateSchema
from ..temporal.timeline import object_key, settle
from .changes import HardDelete
from .collector import collector_paused
from .consolidate import Summarizer, consolidate_user, retire_procedures, summarise_threads
from .former_keys import slot_records


class MaintenanceReport(BaseModel):
    """What one ``maintain()`` run changed: fact ids per kind of change."""

    at: datetime = Field(description="The time the policy was evaluated at.")
    expired: list[str] = Field(default_factory=list, description="Records whose TTL had passed.")
    archived: list[str] = Field(default_factory=list, description="Long-unused, unimportant records archived.")
    merged: list[str] = Field(default_factory=list, description="Near-duplicates merged into another record.")
    merged_into: dict[str, str] = Field(default_factory=dict, description="Merged id -> the record it joined.")
    purged: list[str] = Field(default_factory=list, description="Expired task memories deleted for good.")
    summaries: list[str] = Field(default_factory=list, description="Summaries created or derived again.")
    consolidated: list[str] = Field(
        default_factory=list, description="Fragments a summary now stands for (archived or down-weighted).")
    retired: list[str] = Field(default_factory=list, description="Procedures archived for failing too often.")
    threads: list[str] = Field(default_factory=list, description="Conversation summaries of old threads.")

    @property
    def total(self) -> int:
        return (len(self.expired) + len(self.archived) + len(self.merged) + len(self.purged) + len(self.summaries)
                + len(self.retired) + len(self.threads))


def run_maintenance(
    store: GraphStore, engine: RecallEngine, *, at: datetime, clock: Callable[[], datetime],
    schema: PredicateSchema, policy: LifecyclePolicy, hard_delete: HardDelete, summarizer: Summarizer | None = None,
) -> MaintenanceReport:
    """Expire, archive, merge and purge across every user; decisions are taken at ``at``."""
    with collector_paused():
        return _maintain(store, engine, at=at, clock=clock, schema=schema, policy=policy, hard_delete=hard_delete,
                         summarizer=summarizer)


def _maintain(
    store: GraphStore, engine: RecallEngine, *, at: datetime, clock: Callable[[], datetime],
    schema: PredicateSchema, policy: LifecyclePolicy, hard_delete: HardDelete, summarizer: Summarizer | None,
) -> MaintenanceReport:
    report = MaintenanceReport(at=at)
    engine.backfill(None)
    for user_id in store.user_ids():
        # One read of the user's records serves every step: each step hands on what it changed.
        with store.transaction():
            held: list[Fact] | None = _expire_archive_merge(store, engine, user_id, at=at, now=clock(),
                                                            schema=schema, policy=policy, report=report)
        with store.transaction():
            if held is None:  # a merge moved sources and counts: read the records again
                held = store.current(user_id)
            doomed = [f for f in held if should_purge(f, at, policy)]
            if doomed:
                report.purged += hard_delete(doomed, clock(), "purged: expired task memory")
                held = None  # changed: consolidation reads again
        if policy.consolidation.enabled:
            with store.transaction():
                run_consolidation(store, engine, user_id, at=at, now=clock(), policy=policy.consolidation,
                                  report=report, facts=held, summarizer=summarizer)
    return report


def run_consolidation(store: GraphStore, engine: RecallEngine, user_id: str, *, at: datetime, now: datetime,
                      policy: ConsolidationPolicy, report: MaintenanceReport,
                      facts: list[Fact] | None = None, summarizer: Summarizer | None = None) -> list[Fact]:
    """Retire failing procedures, keep summaries true to their sources, consolidate new
    fragments and summarise old threads, for one user (``facts``: its current records, when
    the caller has just read them); returns the summaries written."""
    if facts is None:
        facts = store.current(user_id)
    retired = retire_procedures(store, user_id, facts, now=now, policy=policy)
    report.retired += [f.id for f in retired]
    if retired:
        archived = {f.id: f for f in retired}
        facts = [archived.get(f.id, f) for f in facts]
    embedder = engine.embedder

    def vectors(user: str, ids: Sequence[str]) -> dict[str, np.ndarray]:
        return store.embeddings(user, ids, model=embedder.model) if embedder is not None else {}

    summaries = consolidate_user(store, user_id, now=now, at=at, policy=policy,
                                 vectors=vectors if embedder is not None else None, facts=facts,
                                 summarizer=summarizer)
    report.summaries += [s.id for s in summaries]
    report.consolidated += [fid for s in summaries for fid in s.source_fact_ids]
    threads = summarise_threads(store, user_id, now=now, at=at, policy=policy, summarizer=summarizer)
    report.threads += [t.id for t in threads]
    return [*summaries, *threads]


def _expire_archive_merge(
    store: GraphStore, engine: RecallEngine, user_id: str, *, at: datetime, now: datetime,
    schema: PredicateSchema, policy: LifecyclePolicy, report: MaintenanceReport,
) -> list[Fact] | None:
    """Returns the user's current records as they now stand (None after a merge, which moves
    sources and counts between records: read them again)."""
    facts = store.current(user_id)
    changes = ChangeSet(now=now)
    previous = {f.id: f for f in facts}
    handled: set[str] = set()
    for fact in facts:
        if is_expired(fact, at):
            changes.revised.append(fact.model_copy(update={"status": Status.expired}))
            changes.log("expire", user_id, fact.id)
            report.expired.append(fact.id)
            handled.add(fact.id)
        elif should_archive(fact, at, policy):
            changes.revised.append(fact.model_copy(update={"status": Status.archived}))
            changes.log("archive", user_id, fact.id, reason="unused")
            report.archived.append(fact.id)
            handled.add(fact.id)
    remaining = [f for f in facts if f.id not in handled]
    vectors = (store.embeddings(user_id, [f.id for f in remaining], model=engine.embedder.model)
               if engine.embedder is not None and remaining else {})
    moved: Counter[str] = Counter()
    touched_slots: set[tuple[str, str, str]] = set()
    for survivor, duplicates in duplicate_groups(remaining, vectors, policy):
        for dup in duplicates:
            changes.revised.append(dup.model_copy(
                update={"status": Status.corrected, "retracted_at": now, "superseded_by": survivor.id}))
            changes.log("merge", user_id, dup.id, into=survivor.id)
            moved[survivor.id] += dup.access_count
            changes.sources += [(survivor.id, episode) for episode in dup.source_episode_ids]
            report.merged.append(dup.id)
            report.merged_into[dup.id] = survivor.id
        best = {"confidence": max(f.confidence for f in [survivor, *duplicates]),
                "importance": max(f.importance for f in [survivor, *duplicates])}
        if any(getattr(survivor, name) != value for name, value in best.items()):
            changes.revised.append(survivor.model_copy(update=best))
        touched_slots.add((user_id, object_key(survivor.subject), survivor.predicate))
    changes.access_added = {fid: n for fid, n in moved.items() if n}
    if changes.is_empty():
        return facts
    store.write(changes, previous)
    if not touched_slots:  # expired and archived only: their new states are exactly what was written
        revised_now = {f.id: f for f in changes.revised}
        return [revised_now.get(f.id, f) for f in facts]
    # Merged duplicates left their slots: whatever they had cut re-opens (one read, one write).
    revised: list[Fact] = []
    before: dict[str, Fact] = {}
    for key, records in slot_records(store, list(touched_slots)).items():
        before.update((r.id, r) for r in records)
        revised += settle(records, single_valued=schema.is_single_valued(key[2]))
    if revised:
        store.write(ChangeSet(now=now, revised=revised), before)
    return None
