"""Fact versions as flat named records: what bulk writes hand a store.

A bulk load builds millions of records; as :class:`FactRecord` tuples they cost a tuple each
instead of a validated model. Times are integer microseconds (UTC), enums their values, and
the stored ``lifecycle`` stands where models have the derived status (the one codec between
the two is :func:`~kronograph.temporal.timeline.effective_status` /
:func:`~kronograph.temporal.timeline.lifecycle_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from ..model import Fact, MemoryType, Sensitivity, SourceSpan, Status
from ..temporal.instants import from_micros, to_micros
from ..temporal.timeline import effective_status, lifecycle_of, object_key
from . import memory_fields


class FactRecord(NamedTuple):
    """One version of a fact, flat."""

    id: str
    user_id: str
    agent_id: str | None
    app_id: str | None
    run_id: str | None
    subject: str
    subject_key: str
    subject_entity_id: str | None
    predicate: str
    object: str
    object_key: str
    object_entity_id: str | None
    text: str
    memory_type: str
    lifecycle: str
    confidence: float
    importance: float
    access_count: int
    last_accessed_at: int | None
    valid_from: int
    valid_until: int | None
    stated_until: int | None
    recorded_at: int
    retracted_at: int | None
    expires_at: int | None
    superseded_by: str | None
    sensitivity: str
    tx_from: int
    tx_to: int | None
    memory_fields: str | None = None  # graph/memory_fields.py: summary, procedure and tool fields


FACT_FIELDS: tuple[str, ...] = FactRecord._fields
#: Where each field sits in a record (for code that keeps a record as a list while it changes).
FIELD_INDEX: dict[str, int] = {name: index for index, name in enumerate(FACT_FIELDS)}

#: A record, or the list a batch keeps while it still settles it (the same fields in order).
Row = Sequence[Any]

_MEMORY_TYPES = {m.value: m for m in MemoryType}
_LIFECYCLES = {s.value: s for s in Status}
_SENSITIVITIES = {s.value: s for s in Sensitivity}


def _m(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def _t(value: int | None) -> datetime | None:
    return None if value is None else from_micros(value)


def fact_to_row(fact: Fact, tx_from: datetime) -> FactRecord:
    """A fact version as a record (the status stored is the lifecycle, never ``superseded``)."""
    return FactRecord(
        fact.id, fact.user_id, fact.agent_id, fact.app_id, fact.run_id, fact.subject,
        object_key(fact.subject), fact.subject_entity_id, fact.predicate, fact.object,
        object_key(fact.object), fact.object_entity_id, fact.text, fact.memory_type.value,
        lifecycle_of(fact).value, fact.confidence, fact.importance, fact.access_count,
        _m(fact.last_accessed_at), to_micros(fact.valid_from), _m(fact.valid_until),
        _m(fact.stated_until), to_micros(fact.recorded_at), _m(fact.retracted_at),
        _m(fact.expires_at), fact.superseded_by, fact.sensitivity.value, to_micros(tx_from), None,
        memory_fields.encode(fact),
    )


def row_to_fact(row: Row, sources: list[str], spans: list[SourceSpan] | None = None) -> Fact:
    """The Fact a record stands for (records come from our own code or schema: not re-validated)."""
    lifecycle = _LIFECYCLES[row[LIFECYCLE]]
    extra = memory_fields.decode(row[MEMORY_FIELDS]) if row[MEMORY_FIELDS] is not None else {}
    return Fact.trusted(dict(
        id=row[ID], user_id=row[USER_ID], agent_id=row[AGENT_ID], app_id=row[APP_ID], run_id=row[RUN_ID],
        subject=row[SUBJECT], predicate=row[PREDICATE], object=row[OBJECT], text=row[TEXT],
        memory_type=_MEMORY_TYPES[row[MEMORY_TYPE]], status=effective_status(lifecycle, row[SUPERSEDED_BY]),
        confidence=row[CONFIDENCE], importance=row[IMPORTANCE], access_count=row[ACCESS_COUNT],
        last_accessed_at=_t(row[LAST_ACCESSED_AT]), valid_from=from_micros(row[VALID_FROM]),
        valid_until=_t(row[VALID_UNTIL]), stated_until=_t(row[STATED_UNTIL]),
        recorded_at=from_micros(row[RECORDED_AT]), retracted_at=_t(row[RETRACTED_AT]),
        expires_at=_t(row[EXPIRES_AT]), superseded_by=row[SUPERSEDED_BY], source_episode_ids=sources,
        source_spans=spans or [],
        sensitivity=_SENSITIVITIES[row[SENSITIVITY]], subject_entity_id=row[SUBJECT_ENTITY_ID],
        object_entity_id=row[OBJECT_ENTITY_ID], version_from=from_micros(row[TX_FROM]),
        version_until=_t(row[TX_TO]), **extra,
    ))


(ID, USER_ID, AGENT_ID, APP_ID, RUN_ID, SUBJECT, SUBJECT_KEY, SUBJECT_ENTITY_ID, PREDICATE, OBJECT, OBJECT_KEY,
 OBJECT_ENTITY_ID, TEXT, MEMORY_TYPE, LIFECYCLE, CONFIDENCE, IMPORTANCE, ACCESS_COUNT, LAST_ACCESSED_AT,
 VALID_FROM, VALID_UNTIL, STATED_UNTIL, RECORDED_AT, RETRACTED_AT, EXPIRES_AT, SUPERSEDED_BY, SENSITIVITY,
 TX_FROM, TX_TO, MEMORY_FIELDS) = range(len(FACT_FIELDS))


@dataclass
class RowChangeSet:
    """A bulk write as records, applied atomically by :meth:`GraphStore.write_rows`; it means
    exactly what the :class:`~kronograph.graph.store.ChangeSet` of the same facts means.

    ``created``: new records in their final state (``tx_from`` = ``now``), in creation order.
    ``revised``: ``(new state, stored version)`` of records already stored, in the order they
    changed; the store versions them. ``previous_sources``: the stored records' episode ids.
    """

    now: datetime
    created: Sequence[FactRecord] = field(default_factory=list)
    revised: Sequence[tuple[FactRecord, FactRecord]] = field(default_factory=list)
    reinforced: dict[str, int] = field(default_factory=dict)
    sources: list[tuple[str, str]] = field(default_factory=list)  # (fact_id, episode_id)
    previous_sources: dict[str, list[str]] = field(default_factory=dict)

    def created_sources(self) -> dict[str, list[str]]:
        """Each created record's episode ids (those linked in this change set)."""
        created = {record.id for record in self.created}
        out: dict[str, list[str]] = {}
        for fact_id, episode_id in self.sources:
            if fact_id in created:
                out.setdefault(fact_id, []).append(episode_id)
        return out
