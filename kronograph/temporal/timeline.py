"""Derive each record's effective end from the set of records believed for a slot.

A record states an interval ``[valid_from, stated_until)``. In a single-valued slot the next
record (by ``valid_from``, ties by recording order) cuts it: its effective ``valid_until`` is the
earlier of its stated end and the next record's start, and a cut by a different value marks it
``superseded_by`` that record. Because the result depends only on the set of records, adding a
late statement, retracting a wrong one, or deleting one that had closed another all settle the
same way: whatever is no longer cut re-opens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache

from ..model import Fact, Status
from .instants import from_micros, to_micros
from .slot import Slot, SlotRecord
from .versions import tool_version

_SPACES = re.compile(r"\s+")

LIFECYCLE_STATUSES = frozenset({Status.active, Status.corrected, Status.expired, Status.archived})


@lru_cache(maxsize=65_536)
def object_key(value: str) -> str:
    """The comparison form of an entity name or value: case- and spacing-insensitive."""
    return _SPACES.sub(" ", value.strip()).casefold()


def lifecycle_of(fact: Fact) -> Status:
    """The stored lifecycle status, with the derived ``superseded`` folded back to ``active``."""
    return Status.active if fact.status is Status.superseded else fact.status


def effective_status(lifecycle: Status, superseded_by: str | None) -> Status:
    """What users see: an active record cut by a newer value reads ``superseded``."""
    if lifecycle is Status.active and superseded_by is not None:
        return Status.superseded
    return lifecycle


def _us(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def slot_record(fact: Fact) -> SlotRecord:
    """The slot engine's record of a fact."""
    return SlotRecord(fact.id, object_key(fact.object), to_micros(fact.valid_from), to_micros(fact.recorded_at),
                      _us(fact.stated_until), _us(fact.valid_until), fact.superseded_by,
                      tool_version(fact.tool, fact.tool_version))


def settle(records: Iterable[Fact], *, single_valued: bool) -> list[Fact]:
    """Recompute effective ends for a slot's believed records; return only those that changed.

    ``records`` must be the records still believed (not retracted) for one
    ``(user, subject, predicate)`` slot: :meth:`Slot.settle <kronograph.temporal.slot.Slot.settle>` on models.
    """
    facts = {f.id: f for f in records}
    slot = Slot([slot_record(f) for f in facts.values()], single_valued=single_valued)
    slot.settle()
    changed: list[Fact] = []
    for record in slot.records():
        fact = facts[record.id]
        valid_until = None if record.valid_until is None else from_micros(record.valid_until)
        status = effective_status(lifecycle_of(fact), record.superseded_by)
        if (valid_until, record.superseded_by, status) != (fact.valid_until, fact.superseded_by, fact.status):
            changed.append(fact.evolve(valid_until=valid_until, superseded_by=record.superseded_by, status=status))
    return changed
