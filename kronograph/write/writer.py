"""Apply validated statements to the store: read each slot once, let the slot engine decide
each statement and settle the closures, and write everything as one atomic change set.

This is the per-statement path (``add_fact``, and every fact ``Memory.add`` extracts); the
bulk path (:mod:`.bulk`) packs rows around the same engine (:mod:`kronograph.temporal.slot`).
A batch reads all its slots in one query, decides statement by statement on stated intervals
(which needs no settling in between), and settles each touched slot once at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..errors import UsageError
from ..graph.store import ChangeSet, GraphStore, SpanRow
from ..model import AddResult, EntityType, Fact, MemoryType, SourceSpan, Status, new_id
from ..policy.consolidation import restated_belief
from ..temporal.instants import from_micros, to_micros
from ..temporal.predicates import PredicateSchema
from ..temporal.slot import Slot, SlotAction, SlotDecision, SlotRecord
from ..temporal.timeline import effective_status, lifecycle_of, object_key, slot_record
from ..temporal.versions import tool_version
from .former_keys import slot_records
from .statement import Statement, is_literal

SlotKey = tuple[str, str, str]


class _Batch:
    """The pending state of one write: each touched slot in the engine, the facts its records
    stand for (as they will be), and what changed."""

    def __init__(self, store: GraphStore, now: datetime, keys: Sequence[SlotKey], schema: PredicateSchema,
                 known: Mapping[SlotKey, list[Fact]] | None = None) -> None:
        self.now = now
        self.now_us = to_micros(now)
        known = known or {}
        stored: dict[SlotKey, list[Fact]] = {key: known[key] for key in keys if key in known}
        missing = [key for key in keys if key not in known]
        if missing:
            stored.update(slot_records(store, missing))
        self.facts: dict[str, Fact] = {}
        self.records: dict[str, SlotRecord] = {}
        self.slots: dict[SlotKey, Slot] = {}
        for key in keys:
            facts = stored.get(key, [])
            records = [slot_record(f) for f in facts]
            self.facts.update((f.id, f) for f in facts)
            self.records.update((r.id, r) for r in records)
            self.slots[key] = Slot(records, single_valued=schema.is_single_valued(key[2]))
        self.created: dict[str, Fact] = {}
        self.revised: dict[str, Fact] = {}
        self.previous: dict[str, Fact] = {}
        self.reinforced: Counter[str] = Counter()
        self.sources: list[tuple[str, str]] = []
        self.spans: list[SpanRow] = []

    def link(self, fact_id: str, s: Statement) -> list[SourceSpan]:
        """Link ``fact_id`` to the statement's episode, down to its span when it has one;
        returns the span to add to the fact."""
        if not s.episode_id:
            return []
        self.sources.append((fact_id, s.episode_id))
        if s.span is None:
            return []
        self.spans.append((fact_id, s.episode_id, *s.span))
        return [SourceSpan.trusted({"episode_id": s.episode_id, "start": s.span[0], "end": s.span[1]})]

    def add(self, key: SlotKey, fact: Fact, record: SlotRecord) -> None:
        """A new record joins the slot."""
        self.slots[key].add(record)
        self.records[fact.id] = record
        self.facts[fact.id] = self.created[fact.id] = fact

    def update(self, key: SlotKey, fact: Fact) -> Fact:
        """Record a new state of ``fact``; a retracted fact leaves the slot's believed records."""
        if fact.id in self.created:
            self.created[fact.id] = fact
        else:
            self.previous.setdefault(fact.id, self.facts[fact.id])
            self.revised[fact.id] = fact
        self.facts[fact.id] = fact
        if fact.retracted_at is not None:
            self.slots[key].remove(self.records[fact.id])
        return fact

    def changeset(self) -> ChangeSet:
        return ChangeSet(
            now=self.now, created=list(self.created.values()), revised=list(self.revised.values()),
            reinforced=dict(self.reinforced), sources=self.sources, spans=list(dict.fromkeys(self.spans)),
        )


def slot_key(user_id: str, subject: str, predicate: str) -> SlotKey:
    return (user_id, object_key(subject), predicate)


def check_episodes(store: GraphStore, links: Sequence[tuple[str, str, str]]) -> None:
    """Raise :class:`UsageError` for the first ``(field, user_id, episode_id)`` whose episode is
    not that user's: a caller's fact links only to an episode of its own user (a hard delete
    follows the link into the episode). Run it inside the write transaction that makes the
    links, so what it checked is what the write sees."""
    if not links:
        return
    found = store.get_episodes([episode_id for _, _, episode_id in links])
    for field, user_id, episode_id in links:
        episode = found.get(episode_id)
        if episode is None or episode.user_id != user_id:
            raise UsageError(field, f"no episode {episode_id!r} for user {user_id!r}")


def write_statements(
    store: GraphStore, statements: Sequence[Statement], *, schema: PredicateSchema,
    clock: Callable[[], datetime], known: Mapping[SlotKey, list[Fact]] | None = None,
    episode_field: Callable[[int], str] | None = None,
) -> list[AddResult]:
    """Write statements in order inside one transaction; return one result per statement.
    ``known``: slots' records the caller has just read in this transaction (not read again).
    ``episode_field``: the caller named the statements' episodes, so each is checked to be its
    user's (:func:`check_episodes`) in the same transaction as the write, ``episode_field(i)``
    naming statement ``i``'s field in the error; None: the episodes were written in this transaction."""
    if not statements:
        return []

    def attempt() -> list[AddResult]:  # run again from the start if a server aborts it (GraphStore.atomically)
        if episode_field is not None:
            check_episodes(store, [(episode_field(i), s.user_id, s.episode_id)
                                   for i, s in enumerate(statements) if s.episode_id])
        now = clock()
        keys = list(dict.fromkeys(slot_key(s.user_id, s.subject, s.predicate) for s in statements))
        batch = _Batch(store, now, keys, schema, known)
        entity_ids = _ensure_entities(store, statements, now)
        results = [_apply(batch, s, entity_ids) for s in statements]
        _settle(batch, results)
        store.write(batch.changeset(), batch.previous)
        return results

    return store.atomically(attempt)


def _ensure_entities(store: GraphStore, statements: Sequence[Statement], now: datetime) -> dict[tuple[str, str], str]:
    wanted: dict[str, dict[str, tuple[str, EntityType]]] = {}
    for s in statements:
        names = wanted.setdefault(s.user_id, {})
        names.setdefault(object_key(s.subject), (s.subject, s.subject_type))
        if s.object_type is not None or not is_literal(s.object):
            names.setdefault(object_key(s.object), (s.object, s.object_type or EntityType.concept))
    found = store.ensure_entity_ids({user_id: list(names.values()) for user_id, names in wanted.items()}, now)
    return {(user_id, key): eid for user_id, ids in found.items() for key, eid in ids.items()}


def _us(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def _apply(batch: _Batch, s: Statement, entity_ids: dict[tuple[str, str], str]) -> AddResult:
    now = batch.now
    key = slot_key(s.user_id, s.subject, s.predicate)
    okey = object_key(s.object)
    version = tool_version(s.tool, s.tool_version)
    decision = batch.slots[key].decide(
        okey, to_micros(s.valid_from) if s.valid_from is not None else batch.now_us, _us(s.valid_until),
        correction=s.correction, interval_given=s.valid_from is not None,
        replaces=object_key(s.replaces) if s.replaces is not None else None, version=version,
        start_said=s.start_said,
    )
    if decision.action is SlotAction.duplicate:
        assert decision.duplicate_of is not None
        fact = _reinforce(batch, key, batch.facts[decision.duplicate_of.id], s)
        return AddResult(fact=fact, created=False, facts=[fact])
    if decision.action is SlotAction.refuse:
        raise empty_interval("valid_until", decision, given=s.valid_from is not None)
    until = from_micros(decision.stated_until) if decision.stated_until is not None else None
    fact_id = new_id()
    fact = Fact.trusted(dict(
        id=fact_id, user_id=s.user_id, agent_id=s.agent_id, app_id=s.app_id, run_id=s.run_id,
        subject=s.subject, predicate=s.predicate, object=s.object, text=s.sentence(),
        memory_type=s.memory_type, status=Status.active, confidence=s.confidence, importance=s.importance,
        access_count=0, last_accessed_at=None, valid_from=from_micros(decision.valid_from), valid_until=until,
        stated_until=until, recorded_at=now, retracted_at=None, expires_at=s.expires_at,
        superseded_by=None, source_episode_ids=[s.episode_id] if s.episode_id else [], source_spans=batch.link(fact_id, s),
        sensitivity=s.sensitivity, subject_entity_id=entity_ids.get((s.user_id, object_key(s.subject))),
        object_entity_id=entity_ids.get((s.user_id, okey)), version_from=now, version_until=None,
        **({"tool": s.tool, "tool_version": s.tool_version} if s.tool is not None else {}),
    ))
    corrected = [
        batch.update(key, batch.facts[t.id].evolve(status=Status.corrected, retracted_at=now, superseded_by=fact.id))
        for t in decision.retract
    ]
    batch.add(key, fact, SlotRecord(fact.id, okey, decision.valid_from, batch.now_us, decision.stated_until,
                                    decision.stated_until, version=version))
    return AddResult(fact=fact, created=True, facts=[fact], corrected=corrected)


def empty_interval(field: str, decision: SlotDecision, *, given: bool) -> UsageError:
    """The error for a statement whose record would end before it starts."""
    assert decision.stated_until is not None
    start = from_micros(decision.valid_from).isoformat()
    where = "" if given else " (the start it takes when none is given)"
    return UsageError(field, f"{from_micros(decision.stated_until).isoformat()} is not after valid_from "
                             f"{start}{where}")


def _settle(batch: _Batch, results: list[AddResult]) -> None:
    """Derive every touched slot's closures once, and tell each result what its fact closed."""
    by_creator = {r.fact.id: r for r in results if r.created and r.fact is not None}
    for key, slot in batch.slots.items():
        for record in slot.settle():
            before = batch.facts[record.id]
            until = from_micros(record.valid_until) if record.valid_until is not None else None
            fact = batch.update(key, before.evolve(
                valid_until=until, superseded_by=record.superseded_by,
                status=effective_status(lifecycle_of(before), record.superseded_by)))
            creator = by_creator.get(fact.superseded_by or "")
            if creator is not None and before.superseded_by != fact.superseded_by:
                creator.superseded.append(fact)
    for result in results:
        if result.created and result.fact is not None:
            result.fact = batch.created[result.fact.id]
            result.facts = [result.fact]


def _reinforce(batch: _Batch, key: SlotKey, existing: Fact, s: Statement) -> Fact:
    """A repeat of a known fact: count it, keep its source, and let a confirmation raise belief."""
    batch.reinforced[existing.id] += 1
    spans = batch.link(existing.id, s)
    # A restatement verifies the memory: bounded gains, and the time it was last verified.
    hedged = s.memory_type is MemoryType.hypothesis
    confidence, importance = restated_belief(existing.confidence, existing.importance, s.confidence, hedged=hedged)
    update: dict[str, Any] = {} if hedged else {"last_verified_at": batch.now}
    if confidence != existing.confidence:
        update["confidence"] = confidence
    if importance != existing.importance:
        update["importance"] = importance
    if existing.memory_type is MemoryType.hypothesis and s.memory_type is not MemoryType.hypothesis:
        update["memory_type"] = s.memory_type
        update["expires_at"] = s.expires_at
        update["text"] = s.sentence()  # a confirmed hypothesis loses its hedged wording
    fact = existing
    if update:
        fact = batch.update(key, existing.evolve(**update))
    sources = list(dict.fromkeys([*fact.source_episode_ids, *([s.episode_id] if s.episode_id else [])]))
    return fact.evolve(access_count=fact.access_count + batch.reinforced[existing.id],
                       last_accessed_at=batch.now, source_episode_ids=sources,
                       source_spans=[*fact.source_spans, *spans] if spans else fact.source_spans)
