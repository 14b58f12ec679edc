"""The slot engine over models: what a new statement does to a slot's :class:`Fact` records.

The rules live in :mod:`kronograph.temporal.slot`; this module asks them about facts (as the
maintenance and correction paths and the tests hold them) and answers in facts and datetimes.

- duplicate: the record valid at the new ``valid_from`` already has the same object.
- supersede: a different object in a single-valued slot (same start: it replaces the record).
- out of order: a statement older than what is known lands in a gap or before the first
  record and runs until the next record starts; it never closes a newer fact.
- correct: the record valid at ``at`` was wrong; it is retracted and the new record takes
  over its interval unless one is given.
- end: the records valid at ``at`` stop being true then; no new record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from ..model import Fact
from .instants import from_micros, to_micros
from .intervals import within
from .slot import Slot, SlotAction
from .timeline import object_key, slot_record


@dataclass(frozen=True)
class Decision:
    """The outcome for one new statement, in models."""

    action: SlotAction
    valid_from: datetime
    stated_until: datetime | None
    duplicate_of: Fact | None = None
    retract: list[Fact] = field(default_factory=list)


def _us(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def _t(value: int | None) -> datetime | None:
    return None if value is None else from_micros(value)


def valid_at(records: list[Fact], t: datetime) -> list[Fact]:
    """Records whose effective interval contains ``t`` (records already settled)."""
    return [r for r in records if within(r.valid_from, r.valid_until, t)]


def decide(
    *,
    obj: str,
    valid_from: datetime,
    stated_until: datetime | None,
    records: list[Fact],
    single_valued: bool,
    correction: bool = False,
    interval_given: bool = False,
    replaces: str | None = None,
) -> Decision:
    """Decide how a statement ``slot = obj`` over ``[valid_from, stated_until)`` enters ``records``
    (the believed records of the slot, settled or not): :meth:`Slot.decide` on models."""
    by_id = {r.id: r for r in records}
    slot = Slot([slot_record(r) for r in records], single_valued=single_valued)
    d = slot.decide(object_key(obj), to_micros(valid_from), _us(stated_until), correction=correction,
                    interval_given=interval_given, replaces=object_key(replaces) if replaces is not None else None)
    start = from_micros(d.valid_from)
    return Decision(d.action, start, _t(d.stated_until),
                    duplicate_of=by_id[d.duplicate_of.id] if d.duplicate_of is not None else None,
                    retract=[by_id[r.id] for r in d.retract])


def to_end(records: list[Fact], *, at: datetime, obj: str | None) -> list[Fact]:
    """Records that an "it is no longer so" at ``at`` ends (optionally only for ``obj``)."""
    hits = valid_at(records, at)
    if obj is not None:
        hits = [r for r in hits if object_key(r.object) == object_key(obj)]
    return [r for r in hits if r.stated_until is None or r.stated_until > at]
