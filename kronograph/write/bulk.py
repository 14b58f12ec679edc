"""Bulk loading for ``Memory.add_facts``: batching and row packaging around the slot engine.

Items are checked with :meth:`Statement.build`'s rules (plain items inline, anything unusual
through :meth:`Statement.build` itself) into flat statements; each batch reads its slots once,
lets the slot engine (:mod:`kronograph.temporal.slot`, the one the per-statement writer uses)
decide every statement and settle every touched slot, and hands the store the resulting
records with :meth:`GraphStore.write_rows`. Only the packaging differs from the writer: rows
instead of models. ``tests/test_bulk.py`` loads random streams both ways and compares
everything stored and returned; corrections, rare in bulk, go through the writer itself.

Results are built when read: a million ``AddResult`` models would cost more than the load.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, overload

from ..errors import FieldTypeError, UsageError
from ..graph import memory_fields
from ..graph.records import FIELD_INDEX, FactRecord, RowChangeSet, fact_to_row, row_to_fact
from ..graph.store import GraphStore
from ..model import AddResult, EntityType, MemoryType, new_ids
from ..policy.consolidation import restated_belief
from ..temporal.instants import to_instant, to_micros
from ..temporal.predicates import PredicateSchema, normalize_predicate
from ..temporal.slot import Slot, SlotAction, SlotRecord
from ..temporal.timeline import object_key
from ..temporal.versions import tool_version
from .collector import collector_paused
from .former_keys import slot_records
from .statement import (
    MAX_ID,
    MAX_OBJECT,
    MAX_SUBJECT,
    MAX_TEXT,
    Statement,
    check_arguments,
    has_unsafe_characters,
    is_literal,
    items_field,
)
from .writer import SlotKey, check_episodes, empty_interval, write_statements

# A validated statement as a tuple (times in microseconds, enums as values); bulk.py's own.
(S_USER, S_SUBJECT, S_SUBJECT_KEY, S_PREDICATE, S_OBJECT, S_OBJECT_KEY, S_TEXT, S_VALID_FROM, S_VALID_UNTIL,
 S_MEMORY_TYPE, S_CONFIDENCE, S_IMPORTANCE, S_EXPIRES_AT, S_RUN, S_AGENT, S_APP, S_CORRECTION, S_SENSITIVITY,
 S_SUBJECT_TYPE, S_OBJECT_TYPE, S_EPISODE, S_TOOL) = range(22)
BulkStatement = tuple[Any, ...]

# A batch keeps each record as a list of FactRecord's fields while it changes.
ID, OBJECT_KEY, TEXT, MEMORY_TYPE, LIFECYCLE, CONFIDENCE, ACCESS_COUNT, LAST_ACCESSED_AT = (
    FIELD_INDEX[name] for name in ("id", "object_key", "text", "memory_type", "lifecycle", "confidence",
                                   "access_count", "last_accessed_at"))
IMPORTANCE, MEMORY_FIELDS = FIELD_INDEX["importance"], FIELD_INDEX["memory_fields"]
VALID_FROM, VALID_UNTIL, STATED_UNTIL, RECORDED_AT, RETRACTED_AT, EXPIRES_AT, SUPERSEDED_BY = (
    FIELD_INDEX[name] for name in ("valid_from", "valid_until", "stated_until", "recorded_at", "retracted_at",
                                   "expires_at", "superseded_by"))

#: Items with only these keys, all plain strings and times, are checked inline.
_PLAIN_KEYS = frozenset({"subject", "predicate", "object", "user_id", "valid_from", "valid_until", "text"})
_HYPOTHESIS = MemoryType.hypothesis.value
_DUPLICATE, _REFUSE = SlotAction.duplicate, SlotAction.refuse
_is_literal = lru_cache(maxsize=65_536)(is_literal)


class ItemReader:
    """Turns ``add_facts`` items into statements with :meth:`Statement.build`'s rules and errors
    (``items[3].object: must not be empty``); plain items skip building the dataclass."""

    def __init__(self) -> None:
        self._predicates: dict[str, tuple[str, str]] = {}  # as given -> (normalized, as words)

    def __call__(self, item: Any, index: int) -> BulkStatement:
        if type(item) is dict and item.keys() <= _PLAIN_KEYS:
            plain = self._plain(item)
            if plain is not None:
                return plain
        return from_statement(statement_of(item, index))

    def _plain(self, item: dict[str, Any]) -> BulkStatement | None:
        """The statement of a plain item, or None to let Statement.build judge it."""
        user, subject, predicate, obj = item.get("user_id"), item.get("subject"), item.get("predicate"), item.get("object")
        if type(user) is not str or type(subject) is not str or type(obj) is not str or type(predicate) is not str:
            return None
        user, subject, obj = user.strip(), subject.strip(), obj.strip()
        if not user or len(user) > MAX_ID or not subject or not obj or len(subject) > MAX_SUBJECT or len(obj) > MAX_OBJECT:
            return None
        if has_unsafe_characters(user + subject + obj):
            return None
        names = self._predicates.get(predicate)
        if names is None:
            try:
                normalized = normalize_predicate(predicate)
            except UsageError:
                return None
            if len(self._predicates) > 10_000:
                self._predicates.clear()
            names = self._predicates[predicate] = (normalized, normalized.replace("_", " "))
        text = item.get("text")
        if text is not None:
            if type(text) is not str:
                return None
            text = text.strip()
            if not text or len(text) > MAX_TEXT or has_unsafe_characters(text):
                return None
        start_us = end_us = None
        try:
            start = item.get("valid_from")
            if start is not None:
                start_us = _micros(start, "valid_from")
            end = item.get("valid_until")
            if end is not None:
                end_us = _micros(end, "valid_until")
        except UsageError:
            return None
        if start_us is not None and end_us is not None and end_us <= start_us:
            return None
        return (user, subject, object_key(subject), names[0], obj, object_key(obj),
                text or f"{subject} {names[1]} {obj}", start_us, end_us, "fact", 1.0, 0.5, None, None, None, None,
                False, "none", EntityType.other, None, None, None)


def _micros(value: Any, field: str) -> int:
    """An instant as microseconds, as ``to_micros(to_instant(value))`` (an aware datetime,
    in any offset, needs no conversion first)."""
    if type(value) is datetime and value.tzinfo is not None and value.utcoffset() is not None:
        return to_micros(value)
    return to_micros(to_instant(value, field))


def statement_of(item: Any, index: int) -> Statement:
    """``Statement.build`` on an item, with errors naming ``items[index]``."""
    if not isinstance(item, Mapping):
        raise FieldTypeError(f"items[{index}]", f"expected a mapping, got {type(item).__name__}")
    check_arguments(item, f"items[{index}].")
    if "user_id" not in item:
        raise UsageError(f"items[{index}].user_id", "is required")
    try:
        args = dict(item)
        return Statement.build(args.pop("subject", None), args.pop("predicate", None), args.pop("object", None), **args)
    except UsageError as exc:
        raise type(exc)(f"items[{index}].{exc.field}", exc.problem) from None


def _us(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def from_statement(s: Statement) -> BulkStatement:
    return (s.user_id, s.subject, object_key(s.subject), s.predicate, s.object, object_key(s.object), s.sentence(),
            _us(s.valid_from), _us(s.valid_until), s.memory_type.value, s.confidence, s.importance,
            _us(s.expires_at), s.run_id, s.agent_id, s.app_id, s.correction, s.sensitivity.value, s.subject_type,
            s.object_type, s.episode_id, (s.tool, s.tool_version) if s.tool is not None else None)


class Outcome:
    """One item's result, kept as rows until read: whether it created a record, the record
    (as stored, or as restated), its episode ids, and the records it closed or corrected."""

    __slots__ = ("corrected", "created", "row", "sources", "superseded")

    def __init__(self, created: bool, row: list[Any], sources: list[str]) -> None:
        self.created = created
        self.row = row
        self.sources = sources
        self.superseded: list[tuple[list[Any], list[str]]] | None = None
        self.corrected: list[tuple[list[Any], list[str]]] | None = None


class AddResults(Sequence[AddResult]):
    """The results of a bulk add, one per item in order; each ``AddResult`` is built when read."""

    def __init__(self) -> None:
        self._entries: list[AddResult | Outcome] = []

    def extend(self, entries: Iterable[AddResult | Outcome]) -> None:
        self._entries.extend(entries)

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> AddResult: ...
    @overload
    def __getitem__(self, index: slice) -> list[AddResult]: ...
    def __getitem__(self, index: int | slice) -> AddResult | list[AddResult]:
        if isinstance(index, slice):
            return [_result(entry) for entry in self._entries[index]]
        return _result(self._entries[index])

    def __iter__(self) -> Iterator[AddResult]:
        return (_result(entry) for entry in self._entries)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same results, as the list it stands for would be."""
        if not isinstance(other, (AddResults, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"AddResults({len(self)} results)"


def _result(entry: AddResult | Outcome) -> AddResult:
    if isinstance(entry, AddResult):
        return entry
    fact = row_to_fact(entry.row, entry.sources)
    return AddResult(fact=fact, created=entry.created, facts=[fact],
                     superseded=[row_to_fact(r, s) for r, s in entry.superseded or ()],
                     corrected=[row_to_fact(r, s) for r, s in entry.corrected or ()])


def add_items(store: GraphStore, items: Iterable[Any], *, schema: PredicateSchema, clock: Callable[[], datetime],
              batch_size: int) -> AddResults:
    """Write items in order, one transaction per ``batch_size`` items. An invalid item fails
    its batch before anything of it is written (earlier batches stay written)."""
    reader = ItemReader()
    results = AddResults()
    statements: list[BulkStatement] = []
    raw: list[Any] = []
    first = 0
    items = items_field(items, "items", "add_fact argument mappings")
    with collector_paused():
        for index, item in enumerate(items):
            statements.append(reader(item, index))
            raw.append(item)
            if len(statements) >= batch_size:
                results.extend(_write_batch(store, statements, raw, first, schema=schema, clock=clock))
                statements, raw, first = [], [], index + 1
        if statements:
            results.extend(_write_batch(store, statements, raw, first, schema=schema, clock=clock))
    return results


def _write_batch(store: GraphStore, statements: list[BulkStatement], raw: list[Any], first: int, *,
                 schema: PredicateSchema, clock: Callable[[], datetime]) -> Sequence[AddResult | Outcome]:
    def episode_field(index: int) -> str:
        return f"items[{first + index}].episode_id"

    if any(s[S_CORRECTION] or s[S_TOOL] for s in statements):  # rare in bulk: the writer takes them
        built = [statement_of(item, first + i) for i, item in enumerate(raw)]
        return write_statements(store, built, schema=schema, clock=clock, episode_field=episode_field)

    def attempt() -> Sequence[AddResult | Outcome]:  # run again from the start if a server aborts it
        check_episodes(store, [(episode_field(i), s[S_USER], s[S_EPISODE])
                               for i, s in enumerate(statements) if s[S_EPISODE]])
        now = clock()
        batch = _Batch(store, statements, now, schema)
        entities = _ensure_entities(store, statements, now)
        outcomes = batch.apply(statements, entities, first)
        batch.settle()
        store.write_rows(batch.changes())
        return outcomes

    return store.atomically(attempt)


def _ensure_entities(store: GraphStore, statements: list[BulkStatement], now: datetime) -> dict[str, dict[str, str]]:
    """Each user's entity ids by name key, as the writer's ``_ensure_entities`` finds them."""
    wanted: dict[str, dict[str, tuple[str, EntityType]]] = {}
    for s in statements:
        names = wanted.get(s[S_USER])
        if names is None:
            names = wanted[s[S_USER]] = {}
        if s[S_SUBJECT_KEY] not in names:
            names[s[S_SUBJECT_KEY]] = (s[S_SUBJECT], s[S_SUBJECT_TYPE])
        if s[S_OBJECT_KEY] not in names and (s[S_OBJECT_TYPE] is not None or not _is_literal(s[S_OBJECT])):
            names[s[S_OBJECT_KEY]] = (s[S_OBJECT], s[S_OBJECT_TYPE] or EntityType.concept)
    return store.ensure_entity_ids({user: list(names.values()) for user, names in wanted.items()}, now)


class _Batch:
    """One batch's slots in the engine, and the rows its records stand for."""

    def __init__(self, store: GraphStore, statements: list[BulkStatement], now: datetime,
                 schema: PredicateSchema) -> None:
        self.now = now
        self.now_us = to_micros(now)
        self.schema = schema
        keys = list(dict.fromkeys((s[S_USER], s[S_SUBJECT_KEY], s[S_PREDICATE]) for s in statements))
        self.stored: dict[SlotKey, list[list[Any]]] = {}
        self.rows: dict[str, list[Any]] = {}  # every record of the batch's slots, by id
        self.sources: dict[str, list[str]] = {}  # episode ids of stored and created records that have any
        for key, facts in slot_records(store, keys).items():
            if facts:
                rows = self.stored[key] = [list(fact_to_row(f, f.version_from or now)) for f in facts]
                self.rows.update((row[ID], row) for row in rows)
                self.sources.update((f.id, f.source_episode_ids) for f in facts if f.source_episode_ids)
        self.slots: dict[SlotKey, Slot] = {}
        self.created: list[list[Any]] = []
        self.creators: dict[str, Outcome] = {}
        self.previous: dict[str, FactRecord] = {}  # stored records changed: their stored state
        self.revised: dict[str, list[Any]] = {}
        self.reinforced: dict[str, int] = {}
        self.links: list[tuple[str, str]] = []
        self.ids = iter(new_ids(len(statements)))

    def _slot(self, key: SlotKey) -> Slot:
        records = []
        for row in self.stored.get(key, ()):
            version = None
            if row[MEMORY_FIELDS] is not None:
                fields = memory_fields.decode(row[MEMORY_FIELDS])
                version = tool_version(fields["tool"], fields["tool_version"])
            records.append(SlotRecord(row[ID], row[OBJECT_KEY], row[VALID_FROM], row[RECORDED_AT],
                                      row[STATED_UNTIL], row[VALID_UNTIL], row[SUPERSEDED_BY], version))
        slot = self.slots[key] = Slot(records, single_valued=self.schema.is_single_valued(key[2]))
        return slot

    def _changing(self, row: list[Any]) -> None:
        """Before a record changes: keep a stored record's stored state and its place in the
        order of revisions (records created in this batch are simply written last)."""
        rid = row[ID]
        if rid not in self.creators and rid not in self.revised:
            self.previous[rid] = FactRecord._make(row)
            self.revised[rid] = row

    def apply(self, statements: list[BulkStatement], entities: dict[str, dict[str, str]],
              first: int) -> list[Outcome]:
        """Let the engine decide every statement in order, and pack what it asks for as rows
        (``first``: the index of the batch's first item, for errors)."""
        now = self.now_us
        slots, rows, links, sources_of, created, creators, ids = (
            self.slots, self.rows, self.links, self.sources, self.created, self.creators, self.ids)
        outcomes: list[Outcome] = []
        for s in statements:
            user, okey, predicate = s[S_USER], s[S_OBJECT_KEY], s[S_PREDICATE]
            key = (user, s[S_SUBJECT_KEY], predicate)
            slot = slots.get(key) or self._slot(key)
            start = s[S_VALID_FROM]
            decision = slot.decide(okey, now if start is None else start, s[S_VALID_UNTIL],
                                   interval_given=start is not None)
            action, t, end, duplicate_of, retract = decision
            if action is _DUPLICATE:
                assert duplicate_of is not None
                outcomes.append(self._reinforce(rows[duplicate_of.id], s))
                continue
            if action is _REFUSE:
                raise empty_interval(f"items[{first + len(outcomes)}].valid_until", decision, given=start is not None)
            ents = entities[user]  # every user of the batch has an entry
            rid = next(ids)
            row = [rid, user, s[S_AGENT], s[S_APP], s[S_RUN], s[S_SUBJECT], s[S_SUBJECT_KEY],
                   ents.get(s[S_SUBJECT_KEY]), predicate, s[S_OBJECT], okey, ents.get(okey), s[S_TEXT],
                   s[S_MEMORY_TYPE], "active", s[S_CONFIDENCE], s[S_IMPORTANCE], 0, None, t, end, end, now, None,
                   s[S_EXPIRES_AT], None, s[S_SENSITIVITY], now, None, None]
            episode = s[S_EPISODE]
            sources = [episode] if episode else []
            outcome = Outcome(True, row, sources)
            if retract:
                outcome.corrected = [self._retract(slot, wrong, rid) for wrong in retract]
            slot.add(SlotRecord(rid, okey, t, now, end, end))
            rows[rid] = row
            if episode:
                links.append((rid, episode))
                sources_of[rid] = sources
            created.append(row)
            creators[rid] = outcome
            outcomes.append(outcome)
        return outcomes

    def _retract(self, slot: Slot, record: SlotRecord, by: str) -> tuple[list[Any], list[str]]:
        """A record the new one replaces leaves the slot (kept as corrected, as the writer does)."""
        slot.remove(record)
        row = self.rows[record.id]
        self._changing(row)
        row[LIFECYCLE], row[RETRACTED_AT], row[SUPERSEDED_BY] = "corrected", self.now_us, by
        return (row, self.sources.get(record.id, []))

    def _reinforce(self, row: list[Any], s: BulkStatement) -> Outcome:
        """A repeat of a known record: count it, keep its source, let a confirmation raise belief."""
        rid = row[ID]
        count = self.reinforced[rid] = self.reinforced.get(rid, 0) + 1
        episode = s[S_EPISODE]
        if episode:
            self.links.append((rid, episode))
        # A restatement verifies the record, as the per-statement writer's _reinforce does.
        hedged = s[S_MEMORY_TYPE] == _HYPOTHESIS
        belief = restated_belief(row[CONFIDENCE], row[IMPORTANCE], s[S_CONFIDENCE], hedged=hedged)
        if not hedged or belief != (row[CONFIDENCE], row[IMPORTANCE]):
            self._changing(row)
            row[CONFIDENCE], row[IMPORTANCE] = belief
        if not hedged:
            row[MEMORY_FIELDS] = memory_fields.with_time(row[MEMORY_FIELDS], "last_verified_at", self.now_us)
        if row[MEMORY_TYPE] == _HYPOTHESIS and s[S_MEMORY_TYPE] != _HYPOTHESIS:
            self._changing(row)
            row[MEMORY_TYPE], row[EXPIRES_AT], row[TEXT] = s[S_MEMORY_TYPE], s[S_EXPIRES_AT], s[S_TEXT]
        seen = list(row)
        seen[ACCESS_COUNT] += count
        seen[LAST_ACCESSED_AT] = self.now_us
        sources = list(dict.fromkeys([*self.sources.get(rid, []), *([episode] if episode else [])]))
        return Outcome(False, seen, sources)

    def settle(self) -> None:
        """Let the engine settle each touched slot once, and carry the closures into the rows."""
        for slot in self.slots.values():
            for record in slot.settle():
                row = self.rows[record.id]
                self._changing(row)
                before = row[SUPERSEDED_BY]
                row[VALID_UNTIL], row[SUPERSEDED_BY] = record.valid_until, record.superseded_by
                creator = self.creators.get(record.superseded_by or "")
                if creator is not None and before != record.superseded_by:
                    if creator.superseded is None:
                        creator.superseded = []
                    creator.superseded.append((row, self.sources.get(record.id, [])))

    def changes(self) -> RowChangeSet:
        record = tuple.__new__  # FactRecord._make without its length check: rows come from apply
        return RowChangeSet(
            now=self.now, created=[record(FactRecord, row) for row in self.created],
            revised=[(record(FactRecord, row), self.previous[rid]) for rid, row in self.revised.items()],
            reinforced=self.reinforced, sources=self.links,
            previous_sources={rid: self.sources[rid] for rid in self.revised if rid in self.sources},
        )
