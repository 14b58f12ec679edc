"""What a new statement does to a slot: duplicate, supersede, correct, end, or fill the past.

Pure: takes the records believed for the slot and returns a :class:`Decision`; the caller
writes it and then lets :func:`~kronograph.temporal.timeline.settle` derive the closures.

- duplicate: the record valid at the new ``valid_from`` already has the same object.
- supersede: a different object in a single-valued slot; the new record runs to the old
  record's stated end (so a late statement inside an older record closes it there).
- out of order: a statement older than what is known lands in a gap or before the first
  record and runs until the next record starts; it never closes a newer fact.
- correct: the record valid at ``at`` was wrong; it is retracted and the new record takes
  over its interval unless one is given.
- end: the records valid at ``at`` stop being true then; no new record.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from ..model import Fact
from .intervals import within
from .timeline import object_key


class Action(str, Enum):
    """The kind of write a decision asks for."""

    create = "create"
    duplicate = "duplicate"


@dataclass(frozen=True)
class Decision:
    """The outcome for one new statement."""

    action: Action
    valid_from: datetime
    stated_until: datetime | None
    duplicate_of: Fact | None = None
    retract: list[Fact] = field(default_factory=list)


def valid_at(records: list[Fact], t: datetime) -> list[Fact]:
    """Records whose effective interval contains ``t`` (records already settled)."""
    return [r for r in records if within(r.valid_from, r.valid_until, t)]


def record_order(record: Fact) -> tuple[datetime, datetime, str]:
    """The order of a slot's records: by start, then by when they were recorded (ids are
    creation-ordered, so statements recorded at the same instant keep their order)."""
    return (record.valid_from, record.recorded_at, record.id)


def holding_at(records: list[Fact], t: datetime, *, single_valued: bool, presorted: bool = False) -> list[Fact]:
    """Records that hold at ``t``, derived from stated intervals alone (records need not be
    settled): in each group (the slot, or one object of a multi-valued slot) the latest record
    starting at or before ``t`` holds, unless its stated end has passed. Equals ``valid_at``
    on settled records, so a batch can decide many statements and settle once.
    ``presorted``: ``records`` are already in :func:`record_order` (a binary search then
    finds a single group's record in O(log n))."""
    ordered = records if presorted else sorted(records, key=record_order)
    if single_valued:
        index = bisect_right(ordered, t, key=lambda r: r.valid_from)
        last = ordered[index - 1] if index else None
        return [last] if last is not None and (last.stated_until is None or t < last.stated_until) else []
    latest: dict[str, Fact] = {}
    for record in ordered:
        if record.valid_from > t:
            break
        latest[object_key(record.object)] = record
    return [r for r in latest.values() if r.stated_until is None or t < r.stated_until]


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
    presorted: bool = False,
) -> Decision:
    """Decide how a statement ``slot = obj`` over ``[valid_from, stated_until)`` enters ``records``.

    ``records`` are the believed records of the slot (all objects), settled or not.
    ``interval_given`` says whether the caller stated ``valid_from`` itself (a correction
    otherwise inherits the wrong record's interval). For a multi-valued slot, passing only the
    records of ``obj`` is enough unless it is a correction.
    """
    key = object_key(obj)
    holding = holding_at(records, valid_from, single_valued=single_valued, presorted=presorted)
    if correction:
        at_t = holding
        if replaces is not None:
            targets = [r for r in at_t if object_key(r.object) == object_key(replaces)]
        else:
            targets = [r for r in at_t if object_key(r.object) != key]
        confirmed = [r for r in at_t if object_key(r.object) == key]
        if targets:
            start = valid_from if interval_given else min(t.valid_from for t in targets)
            end = stated_until
            if end is None and not interval_given:
                end = targets[0].stated_until
            return Decision(Action.create, start, end, retract=targets)
        if confirmed:
            return Decision(Action.duplicate, valid_from, stated_until, duplicate_of=confirmed[0])
        # Nothing to correct: an ordinary statement.
    current = [r for r in holding if single_valued or object_key(r.object) == key]
    if current and object_key(current[0].object) == key:
        return Decision(Action.duplicate, valid_from, stated_until, duplicate_of=current[0])
    end = stated_until
    if current and single_valued and end is None:
        end = current[0].stated_until
    return Decision(Action.create, valid_from, end)


def to_end(records: list[Fact], *, at: datetime, obj: str | None) -> list[Fact]:
    """Records that an "it is no longer so" at ``at`` ends (optionally only for ``obj``)."""
    hits = valid_at(records, at)
    if obj is not None:
        hits = [r for r in hits if object_key(r.object) == object_key(obj)]
    return [r for r in hits if r.stated_until is None or r.stated_until > at]
