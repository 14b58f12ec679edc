"""Apply validated statements to the store: read each slot once, let the temporal logic
decide, settle the closures, and write everything as one atomic change set.

One path serves ``add_fact`` (one statement) and ``add_facts`` (bulk): a batch reads all its
slots in one query, decides statement by statement on stated intervals (which needs no
settling in between), settles each touched slot once at the end, and writes with
``executemany``.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..graph.store import ChangeSet, GraphStore
from ..model import AddResult, EntityType, Fact, MemoryType, Status, new_id
from ..temporal.decisions import Action, decide, record_order
from ..temporal.predicates import PredicateSchema
from ..temporal.timeline import object_key, settle
from .statement import Statement, is_literal

SlotKey = tuple[str, str, str]


class _Batch:
    """The pending state of one write: each slot's believed records as they will be (kept in
    record order, and per object for multi-valued slots, so deciding stays O(log n) even for
    slots with many records), and what changed."""

    def __init__(self, store: GraphStore, now: datetime, keys: Sequence[SlotKey],
                 known: Mapping[SlotKey, list[Fact]] | None = None) -> None:
        self.now = now
        known = known or {}
        self.records: dict[SlotKey, list[Fact]] = {key: list(known[key]) for key in keys if key in known}
        missing = [key for key in keys if key not in known]
        if missing:
            self.records.update(store.slot_records_many(missing))
        for records in self.records.values():
            records.sort(key=record_order)
        self.by_object: dict[SlotKey, dict[str, list[Fact]]] = {}
        self.created: dict[str, Fact] = {}
        self.revised: dict[str, Fact] = {}
        self.previous: dict[str, Fact] = {}
        self.reinforced: Counter[str] = Counter()
        self.sources: list[tuple[str, str]] = []

    def of_object(self, key: SlotKey, obj: str) -> list[Fact]:
        """The slot's records of one object, in record order."""
        groups = self.by_object.get(key)
        if groups is None:
            groups = self.by_object[key] = {}
            for record in self.records[key]:
                groups.setdefault(object_key(record.object), []).append(record)
        return groups.get(object_key(obj), [])

    def _lists(self, key: SlotKey, fact: Fact) -> list[list[Fact]]:
        lists = [self.records[key]]
        groups = self.by_object.get(key)
        if groups is not None:
            lists.append(groups.setdefault(object_key(fact.object), []))
        return lists

    def add(self, key: SlotKey, fact: Fact) -> None:
        """A new record joins the slot."""
        for records in self._lists(key, fact):
            insort(records, fact, key=record_order)
        self.created[fact.id] = fact

    def update(self, key: SlotKey, fact: Fact) -> Fact:
        """Record a new state of ``fact``; retracted facts leave the slot's believed records.
        A record's place in the order (start, recording) never changes."""
        for records in self._lists(key, fact):
            index = bisect_left(records, record_order(fact), key=record_order)
            if index < len(records) and records[index].id == fact.id:
                if records is self.records[key] and fact.id not in self.created:
                    self.previous.setdefault(fact.id, records[index])
                if fact.retracted_at is not None:
                    del records[index]
                else:
                    records[index] = fact
        if fact.id in self.created:
            self.created[fact.id] = fact
        else:
            self.revised[fact.id] = fact
        return fact

    def changeset(self) -> ChangeSet:
        return ChangeSet(
            now=self.now, created=list(self.created.values()), revised=list(self.revised.values()),
            reinforced=dict(self.reinforced), sources=self.sources,
        )


def slot_key(user_id: str, subject: str, predicate: str) -> SlotKey:
    return (user_id, object_key(subject), predicate)


def write_statements(
    store: GraphStore, statements: Sequence[Statement], *, schema: PredicateSchema,
    clock: Callable[[], datetime], known: Mapping[SlotKey, list[Fact]] | None = None,
) -> list[AddResult]:
    """Write statements in order inside one transaction; return one result per statement.
    ``known``: slots' records the caller has just read in this transaction (not read again)."""
    if not statements:
        return []
    with store.transaction():
        now = clock()
        keys = list(dict.fromkeys(slot_key(s.user_id, s.subject, s.predicate) for s in statements))
        batch = _Batch(store, now, keys, known)
        entity_ids = _ensure_entities(store, statements, now)
        results = [_apply(batch, s, schema, entity_ids) for s in statements]
        _settle(batch, keys, schema, results)
        store.write(batch.changeset(), batch.previous)
    return results


def _ensure_entities(store: GraphStore, statements: Sequence[Statement], now: datetime) -> dict[tuple[str, str], str]:
    wanted: dict[str, dict[str, tuple[str, EntityType]]] = {}
    for s in statements:
        names = wanted.setdefault(s.user_id, {})
        names.setdefault(object_key(s.subject), (s.subject, s.subject_type))
        if s.object_type is not None or not is_literal(s.object):
            names.setdefault(object_key(s.object), (s.object, s.object_type or EntityType.concept))
    found = store.ensure_entity_ids({user_id: list(names.values()) for user_id, names in wanted.items()}, now)
    return {(user_id, key): eid for user_id, ids in found.items() for key, eid in ids.items()}


def _apply(batch: _Batch, s: Statement, schema: PredicateSchema, entity_ids: dict[tuple[str, str], str]) -> AddResult:
    now = batch.now
    key = slot_key(s.user_id, s.subject, s.predicate)
    single = schema.is_single_valued(s.predicate)
    records = batch.records[key] if single or s.correction else batch.of_object(key, s.object)
    decision = decide(
        obj=s.object, valid_from=s.valid_from or now, stated_until=s.valid_until, records=records,
        single_valued=single, correction=s.correction, interval_given=s.valid_from is not None,
        replaces=s.replaces, presorted=True,
    )
    if decision.action is Action.duplicate:
        assert decision.duplicate_of is not None
        fact = _reinforce(batch, key, decision.duplicate_of, s)
        return AddResult(fact=fact, created=False, facts=[fact])
    fact = Fact.trusted(dict(
        id=new_id(), user_id=s.user_id, agent_id=s.agent_id, app_id=s.app_id, run_id=s.run_id,
        subject=s.subject, predicate=s.predicate, object=s.object, text=s.sentence(),
        memory_type=s.memory_type, status=Status.active, confidence=s.confidence, importance=s.importance,
        access_count=0, last_accessed_at=None, valid_from=decision.valid_from, valid_until=decision.stated_until,
        stated_until=decision.stated_until, recorded_at=now, retracted_at=None, expires_at=s.expires_at,
        superseded_by=None, source_episode_ids=[s.episode_id] if s.episode_id else [],
        sensitivity=s.sensitivity, subject_entity_id=entity_ids.get((s.user_id, object_key(s.subject))),
        object_entity_id=entity_ids.get((s.user_id, object_key(s.object))), version_from=now, version_until=None,
    ))
    corrected = [
        batch.update(key, t.evolve(status=Status.corrected, retracted_at=now, superseded_by=fact.id))
        for t in decision.retract
    ]
    batch.add(key, fact)
    if s.episode_id:
        batch.sources.append((fact.id, s.episode_id))
    return AddResult(fact=fact, created=True, facts=[fact], corrected=corrected)


def _settle(batch: _Batch, keys: Sequence[SlotKey], schema: PredicateSchema, results: list[AddResult]) -> None:
    """Derive every touched slot's closures once, and tell each result what its fact closed."""
    by_creator = {r.fact.id: r for r in results if r.created and r.fact is not None}
    for key in keys:
        for fact in settle(list(batch.records[key]), single_valued=schema.is_single_valued(key[2])):
            before = batch.previous.get(fact.id) or batch.created.get(fact.id)
            batch.update(key, fact)
            creator = by_creator.get(fact.superseded_by or "")
            if creator is not None and (before is None or before.superseded_by != fact.superseded_by):
                creator.superseded.append(fact)
    for result in results:
        if result.created and result.fact is not None:
            result.fact = batch.created[result.fact.id]
            result.facts = [result.fact]


def _reinforce(batch: _Batch, key: SlotKey, existing: Fact, s: Statement) -> Fact:
    """A repeat of a known fact: count it, keep its source, and let a confirmation raise belief."""
    batch.reinforced[existing.id] += 1
    if s.episode_id:
        batch.sources.append((existing.id, s.episode_id))
    update: dict[str, Any] = {}
    if s.confidence > existing.confidence:
        update["confidence"] = s.confidence
    if existing.memory_type is MemoryType.hypothesis and s.memory_type is not MemoryType.hypothesis:
        update["memory_type"] = s.memory_type
        update["expires_at"] = s.expires_at
        update["text"] = s.sentence()  # a confirmed hypothesis loses its hedged wording
    fact = existing
    if update:
        fact = batch.update(key, existing.evolve(**update))
    sources = list(dict.fromkeys([*fact.source_episode_ids, *([s.episode_id] if s.episode_id else [])]))
    return fact.evolve(access_count=fact.access_count + batch.reinforced[existing.id],
                       last_accessed_at=batch.now, source_episode_ids=sources)
